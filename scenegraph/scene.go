package scenegraph

import (
	"os"

	"github.com/tact-engine/tact/core"
)

// Scene is the root of a tree of nodes and owns everything the lifecycle
// needs: the NodeActivator, the ComponentScheduler, the deferred-destroy queue
// and the timer scheduler of its components. Scenes share nothing, so two can
// live side by side in one process.
//
// Scene embeds its root Node: scene.AddChild(n) adds a top-level node.
type Scene struct {
	Node

	// Logger receives the scene's error reports (recovered panics, refused
	// operations). Nil means standard error.
	Logger core.Logger
	// PanicFatal makes a panic in a component callback, in a component's
	// timer (Scheduler) or in a listener of one of the scene's nodes
	// propagate, wrapped in a *CallbackPanic, instead of being recovered and
	// logged; meant for tests. It is read when a panic happens, so it may be
	// set at any time.
	PanicFatal bool

	activator    NodeActivator
	comps        ComponentScheduler
	timers       *core.Scheduler
	destroyQueue []pendingDestroy
	compactQueue []*Node // nodes with holes to close (holes.go)
	version      uint32
	launched     bool
	unloaded     bool

	hook func(c *Component, callback string, end bool) // SetCallbackHook's

	// dirtied counts nodes marked for a new world matrix, so that a
	// TransformUpdater can skip a scene where nothing moved.
	dirtied uint64

	values []sceneValue

	cameras     []*Camera
	lights      []*DirectionalLight
	pointLights []*PointLight
	skyboxes    []*Skybox // skybox.go
	shadows     shadowState
	view        View
	renderStats RenderStats
}

type sceneValue struct{ key, value any }

// SetValue stores v under key in the scene (nil v removes it), for layers
// above scenegraph to keep per-scene state (runtime's systems do) without
// globals and without components the scene's own tree would show. Keys are
// compared with ==; use an unexported type, as with context.Context.
func (s *Scene) SetValue(key, v any) {
	for i, e := range s.values {
		if e.key == key {
			if v == nil {
				s.values = append(s.values[:i], s.values[i+1:]...)
			} else {
				s.values[i].value = v
			}
			return
		}
	}
	if v != nil {
		s.values = append(s.values, sceneValue{key, v})
	}
}

// Value returns what SetValue stored under key, or nil.
func (s *Scene) Value(key any) any {
	for _, e := range s.values {
		if e.key == key {
			return e.value
		}
	}
	return nil
}

type pendingDestroy struct {
	node *Node
	comp *Component
}

// NewScene returns an empty scene that is not launched yet: nodes added to it
// are activated when Launch is called.
func NewScene(name string) *Scene {
	s := &Scene{timers: core.NewScheduler(), version: detachedVersion + 1}
	s.timers.SetPanicHandler(s.timerPanic)
	s.Node = Node{name: name, active: true, Layer: DefaultLayer}
	s.Node.transform.init()
	s.Node.scene = s
	s.activator.scene = s
	s.comps.init(s)
	return s
}

// Root returns the scene's root node.
func (s *Scene) Root() *Node { return &s.Node }

// Launch activates the scene's tree (Preload, OnLoad and OnEnable for every
// active node's components). It does nothing the second time.
func (s *Scene) Launch() {
	if s.launched || s.unloaded {
		return
	}
	s.launched = true
	s.activator.activateNode(&s.Node, true)
}

// Launched reports whether Launch has run.
func (s *Scene) Launched() bool { return s.launched }

// Activator returns the scene's NodeActivator.
func (s *Scene) Activator() *NodeActivator { return &s.activator }

// ComponentScheduler returns the scene's ComponentScheduler.
func (s *Scene) ComponentScheduler() *ComponentScheduler { return &s.comps }

// Scheduler returns the timer scheduler used by the scene's components
// (Component.Schedule). The Director updates it after every Update. A panic
// in one of its timers removes the timer and is reported through the
// scene's Logger, naming the component and its node (a *CallbackPanic with
// Callback "timer"); PanicFatal makes it propagate. Do not replace its panic
// handler.
func (s *Scene) Scheduler() *core.Scheduler { return s.timers }

// ProcessDestroyed is the deferred-destroy step: every node and component
// destroyed before this call gets OnDestroy (children before parents) and
// leaves the tree. Objects destroyed during this step wait for the next call.
func (s *Scene) ProcessDestroyed() {
	n := len(s.destroyQueue)
	for i := 0; i < n; i++ {
		e := s.destroyQueue[i]
		if e.node != nil {
			destroyNodeNow(e.node)
		} else {
			destroyComponentNow(e.comp)
		}
	}
	rest := copy(s.destroyQueue, s.destroyQueue[n:])
	clear(s.destroyQueue[rest:])
	s.destroyQueue = s.destroyQueue[:rest]
	// The removals above left holes: close each node's in one pass.
	s.compactQueued()
}

// PendingDestroys returns how many objects wait for ProcessDestroyed.
func (s *Scene) PendingDestroys() int { return len(s.destroyQueue) }

// ResetChanged clears every node's HasChanged flag, in constant time.
func (s *Scene) ResetChanged() {
	s.version++
	if s.version <= detachedVersion {
		s.version = detachedVersion + 1
	}
}

// Unload ends the scene: every effective component gets OnDisable (tree
// pre-order), then every component OnDestroy (children before parents), and
// all timers stop. The scene cannot be launched again.
func (s *Scene) Unload() {
	if s.unloaded {
		return
	}
	s.unloaded = true
	if s.Node.activeInHierarchy {
		s.activator.activateNode(&s.Node, false)
	}
	s.ProcessDestroyed()
	s.ProcessDestroyed()
	destroyNodeNow(&s.Node)
	s.compactQueued()
	s.timers.UnscheduleAll()
}

func loggerOf(s *Scene) core.Logger {
	if s != nil && s.Logger != nil {
		return s.Logger
	}
	return core.NewLogger(os.Stderr)
}
