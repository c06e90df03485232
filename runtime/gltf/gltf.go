package gltf

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
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
	m.Meshes, m.Textures, m.name, m.nodes, m.roots, m.clips, m.skins = n.Meshes, n.Textures, n.name, n.nodes, n.roots, n.clips, n.skins
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
	m := &Model{Path: d.path, name: d.name, nodes: d.nodes, roots: d.roots, clips: d.clips, skins: d.skins}
	for _, t := range d.textures {
		m.Textures = append(m.Textures, f.CreateTexture(t.desc, t.pix))
	}
	tex := func(i int) render.TextureID {
		if i < 0 {
			return 0
		}
		return m.Textures[i]
	}
	// glTF draws a skinned mesh on a node without a skin in its bind
	// pose: such primitives get a plain mesh too.
	unskinned := make([]bool, len(d.meshes))
	for _, nd := range d.nodes {
		if nd.mesh >= 0 && nd.skin < 0 {
			unskinned[nd.mesh] = true
		}
	}
	for mi, md := range d.meshes {
		mesh := Mesh{Name: md.name, Weights: md.weights}
		for _, pd := range md.prims {
			mat := d.materials[pd.material]
			var id, plain render.MeshID
			if pd.skin != nil {
				id = f.CreateSkinnedMesh(pd.verts, pd.skin, pd.indices)
				if unskinned[mi] {
					plain = f.CreateMesh(pd.verts, pd.indices)
				}
			} else {
				id = f.CreateMesh(pd.verts, pd.indices)
			}
			if pd.targets != nil { // morph.go
				f.CreateMorphTargets(id, pd.targets)
				if plain != 0 {
					f.CreateMorphTargets(plain, pd.targets)
				}
			}
			p := Primitive{
				Mesh:       id,
				Skinned:    pd.skin != nil,
				Unskinned:  plain,
				Texture:    tex(mat.base),
				Color:      mat.color,
				Material:   mat.mat,
				Blend:      mat.blend,
				Radius:     pd.radius,
				Vertices:   len(pd.verts),
				Indices:    len(pd.indices),
				Targets:    len(pd.targets),
				morphRadii: pd.radii,
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
	clips   []*animation.Clip
	skins   []skinData
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
			if p.Unskinned != 0 {
				g.meshes = append(g.meshes, p.Unskinned)
			}
		}
	}
	g.textures = m.Textures
	return g
}

// Mesh is one glTF mesh.
type Mesh struct {
	Name       string
	Primitives []Primitive
	// Weights are the default weights of its morph targets (glTF's
	// mesh.weights, zeros where the file has none), one a target; nil
	// for a mesh without targets.
	Weights []float32
}

// Primitive is one glTF primitive: a render mesh with its material, ready
// for a scenegraph.MeshRenderer (Texture and Color are the base colour,
// the rest of the material is in Material).
type Primitive struct {
	// Mesh is the primitive's render mesh: a skinned one
	// (render.Frame.CreateSkinnedMesh) when Skinned.
	Mesh render.MeshID
	// Skinned reports JOINTS_0 and WEIGHTS_0: Mesh is drawn posed by the
	// Skin of the node drawing it (MeshRenderer.Skin).
	Skinned bool
	// Unskinned is, for a skinned primitive that a node without a skin
	// draws, the same vertices as a plain mesh, which glTF draws in the
	// bind pose; 0 otherwise.
	Unskinned render.MeshID
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
	// Targets counts the primitive's morph targets, given to Mesh (and
	// Unskinned) by render.Frame.CreateMorphTargets; the same for every
	// primitive of a mesh.
	Targets int

	morphRadii []float32 // MeshRenderer.MorphRadii
}

// Clips returns the file's animations as keyframe clips, in the file's
// order, for an animation.Player on the node Instantiate returns (their
// track paths start below it). One Clip per glTF animation (named as in
// the file; "animation<i>" when unnamed, and "<name>#<i>" for a name
// used before), one track per channel: translation becomes "position",
// scale "scale", rotation "quaternion" (slerped), and weights one track
// a morph target, on "weights[i]" of the node's MeshRenderer; STEP, LINEAR and
// CUBICSPLINE become Step, Linear and Hermite (the spline's tangents are
// per second, as Keyframe.In and Out). A clip lasts to its last key (1/60
// s if every key is at 0) and plays once (WrapNormal, Cocos' default; set
// Wrap to WrapLoop for a cycle). Channels on nodes
// outside the default scene are left out; a channel on a node that
// Node.Find cannot reach (a name with a slash, or a sibling before it of
// the same name) is an error naming the channel. The clips are shared by every instance
// of the model and replaced by a reload; change them only before they
// play.
func (m *Model) Clips() []*animation.Clip { return m.clips }

// Clip returns the clip named name, or nil.
func (m *Model) Clip(name string) *animation.Clip {
	for _, c := range m.clips {
		if c.Name == name {
			return c
		}
	}
	return nil
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
// set; for a mesh with morph targets also Weights, the node's or the
// mesh's, one slice shared by the node's renderers, and MorphRadii). Nodes without
// a name are named "node" and their index. Keep the model's asset loaded
// while the nodes are drawn: they do not hold it.
func (m *Model) Instantiate() (*scenegraph.Node, error) {
	if m.freed {
		return nil, fmt.Errorf("%s: %w", m.Path, ErrFreed)
	}
	root := scenegraph.NewNode(m.name)
	byDoc := make([]*scenegraph.Node, len(m.nodes))
	renderers := make([][]*scenegraph.MeshRenderer, len(m.nodes))
	for _, r := range m.roots {
		if err := root.AddChild(m.build(r, byDoc, renderers)); err != nil {
			return nil, fmt.Errorf("%s: %w", m.Path, err)
		}
	}
	if err := m.addSkins(byDoc, renderers); err != nil {
		return nil, fmt.Errorf("%s: %w", m.Path, err)
	}
	return root, nil
}

// build makes node i and its subtree (the hierarchy was checked to be a
// tree in Decode) without recursion, so a hierarchy of any depth builds in
// time linear in its size: nodes are made in pre-order, then each gets its
// children in reverse pre-order, so that every AddChild joins a complete
// subtree to a node that has no parent yet (SetParent's cycle check walks
// the new parent's ancestors: top-down, a chain would make it quadratic).
// byDoc, one slot per node of the file, records the nodes made, and
// renderers the MeshRenderers of skinned primitives on nodes with a skin.
func (m *Model) build(i int, byDoc []*scenegraph.Node, renderers [][]*scenegraph.MeshRenderer) *scenegraph.Node {
	var order []int
	stack := []int{i}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &m.nodes[j]
		n := scenegraph.NewNode(nd.name)
		n.SetPosition(nd.t)
		n.SetRotation(nd.r)
		n.SetScale(nd.s)
		if nd.mesh >= 0 {
			mesh := &m.Meshes[nd.mesh]
			var mrs []*scenegraph.MeshRenderer
			var radii [][]float32
			for _, p := range mesh.Primitives {
				mr := scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: p.Mesh, Texture: p.Texture, Color: p.Color,
					Material: p.Material, Blend: p.Blend, Radius: p.Radius})
				switch {
				case p.Skinned && nd.skin >= 0:
					renderers[j] = append(renderers[j], mr) // addSkins gives it the node's Skin
				case p.Skinned:
					mr.Mesh = p.Unskinned
				}
				mrs, radii = append(mrs, mr), append(radii, p.morphRadii)
			}
			w := mesh.Weights
			if nd.weights != nil {
				w = nd.weights
			}
			setWeights(mrs, w, radii) // morph.go
		}
		byDoc[j] = n
		order = append(order, j)
		for k := len(nd.children) - 1; k >= 0; k-- {
			stack = append(stack, nd.children[k])
		}
	}
	for k := len(order) - 1; k >= 0; k-- {
		j := order[k]
		for _, c := range m.nodes[j].children {
			byDoc[j].AddChild(byDoc[c])
		}
	}
	return byDoc[i]
}
