// Package lookdev is a sample of image-based lighting: rows of spheres,
// gold and copper metal and white plastic from mirror-smooth to matte, lit
// by an environment alone and drawn in front of it (a scenegraph.Skybox),
// over a floor of 576 cubes drawn as one instanced draw and fogged by a
// custom post pass that reads the scene's depth, while the camera orbits.
//
// The environment is a procedural day sky (ibl.ProceduralSky), or the
// Radiance .hdr file given with -hdr (any equirectangular HDRI), loaded
// through the asset manager, which decodes and prefilters it on a worker.
// F11 captures a frame into a folder a browser opens (every pass, its
// picture and its draws), as in every Tact game.
package lookdev

import (
	"flag"
	"fmt"
	"math"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/ibl"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// hdrPath is the -hdr flag: an environment file to light the spheres with.
var hdrPath string

// Sample is the lookdev sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "lookdev",
	Description: "image-based lighting: metal and plastic spheres under a sky (or -hdr file.hdr), an instanced floor, depth fog; F11 captures a frame",
	Flags: func(fs *flag.FlagSet) {
		fs.StringVar(&hdrPath, "hdr", "", "lookdev: a Radiance .hdr environment to light the spheres with")
	},
	Configure: func(cfg *tact.Config) {
		if hdrPath != "" {
			cfg.AssetRoot = filepath.Dir(hdrPath)
		}
	},
	Start: Start,
}

// Materials of the sphere rows, top to bottom: base colour and metallic.
var Materials = []struct {
	Name     string
	Color    mgl32.Vec4
	Metallic float32
}{
	{"Gold", mgl32.Vec4{1, 0.78, 0.34, 1}, 1},
	{"Copper", mgl32.Vec4{0.95, 0.64, 0.54, 1}, 1},
	{"Plastic", mgl32.Vec4{0.9, 0.9, 0.9, 1}, 0},
}

// Columns is the number of spheres per row, roughness 0 to 1.
const Columns = 5

// SkyOptions is the procedural sky's: a low sun to the front left.
var SkyOptions = ibl.SkyOptions{SunDir: mgl32.Vec3{-0.6, 0.35, -0.7}, SunSize: 4}

// Start builds the scene.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	f := g.Renderer().Frame()
	env, free, err := environment(g, f)
	if err != nil {
		return nil, err
	}
	s := scenegraph.NewScene("LookDev")
	sphere := f.CreateMesh(render.SphereMesh(48, 24))

	rig := scenegraph.NewNode("Rig")
	s.AddChild(rig)
	scenegraph.AddComponent(rig, &Orbit{Speed: 12})
	camNode := scenegraph.NewNode("Camera")
	eye := mgl32.Vec3{0, 0.6, 7.5}
	camNode.SetPosition(eye)
	camNode.SetRotation(mgl32.Mat4ToQuat(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}).Inv()))
	rig.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewPerspectiveCamera(45, render.Black))
	cam.Visibility = 1 << 1
	cam.Near, cam.Far = 0.1, 60

	// The camera draws into a post chain whose scene image keeps its depth,
	// and a custom pass on the chain fogs the floor by it.
	chain := post.New(post.Options{Samples: 4, SceneDepth: true})
	fog := &depthFog{chain: chain, near: cam.Near, far: cam.Far}
	if err := chain.Insert("", fog.pass()); err != nil {
		return nil, err
	}
	cam.Post = chain.Graph()

	cube := f.CreateMesh(render.CubeMesh())
	floor := scenegraph.NewNode("Floor")
	floor.Layer = 1 << 1
	s.AddChild(floor)
	scenegraph.AddComponent(floor, NewInstancedFloor(cube, -2.3))

	sky := scenegraph.NewNode("Sky")
	s.AddChild(sky)
	scenegraph.AddComponent(sky, &scenegraph.Skybox{Environment: env})

	for r, m := range Materials {
		for c := 0; c < Columns; c++ {
			n := scenegraph.NewNode(fmt.Sprintf("%s%d", m.Name, c))
			n.Layer = 1 << 1
			n.SetPosition(mgl32.Vec3{(float32(c) - (Columns-1)/2.0) * 1.25, (1 - float32(r)) * 1.25, 0})
			s.AddChild(n)
			scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: sphere, Color: m.Color, Radius: 0.5,
				Material: render.Material{Metallic: m.Metallic, Roughness: float32(c) / (Columns - 1)}})
		}
	}

	ui := scenegraph.NewNode("UI")
	s.AddChild(ui)
	uiCam := scenegraph.AddComponent(ui, scenegraph.NewOrthoCamera(render.Black))
	uiCam.Clear, uiCam.Priority, uiCam.Visibility = 0, 1, 1<<2
	_, sh := f.ScreenSize()
	caption := scenegraph.NewNode("Caption")
	caption.Layer = 1 << 2
	caption.SetPositionXY(0, -float32(sh)/2+20)
	ui.AddChild(caption)
	scenegraph.AddComponent(caption, text.NewLabel("roughness 0 → 1 · gold, copper, plastic · F11 captures a frame", 14, render.RGBA(240, 240, 240, 255)))

	scenegraph.AddComponent(sky, &gpuResources{renderer: g.Renderer(), meshes: []render.MeshID{sphere, cube}, free: free, chain: chain, fog: fog})
	return s, nil
}

// environment returns the image-based light: the -hdr file through the
// asset manager, or the procedural sky, and what frees it.
func environment(g *tact.Game, f *render.Frame) (*render.Environment, func(*render.Frame), error) {
	if hdrPath != "" {
		x, err := g.Assets().Load(filepath.Base(hdrPath))
		if err != nil {
			return nil, nil, err
		}
		if x.Environment() == nil {
			return nil, nil, fmt.Errorf("lookdev: %s is not a Radiance .hdr image", hdrPath)
		}
		return x.Environment(), func(*render.Frame) { x.Release() }, nil
	}
	data, err := ibl.NewEnvironment(ibl.ProceduralSky(512, 256, SkyOptions), ibl.Options{SkySize: 128, SpecularSize: 64})
	if err != nil {
		return nil, nil, err
	}
	env := ibl.Upload(f, data)
	return &env, func(f *render.Frame) { ibl.Free(f, env) }, nil
}

// Orbit turns its node around the Y axis at Speed degrees per second.
type Orbit struct {
	scenegraph.Component
	Speed float32
	angle float64
}

// Update advances the orbit.
func (o *Orbit) Update(dt float64) {
	o.angle += float64(o.Speed) * dt
	o.Node().SetRotation(mgl32.QuatRotate(float32(o.angle*math.Pi/180), mgl32.Vec3{0, 1, 0}))
}

// gpuResources deletes what Start created when the scene ends.
type gpuResources struct {
	scenegraph.Component
	renderer *render.Renderer
	meshes   []render.MeshID
	free     func(*render.Frame)
	chain    *post.Chain
	fog      *depthFog
}

// OnDestroy records the deletes.
func (r *gpuResources) OnDestroy() {
	f := r.renderer.Frame()
	for _, m := range r.meshes {
		f.DeleteMesh(m)
	}
	r.free(f)
	r.chain.Release(f)
	if r.fog.shader != 0 {
		f.DeleteShader(r.fog.shader)
	}
}
