package render_test

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// RecordUniforms copies a set: values, types, counts and words, with base
// chaining; later changes to the set do not reach the recorded copy.
func TestRecordUniforms(t *testing.T) {
	f := render.NewFrame()
	var mat, draw render.UniformSet
	mat.SetVec3s("u_colors", []mgl32.Vec3{{1, 2, 3}, {4, 5, 6}})
	mat.SetFloat("u_k", 0.5)
	draw.SetInts("u_idx", render.UniformIVec2, []int32{-1, 7})
	draw.SetBool("u_on", true)
	draw.SetUints("u_mask", render.UniformUint, []uint32{1, 2, 3})
	draw.SetTexture("u_noise", 42)
	m := f.RecordUniforms(render.Uniforms{}, &mat)
	d := f.RecordUniforms(m, &draw)
	mat.SetFloat("u_k", 9) // after recording: not seen

	vals, base := f.UniformValues(d)
	if base != m || len(vals) != 4 {
		t.Fatalf("draw set: base %v, %d values", base, len(vals))
	}
	want := []struct {
		name  string
		typ   render.UniformType
		count int
		words []uint32
	}{
		{"u_idx", render.UniformIVec2, 1, []uint32{math.MaxUint32, 7}},
		{"u_on", render.UniformBool, 1, []uint32{1}},
		{"u_mask", render.UniformUint, 3, []uint32{1, 2, 3}},
		{"u_noise", render.UniformSampler2D, 1, []uint32{}},
	}
	for i, w := range want {
		v := vals[i]
		got := f.UniformWords(v.Data)
		if v.Name != w.name || v.Type != w.typ || v.Count != w.count || fmt.Sprint(got) != fmt.Sprint(w.words) {
			t.Errorf("value %d = %+v words %v, want %+v", i, v, got, w)
		}
	}
	if vals[3].Texture != 42 {
		t.Errorf("sampler texture %v", vals[3].Texture)
	}
	mvals, mbase := f.UniformValues(m)
	if !mbase.IsZero() || len(mvals) != 2 || mvals[0].Count != 2 ||
		fmt.Sprint(f.UniformWords(mvals[0].Data)) != fmt.Sprint([]uint32{
			math.Float32bits(1), math.Float32bits(2), math.Float32bits(3),
			math.Float32bits(4), math.Float32bits(5), math.Float32bits(6)}) ||
		f.UniformWords(mvals[1].Data)[0] != math.Float32bits(0.5) {
		t.Errorf("material set %+v", mvals)
	}
	// Set again with another size: the set keeps one value of that name.
	mat.SetVec3s("u_colors", []mgl32.Vec3{{7, 8, 9}})
	mat.SetFloats("u_k", render.UniformVec4, []float32{1, 2, 3, 4})
	if mat.Len() != 2 || mat.Values()[0].Count != 1 || mat.Values()[1].Type != render.UniformVec4 || len(mat.Words()) < 7 {
		t.Errorf("reset values: %+v", mat.Values())
	}
	if v, _ := f.UniformValues(render.Uniforms{}); v != nil {
		t.Error("the zero Uniforms has values")
	}
}

func TestUniformSetPanics(t *testing.T) {
	var s render.UniformSet
	for name, fn := range map[string]func(){
		"empty name":     func() { s.SetFloat("", 1) },
		"partial vec3":   func() { s.SetFloats("u", render.UniformVec3, []float32{1, 2}) },
		"int as float":   func() { s.SetFloats("u", render.UniformInt, []float32{1}) },
		"float as int":   func() { s.SetInts("u", render.UniformFloat, []int32{1}) },
		"no values":      func() { s.SetVec3s("u", nil) },
		"uint as int":    func() { s.SetUints("u", render.UniformIVec2, []uint32{1, 2}) },
		"foreign handle": func() { render.NewFrame().RecordUniforms(render.NewFrame().RecordUniforms(render.Uniforms{}, &s), &s) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			fn()
		}()
	}
}

// The frame block: the documented std140 layout and values.
func TestFrameBlockValues(t *testing.T) {
	f := render.NewFrame()
	f.SetNumber(7)
	f.SetTime(2.5, 0.25)
	view := mgl32.LookAtV(mgl32.Vec3{1, 2, 3}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj := mgl32.Perspective(1, 2, 0.1, 10)
	p := render.Pass{View: view, Projection: proj, ViewProj: proj.Mul4(view)}
	fb := f.FrameBlock(&p, 200, 100)
	if !fb.CameraPos.Vec3().ApproxEqualThreshold(mgl32.Vec3{1, 2, 3}, 1e-5) || fb.CameraPos[3] != 1 {
		t.Errorf("camera %v", fb.CameraPos)
	}
	if fb.ScreenSize != (mgl32.Vec4{200, 100, 0.005, 0.01}) || fb.Time != (mgl32.Vec4{2.5, 0.25, 7, 0}) {
		t.Errorf("screen %v time %v", fb.ScreenSize, fb.Time)
	}
	b := fb.Bytes()
	if len(b) != render.FrameBlockSize || math.Float32frombits(uint32(b[224])|uint32(b[225])<<8|uint32(b[226])<<16|uint32(b[227])<<24) != 2.5 {
		t.Errorf("cc_time.x is not at byte 224")
	}
	// Zero View and Projection: identity, ViewProj, and the camera from Lights.Eye.
	q := render.Pass{ViewProj: proj, Lights: render.Lights{Eye: mgl32.Vec3{4, 5, 6}}}
	fb = f.FrameBlock(&q, 1, 1)
	if fb.View != mgl32.Ident4() || fb.Projection != proj || fb.CameraPos != (mgl32.Vec4{4, 5, 6, 1}) {
		t.Errorf("defaults %+v", fb)
	}
}

// A Renderer keeps a time a frame set and fills in its clock for frames
// that set none.
func TestRendererTime(t *testing.T) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := r.Frame()
	f.SetTime(100, 0.5)
	if err := r.Submit(); err != nil {
		t.Fatal(err)
	}
	// OnMainThread, the submitted frame is kept until the next Submit.
	if s, d := f.Time(); s != 100 || d != 0.5 {
		t.Errorf("set time became %v, %v", s, d)
	}
	g := r.Frame()
	time.Sleep(2 * time.Millisecond)
	if err := r.Submit(); err != nil {
		t.Fatal(err)
	}
	if s, d := g.Time(); s < 0.002 || d < 0.002 || d > s+1e-9 {
		t.Errorf("clock time %v, delta %v", s, d)
	}
}

// Recording uniforms allocates nothing once the sets and the frame grew.
func TestUniformsRecordAllocatesNothing(t *testing.T) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var mat, draw render.UniformSet
	colors := make([]mgl32.Vec3, 8)
	frame := func() {
		f := r.Frame()
		mat.SetVec3s("u_colors", colors)
		m := f.RecordUniforms(render.Uniforms{}, &mat)
		f.BeginPass(render.Pass{Uniforms: m})
		for i := range 100 {
			draw.SetFloat("u_time", float32(i))
			draw.SetMat4("u_m", mgl32.Ident4())
			f.DrawFullscreen(&render.FullscreenDraw{Uniforms: f.RecordUniforms(m, &draw)})
		}
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		frame()
	}
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame recording uniforms", n)
	}
}

func BenchmarkRecordUniforms(b *testing.B) {
	f := render.NewFrame()
	var mat, draw render.UniformSet
	mat.SetVec3s("u_colors", make([]mgl32.Vec3, 4))
	f.BeginPass(render.Pass{})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%1000 == 0 {
			f.Reset()
			f.BeginPass(render.Pass{})
		}
		m := f.RecordUniforms(render.Uniforms{}, &mat)
		draw.SetFloat("u_time", float32(i))
		draw.SetVec4("u_tint", mgl32.Vec4{1, 1, 1, 1})
		f.DrawFullscreen(&render.FullscreenDraw{Uniforms: f.RecordUniforms(m, &draw)})
	}
}

// A material's uniforms recorded once per frame and shared by many draws,
// each adding its own; the pass offers u_time to every program.
func ExampleFrame_RecordUniforms() {
	f := render.NewFrame()
	var pass, material, draw render.UniformSet
	pass.SetFloat("u_time", 1.5)
	material.SetVec3s("u_palette", []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}})
	material.SetTexture("u_noise", 0) // 0: the white texture

	p := render.Pass{Uniforms: f.RecordUniforms(render.Uniforms{}, &pass)}
	f.BeginPass(p)
	mat := f.RecordUniforms(render.Uniforms{}, &material)
	for i := range 3 {
		draw.SetInt("u_pick", int32(i%2))
		f.DrawMesh(&render.MeshDraw{Model: mgl32.Translate3D(float32(i), 0, 0), Uniforms: f.RecordUniforms(mat, &draw)})
	}
	vals, base := f.UniformValues(f.MeshDraws()[2].Uniforms)
	fmt.Println(vals[0].Name, vals[0].Type, f.UniformWords(vals[0].Data)[0], base == mat)
	// Output: u_pick int 0 true
}

// Shader results travel back with their frame in both render modes: at the
// next Submit threaded, at the same one on the main thread.
func TestShaderResultsRenderer(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: onMain})
		if err != nil {
			t.Fatal(err)
		}
		sh := r.Frame().CreateShader(render.ShaderDesc{VertexName: "a.vert", FragmentName: "a.frag"})
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
		if !onMain {
			if len(r.ShaderResults()) != 0 {
				t.Errorf("threaded: results before the frame came back")
			}
			r.Frame().UpdateShader(sh, render.ShaderDesc{})
			if err := r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		res := r.ShaderResults()
		if len(res) != 1 || res[0].Shader != sh || res[0].Op != render.OpCreateShader || res[0].Err != nil || res[0].Frame != 1 {
			t.Errorf("on main %v: results %+v", onMain, res)
		}
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
		if res := r.ShaderResults(); !onMain && (len(res) != 1 || res[0].Op != render.OpUpdateShader || res[0].Frame != 2) {
			t.Errorf("threaded: update results %+v", res)
		}
		r.Close()
	}
}

// The frame block every program may read with #include <tact/frame.glsl>:
// what a backend loads for a pass, here a camera at (0, 2, 5).
func ExampleFrame_FrameBlock() {
	f := render.NewFrame()
	f.SetNumber(3)
	f.SetTime(1.5, 1.0/60) // the game's clock; a Renderer fills in its own otherwise
	view := mgl32.LookAtV(mgl32.Vec3{0, 2, 5}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	proj := mgl32.Perspective(mgl32.DegToRad(45), 4.0/3, 0.1, 100)
	p := render.Pass{View: view, Projection: proj, ViewProj: proj.Mul4(view)}
	fb := f.FrameBlock(&p, 640, 480)
	fmt.Printf("cc_cameraPos %.1f\ncc_screenSize %.4g\ncc_time %.4g\n", fb.CameraPos, fb.ScreenSize, fb.Time)
	// Output:
	// cc_cameraPos [0.0 2.0 5.0 1.0]
	// cc_screenSize [640 480 0.001563 0.002083]
	// cc_time [1.5 0.01667 3 0]
}

// A material's parameters as a reusable set: setting a name again changes
// its value in place.
func ExampleUniformSet() {
	var s render.UniformSet
	s.SetVec4("u_tint", mgl32.Vec4{1, 0.5, 0.25, 1})
	s.SetFloats("u_weights", render.UniformFloat, []float32{0.25, 0.5, 0.25})
	s.SetFloat("u_strength", 2)
	s.SetFloat("u_strength", 3)
	for _, v := range s.Values() {
		fmt.Println(v.Name, v.Type, v.Count)
	}
	// Output:
	// u_tint vec4 1
	// u_weights float 3
	// u_strength float 1
}
