package gl

import (
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// readState holds Frame.ReadTarget's buffers: the scratch the texels are
// read (and flipped top-down) into, the pixel buffers of asynchronous
// reads, and the reads still in flight. Everything is reused, so a
// read-back every frame allocates nothing once the buffers have grown.
type readState struct {
	out     render.Readout
	scratch []uint32 // 4-byte aligned, so Readout.Float32s is a view
	row     []byte   // one row, for flipping in place
	pool    []pixelBuffer
	pending []pendingRead
}

// pixelBuffer is a GL_PIXEL_PACK_BUFFER of size bytes.
type pixelBuffer struct {
	id   uint32
	size int
}

// pendingRead is an asynchronous read whose copy into buf the GPU may not
// have finished: sync signals when it has.
type pendingRead struct {
	buf  pixelBuffer
	sync uintptr
	out  render.Readout // without Data
	row  int            // bytes per row
	done func(*render.Readout)
}

// readSpec is how one read is done: the framebuffer, the GL format and
// type, and the Readout's format and bytes per texel.
type readSpec struct {
	fbo          uint32
	attachment   int // color attachment of a target; -1 for the screen and depth
	h            int // the surface's height, to flip the rectangle
	format, kind uint32
	out          render.Format
	bpt          int
}

// readTarget runs a Frame.ReadTarget request: at once, or by a pixel
// buffer whose Readout the next frames deliver.
func (b *Backend) readTarget(f *render.Frame, rb *render.ReadBack) {
	r := &rb.Request
	w, h, fbo, ok := b.surfaceSize(f, r.Target)
	if !ok {
		b.fail("ReadTarget: unknown or deleted %v", r.Target)
		return
	}
	colors, ms, format := 1, false, render.FormatRGBA8
	if t := b.lookupTarget(r.Target); t != nil {
		// A DepthTexture target's depth is resolved into its texture.
		colors, ms, format = t.colors, t.msFBO != 0 && t.depthTex == 0, t.format
	} else if b.screen.defaultMS && b.screen.resolveFBO != 0 {
		fbo = b.screen.resolveFBO // the resolved picture, not the window's samples
	}
	rect, err := render.CheckRead(r, w, h, colors, ms)
	if err != nil {
		b.fail("%v", err)
		return
	}
	sp := readSpec{fbo: fbo, attachment: -1, h: h, out: format}
	switch {
	case r.Depth:
		sp.format, sp.kind, sp.out = ogl.DEPTH_COMPONENT, ogl.FLOAT, render.FormatR32F
	case format.Integer():
		sp.format, sp.kind = ogl.RED_INTEGER, ogl.UNSIGNED_INT
	case format.Float():
		sp.format, sp.kind = glFormat(format).format, ogl.FLOAT
	default:
		sp.format, sp.kind = ogl.RGBA, ogl.UNSIGNED_BYTE
	}
	if !r.Depth && r.Target != 0 {
		sp.attachment = r.Attachment
	}
	sp.bpt = render.ReadBytesPerTexel(sp.out)
	out := render.Readout{Target: r.Target, Attachment: r.Attachment, Depth: r.Depth, Format: sp.out, Rect: rect,
		Frame: f.Number(), Delivered: f.Number()}
	if r.Depth {
		out.Attachment = 0
	}
	size := rect.W * rect.H * sp.bpt
	if !r.Async {
		data := b.readScratch(size)
		b.readPixels(&sp, rect, unsafe.Pointer(&data[0]))
		flipRows(data, rect.W*sp.bpt, rect.H, &b.reads.row)
		b.reads.out = out
		b.reads.out.Data = data
		rb.Deliver(&b.reads.out)
		b.reads.out.Data = nil
		return
	}
	buf := b.pixelBuffer(size)
	ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, buf.id)
	b.readPixels(&sp, rect, nil) // into the buffer: returns without waiting for the GPU
	ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, 0)
	sync := ogl.FenceSync(ogl.SYNC_GPU_COMMANDS_COMPLETE, 0)
	b.reads.pending = append(b.reads.pending, pendingRead{buf: buf, sync: sync, out: out, row: rect.W * sp.bpt, done: rb.Deliver})
}

// readPixels reads rect (top-left origin) of sp into p (an offset into
// the bound pixel pack buffer, or memory), unclamped, bottom row first.
func (b *Backend) readPixels(sp *readSpec, rect render.Rect, p unsafe.Pointer) {
	b.bindFBO(sp.fbo)
	if sp.attachment >= 0 {
		ogl.ReadBuffer(ogl.COLOR_ATTACHMENT0 + uint32(sp.attachment))
	}
	ogl.ClampColor(ogl.CLAMP_READ_COLOR, ogl.FALSE) // floats as they are
	ogl.PixelStorei(ogl.PACK_ALIGNMENT, 1)
	ogl.ReadPixels(int32(rect.X), int32(sp.h-rect.Y-rect.H), int32(rect.W), int32(rect.H), sp.format, sp.kind, p)
	ogl.ClampColor(ogl.CLAMP_READ_COLOR, ogl.TRUE) // ReadPixels' 8-bit copies clamp
	if sp.attachment > 0 {
		ogl.ReadBuffer(ogl.COLOR_ATTACHMENT0) // the default other read-backs read
	}
}

// readScratch returns the scratch buffer with room for n bytes.
func (b *Backend) readScratch(n int) []byte {
	words := (n + 3) / 4
	if cap(b.reads.scratch) < words {
		b.reads.scratch = make([]uint32, words)
	}
	s := b.reads.scratch[:words]
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), n)
}

// flipRows reverses the order of the h rows of n bytes in data (GL reads
// bottom-up; Readouts are top-down).
func flipRows(data []byte, n, h int, tmp *[]byte) {
	if cap(*tmp) < n {
		*tmp = make([]byte, n)
	}
	t := (*tmp)[:n]
	for y := 0; y < h/2; y++ {
		a := data[y*n : (y+1)*n]
		z := data[(h-1-y)*n : (h-y)*n]
		copy(t, a)
		copy(a, z)
		copy(z, t)
	}
}

// pixelBuffer returns a pixel pack buffer of at least size bytes: a free
// one from the pool, or a new one.
func (b *Backend) pixelBuffer(size int) pixelBuffer {
	pool := b.reads.pool
	for i := len(pool) - 1; i >= 0; i-- {
		if pool[i].size >= size {
			p := pool[i]
			pool[i] = pool[len(pool)-1]
			b.reads.pool = pool[:len(pool)-1]
			return p
		}
	}
	var p pixelBuffer
	if n := len(pool); n > 0 {
		p = pool[n-1] // too small: regrow it
		b.reads.pool = pool[:n-1]
	} else {
		ogl.GenBuffers(1, &p.id)
		b.live++
	}
	p.size = size
	ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, p.id)
	ogl.BufferData(ogl.PIXEL_PACK_BUFFER, size, nil, ogl.STREAM_READ)
	ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, 0)
	return p
}

// deliverReads hands the asynchronous reads whose copies have finished
// to their done functions, in request order: it stops at the first one
// still in flight, so that no read overtakes an earlier one. With wait it
// waits for every one (at shutdown). Execute calls it after waiting for
// frame N-MaxFramesInFlight, so the reads of that frame and earlier ones
// are always complete: a read requested in frame N is delivered in frame
// N+1 or, at the latest, N+2.
func (b *Backend) deliverReads(frame uint64, wait bool) {
	rs := &b.reads
	n := 0
	for n < len(rs.pending) {
		p := &rs.pending[n]
		if !wait {
			if r := ogl.ClientWaitSync(p.sync, 0, 0); r != ogl.ALREADY_SIGNALED && r != ogl.CONDITION_SATISFIED {
				break
			}
		}
		ogl.DeleteSync(p.sync)
		size := p.out.Rect.W * p.out.Rect.H * render.ReadBytesPerTexel(p.out.Format)
		data := b.readScratch(size)
		ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, p.buf.id)
		if m := ogl.MapBufferRange(ogl.PIXEL_PACK_BUFFER, 0, size, ogl.MAP_READ_BIT); m != nil && size > 0 {
			// Copy the rows in reverse: top-down.
			src := unsafe.Slice((*byte)(m), size)
			h := p.out.Rect.H
			for y := range h {
				copy(data[y*p.row:(y+1)*p.row], src[(h-1-y)*p.row:(h-y)*p.row])
			}
			ogl.UnmapBuffer(ogl.PIXEL_PACK_BUFFER)
		} else if size > 0 {
			b.fail("ReadTarget: %v: map pixel buffer failed (GL error 0x%x)", p.out.Target, ogl.GetError())
		}
		ogl.BindBuffer(ogl.PIXEL_PACK_BUFFER, 0)
		rs.pool = append(rs.pool, p.buf)
		rs.out = p.out
		rs.out.Delivered = frame
		rs.out.Data = data
		done := p.done
		*p = pendingRead{}
		n++
		done(&rs.out)
		rs.out.Data = nil
	}
	if n > 0 {
		k := copy(rs.pending, rs.pending[n:])
		clear(rs.pending[k:])
		rs.pending = rs.pending[:k]
	}
}

// deleteReads delivers the reads still in flight (waiting for the GPU)
// and deletes the pixel buffers.
func (b *Backend) deleteReads() {
	if len(b.reads.pending) > 0 {
		ogl.Finish()
		b.deliverReads(b.frame, true)
	}
	for i := range b.reads.pool {
		b.deleteGL(&b.reads.pool[i].id, ogl.DeleteBuffers)
	}
	b.reads.pool = b.reads.pool[:0]
}
