package render_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// On the null backend, as on render/gl: synchronous reads arrive in
// their own frame, asynchronous ones in the next (render/gl: the next or
// the one after), in request order, with zeroed texels of the right
// size and format; at Close the pending ones arrive. Both render modes,
// under -race.
func TestReadTargetNullDelivery(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		t.Run(fmt.Sprintf("onMain=%v", onMain), func(t *testing.T) {
			r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: onMain})
			if err != nil {
				t.Fatal(err)
			}
			type got struct {
				frame, delivered uint64
				format           render.Format
				n                int
				async            bool
			}
			ch := make(chan got, 64)
			sync := func(o *render.Readout) { ch <- got{o.Frame, o.Delivered, o.Format, len(o.Data), false} }
			async := func(o *render.Readout) { ch <- got{o.Frame, o.Delivered, o.Format, len(o.Data), true} }
			var tg render.TargetID
			for i := range 5 {
				f := r.Frame()
				f.SetScreenSize(64, 48)
				if i == 0 {
					tg, _ = f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatRG16F})
				}
				f.BeginPass(render.Pass{Target: tg})
				f.ReadTarget(render.TargetRead{Target: tg, Async: true}, async)
				f.ReadTarget(render.TargetRead{Target: tg, Depth: true, Rect: render.Rect{X: 1, W: 2, H: 3}}, sync)
				if err := r.Submit(); err != nil {
					t.Fatal(err)
				}
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			close(ch)
			var lastAsync uint64
			n := 0
			for g := range ch {
				n++
				if g.async {
					if g.frame != lastAsync+1 || g.format != render.FormatRG16F || g.n != 8*8*8 {
						t.Errorf("async read %+v after frame %d", g, lastAsync)
					}
					if g.delivered != g.frame+1 && !(g.frame == 5 && g.delivered == 5) {
						t.Errorf("async read of frame %d delivered in frame %d", g.frame, g.delivered)
					}
					lastAsync = g.frame
				} else if g.delivered != g.frame || g.format != render.FormatR32F || g.n != 2*3*4 {
					t.Errorf("sync depth read %+v", g)
				}
			}
			if n != 10 {
				t.Errorf("%d reads delivered, want 10", n)
			}
		})
	}
}

// Recording the new commands (layer updates, reads, per-attachment
// clears) allocates nothing once a frame's buffers have grown.
func TestTextureAndReadCommandsAllocateNothing(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	arr := f.CreateTexture(render.TextureDesc{Width: 4, Height: 4, Kind: render.TextureArray, Layers: 2, Format: render.FormatRGBA32F}, nil)
	tg, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatRGBA16F, Colors: 2, Depth: render.DepthTexture})
	b.Execute(f)
	texels := render.AppendFloat32s(nil, make([]float32, 16))
	reads := 0
	done := func(*render.Readout) { reads++ }
	frame := func() {
		f.Reset()
		f.UpdateTextureLayer(arr, 1, render.Rect{W: 2, H: 2}, texels)
		p := render.Pass{Target: tg, Clear: render.ClearAttachments | render.ClearDepthTo, DepthClear: 0.5}
		p.ClearColors[1] = mgl32.Vec4{0.5, 0.5, 1, 1}
		f.BeginPass(p)
		f.ReadTarget(render.TargetRead{Target: tg, Attachment: 1, Async: true}, done)
		f.ReadTarget(render.TargetRead{Target: tg, Depth: true}, done)
		if err := b.Execute(f); err != nil {
			t.Fatal(err)
		}
	}
	frame()
	if n := testing.AllocsPerRun(50, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
	if reads < 100 {
		t.Errorf("%d reads delivered", reads)
	}
}

// Half keeps every float32 it can represent exactly and otherwise rounds
// to one of the two nearest halves; HalfToFloat32 inverts it.
func FuzzHalf(f *testing.F) {
	for _, v := range []float32{0, 1, -2.5, 65504, 65519.99, 65520, 1e-8, 6.1e-5, float32(math.NaN())} {
		f.Add(math.Float32bits(v))
	}
	f.Fuzz(func(t *testing.T, bits uint32) {
		x := math.Float32frombits(bits)
		h := render.Half(x)
		y := render.HalfToFloat32(h)
		switch {
		case x != x:
			if y == y {
				t.Fatalf("NaN %#x became %v", bits, y)
			}
		case math.Abs(float64(x)) >= 65520:
			if !math.IsInf(float64(y), int(math.Copysign(1, float64(x)))) {
				t.Fatalf("%v became %v, want infinity", x, y)
			}
		default:
			// The next half away from zero bounds the error.
			ulp := float64(render.HalfToFloat32(h&0x8000|(h&0x7fff+1))) - float64(y)
			if math.Abs(float64(x)-float64(y)) > math.Abs(ulp)/2+1e-30 {
				t.Fatalf("%v became %v (half %#04x): more than half a step off", x, y, h)
			}
			if render.Half(y) != h {
				t.Fatalf("%v: half %#04x does not round-trip", x, h)
			}
		}
	})
}
