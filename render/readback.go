package render

import (
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"
)

// TargetRead asks for a copy of one image of a render target in its own
// format: a color attachment, or the depth buffer.
type TargetRead struct {
	// Target is the target to read; 0 is the screen (RGBA8 color, and no
	// depth).
	Target TargetID
	// Attachment is the color attachment to read, 0 .. Colors-1.
	Attachment int
	// Depth reads the depth buffer instead of a color attachment, as
	// float32 depth in [0, 1] (0 the near plane, 1 the far plane). A
	// multisampled target's depth is not resolved and cannot be read.
	Depth bool
	// Rect is the region to read (top-left origin); zero reads it all.
	Rect Rect
	// Async reads through a pixel buffer: the copy is started after this
	// frame's passes without waiting for the GPU, and done is called
	// during the Execute of frame N+1 or N+2 (N this frame's number),
	// when the copy has finished. Without Async, done is called during
	// this frame's Execute, which waits for the GPU to finish the
	// frame's drawing first (glReadPixels stalls the render thread).
	Async bool
}

// Readout is a finished read-back: Rect of Target's attachment (or depth)
// in Format, rows top-down.
//
// Data holds Rect.W*Rect.H texels, tightly packed, rows top-down. Each
// texel has Format.Channels() values: bytes for the 8-bit formats (RGBA8,
// SRGB8A8: as stored, sRGB-encoded for the latter), float32s for every
// float format (half floats are widened exactly, so an RGBA16F texel of
// 1.5 reads 1.5; nothing is clamped), uint32s for FormatR32UI, all
// little-endian as the platform stores them. A depth read has Format
// FormatR32F: one float32 per texel.
//
// Data belongs to the backend and is valid only while done runs: copy
// what you keep. So a read-back every frame allocates nothing.
type Readout struct {
	Target     TargetID
	Attachment int
	Depth      bool
	Format     Format
	Rect       Rect
	// Frame is the number of the frame that requested the read-back, and
	// Delivered the number of the frame in whose Execute done runs: the
	// same without Async, 1 or 2 more with it (or the last frame's, at
	// Close).
	Frame, Delivered uint64
	Data             []byte
}

// Float32s returns Data as float32s (for the float formats and depth):
// four per texel for RGBA16F and RGBA32F, two for the RG formats, one
// for the R formats. It is a view of Data, valid as long as Data is (a
// copy where Data is not 4-byte aligned; a backend's always is), and nil
// for an 8-bit or integer format.
func (r *Readout) Float32s() []float32 {
	if !r.Format.Float() || len(r.Data) < 4 {
		return nil
	}
	if uintptr(unsafe.Pointer(&r.Data[0]))%4 != 0 {
		v := make([]float32, len(r.Data)/4)
		for i := range v {
			v[i] = math.Float32frombits(binary.LittleEndian.Uint32(r.Data[4*i:]))
		}
		return v
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&r.Data[0])), len(r.Data)/4)
}

// Uint32s returns Data as uint32s for FormatR32UI (one per texel): a view
// of Data as Float32s is; nil for the other formats.
func (r *Readout) Uint32s() []uint32 {
	if !r.Format.Integer() || len(r.Data) < 4 {
		return nil
	}
	if uintptr(unsafe.Pointer(&r.Data[0]))%4 != 0 {
		v := make([]uint32, len(r.Data)/4)
		for i := range v {
			v[i] = binary.LittleEndian.Uint32(r.Data[4*i:])
		}
		return v
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&r.Data[0])), len(r.Data)/4)
}

// ReadBytesPerTexel returns the bytes one texel of a Readout of format f
// takes in Data: 4 for the 8-bit formats and R32UI, 4 per channel for the
// float formats.
func ReadBytesPerTexel(f Format) int {
	if f.Float() {
		return 4 * f.Channels()
	}
	return f.BytesPerTexel()
}

// ReadTarget records a read-back of r after the frame's passes (with the
// frame's other read-backs, in recording order); done receives the
// Readout on the thread that executes frames (the render thread, or the
// main thread in OnMainThread mode), inside Execute: it must not block
// on the main thread; copy the data and send it to a buffered channel.
// Without r.Async done runs in this frame's Execute; with it, in the
// Execute of frame N+1 or N+2, before that frame's resource commands,
// in the order of the requests (or during Renderer.Close for the ones
// still pending). Every request gets exactly one call, unless the backend
// reports an error for it (an unknown target, an attachment it does not
// have, a rectangle outside it, the depth of a multisampled target or of
// the screen), which names the target. It panics on a nil done.
func (f *Frame) ReadTarget(r TargetRead, done func(*Readout)) {
	if done == nil {
		panic(fmt.Sprintf("render: ReadTarget %v: nil done", r.Target))
	}
	f.readBacks = append(f.readBacks, ReadBack{Target: r.Target, Rect: r.Rect, Request: r, Deliver: done})
}

// CheckRead returns why read r of an attachment of format format (ignored
// for depth) from a surface of w×h with colors attachments (0 for the
// screen is 1) cannot be done, or nil; multisampled says the target is.
// It returns the rectangle to read. Backends check read-backs with it.
func CheckRead(r *TargetRead, w, h, colors int, multisampled bool) (Rect, error) {
	rect := r.Rect
	if rect.Empty() {
		rect = Rect{W: w, H: h}
	}
	switch {
	case r.Depth && r.Target == 0:
		return rect, fmt.Errorf("ReadTarget: the screen's depth cannot be read")
	case r.Depth && multisampled:
		return rect, fmt.Errorf("ReadTarget: %v is multisampled: its depth is not resolved", r.Target)
	case !r.Depth && (r.Attachment < 0 || r.Attachment >= colors):
		return rect, fmt.Errorf("ReadTarget: %v has no color attachment %d", r.Target, r.Attachment)
	case rect.X < 0 || rect.Y < 0 || rect.W < 0 || rect.H < 0 || rect.X+rect.W > w || rect.Y+rect.H > h:
		return rect, fmt.Errorf("ReadTarget: %v: rect %v outside %dx%d", r.Target, rect, w, h)
	}
	return rect, nil
}
