package runtime

import (
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/scenegraph"
)

// Priorities of the engine systems (higher runs first), after Cocos
// Creator's System.Priority: the timers (200) run first, then sprite
// animation and tweens, like Cocos' animation and action managers; physics
// and collision last, so that they see where this frame moved everything.
const (
	// AnimationPriority is the priority of the AnimationSystem.
	AnimationPriority = 150
	// TweenPriority is the priority of the TweenSystem (Cocos' MEDIUM).
	TweenPriority = 100
	// PhysicsPriority is the priority of the PhysicsSystem (Cocos' LOW). Its
	// work is in the fixed step; PostUpdate writes interpolated poses.
	PhysicsPriority = 0
	// CollisionPriority is the priority of the CollisionSystem: its pass
	// runs in PostUpdate, after physics has written this frame's poses.
	CollisionPriority = -100
)

// Systems is the set of engine systems of one Director: tweens, sprite
// animation, collision and physics. Components find it from their node (see
// SystemsOf); particles need no system (they update in LateUpdate).
type Systems struct {
	// Tweens runs Tween actions.
	Tweens *TweenSystem
	// Animation plays Animation components.
	Animation *AnimationSystem
	// Collision detects overlaps of Colliders.
	Collision *CollisionSystem
	// Physics steps the Box2D world of RigidBody components.
	Physics *PhysicsSystem

	director *Director
}

// InstallSystems registers the engine systems with d at their priorities and
// attaches them to every scene d launches from now on (and to the running
// one), so that components find them with SystemsOf. Installing twice on
// one Director returns the first Systems: it is safe to call from a start
// function that runs again on Restart.
func InstallSystems(d *Director) *Systems {
	for _, e := range d.systems {
		if t, ok := e.sys.(*TweenSystem); ok && t.owner != nil && t.owner.director == d {
			return t.owner
		}
	}
	s := &Systems{director: d}
	s.Tweens = NewTweenSystem()
	s.Tweens.owner = s
	s.Animation = NewAnimationSystem()
	s.Collision = NewCollisionSystem()
	s.Physics = NewPhysicsSystem(d)
	d.AddSystem(s.Animation, AnimationPriority)
	d.AddSystem(s.Tweens, TweenPriority)
	d.AddSystem(s.Physics, PhysicsPriority)
	d.AddSystem(s.Collision, CollisionPriority)
	d.BeforeSceneLaunch.On(s.Attach)
	if sc := d.Scene(); sc != nil {
		s.Attach(sc)
	}
	return s
}

// Director returns the Director the systems are installed in.
func (s *Systems) Director() *Director { return s.director }

// systemsLink is what Attach keeps in a scene (Scene.SetValue): it is how a
// component finds its systems from its node, with no global state.
type systemsLink struct {
	sys     *Systems
	pending []*Tween // started before the scene had systems
}

// systemsKey is the Scene.Value key of a scene's systemsLink.
type systemsKey struct{}

// linkOf returns sc's systemsLink, made on first use.
func linkOf(sc *scenegraph.Scene) *systemsLink {
	l, _ := sc.Value(systemsKey{}).(*systemsLink)
	if l == nil {
		l = &systemsLink{}
		sc.SetValue(systemsKey{}, l)
	}
	return l
}

// Attach makes the components of sc find s through SystemsOf. InstallSystems
// does it for every scene its Director launches; call it yourself only for
// scenes launched without that Director (tools, tests). Components enabled
// before Attach keep what they found then.
func (s *Systems) Attach(sc *scenegraph.Scene) {
	l := linkOf(sc)
	l.sys = s
	pending := l.pending
	l.pending = nil
	for _, t := range pending {
		if t.state == tweenIdle {
			s.Tweens.Start(t)
		}
	}
}

// startLater queues t until sc gets its systems (a tween started while the
// scene is being built, before RunScene).
func startLater(sc *scenegraph.Scene, t *Tween) {
	l := linkOf(sc)
	l.pending = append(l.pending, t)
}

// SystemsOf returns the Systems attached to n's scene, or nil when n is in
// no scene or its scene has none.
func SystemsOf(n *scenegraph.Node) *Systems {
	if n == nil || n.Scene() == nil {
		return nil
	}
	if l, _ := n.Scene().Value(systemsKey{}).(*systemsLink); l != nil {
		return l.sys
	}
	return nil
}

// loggerOf returns the logger of n's scene, or standard error.
func loggerOf(n *scenegraph.Node) core.Logger {
	if n != nil && n.Scene() != nil && n.Scene().Logger != nil {
		return n.Scene().Logger
	}
	return core.NewLogger(stderr{})
}

// panicFatal reports whether n's scene wants callback panics to propagate.
func panicFatal(n *scenegraph.Node) bool {
	return n != nil && n.Scene() != nil && n.Scene().PanicFatal
}
