package null

import "github.com/tact-engine/tact/render"

// readState is Frame.ReadTarget's state: a zeroed buffer the Readouts
// share (the null backend has no pixels) and the asynchronous reads to
// deliver in the next frame.
type readState struct {
	out     render.Readout
	zeros   []byte
	pending []pendingRead
}

type pendingRead struct {
	out  render.Readout
	done func(*render.Readout)
}

// readTarget checks a Frame.ReadTarget request as render/gl does and
// delivers zeroed texels at once, or, with Async, in the next frame.
func (b *Backend) readTarget(f *render.Frame, rb *render.ReadBack) {
	r := &rb.Request
	w, h := f.ScreenSize()
	colors, ms, format := 1, false, render.FormatRGBA8
	if r.Target != 0 {
		if !b.targets.alive(uint32(r.Target)) {
			b.fail("ReadTarget: %s %v", b.targets.state(uint32(r.Target)), r.Target)
			return
		}
		in := b.targets.info(uint32(r.Target))
		// A DepthTexture target's depth is resolved into its texture.
		w, h, ms, format = in.w, in.h, in.samples > 1 && in.depthTex == 0, in.format
		colors = 0
		if !in.shadow {
			for _, t := range in.texs {
				if t != 0 {
					colors++
				}
			}
		}
	}
	rect, err := render.CheckRead(r, w, h, colors, ms)
	if err != nil {
		b.fail("%v", err)
		return
	}
	out := render.Readout{Target: r.Target, Attachment: r.Attachment, Depth: r.Depth, Format: format, Rect: rect,
		Frame: f.Number(), Delivered: f.Number()}
	if r.Depth {
		out.Attachment, out.Format = 0, render.FormatR32F
	}
	if r.Async {
		b.reads.pending = append(b.reads.pending, pendingRead{out: out, done: rb.Deliver})
		return
	}
	b.deliver(&out, rb.Deliver)
}

// deliver hands out with zeroed data to done.
func (b *Backend) deliver(out *render.Readout, done func(*render.Readout)) {
	n := out.Rect.W * out.Rect.H * render.ReadBytesPerTexel(out.Format)
	if cap(b.reads.zeros) < n {
		b.reads.zeros = make([]byte, n)
	}
	b.reads.out = *out
	b.reads.out.Data = b.reads.zeros[:n]
	done(&b.reads.out)
	clear(b.reads.out.Data) // done may have written into it
	b.reads.out.Data = nil
}

// deliverReads delivers the pending asynchronous reads, in request order,
// during frame (the one after they were requested).
func (b *Backend) deliverReads(frame uint64) {
	for i := range b.reads.pending {
		p := &b.reads.pending[i]
		p.out.Delivered = frame
		b.deliver(&p.out, p.done)
		*p = pendingRead{}
	}
	b.reads.pending = b.reads.pending[:0]
}
