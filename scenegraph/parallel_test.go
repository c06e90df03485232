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
// out of date.
func checkMatrices(t *testing.T, nodes, twins []*Node) {
	t.Helper()
	for i, n := range nodes {
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
	u.Threshold = 1 // parallel from the second pass on
	r1 := rand.New(rand.NewPCG(99, 2))
	r2 := rand.New(rand.NewPCG(99, 2))
	parallelPasses := 0
	for frame := range 6 {
		if err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		st := u.Stats()
		if st.Visited != len(nodes) {
			t.Fatalf("frame %d: visited %d nodes of %d", frame, st.Visited, len(nodes))
		}
		if frame == 0 && st.Computed != len(nodes)-1 {
			t.Fatalf("first pass computed %d matrices, want %d (every node but the root)", st.Computed, len(nodes)-1)
		}
		if st.Parallel {
			parallelPasses++
			if st.Subtrees < pool.Workers() {
				t.Fatalf("frame %d: only %d subtrees for %d workers", frame, st.Subtrees, pool.Workers())
			}
		}
		checkMatrices(t, nodes, twins)
		for range 500 { // move the same nodes the same way in both scenes
			i := r1.IntN(len(nodes)-1) + 1
			_ = r2.IntN(len(nodes)-1) + 1
			randomMove(r1, nodes[i])
			randomMove(r2, twins[i])
		}
	}
	if parallelPasses < 4 {
		t.Fatalf("%d parallel passes in 6 frames; the threshold of 1 should make 5", parallelPasses)
	}
}

// Below the threshold the pass stays serial; a big move switches it to
// parallel for the next pass, and back when the scene calms down.
func TestTransformUpdaterThreshold(t *testing.T) {
	pool := core.NewJobPool(2)
	defer pool.Close()
	s, nodes := randomTree(3, 8000)
	u := NewTransformUpdater(pool)
	steps := []struct {
		move         int
		wantParallel bool
	}{
		{0, false},    // first pass: no history, serial; computes 7999
		{0, false},    // nothing moved: no pass at all, stats unchanged
		{10, true},    // the last pass computed >= 5000
		{8000, false}, // previous ~10
		{10, true},    // previous ~all
		{100, false},  // previous ~10
	}
	for i, st := range steps {
		for j := 1; j <= st.move && j < len(nodes); j++ {
			nodes[j].SetPositionXY(float32(i), float32(j))
		}
		before := u.Stats()
		if err := u.Update(s); err != nil {
			t.Fatal(err)
		}
		if got := u.Stats().Parallel; got != st.wantParallel {
			t.Fatalf("step %d: parallel = %v, want %v (stats %+v)", i, got, st.wantParallel, u.Stats())
		}
		if i == 1 && u.Stats() != before {
			t.Fatalf("step 1: a scene where nothing moved was walked: %+v", u.Stats())
		}
	}
	// Without a pool, or with the threshold negative, never parallel.
	for _, v := range []*TransformUpdater{NewTransformUpdater(nil), {pool: pool, Threshold: -1}} {
		for range 3 {
			s.Node.SetPositionXY(1, 2)
			if err := v.Update(s); err != nil || v.Stats().Parallel {
				t.Fatalf("parallel pass with pool %v threshold %d (err %v)", v.pool, v.Threshold, err)
			}
		}
	}
}

// A steady parallel pass (everything moves every frame) allocates nothing.
func TestTransformUpdaterAllocatesNothing(t *testing.T) {
	pool := core.NewJobPool(2)
	defer pool.Close()
	s, _ := randomTree(5, 6000)
	u := NewTransformUpdater(pool)
	pass := func() {
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
// whose every node moved: lazily as extraction would (node by node through
// WorldMatrix), in one serial pass, and in one parallel pass on a pool of
// GOMAXPROCS workers.
func BenchmarkWorldMatrices(b *testing.B) {
	pool := core.NewJobPool(0)
	defer pool.Close()
	s, groups := benchScene()
	moveAll := func(i int) {
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
	for _, mode := range []struct {
		name      string
		threshold int
	}{{"serial", -1}, {"parallel", 0}} {
		b.Run(mode.name, func(b *testing.B) {
			u := NewTransformUpdater(pool)
			u.Threshold = mode.threshold
			moveAll(0)
			u.Update(s) // history for the threshold
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
			if u.Stats().Parallel != (mode.threshold == 0 && pool.Workers() > 1) {
				b.Fatalf("stats %+v", u.Stats())
			}
		})
	}
	b.Run("static/serial", func(b *testing.B) { // nothing moved: the walk alone
		u := NewTransformUpdater(nil)
		u.Update(s)
		b.ReportAllocs()
		for b.Loop() {
			u.Update(s)
		}
	})
}
