package ui

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// benchPaste pastes n bytes of text into an empty focused field per op.
func benchPaste(b *testing.B, n int) {
	w, ti := fieldWorld(b)
	w.sink.keep = false
	ti.Focus()
	paste := strings.Repeat("paste me ", n/9+1)[:n]
	b.SetBytes(int64(n))
	b.ResetTimer()
	for b.Loop() {
		ti.SetText("")
		w.sys.TextInput(paste)
		w.tick()
	}
	if len(ti.Text()) != n {
		b.Fatalf("text is %d bytes, want %d", len(ti.Text()), n)
	}
}

// BenchmarkTextInputPaste10K pastes 10 KB into a field.
func BenchmarkTextInputPaste10K(b *testing.B) { benchPaste(b, 10_000) }

// BenchmarkTextInputPaste100K pastes 100 KB into a field.
func BenchmarkTextInputPaste100K(b *testing.B) { benchPaste(b, 100_000) }

// benchRects adds n nodes with a Rect under one parent and removes them
// again (by destroying the parent), per op.
func benchRects(b *testing.B, n int) {
	w := newWorld(b, 400, 300)
	w.sink.keep = false
	b.ResetTimer()
	for b.Loop() {
		parent := scenegraph.NewNode("Parent")
		for range n {
			c := scenegraph.NewNode("R")
			scenegraph.AddComponent(c, NewRect(10, 10))
			parent.AddChild(c)
		}
		w.s.AddChild(parent)
		if len(w.sys.rects) != n {
			b.Fatalf("%d rects registered, want %d", len(w.sys.rects), n)
		}
		parent.SetActive(false)
		if len(w.sys.rects) != 0 {
			b.Fatalf("%d rects left registered", len(w.sys.rects))
		}
		parent.Destroy()
		w.tick()
	}
}

// BenchmarkRects10K adds and removes 10,000 Rects.
func BenchmarkRects10K(b *testing.B) { benchRects(b, 10_000) }

// BenchmarkRects100K adds and removes 100,000 Rects.
func BenchmarkRects100K(b *testing.B) { benchRects(b, 100_000) }
