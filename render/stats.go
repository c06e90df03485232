package render

import "time"

// MaxTimedPasses is how many passes of a frame get a GPU time in
// Stats.GPUPasses; later passes are not timed.
const MaxTimedPasses = 16

// PassTime is the GPU time one pass took.
type PassTime struct {
	Name string        // the pass's Name (Pass.Name, or "pass N" when it had none)
	GPU  time.Duration // GPU time of the pass's work; zero where it cannot be measured
}

// Stats describes one executed frame.
type Stats struct {
	Frame         uint64 // the frame's number (Frame.Number)
	Items         int    // draw items recorded
	Passes        int    // passes executed
	DrawCalls     int    // draw calls issued (one per batch)
	Triangles     int    // triangles drawn
	HiddenSprites int    // sprites left out as covered by later opaque ones (the picture is the same)
	BytesUploaded int64  // texture, mesh and streamed vertex bytes sent to the device

	// LiveObjects is how many device objects the backend holds once this
	// frame's creates and deletes have run: render/gl's GL objects
	// (Backend.LiveObjects: textures, buffers, vertex arrays, shaders,
	// programs, framebuffers, renderbuffers), render/null's live resources.
	// A game whose scenes come and go returns to the same count; one that
	// grows leaks.
	LiveObjects int

	// RenderTime is the time the executing thread spent in Backend.Execute.
	// A GPU backend bounds the frames the GPU may hold (render/gl:
	// MaxFramesInFlight, 2) by waiting, before it starts a frame, for an
	// earlier one to finish; that wait (GPUWait) is part of RenderTime. So
	// RenderTime is recording plus waiting: when the GPU is the bottleneck,
	// it is the GPU's time per frame, not just the time to issue commands.
	RenderTime time.Duration
	// GPUWait is the part of RenderTime spent waiting for the GPU to finish
	// an earlier frame before this one started (zero when it had finished,
	// and for a backend without a GPU).
	GPUWait time.Duration
	// FramesInFlight is how many frames, this one included, the GPU had been
	// handed and had not finished when Execute returned: at most the
	// backend's bound (render/gl.MaxFramesInFlight); 0 for a backend without
	// a GPU.
	FramesInFlight int

	// GPUPasses[:PassCount] are the GPU times of the first passes (at most
	// MaxTimedPasses) of frame GPUFrameNumber: the newest frame whose timings
	// had come back from the GPU when this frame executed. A GPU backend reads
	// them without waiting beyond its bound on the frames in flight, so that
	// frame is an earlier one: with render/gl, from the fourth frame on, one
	// to MaxFramesInFlight (2) frames back. GPUFrameNumber is 0 while none
	// has come back.
	GPUPasses [MaxTimedPasses]PassTime
	// PassCount is how many entries of GPUPasses are set.
	PassCount int
	// GPUFrame is the sum of GPUPasses[:PassCount].GPU.
	GPUFrame time.Duration
	// GPUFrameNumber is the frame the GPU times belong to (0: none yet).
	GPUFrameNumber uint64
	// NoGPUTimes reports that the backend cannot measure GPU time (no GPU, or
	// a context without timer queries): the GPU durations are zero, the
	// names are still set.
	NoGPUTimes bool
}
