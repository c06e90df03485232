package scenegraph

// The optional lifecycle interfaces. A component implements only those it
// needs; AddComponent looks them up once.

// Preloader is called before OnLoad, for engine components that must prepare
// state other components read in their OnLoad.
type Preloader interface{ Preload() }

// Loader is called once, the first time the component's node becomes active
// in hierarchy, whether or not the component is enabled.
type Loader interface{ OnLoad() }

// Enabler is called every time the component becomes effective: enabled and
// its node active in hierarchy.
type Enabler interface{ OnEnable() }

// Starter is called once, before the component's first Update.
type Starter interface{ Start() }

// Updater is called every unpaused frame while the component is enabled.
type Updater interface{ Update(dt float64) }

// LateUpdater is called every unpaused frame after every Update and after the
// frame's timers.
type LateUpdater interface{ LateUpdate(dt float64) }

// FixedUpdater is called once per fixed step, with the fixed step as dt.
type FixedUpdater interface{ FixedUpdate(dt float64) }

// Disabler is called every time the component stops being effective.
type Disabler interface{ OnDisable() }

// Destroyer is called once, in the deferred-destroy step after Destroy, if
// OnLoad ran.
type Destroyer interface{ OnDestroy() }

// ExecutionOrderer gives a component's execution order. Lower orders run
// first; the order is read once, when the component is added.
type ExecutionOrderer interface{ ExecutionOrder() int }
