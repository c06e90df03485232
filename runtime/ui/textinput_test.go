package ui

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

var caretColor = render.RGBA(255, 0, 255, 255)

// fieldWorld returns a 200×30 field at world x 100..300, y 135..165.
func fieldWorld(t testing.TB) (*world, *TextInput) {
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

// A long paste measures text in proportion to what the field shows, not to
// the square of the text: before, the view's start crept right one rune at
// a time, measuring the whole text before the caret at each step (a 100 KB
// paste ran for minutes).
func TestTextInputLongPasteMeasuresLinearly(t *testing.T) {
	w, ti := fieldWorld(t)
	w.click(200, 150)
	paste := strings.Repeat("pasted text, ", 100_000/13+1)[:100_000]
	ti.measured = 0
	w.sys.TextInput(paste)
	w.tick()
	if ti.Text() != paste || ti.Caret() != len(paste) {
		t.Fatalf("text of %d bytes, caret %d", len(ti.Text()), ti.Caret())
	}
	if ti.measured > len(paste) {
		t.Fatalf("pasting %d bytes measured %d bytes of text", len(paste), ti.measured)
	}
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	if !strings.HasSuffix(paste, lbl.Text) || lbl.Text == "" || textWidth(lbl.Text) > 188 {
		t.Fatalf("shown %q (width %v)", lbl.Text, textWidth(lbl.Text))
	}
	if q, ok := caretQuad(w); !ok || q.x0 > 294 || q.x0 < 106 {
		t.Fatalf("caret at %+v (drawn %v), out of the field", boxOf(q), ok)
	}
	ti.measured = 0
	w.sys.KeyDown(KeyHome)
	w.tick()
	if !strings.HasPrefix(paste, lbl.Text) || lbl.Text == "" || textWidth(lbl.Text) > 188 || ti.measured > 10_000 {
		t.Fatalf("after Home shown %q, measured %d bytes", lbl.Text, ti.measured)
	}
	ti.measured = 0
	w.sys.KeyDown(KeyDelete)
	w.sys.KeyDown(KeyEnd)
	w.sys.KeyDown(KeyBackspace)
	w.tick()
	if ti.Text() != paste[1:len(paste)-1] || ti.measured > 20_000 {
		t.Fatalf("after two deletions %d bytes, measured %d bytes", len(ti.Text()), ti.measured)
	}
}

// refWindow is the view the field showed before the view's search was made
// to gallop: the smallest start at or after the last one from which the
// caret fits, and the most runes after the caret that fit whole.
func refWindow(ti *TextInput, start int, avail float32) (string, int) {
	s, caret := ti.Value, ti.caret
	start = min(start, caret)
	if textWidth16(ti, s) <= avail {
		return s, 0
	}
	for start < caret && ti.caretWidth(s[start:caret]) > avail {
		_, w := utf8.DecodeRuneInString(s[start:])
		start += w
	}
	end := caret
	for end < len(s) {
		_, w := utf8.DecodeRuneInString(s[end:])
		if textWidth16(ti, s[start:end+w]) > avail {
			break
		}
		end += w
	}
	return s[start:end], start
}

func textWidth16(ti *TextInput, s string) float32 { return ti.width(s) }

// The galloping search shows what the rune-by-rune one showed, through
// typing, caret moves and deletions in a text with wide, narrow and
// multi-byte runes.
func TestTextInputWindowMatchesReference(t *testing.T) {
	w, ti := fieldWorld(t)
	w.click(200, 150)
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"W", "i", " ", "é", "日本", "mm", "  ", "ﬁ", "AV", "x"}
	keys := []Key{KeyLeft, KeyRight, KeyHome, KeyEnd, KeyBackspace, KeyDelete}
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	for step := range 600 {
		start := ti.viewStart
		if rng.IntN(3) == 0 {
			w.sys.KeyDown(keys[rng.IntN(len(keys))])
		} else {
			w.sys.TextInput(pieces[rng.IntN(len(pieces))])
		}
		if ti.Value == "" {
			continue
		}
		// The reference from the view's start before this edit.
		ti2 := *ti
		want, _ := refWindow(&ti2, start, 188)
		if lbl.Text != want {
			t.Fatalf("step %d: text %q caret %d: shown %q, want %q", step, ti.Value, ti.caret, lbl.Text, want)
		}
	}
}

// Value is the saved state: set directly, it is shown with the caret kept
// on a rune boundary inside it; loaded, it is cleaned as SetText cleans.
func TestTextInputValueSetDirectly(t *testing.T) {
	w, ti := fieldWorld(t)
	w.click(200, 150)
	w.sys.TextInput("héllo wörld")
	ti.Value = "hé" // the caret was at byte 13; byte 2 is inside é
	w.tick()
	lbl := scenegraph.GetComponent[*text.Label](ti.Node().ChildByName("Text"))
	if lbl.Text != "hé" || ti.Caret() != len("hé") {
		t.Fatalf("shown %q, caret %d", lbl.Text, ti.Caret())
	}
	ti.Value = "h\u00e9"
	ti.caret = 2 // inside é: typing must not split it
	w.sys.TextInput("x")
	if ti.Text() != "hx\u00e9" || !utf8.ValidString(ti.Text()) {
		t.Fatalf("text %q", ti.Text())
	}

	// A field whose Value comes from a file cleans it when it loads.
	n, _ := w.add(nil, "Loaded", 200, 50, 200, 30)
	loaded := NewTextInput("", 16)
	loaded.MaxLength = 4
	loaded.Value = "ab\x01cdef"
	scenegraph.AddComponent(n, loaded)
	if loaded.Text() != "abcd" || loaded.Caret() != 4 {
		t.Fatalf("loaded text %q caret %d", loaded.Text(), loaded.Caret())
	}
}
