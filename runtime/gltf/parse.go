package gltf

import (
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
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
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
	clips     []*animation.Clip
	skins     []skinData
}

type meshData struct {
	name    string
	prims   []primData
	targets int       // morph targets of each primitive (morph.go)
	weights []float32 // the default weights: mesh.weights, or zeros; nil without targets
}

type primData struct {
	verts    []render.MeshVertex
	indices  []uint32
	material int // index into decoded.materials
	radius   float32
	maxJoint int                  // the highest JOINTS_0 index with weight; -1: no skin attributes
	skin     []render.SkinVertex  // JOINTS_0/WEIGHTS_0, one a vertex (weights normalized); nil without
	targets  []render.MorphTarget // morph targets' deltas, one a vertex (morph.go); nil without
	radii    []float32            // each target's longest position delta (scenegraph.MorphRadii)
}

type nodeData struct {
	name     string
	t        mgl32.Vec3
	r        mgl32.Quat
	s        mgl32.Vec3
	mesh     int       // -1: none
	skin     int       // -1: none
	radii    []float32 // with a skin and a mesh: the skin's Radii for the mesh (scenegraph.Skin.Fit)
	children []int
	weights  []float32 // node.weights, overriding its mesh's; nil: the mesh's
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

// splitGLB returns a .glb file's JSON chunk and its BIN chunk (nil if
// none). The module's Decoder reads GLB too, but it reads external buffers
// by itself and cannot say which buffer or chunk was bad; the container
// is simple enough to split here, without copying the BIN chunk.
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
// reads other files (buffers, images) by asset path; nil: none can be
// read.
func parse(p string, b []byte, read func(string) ([]byte, error)) (*decoded, error) {
	js, bin := b, []byte(nil)
	isGLB := len(b) >= 4 && binary.LittleEndian.Uint32(b) == glbMagic
	if isGLB || strings.EqualFold(path.Ext(p), ".glb") {
		var err error
		if js, bin, err = splitGLB(b); err != nil {
			return nil, err
		}
	}
	doc, err := decodeDocument(js)
	if err != nil {
		return nil, err
	}
	if v := doc.Asset.Version; !strings.HasPrefix(v, "2.") && v != "2" {
		return nil, fmt.Errorf("asset.version: %q, only glTF 2.x is read", v)
	}
	for k, e := range doc.ExtensionsRequired {
		if !supportedExtension(e) {
			return nil, fmt.Errorf("extensionsRequired[%d]: extension %q is not supported", k, e)
		}
	}
	if err := loadBuffers(p, doc, bin, read); err != nil {
		return nil, err
	}
	d := &decoded{path: p, materials: make([]*matData, len(doc.Materials)+1)}
	r := &reader{path: p, doc: doc, read: read, d: d}
	for mi, m := range doc.Meshes {
		md := meshData{name: m.Name}
		if len(m.Primitives) == 0 {
			return nil, pathError(fmt.Sprintf("meshes[%d].primitives", mi), "no primitives")
		}
		for pi, prim := range m.Primitives {
			where := fmt.Sprintf("meshes[%d].primitives[%d]", mi, pi)
			mat := len(doc.Materials) // the default material
			if prim.Material != nil {
				mat = *prim.Material
				if mat < 0 || mat >= len(doc.Materials) {
					return nil, pathError(where+".material", "material %d out of range (the file has %d)", mat, len(doc.Materials))
				}
			}
			mt, err := r.material(mat)
			if err != nil {
				return nil, err
			}
			pd, err := r.primitive(where, prim, mt.normal >= 0)
			if err != nil {
				return nil, err
			}
			pd.material = mat
			md.prims = append(md.prims, pd)
		}
		if md.targets, md.weights, err = meshWeights(mi, m, md.prims); err != nil { // morph.go
			return nil, err
		}
		d.meshes = append(d.meshes, md)
	}
	if err := nodes(doc, d); err != nil {
		return nil, err
	}
	if err := r.skins(); err != nil {
		return nil, err
	}
	if err := r.animations(); err != nil {
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

// loadBuffers sets every buffer's Data, byteLength long: the GLB's BIN
// chunk, a data: URI or a file read through read (so that it stays under
// the asset root and is watched with the model). The module's Decoder
// would read files through an fs.FS by itself; reading them here keeps
// the asset path rules and names the buffer in errors.
func loadBuffers(p string, doc *qgltf.Document, bin []byte, read func(string) ([]byte, error)) error {
	for i, b := range doc.Buffers {
		where := fmt.Sprintf("buffers[%d]", i)
		if b.ByteLength < 1 {
			return pathError(where+".byteLength", "%d, at least 1", b.ByteLength)
		}
		var data []byte
		switch {
		case b.URI == "" && i == 0 && bin != nil:
			data = bin
		case b.URI == "":
			return pathError(where+".uri", "missing (only the first buffer of a .glb file may omit it)")
		case strings.HasPrefix(b.URI, "data:"):
			var err error
			if data, err = dataURI(b.URI); err != nil {
				return pathError(where+".uri", "%v", err)
			}
		default:
			key, err := resolveURI(p, b.URI)
			if err != nil {
				return pathError(where, "%v", err)
			}
			if read == nil {
				return pathError(where+".uri", "%s: no files can be read here", key)
			}
			if data, err = read(key); err != nil {
				return pathError(where+".uri", "%v", err)
			}
		}
		if len(data) < b.ByteLength {
			return pathError(where+".byteLength", "%d, but the data has %d bytes", b.ByteLength, len(data))
		}
		b.Data = data[:b.ByteLength:b.ByteLength]
	}
	return nil
}

// dataURI returns the bytes of a base64 data: URI. (The module decodes
// only octet-stream buffers and PNG or JPEG images from data: URIs; files
// label their data with other media types too.)
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
	doc     *qgltf.Document
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

// bufferView returns the bytes of bufferView i, named at the JSON path
// where.
func (r *reader) bufferView(where string, i int) ([]byte, error) {
	if i < 0 || i >= len(r.doc.BufferViews) {
		return nil, pathError(where, "bufferView %d out of range (the file has %d)", i, len(r.doc.BufferViews))
	}
	bv := r.doc.BufferViews[i]
	bw := fmt.Sprintf("bufferViews[%d]", i)
	if bv.Buffer < 0 || bv.Buffer >= len(r.doc.Buffers) {
		return nil, pathError(bw+".buffer", "buffer %d out of range (the file has %d)", bv.Buffer, len(r.doc.Buffers))
	}
	buf := r.doc.Buffers[bv.Buffer].Data
	if bv.ByteOffset < 0 || bv.ByteLength < 1 || bv.ByteOffset > len(buf) || bv.ByteLength > len(buf)-bv.ByteOffset {
		return nil, pathError(bw, "bytes %d+%d lie outside buffer %d (%d bytes)", bv.ByteOffset, bv.ByteLength, bv.Buffer, len(buf))
	}
	return buf[bv.ByteOffset : bv.ByteOffset+bv.ByteLength], nil
}

// accessor checks accessor i, named at the JSON path where, against the
// types and component types allowed, and its data against its bufferView
// and buffer, so that the module's readers (which allocate from the count
// before they check it) are called only on accessors they can read.
func (r *reader) accessor(where string, i int, types []qgltf.AccessorType, cts []qgltf.ComponentType) (*qgltf.Accessor, error) {
	return r.checkAccessor(where, i, types, cts, false)
}

// checkAccessor is accessor; with sparse, the accessor may also be sparse
// (its indices and values checked as its data is) or have no bufferView
// (zeros, with or without sparse values), as morph targets' often are.
func (r *reader) checkAccessor(where string, i int, types []qgltf.AccessorType, cts []qgltf.ComponentType, sparse bool) (*qgltf.Accessor, error) {
	if i < 0 || i >= len(r.doc.Accessors) {
		return nil, pathError(where, "accessor %d out of range (the file has %d)", i, len(r.doc.Accessors))
	}
	a := r.doc.Accessors[i]
	aw := fmt.Sprintf("accessors[%d]", i)
	ok := false
	var want []string
	for _, t := range types {
		ok = ok || a.Type == t
		want = append(want, t.String())
	}
	if !ok {
		return nil, pathError(where, "accessor %d: %s.type %q, want %s", i, aw, a.Type, strings.Join(want, " or "))
	}
	ok = false
	for _, c := range cts {
		ok = ok || a.ComponentType == c
	}
	if !ok {
		return nil, pathError(where, "accessor %d: %s.componentType %s is not allowed here", i, aw, glNumber(&a.ComponentType))
	}
	if a.Sparse != nil && !sparse {
		return nil, pathError(aw+".sparse", "sparse accessors are not read")
	}
	if a.BufferView == nil && !sparse {
		return nil, pathError(aw+".bufferView", "missing (accessors without data are not read)")
	}
	if a.Count < 1 {
		return nil, pathError(aw+".count", "%d, at least 1", a.Count)
	}
	if sparse {
		if err := r.checkSparse(aw, a); err != nil {
			return nil, err
		}
		if a.BufferView == nil {
			return a, nil // zeros, and the sparse values
		}
	}
	bvi := *a.BufferView
	data, err := r.bufferView(aw+".bufferView", bvi)
	if err != nil {
		return nil, err
	}
	bv := r.doc.BufferViews[bvi]
	bw := fmt.Sprintf("bufferViews[%d]", bvi)
	elem := qgltf.SizeOfElement(a.ComponentType, a.Type)
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
	return a, nil
}

// glNumber returns the number a glTF enum has in the JSON (the module's
// constants count from 0).
func glNumber(v json.Marshaler) string {
	b, err := v.MarshalJSON()
	if err != nil {
		return "?"
	}
	return string(b)
}

var (
	vec2        = []qgltf.AccessorType{qgltf.AccessorVec2}
	vec3        = []qgltf.AccessorType{qgltf.AccessorVec3}
	vec4        = []qgltf.AccessorType{qgltf.AccessorVec4}
	vec3or4     = []qgltf.AccessorType{qgltf.AccessorVec3, qgltf.AccessorVec4}
	scalar      = []qgltf.AccessorType{qgltf.AccessorScalar}
	floatOnly   = []qgltf.ComponentType{qgltf.ComponentFloat}
	floatOrNorm = []qgltf.ComponentType{qgltf.ComponentFloat, qgltf.ComponentUbyte, qgltf.ComponentUshort}
	indexTypes  = []qgltf.ComponentType{qgltf.ComponentUbyte, qgltf.ComponentUshort, qgltf.ComponentUint}
)

// Bytes a vertex and an index may take, transiently, in the module's
// readers: each returns a new slice, after reading into a scratch one,
// for every attribute (position, normal, texture coordinates, colour,
// tangent: 24+24+16+20+32 bytes at most), and indices.
const (
	readerVertexBytes = 116
	readerIndexBytes  = 8
)

// primitive reads one TRIANGLES primitive into vertices and indices.
// Tangents are read from TANGENT or, where normalMap is set and there is
// none, generated from the texture coordinates.
func (r *reader) primitive(where string, p *qgltf.Primitive, normalMap bool) (primData, error) {
	var pd primData
	if p.Mode != qgltf.PrimitiveTriangles {
		return pd, pathError(where+".mode", "%s, only TRIANGLES (4) is read", glNumber(&p.Mode))
	}
	ai, ok := p.Attributes["POSITION"]
	if !ok {
		return pd, pathError(where+".attributes.POSITION", "missing")
	}
	pos, err := r.accessor(where+".attributes.POSITION", ai, vec3, floatOnly)
	if err != nil {
		return pd, err
	}
	n := pos.Count
	get := func(name string, types []qgltf.AccessorType, cts []qgltf.ComponentType) (*qgltf.Accessor, error) {
		i, ok := p.Attributes[name]
		if !ok {
			return nil, nil
		}
		a, err := r.accessor(where+".attributes."+name, i, types, cts)
		if err != nil {
			return nil, err
		}
		if a.Count != n {
			return nil, pathError(where+".attributes."+name, "accessor %d has %d elements, POSITION has %d", i, a.Count, n)
		}
		if a.ComponentType != qgltf.ComponentFloat && !a.Normalized {
			return nil, pathError(where+".attributes."+name, "accessor %d: integer components must be normalized", i)
		}
		return a, nil
	}
	nrmA, err := get("NORMAL", vec3, floatOnly)
	if err != nil {
		return pd, err
	}
	uvA, err := get("TEXCOORD_0", vec2, floatOrNorm)
	if err != nil {
		return pd, err
	}
	colA, err := get("COLOR_0", vec3or4, floatOrNorm)
	if err != nil {
		return pd, err
	}
	tanA, err := get("TANGENT", vec4, floatOnly)
	if err != nil {
		return pd, err
	}
	if nrmA == nil {
		tanA = nil // glTF: tangents are ignored where normals are computed
	}
	var idxA *qgltf.Accessor
	if p.Indices != nil {
		if idxA, err = r.accessor(where+".indices", *p.Indices, scalar, indexTypes); err != nil {
			return pd, err
		}
		if idxA.Count%3 != 0 {
			return pd, pathError(where+".indices", "%d indices, not whole triangles", idxA.Count)
		}
	} else if n%3 != 0 {
		return pd, pathError(where+".attributes.POSITION", "%d vertices without indices, not whole triangles", n)
	}

	// The budget, before anything is allocated: the vertices (and the
	// unshared ones flat normals make, three a triangle), the indices
	// (each may make a vertex with flat normals), and, while reading, the
	// module's slices.
	const vsize = int64(unsafe.Sizeof(render.MeshVertex{}))
	nIdx := int64(n)
	if idxA != nil {
		nIdx = int64(idxA.Count)
	}
	budget := int64(n)*vsize + nIdx*4
	if nrmA == nil {
		budget += nIdx * vsize
	}
	if err := r.spend(where, budget); err != nil {
		return pd, err
	}
	if r.decoded+int64(n)*readerVertexBytes+nIdx*readerIndexBytes > maxDecoded {
		return pd, pathError(where, "the model's meshes decode to more than %d MiB", maxDecoded>>20)
	}

	// Read through the module. The accessors were checked above, so its
	// readers do not fail; an error would still name the attribute.
	fail := func(name string, err error) (primData, error) {
		return pd, pathError(where+"."+name, "%v", err)
	}
	positions, err := modeler.ReadPosition(r.doc, pos, nil)
	if err != nil {
		return fail("attributes.POSITION", err)
	}
	var normals [][3]float32
	if nrmA != nil {
		if normals, err = modeler.ReadNormal(r.doc, nrmA, nil); err != nil {
			return fail("attributes.NORMAL", err)
		}
	}
	var uvs [][2]float32
	if uvA != nil {
		if uvs, err = modeler.ReadTextureCoord(r.doc, uvA, nil); err != nil {
			return fail("attributes.TEXCOORD_0", err)
		}
	}
	var colors [][4]uint8
	if colA != nil {
		if colors, err = readColors(r.doc, colA); err != nil {
			return fail("attributes.COLOR_0", err)
		}
	}
	var tangents [][4]float32
	if tanA != nil {
		if tangents, err = modeler.ReadTangent(r.doc, tanA, nil); err != nil {
			return fail("attributes.TANGENT", err)
		}
	}

	verts := make([]render.MeshVertex, n)
	for i := range verts {
		v := &verts[i]
		v.Position = positions[i]
		for c := range 3 {
			if !finite(v.Position[c]) {
				return pd, pathError(where+".attributes.POSITION", "vertex %d is not a finite number", i)
			}
		}
		if l := mgl32.Vec3(v.Position).Len(); l > pd.radius {
			pd.radius = l
		}
		if normals != nil {
			v.Normal = normals[i]
		}
		if uvs != nil {
			v.UV = uvs[i]
		}
		if tangents != nil {
			v.Tangent = checkTangent(tangents[i])
		}
		v.Color = render.White
		if colors != nil {
			c := colors[i]
			v.Color = render.RGBA(c[0], c[1], c[2], c[3])
		}
	}
	var idx []uint32
	if idxA != nil {
		if idx, err = modeler.ReadIndices(r.doc, idxA, nil); err != nil {
			return fail("indices", err)
		}
		for i, x := range idx {
			if x >= uint32(n) {
				return pd, pathError(where+".indices", "index %d is %d, past the %d vertices", i, x, n)
			}
		}
	} else {
		idx = make([]uint32, n)
		for i := range idx {
			idx[i] = uint32(i)
		}
	}
	if pd.maxJoint, pd.skin, err = r.skinAttributes(where, p, n); err != nil {
		return pd, err
	}
	if pd.targets, err = r.targets(where, p, n, nrmA != nil, tanA != nil); err != nil { // morph.go
		return pd, err
	}
	if nrmA == nil {
		if pd.skin != nil {
			pd.skin = unshareSkin(pd.skin, idx)
		}
		unshareTargets(pd.targets, idx)
		verts, idx = flatNormals(verts, idx)
	}
	if normalMap && tanA == nil && uvA != nil {
		// Two accumulated directions a vertex, while generating.
		if err := r.spend(where, int64(len(verts))*24); err != nil {
			return pd, err
		}
		generateTangents(verts, idx)
	}
	pd.verts, pd.indices = verts, idx
	pd.radii = targetRadii(pd.targets) // morph.go
	return pd, nil
}

// readColors reads a COLOR_0 accessor as 8-bit RGBA (opaque where it has
// three components). Integer colours go through the module's ReadColor;
// float colours are read with its ReadAccessor and clamped to 0..1 here,
// since its ReadColor converts values out of range without clamping.
func readColors(doc *qgltf.Document, a *qgltf.Accessor) ([][4]uint8, error) {
	if a.ComponentType != qgltf.ComponentFloat {
		return modeler.ReadColor(doc, a, nil)
	}
	data, err := modeler.ReadAccessor(doc, a, nil)
	if err != nil {
		return nil, err
	}
	out := make([][4]uint8, a.Count)
	switch data := data.(type) {
	case [][3]float32:
		for i, c := range data {
			out[i] = [4]uint8{unit8(c[0]), unit8(c[1]), unit8(c[2]), 255}
		}
	case [][4]float32:
		for i, c := range data {
			out[i] = [4]uint8{unit8(c[0]), unit8(c[1]), unit8(c[2]), unit8(c[3])}
		}
	default:
		return nil, fmt.Errorf("read as %T", data)
	}
	return out, nil
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
func nodes(doc *qgltf.Document, d *decoded) error {
	parent := make([]int, len(doc.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	d.nodes = make([]nodeData, len(doc.Nodes))
	for i, n := range doc.Nodes {
		w := fmt.Sprintf("nodes[%d]", i)
		nd := nodeData{name: n.Name, r: mgl32.QuatIdent(), s: mgl32.Vec3{1, 1, 1}, mesh: -1, skin: -1}
		if nd.name == "" {
			nd.name = fmt.Sprintf("node%d", i)
		}
		if n.Mesh != nil {
			if *n.Mesh < 0 || *n.Mesh >= len(doc.Meshes) {
				return pathError(w+".mesh", "mesh %d out of range (the file has %d)", *n.Mesh, len(doc.Meshes))
			}
			nd.mesh = *n.Mesh
		}
		for k, c := range n.Children {
			if c < 0 || c >= len(doc.Nodes) {
				return pathError(fmt.Sprintf("%s.children[%d]", w, k), "node %d out of range (the file has %d)", c, len(doc.Nodes))
			}
			if parent[c] >= 0 || c == i {
				return pathError(fmt.Sprintf("%s.children[%d]", w, k), "node %d already has a parent (the hierarchy must be a tree)", c)
			}
			parent[c] = i
		}
		nd.children = n.Children
		if n.Skin != nil {
			if *n.Skin < 0 || *n.Skin >= len(doc.Skins) {
				return pathError(w+".skin", "skin %d out of range (the file has %d)", *n.Skin, len(doc.Skins))
			}
			nd.skin = *n.Skin
		}
		if err := trs(w, n, &nd); err != nil {
			return err
		}
		if len(n.Weights) > 0 {
			targets := 0
			if nd.mesh >= 0 {
				targets = d.meshes[nd.mesh].targets
			}
			var err error
			if nd.weights, err = weights(w+".weights", n.Weights, targets); err != nil { // morph.go
				return err
			}
		}
		d.nodes[i] = nd
	}
	if err := checkAcyclic(d.nodes, parent); err != nil {
		return err
	}
	switch {
	case len(doc.Scenes) == 0:
		if doc.Scene != nil {
			return pathError("scene", "scene %d out of range (the file has 0)", *doc.Scene)
		}
		for i, p := range parent {
			if p < 0 {
				d.roots = append(d.roots, i)
			}
		}
	default:
		s := 0
		if doc.Scene != nil {
			s = *doc.Scene
		}
		if s < 0 || s >= len(doc.Scenes) {
			return pathError("scene", "scene %d out of range (the file has %d)", s, len(doc.Scenes))
		}
		seen := map[int]bool{}
		for k, r := range doc.Scenes[s].Nodes {
			w := fmt.Sprintf("scenes[%d].nodes[%d]", s, k)
			if r < 0 || r >= len(doc.Nodes) {
				return pathError(w, "node %d out of range (the file has %d)", r, len(doc.Nodes))
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

// checkAcyclic refuses a hierarchy with a cycle, in time linear in the
// number of nodes whatever the depth (a file of one 200,000-node chain is
// valid), with an explicit stack rather than recursion. Every node has at
// most one parent (checked before), so the nodes that no walk down from a
// parentless node reaches are exactly those on a cycle or below one.
func checkAcyclic(nodes []nodeData, parent []int) error {
	reached := make([]bool, len(nodes))
	var stack []int
	for i, p := range parent {
		if p < 0 {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached[j] = true
		stack = append(stack, nodes[j].children...)
	}
	for i, ok := range reached {
		if ok {
			continue
		}
		// Walk up from i to the first node met twice: that one is on the
		// cycle. Each node is marked once, so the walk is linear too.
		c := i
		for !reached[c] {
			reached[c] = true
			c = parent[c]
		}
		return pathError(fmt.Sprintf("nodes[%d]", c), "is its own ancestor (the hierarchy must be a tree)")
	}
	return nil
}

// trs reads a node's transform. The module gives the defaults for what
// the file leaves out (the identity matrix, no translation, no rotation,
// unit scale), and refuses a node with both a matrix and any of the
// others; the lengths of the arrays were checked by checkShapes.
func trs(w string, n *qgltf.Node, nd *nodeData) error {
	vec := func(field string, v []float64) ([]float32, error) {
		out := make([]float32, len(v))
		for i, x := range v {
			out[i] = float32(x)
			if !finite(out[i]) {
				return nil, pathError(w+"."+field, "%v is not a finite float32", x)
			}
		}
		return out, nil
	}
	if n.Matrix != qgltf.DefaultMatrix {
		m, err := vec("matrix", n.Matrix[:])
		if err != nil {
			return err
		}
		var mat mgl32.Mat4
		copy(mat[:], m) // column-major, as glTF
		nd.t, nd.r, nd.s = decompose(mat)
		return nil
	}
	t, err := vec("translation", n.Translation[:])
	if err != nil {
		return err
	}
	nd.t = mgl32.Vec3{t[0], t[1], t[2]}
	r, err := vec("rotation", n.Rotation[:])
	if err != nil {
		return err
	}
	q := mgl32.Quat{W: r[3], V: mgl32.Vec3{r[0], r[1], r[2]}}
	if l := q.Len(); l < 1e-6 {
		return pathError(w+".rotation", "%v is not a rotation (zero length)", n.Rotation)
	}
	nd.r = q.Normalize()
	s, err := vec("scale", n.Scale[:])
	if err != nil {
		return err
	}
	nd.s = mgl32.Vec3{s[0], s[1], s[2]}
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
