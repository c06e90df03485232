// Package renderlab is a sample of Tact's lower-level rendering: meshes built
// in code, a custom shader loaded from package shaders, a render target and a
// post-process pass.
//
// The frame has two passes, one per camera:
//
//  1. A perspective camera (Priority 0) draws lit, spinning cubes with a toon
//     (cel-shading) program into an offscreen render target.
//  2. An orthographic camera (Priority 10) draws one full-screen triangle on
//     the screen that samples the target's color texture through a vignette
//     program: the post-process pass.
//
// Layers keep the passes apart: the cubes are on Layer3D and the post-process
// node on LayerPost, and each camera's Visibility selects one of them. Without
// that, the 3D camera would try to draw the post-process quad into the very
// target it samples, which the renderer refuses.
package renderlab

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// Sample is the renderlab sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "renderlab",
	Description: "toon-shaded spinning cubes rendered to a target, shown through a vignette post-process pass",
	Start:       Start,
}

// Layer bits: each camera sees exactly one of them.
const (
	// Layer3D holds the cubes, seen by the 3D camera.
	Layer3D uint32 = 1 << 1
	// LayerPost holds the post-process quad, seen by the screen camera.
	LayerPost uint32 = 1 << 2
)

// ClearColor is the 3D camera's background.
var ClearColor = render.RGBA(36, 40, 64, 255)

// CenterColor is the color of the big cube at the origin, in the middle of
// the screen.
var CenterColor = mgl32.Vec4{1, 0.55, 0.15, 1}

// SphereColor is the color of the toon-shaded sphere.
var SphereColor = mgl32.Vec4{0.9, 0.9, 0.95, 1}

// ringColors tint the smaller cubes that circle the center one.
var ringColors = []mgl32.Vec4{
	{0.25, 0.8, 0.35, 1},
	{0.3, 0.55, 1, 1},
	{0.95, 0.3, 0.55, 1},
	{0.95, 0.9, 0.3, 1},
	{0.6, 0.4, 0.95, 1},
	{0.3, 0.9, 0.9, 1},
}

// Start builds the scene. GPU resources are created here through
// g.Renderer().Frame(): their handles are valid at once, and the creates run
// on the render thread before the first frame's draws.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	f := g.Renderer().Frame()
	sw, sh := f.ScreenSize()

	// The custom programs. shaders.Load reads NAME.vert and NAME.frag; the
	// names given to CreateShader show up in compile errors ("shaders/toon.frag:12: ...").
	toon, err := loadShader(f, "toon")
	if err != nil {
		return nil, err
	}
	vignette, err := loadShader(f, "vignette")
	if err != nil {
		return nil, err
	}

	// The offscreen target the 3D camera draws into, the size of the screen
	// so that the post-process pass copies it texel for texel.
	target, color := f.CreateTarget(render.TargetDesc{Width: sw, Height: sh})

	cube := f.CreateMesh(render.CubeMesh())
	sphere := f.CreateMesh(SphereMesh(24, 16))

	s := scenegraph.NewScene("RenderLab")

	// Pass 1: the 3D camera, looking at the origin from above and in front.
	// A camera looks down its node's -Z axis; the camera's world transform is
	// the inverse of a view matrix, so LookAtV(...).Inv() places it.
	camNode := scenegraph.NewNode("Camera3D")
	eye := mgl32.Vec3{0, 3, 9}
	camNode.SetPosition(eye)
	camNode.SetRotation(mgl32.Mat4ToQuat(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}).Inv()))
	s.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewPerspectiveCamera(55, ClearColor))
	cam.Target, cam.TargetWidth, cam.TargetHeight = target, sw, sh
	cam.Visibility = Layer3D
	cam.Priority = 0

	// The light travels along its node's -Z: tilt it down and to the side.
	lightNode := scenegraph.NewNode("Sun")
	lightNode.SetRotationEuler(-50, -35, 0)
	s.AddChild(lightNode)
	scenegraph.AddComponent(lightNode, &scenegraph.DirectionalLight{Ambient: 0.25})

	// The cubes: a big one in the middle and a ring of small ones around it.
	addCube(s, "Center", cube, toon, CenterColor, mgl32.Vec3{}, 1.3, mgl32.Vec3{0.4, 1, 0.2}, 40)
	for i, c := range ringColors {
		a := float64(i) / float64(len(ringColors)) * 2 * math.Pi
		p := mgl32.Vec3{3.6 * float32(math.Cos(a)), 0, 3.6 * float32(math.Sin(a))}
		addCube(s, fmt.Sprintf("Ring%d", i), cube, toon, c, p, 0.55, mgl32.Vec3{1, float32(i%3) - 1, 0.5}, 70+float32(i)*15)
	}

	// A sphere above the center cube: on flat cube faces the light is
	// uniform whatever the shader, while on a curved surface the toon
	// program's bands show.
	ball := scenegraph.NewNode("Sphere")
	ball.Layer = Layer3D
	ball.SetPosition(mgl32.Vec3{0, 2.1, 0})
	ball.SetScale(mgl32.Vec3{0.8, 0.8, 0.8})
	s.AddChild(ball)
	scenegraph.AddComponent(ball, &scenegraph.MeshRenderer{Mesh: sphere, Shader: toon, Color: SphereColor, Radius: 1})

	// Pass 2: the screen camera draws only the post-process quad, after the
	// 3D camera (higher Priority draws later).
	screenNode := scenegraph.NewNode("ScreenCamera")
	s.AddChild(screenNode)
	screen := scenegraph.AddComponent(screenNode, scenegraph.NewOrthoCamera(render.Black))
	screen.Visibility = LayerPost
	screen.Priority = 10

	postNode := scenegraph.NewNode("PostProcess")
	postNode.Layer = LayerPost
	s.AddChild(postNode)
	post := scenegraph.AddComponent(postNode, NewPostProcess(color, vignette))

	// A caption, drawn by the screen camera after the full-screen quad: a
	// higher SortLayer draws later within the pass.
	capNode := scenegraph.NewNode("Caption")
	capNode.Layer = LayerPost
	capNode.SetPositionXY(0, -float32(sh)/2+24)
	s.AddChild(capNode)
	caption := scenegraph.AddComponent(capNode, text.NewLabel("", 16, render.RGBA(230, 232, 240, 255)))
	caption.SortLayer = 1

	// Whatever Start creates on the GPU, the scene deletes when it ends.
	scenegraph.AddComponent(postNode, &gpuResources{renderer: g.Renderer(), target: target,
		meshes: []render.MeshID{cube, sphere}, shaders: []render.ShaderID{toon, vignette}})

	scenegraph.AddComponent(postNode, &Toggles{input: g.Input(), caption: caption, post: post, scene: s,
		toon: toon, vignette: vignette})
	return s, nil
}

// loadShader reads program name from the embedded shaders and records its
// creation.
func loadShader(f *render.Frame, name string) (render.ShaderID, error) {
	vs, fs, err := shaders.Load(shaders.FS(), name)
	if err != nil {
		return 0, err
	}
	return f.CreateShader(render.ShaderDesc{
		VertexName: shaders.Dir + "/" + name + ".vert", VertexSource: vs,
		FragmentName: shaders.Dir + "/" + name + ".frag", FragmentSource: fs,
	}), nil
}

func addCube(s *scenegraph.Scene, name string, mesh render.MeshID, shader render.ShaderID, color mgl32.Vec4,
	pos mgl32.Vec3, size float32, axis mgl32.Vec3, degPerSec float32) {
	n := scenegraph.NewNode(name)
	n.Layer = Layer3D
	n.SetPosition(pos)
	n.SetScale(mgl32.Vec3{size, size, size})
	s.AddChild(n)
	// Radius bounds the unit cube (half-diagonal √3/2) for frustum culling.
	scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: mesh, Shader: shader, Color: color, Radius: 0.87})
	scenegraph.AddComponent(n, &Spinner{Axis: axis.Normalize(), Speed: degPerSec})
}

// Spinner turns its node around Axis at Speed degrees per second.
type Spinner struct {
	scenegraph.Component
	// Axis is the rotation axis in the node's parent space (unit length).
	Axis mgl32.Vec3
	// Speed is in degrees per second.
	Speed float32
}

// Update turns the node by this frame's share of the rotation. Composing the
// small step onto the current rotation (rather than keeping an angle) works
// for any axis.
func (sp *Spinner) Update(dt float64) {
	n := sp.Node()
	step := mgl32.QuatRotate(mgl32.DegToRad(sp.Speed*float32(dt)), sp.Axis)
	n.SetRotation(step.Mul(n.Rotation()))
}

// PostProcess is a Renderable that draws one full-screen triangle sampling
// Source through Shader: the post-process pass. Put it on a node that only a
// screen camera sees.
type PostProcess struct {
	scenegraph.Component
	draw render.FullscreenDraw
}

// NewPostProcess returns a pass that shows source (a render target's color
// texture) through shader (0: the built-in post program, a plain copy).
func NewPostProcess(source render.TextureID, shader render.ShaderID) *PostProcess {
	return &PostProcess{draw: render.FullscreenDraw{Texture: source, Shader: shader}}
}

// Render records the full-screen draw into the current camera's pass. The
// draw is kept in the component and passed by pointer: Frame.DrawFullscreen
// copies it, so recording allocates nothing.
func (p *PostProcess) Render(v *scenegraph.View) {
	v.Frame.DrawFullscreen(&p.draw)
	v.CountRendered()
}

// SphereMesh returns a unit-diameter UV sphere centered on the origin with
// smooth normals (each vertex's normal is its direction from the center), so
// lighting varies across the surface: slices around the Y axis, stacks from
// pole to pole.
func SphereMesh(slices, stacks int) ([]render.MeshVertex, []uint32) {
	var verts []render.MeshVertex
	for i := 0; i <= stacks; i++ {
		phi := math.Pi * float64(i) / float64(stacks) // 0 at the north pole
		y, r := math.Cos(phi), math.Sin(phi)
		for j := 0; j <= slices; j++ {
			theta := 2 * math.Pi * float64(j) / float64(slices)
			n := mgl32.Vec3{float32(r * math.Sin(theta)), float32(y), float32(r * math.Cos(theta))}
			verts = append(verts, render.MeshVertex{Position: n.Mul(0.5), Normal: n,
				UV: [2]float32{float32(j) / float32(slices), float32(i) / float32(stacks)}, Color: render.White})
		}
	}
	var idx []uint32
	row := uint32(slices + 1)
	for i := 0; i < stacks; i++ {
		for j := 0; j < slices; j++ {
			a := uint32(i)*row + uint32(j) // this stack
			b := a + row                   // the next one, further south
			idx = append(idx, a, b, b+1, a, b+1, a+1)
		}
	}
	return verts, idx
}

// Toggles switches the programs with the keyboard: T swaps the toon program
// for the built-in Lambert one (shader 0), P the vignette for the built-in
// post program (a plain copy). Changing a handle on a component is all it
// takes: draws are recorded afresh every frame.
type Toggles struct {
	scenegraph.Component

	input          *platform.Input
	caption        *text.Label
	post           *PostProcess
	scene          *scenegraph.Scene
	toon, vignette render.ShaderID
	lambert, plain bool
}

// Start shows the caption.
func (t *Toggles) Start() { t.show() }

// Update handles T and P.
func (t *Toggles) Update(float64) {
	if t.input.JustPressed(platform.KeyT) {
		t.lambert = !t.lambert
		shader := t.toon
		if t.lambert {
			shader = 0
		}
		t.scene.Walk(func(n *scenegraph.Node) bool {
			if m := scenegraph.GetComponent[*scenegraph.MeshRenderer](n); m != nil {
				m.Shader = shader
			}
			return true
		})
		t.show()
	}
	if t.input.JustPressed(platform.KeyP) {
		t.plain = !t.plain
		t.post.draw.Shader = t.vignette
		if t.plain {
			t.post.draw.Shader = 0
		}
		t.show()
	}
}

func (t *Toggles) show() {
	mesh, post := "toon", "vignette"
	if t.lambert {
		mesh = "built-in Lambert"
	}
	if t.plain {
		post = "built-in copy"
	}
	t.caption.Text = fmt.Sprintf("meshes: %s (T)   post pass: %s (P)", mesh, post)
}

// gpuResources deletes the scene's GPU resources when the scene is
// unloaded (its OnDestroy runs then), so running the sample again, as the
// launcher may, does not leak them. Deletes run after the frame's draws.
type gpuResources struct {
	scenegraph.Component
	renderer *render.Renderer
	target   render.TargetID // deleted with its color texture
	meshes   []render.MeshID
	shaders  []render.ShaderID
}

// OnDestroy records the deletes.
func (r *gpuResources) OnDestroy() {
	f := r.renderer.Frame()
	f.DeleteTarget(r.target)
	for _, m := range r.meshes {
		f.DeleteMesh(m)
	}
	for _, s := range r.shaders {
		f.DeleteShader(s)
	}
}
