package scenefile

import "strconv"

// jsonPath is the JSON path of a value in a scene file, kept as a chain of
// steps back to the root so that the paths of a deep file share their
// prefixes: a step costs one small allocation whatever its depth, and the
// text ("$.nodes[0].children[3].components[1].Size[0]") is made only by
// String, when an error needs it. A jsonPath is never changed once made.
type jsonPath struct {
	parent *jsonPath
	// key is the step's ".key"; for the root (parent nil), the root's whole
	// text ("$").
	key string
	// index, if not negative, is the step's "[index]", after ".key" if key
	// is not empty. A negative index makes the step ".key" even when key is
	// empty (a map's "" key).
	index int
}

// jsonRoot returns the path of a file's top-level value, "$".
func jsonRoot() *jsonPath { return &jsonPath{key: "$", index: -1} }

// dot returns the path of p's member k: p + "." + k.
func (p *jsonPath) dot(k string) *jsonPath { return &jsonPath{parent: p, key: k, index: -1} }

// at returns the path of p's element i: p + "[i]".
func (p *jsonPath) at(i int) *jsonPath { return &jsonPath{parent: p, index: i} }

// dotAt returns the path of element i of p's member k, in one step:
// p + "." + k + "[i]". k must not be empty.
func (p *jsonPath) dotAt(k string, i int) *jsonPath { return &jsonPath{parent: p, key: k, index: i} }

// String returns the path's text, as in "$.nodes[2].components[0].Color";
// the nil path is "".
func (p *jsonPath) String() string {
	if p == nil {
		return ""
	}
	var steps []*jsonPath
	for s := p; s != nil; s = s.parent {
		steps = append(steps, s)
	}
	var b []byte
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		switch {
		case s.parent == nil:
			b = append(b, s.key...)
		case s.index < 0:
			b = append(append(b, '.'), s.key...)
		default:
			if s.key != "" {
				b = append(append(b, '.'), s.key...)
			}
			b = append(strconv.AppendInt(append(b, '['), int64(s.index), 10), ']')
		}
	}
	return string(b)
}

// nodeIndex finds a file's node documents by what a reference field may
// name: an id, or a path of names from the file's top level joined by "/"
// ("Hero/Gun"). It holds an entry per node and no path text, so its memory
// is linear in the number of nodes whatever their depth.
//
// Its answers are those of a map from every id and every node's path to the
// node, where ids win over paths and, of the nodes sharing a path, the first
// in file order (depth first, parents before children) wins. A node's path
// is its name if its parent's path is empty (at the top level, or under
// nodes named ""), else its parent's path, "/" and its name.
type nodeIndex struct {
	ids map[string]*nodeDoc
	// named lists, in file order, the nodes of each name under each parent;
	// nodes whose parent's path is empty are under the nil parent.
	named map[nodeKey][]*nodeDoc
	seq   map[*nodeDoc]int // each node's place in file order
}

type nodeKey struct {
	parent *nodeDoc
	name   string
}

// newNodeIndex indexes the nodes of a file with top-level nodes roots.
func newNodeIndex(roots []*nodeDoc) *nodeIndex {
	ix := &nodeIndex{ids: map[string]*nodeDoc{}, named: map[nodeKey][]*nodeDoc{}, seq: map[*nodeDoc]int{}}
	var add func(ns []*nodeDoc, parent *nodeDoc)
	add = func(ns []*nodeDoc, parent *nodeDoc) {
		for _, n := range ns {
			ix.seq[n] = len(ix.seq)
			if n.id != "" {
				ix.ids[n.id] = n
			}
			k := nodeKey{parent, n.name}
			ix.named[k] = append(ix.named[k], n)
			under := n
			if parent == nil && n.name == "" {
				under = nil // n's path is empty: its children's paths are their names
			}
			add(n.children, under)
		}
	}
	add(roots, nil)
	return ix
}

// lookup returns the node with id ref, or else the first node in file order
// whose path is ref; nil if none.
func (ix *nodeIndex) lookup(ref string) *nodeDoc {
	if n := ix.ids[ref]; n != nil {
		return n
	}
	if ref == "" {
		return nil // the empty path names no node but the file's root
	}
	return ix.find(nil, ref, 0)
}

// find returns the first node in file order whose path is ref, among those
// under parent whose path is ref[:start] (less a trailing "/" if start is
// not 0); nil if none. A name may hold "/", so each "/" in the rest of ref
// may end the next name.
func (ix *nodeIndex) find(parent *nodeDoc, ref string, start int) *nodeDoc {
	var best *nodeDoc
	for end := start; end <= len(ref); end++ {
		if end < len(ref) && ref[end] != '/' {
			continue
		}
		name := ref[start:end]
		if parent == nil && name == "" {
			continue // an empty path: its children are under nil already
		}
		for _, n := range ix.named[nodeKey{parent, name}] {
			if best != nil && ix.seq[n] > ix.seq[best] {
				break // n's subtree, and the later ones', come after best
			}
			m := n
			if end < len(ref) {
				m = ix.find(n, ref, end+1)
			}
			if m != nil {
				best = m
				break // the first of the list with a match beats the rest
			}
		}
	}
	return best
}
