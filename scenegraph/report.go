package scenegraph

import (
	"fmt"
	"runtime/debug"

	"github.com/tact-engine/tact/core"
)

// ReportPanic is the one way engine code reports a panic it recovered from
// user code run on behalf of node n: a tween's Call, a collision or contact
// callback, a timer, a listener. who is the user object that panicked (a
// component, or nil), callback names what ran ("OnCollisionEnter"), and
// consequence says what the engine did about it ("the tween is stopped").
//
// When n's scene is in PanicFatal mode, ReportPanic panics again with the
// *CallbackPanic. Otherwise it logs the panic, its stack, the node's path and
// the consequence through the scene's logger (standard error without one)
// and returns the report. Call it from the deferred function that recovered,
// so that the stack it records is the panicking one:
//
//	defer func() {
//		if r := recover(); r != nil {
//			scenegraph.ReportPanic(n, c, "OnCollisionEnter", r, "the callback is skipped")
//		}
//	}()
func ReportPanic(n *Node, who any, callback string, r any, consequence string) *CallbackPanic {
	p := &CallbackPanic{Callback: callback, Value: r, Stack: debug.Stack()}
	if who != nil {
		p.Component = fmt.Sprintf("%T", who)
	}
	var s *Scene
	if n != nil {
		p.Node = n.Path()
		s = n.Scene()
	}
	s.raise(p, consequence)
	return p
}

// LoggerOf returns the logger of n's scene, or one that writes to standard
// error when n is in no scene or its scene has none.
func LoggerOf(n *Node) core.Logger {
	if n == nil {
		return loggerOf(nil)
	}
	return loggerOf(n.Scene())
}
