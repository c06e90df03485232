package gl_test

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// steadyScene records 1,000 sprites over two textures, 2,000 overlapping
// opaque ones (where a software rasterizer leaves the hidden ones out), a
// lit mesh and a full-screen pass: the recording and execution of such a
// frame allocate nothing.
type steadyScene struct {
	a, b render.TextureID
	mesh render.MeshID
	s    render.Sprite
}

func (sc *steadyScene) init(f *render.Frame) {
	sc.a = f.CreateTexture(render.TextureDesc{Width: 2, Height: 2}, make([]byte, 16))
	sc.b = f.CreateTexture(render.TextureDesc{Width: 2, Height: 2}, make([]byte, 16))
	vs, is := cube()
	sc.mesh = f.CreateMesh(vs, is)
	sc.s = render.Sprite{Size: mgl32.Vec2{4, 4}, Color: render.White, Blend: render.BlendAlpha}
}

func (sc *steadyScene) record(f *render.Frame) {
	p := perspectivePass()
	p.Name = "world"
	f.BeginPass(p)
	f.DrawMesh(&render.MeshDraw{Mesh: sc.mesh, Model: mgl32.Ident4()})
	f.BeginPass(render.Pass{Name: "sprites", ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
	for i := 0; i < 1000; i++ {
		sc.s.Transform = mgl32.Translate3D(float32(i%screenW), float32(i%screenH), 0)
		sc.s.Texture = sc.a
		if i%2 == 1 {
			sc.s.Texture = sc.b
		}
		sc.s.Layer = uint8(i % 2)
		f.DrawSprite(&sc.s)
	}
	sc.s.Texture, sc.s.Layer = 0, 2
	for i := 0; i < 2000; i++ { // each spot twice: the first sprite there is hidden
		sc.s.Transform = mgl32.Translate3D(float32(i%40)*1.5, float32(i%1000/40)*1.5, 0)
		f.DrawSprite(&sc.s)
	}
	f.DrawFullscreen(&render.FullscreenDraw{Texture: sc.a, Blend: render.BlendAdditive})
}

// A steady frame allocates nothing on any sprite path, threaded or not.
func TestSteadyStateFrameAllocatesNothing(t *testing.T) {
	for _, path := range []gl.SpritePath{gl.SpritesAuto, gl.SpritesInstanced, gl.SpritesVertices} {
		for _, onMain := range []bool{true, false} {
			h := newHarness(t, onMain, gl.Options{Sprites: path})
			var sc steadyScene
			sc.init(h.r.Frame())
			frame := func() {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				sc.record(f)
				if err := h.r.Submit(); err != nil {
					t.Fatal(err)
				}
			}
			for i := 0; i < 3; i++ {
				frame()
			}
			if n := testing.AllocsPerRun(20, frame); n != 0 {
				t.Errorf("%v, on main %v: %v allocations per steady-state GL frame", path, onMain, n)
			}
			st := h.r.Stats()
			if st.DrawCalls != 5 || st.Items != 3002 {
				t.Errorf("%v, on main %v: stats %+v", path, onMain, st)
			}
			if hidden := st.HiddenSprites > 0; hidden != (path == gl.SpritesAuto && gl.SoftwareRenderer(h.b)) {
				t.Errorf("%v, on main %v: %d hidden sprites", path, onMain, st.HiddenSprites)
			}
			// The timer queries ran in those frames, and their results came back.
			if !st.NoGPUTimes && (st.PassCount != 2 || st.GPUPasses[0].Name != "world" ||
				st.GPUPasses[1].Name != "sprites" || st.GPUFrameNumber == 0 || st.GPUFrameNumber >= st.Frame) {
				t.Errorf("%v, on main %v: GPU times of frame %d in frame %d: %d %+v", path, onMain,
					st.GPUFrameNumber, st.Frame, st.PassCount, st.GPUPasses[:st.PassCount])
			}
			h.close()
		}
	}
}

// The bulk path (ReserveSprites and CommitSprites, as a SpriteBatch
// records) allocates nothing in a steady frame either, with point sprites
// and with instanced quads.
func TestSteadyBulkFrameAllocatesNothing(t *testing.T) {
	for _, path := range []gl.SpritePath{gl.SpritesAuto, gl.SpritesInstanced} {
		onMain := path == gl.SpritesAuto // so that SpritePaths tells the last frame's
		h := newHarness(t, onMain, gl.Options{Sprites: path})
		tex := h.r.Frame().CreateTexture(render.TextureDesc{Width: 2, Height: 2}, make([]byte, 16))
		d := render.SpriteDraw{Texture: tex, Blend: render.BlendAlpha}
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			f.BeginPass(render.Pass{ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
			insts := f.ReserveSprites(20000)
			for i := range insts {
				insts[i] = render.SpriteInstance{X: float32(i % (screenW - 4)), Y: float32(i % (screenH - 4)), AX: 4, BY: 4,
					U1: 1, V1: 1, Color: render.White}
			}
			f.CommitSprites(&d, len(insts))
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 3; i++ {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("%v: %v allocations per steady-state bulk frame", path, n)
		}
		st := h.r.Stats()
		if st.DrawCalls != 1 || st.Items != 1 || st.Triangles != 40000 {
			t.Errorf("%v: stats %+v", path, st)
		}
		if !st.NoGPUTimes && (st.PassCount != 1 || st.GPUPasses[0].Name != "pass 0" || st.GPUFrameNumber == 0) {
			t.Errorf("%v: GPU times of frame %d: %d %+v", path, st.GPUFrameNumber, st.PassCount, st.GPUPasses[:st.PassCount])
		}
		h.close()
		if p, in, _ := h.b.SpritePaths(); onMain && (p != 1 || in != 0) {
			t.Errorf("%v: %d point and %d instanced batches, want the 4x4 squares as points", path, p, in)
		}
	}
}

func BenchmarkGLFrame1000Sprites(b *testing.B) {
	if testSurface == nil {
		skipOrFail(b, "no GL context")
	}
	for _, onMain := range []bool{true, false} {
		name := "threaded"
		if onMain {
			name = "onMain"
		}
		b.Run(name, func(b *testing.B) {
			h := newHarness(b, onMain, gl.Options{Shaders: shaderFS, NoSwap: true})
			defer h.close()
			var sc steadyScene
			sc.init(h.r.Frame())
			b.ReportAllocs()
			for b.Loop() {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				sc.record(f)
				if err := h.r.Submit(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// litScene is a lit, shadowed 3D frame: a shadow pass, a pass into a
// multisampled HDR target with two attachments lit by the sun (with PCF
// shadows) and point lights, meshes with every material map, and a
// full-screen pass combining the attachments onto the screen.
type litScene struct {
	box, floor       render.MeshID
	maps             [4]render.TextureID
	shadow, hdr      render.TargetID
	shadowTex, color render.TextureID
	second           render.TextureID
	lights           render.Lights
	lightVP          mgl32.Mat4
}

func (sc *litScene) init(f *render.Frame) {
	vs, is := cube()
	for i := range vs {
		vs[i].Tangent = [4]float32{1, 0, 0, 1}
	}
	sc.box = f.CreateMesh(vs, is)
	vs, is = plane(mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, 6, render.White, false)
	sc.floor = f.CreateMesh(vs, is)
	for i := range sc.maps {
		sc.maps[i] = f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{128, 200, 255, 255})
	}
	sc.shadow, sc.shadowTex = f.CreateTarget(render.TargetDesc{Width: 256, Height: 256, Depth: render.DepthShadow})
	sc.hdr, sc.color = f.CreateTarget(render.TargetDesc{Width: screenW, Height: screenH, Format: render.FormatRGBA16F, Colors: 2, Samples: 4})
	sc.second = f.TargetTexture(sc.hdr, 1)
	sun := mgl32.Vec3{1, -2, 0.5}.Normalize()
	sc.lightVP = mgl32.Ortho(-8, 8, -8, 8, 0.1, 30).Mul4(mgl32.LookAtV(sun.Mul(-10), mgl32.Vec3{}, mgl32.Vec3{0, 0, 1}))
	sc.lights = render.Lights{Eye: mgl32.Vec3{0, 0, 3}, Ambient: mgl32.Vec3{0.1, 0.1, 0.1}, SunDir: sun, SunColor: mgl32.Vec3{2, 2, 2},
		Shadow: sc.shadowTex, ShadowMatrix: sc.lightVP, ShadowRadius: 2}
	for i := 0; i < render.MaxPointLights; i++ {
		sc.lights.AddPoint(render.PointLight{Position: mgl32.Vec3{float32(i) - 4, 1, 0}, Color: mgl32.Vec3{1, 0.5, 0.2}, Range: 5})
	}
}

func (sc *litScene) record(f *render.Frame) {
	mat := render.Material{Metallic: 0.5, Roughness: 0.4, Emissive: mgl32.Vec3{0.1, 0, 0},
		MetallicRoughnessMap: sc.maps[0], NormalMap: sc.maps[1], EmissiveMap: sc.maps[2], OcclusionMap: sc.maps[3]}
	f.BeginPass(render.Pass{Name: "shadow", Target: sc.shadow, Clear: render.ClearDepth, ViewProj: sc.lightVP})
	f.DrawMesh(&render.MeshDraw{Mesh: sc.box, Model: mgl32.Translate3D(0, 1, 0), Material: mat})
	f.DrawMesh(&render.MeshDraw{Mesh: sc.floor, Model: mgl32.Ident4(), Material: mat})
	p := perspectivePass()
	p.Name, p.Target, p.Lights = "lit", sc.hdr, sc.lights
	f.BeginPass(p)
	f.DrawMesh(&render.MeshDraw{Mesh: sc.box, Model: mgl32.Translate3D(0, 1, 0), Material: mat})
	f.DrawMesh(&render.MeshDraw{Mesh: sc.floor, Model: mgl32.Translate3D(0, -1, 0), Material: mat})
	f.BeginPass(render.Pass{Name: "post"})
	f.DrawFullscreen(&render.FullscreenDraw{Texture: sc.color, Inputs: [3]render.TextureID{sc.second}})
}

// A steady lit, shadowed frame (and the screen's MSAA resolve) allocates
// nothing either.
func TestSteadyLitFrameAllocatesNothing(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{MSAA: 4})
		var sc litScene
		sc.init(h.r.Frame())
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			sc.record(f)
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < 3; i++ {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("on main %v: %v allocations per steady lit frame", onMain, n)
		}
		if st := h.r.Stats(); st.DrawCalls != 5 || st.Passes != 3 {
			t.Errorf("on main %v: stats %+v", onMain, st)
		}
		h.close()
	}
}

// BenchmarkGLFrameLitShadowed renders litScene; gpu-ns/frame is the GPU
// time of its passes as the timer queries measure it (where the driver
// has them).
func BenchmarkGLFrameLitShadowed(b *testing.B) {
	if testSurface == nil {
		skipOrFail(b, "no GL context")
	}
	h := newHarness(b, true, gl.Options{MSAA: 4})
	defer h.close()
	var sc litScene
	sc.init(h.r.Frame())
	var gpu time.Duration
	var timed int
	b.ReportAllocs()
	for b.Loop() {
		f := h.r.Frame()
		f.SetScreenSize(screenW, screenH)
		sc.record(f)
		if err := h.r.Submit(); err != nil {
			b.Fatal(err)
		}
		if st := h.r.Stats(); st.GPUFrameNumber != 0 && !st.NoGPUTimes {
			gpu += st.GPUFrame
			timed++
		}
	}
	if timed > 0 {
		b.ReportMetric(float64(gpu.Nanoseconds())/float64(timed), "gpu-ns/frame")
	}
}
