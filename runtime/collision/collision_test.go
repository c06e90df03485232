package collision

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// hitLog records collision callbacks as "kind:self>other@frame".
type hitLog struct {
	scenegraph.Component
	d   *director.Director
	log *[]string
}

func (h *hitLog) add(kind string, other, self *Collider) {
	*h.log = append(*h.log, fmt.Sprintf("%s:%s>%s@%d", kind, self.Node().Name(), other.Node().Name(), h.d.TotalFrames()))
}
func (h *hitLog) OnCollisionEnter(self, other *Collider) { h.add("enter", other, self) }
func (h *hitLog) OnCollisionStay(self, other *Collider)  { h.add("stay", other, self) }
func (h *hitLog) OnCollisionExit(self, other *Collider)  { h.add("exit", other, self) }

func collidingNode(s *scenegraph.Scene, d *director.Director, name string, c *Collider, x, y float32, log *[]string) *scenegraph.Node {
	n := addNode(s, name)
	n.SetPositionXY(x, y)
	scenegraph.AddComponent(n, c)
	scenegraph.AddComponent(n, &hitLog{d: d, log: log})
	return n
}

func filterLog(log []string, prefix string) string {
	var out []string
	for _, l := range log {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ")
}

// A box sliding through another: enter once, stay on each later frame of
// the overlap, exit once, on both nodes.
func TestCollisionEnterStayExit(t *testing.T) {
	d, _, s := newWorld(t)
	var log []string
	collidingNode(s, d, "A", NewBoxCollider(20, 20), 0, 0, &log)
	b := collidingNode(s, d, "B", NewCircleCollider(10), 40, 0, &log)
	for range 8 {
		// The mover steps 10 units per frame; the overlap is |x| <= 20.
		b.SetPositionXY(b.Position()[0]-10, 0)
		d.Tick(1.0 / 60)
	}
	// Frame f (TotalFrames during the pass) has x = 30 - 10f.
	want := "enter:A>B@1 stay:A>B@2 stay:A>B@3 stay:A>B@4 stay:A>B@5 exit:A>B@6"
	if got := filterLog(log, ""); !strings.Contains(got, "A>B") || filterLog(log, "enter:A")+" "+filterLog(log, "stay:A")+" "+filterLog(log, "exit:A") != want {
		t.Fatalf("A's callbacks:\n got %s\nwant %s", got, want)
	}
	if got := filterLog(log, "exit:B"); got != "exit:B>A@6" {
		t.Fatalf("B's exits: %q", got)
	}
	if got := filterLog(log, "enter:B"); got != "enter:B>A@1" {
		t.Fatalf("B's enters: %q", got)
	}
}

// Destroying one side mid-contact ends the contact at once with one exit on
// each side, and nothing follows.
func TestCollisionDestroyMidContact(t *testing.T) {
	d, sys, s := newWorld(t)
	var log []string
	a := collidingNode(s, d, "A", NewBoxCollider(20, 20), 0, 0, &log)
	b := collidingNode(s, d, "B", NewBoxCollider(20, 20), 5, 5, &log)
	d.Tick(1.0 / 60)
	d.Tick(1.0 / 60)
	b.Destroy()
	if got := filterLog(log, "exit"); got != "exit:A>B@2 exit:B>A@2" {
		t.Fatalf("exits right after Destroy: %q", got)
	}
	for range 3 {
		d.Tick(1.0 / 60)
	}
	want := "enter:A>B@0 enter:B>A@0 stay:A>B@1 stay:B>A@1 exit:A>B@2 exit:B>A@2"
	if got := strings.Join(log, " "); got != want {
		t.Fatalf("log:\n got %s\nwant %s", got, want)
	}
	if sys.Len() != 1 || sys.Contacts() != 0 || scenegraph.GetComponent[*Collider](a).Touching() != 0 {
		t.Fatalf("after destroy: %d colliders, %d contacts", sys.Len(), sys.Contacts())
	}
}

// Destroying the other node from inside OnCollisionEnter: the contact ends
// with exits, and the destroyed side gets no enter after its exit.
type destroyOnEnter struct{ hitLog }

func (h *destroyOnEnter) OnCollisionEnter(self, other *Collider) {
	h.add("enter", other, self)
	other.Node().Destroy()
}

func TestCollisionDestroyInsideCallback(t *testing.T) {
	d, _, s := newWorld(t)
	var log []string
	a := addNode(s, "A")
	scenegraph.AddComponent(a, NewCircleCollider(10))
	scenegraph.AddComponent(a, &destroyOnEnter{hitLog{d: d, log: &log}})
	collidingNode(s, d, "B", NewCircleCollider(10), 5, 0, &log)
	d.Tick(1.0 / 60)
	d.Tick(1.0 / 60)
	want := "enter:A>B@0 exit:A>B@0 exit:B>A@0"
	if got := strings.Join(log, " "); got != want {
		t.Fatalf("log:\n got %s\nwant %s", got, want)
	}
}

func TestCollisionGroups(t *testing.T) {
	d, sys, s := newWorld(t)
	var log []string
	a, b := NewCircleCollider(10), NewCircleCollider(10)
	a.Group, b.Group = 1, 2
	sys.SetGroupsCollide(1, 2, false)
	collidingNode(s, d, "A", a, 0, 0, &log)
	collidingNode(s, d, "B", b, 5, 0, &log)
	d.Tick(1.0 / 60)
	if len(log) != 0 {
		t.Fatalf("groups 1 and 2 must not meet: %v", log)
	}
	if sys.GroupsCollide(2, 1) || !sys.GroupsCollide(1, 1) {
		t.Fatal("matrix not symmetric or default changed")
	}
}

func TestCollisionShapes(t *testing.T) {
	_, _, s := newWorld(t)
	tri, err := NewPolygonCollider([]mgl32.Vec2{{0, 0}, {20, 0}, {0, 20}})
	if err != nil {
		t.Fatal(err)
	}
	place := func(c *Collider, x, y, angle float32) *Collider {
		n := addNode(s, "S")
		n.SetPositionXY(x, y)
		n.SetAngle(angle)
		scenegraph.AddComponent(n, c)
		return c
	}
	box := place(NewBoxCollider(20, 20), 0, 0, 45) // a diamond reaching 14.14 along the axes
	cases := []struct {
		name string
		c    *Collider
		want bool
	}{
		{"circle beyond the rotated box's corner diagonal", place(NewCircleCollider(3), 10, 10, 0), false},
		{"circle touching the rotated box's corner", place(NewCircleCollider(3), 16, 0, 0), true},
		{"circle clear of the corner", place(NewCircleCollider(1), 16, 0, 0), false},
		{"box overlapping the diamond", place(NewBoxCollider(4, 4), 14, 0, 0), true},
		{"box in the diamond's notch", place(NewBoxCollider(4, 4), 10, 10, 0), false},
		{"triangle reaching the diamond", place(tri, 5, -30, 0), false},
	}
	for _, c := range cases {
		box.updateWorld()
		c.c.updateWorld()
		if got := overlaps(box, c.c); got != c.want {
			t.Errorf("%s: overlap %v, want %v", c.name, got, c.want)
		}
	}
	if _, err := NewPolygonCollider([]mgl32.Vec2{{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}}); err == nil {
		t.Fatal("a concave polygon must be refused")
	}
	if _, err := NewPolygonCollider([]mgl32.Vec2{{0, 0}, {10, 0}}); err == nil {
		t.Fatal("two points must be refused")
	}
}

// The grid finds exactly the pairs a brute-force test finds, with mixed
// sizes (some colliders cover too many cells and go to the large list).
func TestCollisionBroadPhaseMatchesBruteForce(t *testing.T) {
	_, sys, s := newWorld(t)
	rng := rand.New(rand.NewPCG(1, 2))
	var cs []*Collider
	for i := range 600 {
		var c *Collider
		switch i % 4 {
		case 0:
			c = NewCircleCollider(2 + rng.Float32()*20)
		case 1:
			c = NewBoxCollider(2+rng.Float32()*30, 2+rng.Float32()*30)
		case 2:
			c = NewCircleCollider(1 + rng.Float32()*4)
		default:
			if i%40 == 3 {
				c = NewBoxCollider(400, 300) // large
			} else {
				c = NewBoxCollider(5, 8)
			}
		}
		n := addNode(s, "C")
		n.SetPositionXY(rng.Float32()*1000-500, rng.Float32()*1000-500)
		n.SetAngle(rng.Float32() * 360)
		scenegraph.AddComponent(n, c)
		cs = append(cs, c)
	}
	sys.CellSize = 16
	sys.PostUpdate(0)
	got := slices.Clone(sys.hits)
	var want []uint64
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if sys.candidates(cs[i], cs[j]) && overlaps(cs[i], cs[j]) {
				want = append(want, pairKey(cs[i].id, cs[j].id))
			}
		}
	}
	slices.Sort(want)
	if len(want) < 100 || !slices.Equal(got, want) {
		t.Fatalf("grid found %d pairs, brute force %d", len(got), len(want))
	}
	if len(sys.large) == 0 {
		t.Fatal("the test meant to exercise the large list")
	}
}

// movingCircles adds n circles of radius r moving in a square of side
// area; it returns a function that moves them one frame.
func movingCircles(s *scenegraph.Scene, n int, r, area float32) func() {
	rng := rand.New(rand.NewPCG(7, 7))
	nodes := make([]*scenegraph.Node, n)
	vel := make([]mgl32.Vec2, n)
	for i := range nodes {
		nodes[i] = addNode(s, "Ball")
		nodes[i].SetPositionXY(rng.Float32()*area, rng.Float32()*area)
		vel[i] = mgl32.Vec2{rng.Float32()*4 - 2, rng.Float32()*4 - 2}
		scenegraph.AddComponent(nodes[i], NewCircleCollider(r))
	}
	return func() {
		for i, nd := range nodes {
			p := nd.Position()
			x, y := p[0]+vel[i][0], p[1]+vel[i][1]
			if x < 0 || x > area {
				vel[i][0] = -vel[i][0]
			}
			if y < 0 || y > area {
				vel[i][1] = -vel[i][1]
			}
			nd.SetPositionXY(x, y)
		}
	}
}

// Steady frames of moving, touching colliders with callbacks allocate
// nothing.
func TestCollisionSteadyFrameAllocatesNothing(t *testing.T) {
	d, sys, s := newWorld(t)
	move := movingCircles(s, 2000, 6, 1200)
	var log []string
	counter := &countHits{}
	for _, n := range s.Children()[:50] {
		scenegraph.AddComponent(n, counter.child())
	}
	_ = log
	for range 5 {
		move()
		d.Tick(1.0 / 60)
	}
	allocs := testing.AllocsPerRun(50, func() {
		move()
		d.Tick(1.0 / 60)
	})
	if allocs != 0 {
		t.Fatalf("collision frame allocates %v times", allocs)
	}
	if sys.Contacts() == 0 || counter.n == 0 {
		t.Fatalf("no contacts (%d) or callbacks (%d): the benchmark scene is too sparse", sys.Contacts(), counter.n)
	}
}

type countHits struct{ n int }

type hitCounter struct {
	scenegraph.Component
	c *countHits
}

func (c *countHits) child() *hitCounter                      { return &hitCounter{c: c} }
func (h *hitCounter) OnCollisionEnter(self, other *Collider) { h.c.n++ }
func (h *hitCounter) OnCollisionStay(self, other *Collider)  { h.c.n++ }
func (h *hitCounter) OnCollisionExit(self, other *Collider)  { h.c.n++ }

// BenchmarkCollision5000 is one frame of 5,000 moving circles: moving the
// nodes and the collision pass (world shapes, grid, narrow phase, events).
func BenchmarkCollision5000(b *testing.B) {
	d, sys, s := newWorld(b)
	move := movingCircles(s, 5000, 5, 2000)
	for range 3 {
		move()
		d.Tick(1.0 / 60)
	}
	b.ReportAllocs()
	for b.Loop() {
		move()
		sys.PostUpdate(1.0 / 60)
	}
	b.ReportMetric(float64(sys.Contacts()), "contacts")
}

// A zero Collider (as a scene loader's factory makes it) is a box of its
// Size.
func TestCollisionZeroCollider(t *testing.T) {
	d, _, s := newWorld(t)
	var log []string
	collidingNode(s, d, "A", &Collider{Size: mgl32.Vec2{10, 10}}, 0, 0, &log)
	collidingNode(s, d, "B", &Collider{Size: mgl32.Vec2{10, 10}}, 8, 0, &log)
	d.Tick(1.0 / 60)
	if got := strings.Join(log, " "); got != "enter:A>B@0 enter:B>A@0" {
		t.Fatalf("log %q", got)
	}
}
