// Package gltf loads glTF 2.0 models (".gltf" JSON with external or data:
// buffers, and ".glb" binary files) as assets, and builds scene nodes from
// them.
//
// It is an in-repository reader written with encoding/json (the maintained
// Go glTF modules were not available to this project). Register the formats
// with a Manager, load the model, and instantiate it:
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
// it is missing), TEXCOORD_0 and COLOR_0, indexed or not (indices are then
// generated). Each primitive becomes one render mesh, and one
// scenegraph.MeshRenderer on the node that uses it, coloured by its
// material's baseColorFactor and textured by its baseColorTexture when that
// texture's image is a file (a PNG or JPEG under the asset root, loaded as a
// dependency through the asset package's texture format).
//
// Not read: embedded images (in a bufferView or a data: URI; such a
// primitive is drawn untextured), sparse accessors, other primitive modes
// (points, lines, strips and fans are an error), skins, morph targets,
// animations, cameras, lights, other texture coordinate sets and the rest
// of the PBR material (metallic, roughness, normal, occlusion and emissive
// maps), samplers (the texture's own filtering and wrapping are used), and
// files that require extensions. Texture coordinates pass through
// unchanged: glTF's (0,0) is the image's top-left corner, which is the
// first row of an asset texture.
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

// Format is the asset.Format of glTF files: Decode parses and checks the
// file (and its buffers, read through the Source so they stay under the
// asset root) on a worker, naming base-colour images as dependencies;
// Create uploads one mesh per primitive; Free deletes them. A load's value
// is a *Model. Errors name the file and the JSON path of the fault, as in
// "model.gltf: meshes[0].primitives[1].attributes.POSITION: accessor 7 out
// of range (the file has 3)".
type Format struct{}

// Decode reads and checks the model.
func (Format) Decode(src *asset.Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	d, err := parse(src.Path, b, src.ReadFile)
	if err != nil {
		return nil, &asset.Error{Path: src.Path, Err: err}
	}
	for _, img := range d.images {
		src.Depend(img)
	}
	return d, nil
}

// Create uploads the primitives' meshes and builds the *Model.
func (Format) Create(ctx *asset.CreateContext, data any) (any, error) {
	d := data.(*decoded)
	m := &Model{Path: d.path, name: d.name, nodes: d.nodes, roots: d.roots}
	for _, md := range d.meshes {
		mesh := Mesh{Name: md.name}
		for _, pd := range md.prims {
			p := Primitive{Color: pd.color, Radius: pd.radius, Vertices: len(pd.verts), Indices: len(pd.indices)}
			if pd.texture != "" {
				tex, ok := ctx.Dependency(pd.texture).(*asset.Texture)
				if !ok {
					return nil, &asset.Error{Path: d.path, Err: fmt.Errorf("image %s did not load as a texture", pd.texture)}
				}
				p.Texture = tex.ID
			}
			p.Mesh = ctx.Frame.CreateMesh(pd.verts, pd.indices)
			mesh.Primitives = append(mesh.Primitives, p)
		}
		m.Meshes = append(m.Meshes, mesh)
	}
	return m, nil
}

// Free deletes the model's meshes (its textures are dependencies, released
// with the model's asset). Nodes built from the model must not be drawn
// afterwards.
func (Format) Free(f *render.Frame, value any) {
	m, ok := value.(*Model)
	if !ok || m.freed {
		return
	}
	m.freed = true
	for _, mesh := range m.Meshes {
		for _, p := range mesh.Primitives {
			f.DeleteMesh(p.Mesh)
		}
	}
}

// Model is a loaded glTF file: its meshes on the GPU and its node
// hierarchy. It does not change after loading.
type Model struct {
	// Path is the model's asset path.
	Path string
	// Meshes are the file's meshes, in the file's order.
	Meshes []Mesh

	name  string
	nodes []nodeData
	roots []int
	freed bool
}

// Mesh is one glTF mesh.
type Mesh struct {
	Name       string
	Primitives []Primitive
}

// Primitive is one glTF primitive: a render mesh with its material.
type Primitive struct {
	Mesh    render.MeshID
	Texture render.TextureID // 0: none (white)
	// Color is the material's baseColorFactor (white without one).
	Color mgl32.Vec4
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
// primitive of its mesh (Mesh, Texture, Color and Radius set). Nodes without
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
			scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: p.Mesh, Texture: p.Texture, Color: p.Color, Radius: p.Radius})
		}
	}
	for _, c := range nd.children {
		n.AddChild(m.build(c))
	}
	return n
}
