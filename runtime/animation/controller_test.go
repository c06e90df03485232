package animation

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// heroGraph: idle (x 0); move, a 1D blend of walk (x 100) and run (x 200)
// by "speed" over thresholds 1 and 3; jump (x 500, once, 1 s) on a
// trigger from any state, back to idle at its end.
func heroGraph() *Graph {
	jump := constClip("jump", 500)
	jump.Wrap = WrapNormal
	return &Graph{
		Params: []Param{{Name: "speed"}, {Name: "grounded", Kind: ParamBool, Default: 1}, {Name: "jump", Kind: ParamTrigger}},
		States: []State{
			{Name: "idle", Clip: constClip("idle", 0)},
			{Name: "move", Blend: &Blend1D{Param: "speed", Points: []BlendPoint{{1, constClip("walk", 100)}, {3, constClip("run", 200)}}}},
			{Name: "jump", Clip: jump},
		},
		Transitions: []Transition{
			{From: "idle", To: "move", Conditions: []Condition{{Param: "speed", Op: Greater, Value: 0.5}}, Duration: 0.5},
			{From: "move", To: "idle", Conditions: []Condition{{Param: "speed", Op: Less, Value: 0.5}}, Duration: 0.25},
			{From: AnyState, To: "jump", Conditions: []Condition{{Param: "jump", Op: IsTrue}, {Param: "grounded", Op: IsTrue}}},
			{From: "jump", To: "idle", HasExitTime: true, ExitTime: 1},
		},
	}
}

func controllerWorld(t *testing.T, g *Graph) (*director.Director, *Controller, *scenegraph.Node) {
	t.Helper()
	d, _, s := newWorld(t)
	n := addNode(s, "Hero")
	c := scenegraph.AddComponent(n, NewController(g))
	return d, c, n
}

func TestControllerTransitions(t *testing.T) {
	d, c, n := controllerWorld(t, heroGraph())
	var entered []string
	c.Entered.On(func(s string) { entered = append(entered, s) })
	d.Tick(frame)
	if st := c.Status(); st.State != "idle" || st.Time != frame || x(n) != 0 {
		t.Fatalf("start: %+v, x %v", st, x(n))
	}
	// speed 2: halfway between walk and run (150); the 0.5 s fade from idle.
	c.SetFloat("speed", 2)
	d.Tick(frame) // transition taken: progress 0
	if st := c.Status(); st.State != "idle" || st.Next != "move" || st.Progress != 0 || x(n) != 0 {
		t.Fatalf("transition start: %+v, x %v", st, x(n))
	}
	d.Tick(frame) // progress 0.5: 0.5*0 + 0.5*150
	if st := c.Status(); st.Progress != 0.5 || x(n) != 75 {
		t.Fatalf("mid-transition: %+v, x %v (want 75)", st, x(n))
	}
	d.Tick(frame) // done
	if st := c.Status(); st.State != "move" || st.Next != "" || st.Time != 2*frame || x(n) != 150 {
		t.Fatalf("after the transition: %+v, x %v", st, x(n))
	}
	c.SetFloat("speed", 2.5) // 3/4 of the way to run
	d.Tick(frame)
	if x(n) != 175 {
		t.Errorf("blend at 2.5: x %v, want 175", x(n))
	}
	// The trigger, from any state, switching at once; consumed.
	c.SetTrigger("jump")
	d.Tick(frame)
	if st := c.Status(); st.State != "jump" || x(n) != 500 {
		t.Fatalf("jump: %+v, x %v", st, x(n))
	}
	if v, _ := c.Param("jump"); v != 0 {
		t.Error("the trigger was not consumed")
	}
	// On clip end (1 s), back to idle at once; speed < 0.5 keeps it there.
	c.SetFloat("speed", 0)
	for range 3 {
		d.Tick(frame)
	}
	if st := c.Status(); st.State != "jump" || st.NormalizedTime != 0.75 {
		t.Fatalf("before the end: %+v", st)
	}
	d.Tick(frame)
	if st := c.Status(); st.State != "idle" || st.Time != 0 || x(n) != 0 {
		t.Fatalf("after the end: %+v, x %v", st, x(n))
	}
	if got := strings.Join(entered, " "); got != "idle move jump idle" {
		t.Errorf("entered %s", got)
	}
	// A condition that fails blocks the trigger, which waits.
	c.SetBool("grounded", false)
	c.SetTrigger("jump")
	d.Tick(frame)
	if st := c.Status(); st.State != "idle" {
		t.Errorf("jumped while not grounded: %+v", st)
	}
	c.SetBool("grounded", true)
	d.Tick(frame)
	if st := c.Status(); st.State != "jump" {
		t.Errorf("the waiting trigger did not fire: %+v", st)
	}
	if err := c.SetFloat("nope", 1); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown parameter: %v", err)
	}
	if err := c.SetTrigger("speed"); err == nil {
		t.Error("SetTrigger on a float parameter must be an error")
	}
}

// A blend's clips keep their normalized times together: a 1 s and a 2 s
// clip at equal weight advance over 1.5 s per pass.
func TestBlendSyncsClips(t *testing.T) {
	a, b := xClip("a", WrapLoop), xClip("b", WrapLoop)
	b.Duration, b.Tracks[0].Keys[1].Time = 2, 2
	g := &Graph{Params: []Param{{Name: "k", Default: 0.5}}, States: []State{{Name: "s", Blend: &Blend1D{Param: "k", Points: []BlendPoint{{0, a}, {1, b}}}}}}
	d, c, n := controllerWorld(t, g)
	for range 3 {
		d.Tick(frame)
	}
	// 0.75 s of a 1.5 s pass: both clips halfway: x 50 in each.
	if st := c.Status(); st.NormalizedTime != 0.5 || x(n) != 50 {
		t.Errorf("status %+v, x %v; want normalized 0.5, x 50", st, x(n))
	}
}

func TestGraphValidate(t *testing.T) {
	clip := constClip("c", 0)
	for _, c := range []struct {
		g    *Graph
		want string
	}{
		{&Graph{}, "no states"},
		{&Graph{States: []State{{Name: "a"}}}, `state "a": set exactly one of Clip and Blend`},
		{&Graph{States: []State{{Name: "a", Clip: clip}, {Name: "a", Clip: clip}}}, `duplicate name "a"`},
		{&Graph{States: []State{{Name: "a", Clip: clip}}, Transitions: []Transition{{From: "a", To: "b", HasExitTime: true}}}, `transition 0 (a -> b): no state "b"`},
		{&Graph{States: []State{{Name: "a", Clip: clip}, {Name: "b", Clip: clip}}, Transitions: []Transition{{From: "a", To: "b"}}}, "taken every frame"},
		{&Graph{Params: []Param{{Name: "t", Kind: ParamTrigger}}, States: []State{{Name: "a", Clip: clip}, {Name: "b", Clip: clip}}, Transitions: []Transition{{From: "a", To: "b", Conditions: []Condition{{Param: "t", Op: Greater}}}}}, `does not fit "t", a trigger parameter`},
		{&Graph{States: []State{{Name: "a", Blend: &Blend1D{Param: "x", Points: []BlendPoint{{0, clip}}}}}}, `blend parameter "x" is not a float parameter`},
	} {
		if err := c.g.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
	// Bind reports clips that do not bind, naming the state and the track.
	g := &Graph{States: []State{{Name: "a", Clip: &Clip{Name: "c", Duration: 1, Tracks: []Track{{Path: "Arm", Property: "angle", Keys: []Keyframe{key(0)}}}}}}}
	_, ctl, _ := controllerWorld(t, g)
	if err := ctl.Bind(); err == nil || !strings.Contains(err.Error(), `state "a"`) || !strings.Contains(err.Error(), `no node "Arm"`) {
		t.Errorf("Bind: %v", err)
	}
}

func TestControllerAllocatesNothing(t *testing.T) {
	d, c, n := controllerWorld(t, heroGraph())
	d.Tick(frame)
	sys := SystemOf(n)
	i := 0
	if allocs := testing.AllocsPerRun(200, func() {
		i++
		c.SetFloat("speed", float64(i%40)/10) // in and out of move
		if i%50 == 0 {
			c.SetTrigger("jump")
		}
		sys.Update(1.0 / 30)
	}); allocs != 0 {
		t.Errorf("%v allocations per frame", allocs)
	}
}
