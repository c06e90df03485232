package render

// Backend executes frames. Its methods are called on one thread, the render
// thread (or the main thread in OnMainThread mode), in this order: Init once,
// Execute per frame, Shutdown once. They are never called concurrently.
type Backend interface {
	// Init prepares the backend (for OpenGL: makes the context current on the
	// calling thread and creates built-in resources). On error the backend must
	// have released what it acquired; neither Execute nor Shutdown follows.
	Init() error
	// Execute runs one frame: f.Resources() in order, then each pass with its
	// batches (f.Batches()), then f.ReadBacks(), then f.Deletes(). It adds
	// DrawCalls, Triangles and BytesUploaded to f.Stats and sets its GPU pass
	// times (Stats.GPUPasses; NoGPUTimes where it cannot measure them). An
	// error (a bad handle, a shader that does not compile) is reported after
	// executing as much of the frame as possible; it does not stop later
	// frames. A GPU backend bounds the frames its device holds: Execute may
	// first wait for an earlier frame to finish (reported in Stats.GPUWait,
	// and part of Stats.RenderTime) and sets Stats.FramesInFlight.
	Execute(f *Frame) error
	// Shutdown deletes every device object and releases the context.
	Shutdown() error
}
