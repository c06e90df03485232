// Package scenegraph holds Tact's scene tree: nodes with transforms, components
// with the Cocos Creator lifecycle, and the machinery that drives them.
//
// A Scene owns everything that would be global in Cocos: the NodeActivator that
// activates and deactivates subtrees, the ComponentScheduler with the start,
// update, late-update and fixed-update lists, the deferred-destroy queue and the
// timer scheduler used by components. Two scenes never share state, so tests can
// build as many as they like.
//
// # Lifecycle
//
// A component embeds Component and implements any of the optional callback
// interfaces (Preloader, Loader, Enabler, Starter, Updater, LateUpdater,
// FixedUpdater, Disabler, Destroyer, ExecutionOrderer). The interfaces are looked
// up once, when the component is added; the per-frame phases call through
// interface values kept in flat lists, never through a type switch.
//
// The rules, each covered by a test in lifecycle_test.go:
//
//   - A component runs only while its node is active in hierarchy. OnLoad runs
//     for a disabled component too; everything after OnLoad needs it enabled.
//   - Activating a subtree is staged: Preload for every component (pre-order),
//     then OnLoad for all, then OnEnable for all, each by execution order
//     (negative ascending, zero in tree pre-order, positive ascending).
//   - OnEnable and OnDisable strictly alternate and OnEnable never precedes
//     OnLoad: a component enabled during the staged Preload or OnLoad phase
//     joins the staged OnEnable phase. Start runs once, before the first
//     Update.
//   - Destroy disables at once and calls OnDestroy in the deferred-destroy step,
//     children before parents.
//   - A panic in a callback is recovered, reported with the node path and the
//     component type, and the component is disabled; a panic in a component's
//     timer or in a node-event listener removes only that timer or listener.
//     Scene.PanicFatal makes them fatal instead.
//
// Where Cocos Creator 3.8 breaks one of its own invariants (an OnEnable
// without a matching OnDisable when a component is switched off inside its
// own OnEnable, a node left active but not active in hierarchy after being
// re-activated inside its OnDisable, an unstable removal from the update
// lists), Tact keeps the invariant; lifecycle_test.go names each case.
package scenegraph
