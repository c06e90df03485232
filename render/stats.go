package render

import "time"

// Stats describes one executed frame.
type Stats struct {
	Frame         uint64        // the frame's number (Frame.Number)
	Items         int           // draw items recorded
	Passes        int           // passes executed
	DrawCalls     int           // draw calls issued (one per batch)
	Triangles     int           // triangles drawn
	BytesUploaded int64         // texture, mesh and streamed vertex bytes sent to the device
	RenderTime    time.Duration // time the executing thread spent in Backend.Execute
}
