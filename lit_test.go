package tact

import (
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// litOptions choose what the lit scene exercises.
type litOptions struct {
	shadows bool
	post    bool // HDR target, bloom, FXAA and vignette
	grid    int  // >0: a grid×grid field of meshes instead of the showcase
}

// litScene is a 3D scene lit the physically based way: a floor, a row of
// spheres from rough plastic to polished metal, two cubes, a sun from the
// upper left (casting shadows with o.shadows), a warm point light near the
// spheres, an emissive cube and ambient light.
func litScene(o litOptions) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		f := g.Renderer().Frame()
		cube := f.CreateMesh(render.CubeMesh())
		sphere := f.CreateMesh(render.SphereMesh(32, 16))
		s := scenegraph.NewScene("Lit")

		camNode := scenegraph.NewNode("Camera")
		eye, at := mgl32.Vec3{0, 3.6, 7}, mgl32.Vec3{0, 0.3, -0.5}
		if o.grid > 0 {
			eye = mgl32.Vec3{0, float32(o.grid) * 0.9, float32(o.grid) * 1.1}
			at = mgl32.Vec3{}
		}
		camNode.SetPosition(eye)
		camNode.SetRotation(mgl32.Mat4ToQuat(mgl32.LookAtV(eye, at, mgl32.Vec3{0, 1, 0}).Inv()))
		s.AddChild(camNode)
		cam := scenegraph.AddComponent(camNode, scenegraph.NewPerspectiveCamera(45, render.RGBA(30, 34, 46, 255)))
		if o.post {
			cam.Post = post.New(post.Options{Exposure: 1, Bloom: &post.Bloom{Threshold: 1, Intensity: 0.6},
				FXAA: true, Vignette: &post.Vignette{Strength: 0.5, Radius: 0.75}}).Graph()
		}

		sun := scenegraph.NewNode("Sun")
		sun.SetRotationEuler(-32, -50, 0) // low from the back left: long shadows towards the camera
		s.AddChild(sun)
		scenegraph.AddComponent(sun, &scenegraph.DirectionalLight{Color: mgl32.Vec3{2.6, 2.5, 2.35}, Ambient: 0.15,
			Shadows: o.shadows, ShadowSize: 1024, ShadowDistance: 20})

		add := func(name string, mesh render.MeshID, pos, scale mgl32.Vec3, color mgl32.Vec4, m render.Material) *scenegraph.MeshRenderer {
			n := scenegraph.NewNode(name)
			n.SetPosition(pos)
			n.SetScale(scale)
			s.AddChild(n)
			return scenegraph.AddComponent(n, &scenegraph.MeshRenderer{Mesh: mesh, Color: color, Material: m, Radius: 0.9})
		}
		add("Floor", cube, mgl32.Vec3{0, -0.05, 0}, mgl32.Vec3{40, 0.1, 40}, mgl32.Vec4{0.3, 0.32, 0.36, 1},
			render.Material{Roughness: 0.8}).Radius = 30

		if o.grid > 0 {
			for i := range o.grid * o.grid {
				x, z := float32(i%o.grid)-float32(o.grid-1)/2, float32(i/o.grid)-float32(o.grid-1)/2
				mesh := cube
				if i%2 == 1 {
					mesh = sphere
				}
				add(fmt.Sprintf("M%d", i), mesh, mgl32.Vec3{x * 1.6, 0.4, z * 1.6}, mgl32.Vec3{0.8, 0.8, 0.8},
					mgl32.Vec4{0.3 + 0.7*float32(i%3)/2, 0.5, 0.9 - 0.6*float32(i%5)/4, 1},
					render.Material{Metallic: float32(i%2) * 0.9, Roughness: 0.2 + 0.6*float32(i%4)/3})
			}
			for i := range 4 {
				p := scenegraph.NewNode(fmt.Sprintf("Point%d", i))
				p.SetPosition(mgl32.Vec3{float32(i%2)*8 - 4, 1.5, float32(i/2)*8 - 4})
				s.AddChild(p)
				scenegraph.AddComponent(p, &scenegraph.PointLight{Color: mgl32.Vec3{3, 2, 1}, Range: 8})
			}
			return s, nil
		}

		for i := range 5 {
			t := float32(i) / 4
			add(fmt.Sprintf("Sphere%d", i), sphere, mgl32.Vec3{-3 + 1.5*float32(i), 0.5, 0}, mgl32.Vec3{1, 1, 1},
				mgl32.Vec4{0.95, 0.64, 0.25, 1}, render.Material{Metallic: t, Roughness: 0.9 - 0.75*t})
		}
		add("Cube", cube, mgl32.Vec3{-1.2, 0.6, -2}, mgl32.Vec3{1.2, 1.2, 1.2}, mgl32.Vec4{0.2, 0.45, 0.9, 1},
			render.Material{Roughness: 0.4})
		add("Glow", cube, mgl32.Vec3{2.4, 0.35, -2.2}, mgl32.Vec3{0.7, 0.7, 0.7}, mgl32.Vec4{0.1, 0.1, 0.1, 1},
			render.Material{Roughness: 0.5, Emissive: mgl32.Vec3{3, 0.7, 0.1}})
		lamp := scenegraph.NewNode("Lamp")
		lamp.SetPosition(mgl32.Vec3{0.8, 1.4, 1.2})
		s.AddChild(lamp)
		scenegraph.AddComponent(lamp, &scenegraph.PointLight{Color: mgl32.Vec3{2.5, 1.2, 0.5}, Range: 5})
		return s, nil
	}
}

// shootLit runs the lit scene for 4 frames with the given render mode and
// MSAA and returns the last frame. (Shadow maps and post images are made
// in the first frame that needs them; the fourth frame is well past that.)
func shootLit(t *testing.T, onMain bool, msaa int, o litOptions) *image.RGBA {
	t.Helper()
	cfg := headless(4)
	cfg.RenderOnMain = onMain
	cfg.MSAA = msaa
	img, _ := shootConfig(t, cfg, litScene(o))
	return img
}

// luma returns the mean luminance (0..255) of r in img.
func luma(img *image.RGBA, r image.Rectangle) float64 {
	sum, n := 0.0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			sum += 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
			n++
		}
	}
	return sum / float64(n)
}

// edgePixels counts pixels whose colour is between their left and right
// neighbours' on every channel and differs from both: the blended edge
// pixels antialiasing makes.
func edgePixels(img *image.RGBA) int {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X + 1; x < b.Max.X-1; x++ {
			l, c, r := img.RGBAAt(x-1, y), img.RGBAAt(x, y), img.RGBAAt(x+1, y)
			between := func(a, m, z uint8) bool {
				lo, hi := min(a, z), max(a, z)
				return hi-lo > 40 && m > lo+8 && m < hi-8
			}
			if between(l.R, c.R, r.R) && between(l.G, c.G, r.G) {
				n++
			}
		}
	}
	return n
}

// The lit scene renders the same in both render modes, matches its golden
// images (lit, shadowed, MSAA, post), and each feature changes the picture
// where it should: shadows darken the floor behind the cube, MSAA blends
// edges, bloom and the vignette brighten around the glowing cube and
// darken the corners.
func TestLitGolden(t *testing.T) {
	cases := []struct {
		name string
		msaa int
		o    litOptions
	}{
		{"lit", 0, litOptions{}},
		{"shadowed", 0, litOptions{shadows: true}},
		{"msaa", 4, litOptions{shadows: true}},
		{"post", 4, litOptions{shadows: true, post: true}},
	}
	imgs := map[string]*image.RGBA{}
	for _, c := range cases {
		for _, onMain := range []bool{false, true} {
			img := shootLit(t, onMain, c.msaa, c.o)
			checkGolden(t, "lit_"+c.name, img)
			if !onMain {
				imgs[c.name] = img
			}
		}
	}
	// The floor right of the blue cube, away from the sun: shadowed only
	// with shadows on.
	shadow := image.Rect(150, 95, 172, 101)
	if lit, sh := luma(imgs["lit"], shadow), luma(imgs["shadowed"], shadow); sh > lit*0.8 {
		t.Errorf("floor behind the cube: luma %.0f with shadows, %.0f without; want it darker", sh, lit)
	}
	if plain, aa := edgePixels(imgs["shadowed"]), edgePixels(imgs["msaa"]); aa < plain+50 {
		t.Errorf("MSAA: %d blended edge pixels, %d without", aa, plain)
	}
	corner := image.Rect(0, 0, 20, 20)
	if a, b := luma(imgs["msaa"], corner), luma(imgs["post"], corner); b >= a {
		t.Errorf("vignette: corner luma %.0f with post, %.0f without", b, a)
	}
}

// BenchmarkLitScene measures whole frames of 100 lit meshes (cubes and
// spheres of varied materials, a sun and four point lights), with the
// sun's shadow map and without: ns/op is a frame, gpu-ms/frame the GPU time
// of its passes (GL timer queries). The difference is the shadow pass.
func BenchmarkLitScene(b *testing.B) {
	for _, shadows := range []bool{false, true} {
		name := "noshadows"
		if shadows {
			name = "shadows"
		}
		b.Run(name, func(b *testing.B) {
			cfg := headless(0)
			cfg.Width, cfg.Height = 800, 600
			g := NewGame(cfg)
			done := false
			var gpu time.Duration
			gpuFrames := 0
			g.GameInited.On(func(g *Game) {
				g.Director().EndFrame.On(func(d *director.Director) {
					if done || d.TotalFrames() < 30 {
						return
					}
					if st, ok := d.RenderStats(); ok && st.GPUFrameNumber != 0 {
						gpu += st.GPUFrame
						gpuFrames++
					}
					if !b.Loop() {
						done = true
						g.Quit()
					}
				})
			})
			b.ReportAllocs()
			runGame(b, g, litScene(litOptions{shadows: shadows, grid: 10}))
			if !done {
				b.Fatalf("the Game ended after %d frames", g.Frames())
			}
			if gpuFrames > 0 {
				b.ReportMetric(float64(gpu.Microseconds())/1000/float64(gpuFrames), "gpu-ms/frame")
			}
		})
	}
}
