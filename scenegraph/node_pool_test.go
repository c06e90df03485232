package scenegraph

import (
	"slices"
	"strings"
	"testing"
)

// pooledProbe is a probe that also records Reuse and Unuse.
type pooledProbe struct {
	probe
}

func (p *pooledProbe) Reuse() { p.tr.add("%s.reuse", p.name) }
func (p *pooledProbe) Unuse() { p.tr.add("%s.unuse", p.name) }

// What the lifecycle sees through a NodePool, as in Cocos: Put gives
// OnDisable then Unuse; Get gives Reuse; adding the node back gives
// OnEnable and Update in the next frame, never OnLoad or Start again;
// Clear destroys what is pooled.
func TestNodePoolLifecycle(t *testing.T) {
	tr := &trace{}
	s := NewScene("S")
	s.Launch()
	made := 0
	pool := NewNodePool(func() *Node {
		made++
		n := NewNode("Bullet")
		AddComponent(n, &pooledProbe{probe{name: "b", tr: tr}})
		kid := NewNode("Trail")
		n.AddChild(kid)
		AddComponent(kid, &pooledProbe{probe{name: "trail", tr: tr}})
		return n
	})
	b := pool.Get()
	if made != 1 || tr.take() != nil {
		t.Fatalf("a new node: made %d; calls before it is in a scene", made)
	}
	s.AddChild(b)
	frame(s, 1.0/60)
	want := []string{"b.preload", "trail.preload", "b.onLoad", "trail.onLoad", "b.onEnable", "trail.onEnable",
		"b.start", "trail.start", "b.update", "trail.update", "b.lateUpdate", "trail.lateUpdate"}
	if got := filter(tr.take(), "preload", "onLoad", "onEnable", "start", "update", "lateUpdate"); !slices.Equal(got, want) {
		t.Fatalf("first use:\n got %q\nwant %q", got, want)
	}
	b.SetPositionXY(50, 60)
	if err := pool.Put(b); err != nil {
		t.Fatal(err)
	}
	// Unuse only on the pooled node's own components; OnDisable pre-order.
	if got, want := tr.take(), []string{"b.onDisable", "trail.onDisable", "b.unuse"}; !slices.Equal(got, want) {
		t.Fatalf("Put:\n got %q\nwant %q", got, want)
	}
	if b.Parent() != nil || b.Scene() != nil || pool.Size() != 1 || !b.Active() {
		t.Fatalf("pooled: parent %v, scene %v, size %d, active %v", b.Parent(), b.Scene(), pool.Size(), b.Active())
	}
	frame(s, 1.0/60)
	if got := tr.take(); got != nil {
		t.Fatalf("a pooled node was called: %q", got)
	}
	if again := pool.Get(); again != b || made != 1 {
		t.Fatalf("Get returned %v (made %d), want the pooled node", again, made)
	}
	if got, want := tr.take(), []string{"b.reuse"}; !slices.Equal(got, want) {
		t.Fatalf("Get: got %q, want %q", got, want)
	}
	if p := b.Position(); p[0] != 50 || p[1] != 60 {
		t.Fatalf("a reused node's position is %v, want it kept", p)
	}
	s.AddChild(b)
	if got, want := tr.take(), []string{"b.onEnable", "trail.onEnable"}; !slices.Equal(got, want) {
		t.Fatalf("re-added:\n got %q\nwant %q", got, want)
	}
	frame(s, 1.0/60)
	if got, want := filter(tr.take(), "start", "update", "lateUpdate"), []string{"b.update", "trail.update", "b.lateUpdate", "trail.lateUpdate"}; !slices.Equal(got, want) {
		t.Fatalf("reused frame (no second Start):\n got %q\nwant %q", got, want)
	}
	if err := pool.Put(b); err != nil {
		t.Fatal(err)
	}
	tr.take()
	pool.Clear()
	if got, want := tr.take(), []string{"trail.onDestroy", "b.onDestroy"}; !slices.Equal(got, want) {
		t.Fatalf("Clear:\n got %q\nwant %q", got, want)
	}
	if pool.Size() != 0 || b.IsValid() {
		t.Fatalf("after Clear: size %d, node valid %v", pool.Size(), b.IsValid())
	}
}

// A component can put its own node back from its Update (a bullet that
// hits): nothing else in the walk is skipped or called twice.
func TestNodePoolPutFromOwnUpdate(t *testing.T) {
	tr := &trace{}
	s := NewScene("S")
	s.Launch()
	pool := &NodePool{}
	var a *probe
	for _, name := range []string{"a", "b", "c"} {
		n := NewNode(name)
		s.AddChild(n)
		p := AddComponent(n, &probe{name: name, tr: tr})
		if name == "a" {
			a = p
		}
	}
	frame(s, 1.0/60)
	tr.take()
	a.update = func(float64) {
		if err := pool.Put(a.Node()); err != nil {
			t.Error(err)
		}
	}
	frame(s, 1.0/60)
	if got, want := filter(tr.take(), "update", "onDisable"), []string{"a.update", "a.onDisable", "b.update", "c.update"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if pool.Size() != 1 || s.Root().ChildCount() != 2 {
		t.Fatalf("size %d, %d nodes left", pool.Size(), s.Root().ChildCount())
	}
}

// Bad input is refused with an error naming the node; a node put twice is
// pooled once; a pooled node destroyed or taken back by hand is never
// handed out; an empty pool without New gives nil.
func TestNodePoolRefusals(t *testing.T) {
	s := NewScene("S")
	s.Launch()
	pool := &NodePool{}
	if pool.Get() != nil {
		t.Fatal("an empty pool without New returned a node")
	}
	if err := pool.Put(nil); err == nil || !strings.Contains(err.Error(), "nil node") {
		t.Fatalf("Put(nil): %v", err)
	}
	if err := pool.Put(s.Root()); err == nil || !strings.Contains(err.Error(), `Put("S"): a scene root`) {
		t.Fatalf("Put(root): %v", err)
	}
	dead := NewNode("Dead")
	s.AddChild(dead)
	dead.Destroy()
	if err := pool.Put(dead); err == nil || !strings.Contains(err.Error(), `"S/Dead"`) || !strings.Contains(err.Error(), "destroyed") {
		t.Fatalf("Put(destroyed): %v", err)
	}
	// Put from inside its own OnDisable: the node cannot leave its parent.
	stuck := NewNode("Stuck")
	s.AddChild(stuck)
	var perr error
	p := AddComponent(stuck, &probe{name: "stuck", tr: &trace{}})
	p.onDisable = func() { perr = pool.Put(stuck) }
	stuck.SetActive(false)
	if perr == nil || !strings.Contains(perr.Error(), `NodePool.Put("S/Stuck")`) || pool.Size() != 0 {
		t.Fatalf("Put inside OnDisable: %v, size %d", perr, pool.Size())
	}
	n := NewNode("Coin")
	if pool.Put(n) != nil || pool.Put(n) != nil || pool.Size() != 1 {
		t.Fatalf("a node put twice: size %d, want 1", pool.Size())
	}
	taken, gone := NewNode("Taken"), NewNode("Gone")
	pool.Put(taken)
	pool.Put(gone)
	gone.Destroy()
	s.AddChild(taken)
	if got := pool.Get(); got != n || pool.Size() != 0 {
		t.Fatalf("Get = %v, size %d: want Coin, the only node still pooled", got, pool.Size())
	}
}

// bulletComp is a pooled bullet's component: Update, Reuse, Unuse and the
// enable callbacks, none allocating.
type bulletComp struct {
	Component
	Speed, X float32
	Uses     int
}

func (b *bulletComp) OnEnable()         {}
func (b *bulletComp) OnDisable()        {}
func (b *bulletComp) Update(dt float64) { b.X += b.Speed * float32(dt) }
func (b *bulletComp) Reuse()            { b.Uses++; b.X = 0 }
func (b *bulletComp) Unuse()            {}

// Reuse allocates nothing: Get, add to the scene (OnEnable), a frame,
// Put (OnDisable), for nodes with a child and a component each.
func TestNodePoolReuseAllocatesNothing(t *testing.T) {
	s := NewScene("S")
	s.Launch()
	bullets := NewNode("Bullets")
	s.AddChild(bullets)
	pool := NewNodePool(func() *Node {
		n := NewNode("Bullet")
		AddComponent(n, &bulletComp{Speed: 100})
		n.AddChild(NewNode("Glow"))
		return n
	})
	var live [8]*Node
	cycle := func() {
		for i := range live {
			live[i] = pool.Get()
			bullets.AddChild(live[i])
		}
		frame(s, 1.0/60)
		for _, n := range live {
			if err := pool.Put(n); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 3 {
		cycle() // warm: nodes made, lists grown
	}
	if a := testing.AllocsPerRun(100, cycle); a != 0 {
		t.Fatalf("%v allocations per reuse cycle of %d bullets, want 0", a, len(live))
	}
	if pool.Size() != len(live) {
		t.Fatalf("pool holds %d nodes, want %d: reuse made new ones", pool.Size(), len(live))
	}
	n := pool.Get()
	if b := n.Components()[0].(*bulletComp); b.Uses < 100 {
		t.Fatalf("a bullet was reused %d times, want over 100", b.Uses)
	}
}

// BenchmarkNodePoolReuse measures one bullet's Get, activation, Put.
func BenchmarkNodePoolReuse(b *testing.B) {
	s := NewScene("S")
	s.Launch()
	pool := NewNodePool(func() *Node {
		n := NewNode("Bullet")
		AddComponent(n, &bulletComp{Speed: 100})
		return n
	})
	pool.Put(pool.Get())
	b.ReportAllocs()
	for b.Loop() {
		n := pool.Get()
		s.AddChild(n)
		pool.Put(n)
	}
}

// BenchmarkNodeNewAndDestroy is what the pool saves: a new bullet each
// time, destroyed at the end of the frame.
func BenchmarkNodeNewAndDestroy(b *testing.B) {
	s := NewScene("S")
	s.Launch()
	b.ReportAllocs()
	for b.Loop() {
		n := NewNode("Bullet")
		AddComponent(n, &bulletComp{Speed: 100})
		s.AddChild(n)
		n.Destroy()
		s.ProcessDestroyed()
	}
}
