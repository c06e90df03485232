package core

import (
	"io"
	"log"
)

// Logger receives the engine's reports (warnings, recovered panics, load
// errors). Implementations used by the engine must be safe for concurrent use,
// since workers and the render thread report too.
type Logger interface {
	// Printf formats and records one report, like fmt.Printf; a trailing
	// newline is optional.
	Printf(format string, args ...any)
}

// NewLogger returns a Logger that writes each report as one line to w,
// prefixed with "tact: " and a timestamp. It is safe for concurrent use
// (writes to w are serialized). A nil w discards everything.
func NewLogger(w io.Writer) Logger {
	if w == nil {
		w = io.Discard
	}
	return log.New(w, "tact: ", log.LstdFlags|log.Lmicroseconds|log.Lmsgprefix)
}

// DiscardLogger is a Logger that drops every report. Its zero value is ready
// to use and it is safe for concurrent use.
type DiscardLogger struct{}

// Printf does nothing.
func (DiscardLogger) Printf(string, ...any) {}
