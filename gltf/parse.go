package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"path"
	"strings"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/asset"
	"github.com/tact-engine/tact/render"
)

// Component types (glTF accessor.componentType).
const (
	compByte   = 5120
	compUByte  = 5121
	compShort  = 5122
	compUShort = 5123
	compUInt   = 5125
	compFloat  = 5126
)

// modeTriangles is the only primitive mode read.
const modeTriangles = 4

// JSON shapes. Pointers tell a missing field from a zero.
type (
	jFile struct {
		Asset       *jAsset       `json:"asset"`
		Scene       *int          `json:"scene"`
		Scenes      []jScene      `json:"scenes"`
		Nodes       []jNode       `json:"nodes"`
		Meshes      []jMesh       `json:"meshes"`
		Accessors   []jAccessor   `json:"accessors"`
		BufferViews []jBufferView `json:"bufferViews"`
		Buffers     []jBuffer     `json:"buffers"`
		Materials   []jMaterial   `json:"materials"`
		Textures    []jTexture    `json:"textures"`
		Samplers    []jSampler    `json:"samplers"`
		Images      []jImage      `json:"images"`
		Required    []string      `json:"extensionsRequired"`
	}
	jAsset struct {
		Version *string `json:"version"`
	}
	jScene struct {
		Name  string `json:"name"`
		Nodes []int  `json:"nodes"`
	}
	jNode struct {
		Name        string    `json:"name"`
		Children    []int     `json:"children"`
		Mesh        *int      `json:"mesh"`
		Translation []float64 `json:"translation"`
		Rotation    []float64 `json:"rotation"`
		Scale       []float64 `json:"scale"`
		Matrix      []float64 `json:"matrix"`
	}
	jMesh struct {
		Name       string       `json:"name"`
		Primitives []jPrimitive `json:"primitives"`
	}
	jPrimitive struct {
		Attributes map[string]int `json:"attributes"`
		Indices    *int           `json:"indices"`
		Material   *int           `json:"material"`
		Mode       *int           `json:"mode"`
	}
	jAccessor struct {
		BufferView    *int      `json:"bufferView"`
		ByteOffset    int       `json:"byteOffset"`
		ComponentType int       `json:"componentType"`
		Normalized    bool      `json:"normalized"`
		Count         int       `json:"count"`
		Type          string    `json:"type"`
		Sparse        *struct{} `json:"sparse"`
	}
	jBufferView struct {
		Buffer     *int `json:"buffer"`
		ByteOffset int  `json:"byteOffset"`
		ByteLength int  `json:"byteLength"`
		ByteStride int  `json:"byteStride"`
	}
	jBuffer struct {
		URI        *string `json:"uri"`
		ByteLength int     `json:"byteLength"`
	}
)

// decoded is a parsed model: immutable once Decode returns.
type decoded struct {
	path      string
	name      string // the file's base name
	meshes    []meshData
	nodes     []nodeData
	roots     []int
	materials []*matData // by glTF material index, then the default material; nil: unused
	textures  []texData  // the textures to create, in order
}

type meshData struct {
	name  string
	prims []primData
}

type primData struct {
	verts    []render.MeshVertex
	indices  []uint32
	material int // index into decoded.materials
	radius   float32
}

type nodeData struct {
	name     string
	t        mgl32.Vec3
	r        mgl32.Quat
	s        mgl32.Vec3
	mesh     int // -1: none
	children []int
}

// pathError is an error at a JSON path of a file.
func pathError(where, format string, args ...any) error {
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}

// glb chunk types.
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A // "JSON"
	glbChunkBIN  = 0x004E4942 // "BIN\0"
)

// splitGLB returns a .glb file's JSON chunk and its BIN chunk (nil if none).
func splitGLB(b []byte) (js, bin []byte, err error) {
	if len(b) < 12 {
		return nil, nil, fmt.Errorf("glb header: %d bytes, a GLB file starts with a 12-byte header", len(b))
	}
	if binary.LittleEndian.Uint32(b) != glbMagic {
		return nil, nil, errors.New(`glb header: no "glTF" magic: not a binary glTF file`)
	}
	if v := binary.LittleEndian.Uint32(b[4:]); v != 2 {
		return nil, nil, fmt.Errorf("glb header: version %d, only glTF 2 is read", v)
	}
	if n := binary.LittleEndian.Uint32(b[8:]); uint64(n) != uint64(len(b)) {
		return nil, nil, fmt.Errorf("glb header: length %d, but the file has %d bytes", n, len(b))
	}
	rest := b[12:]
	for i := 0; len(rest) > 0; i++ {
		if len(rest) < 8 {
			return nil, nil, fmt.Errorf("glb chunk %d: %d bytes left, a chunk header takes 8", i, len(rest))
		}
		n, typ := binary.LittleEndian.Uint32(rest), binary.LittleEndian.Uint32(rest[4:])
		if uint64(n) > uint64(len(rest)-8) {
			return nil, nil, fmt.Errorf("glb chunk %d: length %d, past the end of the file", i, n)
		}
		data := rest[8 : 8+n]
		rest = rest[8+n:]
		switch {
		case i == 0 && typ != glbChunkJSON:
			return nil, nil, errors.New("glb chunk 0: not the JSON chunk (it must come first)")
		case i == 0:
			js = data
		case i == 1 && typ == glbChunkBIN:
			bin = data
		}
	}
	if js == nil {
		return nil, nil, errors.New("glb: no JSON chunk")
	}
	return js, bin, nil
}

// parse reads the glTF (JSON or GLB, told apart by content) at the asset
// path p, with the materials its primitives use and their images. read
// reads other files (buffers, images) by asset path.
func parse(p string, b []byte, read func(string) ([]byte, error)) (*decoded, error) {
	js, bin := b, []byte(nil)
	isGLB := len(b) >= 4 && binary.LittleEndian.Uint32(b) == glbMagic
	if isGLB || strings.EqualFold(path.Ext(p), ".glb") {
		var err error
		if js, bin, err = splitGLB(b); err != nil {
			return nil, err
		}
	}
	js = bytes.TrimPrefix(js, []byte("\ufeff"))
	var f jFile
	if err := json.Unmarshal(js, &f); err != nil {
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te) && te.Field != "":
			return nil, fmt.Errorf("%s: a JSON %s where %s belongs", te.Field, te.Value, te.Type)
		case errors.As(err, &se):
			return nil, fmt.Errorf("not glTF JSON: %v (at byte %d)", err, se.Offset)
		}
		return nil, fmt.Errorf("not glTF JSON: %w", err)
	}
	if f.Asset == nil || f.Asset.Version == nil {
		return nil, errors.New("asset.version: missing (a glTF file says its version)")
	}
	if v := *f.Asset.Version; !strings.HasPrefix(v, "2.") && v != "2" {
		return nil, fmt.Errorf("asset.version: %q, only glTF 2.x is read", v)
	}
	for k, e := range f.Required {
		if !supportedExtension(e) {
			return nil, fmt.Errorf("extensionsRequired[%d]: extension %q is not supported", k, e)
		}
	}
	d := &decoded{path: p, materials: make([]*matData, len(f.Materials)+1)}
	buffers, err := loadBuffers(p, &f, bin, read)
	if err != nil {
		return nil, err
	}
	r := &reader{path: p, f: &f, buffers: buffers, read: read, d: d}
	for mi := range f.Meshes {
		m := &f.Meshes[mi]
		md := meshData{name: m.Name}
		if len(m.Primitives) == 0 {
			return nil, pathError(fmt.Sprintf("meshes[%d].primitives", mi), "no primitives")
		}
		for pi := range m.Primitives {
			where := fmt.Sprintf("meshes[%d].primitives[%d]", mi, pi)
			jp := &m.Primitives[pi]
			mat := len(f.Materials) // the default material
			if jp.Material != nil {
				mat = *jp.Material
				if mat < 0 || mat >= len(f.Materials) {
					return nil, pathError(where+".material", "material %d out of range (the file has %d)", mat, len(f.Materials))
				}
			}
			mt, err := r.material(mat)
			if err != nil {
				return nil, err
			}
			pd, err := r.primitive(where, jp, mt.normal >= 0)
			if err != nil {
				return nil, err
			}
			pd.material = mat
			md.prims = append(md.prims, pd)
		}
		d.meshes = append(d.meshes, md)
	}
	if err := nodes(&f, d); err != nil {
		return nil, err
	}
	d.name = strings.TrimSuffix(path.Base(p), path.Ext(p))
	return d, nil
}

// supportedExtension reports whether a file may require extension e:
// whether it is read.
func supportedExtension(e string) bool {
	return e == extUnlit || e == extEmissiveStrength
}

// resolveURI returns the asset path of a relative URI in the file at p.
func resolveURI(p, uri string) (string, error) {
	u, err := url.PathUnescape(uri)
	if err != nil {
		return "", fmt.Errorf("uri %q: %v", uri, err)
	}
	s := strings.ReplaceAll(u, `\`, "/")
	if strings.Contains(s, ":") || strings.HasPrefix(s, "/") {
		return "", fmt.Errorf("uri %q: %w (give it relative to the model's folder)", uri, asset.ErrOutsideRoot)
	}
	key, err := asset.CleanPath(path.Join(path.Dir(p), s))
	if err != nil {
		return "", fmt.Errorf("uri %q: %w", uri, asset.ErrOutsideRoot)
	}
	return key, nil
}

// loadBuffers returns every buffer's bytes, byteLength long.
func loadBuffers(p string, f *jFile, bin []byte, read func(string) ([]byte, error)) ([][]byte, error) {
	out := make([][]byte, len(f.Buffers))
	for i, b := range f.Buffers {
		where := fmt.Sprintf("buffers[%d]", i)
		if b.ByteLength < 1 {
			return nil, pathError(where+".byteLength", "%d, at least 1", b.ByteLength)
		}
		var data []byte
		switch {
		case b.URI == nil && i == 0 && bin != nil:
			data = bin
		case b.URI == nil:
			return nil, pathError(where+".uri", "missing (only the first buffer of a .glb file may omit it)")
		case strings.HasPrefix(*b.URI, "data:"):
			var err error
			if data, err = dataURI(*b.URI); err != nil {
				return nil, pathError(where+".uri", "%v", err)
			}
		default:
			key, err := resolveURI(p, *b.URI)
			if err != nil {
				return nil, pathError(where, "%v", err)
			}
			if data, err = read(key); err != nil {
				return nil, pathError(where+".uri", "%v", err)
			}
		}
		if len(data) < b.ByteLength {
			return nil, pathError(where+".byteLength", "%d, but the data has %d bytes", b.ByteLength, len(data))
		}
		out[i] = data[:b.ByteLength:b.ByteLength]
	}
	return out, nil
}

// dataURI returns the bytes of a base64 data: URI.
func dataURI(u string) ([]byte, error) {
	comma := strings.IndexByte(u, ',')
	if comma < 0 || !strings.HasSuffix(u[:comma], ";base64") {
		return nil, errors.New("a data: URI that is not base64")
	}
	b, err := base64.StdEncoding.DecodeString(u[comma+1:])
	if err != nil {
		return nil, fmt.Errorf("bad base64: %v", err)
	}
	return b, nil
}

// reader reads a parsed file's meshes, materials and images into d.
type reader struct {
	path    string // the file's asset path
	f       *jFile
	buffers [][]byte
	read    func(string) ([]byte, error) // reads other files by asset path
	d       *decoded
	decoded int64 // bytes of vertices and indices made so far

	images     map[int]*imageData // decoded images, by index
	texKeys    map[texKey]int     // textures made, index into d.textures
	imageBytes int64              // bytes of texture pixels made so far
}

// maxDecoded bounds the bytes of vertices and indices one file may decode
// to: primitives may share accessors, so a small file could otherwise ask
// for gigabytes.
const maxDecoded = 256 << 20

// spend counts n more bytes of decoded data against maxDecoded.
func (r *reader) spend(where string, n int64) error {
	r.decoded += n
	if r.decoded > maxDecoded {
		return pathError(where, "the model's meshes decode to more than %d MiB", maxDecoded>>20)
	}
	return nil
}

func compSize(ct int) int {
	switch ct {
	case compByte, compUByte:
		return 1
	case compShort, compUShort:
		return 2
	case compUInt, compFloat:
		return 4
	}
	return 0
}

func typeComps(t string) int {
	switch t {
	case "SCALAR":
		return 1
	case "VEC2":
		return 2
	case "VEC3":
		return 3
	case "VEC4":
		return 4
	}
	return 0
}

// bufferView returns the bytes of bufferView i, named at the JSON path
// where.
func (r *reader) bufferView(where string, i int) ([]byte, error) {
	if i < 0 || i >= len(r.f.BufferViews) {
		return nil, pathError(where, "bufferView %d out of range (the file has %d)", i, len(r.f.BufferViews))
	}
	bv := &r.f.BufferViews[i]
	bw := fmt.Sprintf("bufferViews[%d]", i)
	if bv.Buffer == nil || *bv.Buffer < 0 || *bv.Buffer >= len(r.buffers) {
		b := -1
		if bv.Buffer != nil {
			b = *bv.Buffer
		}
		return nil, pathError(bw+".buffer", "buffer %d out of range (the file has %d)", b, len(r.buffers))
	}
	buf := r.buffers[*bv.Buffer]
	if bv.ByteOffset < 0 || bv.ByteLength < 1 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, pathError(bw, "bytes %d+%d lie outside buffer %d (%d bytes)", bv.ByteOffset, bv.ByteLength, *bv.Buffer, len(buf))
	}
	return buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength], nil
}

// view is an accessor checked against its bufferView and buffer.
type view struct {
	data   []byte // from the accessor's first element
	count  int
	stride int
	comps  int
	ct     int
	norm   bool
}

// accessor checks accessor i, named at the JSON path where, against the
// types and component types allowed.
func (r *reader) accessor(where string, i int, types []string, cts []int) (*view, error) {
	if i < 0 || i >= len(r.f.Accessors) {
		return nil, pathError(where, "accessor %d out of range (the file has %d)", i, len(r.f.Accessors))
	}
	a := &r.f.Accessors[i]
	aw := fmt.Sprintf("accessors[%d]", i)
	ok := false
	for _, t := range types {
		ok = ok || a.Type == t
	}
	if !ok {
		return nil, pathError(where, "accessor %d: %s.type %q, want %s", i, aw, a.Type, strings.Join(types, " or "))
	}
	ok = false
	for _, c := range cts {
		ok = ok || a.ComponentType == c
	}
	if !ok {
		return nil, pathError(where, "accessor %d: %s.componentType %d is not allowed here", i, aw, a.ComponentType)
	}
	if a.Sparse != nil {
		return nil, pathError(aw+".sparse", "sparse accessors are not read")
	}
	if a.BufferView == nil {
		return nil, pathError(aw+".bufferView", "missing (accessors without data are not read)")
	}
	if a.Count < 1 {
		return nil, pathError(aw+".count", "%d, at least 1", a.Count)
	}
	bvi := *a.BufferView
	data, err := r.bufferView(aw+".bufferView", bvi)
	if err != nil {
		return nil, err
	}
	bv := &r.f.BufferViews[bvi]
	bw := fmt.Sprintf("bufferViews[%d]", bvi)
	elem := typeComps(a.Type) * compSize(a.ComponentType)
	stride := elem
	if bv.ByteStride != 0 {
		if bv.ByteStride < 4 || bv.ByteStride > 252 || bv.ByteStride%4 != 0 {
			return nil, pathError(bw+".byteStride", "%d, a multiple of 4 from 4 to 252", bv.ByteStride)
		}
		if bv.ByteStride < elem {
			return nil, pathError(bw+".byteStride", "%d, smaller than an element of %s (%d bytes)", bv.ByteStride, aw, elem)
		}
		stride = bv.ByteStride
	}
	if a.ByteOffset < 0 || a.ByteOffset > len(data) {
		return nil, pathError(aw+".byteOffset", "%d lies outside %s (%d bytes)", a.ByteOffset, bw, len(data))
	}
	data = data[a.ByteOffset:]
	if a.Count > len(data) { // (also keeps the product below from overflowing)
		return nil, pathError(aw+".count", "%d elements, more than the %d bytes of %s from byteOffset %d", a.Count, len(data), bw, a.ByteOffset)
	}
	if need := int64(stride)*int64(a.Count-1) + int64(elem); need > int64(len(data)) {
		return nil, pathError(aw+".count", "%d elements need %d bytes, %s has %d from byteOffset %d", a.Count, need, bw, len(data), a.ByteOffset)
	}
	return &view{data: data, count: a.Count, stride: stride, comps: typeComps(a.Type), ct: a.ComponentType, norm: a.Normalized}, nil
}

// float returns component c of element i as a float (normalized integers
// map to 0..1).
func (v *view) float(i, c int) float32 {
	b := v.data[i*v.stride+c*compSize(v.ct):]
	switch v.ct {
	case compFloat:
		return math.Float32frombits(binary.LittleEndian.Uint32(b))
	case compUByte:
		return float32(b[0]) / 255
	case compUShort:
		return float32(binary.LittleEndian.Uint16(b)) / 65535
	}
	return 0
}

// uint returns element i of a SCALAR integer accessor.
func (v *view) uint(i int) uint32 {
	b := v.data[i*v.stride:]
	switch v.ct {
	case compUByte:
		return uint32(b[0])
	case compUShort:
		return uint32(binary.LittleEndian.Uint16(b))
	}
	return binary.LittleEndian.Uint32(b)
}

var (
	floatOnly   = []int{compFloat}
	floatOrNorm = []int{compFloat, compUByte, compUShort}
)

// primitive reads one TRIANGLES primitive into vertices and indices.
// Tangents are read from TANGENT or, where normalMap is set and there is
// none, generated from the texture coordinates.
func (r *reader) primitive(where string, p *jPrimitive, normalMap bool) (primData, error) {
	var pd primData
	if p.Mode != nil && *p.Mode != modeTriangles {
		return pd, pathError(where+".mode", "%d, only TRIANGLES (4) is read", *p.Mode)
	}
	ai, ok := p.Attributes["POSITION"]
	if !ok {
		return pd, pathError(where+".attributes.POSITION", "missing")
	}
	pos, err := r.accessor(where+".attributes.POSITION", ai, []string{"VEC3"}, floatOnly)
	if err != nil {
		return pd, err
	}
	n := pos.count
	get := func(name string, types []string, cts []int) (*view, error) {
		i, ok := p.Attributes[name]
		if !ok {
			return nil, nil
		}
		v, err := r.accessor(where+".attributes."+name, i, types, cts)
		if err != nil {
			return nil, err
		}
		if v.count != n {
			return nil, pathError(where+".attributes."+name, "accessor %d has %d elements, POSITION has %d", i, v.count, n)
		}
		if v.ct != compFloat && !v.norm {
			return nil, pathError(where+".attributes."+name, "accessor %d: integer components must be normalized", i)
		}
		return v, nil
	}
	nrm, err := get("NORMAL", []string{"VEC3"}, floatOnly)
	if err != nil {
		return pd, err
	}
	uv, err := get("TEXCOORD_0", []string{"VEC2"}, floatOrNorm)
	if err != nil {
		return pd, err
	}
	col, err := get("COLOR_0", []string{"VEC3", "VEC4"}, floatOrNorm)
	if err != nil {
		return pd, err
	}
	tan, err := get("TANGENT", []string{"VEC4"}, floatOnly)
	if err != nil {
		return pd, err
	}
	if nrm == nil {
		tan = nil // glTF: tangents are ignored where normals are computed
	}
	budget := int64(n) * int64(unsafe.Sizeof(render.MeshVertex{}))
	if nrm == nil { // flat normals: three vertices a triangle, made below
		budget += 3 * int64(n) * int64(unsafe.Sizeof(render.MeshVertex{}))
	}
	if err := r.spend(where, budget); err != nil {
		return pd, err
	}
	verts := make([]render.MeshVertex, n)
	for i := range verts {
		v := &verts[i]
		for c := range 3 {
			v.Position[c] = pos.float(i, c)
			if !finite(v.Position[c]) {
				return pd, pathError(where+".attributes.POSITION", "vertex %d is not a finite number", i)
			}
		}
		if l := mgl32.Vec3(v.Position).Len(); l > pd.radius {
			pd.radius = l
		}
		if nrm != nil {
			for c := range 3 {
				v.Normal[c] = nrm.float(i, c)
			}
		}
		if uv != nil {
			v.UV = [2]float32{uv.float(i, 0), uv.float(i, 1)}
		}
		if tan != nil {
			v.Tangent = readTangent(tan, i)
		}
		v.Color = render.White
		if col != nil {
			var ch [4]uint8
			ch[3] = 255
			for c := range col.comps {
				ch[c] = unit8(col.float(i, c))
			}
			v.Color = render.RGBA(ch[0], ch[1], ch[2], ch[3])
		}
	}
	var idx []uint32
	if p.Indices != nil {
		iv, err := r.accessor(where+".indices", *p.Indices, []string{"SCALAR"}, []int{compUByte, compUShort, compUInt})
		if err != nil {
			return pd, err
		}
		if err := r.spend(where, int64(iv.count)*(4+int64(unsafe.Sizeof(render.MeshVertex{})))); err != nil {
			return pd, err
		}
		if iv.count%3 != 0 {
			return pd, pathError(where+".indices", "%d indices, not whole triangles", iv.count)
		}
		idx = make([]uint32, iv.count)
		for i := range idx {
			idx[i] = iv.uint(i)
			if idx[i] >= uint32(n) {
				return pd, pathError(where+".indices", "index %d is %d, past the %d vertices", i, idx[i], n)
			}
		}
	} else {
		if n%3 != 0 {
			return pd, pathError(where+".attributes.POSITION", "%d vertices without indices, not whole triangles", n)
		}
		idx = make([]uint32, n)
		for i := range idx {
			idx[i] = uint32(i)
		}
	}
	if nrm == nil {
		verts, idx = flatNormals(verts, idx)
	}
	if normalMap && tan == nil && uv != nil {
		// Two accumulated directions a vertex, while generating.
		if err := r.spend(where, int64(len(verts))*24); err != nil {
			return pd, err
		}
		generateTangents(verts, idx)
	}
	pd.verts, pd.indices = verts, idx
	return pd, nil
}

// flatNormals gives every triangle its own three vertices with the
// triangle's normal (counter-clockwise front faces, as glTF's).
func flatNormals(verts []render.MeshVertex, idx []uint32) ([]render.MeshVertex, []uint32) {
	out := make([]render.MeshVertex, len(idx))
	outIdx := make([]uint32, len(idx))
	for t := 0; t+2 < len(idx); t += 3 {
		a, b, c := verts[idx[t]], verts[idx[t+1]], verts[idx[t+2]]
		e1 := mgl32.Vec3(b.Position).Sub(mgl32.Vec3(a.Position))
		e2 := mgl32.Vec3(c.Position).Sub(mgl32.Vec3(a.Position))
		nv := e1.Cross(e2)
		if l := nv.Len(); l > 0 && finite(l) {
			nv = nv.Mul(1 / l)
		} else {
			nv = mgl32.Vec3{0, 0, 1} // a degenerate triangle
		}
		for k, v := range [3]render.MeshVertex{a, b, c} {
			v.Normal = nv
			out[t+k] = v
			outIdx[t+k] = uint32(t + k)
		}
	}
	return out, outIdx
}

func finite(f float32) bool { return !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) }

func unit8(f float32) uint8 {
	switch {
	case !(f > 0):
		return 0
	case f >= 1:
		return 255
	}
	return uint8(f*255 + 0.5)
}

// nodes checks the node hierarchy (a forest: no node has two parents, no
// cycles) and the default scene, filling d.nodes and d.roots.
func nodes(f *jFile, d *decoded) error {
	parent := make([]int, len(f.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	d.nodes = make([]nodeData, len(f.Nodes))
	for i := range f.Nodes {
		n := &f.Nodes[i]
		w := fmt.Sprintf("nodes[%d]", i)
		nd := nodeData{name: n.Name, r: mgl32.QuatIdent(), s: mgl32.Vec3{1, 1, 1}, mesh: -1}
		if nd.name == "" {
			nd.name = fmt.Sprintf("node%d", i)
		}
		if n.Mesh != nil {
			if *n.Mesh < 0 || *n.Mesh >= len(f.Meshes) {
				return pathError(w+".mesh", "mesh %d out of range (the file has %d)", *n.Mesh, len(f.Meshes))
			}
			nd.mesh = *n.Mesh
		}
		for k, c := range n.Children {
			if c < 0 || c >= len(f.Nodes) {
				return pathError(fmt.Sprintf("%s.children[%d]", w, k), "node %d out of range (the file has %d)", c, len(f.Nodes))
			}
			if parent[c] >= 0 || c == i {
				return pathError(fmt.Sprintf("%s.children[%d]", w, k), "node %d already has a parent (the hierarchy must be a tree)", c)
			}
			parent[c] = i
		}
		nd.children = n.Children
		if err := trs(w, n, &nd); err != nil {
			return err
		}
		d.nodes[i] = nd
	}
	// A cycle has no root: walk up from every node.
	for i := range parent {
		steps := 0
		for j := parent[i]; j >= 0; j = parent[j] {
			if steps++; steps > len(parent) {
				return pathError(fmt.Sprintf("nodes[%d]", i), "is its own ancestor (the hierarchy must be a tree)")
			}
		}
	}
	switch {
	case len(f.Scenes) == 0:
		if f.Scene != nil {
			return pathError("scene", "scene %d out of range (the file has 0)", *f.Scene)
		}
		for i, p := range parent {
			if p < 0 {
				d.roots = append(d.roots, i)
			}
		}
	default:
		s := 0
		if f.Scene != nil {
			s = *f.Scene
		}
		if s < 0 || s >= len(f.Scenes) {
			return pathError("scene", "scene %d out of range (the file has %d)", s, len(f.Scenes))
		}
		seen := map[int]bool{}
		for k, r := range f.Scenes[s].Nodes {
			w := fmt.Sprintf("scenes[%d].nodes[%d]", s, k)
			if r < 0 || r >= len(f.Nodes) {
				return pathError(w, "node %d out of range (the file has %d)", r, len(f.Nodes))
			}
			if parent[r] >= 0 || seen[r] {
				return pathError(w, "node %d is not a root node", r)
			}
			seen[r] = true
			d.roots = append(d.roots, r)
		}
	}
	return nil
}

// trs reads a node's transform.
func trs(w string, n *jNode, nd *nodeData) error {
	vec := func(field string, v []float64, want int) ([]float32, error) {
		if len(v) != want {
			return nil, pathError(w+"."+field, "%d numbers, want %d", len(v), want)
		}
		out := make([]float32, want)
		for i, x := range v {
			out[i] = float32(x)
			if !finite(out[i]) {
				return nil, pathError(w+"."+field, "%v is not a finite float32", x)
			}
		}
		return out, nil
	}
	if n.Matrix != nil {
		if n.Translation != nil || n.Rotation != nil || n.Scale != nil {
			return pathError(w+".matrix", "given with translation, rotation or scale")
		}
		m, err := vec("matrix", n.Matrix, 16)
		if err != nil {
			return err
		}
		var mat mgl32.Mat4
		copy(mat[:], m) // column-major, as glTF
		nd.t, nd.r, nd.s = decompose(mat)
		return nil
	}
	if n.Translation != nil {
		t, err := vec("translation", n.Translation, 3)
		if err != nil {
			return err
		}
		nd.t = mgl32.Vec3{t[0], t[1], t[2]}
	}
	if n.Rotation != nil {
		r, err := vec("rotation", n.Rotation, 4)
		if err != nil {
			return err
		}
		q := mgl32.Quat{W: r[3], V: mgl32.Vec3{r[0], r[1], r[2]}}
		if l := q.Len(); l < 1e-6 {
			return pathError(w+".rotation", "%v is not a rotation (zero length)", n.Rotation)
		}
		nd.r = q.Normalize()
	}
	if n.Scale != nil {
		s, err := vec("scale", n.Scale, 3)
		if err != nil {
			return err
		}
		nd.s = mgl32.Vec3{s[0], s[1], s[2]}
	}
	return nil
}

// decompose splits an affine matrix into translation, rotation and scale
// (shear is lost; a mirroring matrix gets a negative X scale).
func decompose(m mgl32.Mat4) (mgl32.Vec3, mgl32.Quat, mgl32.Vec3) {
	t := mgl32.Vec3{m[12], m[13], m[14]}
	c0, c1, c2 := m.Col(0).Vec3(), m.Col(1).Vec3(), m.Col(2).Vec3()
	s := mgl32.Vec3{c0.Len(), c1.Len(), c2.Len()}
	if c0.Cross(c1).Dot(c2) < 0 {
		s[0] = -s[0]
	}
	if s[0] == 0 || s[1] == 0 || s[2] == 0 {
		return t, mgl32.QuatIdent(), s
	}
	var r mgl32.Mat4
	r.SetCol(0, c0.Mul(1/s[0]).Vec4(0))
	r.SetCol(1, c1.Mul(1/s[1]).Vec4(0))
	r.SetCol(2, c2.Mul(1/s[2]).Vec4(0))
	r.SetCol(3, mgl32.Vec4{0, 0, 0, 1})
	q := mgl32.Mat4ToQuat(r)
	if l := q.Len(); l > 0 && finite(l) {
		q = q.Normalize()
	} else {
		q = mgl32.QuatIdent()
	}
	return t, q, s
}
