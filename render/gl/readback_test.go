package gl_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/null"
)

// twoOutFrag writes u_params[1] to attachment 0 and u_params[2] to 1.
const twoOutFrag = `#version 330 core
uniform vec4 u_params[4];
layout(location = 0) out vec4 o_color;
layout(location = 1) out vec4 o_second;
void main() { o_color = u_params[1]; o_second = u_params[2]; }
`

// uintFrag writes the bits of u_params[1].x, as a uint, to an R32UI target.
const uintFrag = `#version 330 core
uniform vec4 u_params[4];
out uvec4 o_value;
void main() { o_value = uvec4(floatBitsToUint(u_params[1].x)); }
`

// readout is a copy of a Readout, kept after done returns.
type readout struct {
	render.Readout
	floats []float32
	uints  []uint32
	bytes  []byte
}

func keep(r *render.Readout) readout {
	k := readout{Readout: *r, bytes: append([]byte(nil), r.Data...)}
	k.floats = append([]float32(nil), r.Float32s()...)
	k.uints = append([]uint32(nil), r.Uint32s()...)
	k.Data = nil
	return k
}

// submit records one frame and waits until it has been executed,
// returning its error.
func (h *harness) submit(record func(f *render.Frame)) error {
	h.t.Helper()
	f := h.r.Frame()
	f.SetScreenSize(screenW, screenH)
	record(f)
	err := h.r.Submit()
	if !h.onMain {
		if err != nil {
			return fmt.Errorf("previous frame: %w", err)
		}
		err = h.r.Submit()
	}
	return err
}

// A target's attachments read back in their own formats: floats written
// by a shader come back exactly (1.5, -2.0 and 1e6 from RGBA32F; 1.5
// and -2.0 from RGBA16F, widened), a second attachment is read by
// number, an R32UI target gives its uint32s, and RGBA8 its bytes;
// synchronously and asynchronously, in both render modes.
func TestReadTargetOwnFormat(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		for _, async := range []bool{false, true} {
			t.Run(fmt.Sprintf("onMain=%v,async=%v", onMain, async), func(t *testing.T) {
				h := newHarness(t, onMain, gl.Options{})
				defer h.close()
				got := make(chan readout, 8)
				done := func(r *render.Readout) { got <- keep(r) }
				var ids struct {
					f32, f16, u32, rgba8 render.TargetID
					mrt, ui              render.ShaderID
				}
				err := h.submit(func(f *render.Frame) {
					ids.mrt = customShader(t, f, "mrt.frag", twoOutFrag)
					ids.ui = customShader(t, f, "uint.frag", uintFrag)
					ids.f32, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 3, Format: render.FormatRGBA32F, Colors: 2})
					ids.f16, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 3, Format: render.FormatRGBA16F})
					ids.u32, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 3, Format: render.FormatR32UI})
					ids.rgba8, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 3})
					for _, tg := range []render.TargetID{ids.f32, ids.f16, ids.rgba8} {
						f.BeginPass(render.Pass{Target: tg})
						d := render.FullscreenDraw{Shader: ids.mrt}
						d.Params[1] = mgl32.Vec4{1.5, -2, 4096, 0.25}
						d.Params[2] = mgl32.Vec4{-0.125, 3, 1e6, 1}
						f.DrawFullscreen(&d)
					}
					f.BeginPass(render.Pass{Target: ids.u32})
					d := render.FullscreenDraw{Shader: ids.ui}
					d.Params[1][0] = math.Float32frombits(0xdeadbeef)
					f.DrawFullscreen(&d)
					f.ReadTarget(render.TargetRead{Target: ids.f32, Async: async}, done)
					f.ReadTarget(render.TargetRead{Target: ids.f32, Attachment: 1, Rect: render.Rect{X: 1, Y: 1, W: 2, H: 2}, Async: async}, done)
					f.ReadTarget(render.TargetRead{Target: ids.f16, Async: async}, done)
					f.ReadTarget(render.TargetRead{Target: ids.u32, Async: async}, done)
					f.ReadTarget(render.TargetRead{Target: ids.rgba8, Async: async}, done)
				})
				if err != nil {
					t.Fatal(err)
				}
				for range 3 { // asynchronous reads arrive within two more frames
					if err := h.submit(func(f *render.Frame) {}); err != nil {
						t.Fatal(err)
					}
				}
				check := func(r readout, format render.Format, w, h int, texel []float32) {
					t.Helper()
					if r.Format != format || r.Rect.W != w || r.Rect.H != h || len(r.floats) != w*h*4 {
						t.Fatalf("readout %v %v, %d floats; want %v %dx%d", r.Format, r.Rect, len(r.floats), format, w, h)
					}
					for i := 0; i < len(r.floats); i += 4 {
						if v := r.floats[i : i+4]; v[0] != texel[0] || v[1] != texel[1] || v[2] != texel[2] || v[3] != texel[3] {
							t.Fatalf("%v texel %d = %v, want %v exactly", format, i/4, v, texel)
						}
					}
					lag := r.Delivered - r.Frame
					if !async && lag != 0 || async && (lag < 1 || lag > 2) {
						t.Errorf("requested in frame %d, delivered in frame %d (async %v)", r.Frame, r.Delivered, async)
					}
				}
				check(<-got, render.FormatRGBA32F, 4, 3, []float32{1.5, -2, 4096, 0.25})
				check(<-got, render.FormatRGBA32F, 2, 2, []float32{-0.125, 3, 1e6, 1})
				check(<-got, render.FormatRGBA16F, 4, 3, []float32{1.5, -2, 4096, 0.25})
				u := <-got
				if u.Format != render.FormatR32UI || len(u.uints) != 12 || u.uints[0] != 0xdeadbeef || u.uints[11] != 0xdeadbeef {
					t.Errorf("R32UI readout %v, %x", u.Format, u.uints)
				}
				b := <-got
				if b.Format != render.FormatRGBA8 || len(b.bytes) != 48 || string(b.bytes[:4]) != "\xff\x00\xff\x40" {
					t.Errorf("RGBA8 readout %v, % x", b.Format, b.bytes)
				}
				if err := h.submit(func(f *render.Frame) {
					for _, tg := range []render.TargetID{ids.f32, ids.f16, ids.u32, ids.rgba8} {
						f.DeleteTarget(tg)
					}
					f.DeleteShader(ids.mrt)
					f.DeleteShader(ids.ui)
				}); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// depthQuad is a w×h quad at z (view space, facing +z).
func depthQuad(w, h, z float32) ([]render.MeshVertex, []uint32) {
	v := func(x, y float32) render.MeshVertex {
		return render.MeshVertex{Position: [3]float32{x, y, z}, Normal: [3]float32{0, 0, 1}, Color: render.White}
	}
	return []render.MeshVertex{v(0, 0), v(w, 0), v(w, h), v(0, h)}, []uint32{0, 1, 2, 2, 3, 0}
}

// The depth buffer reads back as float32 depth in [0, 1]: the clear
// value (the far plane, 1) outside a quad, and the quad's window depth
// inside; rows come top-down.
func TestReadTargetDepth(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		for _, async := range []bool{false, true} {
			t.Run(fmt.Sprintf("onMain=%v,async=%v", onMain, async), func(t *testing.T) {
				h := newHarness(t, onMain, gl.Options{})
				defer h.close()
				got := make(chan readout, 2)
				var tg render.TargetID
				var quad render.MeshID
				err := h.submit(func(f *render.Frame) {
					tg, _ = f.CreateTarget(render.TargetDesc{Width: 8, Height: 4})
					// Ortho near -1, far 1: z = -0.5 is NDC 0.5, depth 0.75.
					quad = f.CreateMesh(depthQuad(4, 2, -0.5))
					f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ViewProj: mgl32.Ortho(0, 8, 0, 4, -1, 1)})
					f.DrawMesh(&render.MeshDraw{Mesh: quad, Model: mgl32.Ident4()})
					f.ReadTarget(render.TargetRead{Target: tg, Depth: true, Async: async}, func(r *render.Readout) { got <- keep(r) })
				})
				if err != nil {
					t.Fatal(err)
				}
				for range 3 {
					if err := h.submit(func(f *render.Frame) {}); err != nil {
						t.Fatal(err)
					}
				}
				r := <-got
				if r.Format != render.FormatR32F || !r.Depth || len(r.floats) != 32 {
					t.Fatalf("depth readout %v depth %v, %d floats", r.Format, r.Depth, len(r.floats))
				}
				// The quad covers the bottom-left 4×2: rows 2 and 3 top-down.
				for y := range 4 {
					for x := range 8 {
						want := 1.0
						if x < 4 && y >= 2 {
							want = 0.75
						}
						if d := r.floats[y*8+x]; math.Abs(float64(d)-want) > 1e-6 {
							t.Fatalf("depth at (%d,%d) = %v, want %v", x, y, d, want)
						}
					}
				}
				if err := h.submit(func(f *render.Frame) { f.DeleteTarget(tg); f.DeleteMesh(quad) }); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// Asynchronous reads requested every frame arrive one or two frames
// later, in request order, each with its own frame's picture; the
// reads still pending at Close are delivered then. Both render modes,
// and with -race the delivering thread is checked against the test's.
func TestReadTargetAsyncOrder(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		t.Run(fmt.Sprintf("onMain=%v", onMain), func(t *testing.T) {
			h := newHarness(t, onMain, gl.Options{})
			got := make(chan readout, 64)
			done := func(r *render.Readout) { got <- keep(r) }
			var tg render.TargetID
			var sh render.ShaderID
			const frames = 12
			for i := range frames {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				if i == 0 {
					sh = paramsShader(t, f)
					tg, _ = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Format: render.FormatR32F})
				}
				f.BeginPass(render.Pass{Target: tg})
				paint(f, sh, mgl32.Vec4{float32(i + 1), 0, 0, 1}) // frame i+1 (Number is set by Submit)
				f.ReadTarget(render.TargetRead{Target: tg, Rect: render.Rect{X: 3, Y: 5, W: 4, H: 2}, Async: true}, done)
				if err := h.r.Submit(); err != nil {
					t.Fatal(err)
				}
			}
			h.close() // delivers the reads still pending
			close(got)
			var last uint64
			n := 0
			for r := range got {
				n++
				if r.Frame <= last {
					t.Errorf("read of frame %d after that of frame %d", r.Frame, last)
				}
				last = r.Frame
				if lag := r.Delivered - r.Frame; r.Delivered != 0 && (lag > 2) {
					t.Errorf("read of frame %d delivered in frame %d", r.Frame, r.Delivered)
				}
				if len(r.floats) != 8 || r.floats[0] != float32(r.Frame) || r.floats[7] != float32(r.Frame) {
					t.Errorf("read of frame %d: %v", r.Frame, r.floats)
				}
			}
			if n != frames {
				t.Errorf("%d reads delivered, want %d", n, frames)
			}
		})
	}
}

// A steady frame with an asynchronous and a synchronous read allocates
// nothing.
func TestReadTargetAllocatesNothing(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		var tg render.TargetID
		frames := 0
		done := func(r *render.Readout) { frames++ }
		f := h.r.Frame()
		tg, _ = f.CreateTarget(render.TargetDesc{Width: 320, Height: 180, Format: render.FormatRGBA16F})
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor, ClearColor: mgl32.Vec4{1, 0, 0, 1}})
			f.ReadTarget(render.TargetRead{Target: tg, Async: true}, done)
			f.ReadTarget(render.TargetRead{Target: tg, Rect: render.Rect{W: 8, H: 8}}, done)
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for range 4 {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("on main %v: %v allocations per frame with read-backs", onMain, n)
		}
		h.close()
		if frames == 0 {
			t.Error("no read delivered")
		}
	}
}

// Bad reads are errors naming the target and the reason, the same from
// render/gl and render/null.
func TestReadTargetErrors(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	nb := null.New()
	nb.Init()
	defer nb.Shutdown()
	calls := 0
	done := func(*render.Readout) { calls++ }
	var tg, ms, shadow render.TargetID
	record := func(f *render.Frame) {
		tg, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 4})
		ms, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 4, Samples: 4})
		shadow, _ = f.CreateTarget(render.TargetDesc{Width: 4, Height: 4, Depth: render.DepthShadow})
		f.ReadTarget(render.TargetRead{Target: tg, Attachment: 1}, done)
		f.ReadTarget(render.TargetRead{Target: tg, Rect: render.Rect{X: 2, W: 4, H: 1}}, done)
		f.ReadTarget(render.TargetRead{Target: ms, Depth: true}, done)
		f.ReadTarget(render.TargetRead{Depth: true}, done)
		f.ReadTarget(render.TargetRead{Target: shadow}, done)
		f.ReadTarget(render.TargetRead{Target: 12345}, done)
		f.ReadTarget(render.TargetRead{Target: shadow, Depth: true}, done)   // fine: a shadow map's depth
		f.ReadTarget(render.TargetRead{Target: ms, Async: true}, done)       // fine: the resolved color
		f.ReadTarget(render.TargetRead{Rect: render.Rect{W: 2, H: 2}}, done) // fine: the screen's RGBA8
		f.DeleteTarget(tg)
		f.DeleteTarget(ms)
		f.DeleteTarget(shadow)
	}
	glErr := h.submit(record)
	nf := render.NewFrame()
	nf.SetScreenSize(screenW, screenH)
	record(nf)
	nullErr := nb.Execute(nf)
	want := []string{
		"ReadTarget: " + tg.String() + " has no color attachment 1",
		"ReadTarget: " + tg.String() + ": rect {2 0 4 1} outside 4x4",
		"ReadTarget: " + ms.String() + " is multisampled: its depth is not resolved",
		"ReadTarget: the screen's depth cannot be read",
		"ReadTarget: " + shadow.String() + " has no color attachment 0",
		"ReadTarget: unknown", // "unknown or deleted" (gl), "unknown" (null)
	}
	for _, w := range want {
		if !contains(glErr, w) {
			t.Errorf("render/gl: error %v, want %q", glErr, w)
		}
		if !contains(nullErr, w) {
			t.Errorf("render/null: error %v, want %q", nullErr, w)
		}
	}
	if n := strings.Count(glErr.Error(), "ReadTarget"); n != len(want) {
		t.Errorf("render/gl: %d read errors, want %d: %v", n, len(want), glErr)
	}
	if err := h.submit(func(*render.Frame) {}); err != nil {
		t.Fatal(err)
	}
	nb.Shutdown()
	if calls != 6 { // the three good reads, by each backend
		t.Errorf("%d reads delivered, want 6", calls)
	}
}

// BenchmarkReadTarget1080p measures the render thread's time (Execute,
// Stats.RenderTime) of a frame that draws a 1920×1080 RGBA8 target and
// reads it back: not at all (the baseline), synchronously (glReadPixels
// waits for the drawing) and asynchronously (through a pixel buffer,
// delivered a frame or two later).
func BenchmarkReadTarget1080p(b *testing.B) {
	if testSurface == nil {
		skipOrFail(b, "no GL context")
	}
	for _, mode := range []string{"none", "sync", "async"} {
		async := mode == "async"
		b.Run(mode, func(b *testing.B) {
			h := newHarness(b, true, gl.Options{})
			defer h.close()
			f := h.r.Frame()
			sh := customShader(b, f, "mrt.frag", twoOutFrag)
			tg, _ := f.CreateTarget(render.TargetDesc{Width: 1920, Height: 1080})
			sum := 0
			done := func(r *render.Readout) { sum += int(r.Data[len(r.Data)/2]) }
			var renderSec, waitSec float64
			frames := 0
			b.ReportAllocs()
			for b.Loop() {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				f.BeginPass(render.Pass{Target: tg})
				d := render.FullscreenDraw{Shader: sh}
				d.Params[1] = mgl32.Vec4{float32(frames%7) / 7, 0.5, 0.25, 1}
				f.DrawFullscreen(&d)
				if mode != "none" {
					f.ReadTarget(render.TargetRead{Target: tg, Async: async}, done)
				}
				if err := h.r.Submit(); err != nil {
					b.Fatal(err)
				}
				st := h.r.Stats()
				renderSec += st.RenderTime.Seconds()
				waitSec += st.GPUWait.Seconds()
				frames++
			}
			b.ReportMetric(renderSec/float64(frames)*1e3, "render-ms/frame")
			b.ReportMetric(waitSec/float64(frames)*1e3, "gpuwait-ms/frame")
		})
	}
}

// Every float format works as a render target, and reads back what a
// shader wrote, exactly where the format holds the value, in its own
// channels (RG formats: two values a texel, R formats: one).
func TestEveryFloatFormatTarget(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	formats := []render.Format{render.FormatR16F, render.FormatRG16F, render.FormatRGBA16F,
		render.FormatR32F, render.FormatRG32F, render.FormatRGBA32F}
	got := make(chan readout, len(formats))
	want := mgl32.Vec4{-1.5, 256.25, 0.125, 3}
	err := h.submit(func(f *render.Frame) {
		sh := paramsShader(t, f)
		for _, format := range formats {
			tg, _ := f.CreateTarget(render.TargetDesc{Width: 3, Height: 2, Format: format, Samples: 4})
			f.BeginPass(render.Pass{Target: tg})
			paint(f, sh, want)
			f.ReadTarget(render.TargetRead{Target: tg, Rect: render.Rect{X: 1, Y: 1, W: 2, H: 1}}, func(r *render.Readout) { got <- keep(r) })
			f.DeleteTarget(tg)
		}
		f.DeleteShader(sh)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range formats {
		r := <-got
		ch := format.Channels()
		if r.Format != format || len(r.floats) != 2*ch {
			t.Fatalf("%v: readout %v with %d floats", format, r.Format, len(r.floats))
		}
		for i, v := range r.floats {
			if v != want[i%ch] {
				t.Errorf("%v: value %d = %v, want %v", format, i, v, want[i%ch])
			}
		}
	}
}
