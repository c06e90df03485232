package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// quad is a test model: one node with a one-primitive mesh, a unit quad in
// the XY plane facing +Z, with texture coordinates uvs at its corners
// (0,0,0) (1,0,0) (1,1,0) (0,1,0) and, if given, tangents. Its images are
// embedded: as data: URIs, or in the BIN chunk (bufferView images) for a
// GLB. Tests add materials, textures and samplers to the document.
type quad struct {
	uvs      [4][2]float32
	tangents [][4]float32
	images   [][]byte
	glb      bool
}

// uprightUVs map the image upright onto the quad: U runs along +X and V
// (which runs down the image) along -Y.
var uprightUVs = [4][2]float32{{0, 1}, {1, 1}, {1, 0}, {0, 0}}

// build returns the quad's document and its binary buffer (the BIN chunk
// of a GLB; a data: URI inside the document otherwise).
func (q quad) build() (map[string]any, []byte) {
	var b bytes.Buffer
	put := func(v ...float32) { binary.Write(&b, binary.LittleEndian, v) }
	put(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0) // positions at 0
	put(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1) // normals at 48
	for _, uv := range q.uvs {
		put(uv[0], uv[1]) // at 96
	}
	binary.Write(&b, binary.LittleEndian, []uint16{0, 1, 2, 0, 2, 3}) // indices at 128
	accessors := []any{
		map[string]any{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3"},
		map[string]any{"bufferView": 0, "byteOffset": 48, "componentType": 5126, "count": 4, "type": "VEC3"},
		map[string]any{"bufferView": 0, "byteOffset": 96, "componentType": 5126, "count": 4, "type": "VEC2"},
		map[string]any{"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"},
	}
	views := []any{
		map[string]any{"buffer": 0, "byteLength": 128},
		map[string]any{"buffer": 0, "byteOffset": 128, "byteLength": 12},
	}
	attrs := map[string]any{"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2}
	if q.tangents != nil {
		off := b.Len()
		for _, t := range q.tangents {
			put(t[:]...)
		}
		views = append(views, map[string]any{"buffer": 0, "byteOffset": off, "byteLength": 64})
		accessors = append(accessors, map[string]any{"bufferView": len(views) - 1, "componentType": 5126, "count": 4, "type": "VEC4"})
		attrs["TANGENT"] = len(accessors) - 1
	}
	var images []any
	for _, img := range q.images {
		if !q.glb {
			images = append(images, map[string]any{"uri": "data:image/png;base64," + base64.StdEncoding.EncodeToString(img)})
			continue
		}
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		views = append(views, map[string]any{"buffer": 0, "byteOffset": b.Len(), "byteLength": len(img)})
		b.Write(img)
		images = append(images, map[string]any{"bufferView": len(views) - 1, "mimeType": "image/png"})
	}
	buf := map[string]any{"byteLength": b.Len()}
	if !q.glb {
		buf["uri"] = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
	}
	doc := map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"nodes":       []any{map[string]any{"name": "Quad", "mesh": 0}},
		"meshes":      []any{map[string]any{"primitives": []any{map[string]any{"attributes": attrs, "indices": 3, "material": 0}}}},
		"accessors":   accessors,
		"bufferViews": views,
		"buffers":     []any{buf},
		"images":      images,
	}
	return doc, b.Bytes()
}

// file returns the model's bytes: GLB or JSON.
func (q quad) file(t testing.TB, doc map[string]any, bin []byte) []byte {
	if q.glb {
		return makeGLB(mustJSON(t, doc), bin)
	}
	return mustJSON(t, doc)
}

// imagePNG encodes a w×h image whose pixel (x, y) is c(x, y).
func imagePNG(t testing.TB, w, h int, c func(x, y int) color.NRGBA) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, c(x, y))
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// alphaRamp is a 4×1 image, grey with alpha 0, 100, 160 and 255.
func alphaRamp(t testing.TB) []byte {
	return imagePNG(t, 4, 1, func(x, _ int) color.NRGBA { return color.NRGBA{200, 200, 200, []uint8{0, 100, 160, 255}[x]} })
}

// loadQuad writes the model to m.glb or m.gltf and loads it, returning the
// model, its one primitive, the node's renderer and the frame.
func loadQuad(t *testing.T, q quad, edit func(doc map[string]any)) (*Model, Primitive, *scenegraph.MeshRenderer, *render.Frame) {
	t.Helper()
	doc, bin := q.build()
	if edit != nil {
		edit(doc)
	}
	name := "m.gltf"
	if q.glb {
		name = "m.glb"
	}
	m, f := newManager(t, map[string][]byte{name: q.file(t, doc, bin)})
	x, err := m.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	model := ModelOf(x)
	root, err := model.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](root.Children()[0])
	if mr == nil {
		t.Fatal("no MeshRenderer")
	}
	return model, model.Meshes[0].Primitives[0], mr, f
}

// TestMaterialFull loads a textured quad whose images are data: URIs with
// every part of the metallic-roughness material, and checks the material,
// the textures' formats and samplers, and the generated tangents.
func TestMaterialFull(t *testing.T) {
	colour := imagePNG(t, 2, 1, func(x, _ int) color.NRGBA { return color.NRGBA{255, uint8(x * 255), 0, 255} })
	data := imagePNG(t, 1, 2, func(_, y int) color.NRGBA { return color.NRGBA{0, 128, uint8(y * 255), 255} })
	q := quad{uvs: uprightUVs, images: [][]byte{colour, data}}
	_, p, mr, f := loadQuad(t, q, func(doc map[string]any) {
		doc["samplers"] = []any{
			map[string]any{"magFilter": 9728, "minFilter": 9728, "wrapS": 33071, "wrapT": 33071},
			map[string]any{"magFilter": 9729, "minFilter": 9987, "wrapS": 33648, "wrapT": 33071},
		}
		doc["textures"] = []any{
			map[string]any{"source": 0, "sampler": 0},
			map[string]any{"source": 1, "sampler": 1},
			map[string]any{"source": 1},
		}
		doc["extensionsUsed"] = []any{"KHR_materials_emissive_strength"}
		doc["materials"] = []any{map[string]any{
			"pbrMetallicRoughness": map[string]any{
				"baseColorFactor":          []any{0.5, 0.5, 0.5, 1},
				"baseColorTexture":         map[string]any{"index": 0},
				"metallicFactor":           0.25,
				"roughnessFactor":          0.75,
				"metallicRoughnessTexture": map[string]any{"index": 1},
			},
			"normalTexture":    map[string]any{"index": 1, "scale": 0.5},
			"occlusionTexture": map[string]any{"index": 2, "strength": 0.7},
			// The data image as a colour map too: a second, sRGB texture.
			"emissiveTexture": map[string]any{"index": 2},
			"emissiveFactor":  []any{1, 0.5, 0},
			"extensions":      map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": 4}},
		}}
	})
	if p.Color != (mgl32.Vec4{0.5, 0.5, 0.5, 1}) || p.Blend != render.BlendOpaque || p.MaterialIndex != 0 {
		t.Errorf("primitive color %v blend %v material %d", p.Color, p.Blend, p.MaterialIndex)
	}
	mat := p.Material
	if mat.Metallic != 0.25 || mat.Roughness != 0.75 || mat.NormalScale != 0.5 || !near(mat.OcclusionStrength, 0.7) ||
		mat.Emissive != (mgl32.Vec3{4, 2, 0}) || mat.Unlit {
		t.Errorf("material factors %+v", mat)
	}
	if mr.Material != mat || mr.Texture != p.Texture || mr.Color != p.Color || mr.Blend != p.Blend {
		t.Errorf("renderer %+v does not carry the primitive's material %+v", mr, p)
	}
	type want struct {
		id     render.TextureID
		format render.Format
		filter render.Filter
		wrap   render.Wrap
		w, h   int
		mip    bool // minFilter NEAREST (sampler 0): no mipmaps; a mipmap mode or none: mipmaps
	}
	for name, w := range map[string]want{
		"base colour":        {p.Texture, render.FormatSRGB8A8, render.FilterNearest, render.WrapClamp, 2, 1, false},
		"metallic-roughness": {mat.MetallicRoughnessMap, render.FormatRGBA8, render.FilterLinear, render.WrapRepeat, 1, 2, true},
		"normal":             {mat.NormalMap, render.FormatRGBA8, render.FilterLinear, render.WrapRepeat, 1, 2, true},
		"occlusion":          {mat.OcclusionMap, render.FormatRGBA8, render.FilterLinear, render.WrapRepeat, 1, 2, true},
		"emissive":           {mat.EmissiveMap, render.FormatSRGB8A8, render.FilterLinear, render.WrapRepeat, 1, 2, true},
	} {
		if w.id == 0 {
			t.Errorf("%s map: none", name)
			continue
		}
		c := createdTexture(t, f, w.id)
		d := c.Desc
		if d.Format != w.format || d.Filter != w.filter || d.Wrap != w.wrap || d.Width != w.w || d.Height != w.h || d.Mipmaps != w.mip {
			t.Errorf("%s map: %+v, want %v %v wrap %v %dx%d mipmaps %v", name, d, w.format, w.filter, w.wrap, w.w, w.h, w.mip)
		}
	}
	// Textures 1 and 2 share image 1 with the same sampling in RGBA8
	// (metallic-roughness, normal, occlusion: one texture); the emissive
	// map needs it in sRGB (another).
	if mat.MetallicRoughnessMap != mat.NormalMap || mat.NormalMap != mat.OcclusionMap || mat.EmissiveMap == mat.OcclusionMap {
		t.Errorf("texture sharing: mr %d normal %d occlusion %d emissive %d", mat.MetallicRoughnessMap, mat.NormalMap, mat.OcclusionMap, mat.EmissiveMap)
	}
	if px := f.Bytes(createdTexture(t, f, mat.EmissiveMap).Data); !bytes.Equal(px, []byte{0, 128, 0, 255, 0, 128, 255, 255}) {
		t.Errorf("emissive pixels %v", px)
	}
	// A normal map and no TANGENT: tangents along +U, right-handed.
	vs, _ := createdMesh(t, f, p.Mesh)
	for i, v := range vs {
		if !nearVec(v.Tangent[:], []float32{1, 0, 0, 1}) {
			t.Errorf("vertex %d tangent %v, want (1, 0, 0, +1)", i, v.Tangent)
		}
	}
}

// TestGeneratedTangents checks generated tangents against the direction of
// increasing U on quads mapped in several ways, mirrored ones included.
func TestGeneratedTangents(t *testing.T) {
	normalMapped := func(doc map[string]any) {
		doc["textures"] = []any{map[string]any{"source": 0}}
		doc["materials"] = []any{map[string]any{"normalTexture": map[string]any{"index": 0}}}
	}
	img := pngBytes(t)
	for _, c := range []struct {
		name string
		uvs  [4][2]float32
		want [4]float32
	}{
		{"upright", uprightUVs, [4]float32{1, 0, 0, 1}},
		// U up the quad, V along +X: the image turned a quarter, not mirrored.
		{"turned", [4][2]float32{{0, 0}, {0, 1}, {1, 1}, {1, 0}}, [4]float32{0, 1, 0, 1}},
		// U along -X, V along -Y: mirrored left to right.
		{"mirrored", [4][2]float32{{1, 1}, {0, 1}, {0, 0}, {1, 0}}, [4]float32{-1, 0, 0, -1}},
		// Scaled and skewed UVs: the tangent still follows U, made
		// orthogonal to the normal.
		{"scaled", [4][2]float32{{0, 0}, {3, 0}, {3, 2}, {0, 2}}, [4]float32{1, 0, 0, -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, p, _, f := loadQuad(t, quad{uvs: c.uvs, images: [][]byte{img}}, normalMapped)
			vs, _ := createdMesh(t, f, p.Mesh)
			for i, v := range vs {
				if !nearVec(v.Tangent[:], c.want[:]) {
					t.Errorf("vertex %d tangent %v, want %v", i, v.Tangent, c.want)
				}
			}
		})
	}
	// Degenerate UVs (all equal) give no direction: zero tangents.
	_, p, _, f := loadQuad(t, quad{images: [][]byte{img}}, normalMapped)
	vs, _ := createdMesh(t, f, p.Mesh)
	if vs[0].Tangent != ([4]float32{}) {
		t.Errorf("degenerate UVs: tangent %v, want zero", vs[0].Tangent)
	}
	// Without a normal map no tangents are made.
	_, p, _, f = loadQuad(t, quad{uvs: uprightUVs}, func(doc map[string]any) { doc["materials"] = []any{map[string]any{}} })
	vs, _ = createdMesh(t, f, p.Mesh)
	if vs[0].Tangent != ([4]float32{}) {
		t.Errorf("no normal map: tangent %v, want zero", vs[0].Tangent)
	}
}

// TestTangentAttribute: TANGENT is read as given (W made ±1), not
// generated over.
func TestTangentAttribute(t *testing.T) {
	tangents := [][4]float32{{0, 1, 0, -1}, {0, 1, 0, -0.5}, {0, 1, 0, 1}, {0, 0.6, 0.8, 1}}
	_, p, _, f := loadQuad(t, quad{uvs: uprightUVs, tangents: tangents, images: [][]byte{pngBytes(t)}}, func(doc map[string]any) {
		doc["textures"] = []any{map[string]any{"source": 0}}
		doc["materials"] = []any{map[string]any{"normalTexture": map[string]any{"index": 0}}}
	})
	vs, _ := createdMesh(t, f, p.Mesh)
	for i, want := range [][4]float32{{0, 1, 0, -1}, {0, 1, 0, -1}, {0, 1, 0, 1}, {0, 0.6, 0.8, 1}} {
		if !nearVec(vs[i].Tangent[:], want[:]) {
			t.Errorf("vertex %d tangent %v, want %v", i, vs[i].Tangent, want)
		}
	}
}

// TestGLBImages loads a GLB whose images are bufferViews: a PNG and a
// JPEG.
func TestGLBImages(t *testing.T) {
	jimg := image.NewRGBA(image.Rect(0, 0, 8, 4))
	for i := range jimg.Pix {
		jimg.Pix[i] = 255
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, jimg, nil); err != nil {
		t.Fatal(err)
	}
	q := quad{uvs: uprightUVs, glb: true, images: [][]byte{pngBytes(t), jb.Bytes()}}
	model, p, _, f := loadQuad(t, q, func(doc map[string]any) {
		doc["textures"] = []any{map[string]any{"source": 0}, map[string]any{"source": 1}}
		doc["materials"] = []any{map[string]any{
			"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}, "metallicRoughnessTexture": map[string]any{"index": 1}},
		}}
	})
	if len(model.Textures) != 2 {
		t.Fatalf("textures %v", model.Textures)
	}
	base, mrt := createdTexture(t, f, p.Texture), createdTexture(t, f, p.Material.MetallicRoughnessMap)
	if base.Desc.Format != render.FormatSRGB8A8 || base.Desc.Width != 2 || f.Bytes(base.Data)[0] != 255 {
		t.Errorf("PNG base colour map %+v", base.Desc)
	}
	if mrt.Desc.Format != render.FormatRGBA8 || mrt.Desc.Width != 8 || mrt.Desc.Height != 4 || f.Bytes(mrt.Data)[0] < 250 {
		t.Errorf("JPEG metallic-roughness map %+v", mrt.Desc)
	}
	// glTF's defaults where the material gives no factors.
	if p.Material.Metallic != 1 || p.Material.Roughness != 1 || p.Color != (mgl32.Vec4{1, 1, 1, 1}) {
		t.Errorf("default factors: %+v color %v", p.Material, p.Color)
	}
}

// TestDefaultMaterial: a primitive without a material gets glTF's default.
func TestDefaultMaterial(t *testing.T) {
	_, p, mr, _ := loadQuad(t, quad{uvs: uprightUVs}, func(doc map[string]any) {
		delete(doc["meshes"].([]any)[0].(map[string]any)["primitives"].([]any)[0].(map[string]any), "material")
		doc["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"metallicFactor": 0}}}
	})
	want := render.Material{Metallic: 1, Roughness: 1}
	if p.Material != want || mr.Material != want || p.MaterialIndex != -1 || p.Texture != 0 || p.Color != (mgl32.Vec4{1, 1, 1, 1}) {
		t.Errorf("default material: %+v index %d texture %d color %v", p.Material, p.MaterialIndex, p.Texture, p.Color)
	}
}

// TestUnlit: KHR_materials_unlit sets Unlit, may be required, and leaves
// the other maps out.
func TestUnlit(t *testing.T) {
	model, p, mr, _ := loadQuad(t, quad{uvs: uprightUVs, images: [][]byte{pngBytes(t)}}, func(doc map[string]any) {
		doc["extensionsUsed"] = []any{"KHR_materials_unlit"}
		doc["extensionsRequired"] = []any{"KHR_materials_unlit"}
		doc["textures"] = []any{map[string]any{"source": 0}}
		doc["materials"] = []any{map[string]any{
			"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}, "metallicRoughnessTexture": map[string]any{"index": 0}},
			"normalTexture":        map[string]any{"index": 0},
			"extensions":           map[string]any{"KHR_materials_unlit": map[string]any{}},
		}}
	})
	if !p.Material.Unlit || !mr.Material.Unlit || p.Texture == 0 {
		t.Errorf("unlit: %+v texture %d", p.Material, p.Texture)
	}
	if p.Material.MetallicRoughnessMap != 0 || p.Material.NormalMap != 0 || len(model.Textures) != 1 {
		t.Errorf("unlit material made other maps: %+v, textures %v", p.Material, model.Textures)
	}
}

// TestAlphaModes: BLEND blends; MASK blends with the base colour map's
// alpha cut at alphaCutoff (folded with the factor's alpha), or with the
// factor's alpha cut where there is no map.
func TestAlphaModes(t *testing.T) {
	withMaterial := func(mat map[string]any) func(map[string]any) {
		return func(doc map[string]any) {
			doc["textures"] = []any{map[string]any{"source": 0}}
			doc["materials"] = []any{mat}
		}
	}
	q := quad{uvs: uprightUVs, images: [][]byte{alphaRamp(t)}}
	_, p, _, f := loadQuad(t, q, withMaterial(map[string]any{"alphaMode": "BLEND",
		"pbrMetallicRoughness": map[string]any{"baseColorFactor": []any{1, 1, 1, 0.5}, "baseColorTexture": map[string]any{"index": 0}}}))
	if p.Blend != render.BlendAlpha || p.Color[3] != 0.5 {
		t.Errorf("BLEND: blend %v color %v", p.Blend, p.Color)
	}
	if px := f.Bytes(createdTexture(t, f, p.Texture).Data); px[7] != 100 || px[11] != 160 {
		t.Errorf("BLEND altered the texture's alpha: %v", px)
	}
	for _, c := range []struct {
		name   string
		factor float64
		cutoff any // nil: the default, 0.5
		alpha  []byte
	}{
		{"default cutoff", 1, nil, []byte{0, 0, 255, 255}},        // 100/255 < 0.5 <= 160/255
		{"cutoff 0.3", 1, 0.3, []byte{0, 255, 255, 255}},          // 100/255 ≈ 0.39
		{"factor alpha 0.5", 0.5, 0.3, []byte{0, 0, 255, 255}},    // 0.5 × 160/255 ≈ 0.31
		{"factor alpha 0", 0, 0.3, []byte{0, 0, 0, 0}},            // nothing reaches the cutoff
		{"cutoff 0", 0.5, 0, []byte{255, 255, 255, 255}},          // everything does
		{"cutoff above 1", 1, 1.5, []byte{0, 0, 0, 0}},            // nothing does
		{"cutoff 1 opaque texels", 1, 1.0, []byte{0, 0, 0, 255}},  // only alpha 255
		{"factor alpha 0.8", 0.8, 0.5, []byte{0, 0, 255, 255}},    // 0.8 × 160/255 ≈ 0.50 (0.502)
		{"factor alpha 0.78", 0.78, 0.5, []byte{0, 0, 0, 255}},    // 0.78 × 160/255 ≈ 0.489
		{"cutoff 0.39", 1, 100.0 / 255, []byte{0, 255, 255, 255}}, // exactly at alpha 100
	} {
		t.Run("MASK "+c.name, func(t *testing.T) {
			mat := map[string]any{"alphaMode": "MASK",
				"pbrMetallicRoughness": map[string]any{"baseColorFactor": []any{1, 1, 1, c.factor}, "baseColorTexture": map[string]any{"index": 0}}}
			if c.cutoff != nil {
				mat["alphaCutoff"] = c.cutoff
			}
			_, p, _, f := loadQuad(t, q, withMaterial(mat))
			if p.Blend != render.BlendAlpha || p.Color[3] != 1 {
				t.Errorf("blend %v color %v, want alpha blending and factor alpha 1", p.Blend, p.Color)
			}
			px := f.Bytes(createdTexture(t, f, p.Texture).Data)
			got := []byte{px[3], px[7], px[11], px[15]}
			if !bytes.Equal(got, c.alpha) || px[0] != 200 {
				t.Errorf("alpha %v, want %v (pixels %v)", got, c.alpha, px)
			}
		})
	}
	// No map: the factor's alpha alone is cut.
	for _, c := range []struct {
		factor, want float32
	}{{0.6, 1}, {0.4, 0}} {
		_, p, _, _ := loadQuad(t, quad{uvs: uprightUVs}, func(doc map[string]any) {
			doc["materials"] = []any{map[string]any{"alphaMode": "MASK", "pbrMetallicRoughness": map[string]any{"baseColorFactor": []any{1, 0, 0, c.factor}}}}
		})
		if p.Color != (mgl32.Vec4{1, 0, 0, c.want}) || p.Blend != render.BlendAlpha {
			t.Errorf("MASK without a map, factor alpha %v: color %v blend %v", c.factor, p.Color, p.Blend)
		}
	}
}

// TestMaterialErrors checks that bad materials, textures, samplers and
// images fail with errors naming the file and the JSON path.
func TestMaterialErrors(t *testing.T) {
	tex := func(doc map[string]any, mat map[string]any) {
		doc["textures"] = []any{map[string]any{"source": 0}}
		doc["materials"] = []any{mat}
	}
	base := map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}
	bad := []byte("GIF89a not really")
	for _, c := range []struct {
		name   string
		glb    bool
		images [][]byte
		edit   func(map[string]any)
		want   string
	}{
		{"bufferView image not an image", true, [][]byte{pngBytes(t), bad}, func(d map[string]any) {
			d["textures"] = []any{map[string]any{"source": 1}}
			d["materials"] = []any{base}
		}, "m.glb: images[1]: bufferView 3: not a PNG or JPEG image"},
		{"truncated PNG in a data URI", false, [][]byte{pngBytes(t)[:30]}, func(d map[string]any) { tex(d, base) },
			"m.gltf: images[0]: data: URI: bad png"},
		{"image bufferView out of range", true, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["images"].([]any)[0].(map[string]any)["bufferView"] = 9
		}, "m.glb: images[0].bufferView: bufferView 9 out of range (the file has 3)"},
		{"image without data", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["images"] = []any{map[string]any{"mimeType": "image/png"}}
		}, "m.gltf: images[0]: neither a uri nor a bufferView"},
		{"image file missing", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["images"] = []any{map[string]any{"uri": "nope.png"}}
		}, "m.gltf: images[0].uri: nope.png"},
		{"data URI not base64", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["images"] = []any{map[string]any{"uri": "data:image/png,abc"}}
		}, "m.gltf: images[0].uri: a data: URI that is not base64"},
		{"image out of range", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["textures"] = []any{map[string]any{"source": 3}}
		}, "m.gltf: textures[0].source: image 3 out of range (the file has 1)"},
		{"sampler out of range", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["textures"] = []any{map[string]any{"source": 0, "sampler": 0}}
		}, "m.gltf: textures[0].sampler: sampler 0 out of range (the file has 0)"},
		{"bad wrap", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["textures"] = []any{map[string]any{"source": 0, "sampler": 0}}
			d["samplers"] = []any{map[string]any{"wrapT": 1234}}
		}, "m.gltf: samplers[0].wrapT: unknown wrapping mode: 1234"},
		{"bad magFilter", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["textures"] = []any{map[string]any{"source": 0, "sampler": 0}}
			d["samplers"] = []any{map[string]any{"magFilter": 9986}}
		}, "m.gltf: samplers[0].magFilter: unknown magnification filter: 9986"},
		{"bad minFilter", false, [][]byte{pngBytes(t)}, func(d map[string]any) {
			tex(d, base)
			d["textures"] = []any{map[string]any{"source": 0, "sampler": 0}}
			d["samplers"] = []any{map[string]any{"minFilter": 42}}
		}, "m.gltf: samplers[0].minFilter: unknown minification filter: 42"},
		{"metallic above 1", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"metallicFactor": 2}}}
		}, "m.gltf: materials[0].pbrMetallicRoughness.metallicFactor: 2, want a number from 0 to 1"},
		{"normal texture out of range", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"normalTexture": map[string]any{"index": 1}}}
		}, "m.gltf: materials[0].normalTexture.index: texture 1 out of range (the file has 0)"},
		{"bad alpha mode", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"alphaMode": "CUTOUT"}}
		}, "m.gltf: materials[0].alphaMode: unknown alpha mode: CUTOUT"},
		{"negative cutoff", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"alphaMode": "MASK", "alphaCutoff": -1}}
		}, "m.gltf: materials[0].alphaCutoff: -1"},
		{"emissive factor length", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"emissiveFactor": []any{1, 1}}}
		}, "m.gltf: materials[0].emissiveFactor: 2 numbers, want 3"},
		{"occlusion strength", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"occlusionTexture": map[string]any{"index": 0, "strength": 3}}}
		}, "m.gltf: materials[0].occlusionTexture.strength: 3, want a number from 0 to 1"},
		{"negative emissive strength", false, nil, func(d map[string]any) {
			d["materials"] = []any{map[string]any{"extensions": map[string]any{"KHR_materials_emissive_strength": map[string]any{"emissiveStrength": -2}}}}
		}, "m.gltf: materials[0].extensions.KHR_materials_emissive_strength.emissiveStrength: -2"},
		{"required unknown extension", false, nil, func(d map[string]any) {
			d["extensionsRequired"] = []any{"KHR_materials_unlit", "KHR_draco_mesh_compression"}
		}, `m.gltf: extensionsRequired[1]: extension "KHR_draco_mesh_compression" is not supported`},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := quad{uvs: uprightUVs, glb: c.glb, images: c.images}
			doc, bin := q.build()
			c.edit(doc)
			name := "m.gltf"
			if c.glb {
				name = "m.glb"
			}
			m, _ := newManager(t, map[string][]byte{name: q.file(t, doc, bin)})
			_, err := m.Load(name)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %v\nwant it to start with %q", err, c.want)
			}
		})
	}
}

// TestTexCoordAndExtensionImages: a map on another texture coordinate set,
// and a texture whose image only an extension gives, are left out without
// failing.
func TestTexCoordAndExtensionImages(t *testing.T) {
	_, p, _, _ := loadQuad(t, quad{uvs: uprightUVs, images: [][]byte{pngBytes(t)}}, func(doc map[string]any) {
		doc["textures"] = []any{map[string]any{"source": 0}, map[string]any{"extensions": map[string]any{"KHR_texture_basisu": map[string]any{"source": 0}}}}
		doc["materials"] = []any{map[string]any{
			"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 1}},
			"occlusionTexture":     map[string]any{"index": 0, "texCoord": 1},
		}}
	})
	if p.Texture != 0 || p.Material.OcclusionMap != 0 {
		t.Errorf("maps made: base %d occlusion %d", p.Texture, p.Material.OcclusionMap)
	}
}

// TestImageFileReload: an external image is read by the model (not a
// dependency); changing it and reloading the model replaces the model's
// content in place, keeps the previous version's GPU objects for nodes
// already built, and unloading deletes both versions.
func TestImageFileReload(t *testing.T) {
	red := imagePNG(t, 1, 1, func(int, int) color.NRGBA { return color.NRGBA{255, 0, 0, 255} })
	blue := imagePNG(t, 1, 1, func(int, int) color.NRGBA { return color.NRGBA{0, 0, 255, 255} })
	q := quad{uvs: uprightUVs}
	doc, _ := q.build()
	doc["images"] = []any{map[string]any{"uri": "img/c.png"}}
	doc["textures"] = []any{map[string]any{"source": 0}}
	doc["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}}
	m, f := newManager(t, map[string][]byte{"models/m.gltf": mustJSON(t, doc), "models/img/c.png": red})
	x, err := m.Load("models/m.gltf")
	if err != nil {
		t.Fatal(err)
	}
	model := ModelOf(x)
	old := model.Meshes[0].Primitives[0]
	if px := f.Bytes(createdTexture(t, f, old.Texture).Data); px[0] != 255 || px[2] != 0 {
		t.Fatalf("first version pixels %v", px)
	}
	var reloaded []*asset.Asset
	m.Reloaded.On(func(a *asset.Asset) { reloaded = append(reloaded, a) })
	if err := os.WriteFile(filepath.Join(m.Root(), "models/img/c.png"), blue, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := m.Reload("models/m.gltf"); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, m, func() bool { return len(reloaded) == 1 })
	if ModelOf(x) != model || model.Reloads != 1 {
		t.Fatalf("reload replaced the model value or did not count: %d", model.Reloads)
	}
	cur := model.Meshes[0].Primitives[0]
	if cur.Mesh == old.Mesh || cur.Texture == old.Texture {
		t.Fatalf("reload kept the handles: %+v", cur)
	}
	if px := f.Bytes(createdTexture(t, f, cur.Texture).Data); px[0] != 0 || px[2] != 255 {
		t.Errorf("reloaded pixels %v, want blue", px)
	}
	if len(f.Deletes()) != 0 {
		t.Errorf("reload deleted %v, the previous version's nodes still draw it", f.Deletes())
	}
	// A bad image keeps the current version.
	if err := os.WriteFile(filepath.Join(m.Root(), "models/img/c.png"), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	var failed []asset.ReloadError
	m.ReloadFailed.On(func(e asset.ReloadError) { failed = append(failed, e) })
	m.Reload("models/m.gltf")
	pollUntil(t, m, func() bool { return len(failed) == 1 })
	if !strings.Contains(failed[0].Err.Error(), "models/m.gltf: images[0]: models/img/c.png: not a PNG or JPEG image") || model.Reloads != 1 {
		t.Errorf("failed reload: %v, reloads %d", failed[0].Err, model.Reloads)
	}
	x.Release()
	for _, id := range []render.TextureID{old.Texture, cur.Texture} {
		if !textureDeleted(f, id) {
			t.Errorf("texture %d not deleted at unload", id)
		}
	}
	meshes := 0
	for _, c := range f.Deletes() {
		if c.Op == render.OpDeleteMesh && (c.Mesh == old.Mesh || c.Mesh == cur.Mesh) {
			meshes++
		}
	}
	if meshes != 2 {
		t.Errorf("%d of both versions' meshes deleted at unload", meshes)
	}
}

// pollUntil polls m until cond holds, or fails after a generous deadline.
func pollUntil(t *testing.T, m *asset.Manager, cond func() bool) {
	t.Helper()
	for range 10000 {
		if cond() {
			return
		}
		m.Poll()
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("timed out")
}

// TestImageLimits: an image over the side limit is refused from its
// header, naming the image.
func TestImageLimits(t *testing.T) {
	// A PNG header claiming 9000×1 (no pixel data follows).
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := []byte("IHDR")
	ihdr = binary.BigEndian.AppendUint32(ihdr, 9000)
	ihdr = binary.BigEndian.AppendUint32(ihdr, 1)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	_, err := decodeImage(b.Bytes())
	if err == nil || !strings.Contains(err.Error(), "png image is 9000x1, want 1 to 8192 on a side") {
		t.Errorf("error %v", err)
	}
	if _, err := decodeImage(nil); err == nil {
		t.Error("no bytes decoded")
	}
	if d, err := decodeImage(pngBytes(t)); err != nil || d.w != 2 || d.h != 2 || len(d.pix) != 16 {
		t.Errorf("decode: %v", err)
	}
}

// TestWatchImageReloadsModel: with Options.Watch, changing an image file
// the model reads reloads the model.
func TestWatchImageReloadsModel(t *testing.T) {
	dir := t.TempDir()
	q := quad{uvs: uprightUVs}
	doc, _ := q.build()
	doc["images"] = []any{map[string]any{"uri": "c.png"}}
	doc["textures"] = []any{map[string]any{"source": 0}}
	doc["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}}
	for name, b := range map[string][]byte{"m.gltf": mustJSON(t, doc), "c.png": pngBytes(t)} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := render.NewFrame()
	m, err := asset.New(asset.Options{Root: dir, Frames: frames{f}, Watch: true, Logger: core.NewLogger(io.Discard)})
	if err != nil {
		t.Skipf("no file watching here: %v", err)
	}
	defer m.Close()
	Register(m)
	x, err := m.Load("m.gltf")
	if err != nil {
		t.Fatal(err)
	}
	defer x.Release()
	reloads := 0
	m.Reloaded.On(func(*asset.Asset) { reloads++ })
	green := imagePNG(t, 3, 1, func(int, int) color.NRGBA { return color.NRGBA{0, 255, 0, 255} })
	if err := os.WriteFile(filepath.Join(dir, "c.png"), green, 0o644); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, m, func() bool { return reloads > 0 })
	p := ModelOf(x).Meshes[0].Primitives[0]
	if d := createdTexture(t, f, p.Texture).Desc; d.Width != 3 {
		t.Errorf("after the image changed: texture %+v, want the new 3x1 image", d)
	}
}

// BenchmarkParseTexturedGLB parses a GLB quad with a 512×512 PNG used as
// base colour and normal map (two textures, tangents generated).
func BenchmarkParseTexturedGLB(b *testing.B) {
	img := imagePNG(b, 512, 512, func(x, y int) color.NRGBA { return color.NRGBA{uint8(x), uint8(y), uint8(x ^ y), 255} })
	q := quad{uvs: uprightUVs, glb: true, images: [][]byte{img}}
	doc, bin := q.build()
	doc["textures"] = []any{map[string]any{"source": 0}}
	doc["materials"] = []any{map[string]any{
		"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}},
		"normalTexture":        map[string]any{"index": 0},
	}}
	file := q.file(b, doc, bin)
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		d, err := parse("m.glb", file, nil)
		if err != nil || len(d.textures) != 2 {
			b.Fatal(err)
		}
	}
}
