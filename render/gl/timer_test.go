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
