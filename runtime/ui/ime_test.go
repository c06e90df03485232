package ui

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// underlineQuad returns the composition's underline in the last frame, if
// drawn: the one untextured quad 1 unit high.
func underlineQuad(w *world) (drawnQuad, bool) {
	for _, q := range w.sink.quads() {
		if q.texture == 0 && near(q.y1-q.y0, 1) {
			return q, true
		}
	}
	return drawnQuad{}, false
}

// wantCaretRect is the screen rectangle of a caret drawn at field-local
// pen position x in fieldWorld's field (world x 100..300, y 135..165 on a
// 300-pixel-high screen): 2 units wide, 1.2 × 16 high across the middle.
func wantCaretRect(x float32) render.Rect {
	x0 := math.Floor(float64(106 + x))
	x1 := math.Ceil(float64(106 + x + 2))
	// World y 150 ± 9.6 is screen y 300-159.6 .. 300-140.4.
	return render.Rect{X: int(x0), Y: 140, W: int(x1 - x0), H: 20}
}

// A Chinese pinyin composition: each step shows the pinyin underlined at
// the caret, with the caret at its end, and changes neither Value, nor the
// caret, nor emits Changed; the candidate window's rectangle follows the
// caret; the commit inserts 你好 as one edit.
func TestTextInputPinyinComposition(t *testing.T) {
	w, ti := fieldWorld(t)
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	changes := 0
	ti.Changed.On(func(*TextInput) { changes++ })
	w.click(200, 150)
	ti.SetText("Hi ")
	w.tick()
	if _, ok := underlineQuad(w); ok {
		t.Fatal("an underline without a composition")
	}
	if r, ok := w.sys.TextInputRect(); !ok || r != wantCaretRect(ti.caretWidth("Hi ")) {
		t.Fatalf("candidate rect %+v (%v), want %+v", r, ok, wantCaretRect(ti.caretWidth("Hi ")))
	}
	for _, step := range []string{"n", "ni", "nih", "nihao"} {
		if !w.sys.TextEditing(step, len(step), 0) {
			t.Fatal("TextEditing found no focus")
		}
		w.tick()
		if ti.Value != "Hi " || ti.Caret() != 3 || changes != 0 || ti.Composition() != step || !w.sys.Composing() {
			t.Fatalf("%q: Value %q caret %d changes %d composition %q", step, ti.Value, ti.Caret(), changes, ti.Composition())
		}
		if lbl.Text != "Hi "+step {
			t.Fatalf("%q: label %q", step, lbl.Text)
		}
		end := textWidth("Hi " + step)
		if q, ok := caretQuad(w); !ok || !near(q.x0, 106+end) {
			t.Fatalf("%q: caret at %v (drawn %v), want %v", step, q.x0, ok, 106+end)
		}
		u, ok := underlineQuad(w)
		if !ok || !near(u.x0, 106+ti.caretWidth("Hi ")) || !near(u.x1, 106+end) || !near(u.y0, 141.5) || u.color != ti.TextColor {
			t.Fatalf("%q: underline %+v (drawn %v), want x %v..%v at y 141.5..142.5", step, boxOf(u), ok,
				106+ti.caretWidth("Hi "), 106+end)
		}
		if r, ok := w.sys.TextInputRect(); !ok || r != wantCaretRect(end) {
			t.Fatalf("%q: candidate rect %+v, want %+v", step, r, wantCaretRect(end))
		}
	}
	// The input method moves its cursor inside the composition.
	w.sys.TextEditing("nihao", 2, 0)
	w.tick()
	if q, _ := caretQuad(w); !near(q.x0, 106+textWidth("Hi ni")) || ti.Caret() != 3 {
		t.Fatalf("caret at %v, want %v", q.x0, 106+textWidth("Hi ni"))
	}
	if r, _ := w.sys.TextInputRect(); r != wantCaretRect(textWidth("Hi ni")) {
		t.Fatalf("candidate rect %+v, want %+v", r, wantCaretRect(textWidth("Hi ni")))
	}
	// The field moves: the candidate window goes with it.
	ti.Node().SetPosition(ti.Node().Position().Add(mgl32.Vec3{20, -10, 0}))
	w.tick()
	want := wantCaretRect(textWidth("Hi ni"))
	want.X, want.Y = want.X+20, want.Y+10
	if r, _ := w.sys.TextInputRect(); r != want {
		t.Fatalf("moved: candidate rect %+v, want %+v", r, want)
	}
	// Commit, as SDL reports it: the composition ends, then the text.
	w.sys.TextEditing("", 0, 0)
	w.sys.TextInput("你好")
	w.tick()
	if ti.Value != "Hi 你好" || ti.Caret() != len("Hi 你好") || changes != 1 || ti.Composition() != "" || w.sys.Composing() {
		t.Fatalf("committed: Value %q caret %d changes %d composition %q", ti.Value, ti.Caret(), changes, ti.Composition())
	}
	if _, ok := underlineQuad(w); ok {
		t.Fatal("the underline outlived the composition")
	}
	// Some systems send the commit before the composition's end: still
	// one edit.
	w.sys.TextEditing("ma", 2, 0)
	w.sys.TextInput("吗")
	w.sys.TextEditing("", 0, 0)
	w.tick()
	if ti.Value != "Hi 你好吗" || changes != 2 || ti.Composition() != "" {
		t.Fatalf("commit first: Value %q changes %d composition %q", ti.Value, changes, ti.Composition())
	}
}

// Escape drops a composition and keeps focus; the editing keys belong to
// the input method while it composes; a blur or disabling drops it; an
// unfocused field shows none; a commit respects MaxLength.
func TestTextInputCompositionCancel(t *testing.T) {
	w, ti := fieldWorld(t)
	changes := 0
	ti.Changed.On(func(*TextInput) { changes++ })
	if w.sys.TextEditing("ni", 2, 0) || ti.Composition() != "" {
		t.Fatal("a composition reached an unfocused field")
	}
	ti.Focus()
	ti.SetText("ab")
	w.sys.TextEditing("ni", 2, 0)
	for _, k := range []Key{KeyBackspace, KeyLeft, KeyHome, KeyDelete, KeyEnter} {
		w.sys.KeyDown(k)
	}
	if ti.Value != "ab" || ti.Caret() != 2 || ti.Composition() != "ni" || changes != 0 {
		t.Fatalf("keys while composing: Value %q caret %d composition %q changes %d", ti.Value, ti.Caret(), ti.Composition(), changes)
	}
	w.sys.KeyDown(KeyEscape)
	w.tick()
	if ti.Composition() != "" || !ti.Focused() || ti.Value != "ab" || changes != 0 {
		t.Fatalf("Escape: composition %q focused %v Value %q", ti.Composition(), ti.Focused(), ti.Value)
	}
	if _, ok := underlineQuad(w); ok {
		t.Fatal("underline drawn after Escape")
	}
	// With the composition gone, Backspace edits again.
	w.sys.KeyDown(KeyBackspace)
	if ti.Value != "a" || changes != 1 {
		t.Fatalf("Backspace after the composition: %q", ti.Value)
	}
	// The input method cancels: "".
	w.sys.TextEditing("hao", 1, 0)
	w.sys.TextEditing("", 0, 0)
	if ti.Composition() != "" {
		t.Fatal("an empty composition did not end it")
	}
	// Blur drops it, and it does not come back with focus.
	w.sys.TextEditing("hao", 3, 0)
	w.sys.SetFocus(nil)
	if ti.Composition() != "" || w.sys.Composing() {
		t.Fatal("blur kept the composition")
	}
	if _, ok := w.sys.TextInputRect(); ok {
		t.Fatal("a candidate rect without focus")
	}
	ti.Focus()
	w.tick()
	if ti.Composition() != "" {
		t.Fatal("the composition came back")
	}
	if _, ok := underlineQuad(w); ok {
		t.Fatal("underline drawn after a blur")
	}
	w.sys.TextEditing("hao", 3, 0)
	ti.SetEnabled(false)
	if ti.Composition() != "" {
		t.Fatal("disabling kept the composition")
	}
	ti.SetEnabled(true)
	ti.Focus()
	ti.MaxLength = 3
	w.sys.TextEditing("nihao", 5, 0) // shown whole: it is not text yet
	w.tick()
	if lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text")); lbl.Text != "anihao" {
		t.Fatalf("label %q while composing past MaxLength", lbl.Text)
	}
	w.sys.TextInput("你好吗")
	if ti.Value != "a你好" || changes != 2 {
		t.Fatalf("commit past MaxLength: %q, %d changes", ti.Value, changes)
	}
}

// A composition in a long text scrolls the view like typed text: the
// caret stays inside the field, and the underline within the text shown.
func TestTextInputCompositionScrolls(t *testing.T) {
	w, ti := fieldWorld(t)
	ti.Focus()
	ti.SetText(strings.Repeat("long text ", 6))
	w.tick()
	w.sys.TextEditing("zhongwen", 8, 0)
	w.tick()
	q, ok := caretQuad(w)
	if !ok || q.x1 > 300-6+2 || q.x0 < 100 {
		t.Fatalf("caret at %+v, want inside the field", boxOf(q))
	}
	u, ok := underlineQuad(w)
	if !ok || !near(u.x1, q.x0) || u.x0 < 106 || u.x1-u.x0 < textWidth("zhongwen")-0.01 {
		t.Fatalf("underline %+v, caret at %v", boxOf(u), q.x0)
	}
	if ti.viewStart > ti.Caret() {
		t.Fatalf("view start %d past the caret %d", ti.viewStart, ti.Caret())
	}
}

// A frame showing a composition, its caret blinking, allocates nothing,
// and neither does reading the candidate rectangle.
func TestTextInputCompositionAllocatesNothing(t *testing.T) {
	w, ti := fieldWorld(t)
	w.sink.keep = false
	ti.CaretBlink = DefaultCaretBlink
	ti.Focus()
	ti.SetText("Hi ")
	w.sys.TextEditing("nihao", 5, 0)
	for range 40 {
		w.tick()
	}
	if allocs := testing.AllocsPerRun(200, func() {
		w.tick()
		w.sys.TextInputRect()
	}); allocs != 0 {
		t.Fatalf("a composing frame allocates %v times", allocs)
	}
}

// Any composition, cursor and selection leave Value alone and keep the
// caret inside the text shown.
func FuzzTextInputEditing(f *testing.F) {
	f.Add("nihao", 5, 0, "Hi ")
	f.Add("中文", -1, 9, "")
	f.Add("a\x00\xffb", 99, -3, "x\ty")
	f.Fuzz(func(t *testing.T, comp string, start, length int, value string) {
		w, ti := fieldWorld(t)
		ti.Focus()
		ti.SetText(value)
		before, caret := ti.Value, ti.Caret()
		w.sys.TextEditing(comp, start, length)
		w.tick()
		if ti.Value != before || ti.Caret() != caret {
			t.Fatalf("Value %q caret %d, was %q %d", ti.Value, ti.Caret(), before, caret)
		}
		c := ti.Composition()
		if ti.ime.cursor < 0 || ti.ime.cursor > len(c) || strings.ContainsAny(c, "\x00\t") {
			t.Fatalf("composition %q cursor %d", c, ti.ime.cursor)
		}
	})
}

// A field creates its "Underline" node only for its first composition,
// so scenes that never compose keep their nodes, and takes over one that
// a saved scene holds instead of adding another.
func TestTextInputUnderlineNode(t *testing.T) {
	w, ti := fieldWorld(t)
	if n := len(ti.Node().Children()); n != 2 {
		t.Fatalf("%d children before any composition, want Text and Caret", n)
	}
	ti.Focus()
	w.sys.TextEditing("ni", 2, 0)
	w.sys.TextEditing("", 0, 0)
	w.sys.TextEditing("nihao", 5, 0)
	if n := len(ti.Node().Children()); n != 3 || ti.Node().ChildByName("Underline") == nil {
		t.Fatalf("%d children after compositions, want one Underline added", n)
	}

	n, _ := w.add(nil, "Saved", 200, 60, 200, 30)
	saved := scenegraph.NewNode("Underline")
	n.AddChild(saved)
	spr := scenegraph.AddComponent(saved, scenegraph.NewSprite(0, 0, 1))
	ti2 := scenegraph.AddComponent(n, NewTextInput("", 16))
	w.tick()
	ti2.Focus()
	w.sys.TextEditing("hao", 3, 0)
	w.tick()
	if len(n.Children()) != 3 || ti2.ime.underline != spr || !spr.Enabled() {
		t.Fatalf("%d children, saved underline used %v, shown %v", len(n.Children()), ti2.ime.underline == spr, spr.Enabled())
	}
}

// BenchmarkTextInputCompose is one composition change in a long field's
// text (a 2,000-rune Value, the caret in the middle) and its redraw.
func BenchmarkTextInputCompose(b *testing.B) {
	w, ti := fieldWorld(b)
	w.sink.keep = false
	ti.Focus()
	ti.SetText(strings.Repeat("long text ", 200))
	for range 1000 {
		w.sys.KeyDown(KeyLeft)
	}
	steps := []string{"n", "ni", "nih", "niha", "nihao"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		s := steps[i%len(steps)]
		w.sys.TextEditing(s, len(s), 0)
		w.sys.Arrange()
	}
}
