// Package gltf loads glTF 2.0 models (".gltf" JSON with external or data:
// buffers, and ".glb" binary files) as assets, and builds scene nodes from
// them.
//
// The file is read with the maintained module github.com/qmuntal/gltf:
// its document model decodes the JSON (and checks its types, required
// properties and enumerations), and its modeler package reads accessors.
// This package splits GLB containers and reads buffers and images itself,
// through the asset Source, so that they stay under the asset root and
// are watched with the model; it checks every index, accessor and buffer
// range before the module reads them, within memory budgets; and it
// names the JSON path of every fault. Register the formats with a
// Manager, load the model, and instantiate it:
//
//	gltf.Register(assets)
//	x, err := assets.Load("models/crate.glb")
//	...
//	root, err := gltf.ModelOf(x).Instantiate()
//	scene.AddChild(root)
//
// What is read: the default scene's node hierarchy (names, translation,
// rotation and scale, or a matrix decomposed into them), and every mesh's
// TRIANGLES primitives with POSITION, NORMAL (flat normals are computed when
// it is missing), TANGENT, TEXCOORD_0 and COLOR_0, indexed or not (indices
// are then generated). Each primitive becomes one render mesh, and one
// scenegraph.MeshRenderer on the node that uses it.
//
// Materials are metallic-roughness (glTF's core model): baseColorFactor and
// baseColorTexture become the renderer's Color and Texture; metallicFactor,
// roughnessFactor, metallicRoughnessTexture, normalTexture (with scale),
// occlusionTexture (with strength), emissiveFactor and emissiveTexture
// become its render.Material. A primitive without a material gets glTF's
// default material (white, metallic 1, roughness 1). alphaMode BLEND draws
// with render.BlendAlpha. MASK does too, cut in advance since the renderer
// has no alpha test: the base colour map's alpha becomes 0 or 1 against
// alphaCutoff (with the factor's alpha folded in), and so does the
// factor's alpha where there is no map; vertex colours' alpha is not cut.
// Extensions read: KHR_materials_unlit (Material.Unlit; the other maps
// are then not loaded) and KHR_materials_emissive_strength; files may
// require these two, any other required extension is an error.
//
// Images are PNG or JPEG (told apart by content), from a file under the
// asset root (a relative uri), a base64 data: URI or a bufferView (GLB).
// The model decodes them itself, on the loading worker, and owns the
// textures it makes (Model.Textures; Free deletes them): colour maps (base
// colour, emissive) are FormatSRGB8A8 textures and data maps
// (metallic-roughness, normal, occlusion) FormatRGBA8, so an image used
// both ways makes two textures. Image files are not asset dependencies (no
// shared asset texture could have both formats): they are read through the
// model's Source, so that with Options.Watch a change to the .gltf, a
// buffer or an image reloads the model (see Format.Reload). Images are
// limited to asset.DefaultMaxTextureSize on a side and
// asset.DefaultMaxDecodedBytes decoded each, and one model's textures to
// 1 GiB of pixels.
//
// Samplers: magFilter NEAREST gives render.FilterNearest, anything else
// linear filtering; textures are mipmapped (render.TextureDesc.Mipmaps)
// unless minFilter is NEAREST or LINEAR. The renderer has one wrap mode
// for both axes: a texture clamps (render.WrapClamp) when wrapS and wrapT
// are both CLAMP_TO_EDGE and repeats otherwise; MIRRORED_REPEAT repeats
// (it is not mirrored).
//
// Tangents: TANGENT is read where the primitive has normals. A primitive
// with a normal map, texture coordinates and no TANGENT gets generated
// tangents: per-triangle directions of increasing U accumulated per vertex,
// made orthogonal to the normal (Gram-Schmidt), with the handedness in W.
// This is not MikkTSpace, the method glTF exporters bake normal maps
// against: smooth, unmirrored surfaces match it, UV seams may show.
// Vertices left without a usable direction get a zero tangent, for which
// the mesh program derives one per pixel.
//
// Not read: sparse accessors, other primitive modes (points, lines, strips
// and fans are an error), skins, morph targets, animations, cameras,
// lights, other texture coordinate sets (a map on TEXCOORD_1 is left out),
// doubleSided (the renderer draws both sides of every mesh), the kind of
// mipmap filtering minFilter names, KHR_texture_transform and other
// extensions (images only an extension gives, as KHR_texture_basisu's,
// are left out). The module's document model still checks what is not
// read, so a file with, say, a camera without its projection, a skin
// without joints or an alphaCutoff without an alphaMode is refused.
// Texture coordinates pass through unchanged: glTF's (0,0) is the image's
// top-left corner, which is the first row of a render texture.
package gltf

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/asset"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Register registers Format for ".gltf" and ".glb" with m. The asset
// package cannot register it itself (this package imports asset).
func Register(m *asset.Manager) {
	m.RegisterFormat(".gltf", Format{})
	m.RegisterFormat(".glb", Format{})
}

// Format is the asset.Format (and asset.Reloader) of glTF files: Decode
// parses and checks the file, and reads its buffers and decodes its images
// (read through the Source, so they stay under the asset root and are
// watched with the model), on a worker; Create uploads one mesh per
// primitive and the textures the materials use; Free deletes them. A
// load's value is a *Model. Errors name the file and the JSON path of the
// fault, as in "model.gltf: meshes[0].primitives[1].attributes.POSITION:
// accessor 7 out of range (the file has 3)" or "model.glb: images[2]:
// bufferView 9: not a PNG or JPEG image".
type Format struct{}

// Format reloads models in place.
var _ asset.Reloader = Format{}

// Decode reads and checks the model, and decodes the images its materials
// use.
func (Format) Decode(src *asset.Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	d, err := parse(src.Path, b, src.ReadFile)
	if err != nil {
		return nil, &asset.Error{Path: src.Path, Err: err}
	}
	return d, nil
}

// Create uploads the model's meshes and textures and builds the *Model.
func (Format) Create(ctx *asset.CreateContext, data any) (any, error) {
	return newModel(ctx.Frame, data.(*decoded)), nil
}

// Reload replaces a loaded model's content with a new decode of its files
// (the asset manager calls it when the .gltf, a buffer or an image file
// changes, or on Manager.Reload). The *Model stays the same value, with
// new meshes and textures; the previous ones stay on the GPU, so that
// nodes instantiated before keep drawing the previous version, until the
// asset is unloaded. Instantiate again (on the Manager's Reloaded signal)
// to show the new one.
func (Format) Reload(f *render.Frame, value, data any) error {
	m := value.(*Model)
	if m.freed {
		return fmt.Errorf("%s: %w", m.Path, ErrFreed)
	}
	n := newModel(f, data.(*decoded))
	m.retired = append(m.retired, m.gpu())
	m.Meshes, m.Textures, m.name, m.nodes, m.roots = n.Meshes, n.Textures, n.name, n.nodes, n.roots
	m.Reloads++
	return nil
}

// Free deletes the model's meshes and textures, those of earlier versions
// replaced by reloads included. Nodes built from the model must not be
// drawn afterwards.
func (Format) Free(f *render.Frame, value any) {
	m, ok := value.(*Model)
	if !ok || m.freed {
		return
	}
	m.freed = true
	for _, g := range append(m.retired, m.gpu()) {
		for _, id := range g.meshes {
			f.DeleteMesh(id)
		}
		for _, id := range g.textures {
			f.DeleteTexture(id)
		}
	}
	m.retired = nil
}

// newModel records the creation of d's textures and meshes into f.
func newModel(f *render.Frame, d *decoded) *Model {
	m := &Model{Path: d.path, name: d.name, nodes: d.nodes, roots: d.roots}
	for _, t := range d.textures {
		m.Textures = append(m.Textures, f.CreateTexture(t.desc, t.pix))
	}
	tex := func(i int) render.TextureID {
		if i < 0 {
			return 0
		}
		return m.Textures[i]
	}
	for _, md := range d.meshes {
		mesh := Mesh{Name: md.name}
		for _, pd := range md.prims {
			mat := d.materials[pd.material]
			p := Primitive{
				Mesh:     f.CreateMesh(pd.verts, pd.indices),
				Texture:  tex(mat.base),
				Color:    mat.color,
				Material: mat.mat,
				Blend:    mat.blend,
				Radius:   pd.radius,
				Vertices: len(pd.verts),
				Indices:  len(pd.indices),
			}
			p.Material.MetallicRoughnessMap = tex(mat.metalRough)
			p.Material.NormalMap = tex(mat.normal)
			p.Material.OcclusionMap = tex(mat.occlusion)
			p.Material.EmissiveMap = tex(mat.emissive)
			p.MaterialIndex = pd.material
			if pd.material == len(d.materials)-1 {
				p.MaterialIndex = -1
			}
			mesh.Primitives = append(mesh.Primitives, p)
		}
		m.Meshes = append(m.Meshes, mesh)
	}
	return m
}

// Model is a loaded glTF file: its meshes and textures on the GPU and its
// node hierarchy. It changes only in a reload (see Format.Reload), on the
// main thread.
type Model struct {
	// Path is the model's asset path.
	Path string
	// Meshes are the file's meshes, in the file's order.
	Meshes []Mesh
	// Textures are the textures the model made from its images, which it
	// owns: one for each image, sampler and format its materials use
	// (colour maps are FormatSRGB8A8, data maps FormatRGBA8).
	Textures []render.TextureID
	// Reloads counts the reloads that replaced the content.
	Reloads int

	name    string
	nodes   []nodeData
	roots   []int
	retired []gpuObjects // earlier versions' objects, deleted by Free
	freed   bool
}

// gpuObjects are the GPU objects of one version of a model.
type gpuObjects struct {
	meshes   []render.MeshID
	textures []render.TextureID
}

// gpu returns the current version's GPU objects.
func (m *Model) gpu() gpuObjects {
	var g gpuObjects
	for _, mesh := range m.Meshes {
		for _, p := range mesh.Primitives {
			g.meshes = append(g.meshes, p.Mesh)
		}
	}
	g.textures = m.Textures
	return g
}

// Mesh is one glTF mesh.
type Mesh struct {
	Name       string
	Primitives []Primitive
}

// Primitive is one glTF primitive: a render mesh with its material, ready
// for a scenegraph.MeshRenderer (Texture and Color are the base colour,
// the rest of the material is in Material).
type Primitive struct {
	Mesh render.MeshID
	// Texture is the base colour map (FormatSRGB8A8); 0: none (white).
	Texture render.TextureID
	// Color is the base colour factor (white without one). Under alpha
	// mode MASK its alpha is 0 or 1, see Blend.
	Color mgl32.Vec4
	// Material is the rest of the metallic-roughness material: factors
	// (glTF's defaults where the file gives none, metallic and roughness
	// 1) and the maps, owned by the Model. Unlit is set by
	// KHR_materials_unlit.
	Material render.Material
	// Blend is render.BlendAlpha for alpha modes BLEND and MASK (MASK is
	// cut in advance: the base colour map's alpha is made 0 or 1 against
	// alphaCutoff), render.BlendOpaque otherwise.
	Blend render.BlendMode
	// MaterialIndex is the glTF material's index, -1 for glTF's default
	// material (a primitive without one).
	MaterialIndex int
	// Radius bounds the vertices around the mesh's origin.
	Radius float32
	// Vertices and Indices count what was uploaded (vertices are unshared,
	// three a triangle, when flat normals were computed).
	Vertices, Indices int
}

// ModelOf returns the asset's model, or nil if it is not a loaded glTF model.
func ModelOf(x *asset.Asset) *Model {
	if x == nil {
		return nil
	}
	m, _ := x.Value().(*Model)
	return m
}

// ErrFreed is returned by Instantiate on a model whose asset was unloaded.
var ErrFreed = errors.New("gltf: the model's asset was unloaded")

// Instantiate builds a new, detached copy of the default scene (or, in a
// file without scenes, of every node without a parent): a root node named
// after the file, holding the scene's root nodes as children, each with
// its name and transform, its children, and one MeshRenderer for each
// primitive of its mesh (Mesh, Texture, Color, Material, Blend and Radius
// set). Nodes without
// a name are named "node" and their index. Keep the model's asset loaded
// while the nodes are drawn: they do not hold it.
func (m *Model) Instantiate() (*scenegraph.Node, error) {
	if m.freed {
		return nil, fmt.Errorf("%s: %w", m.Path, ErrFreed)
	}
	root := scenegraph.NewNode(m.name)
	for _, r := range m.roots {
		if err := root.AddChild(m.build(r)); err != nil {
			return nil, fmt.Errorf("%s: %w", m.Path, err)
		}
	}
	return root, nil
}

// build makes node i and its subtree (the hierarchy was checked to be a
// tree in Decode).
func (m *Model) build(i int) *scenegraph.Node {
	nd := &m.nodes[i]
	n := scenegraph.NewNode(nd.name)
	n.SetPosition(nd.t)
	n.SetRotation(nd.r)
	n.SetScale(nd.s)
	if nd.mesh >= 0 {
		for _, p := range m.Meshes[nd.mesh].Primitives {
			scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: p.Mesh, Texture: p.Texture, Color: p.Color,
				Material: p.Material, Blend: p.Blend, Radius: p.Radius})
		}
	}
	for _, c := range nd.children {
		n.AddChild(m.build(c))
	}
	return n
}
