package ui_test

import (
	"fmt"

	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// An input method composes pinyin in a focused field: the composition is
// shown at the caret but is not the field's text until it is committed,
// as one edit. TextInputRect is where the candidate window belongs (a Game
// hands it to platform.Input.SetTextInputRect after every frame).
func ExampleTextInput_composition() {
	d, sys, s := newUI(400, 300)
	n := box(s.Root(), "Name", 200, 150, 200, 30)
	field := scenegraph.AddComponent(n, ui.NewTextInput("Your name", 16))
	field.Changed.On(func(f *ui.TextInput) { fmt.Printf("changed to %q\n", f.Text()) })
	d.Tick(1.0 / 60)
	field.Focus()

	for _, pinyin := range []string{"n", "ni", "nih", "nihao"} {
		sys.TextEditing(pinyin, len(pinyin), 0) // as SDL_TEXTEDITING reports it
	}
	d.Tick(1.0 / 60)
	r, _ := sys.TextInputRect()
	fmt.Printf("text %q, composing %q, candidate window at x %d, y %d..%d\n",
		field.Text(), field.Composition(), r.X, r.Y, r.Y+r.H)

	sys.TextEditing("", 0, 0) // the composition ends...
	sys.TextInput("你好")       // ...committed
	fmt.Printf("text %q, composing %q\n", field.Text(), field.Composition())
	// Output:
	// text "", composing "nihao", candidate window at x 145, y 140..160
	// changed to "你好"
	// text "你好", composing ""
}
