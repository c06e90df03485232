// Package modelviewer is a sample that loads a glTF model through the asset
// manager (gltf.Register, Manager.Load, Model.Instantiate) and shows it
// physically based: metallic-roughness materials with their maps, a sun
// casting PCF shadows, a warm point light, and an HDR post chain (bloom,
// ACES tone mapping, FXAA, vignette) over a 4× multisampled scene image.
// An orbit camera turns around the model: drag with the left mouse button
// or press the arrow keys to turn, scroll the wheel or press +/- to zoom.
// S, B, F, V and L toggle shadows, bloom, FXAA, the vignette and the lamp;
// the label shows each pass's GPU time (and F1 the engine's overlay).
//
// Without -model it shows a low-poly robot that it generates at startup (a
// .gltf with a data: buffer and a node hierarchy, written into a temporary
// asset folder), so the real loader path runs from the launcher too. With
// -model PATH the file's folder becomes the asset root. A file with
// animations plays its first one, looped, through an animation.Player
// (Model.Clips). With -arm it shows a generated skinned arm instead (arm.go,
// committed as testdata/arm.gltf): a tube on a four-joint chain, drawn with
// GPU skinning, waving through its glTF animation and casting its posed
// shadow. With -morph it shows a generated blob (morph.go, committed as
// testdata/morph.gltf): a sphere with two glTF morph targets, stretch and
// ripple, morphed on the GPU and breathing through a weights animation,
// its shadow morphed too.
package modelviewer

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/gltf"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// Settings are the sample's options, set from the command line.
type Settings struct {
	Model string // -model: a .gltf or .glb file to show instead of the robot
	// Arm (-arm) shows the generated skinned arm (arm.go) waving instead
	// of the robot: GPU skinning, its posed shadow and a glTF animation.
	Arm bool
	// Morph (-morph) shows the generated blob (morph.go) breathing
	// instead of the robot: glTF morph targets, their weights animated.
	Morph bool
}

// Options are the settings the next Start uses.
var Options Settings

// Sample is the modelviewer sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "modelviewer",
	Description: "a glTF model, physically based: shadows, point light, HDR bloom, FXAA, vignette; orbit camera, pass toggles, GPU timings",
	Flags:       registerFlags,
	Configure:   configure,
	Start:       Start,
	Script:      Script,
}

func registerFlags(fs *flag.FlagSet) {
	fs.StringVar(&Options.Model, "model", Options.Model, "modelviewer: a .gltf or .glb file to show (its folder is the asset root)")
	fs.BoolVar(&Options.Arm, "arm", Options.Arm, "modelviewer: show the generated skinned arm, waving, instead of the robot")
	fs.BoolVar(&Options.Morph, "morph", Options.Morph, "modelviewer: show the generated blob, morphing (glTF morph targets), instead of the robot")
}

// LayerUI holds the label, drawn by a second, orthographic camera.
const LayerUI uint32 = 1 << 2

// ClearColor is the background.
var ClearColor = render.RGBA(40, 44, 58, 255)

// source returns the asset root and the model's path under it.
func source() (root, file string, err error) {
	if Options.Model != "" {
		abs, err := filepath.Abs(Options.Model)
		if err != nil {
			return "", "", err
		}
		return filepath.Dir(abs), filepath.Base(abs), nil
	}
	// One folder per process; Start (re)writes the robot into it and the
	// scene removes it when it ends.
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("tact-modelviewer-%d", os.Getpid()))
	if Options.Arm {
		return dir, ArmFile, nil
	}
	if Options.Morph {
		return dir, MorphFile, nil
	}
	return dir, RobotFile, nil
}

// writeBuiltin writes the generated model source names (the robot or
// the arm) into dir.
func writeBuiltin(dir, file string) error {
	if file == ArmFile {
		return WriteArm(dir)
	}
	if file == MorphFile {
		return WriteMorph(dir)
	}
	return WriteRobot(dir)
}

// configure makes the model's folder the Game's asset root. Inside the
// launcher's list it is applied to a copy only; Start then opens a manager
// of its own.
func configure(cfg *tact.Config) {
	if cfg.Title == "" {
		cfg.Title = "Tact modelviewer"
	}
	root, file, err := source()
	if err != nil {
		return // Start reports it
	}
	if Options.Model == "" {
		if err := writeBuiltin(root, file); err != nil {
			return
		}
	}
	cfg.AssetRoot = root
}

// Start loads the model and builds the scene.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	root, file, err := source()
	if err != nil {
		return nil, err
	}
	cleanup := &cleanup{}
	if Options.Model == "" {
		if err := writeBuiltin(root, file); err != nil {
			return nil, err
		}
		cleanup.dir = root
	}
	// The Game's manager when its asset root is the model's folder (run on
	// its own); otherwise (inside the launcher) a manager of our own.
	assets := g.Assets()
	if g.Config().AssetRoot != root {
		if assets, err = asset.New(asset.Options{Root: root, Frames: g.Renderer()}); err != nil {
			cleanup.OnDestroy()
			return nil, err
		}
		cleanup.assets = assets
	}
	gltf.Register(assets)
	x, err := assets.Load(filepath.ToSlash(file))
	if err != nil {
		cleanup.OnDestroy()
		return nil, err
	}
	cleanup.model = x
	m := gltf.ModelOf(x)
	if m == nil {
		cleanup.OnDestroy()
		return nil, fmt.Errorf("%s: not a glTF model", file)
	}
	modelRoot, err := m.Instantiate()
	if err != nil {
		cleanup.OnDestroy()
		return nil, err
	}

	s := scenegraph.NewScene("ModelViewer")
	s.AddChild(modelRoot)
	var player *animation.Player
	if clips := m.Clips(); len(clips) > 0 {
		// The viewer owns the model: loop its clips rather than stop on
		// the last pose, and show the first.
		for _, c := range clips {
			c.Wrap = animation.WrapLoop
		}
		player = scenegraph.AddComponent(modelRoot, animation.NewPlayer(clips...))
		player.DefaultClip, player.PlayOnLoad = clips[0].Name, true
	}
	st := Measure(m, modelRoot)
	center, radius := Bounds(modelRoot)

	camNode := scenegraph.NewNode("Camera")
	s.AddChild(camNode)
	const fov = 45
	cam := scenegraph.AddComponent(camNode, scenegraph.NewPerspectiveCamera(fov, ClearColor))
	cam.Visibility = scenegraph.DefaultLayer
	// Bounds' sphere is generous (boxes' spheres, the floor's too): frame
	// a little inside it.
	dist := radius / float32(math.Sin(fov/2*math.Pi/180)) * 0.8
	orbit := scenegraph.AddComponent(camNode, &Orbit{Input: g.Input(), Target: center,
		Yaw: 30, Pitch: 20, Distance: dist, MinDistance: radius * 0.5, MaxDistance: dist * 4})

	// The post chain: the camera draws into an HDR, multisampled image;
	// bloom, tone mapping, FXAA and a vignette take it to the screen.
	po := post.Options{Samples: 4, Exposure: 1, Bloom: &post.Bloom{Threshold: 1, Intensity: 0.5},
		FXAA: true, Vignette: &post.Vignette{Strength: 0.45, Radius: 0.8}}
	if dir := g.Config().ShaderDir; dir != "" {
		po.Shaders, po.ReloadInterval = shaders.DevFS(dir), time.Second/2
	}
	chain := post.New(po)
	cam.Post = chain.Graph()
	cleanup.chain, cleanup.frames = chain, g.Renderer()

	sun := scenegraph.NewNode("Sun")
	sun.SetRotationEuler(-40, 40, 0) // from the right front, onto the side the script turns to
	s.AddChild(sun)
	light := scenegraph.AddComponent(sun, &scenegraph.DirectionalLight{Color: mgl32.Vec3{3, 2.9, 2.7}, Ambient: 0.3,
		Shadows: true, ShadowDistance: dist * 2})
	lamp := scenegraph.NewNode("Lamp")
	lamp.SetPosition(center.Add(mgl32.Vec3{0.9, 0.1, 0.8}.Mul(radius)))
	s.AddChild(lamp)
	scenegraph.AddComponent(lamp, &scenegraph.PointLight{Color: mgl32.Vec3{2.4, 1.1, 0.4}.Mul(radius * radius / 4), Range: radius * 2})

	_, sh := g.Renderer().Frame().ScreenSize()
	uiNode := scenegraph.NewNode("UICamera")
	s.AddChild(uiNode)
	ui := scenegraph.AddComponent(uiNode, scenegraph.NewOrthoCamera(ClearColor))
	ui.Clear = 0 // draw over the 3D picture
	ui.Visibility = LayerUI
	ui.Priority = 10

	labelNode := scenegraph.NewNode("Info")
	labelNode.Layer = LayerUI
	labelNode.SetPositionXY(0, float32(sh)/2-48)
	s.AddChild(labelNode)
	label := scenegraph.AddComponent(labelNode, text.NewLabel(st.String(), 16, render.RGBA(235, 236, 242, 255)))
	hintNode := scenegraph.NewNode("Hint")
	hintNode.Layer = LayerUI
	hintNode.SetPositionXY(0, -float32(sh)/2+20)
	s.AddChild(hintNode)
	scenegraph.AddComponent(hintNode, text.NewLabel("drag/arrows turn  wheel/+- zoom  S shadows  B bloom  F FXAA  V vignette  L lamp  (F1 timings)",
		12, render.RGBA(170, 174, 190, 255)))

	scenegraph.AddComponent(labelNode, &Viewer{Stats: st, Label: label, Orbit: orbit, Model: m, Player: player,
		Input: g.Input(), Director: g.Director(), Sun: light, Lamp: lamp, Chain: chain})
	scenegraph.AddComponent(labelNode, cleanup)
	return s, nil
}

// Stats describe the loaded model.
type Stats struct {
	Name      string // the model's root node name (its file name)
	Nodes     int    // nodes under the root, the root excluded
	Meshes    int    // the file's meshes
	Triangles int    // triangles of the file's meshes
	Drawn     int    // triangles drawn (meshes used by several nodes count each time)
}

func (st Stats) String() string {
	return fmt.Sprintf("%s: %d nodes, %d meshes, %d triangles (%d drawn)", st.Name, st.Nodes, st.Meshes, st.Triangles, st.Drawn)
}

// Measure counts the model's nodes, meshes and triangles.
func Measure(m *gltf.Model, root *scenegraph.Node) Stats {
	st := Stats{Name: root.Name(), Meshes: len(m.Meshes)}
	tris := map[render.MeshID]int{}
	for _, mesh := range m.Meshes {
		for _, p := range mesh.Primitives {
			st.Triangles += p.Indices / 3
			tris[p.Mesh] = p.Indices / 3
		}
	}
	root.Walk(func(n *scenegraph.Node) bool {
		if n != root {
			st.Nodes++
		}
		for _, mr := range scenegraph.GetComponents[*scenegraph.MeshRenderer](n, nil) {
			st.Drawn += tris[mr.Mesh]
		}
		return true
	})
	return st
}

// Bounds returns a sphere around every mesh under root, in world space (root
// must be in its scene, or detached with an identity parent).
func Bounds(root *scenegraph.Node) (center mgl32.Vec3, radius float32) {
	lo := mgl32.Vec3{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := lo.Mul(-1)
	found := false
	root.Walk(func(n *scenegraph.Node) bool {
		w := n.WorldMatrix()
		scale := max(w.Col(0).Vec3().Len(), w.Col(1).Vec3().Len(), w.Col(2).Vec3().Len())
		for _, mr := range scenegraph.GetComponents[*scenegraph.MeshRenderer](n, nil) {
			p, r := n.WorldPosition(), mr.Radius*scale
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p[k]-r), max(hi[k], p[k]+r)
			}
			found = true
		}
		return true
	})
	if !found {
		return mgl32.Vec3{}, 1
	}
	center = lo.Add(hi).Mul(0.5)
	// The boxes' spheres overestimate; half the diagonal is a fair frame.
	radius = max(hi.Sub(lo).Len()/2, 1e-3)
	return center, radius
}

// Orbit places its node (a camera) on a sphere around Target, looking at it:
// the left mouse button dragged or the arrow keys turn it, the wheel or +/-
// move it nearer or further.
type Orbit struct {
	scenegraph.Component
	Input      *platform.Input
	Target     mgl32.Vec3
	Yaw, Pitch float32 // degrees; yaw 0 looks along -Z from +Z
	Distance   float32
	// MinDistance and MaxDistance bound the zoom.
	MinDistance, MaxDistance float32
	// Placed is where place last put the camera node.
	Placed mgl32.Vec3
}

// Turn speeds.
const (
	keyDegPerSec  = 90
	dragDegPerPx  = 0.4
	zoomPerNotch  = 0.9
	zoomPerSecond = 0.5 // distance factor per second of +/- held
)

// Start places the camera.
func (o *Orbit) Start() { o.place() }

// Update reads the input and moves the camera.
func (o *Orbit) Update(dt float64) {
	in := o.Input
	step := float32(keyDegPerSec * dt)
	if in.Down(platform.KeyLeft) {
		o.Yaw -= step
	}
	if in.Down(platform.KeyRight) {
		o.Yaw += step
	}
	if in.Down(platform.KeyUp) {
		o.Pitch += step
	}
	if in.Down(platform.KeyDown) {
		o.Pitch -= step
	}
	if in.MouseDown(platform.MouseLeft) {
		dx, dy := in.MouseDelta()
		o.Yaw -= dx * dragDegPerPx
		o.Pitch += dy * dragDegPerPx
	}
	zoom := float32(1)
	if _, wy := in.Wheel(); wy != 0 {
		zoom *= float32(math.Pow(zoomPerNotch, float64(wy)))
	}
	if in.Down(platform.KeyEquals) || in.Down(platform.KeyKPPlus) {
		zoom *= float32(math.Pow(zoomPerSecond, dt))
	}
	if in.Down(platform.KeyMinus) || in.Down(platform.KeyKPMinus) {
		zoom /= float32(math.Pow(zoomPerSecond, dt))
	}
	o.Distance = mgl32.Clamp(o.Distance*zoom, o.MinDistance, o.MaxDistance)
	o.Pitch = mgl32.Clamp(o.Pitch, -85, 85)
	o.Yaw = float32(math.Mod(float64(o.Yaw), 360))
	o.place()
}

// Eye returns where the camera is for the current angles and distance.
func (o *Orbit) Eye() mgl32.Vec3 {
	y, p := float64(mgl32.DegToRad(o.Yaw)), float64(mgl32.DegToRad(o.Pitch))
	dir := mgl32.Vec3{float32(math.Cos(p) * math.Sin(y)), float32(math.Sin(p)), float32(math.Cos(p) * math.Cos(y))}
	return o.Target.Add(dir.Mul(o.Distance))
}

func (o *Orbit) place() {
	eye := o.Eye()
	n := o.Node()
	n.SetPosition(eye)
	o.Placed = eye
	n.SetRotation(mgl32.Mat4ToQuat(mgl32.LookAtV(eye, o.Target, mgl32.Vec3{0, 1, 0}).Inv()))
}

// Viewer toggles the passes, keeps the label's text up to date and holds
// what the tests read.
type Viewer struct {
	scenegraph.Component
	Stats Stats
	Label *text.Label
	Orbit *Orbit
	Model *gltf.Model
	// Player plays the model's first animation, looped (nil when the
	// file has none).
	Player   *animation.Player
	Input    *platform.Input
	Director *director.Director
	Sun      *scenegraph.DirectionalLight
	Lamp     *scenegraph.Node
	Chain    *post.Chain
	// Effects are the post effects' states, as toggled ("bloom", "fxaa",
	// "vignette").
	Effects map[string]bool
	// GPU is the last per-pass GPU timing line shown; NoGPU leaves it out
	// of the label (timings differ run to run: golden images).
	GPU   string
	NoGPU bool
}

// Effect toggle keys.
var effectKeys = []struct {
	key  platform.Key
	name string
}{{platform.KeyB, post.EffectBloom}, {platform.KeyF, post.EffectFXAA}, {platform.KeyV, post.EffectVignette}}

// Start turns every effect on.
func (v *Viewer) Start() {
	v.Effects = map[string]bool{}
	for _, e := range effectKeys {
		v.Effects[e.name] = true
	}
}

// Update applies the toggle keys and shows the model's figures, the
// camera's angles, what is on, and the GPU time of each pass.
func (v *Viewer) Update(float64) {
	in := v.Input
	if in.JustPressed(platform.KeyS) {
		v.Sun.Shadows = !v.Sun.Shadows
	}
	if in.JustPressed(platform.KeyL) {
		v.Lamp.SetActive(!v.Lamp.Active())
	}
	for _, e := range effectKeys {
		if in.JustPressed(e.key) {
			v.Effects[e.name] = !v.Effects[e.name]
			v.Chain.SetEnabled(e.name, v.Effects[e.name])
		}
	}
	if st, ok := v.Director.RenderStats(); ok && st.GPUFrameNumber != 0 && !v.NoGPU {
		// One figure per pass, the post chain's passes summed by effect
		// ("bloom.blur0h" counts as "bloom").
		var b strings.Builder
		fmt.Fprintf(&b, "gpu %.1f ms:", ms(st.GPUFrame))
		passes := st.GPUPasses[:st.PassCount]
		for i := 0; i < len(passes); {
			name, _, _ := strings.Cut(passes[i].Name, ".")
			var sum time.Duration
			for ; i < len(passes) && strings.HasPrefix(passes[i].Name, name); i++ {
				sum += passes[i].GPU
			}
			fmt.Fprintf(&b, "  %s %.1f", name, ms(sum))
		}
		v.GPU = b.String()
	}
	on := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	o := v.Orbit
	v.Label.Text = fmt.Sprintf("%s\nyaw %.0f°  pitch %.0f°  distance %.1f\nshadows %s  bloom %s  fxaa %s  vignette %s  lamp %s\n%s",
		v.Stats, o.Yaw, o.Pitch, o.Distance, on(v.Sun.Shadows), on(v.Effects["bloom"]), on(v.Effects["fxaa"]),
		on(v.Effects["vignette"]), on(v.Lamp.Active()), v.GPU)
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// cleanup releases the model, closes a manager of the sample's own and
// removes the generated folder when the scene ends.
type cleanup struct {
	scenegraph.Component
	model  *asset.Asset
	assets *asset.Manager
	dir    string
	chain  *post.Chain
	frames *render.Renderer
}

// OnDestroy releases what Start took.
func (c *cleanup) OnDestroy() {
	if c.chain != nil {
		c.chain.Release(c.frames.Frame())
		c.chain = nil
	}
	if c.model != nil {
		c.model.Release()
		c.model = nil
	}
	if c.assets != nil {
		c.assets.Close()
		c.assets = nil
	}
	if c.dir != "" {
		os.RemoveAll(c.dir)
		c.dir = ""
	}
}

// Script turns the camera without a person: the Right arrow held for 40
// frames (60° at 60 fps), then a mouse drag up and to the left, then two
// wheel notches in.
func Script(g *tact.Game, frame uint64) {
	in := g.Input()
	switch {
	case frame == 0:
		in.InjectKey(platform.KeyRight, true)
	case frame == 40:
		in.InjectKey(platform.KeyRight, false)
		in.InjectMouseMove(400, 300)
	case frame == 41:
		in.InjectMouseButton(platform.MouseLeft, true, 400, 300)
	case frame >= 42 && frame < 52:
		in.InjectMouseMove(400-5*int(frame-41), 300+2*int(frame-41))
	case frame == 52:
		in.InjectMouseButton(platform.MouseLeft, false, 350, 320)
	case frame == 53 || frame == 54:
		in.InjectWheel(0, 1)
	}
}
