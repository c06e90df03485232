package scenefile

import (
	"math/rand/v2"
	"testing"
)

// A jsonPath's text is the usual JSON path, whatever the steps.
func TestSceneJSONPaths(t *testing.T) {
	root := jsonRoot()
	cases := []struct {
		p    *jsonPath
		want string
	}{
		{nil, ""},
		{root, "$"},
		{root.dot("version"), "$.version"},
		{root.dotAt("nodes", 2).dotAt("children", 13).dotAt("components", 0).dot("Size").at(1), "$.nodes[2].children[13].components[0].Size[1]"},
		{root.dot("nodes").at(0), "$.nodes[0]"},
		{root.dot("Weights").dot(""), "$.Weights."},
		{root.dot("Weights").dot("").at(3), "$.Weights.[3]"},
	}
	for _, c := range cases {
		if got := c.p.String(); got != c.want {
			t.Errorf("path %q, want %q", got, c.want)
		}
	}
}

// pathMap is how node references were resolved before nodeIndex: a map from
// every id and every node's path, ids winning and the first node of a path
// in file order winning the others.
func pathMap(roots []*nodeDoc) map[string]*nodeDoc {
	m := map[string]*nodeDoc{}
	var add func(d *nodeDoc, parentPath string)
	add = func(d *nodeDoc, parentPath string) {
		path := d.name
		if parentPath != "" {
			path = parentPath + "/" + d.name
		}
		if d.id != "" {
			m[d.id] = d
		}
		if _, taken := m[path]; !taken {
			m[path] = d
		}
		for _, ch := range d.children {
			add(ch, path)
		}
	}
	for _, d := range roots {
		add(d, "")
	}
	return m
}

// References by id or path find the node a map of every id and path would:
// with names holding "/", empty names, paths shared by several nodes, and
// ids that are other nodes' paths.
func TestNodeRefsByPathMatchPathMap(t *testing.T) {
	names := []string{"", "a", "b", "a/b", "b/", "/a", "/", "a//b"}
	rng := rand.New(rand.NewPCG(1, 12))
	for trial := range 300 {
		nextID := 0
		var tree func(depth int) []*nodeDoc
		tree = func(depth int) []*nodeDoc {
			var ns []*nodeDoc
			for range rng.IntN(4) {
				d := &nodeDoc{name: names[rng.IntN(len(names))]}
				if rng.IntN(5) == 0 {
					d.id = names[1+rng.IntN(len(names)-1)] + "#" // sometimes a path too
					if rng.IntN(2) == 0 {
						d.id = names[1+rng.IntN(len(names)-1)]
					}
					d.id += string(rune('0' + nextID%10))
					nextID++
					if rng.IntN(3) == 0 {
						d.id = "a" // duplicates below are dropped
					}
				}
				if depth < 4 {
					d.children = tree(depth + 1)
				}
				ns = append(ns, d)
			}
			return ns
		}
		roots := tree(0)
		// Ids are unique in a parsed file.
		seen := map[string]bool{}
		for _, d := range allNodes(roots) {
			if seen[d.id] {
				d.id = ""
			}
			if d.id != "" {
				seen[d.id] = true
			}
		}
		want := pathMap(roots)
		ix := newNodeIndex(roots)
		refs := []string{"x", "a/", "//", "a/b/a/b", "b//a"}
		for k := range want {
			refs = append(refs, k, k+"/a", k+"/", "a/"+k)
		}
		for _, ref := range refs {
			if ref == "" {
				continue // refused before any lookup
			}
			if got := ix.lookup(ref); got != want[ref] {
				t.Fatalf("trial %d: lookup(%q) = %p (%+v), want %p (%+v)", trial, ref, got, got, want[ref], want[ref])
			}
		}
	}
}
