// Package core holds the pieces of Tact that every other package builds on
// and that need nothing else from the engine: typed signals (Signal) and
// string-keyed events (EventTarget), the timer and per-frame update Scheduler
// with Cocos Creator 3.8 semantics, the Logger that engine reports go
// through, and small math helpers over mathgl's mgl32.
//
// Nothing in core is safe for concurrent use unless its documentation says
// so: signals, event targets and schedulers belong to the main thread. core
// keeps no package-level mutable state and imports no other Tact package.
//
// Time values are float64 seconds; spatial values are float32 (mgl32).
//
// Layer: core, the bottom. It imports no other package of the module.
package core
