package scenegraph

import (
	"testing"
	"unsafe"
)

// TestNodeLayout pins the Node layout extraction relies on (see Node): the
// fields every walked node reads on the first cache line, the world matrix
// alone on the second, the local transform and the parent on the third,
// and a size that keeps nodes in the allocator's 256-byte class, whose
// objects start on cache-line boundaries.
func TestNodeLayout(t *testing.T) {
	var n Node
	line := func(off uintptr) uintptr { return off / 64 }
	type field struct {
		name       string
		off, size  uintptr
		wantLine   uintptr
		wantAtLine bool // the field must start the line
	}
	fields := []field{
		{"children", unsafe.Offsetof(n.children), unsafe.Sizeof(n.children), 0, false},
		{"comps", unsafe.Offsetof(n.comps), unsafe.Sizeof(n.comps), 0, false},
		{"Layer", unsafe.Offsetof(n.Layer), unsafe.Sizeof(n.Layer), 0, false},
		{"activeInHierarchy", unsafe.Offsetof(n.activeInHierarchy), 1, 0, false},
		{"fade", unsafe.Offsetof(n.fade), 1, 0, false},
		{"identity", unsafe.Offsetof(n.identity), 1, 0, false},
		{"dirty", unsafe.Offsetof(n.dirty), 1, 0, false},
		{"world", unsafe.Offsetof(n.world), unsafe.Sizeof(n.world), 1, true},
		{"pos", unsafe.Offsetof(n.pos), unsafe.Sizeof(n.pos), 2, false},
		{"rot", unsafe.Offsetof(n.rot), unsafe.Sizeof(n.rot), 2, false},
		{"scale", unsafe.Offsetof(n.scale), unsafe.Sizeof(n.scale), 2, false},
		{"changed", unsafe.Offsetof(n.changed), unsafe.Sizeof(n.changed), 2, false},
		{"parent", unsafe.Offsetof(n.parent), unsafe.Sizeof(n.parent), 2, false},
		{"scene", unsafe.Offsetof(n.scene), unsafe.Sizeof(n.scene), 2, false},
	}
	for _, f := range fields {
		first, last := line(f.off), line(f.off+f.size-1)
		if first != f.wantLine || last != f.wantLine {
			t.Errorf("Node.%s at bytes %d..%d: cache lines %d..%d, want %d", f.name, f.off, f.off+f.size, first, last, f.wantLine)
		}
		if f.wantAtLine && f.off%64 != 0 {
			t.Errorf("Node.%s at byte %d: want it to start a cache line", f.name, f.off)
		}
	}
	if s := unsafe.Sizeof(n); s <= 192 || s > 256 {
		t.Errorf("Node is %d bytes, want 193..256 (the 256-byte size class; below it the layout must be revisited)", s)
	}
}
