package core

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
)

// ListenerPanic describes a panic recovered from a listener of a Signal or an
// EventTarget. The listener is blamed, not the code that called Emit: the
// listener is removed and the emit goes on with the next one.
type ListenerPanic struct {
	// Event is the EventTarget event type; it is empty for a Signal.
	Event string
	// Owner is the owner the listener was registered with (nil for Signal
	// listeners and for anonymous EventTarget listeners).
	Owner any
	// Key is the key the listener was registered with through OnKey or
	// OnceKey, or nil.
	Key any
	// Listener is the name of the listener function as the Go runtime
	// reports it, e.g. "github.com/me/game.(*Player).onHit-fm".
	Listener string
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine stack at the panic (runtime/debug.Stack).
	Stack []byte
	// Later holds the panics of other listeners in the same Emit of a
	// Signal without a panic handler, which panics with the first one once
	// every listener has run; nil otherwise.
	Later []*ListenerPanic
}

// Error names the event (if any), the owner (if any), the listener function
// and the panic value, then those of any Later panics.
func (p *ListenerPanic) Error() string {
	what := "listener"
	if p.Event != "" {
		what = fmt.Sprintf("listener of %q", p.Event)
	}
	if p.Owner != nil {
		what += fmt.Sprintf(" owned by %T", p.Owner)
	}
	msg := fmt.Sprintf("core: panic in %s (%s): %v", what, p.Listener, p.Value)
	for _, l := range p.Later {
		msg += fmt.Sprintf("; then in %s: %v", l.Listener, l.Value)
	}
	return msg
}

// TimerPanic describes a panic recovered from a Scheduler timer callback. The
// timer has been removed when the report is made.
type TimerPanic struct {
	// Target is the timer's target.
	Target any
	// ID is the timer's ID.
	ID TimerID
	// Key is the key the timer was scheduled with through ScheduleKey, or nil.
	Key any
	// Func is the name of the callback as the Go runtime reports it.
	Func string
	// Value is what was passed to panic.
	Value any
	// Stack is the goroutine stack at the panic (runtime/debug.Stack).
	Stack []byte
}

// Error names the target's type, the callback and the panic value.
func (p *TimerPanic) Error() string {
	return fmt.Sprintf("core: panic in timer %d of %T (%s): %v", p.ID, p.Target, p.Func, p.Value)
}

// funcName is the runtime's name for fn, or "" for nil.
func funcName(fn any) string {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return ""
	}
	if f := runtime.FuncForPC(v.Pointer()); f != nil {
		return f.Name()
	}
	return ""
}

// reportPanic is the common end of every recovered callback panic: h gets p
// (standard error gets it when h is nil), then, in fatal mode, p propagates
// as a panic. A value that already is a *ListenerPanic or *TimerPanic (from a
// nested fatal emit or update) propagates unchanged in fatal mode, without a
// second report.
func reportPanic[P error](h func(P), fatal bool, p P, value any, stack []byte, consequence string) {
	if fatal {
		switch value.(type) {
		case *ListenerPanic, *TimerPanic:
			panic(value)
		}
	}
	if h != nil {
		h(p)
	} else {
		NewLogger(os.Stderr).Printf("%v; %s\n%s", p, consequence, stack)
	}
	if fatal {
		panic(p)
	}
}
