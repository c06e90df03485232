package render_test

import (
	"errors"
	"image"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// orderBackend wraps the null backend and checks that frames arrive in order,
// one at a time, on the thread that ran Init.
type orderBackend struct {
	*null.Backend
	t        *testing.T
	last     uint64
	busy     atomic.Bool
	executed int
}

func (b *orderBackend) Execute(f *render.Frame) error {
	if b.busy.Swap(true) {
		b.t.Error("Execute called concurrently")
	}
	defer b.busy.Store(false)
	if f.Number() != b.last+1 {
		b.t.Errorf("frame %d executed after frame %d", f.Number(), b.last)
	}
	b.last = f.Number()
	b.executed++
	return b.Backend.Execute(f)
}

func cube() ([]render.MeshVertex, []uint32) {
	vs := []render.MeshVertex{
		{Position: [3]float32{0, 0, 0}}, {Position: [3]float32{1, 0, 0}}, {Position: [3]float32{1, 1, 0}},
	}
	return vs, []uint32{0, 1, 2}
}

func pixels(w, h int, c render.Color) []byte {
	b := make([]byte, w*h*4)
	for i := 0; i < len(b); i += 4 {
		b[i], b[i+1], b[i+2], b[i+3] = c.R(), c.G(), c.B(), c.A()
	}
	return b
}

// recordBusyFrame creates a texture, a mesh, a shader and a target, draws with
// all of them and with the previous frame's resources, then deletes the
// previous frame's resources.
type churn struct {
	tex    render.TextureID
	mesh   render.MeshID
	shader render.ShaderID
	target render.TargetID
	color  render.TextureID
}

func recordBusyFrame(f *render.Frame, prev churn, px []byte, vs []render.MeshVertex, is []uint32) churn {
	var c churn
	c.tex = f.CreateTexture(render.TextureDesc{Width: 4, Height: 4}, px)
	f.UpdateTexture(c.tex, render.Rect{X: 1, Y: 1, W: 2, H: 2}, px[:16])
	c.mesh = f.CreateMesh(vs, is)
	c.shader = f.CreateShader(render.ShaderDesc{VertexName: "v", FragmentName: "f"})
	c.target, c.color = f.CreateTarget(render.TargetDesc{Width: 8, Height: 8})
	f.SetScreenSize(64, 48)

	f.BeginPass(render.Pass{Target: c.target, Clear: render.ClearColor | render.ClearDepth, ViewProj: mgl32.Ident4()})
	s := render.Sprite{Transform: mgl32.Ident4(), Size: mgl32.Vec2{1, 1}, Texture: c.tex, Color: render.White}
	f.DrawSprite(&s)
	f.DrawMesh(&render.MeshDraw{Mesh: c.mesh, Shader: c.shader, Model: mgl32.Ident4()})
	f.BeginPass(render.Pass{Clear: render.ClearColor, ViewProj: mgl32.Ident4()})
	s.Texture = c.color
	f.DrawSprite(&s)
	if prev.tex != 0 {
		s.Texture = prev.tex
		f.DrawSprite(&s)
		f.DrawMesh(&render.MeshDraw{Mesh: prev.mesh, Texture: prev.color, Model: mgl32.Ident4()})
		f.DeleteTexture(prev.tex)
		f.DeleteMesh(prev.mesh)
		f.DeleteShader(prev.shader)
		f.DeleteTarget(prev.target)
	}
	return c
}

func TestHandoffThousandFrames(t *testing.T) {
	before := runtime.NumGoroutine()
	nb := null.New()
	ob := &orderBackend{Backend: nb, t: t}
	r, err := render.NewRenderer(ob, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	px := pixels(4, 4, render.RGBA(1, 2, 3, 4))
	vs, is := cube()
	var prev churn
	seen := map[uint32]bool{}
	const frames = 1000
	for i := 1; i <= frames; i++ {
		f := r.Frame()
		if f.Number() != 0 || len(f.Items()) != 0 {
			t.Fatalf("frame %d: got a frame that is not empty (number %d, %d items)", i, f.Number(), len(f.Items()))
		}
		if w, h := f.ScreenSize(); i > 1 && (w != 64 || h != 48) {
			t.Fatalf("screen size not carried over: %dx%d", w, h)
		}
		prev = recordBusyFrame(f, prev, px, vs, is)
		seen[prev.tex.Index()] = true
		if err := r.Submit(); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		st := r.Stats()
		// Threaded, Submit returns once the previous frame has executed.
		if i > 1 && st.Frame != uint64(i-1) {
			t.Fatalf("after submitting frame %d, stats are of frame %d", i, st.Frame)
		}
		if i > 2 && (st.DrawCalls != 5 || st.Items != 5 || st.Passes != 2 || st.Triangles != 2+1+2+2+1) {
			t.Fatalf("frame %d stats: %+v", st.Frame, st)
		}
	}
	if len(seen) > 8 {
		t.Errorf("texture slots are not recycled: %d distinct slots", len(seen))
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if ob.executed != frames {
		t.Errorf("executed %d frames, want %d", ob.executed, frames)
	}
	// Everything but the last frame's resources was deleted; Shutdown deleted the rest.
	if got := nb.Live(); got != (null.Counts{}) {
		t.Errorf("live after Shutdown: %+v", got)
	}
	tot := nb.Total()
	if want := 5*frames - 2; tot.DrawCalls != want {
		t.Errorf("total draw calls %d, want %d", tot.DrawCalls, want)
	}
	if r.Submit() != render.ErrClosed {
		t.Error("Submit after Close did not return ErrClosed")
	}
	waitGoroutines(t, before)
}

func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	for i := 0; i < 100; i++ {
		if runtime.NumGoroutine() <= want {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Errorf("%d goroutines left, want %d", runtime.NumGoroutine(), want)
}

func TestLiveCountsBeforeShutdown(t *testing.T) {
	nb := null.New()
	r, err := render.NewRenderer(nb, render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	var prev churn
	vs, is := cube()
	px := pixels(4, 4, render.White)
	for i := 0; i < 10; i++ {
		prev = recordBusyFrame(r.Frame(), prev, px, vs, is)
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	// The last frame's texture, mesh, shader, target (+ its texture) live on.
	if got, want := nb.Live(), (null.Counts{Textures: 2, Meshes: 1, Shaders: 1, Targets: 1}); got != want {
		t.Errorf("live %+v, want %+v", got, want)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestBadHandleReported(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: onMain})
		if err != nil {
			t.Fatal(err)
		}
		f := r.Frame()
		tex := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, nil)
		f.DeleteTexture(tex)
		err1 := r.Submit()
		f = r.Frame()
		f.BeginPass(render.Pass{ViewProj: mgl32.Ident4()})
		f.DrawSprite(&render.Sprite{Transform: mgl32.Ident4(), Texture: tex})
		f.DrawMesh(&render.MeshDraw{Mesh: render.MeshID(77), Model: mgl32.Ident4()})
		err2 := r.Submit()
		err3 := r.Submit() // threaded: the bad frame's error arrives here
		var got error
		if onMain {
			got = errors.Join(err1, err2)
			if err3 != nil {
				t.Errorf("clean frame reported %v", err3)
			}
		} else {
			got = errors.Join(err1, err2, err3)
		}
		if got == nil {
			t.Fatalf("onMain=%v: no error for a deleted texture", onMain)
		}
		msg := got.Error()
		for _, want := range []string{"DrawSprite", "deleted " + tex.String(), "DrawMesh", "unknown mesh#77.0"} {
			if !strings.Contains(msg, want) {
				t.Errorf("onMain=%v: error %q lacks %q", onMain, msg, want)
			}
		}
		if err := r.Submit(); err != nil {
			t.Errorf("renderer did not recover: %v", err)
		}
		if err := r.Close(); err != nil {
			t.Error(err)
		}
	}
}

type panicBackend struct{ null.Backend }

func (b *panicBackend) Execute(f *render.Frame) error {
	if f.Number() == 2 {
		panic("boom")
	}
	return b.Backend.Execute(f)
}

func TestBackendPanicBecomesError(t *testing.T) {
	r, err := render.NewRenderer(&panicBackend{}, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	for i := 0; i < 4; i++ {
		errs = append(errs, r.Submit())
	}
	errs = append(errs, r.Close())
	if e := errors.Join(errs...); e == nil || !strings.Contains(e.Error(), "frame 2: backend panic: boom") {
		t.Errorf("got %v", e)
	}
}

type failInit struct{ null.Backend }

func (failInit) Init() error { return errors.New("no context") }

func TestInitError(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, onMain := range []bool{false, true} {
		_, err := render.NewRenderer(&failInit{}, render.Options{OnMainThread: onMain})
		if err == nil || !strings.Contains(err.Error(), "no context") {
			t.Errorf("onMain=%v: got %v", onMain, err)
		}
	}
	waitGoroutines(t, before)
}

// slowBackend makes each frame take a while, so Submit has to wait.
type slowBackend struct{ null.Backend }

func (b *slowBackend) Execute(f *render.Frame) error {
	time.Sleep(5 * time.Millisecond)
	return b.Backend.Execute(f)
}

func TestWhileWaiting(t *testing.T) {
	var pumps int
	r, err := render.NewRenderer(&slowBackend{}, render.Options{WhileWaiting: func() { pumps++ }})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if pumps < 4 {
		t.Errorf("WhileWaiting ran %d times while Submit waited for 5ms frames", pumps)
	}
}

func TestReadPixelsDelivered(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: onMain})
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan *image.RGBA, 2)
		f := r.Frame()
		f.SetScreenSize(32, 16)
		tg, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 4})
		f.ReadPixels(0, render.Rect{}, func(img *image.RGBA) { got <- img })
		f.ReadPixels(tg, render.Rect{X: 1, Y: 1, W: 2, H: 2}, func(img *image.RGBA) { got <- img })
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if a, b := (<-got).Bounds(), (<-got).Bounds(); a != image.Rect(0, 0, 32, 16) || b != image.Rect(0, 0, 2, 2) {
			t.Errorf("onMain=%v: read-back sizes %v %v", onMain, a, b)
		}
	}
}

func TestThreadedAndOnMainSameStats(t *testing.T) {
	run := func(onMain bool) []render.Stats {
		r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: onMain})
		if err != nil {
			t.Fatal(err)
		}
		var out []render.Stats
		var prev churn
		vs, is := cube()
		px := pixels(4, 4, render.White)
		for i := 0; i < 20; i++ {
			prev = recordBusyFrame(r.Frame(), prev, px, vs, is)
			if err := r.Submit(); err != nil {
				t.Fatal(err)
			}
			st := r.Stats()
			st.RenderTime = 0
			out = append(out, st)
		}
		r.Close()
		return out
	}
	a, b := run(false), run(true)
	for i := 1; i < len(a); i++ {
		if a[i] != b[i-1] { // threaded stats lag one frame
			t.Fatalf("frame %d: threaded %+v, on main %+v", i, a[i], b[i-1])
		}
	}
}
