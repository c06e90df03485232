package scenegraph

import (
	"sync/atomic"

	"github.com/tact-engine/tact/core"
)

// DefaultParallelThreshold is the number of world matrices a pass must have
// computed (the previous pass, frames being alike) for a TransformUpdater to
// go parallel: below it, handing work to other threads costs more than it
// saves.
const DefaultParallelThreshold = 5000

// tasksPerWorker is how many subtrees per worker the parallel pass aims for:
// enough that uneven subtrees even out as workers take the next one.
const tasksPerWorker = 16

// TransformUpdater brings every world matrix of a scene up to date in one
// pass, before extraction reads them, using a JobPool when the scene has
// enough moved nodes to gain from it. Extraction then finds every matrix
// cached. The result is bit for bit what Node.WorldMatrix computes lazily.
//
// The parallel pass first walks the top of the tree on the calling thread,
// level by level, until it has a few independent subtrees per worker; then
// each worker takes whole subtrees, one range of them at a time, so no two
// goroutines ever touch one node, and every parent is computed before its
// children (a subtree's root reads only its parent, finished before the
// workers start). Nothing else may use the scene while Update runs.
//
// A TransformUpdater belongs to the main thread. Update allocates nothing in
// steady state.
type TransformUpdater struct {
	// Threshold overrides DefaultParallelThreshold: the pass runs in parallel
	// when the previous pass computed at least Threshold matrices. Zero means
	// the default; a negative value means always serial.
	Threshold int

	pool  *core.JobPool
	graph *core.JobGraph

	lastScene   *Scene // the scene of the last pass, and its dirtied count
	lastDirtied uint64 // then: equal counts mean nothing moved since

	front, spare []*Node // the frontier of subtrees the workers share
	chunk        int64   // frontier entries taken at a time
	next         atomic.Int64
	visited      atomic.Int64
	computed     atomic.Int64

	stats TransformStats
}

// TransformStats describes one TransformUpdater pass.
type TransformStats struct {
	// Visited is the number of nodes walked (every node of the scene).
	Visited int
	// Computed is the number of world matrices recomputed (moved nodes).
	Computed int
	// Parallel reports whether the pass used the pool.
	Parallel bool
	// Subtrees is the number of subtrees shared among the workers (0 when
	// serial).
	Subtrees int
}

// NewTransformUpdater returns an updater that runs on pool; a nil pool, or
// one with a single worker, makes every pass serial.
func NewTransformUpdater(pool *core.JobPool) *TransformUpdater {
	return &TransformUpdater{pool: pool}
}

// Stats returns what the last Update did.
func (u *TransformUpdater) Stats() TransformStats { return u.stats }

// Update recomputes every out-of-date world matrix of s, in parallel when
// worthwhile (see Threshold). When nothing in s moved since the last Update
// it returns at once, without walking the tree (Stats keeps the last pass).
// It returns the error of a job that panicked; matrices left out of date are
// then computed lazily as usual.
func (u *TransformUpdater) Update(s *Scene) error {
	if s == u.lastScene && s.dirtied == u.lastDirtied {
		return nil // nothing moved since the last pass: no walk at all
	}
	u.lastScene, u.lastDirtied = s, s.dirtied
	threshold := u.Threshold
	if threshold == 0 {
		threshold = DefaultParallelThreshold
	}
	parallel := threshold > 0 && u.stats.Computed >= threshold && u.pool != nil && u.pool.Workers() > 1
	if !parallel {
		v, c := updateTree(&s.Node)
		u.stats = TransformStats{Visited: v, Computed: c}
		return nil
	}
	return u.updateParallel(s)
}

func (u *TransformUpdater) updateParallel(s *Scene) error {
	workers := u.pool.Workers()
	if u.graph == nil || u.graph.Len() != workers {
		u.graph = core.NewJobGraph(u.pool)
		work := u.work // one closure, made once
		for range workers {
			u.graph.Add("scenegraph: world matrices", work)
		}
	}
	// Walk the top levels here until the frontier holds enough subtrees.
	visited, computed := 0, 0
	front := append(u.front[:0], &s.Node)
	target := workers * tasksPerWorker
	for len(front) > 0 && len(front) < target {
		next := u.spare[:0]
		for _, n := range front {
			visited++
			if n.dirty {
				computeWorld(n)
				computed++
			}
			next = append(next, n.children...)
		}
		u.spare = front
		front = next
	}
	u.front = front
	u.stats = TransformStats{Visited: visited, Computed: computed, Parallel: true, Subtrees: len(front)}
	if len(front) == 0 {
		return nil
	}
	u.chunk = int64(max(1, len(front)/target))
	u.next.Store(0)
	u.visited.Store(0)
	u.computed.Store(0)
	err := u.graph.Run()
	clear(u.spare) // keep no dead nodes alive
	u.stats.Visited += int(u.visited.Load())
	u.stats.Computed += int(u.computed.Load())
	return err
}

// work is one worker's share: ranges of frontier subtrees, taken in turn
// until none is left.
func (u *TransformUpdater) work() {
	front := u.front
	var visited, computed int
	for {
		end := u.next.Add(u.chunk)
		start := end - u.chunk
		if start >= int64(len(front)) {
			break
		}
		for _, n := range front[start:min(end, int64(len(front)))] {
			v, c := updateTree(n)
			visited += v
			computed += c
		}
	}
	u.visited.Add(int64(visited))
	u.computed.Add(int64(computed))
}

// updateTree recomputes the out-of-date world matrices of n's subtree; n's
// parent must be up to date. It returns the nodes walked and recomputed.
func updateTree(n *Node) (visited, computed int) {
	visited = 1
	if n.dirty {
		computeWorld(n)
		computed = 1
	}
	for _, c := range n.children {
		v, cc := updateTree(c)
		visited += v
		computed += cc
	}
	return visited, computed
}
