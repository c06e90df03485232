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
	Frame         uint64        // the frame's number (Frame.Number)
	Items         int           // draw items recorded
	Passes        int           // passes executed
	DrawCalls     int           // draw calls issued (one per batch)
	Triangles     int           // triangles drawn
	HiddenSprites int           // sprites left out as covered by later opaque ones (the picture is the same)
	BytesUploaded int64         // texture, mesh and streamed vertex bytes sent to the device
	RenderTime    time.Duration // time the executing thread spent in Backend.Execute

	// GPUPasses[:PassCount] are the GPU times of the first passes (at most
	// MaxTimedPasses) of frame GPUFrameNumber: the newest frame whose timings
	// had come back from the GPU when this frame executed. A GPU backend reads
	// them without waiting, so that frame is an earlier one (usually one or
	// two frames back); GPUFrameNumber is 0 while none has come back.
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
