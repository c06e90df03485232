package ui

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

var caretColor = render.RGBA(255, 0, 255, 255)

// fieldWorld returns a 200×30 field at world x 100..300, y 135..165.
func fieldWorld(t *testing.T) (*world, *TextInput) {
	w := newWorld(t, 400, 300)
	n, _ := w.add(nil, "Field", 200, 150, 200, 30)
	scenegraph.AddComponent(n, NewNineSlice(0, 0, 0, Insets{}))
	ti := scenegraph.AddComponent(n, NewTextInput("Name", 16))
	ti.CaretColor = caretColor
	ti.CaretBlink = 0
	w.tick()
	return w, ti
}

// caretQuad returns the caret's quad in the last frame, if drawn.
func caretQuad(w *world) (drawnQuad, bool) {
	for _, q := range w.sink.quads() {
		if q.color == caretColor {
			return q, true
		}
	}
	return drawnQuad{}, false
}

func textWidth(s string) float32 {
	l := text.NewLabel(s, 16, render.White)
	return l.Size()[0]
}

func TestTextInputFocusTypingAndCaret(t *testing.T) {
	w, ti := fieldWorld(t)
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	if lbl == nil || lbl.Text != "Name" || lbl.Color != ti.PlaceholderColor {
		t.Fatalf("placeholder not shown: %+v", lbl)
	}
	if _, ok := caretQuad(w); ok || ti.Focused() {
		t.Fatal("caret drawn before focus")
	}
	if w.sys.TextInput("x") || ti.Text() != "" {
		t.Fatal("text reached an unfocused field")
	}
	changes := 0
	ti.Changed.On(func(*TextInput) { changes++ })
	w.click(200, 150)
	if !ti.Focused() || w.sys.Focused() != ti.Node() {
		t.Fatal("a click did not focus the field")
	}
	w.tick()
	q, ok := caretQuad(w)
	if !ok || !near(q.x0, 106) || q.y0 > 150 || q.y1 < 150 {
		t.Fatalf("caret %+v (drawn %v), want at x 106 across the middle", boxOf(q), ok)
	}
	w.sys.TextInput("abc")
	w.tick()
	if ti.Text() != "abc" || lbl.Text != "abc" || lbl.Color != ti.TextColor || changes != 1 {
		t.Fatalf("text %q label %q changes %d", ti.Text(), lbl.Text, changes)
	}
	if q, _ := caretQuad(w); !near(q.x0, 106+textWidth("abc")) {
		t.Fatalf("caret at %v, want %v", q.x0, 106+textWidth("abc"))
	}
	// The text's glyphs are drawn between the paddings, before the caret.
	glyphs := 0
	for _, g := range w.sink.quads() {
		if g.color == ti.TextColor && g.texture != 0 {
			glyphs++
			if g.x0 < 105 || g.x1 > 106+textWidth("abc")+1 {
				t.Fatalf("glyph at %+v", boxOf(g))
			}
		}
	}
	if glyphs != 3 {
		t.Fatalf("%d glyphs drawn", glyphs)
	}
	// A trailing space moves the caret although the label's box ignores it.
	w.sys.TextInput(" ")
	w.tick()
	if q, _ := caretQuad(w); !(q.x0 > 106+textWidth("abc")+2) {
		t.Fatalf("caret at %v after a space", q.x0)
	}
	// Editing keys.
	w.sys.KeyDown(KeyBackspace)
	w.sys.KeyDown(KeyLeft)
	w.sys.TextInput("X")
	if ti.Text() != "abXc" || ti.Caret() != 3 {
		t.Fatalf("text %q caret %d", ti.Text(), ti.Caret())
	}
	w.sys.KeyDown(KeyHome)
	w.sys.KeyDown(KeyDelete)
	w.sys.KeyDown(KeyEnd)
	w.sys.TextInput("é\x01\n") // control characters are dropped
	if ti.Text() != "bXcé" || ti.Caret() != len("bXcé") {
		t.Fatalf("text %q caret %d", ti.Text(), ti.Caret())
	}
	w.sys.KeyDown(KeyBackspace) // removes the whole rune
	if ti.Text() != "bXc" || changes != 7 {
		t.Fatalf("text %q, %d changes", ti.Text(), changes)
	}
	// Enter submits and keeps focus; Escape blurs.
	var submitted []string
	ti.Submitted.On(func(x *TextInput) { submitted = append(submitted, x.Text()) })
	w.sys.KeyDown(KeyEnter)
	if len(submitted) != 1 || submitted[0] != "bXc" || !ti.Focused() {
		t.Fatalf("submitted %v, focused %v", submitted, ti.Focused())
	}
	w.sys.KeyDown(KeyEscape)
	w.tick()
	if ti.Focused() {
		t.Fatal("Escape did not blur")
	}
	if _, ok := caretQuad(w); ok {
		t.Fatal("caret drawn after blur")
	}
	// A press elsewhere blurs too.
	w.click(200, 150)
	w.click(50, 50)
	if ti.Focused() {
		t.Fatal("a press elsewhere did not blur")
	}
}

func TestTextInputLimitsAndScrolls(t *testing.T) {
	w, ti := fieldWorld(t)
	ti.MaxLength = 5
	w.click(200, 150)
	w.sys.TextInput("123456789")
	w.sys.TextInput("0")
	if ti.Text() != "12345" {
		t.Fatalf("text %q, want 5 runes", ti.Text())
	}
	ti.MaxLength = 0
	long := strings.Repeat("W", 40)
	ti.SetText(long)
	w.tick()
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	if !strings.HasSuffix(long, lbl.Text) || len(lbl.Text) == len(long) || textWidth(lbl.Text) > 188 {
		t.Fatalf("shown %q (width %v) of a %d-rune text", lbl.Text, textWidth(lbl.Text), len(long))
	}
	q, ok := caretQuad(w)
	if !ok || q.x0 > 294 || q.x0 < 106 {
		t.Fatalf("caret at %+v, out of the field", boxOf(q))
	}
	w.sys.KeyDown(KeyHome)
	w.tick()
	if !strings.HasPrefix(long, lbl.Text) || textWidth(lbl.Text) > 188 {
		t.Fatalf("after Home shown %q", lbl.Text)
	}
	if q, _ := caretQuad(w); !near(q.x0, 106) {
		t.Fatalf("caret at %v after Home", q.x0)
	}
}

func TestTextInputCaretBlinks(t *testing.T) {
	w, ti := fieldWorld(t)
	ti.CaretBlink = 0.5
	w.click(200, 150)
	shown := func() bool { _, ok := caretQuad(w); return ok }
	w.d.Tick(0.3)
	if !shown() {
		t.Fatal("caret hidden 0.3 s after focus")
	}
	w.d.Tick(0.3)
	if shown() {
		t.Fatal("caret shown 0.6 s after focus")
	}
	w.sys.TextInput("a") // typing shows it at once
	w.d.Tick(0.1)
	if !shown() {
		t.Fatal("caret hidden right after typing")
	}
}
