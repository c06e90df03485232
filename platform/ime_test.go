package platform

import (
	"fmt"
	"slices"
	"testing"

	"github.com/veandco/go-sdl2/sdl"
)

func editingEvent(s string, start, length int32) *sdl.TextEditingEvent {
	e := ev(sdl.TextEditingEvent{Type: sdl.TEXTEDITING, Start: start, Length: length})
	copy(e.Text[:len(e.Text)-1], s)
	return e
}

// A composition arrives through TextEditing, in order with the TextInput of
// its commit, from SDL's own events and from injected ones alike.
func TestTextEditing(t *testing.T) {
	p := openPlatform(t, Options{})
	in := p.Input()
	onMain(func() {
		frame(in)
		var got []string
		in.TextEditing.On(func(e TextEditingEvent) { got = append(got, fmt.Sprintf("edit %q %d %d", e.Text, e.Start, e.Length)) })
		in.TextInput.On(func(s string) { got = append(got, "text "+s) })
		push(t, editingEvent("n", 1, 0))
		push(t, editingEvent("ni", 2, 0))
		in.Pump()
		in.InjectTextEditing("nihao", 5, 0)
		in.InjectTextEditing("", 0, 0)
		in.InjectText("你好")
		in.Dispatch()
		want := []string{`edit "n" 1 0`, `edit "ni" 2 0`, `edit "nihao" 5 0`, `edit "" 0 0`, "text 你好"}
		if !slices.Equal(got, want) {
			t.Errorf("events %q, want %q", got, want)
		}
		// A composition is not typed text.
		if in.Text() != "你好" {
			t.Errorf("Text() = %q, want 你好", in.Text())
		}
	})
}

// InjectTextEditing cuts a long composition as SDL does (31 bytes, on a
// rune boundary) and clamps a negative cursor and selection to 0; Discard
// drops a pending composition change with the other typed input.
func TestInjectTextEditingLimits(t *testing.T) {
	p := openPlatform(t, Options{NoVideo: true})
	in := p.Input()
	onMain(func() {
		var got []TextEditingEvent
		in.TextEditing.On(func(e TextEditingEvent) { got = append(got, e) })
		in.InjectTextEditing("中文输入法的一个很长的组合", -3, -1) // 13 runes of 3 bytes
		in.Dispatch()
		if len(got) != 1 || got[0] != (TextEditingEvent{Text: "中文输入法的一个很长", Start: 0, Length: 0}) {
			t.Fatalf("got %+v, want the first 10 runes (30 bytes) at 0, 0", got)
		}
		in.InjectTextEditing("x", 1, 0)
		in.Discard()
		in.Dispatch()
		if len(got) != 1 {
			t.Fatalf("a discarded composition was delivered: %+v", got[1:])
		}
	})
}

// SetTextInputRect hands the rectangle to SDL and remembers it, sizes
// clamped to 0; without a video Platform it is only remembered.
func TestSetTextInputRect(t *testing.T) {
	for _, opts := range []Options{{}, {NoVideo: true}} {
		t.Run(fmt.Sprintf("NoVideo=%v", opts.NoVideo), func(t *testing.T) {
			testSetTextInputRect(t, opts)
		})
	}
}

func testSetTextInputRect(t *testing.T, opts Options) {
	in := openPlatform(t, opts).Input()
	onMain(func() {
		if _, _, _, _, ok := in.TextInputRect(); ok {
			t.Error("a rectangle before any was set")
		}
		in.SetTextInputRect(10, 20, -4, 18)
		if x, y, w, h, ok := in.TextInputRect(); !ok || x != 10 || y != 20 || w != 0 || h != 18 {
			t.Errorf("rect %d,%d %dx%d (%v), want 10,20 0x18", x, y, w, h, ok)
		}
	})
}
