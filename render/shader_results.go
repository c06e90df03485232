package render

// ShaderResult is the outcome of one CreateShader or UpdateShader, as the
// backend found it when it executed the frame: Err is nil when the program
// compiled and linked (draws of Shader use it from that frame on), or the
// compile, link or include error, naming the file and line (after a failed
// UpdateShader the previous program stays; after a failed CreateShader
// draws use the built-in program). Frame is the number of the frame that
// recorded the command.
type ShaderResult struct {
	Shader ShaderID
	Op     ResourceOp
	Frame  uint64
	Err    error
}

// ReportShader records the result of the frame's shader command op for
// shader id; backends call it during Execute, once per OpCreateShader and
// OpUpdateShader they execute (render/null, which compiles nothing,
// reports success for those it accepts).
func (f *Frame) ReportShader(id ShaderID, op ResourceOp, err error) {
	f.uni.results = append(f.uni.results, ShaderResult{Shader: id, Op: op, Frame: f.number, Err: err})
}

// ShaderResults returns the results the backend reported while executing
// f, in command order; valid until the frame is reset.
func (f *Frame) ShaderResults() []ShaderResult { return f.uni.results }

// ShaderResults returns the shader results of the frame that came back
// from the backend at the last Submit (threaded: the frame submitted
// before it; OnMainThread: the frame Submit executed), on the main thread:
// how the main thread learns whether a program it created or updated
// compiled, and with which error. The slice is valid until the next
// Submit.
func (r *Renderer) ShaderResults() []ShaderResult { return r.results }
