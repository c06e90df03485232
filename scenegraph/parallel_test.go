package scenegraph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
)

// randomTree builds a scene of n nodes under random parents (a wide and
// deep mix) with random transforms, from seed; the same seed gives the same
// scene.
func randomTree(seed uint64, n int) (*Scene, []*Node) {
	r := rand.New(rand.NewPCG(seed, 1))
	s := NewScene("Random")
	nodes := []*Node{&s.Node}
	for i := 1; i < n; i++ {
		nd := NewNode(fmt.Sprint("N", i))
		// Parents among the last few hundred nodes make deep chains; among
		// all, wide fans.
		var p *Node
		if r.IntN(2) == 0 {
			p = nodes[max(0, len(nodes)-1-r.IntN(300))]
		} else {
			p = nodes[r.IntN(len(nodes))]
		}
		p.AddChild(nd)
		randomMove(r, nd)
		nodes = append(nodes, nd)
	}
	return s, nodes
}

func randomMove(r *rand.Rand, n *Node) {
	n.SetPosition(mgl32.Vec3{r.Float32()*200 - 100, r.Float32()*200 - 100, r.Float32()*10 - 5})
	n.SetRotationEuler(r.Float32()*360, r.Float32()*360, r.Float32()*360)
	n.SetScale(mgl32.Vec3{0.5 + r.Float32(), 0.5 + r.Float32(), 0.5 + r.Float32()})
}

// checkMatrices compares every node's cached world matrix, bit for bit, with
// its twin's lazily computed WorldMatrix, and checks that nothing is left
// out of date; with lazy set, it reads the matrices through WorldMatrix
// instead (after a pass that left them lazy).
func checkMatrices(t *testing.T, nodes, twins []*Node, lazy bool) {
	t.Helper()
	for i, n := range nodes {
		if lazy {
			n.WorldMatrix()
		}
		if n.dirty {
			t.Fatalf("node %s still out of date after the pass", n.Path())
		}
		if got, want := n.world, twins[i].WorldMatrix(); got != want {
			t.Fatalf("node %s: world matrix %v, lazy %v", n.Path(), got, want)
		}
	}
}

// The parallel pass computes exactly the lazy matrices, over several frames
// of random moves (including moves of big subtrees), with no data race
// (run with -race: two workers touching one node would be reported).
func TestTransformUpdaterParallelMatchesLazy(t *testing.T) {
	pool := core.NewJobPool(4)
	defer pool.Close()
	s, nodes := randomTree(7, 20000)
	_, twins := randomTree(7, 20000)
	u := NewTransformUpdater(pool)
	u.Threshold = 1 // parallel whenever a node moved
	u.Update(s)     // a scene seen for the first time stays lazy
	if st := u.Stats(); st.Parallel || st.Visited != 0 {
		t.Fatalf("first pass on a new scene: %+v, want lazy", st)
	}
	s.ResetChanged()             // a new frame
	s.Node.SetPositionXY(1, 2)   // moves every node
	twins[0].SetPositionXY(1, 2) // the twins' root
	r1 := rand.New(rand.NewPCG(99, 2))
	r2 := rand.New(rand.NewPCG(99, 2))
	for frame := range 6 {
		if err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		st := u.Stats()
		if !st.Parallel || st.Visited != len(nodes) || st.Subtrees < pool.Workers() {
			t.Fatalf("frame %d: %+v; want a parallel pass over %d nodes in at least %d subtrees", frame, st, len(nodes), pool.Workers())
		}
		if frame == 0 && (st.Computed != len(nodes) || st.Moved != len(nodes)) {
			t.Fatalf("first parallel pass moved %d and computed %d matrices, want %d (every node)", st.Moved, st.Computed, len(nodes))
		}
		checkMatrices(t, nodes, twins, false)
		s.ResetChanged() // a new frame
		for range 500 {  // move the same nodes the same way in both scenes
			i := r1.IntN(len(nodes)-1) + 1
			_ = r2.IntN(len(nodes)-1) + 1
			randomMove(r1, nodes[i])
			randomMove(r2, twins[i])
		}
	}
}

// The pass goes parallel when at least Threshold nodes moved since the last
// one, and otherwise leaves the matrices lazy: no walk, and every matrix
// still right when read.
func TestTransformUpdaterThreshold(t *testing.T) {
	pool := core.NewJobPool(2)
	defer pool.Close()
	s, nodes := randomTree(3, 8000)
	_, twins := randomTree(3, 8000)
	var leaves []int // nodes without children: moving one moves one node
	for i, n := range nodes {
		if len(n.children) == 0 {
			leaves = append(leaves, i)
		}
	}
	if len(leaves) < 1500 {
		t.Fatalf("only %d leaves", len(leaves))
	}
	u := NewTransformUpdater(pool)
	u.Threshold = 1000
	steps := []struct {
		move         int // leaves moved; -1: the root (every node)
		wantParallel bool
	}{
		{-1, false},  // a scene seen for the first time: lazy
		{0, false},   // nothing moved: no pass at all, stats unchanged
		{-1, true},   // 8000 moved
		{10, false},  // lazy
		{1500, true}, // >= 1000
		{999, false},
		{1000, true},
	}
	for i, st := range steps {
		want := st.move
		if st.move < 0 {
			nodes[0].SetPositionXY(float32(i), 1)
			twins[0].SetPositionXY(float32(i), 1)
			want = len(nodes)
		}
		for _, j := range leaves[:max(st.move, 0)] {
			nodes[j].SetPositionXY(float32(i), float32(j))
			twins[j].SetPositionXY(float32(i), float32(j))
		}
		before := u.Stats()
		if err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		got := u.Stats()
		if got.Parallel != st.wantParallel {
			t.Fatalf("step %d: parallel = %v, want %v (stats %+v)", i, got.Parallel, st.wantParallel, got)
		}
		if i == 1 && got != before {
			t.Fatalf("step 1: a scene where nothing moved was walked: %+v", got)
		}
		if i > 1 && got.Moved != want {
			t.Fatalf("step %d: %d moved, want %d", i, got.Moved, want)
		}
		if !got.Parallel && i != 1 && (got.Visited != 0 || got.Computed != 0) {
			t.Fatalf("step %d: a lazy pass walked the scene: %+v", i, got)
		}
		if got.Parallel && (got.Visited != len(nodes) || got.Computed != want) {
			t.Fatalf("step %d: a parallel pass visited %d nodes and computed %d, want %d and %d", i, got.Visited, got.Computed, len(nodes), want)
		}
		checkMatrices(t, nodes, twins, !got.Parallel) // reads compute the lazy ones
		s.ResetChanged()
	}
	// Without a pool, or with the threshold negative, never parallel.
	for _, v := range []*TransformUpdater{NewTransformUpdater(nil), {pool: pool, Threshold: -1}} {
		for range 3 {
			s.Node.SetPositionXY(1, 2)
			if err := v.Update(s); err != nil || v.Stats().Parallel {
				t.Fatalf("parallel pass with pool %v threshold %d (err %v)", v.pool, v.Threshold, err)
			}
			s.ResetChanged()
		}
	}
}

// A steady parallel pass (everything moves every frame) allocates nothing.
func TestTransformUpdaterAllocatesNothing(t *testing.T) {
	pool := core.NewJobPool(2)
	defer pool.Close()
	s, _ := randomTree(5, 6000)
	u := NewTransformUpdater(pool)
	u.Threshold = 1000 // parallel with two workers too
	pass := func() {
		s.ResetChanged()           // a new frame
		s.Node.SetPositionXY(1, 1) // invalidates the whole tree
		s.Node.SetPositionXY(0, 0)
		if err := u.Update(s); err != nil {
			t.Error(err)
		}
	}
	for range 3 {
		pass()
	}
	if allocs := testing.AllocsPerRun(50, pass); allocs != 0 {
		t.Fatalf("a pass allocates %v times", allocs)
	}
	if !u.Stats().Parallel {
		t.Fatal("the measured pass was not parallel")
	}
}

// benchScene is a 100,000-node hierarchy: 100 groups of 10 subgroups of 99
// leaves, as a big 2D level might be.
func benchScene() (*Scene, []*Node) {
	s := NewScene("Bench")
	var groups []*Node
	for g := range 100 {
		gn := NewNode(fmt.Sprint("G", g))
		s.AddChild(gn)
		groups = append(groups, gn)
		for sg := range 10 {
			sn := NewNode("S")
			gn.AddChild(sn)
			sn.SetPositionXY(float32(sg), 0)
			for l := range 99 {
				ln := NewNode("L")
				sn.AddChild(ln)
				ln.SetPositionXY(float32(l), float32(sg))
				ln.SetAngle(float32(l))
			}
		}
	}
	return s, groups
}

// BenchmarkWorldMatrices computes the world matrices of a 100,000-node scene
// whose every node moved: lazily as extraction does (node by node through
// WorldMatrix), and in one parallel pass on a pool of GOMAXPROCS workers.
func BenchmarkWorldMatrices(b *testing.B) {
	pool := core.NewJobPool(0)
	defer pool.Close()
	s, groups := benchScene()
	moveAll := func(i int) {
		s.ResetChanged()
		for _, g := range groups {
			g.SetPositionXY(float32(i%7), 0)
		}
	}
	b.Run("lazy", func(b *testing.B) {
		var all []*Node
		s.Node.Walk(func(n *Node) bool { all = append(all, n); return true })
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			b.StopTimer()
			i++
			moveAll(i)
			b.StartTimer()
			for _, n := range all {
				n.WorldMatrix()
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		u := NewTransformUpdater(pool)
		u.Threshold = 1 // parallel whatever the number of workers
		u.Update(s)     // the first pass on a scene stays lazy
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			b.StopTimer()
			i++
			moveAll(i)
			b.StartTimer()
			if err := u.Update(s); err != nil {
				b.Fatal(err)
			}
		}
		if u.Stats().Parallel != (pool.Workers() > 1) {
			b.Fatalf("stats %+v", u.Stats())
		}
	})
}
