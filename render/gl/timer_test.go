package gl_test

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// Two named passes get two GPU times, with their names, a frame or more
// after the frame they belong to: the results are never read the frame they
// are issued in (which would wait for the GPU).
func TestGPUPassTimes(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		gpuPassTimes(t, onMain)
	}
}

func gpuPassTimes(t *testing.T, onMain bool) {
	{
		h := newHarness(t, onMain, gl.Options{})
		defer h.close()
		s := render.Sprite{Size: mgl32.Vec2{8, 8}, Color: render.White, Blend: render.BlendAlpha}
		got := false
		for i := 0; i < 60 && !got; i++ {
			_, st, err := h.frame(func(f *render.Frame) {
				f.BeginPass(render.Pass{Name: "scene", Clear: render.ClearColor,
					ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
				f.DrawSprite(&s)
				f.BeginPass(render.Pass{Name: "ui", ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
				f.DrawSprite(&s)
			})
			if err != nil {
				t.Fatal(err)
			}
			n := st.Frame // the frame just executed
			if st.NoGPUTimes {
				t.Skip("context has no timer queries")
			}
			if st.GPUFrameNumber == 0 {
				continue
			}
			if st.GPUFrameNumber >= n {
				t.Fatalf("on main %v: frame %d reports GPU times of frame %d: not from an earlier frame",
					onMain, n, st.GPUFrameNumber)
			}
			if st.PassCount != 2 || st.GPUPasses[0].Name != "scene" || st.GPUPasses[1].Name != "ui" {
				// The first frames (the warm-up above) may have other passes.
				if st.GPUFrameNumber > 1 {
					t.Fatalf("on main %v: passes %d %+v", onMain, st.PassCount, st.GPUPasses[:st.PassCount])
				}
				continue
			}
			var sum int64
			for _, p := range st.GPUPasses[:2] {
				if p.GPU < 0 || p.GPU > time.Second {
					t.Errorf("on main %v: pass %q: implausible GPU time %v", onMain, p.Name, p.GPU)
				}
				sum += int64(p.GPU)
			}
			if int64(st.GPUFrame) != sum {
				t.Errorf("on main %v: GPUFrame %v, want the passes' sum %v", onMain, st.GPUFrame, sum)
			}
			t.Logf("on main %v: frame %d: GPU times of frame %d: %+v", onMain, n, st.GPUFrameNumber, st.GPUPasses[:2])
			got = true
		}
		if !got {
			t.Errorf("on main %v: no GPU pass times after 60 frames", onMain)
		}
	}
}

// Unnamed passes are timed under "pass N".
func TestGPUPassDefaultNames(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	for i := 0; i < 60; i++ {
		_, st, err := h.frame(func(f *render.Frame) {
			f.BeginPass(render.Pass{Clear: render.ClearColor})
			f.BeginPass(render.Pass{Clear: render.ClearColor})
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.NoGPUTimes {
			t.Skip("context has no timer queries")
		}
		if st.PassCount == 2 {
			if st.GPUPasses[0].Name != "pass 0" || st.GPUPasses[1].Name != "pass 1" {
				t.Errorf("names %q %q, want pass 0, pass 1", st.GPUPasses[0].Name, st.GPUPasses[1].Name)
			}
			return
		}
	}
	t.Error("no GPU pass times after 60 frames")
}

// Every frame from the fourth on gets the GPU times of frame N-2 or N-1
// (the bound on frames in flight makes them come back in time, where
// before a software rasterizer left them tens of frames behind), and each
// time is filed under its own pass of its own frame: the two passes swap
// places and names every frame, so a time charged to the wrong frame or
// slot shows as the wrong name. On a hardware GPU the dear pass (a
// 512×512 target covered eight times) must also measure longer than the
// cheap one; Mesa's llvmpipe is exempt, as its TIME_ELAPSED queries do not
// measure a pass that another framebuffer's pass follows (about 1 µs for
// the dear pass there, whichever backend order).
func TestGPUPassTimesAttributed(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		gpuPassTimesAttributed(t, onMain)
	}
}

func gpuPassTimesAttributed(t *testing.T, onMain bool) {
	h := newHarness(t, onMain, gl.Options{})
	defer h.close()
	target, _ := h.r.Frame().CreateTarget(render.TargetDesc{Width: 512, Height: 512})
	heavy := func(f *render.Frame, name string) {
		f.BeginPass(render.Pass{Name: name, Target: target, Clear: render.ClearColor, ViewProj: mgl32.Ortho(0, 512, 0, 512, -1, 1)})
		s := render.Sprite{Size: mgl32.Vec2{512, 512}, Color: render.RGBA(255, 255, 255, 32), Blend: render.BlendAlpha}
		for range 8 {
			f.DrawSprite(&s)
		}
	}
	light := func(f *render.Frame, name string) {
		f.BeginPass(render.Pass{Name: name, ViewProj: mgl32.Ortho(0, screenW, 0, screenH, -1, 1)})
		f.DrawSprite(&render.Sprite{Size: mgl32.Vec2{1, 1}, Color: render.White, Blend: render.BlendAlpha})
	}
	// Frame n's passes: the dear one first when n is even. Submit numbers
	// the frames 1, 2, 3, … in order.
	names := [2][2]string{{"heavy even", "light even"}, {"light odd", "heavy odd"}}
	checked := 0
	for n := uint64(1); n <= 40; n++ {
		f := h.r.Frame()
		f.SetScreenSize(screenW, screenH)
		nm := names[n%2]
		if n%2 == 0 {
			heavy(f, nm[0])
			light(f, nm[1])
		} else {
			light(f, nm[0])
			heavy(f, nm[1])
		}
		if err := h.r.Submit(); err != nil {
			t.Fatal(err)
		}
		st := h.r.Stats()
		if st.NoGPUTimes {
			t.Skip("context has no timer queries")
		}
		if st.Frame < 4 {
			continue // frame 1 is the timer's warm-up; frame 3 may not see frame 2
		}
		g := st.GPUFrameNumber
		if g+gl.MaxFramesInFlight < st.Frame || g >= st.Frame {
			t.Fatalf("on main %v: frame %d got the GPU times of frame %d, want %d..%d",
				onMain, st.Frame, g, st.Frame-gl.MaxFramesInFlight, st.Frame-1)
		}
		want := names[g%2]
		if st.PassCount != 2 || st.GPUPasses[0].Name != want[0] || st.GPUPasses[1].Name != want[1] {
			t.Fatalf("on main %v: frame %d: times of frame %d are %+v, want passes %q, %q",
				onMain, st.Frame, g, st.GPUPasses[:st.PassCount], want[0], want[1])
		}
		if sum := st.GPUPasses[0].GPU + st.GPUPasses[1].GPU; st.GPUFrame != sum || st.GPUPasses[0].GPU < 0 || st.GPUPasses[1].GPU < 0 {
			t.Errorf("on main %v: frame %d: GPUFrame %v, passes %+v", onMain, g, st.GPUFrame, st.GPUPasses[:2])
		}
		hv, lt := st.GPUPasses[0], st.GPUPasses[1]
		if g%2 == 1 {
			hv, lt = lt, hv
		}
		if !gl.SoftwareRenderer(h.b) && hv.GPU <= lt.GPU {
			t.Errorf("on main %v: frame %d: %q took %v, no longer than %q's %v: times charged to the wrong pass",
				onMain, g, hv.Name, hv.GPU, lt.Name, lt.GPU)
		}
		checked++
	}
	if checked == 0 {
		t.Errorf("on main %v: no frame checked", onMain)
	}
}
