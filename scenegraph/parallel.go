package scenegraph

import (
	"sync/atomic"

	"github.com/tact-engine/tact/core"
)

// DefaultParallelThreshold is the number of nodes that must have moved
// since the last pass for a TransformUpdater to go parallel: below it,
// handing work to other threads costs more than it saves.
const DefaultParallelThreshold = 5000

// DefaultParallelWorkers is the fewest pool workers with which a
// TransformUpdater whose Threshold is zero goes parallel. With fewer cores
// the others are busy with the frame's other work (the render thread, a
// software rasterizer's threads), and the parallel pass, which costs more
// CPU time in all than computing each matrix as extraction reads it, makes
// the frame slower: measured on two cores with 50,000 moving sprites.
const DefaultParallelWorkers = 4

// tasksPerWorker is how many subtrees per worker the parallel pass aims for:
// enough that uneven subtrees even out as workers take the next one.
const tasksPerWorker = 16

// TransformUpdater brings the world matrices of a scene up to date before
// extraction reads them: in parallel on a JobPool when enough nodes moved
// (see Threshold), and otherwise not at all, leaving each matrix to be
// computed when extraction first reads it (Node.WorldMatrix). The lazy way
// is the cheaper one for one thread: extraction reads every node anyway,
// so computing its matrix then costs the arithmetic alone, where a
// separate serial pass would walk the whole scene once more. The result is
// bit for bit the same either way.
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
	// Threshold sets when the pass runs in parallel: when at least
	// Threshold nodes moved since the last pass and the pool has two
	// workers or more. Zero means the defaults: DefaultParallelThreshold
	// nodes and DefaultParallelWorkers workers. A negative value means
	// never (the matrices stay lazy).
	Threshold int

	pool  *core.JobPool
	graph *core.JobGraph

	lastScene   *Scene // the scene of the last pass, and its dirtied count
	lastDirtied uint64 // then: the difference is the nodes moved since

	front, spare []*Node // the frontier of subtrees the workers share
	chunk        int64   // frontier entries taken at a time
	next         atomic.Int64
	visited      atomic.Int64
	computed     atomic.Int64

	stats TransformStats
}

// TransformStats describes one TransformUpdater pass.
type TransformStats struct {
	// Moved is the number of nodes that moved since the previous pass (a
	// node moved in several frames between two passes counts once per
	// frame).
	Moved int
	// Visited is the number of nodes walked (every node of the scene when
	// the pass ran in parallel, none when it left the matrices lazy).
	Visited int
	// Computed is the number of world matrices recomputed.
	Computed int
	// Parallel reports whether the pass used the pool; when false, the pass
	// did nothing and the matrices are computed as they are read.
	Parallel bool
	// Subtrees is the number of subtrees shared among the workers (0 when
	// not parallel).
	Subtrees int
}

// NewTransformUpdater returns an updater that runs on pool; with a nil
// pool, or one with too few workers (see Threshold), every pass leaves the
// matrices lazy.
func NewTransformUpdater(pool *core.JobPool) *TransformUpdater {
	return &TransformUpdater{pool: pool}
}

// Stats returns what the last Update did.
func (u *TransformUpdater) Stats() TransformStats { return u.stats }

// Update brings every out-of-date world matrix of s up to date in parallel
// when enough nodes moved since the last Update on s (see Threshold), and
// otherwise leaves them to be computed as they are read. When nothing in s
// moved it returns at once (Stats keeps the last pass). It returns the
// error of a job that panicked; matrices left out of date are then computed
// lazily as usual.
func (u *TransformUpdater) Update(s *Scene) error {
	if s == u.lastScene && s.dirtied == u.lastDirtied {
		return nil // nothing moved since the last pass: no walk at all
	}
	moved := 0 // unknown for a scene seen for the first time: stay lazy
	if s == u.lastScene {
		moved = int(min(s.dirtied-u.lastDirtied, 1<<31))
	}
	u.lastScene, u.lastDirtied = s, s.dirtied
	threshold, workers := u.Threshold, 2
	if threshold == 0 {
		threshold, workers = DefaultParallelThreshold, DefaultParallelWorkers
	}
	if threshold < 0 || moved < threshold || u.pool == nil || u.pool.Workers() < workers {
		u.stats = TransformStats{Moved: moved}
		return nil
	}
	err := u.updateParallel(s)
	u.stats.Moved = moved
	return err
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
			for _, c := range n.children {
				if c != nil { // a hole (holes.go); workers only read
					next = append(next, c)
				}
			}
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
		if c == nil {
			continue
		}
		v, cc := updateTree(c)
		visited += v
		computed += cc
	}
	return visited, computed
}
