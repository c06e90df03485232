package render_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

func TestSteadyStateFrameAllocatesNothing(t *testing.T) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := r.Frame()
	tex := f.CreateTexture(render.TextureDesc{Width: 2, Height: 2}, make([]byte, 16))
	vp := mgl32.Ortho(0, 640, 0, 480, -1, 1)
	s := render.Sprite{Size: mgl32.Vec2{16, 16}, Texture: tex, Blend: render.BlendAlpha, Color: render.White}
	frame := func() {
		f := r.Frame()
		f.SetScreenSize(640, 480)
		f.BeginPass(render.Pass{Clear: render.ClearColor, ViewProj: vp})
		for i := 0; i < 1000; i++ {
			s.Transform = mgl32.Translate3D(float32(i%640), float32(i%480), 0)
			s.Order = int16(i % 3)
			f.DrawSprite(&s)
		}
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 3; i++ {
		frame() // grow both frames' buffers
	}
	if n := testing.AllocsPerRun(100, frame); n != 0 {
		t.Errorf("%v allocations per steady-state frame", n)
	}
	if st := r.Stats(); st.Items != 1000 || st.DrawCalls != 1 {
		t.Errorf("stats %+v", st)
	}
}

func BenchmarkRecordSprite(b *testing.B) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	s := render.Sprite{Transform: mgl32.Translate3D(10, 20, 0), Size: mgl32.Vec2{16, 16}, Pivot: mgl32.Vec2{0.5, 0.5},
		Color: render.White, Blend: render.BlendAlpha}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i&1023 == 0 {
			f.Reset()
			f.BeginPass(render.Pass{})
		}
		f.DrawSprite(&s)
	}
}

func BenchmarkBatches10k(b *testing.B) {
	f := render.NewFrame()
	f.BeginPass(render.Pass{})
	for i := 0; i < 10000; i++ {
		f.DrawSprite(sprite(render.TextureID(i%4), uint8(i%3), 0, render.BlendAlpha, float32(i%100)))
	}
	b.ReportAllocs()
	for b.Loop() {
		f.DrawMesh(&render.MeshDraw{Model: mgl32.Ident4()}) // invalidates the cached sort
		f.Batches()
	}
}

func BenchmarkFrame1000SpritesOnMain(b *testing.B) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	s := render.Sprite{Size: mgl32.Vec2{16, 16}, Blend: render.BlendAlpha, Color: render.White}
	b.ReportAllocs()
	for b.Loop() {
		f := r.Frame()
		f.BeginPass(render.Pass{})
		for i := 0; i < 1000; i++ {
			s.Transform = mgl32.Translate3D(float32(i), 0, 0)
			f.DrawSprite(&s)
		}
		if err := r.Submit(); err != nil {
			b.Fatal(err)
		}
	}
}
