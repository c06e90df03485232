package inspector

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tact-engine/tact/core"
)

// LogEntry is one report the game logged.
type LogEntry struct {
	// Seq numbers entries from 1, in the order they were logged.
	Seq uint64 `json:"seq"`
	// Time is when it was logged.
	Time time.Time `json:"time"`
	// Text is the formatted report.
	Text string `json:"text"`
	// Panic is true for a recovered panic (a report that mentions one).
	Panic bool `json:"panic"`
}

// Log is a core.Logger that passes every report on to another logger and
// keeps the last reports for the inspector's log view. It is safe for
// concurrent use, as an engine logger must be.
type Log struct {
	next core.Logger
	mu   sync.Mutex
	ring []LogEntry
	seq  uint64
}

// logKeep is how many reports a Log keeps.
const logKeep = 500

// NewLog returns a Log that forwards to next (nil: forward nowhere).
func NewLog(next core.Logger) *Log { return &Log{next: next} }

// Printf records one report and forwards it.
func (l *Log) Printf(format string, args ...any) {
	if l.next != nil {
		l.next.Printf(format, args...)
	}
	text := strings.TrimSuffix(fmt.Sprintf(format, args...), "\n")
	l.mu.Lock()
	l.seq++
	e := LogEntry{Seq: l.seq, Time: time.Now(), Text: text, Panic: strings.Contains(text, "panic")}
	if len(l.ring) == logKeep {
		copy(l.ring, l.ring[1:])
		l.ring[len(l.ring)-1] = e
	} else {
		l.ring = append(l.ring, e)
	}
	l.mu.Unlock()
}

// Since returns the kept entries with Seq > seq, oldest first (a copy).
func (l *Log) Since(seq uint64) []LogEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seq <= seq {
		return nil
	}
	i := len(l.ring)
	for i > 0 && l.ring[i-1].Seq > seq {
		i--
	}
	return append([]LogEntry(nil), l.ring[i:]...)
}

// Last returns the Seq of the newest entry (0: none yet).
func (l *Log) Last() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq
}
