package scenegraph

import (
	"fmt"
	"math/rand"
	"testing"
)

// checked is a component that checks the lifecycle invariants on itself as
// the callbacks arrive and performs random operations from inside them.
type checked struct {
	Component
	w  *world
	id int

	loads, enables, disables, starts, updates, destroys int
	effective                                           bool
}

type world struct {
	t     *testing.T
	rng   *rand.Rand
	s     *Scene
	nodes []*Node
	comps []*checked
	ops   int
	depth int
}

func (c *checked) fail(format string, args ...any) {
	c.w.t.Helper()
	c.w.t.Fatalf("component %d on %v: "+format, append([]any{c.id, c.node}, args...)...)
}

func (c *checked) alive(cb string) {
	if c.destroys > 0 {
		c.fail("%s after OnDestroy", cb)
	}
}

func (c *checked) OnLoad() {
	c.alive("OnLoad")
	c.loads++
	if c.loads > 1 {
		c.fail("OnLoad twice")
	}
	c.w.maybeAct()
}

func (c *checked) OnEnable() {
	c.alive("OnEnable")
	if c.loads != 1 {
		c.fail("OnEnable before OnLoad")
	}
	if c.effective {
		c.fail("OnEnable twice without OnDisable")
	}
	c.effective = true
	c.enables++
	c.w.maybeAct()
}

func (c *checked) OnDisable() {
	c.alive("OnDisable")
	if !c.effective {
		c.fail("OnDisable without OnEnable")
	}
	c.effective = false
	c.disables++
	c.w.maybeAct()
}

func (c *checked) Start() {
	c.alive("Start")
	if !c.effective {
		c.fail("Start while not enabled")
	}
	c.starts++
	if c.starts > 1 {
		c.fail("Start twice")
	}
	c.w.maybeAct()
}

func (c *checked) Update(float64) {
	c.alive("Update")
	if c.starts != 1 {
		c.fail("Update before Start")
	}
	if !c.effective || !c.node.ActiveInHierarchy() {
		c.fail("Update while not effective")
	}
	c.updates++
	c.w.maybeAct()
}

func (c *checked) LateUpdate(float64) {
	c.alive("LateUpdate")
	if !c.effective {
		c.fail("LateUpdate while not effective")
	}
}

func (c *checked) OnDestroy() {
	c.alive("OnDestroy")
	if c.loads != 1 {
		c.fail("OnDestroy without OnLoad")
	}
	if c.effective {
		c.fail("OnDestroy while still enabled")
	}
	c.destroys++
	c.w.maybeAct()
}

// maybeAct performs a random operation from inside a callback, sometimes.
func (w *world) maybeAct() {
	if w.depth > 3 || w.rng.Intn(4) != 0 {
		return
	}
	w.depth++
	w.act()
	w.depth--
}

func (w *world) randNode() *Node {
	i := w.rng.Intn(len(w.nodes) + 1)
	if i == len(w.nodes) {
		return &w.s.Node
	}
	return w.nodes[i]
}

func (w *world) act() {
	w.ops++
	switch w.rng.Intn(9) {
	case 0, 1: // new node
		n := NewNode(fmt.Sprint("n", len(w.nodes)))
		if w.rng.Intn(5) == 0 {
			n.SetActive(false)
		}
		parent := w.randNode()
		if w.rng.Intn(3) == 0 {
			parent = &w.s.Node // keep the tree bushy rather than deep
		}
		_ = parent.AddChild(n)
		w.nodes = append(w.nodes, n)
	case 2: // add a component
		c := &checked{w: w, id: len(w.comps)}
		if w.rng.Intn(4) == 0 {
			c.SetEnabled(false)
		}
		w.comps = append(w.comps, c)
		if n := w.randNode(); n.IsValidStrict() {
			AddComponent(n, c)
		}
	case 3: // toggle a component
		if len(w.comps) > 0 {
			c := w.comps[w.rng.Intn(len(w.comps))]
			c.SetEnabled(!c.Enabled())
		}
	case 4, 5: // switch a node, mostly on
		if n := w.randNode(); n.IsValidStrict() {
			n.SetActive(w.rng.Intn(4) != 0)
		}
	case 6: // destroy a component
		if len(w.comps) > 0 {
			w.comps[w.rng.Intn(len(w.comps))].Destroy()
		}
	case 7: // destroy a node without children (rarely), or a whole subtree (more rarely)
		n := w.randNode()
		if len(n.Children()) == 0 && w.rng.Intn(2) == 0 || w.rng.Intn(20) == 0 {
			n.Destroy()
		}
	case 8: // re-parent, or bring a node back to life
		if w.rng.Intn(2) == 0 {
			_ = w.randNode().SetParent(w.randNode())
		} else {
			if n := w.randNode(); n.IsValidStrict() {
				n.SetActive(true)
			}
		}
	}
}

// A randomized stress test: thousands of random operations, many from inside
// callbacks, with the invariants checked in every callback and after every
// frame.
func TestRandomLifecycleStress(t *testing.T) {
	for seed := int64(1); seed <= 16; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			s := NewScene("S")
			s.Logger = &logBuf{} // refused operations are expected here
			s.PanicFatal = true  // an invariant failure must stop the test
			w := &world{t: t, rng: rand.New(rand.NewSource(seed)), s: s}
			for range 30 {
				w.act()
			}
			s.Launch()
			for f := 0; f < 200; f++ {
				for range 10 {
					w.act()
				}
				frame(s, 1.0/60)
				w.checkAfterFrame()
			}
			s.Unload()
			for _, c := range w.comps {
				if c.loads == 1 && c.Node() == nil && c.destroys != 1 && c.Base().state&destroyed != 0 {
					t.Fatalf("component %d: OnDestroy ran %d times", c.id, c.destroys)
				}
				if c.effective {
					t.Fatalf("component %d still effective after unload", c.id)
				}
			}
			if w.ops < 2000 {
				t.Fatalf("only %d operations ran", w.ops)
			}
			var loads, updates, destroys int
			for _, c := range w.comps {
				loads += c.loads
				updates += c.updates
				destroys += c.destroys
			}
			if loads < len(w.comps)/3 || updates < 1000 || destroys < 20 {
				t.Fatalf("the run exercised too little: %d of %d components loaded, %d updates, %d destroys",
					loads, len(w.comps), updates, destroys)
			}
		})
	}
}

func (w *world) checkAfterFrame() {
	for _, c := range w.comps {
		if c.destroys > 1 {
			w.t.Fatalf("component %d: OnDestroy %d times", c.id, c.destroys)
		}
		if c.Node() == nil {
			continue
		}
		want := c.Enabled() && c.Node().ActiveInHierarchy() && c.IsValidStrict()
		if c.IsValidStrict() && want != c.effective {
			w.t.Fatalf("component %d on %v: effective=%v, want %v", c.id, c.Node(), c.effective, want)
		}
		if c.enables-c.disables != b2i(c.effective) {
			w.t.Fatalf("component %d: %d enables, %d disables, effective=%v", c.id, c.enables, c.disables, c.effective)
		}
	}
	for _, n := range w.nodes {
		if !n.IsValid() {
			continue
		}
		want := n.Active() && n.Parent() != nil && n.Parent().ActiveInHierarchy() && n.Scene() == w.s
		if n.ActiveInHierarchy() != want {
			w.t.Fatalf("node %v: activeInHierarchy=%v, want %v", n, n.ActiveInHierarchy(), want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
