package inspector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/tact-engine/tact/scenegraph"
)

// Event is one message of the watch stream (GET /watch), sent as a
// Server-Sent Event whose event name is Name and whose data is Data:
//
//   - "tree": a TreeDiff, the first one Full
//   - "node": the watched node's NodeDetail, whenever it changes
//     (null once it is destroyed)
//   - "state": the State, whenever paused, time scale or scene change
//   - "log": a []LogEntry of new reports
type Event struct {
	Name string
	Data json.RawMessage
}

// TreeDiff is a change of the node tree: the nodes added or changed (name,
// parent, order, active state, component types) and the ids removed. A
// Full diff lists every node: start over from it.
type TreeDiff struct {
	Full    bool          `json:"full"`
	Upsert  []NodeSummary `json:"upsert"`
	Removed []uint64      `json:"removed"`
}

// watcher is one /watch stream.
type watcher struct {
	tree, log bool
	node      uint64
	ch        chan Event
	done      chan struct{}
	once      sync.Once

	// Main-thread state.
	started  bool
	prev     map[uint64]treeEntry
	prevList []idEntry // the last tree in order: the fast path of a diff
	resync   bool
	prevNode []byte
	prevSt   State
	logSeq   uint64
}

func (w *watcher) stop() { w.once.Do(func() { close(w.done) }) }

// send hands ev to the stream without blocking the main thread; a stream
// that falls behind drops events and gets a full tree next.
func (w *watcher) send(ev Event) bool {
	select {
	case w.ch <- ev:
		return true
	default:
		w.resync = true
		return false
	}
}

// treeEntry is what the tree watch compares per node, allocation-free
// after the first sight.
type treeEntry struct {
	parent uint64
	index  int
	name   string
	active bool
	inH    bool
	sig    uintptr // the component set: pointers and count
	gen    uint32
}

type idEntry struct {
	id uint64
	e  treeEntry
}

// treeState is the main thread's scratch for one watch update.
type treeState struct {
	gen  uint32
	cur  []curEntry
	last []curEntry // the walk before, whose ids cur reuses where nodes stayed in place
	seen map[uint64]struct{}
}

type curEntry struct {
	id uint64
	n  *scenegraph.Node
	e  treeEntry
}

func compSig(n *scenegraph.Node) uintptr {
	cs := n.Components()
	sig := uintptr(len(cs))
	for _, c := range cs {
		sig = sig*31 + uintptr(unsafe.Pointer(c.Base()))
	}
	return sig
}

// walkTree fills s.tree.cur with every node of the running scene, in
// pre-order. It passes parents' ids and sibling indices down rather than
// asking each node (SiblingIndex scans its siblings).
func (s *Server) walkTree() {
	s.tree.gen++
	s.tree.cur, s.tree.last = s.tree.last[:0], s.tree.cur
	if r := s.root(); r != nil {
		s.walkNode(r, 0, 0)
	}
}

func (s *Server) walkNode(n *scenegraph.Node, parent uint64, index int) {
	var id uint64
	if k := len(s.tree.cur); k < len(s.tree.last) && s.tree.last[k].n == n {
		id = s.tree.last[k].id // the map lookup is most of a walk's cost
	} else {
		id = s.idOf(n)
	}
	s.tree.cur = append(s.tree.cur, curEntry{id: id, n: n, e: treeEntry{parent: parent, index: index,
		name: n.Name(), active: n.Active(), inH: n.ActiveInHierarchy(), sig: compSig(n), gen: s.tree.gen}})
	for i, c := range n.Children() {
		s.walkNode(c, id, i)
	}
}

// snapshotTree is tact.tree: every node of the running scene, in tree
// pre-order.
func (s *Server) snapshotTree() []NodeSummary {
	out := []NodeSummary{}
	if r := s.root(); r != nil {
		r.Walk(func(n *scenegraph.Node) bool {
			sum := s.summary(n)
			sum.Path = ""
			out = append(out, sum)
			return true
		})
	}
	return out
}

// feedWatchers runs on the main thread every WatchInterval while a watcher
// is connected: it walks the tree once, diffs it against each tree
// watcher's last view, and encodes the watched nodes.
func (s *Server) feedWatchers() {
	s.mu.Lock()
	ws := append([]*watcher(nil), s.watches...)
	s.mu.Unlock()
	walked := false
	st := s.state()
	for _, w := range ws {
		if !w.started || st.Paused != w.prevSt.Paused || st.TimeScale != w.prevSt.TimeScale || st.Scene != w.prevSt.Scene {
			if b, err := json.Marshal(st); err == nil && w.send(Event{"state", b}) {
				w.prevSt = st
			}
		}
		if w.tree {
			if !walked {
				s.walkTree()
				walked = true
			}
			s.diffTree(w)
		}
		if w.node != 0 {
			var b []byte
			if d, e := s.get(w.node); e == nil {
				b, _ = json.Marshal(d)
			} else {
				b = []byte("null")
			}
			if !bytes.Equal(b, w.prevNode) && w.send(Event{"node", b}) {
				w.prevNode = b
			}
		}
		if w.log && s.opts.Log != nil && s.opts.Log.Last() > w.logSeq {
			es := s.opts.Log.Since(w.logSeq)
			if b, err := json.Marshal(es); err == nil && len(es) > 0 && w.send(Event{"log", b}) {
				w.logSeq = es[len(es)-1].Seq
			}
		}
		w.started = true
	}
	if walked {
		s.prune()
	}
}

// diffTree sends w what changed in the tree since its last diff.
func (s *Server) diffTree(w *watcher) {
	full := w.prev == nil || w.resync
	if full {
		w.prev = make(map[uint64]treeEntry, len(s.tree.cur))
		w.prevList = w.prevList[:0]
	}
	var d TreeDiff
	d.Full = full
	for i := range s.tree.cur {
		c := &s.tree.cur[i]
		var old treeEntry
		var ok bool
		// Mostly the tree is the same, in the same order: compare with the
		// node at the same place, and look the map up only where it moved.
		if i < len(w.prevList) && w.prevList[i].id == c.id {
			old, ok = w.prevList[i].e, true
		} else {
			old, ok = w.prev[c.id]
		}
		if i < len(w.prevList) {
			w.prevList[i] = idEntry{c.id, c.e}
		} else {
			w.prevList = append(w.prevList, idEntry{c.id, c.e})
		}
		if ok && old.parent == c.e.parent && old.index == c.e.index && old.name == c.e.name &&
			old.active == c.e.active && old.inH == c.e.inH && old.sig == c.e.sig {
			continue
		}
		w.prev[c.id] = c.e
		sum := s.summary(c.n)
		sum.Path = ""
		sum.Parent, sum.Index = c.e.parent, c.e.index
		d.Upsert = append(d.Upsert, sum)
	}
	// Ids are unique: when prev holds no more entries than the tree has
	// nodes, none was removed, and the removal pass is skipped.
	if !full && len(w.prev) > len(s.tree.cur) {
		seen := s.tree.seen
		if seen == nil {
			seen = make(map[uint64]struct{}, len(s.tree.cur))
			s.tree.seen = seen
		}
		clear(seen)
		for i := range s.tree.cur {
			seen[s.tree.cur[i].id] = struct{}{}
		}
		for id := range w.prev {
			if _, ok := seen[id]; !ok {
				d.Removed = append(d.Removed, id)
				delete(w.prev, id)
			}
		}
	}
	w.prevList = w.prevList[:len(s.tree.cur)]
	if !full && len(d.Upsert) == 0 && len(d.Removed) == 0 {
		return
	}
	b, err := json.Marshal(d)
	if err != nil {
		return
	}
	w.resync = false
	if !w.send(Event{"tree", b}) {
		w.prev = nil // start over with a full tree
	}
}

// prune forgets the ids of nodes that left the tree and are no longer
// valid, after a full walk.
func (s *Server) prune() {
	if len(s.ids) <= len(s.tree.cur) {
		return
	}
	for id, n := range s.nodes {
		if !n.IsValid() {
			s.forget(id)
		}
	}
}

// serveWatch streams Events: ?tree=1 for the tree, ?node=ID for one node,
// ?log=1 for the log; state events always.
func (s *Server) serveWatch(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "inspector: streaming unsupported", http.StatusInternalServerError)
		return
	}
	q := r.URL.Query()
	wt := &watcher{tree: q.Get("tree") == "1", log: q.Get("log") == "1", ch: make(chan Event, 32), done: make(chan struct{})}
	if n := q.Get("node"); n != "" {
		id, err := strconv.ParseUint(n, 10, 64)
		if err != nil || id == 0 {
			http.Error(w, fmt.Sprintf("inspector: watch: node %q is not a node id", n), http.StatusBadRequest)
			return
		}
		wt.node = id
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, errStopped.Error(), http.StatusServiceUnavailable)
		return
	}
	s.watches = append(s.watches, wt)
	s.watchN.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		for i, x := range s.watches {
			if x == wt {
				s.watches = append(s.watches[:i], s.watches[i+1:]...)
				s.watchN.Add(-1)
				break
			}
		}
		s.mu.Unlock()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, ": tact inspector\n\n")
	fl.Flush()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case ev := <-wt.ch:
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.Name, strings.ReplaceAll(string(ev.Data), "\n", ""))
			fl.Flush()
		case <-keep.C:
			fmt.Fprint(w, ": keep-alive\n\n")
			fl.Flush()
		case <-wt.done:
			return
		case <-r.Context().Done():
			return
		}
	}
}
