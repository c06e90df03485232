package gl_test

import (
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// fenceScene is a frame that is cheap to record and dear to rasterize: a
// 512×512 target cleared and covered four times by blended sprites, then a
// small pass onto the screen. Without a bound on the frames in flight a
// software rasterizer falls further and further behind it.
type fenceScene struct {
	target render.TargetID
	tex    render.TextureID
	covers int // blended full-target sprites per frame; 0 means 4
}

func (sc *fenceScene) init(f *render.Frame) {
	sc.target, sc.tex = f.CreateTarget(render.TargetDesc{Width: 512, Height: 512})
}

func (sc *fenceScene) record(f *render.Frame) {
	f.SetScreenSize(screenW, screenH)
	f.BeginPass(render.Pass{Name: "big", Target: sc.target, Clear: render.ClearColor,
		ViewProj: mgl32.Ortho(0, 512, 0, 512, -1, 1)})
	s := render.Sprite{Size: mgl32.Vec2{512, 512}, Color: render.RGBA(255, 255, 255, 64), Blend: render.BlendAlpha}
	covers := sc.covers
	if covers == 0 {
		covers = 4
	}
	for range covers {
		f.DrawSprite(&s)
	}
	f.BeginPass(render.Pass{Name: "screen", Clear: render.ClearColor, ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
	s = render.Sprite{Size: mgl32.Vec2{8, 8}, Texture: sc.tex, Color: render.White, Blend: render.BlendAlpha}
	f.DrawSprite(&s)
}

// When frame N executes, frame N-2 has finished on the GPU: its timer
// queries (issued before its fence) have come back, so Stats.GPUFrameNumber
// is at least N-MaxFramesInFlight, and Stats.FramesInFlight never exceeds
// the bound. Checked in both threading modes, with and without the swap.
func TestFramesInFlightBound(t *testing.T) {
	if testSurface == nil {
		skipOrFail(t, "no GL context (SDL offscreen video driver unavailable)")
	}
	for _, onMain := range []bool{true, false} {
		for _, noSwap := range []bool{true, false} {
			framesInFlight(t, onMain, noSwap)
		}
	}
}

func framesInFlight(t *testing.T, onMain, noSwap bool) {
	if onMain {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	b := gl.New(testSurface, gl.Options{Shaders: shaderFS, NoSwap: noSwap})
	r, err := render.NewRenderer(b, render.Options{OnMainThread: onMain})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := r.Close(); err != nil {
			t.Error(err)
		}
		if n := gl.LiveFences(b); n != 0 {
			t.Errorf("on main %v, no swap %v: %d fences left after Shutdown", onMain, noSwap, n)
		}
		if n := b.LiveObjects(); n != 0 {
			t.Errorf("on main %v, no swap %v: %d GL objects left after Shutdown", onMain, noSwap, n)
		}
	}()
	var sc fenceScene
	sc.init(r.Frame())
	const frames = 60
	worst, waits := uint64(0), 0
	for range frames {
		sc.record(r.Frame())
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
		st := r.Stats()
		if st.Frame == 0 {
			continue // threaded: the first Submit has no executed frame to return
		}
		if st.FramesInFlight < 0 || st.FramesInFlight > gl.MaxFramesInFlight {
			t.Errorf("on main %v, no swap %v: frame %d: %d frames in flight, the bound is %d",
				onMain, noSwap, st.Frame, st.FramesInFlight, gl.MaxFramesInFlight)
		}
		if st.GPUWait < 0 || st.GPUWait > st.RenderTime {
			t.Errorf("on main %v, no swap %v: frame %d: GPU wait %v outside its render time %v",
				onMain, noSwap, st.Frame, st.GPUWait, st.RenderTime)
		}
		if st.GPUWait > 0 {
			waits++
		}
		if onMain && gl.LiveFences(b) > gl.MaxFramesInFlight { // threaded, the render thread may be changing it
			t.Errorf("on main: frame %d: %d fences alive", st.Frame, gl.LiveFences(b))
		}
		if st.NoGPUTimes {
			t.Skip("context has no timer queries")
		}
		// Frame 1's times are the timer's warm-up, and frame 3 is the
		// first that may see frame 2's.
		if st.Frame < 4 {
			continue
		}
		lag := st.Frame - st.GPUFrameNumber
		worst = max(worst, lag)
		if lag > gl.MaxFramesInFlight || lag == 0 {
			t.Errorf("on main %v, no swap %v: frame %d saw the GPU times of frame %d, want %d..%d",
				onMain, noSwap, st.Frame, st.GPUFrameNumber, st.Frame-gl.MaxFramesInFlight, st.Frame-1)
		}
	}
	t.Logf("on main %v, no swap %v: GPU times at most %d frames behind; %d of %d frames waited for the GPU",
		onMain, noSwap, worst, waits, frames)
}

// Waiting for the fence of frame N-2 allocates nothing. The scene here is
// far dearer to draw than to record (32 blended covers of a 512×512
// target), so on a software rasterizer frames block in the wait. Whether a
// given frame does depends on the machine's load, so on the main thread the
// measurement is repeated, every round allocation-free, until a round has
// included a wait. With a render thread the same Backend.waitFrame runs on
// that thread, and AllocsPerRun (which counts every goroutine's
// allocations) still checks the hand-off; but there AllocsPerRun's
// GOMAXPROCS(1) lets llvmpipe's own threads finish most frames before
// their fence is waited on, so a wait there is logged, not required.
func TestFenceWaitAllocatesNothing(t *testing.T) {
	const rounds, perRound = 8, 40
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		sc := fenceScene{covers: 32}
		sc.init(h.r.Frame())
		waits := 0
		frame := func() {
			sc.record(h.r.Frame())
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
			if st := h.r.Stats(); st.GPUWait > 0 {
				waits++
			}
		}
		for range 4 {
			frame()
		}
		waits = 0
		round := 0
		for round < rounds && (round == 0 || (onMain && waits == 0)) {
			if n := testing.AllocsPerRun(perRound, frame); n != 0 {
				t.Errorf("on main %v: round %d: %v allocations per frame", onMain, round, n)
			}
			round++
		}
		if onMain && gl.SoftwareRenderer(h.b) && waits == 0 {
			t.Errorf("on main %v: no frame of %d waited for the GPU: the wait was not measured", onMain, round*(perRound+1))
		}
		t.Logf("on main %v: %d of %d frames waited for the GPU", onMain, waits, round*(perRound+1))
		h.close()
	}
}
