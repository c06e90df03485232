package tact

import (
	"image"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/replay"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// imeField adds a 240×32 text field, dark grey with white text, centered
// at (160, 120) of darkScene's 320×240 screen.
func imeField(s *scenegraph.Scene) *ui.TextInput {
	n := scenegraph.NewNode("Field")
	n.SetPositionXY(160, 120)
	s.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(240, 32))
	bg := scenegraph.AddComponent(n, ui.NewNineSlice(0, 0, 0, ui.Insets{}))
	bg.Color = render.RGBA(50, 50, 60, 255)
	ti := scenegraph.AddComponent(n, ui.NewTextInput("Name", 20))
	ti.CaretBlink = 0
	return ti
}

// imeScene is a field holding "Hi " and composing pinyin "nihao" through
// the platform's input, as an input method reports it: focused and filled
// in frame 0, the composition injected at frame 1's BeginFrame, so that
// frame's input dispatch delivers it.
// The field's state at the end of the last of 3 frames goes to *last.
func imeScene(ti **ui.TextInput, last *imeSeen) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		*ti = imeField(s)
		g.Director().BeginFrame.On(func(d *director.Director) {
			switch d.TotalFrames() {
			case 0:
				(*ti).Focus()
				(*ti).SetText("Hi ")
			case 1:
				g.Input().InjectTextEditing("nihao", 5, 0)
			}
		})
		g.Director().EndFrame.On(func(d *director.Director) {
			if d.TotalFrames() == 2 {
				r, ok := (*ti).CaretScreenRect()
				*last = imeSeen{(*ti).Value, (*ti).Composition(), r, ok}
			}
		})
		return s, nil
	}
}

// imeSeen is what imeScene saw of its field in its last frame.
type imeSeen struct {
	value, comp string
	caret       render.Rect
	caretOK     bool
}

// A field mid-composition: "Hi " then the pinyin "nihao" underlined, the
// caret after it, the same in both render modes. The composition is shown
// but not typed, and the candidate window's rectangle reached the
// platform: the caret's, in window coordinates.
func TestGoldenTextInputComposition(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		var ti *ui.TextInput
		var last imeSeen
		cfg := headless(3)
		cfg.RenderOnMain = onMain
		img, g := shootConfig(t, cfg, imeScene(&ti, &last))
		checkGolden(t, "textinput_composition", img)
		if last.value != "Hi " || last.comp != "nihao" {
			t.Fatalf("onMain %v: Value %q, composition %q", onMain, last.value, last.comp)
		}
		want, ok := last.caret, last.caretOK
		x, y, w, h, set := g.Input().TextInputRect()
		if !ok || !set || (image.Rect(x, y, x+w, y+h) != image.Rect(want.X, want.Y, want.X+want.W, want.Y+want.H)) {
			t.Fatalf("onMain %v: SetTextInputRect got %d,%d %dx%d (%v), want %+v (%v)", onMain, x, y, w, h, set, want, ok)
		}
		// The caret box: 2 wide and 1.2 × 20 high, centered on the field's
		// middle row (screen y 120), just after the composition.
		if want.W != 2 && want.W != 3 || want.H != 24 && want.H != 25 || want.Y > 108 || want.Y+want.H < 132 {
			t.Fatalf("onMain %v: caret rect %+v, want about 2×24 across y 108..132", onMain, want)
		}
		// The underline: a row of white pixels under the pinyin, left of
		// the caret, 10 px below the middle; none under "Hi ".
		row := 120 + 10
		lit := 0
		for x := 40; x < want.X; x++ {
			if c := img.RGBAAt(x, row); c.R > 200 && c.G > 200 && c.B > 200 {
				lit++
			}
		}
		if lit < 30 {
			saveFailure(t, img)
			t.Fatalf("onMain %v: %d white pixels on the underline's row %d, want the width of \"nihao\"", onMain, lit, row)
		}
	}
}

// The Game feeds a composition to its ui and commits it as one edit; a
// recording captures the composition's edits, and its replay reaches the
// same field, composition included, frame by frame.
func TestTextInputCompositionReplays(t *testing.T) {
	var ti *ui.TextInput
	changes := 0
	script := map[uint64]func(g *Game){
		2: func(g *Game) { g.Input().InjectTextEditing("n", 1, 0) },
		3: func(g *Game) { g.Input().InjectTextEditing("ni", 2, 0) },
		4: func(g *Game) { g.Input().InjectTextEditing("nih", 3, 0) },
		5: func(g *Game) { g.Input().InjectTextEditing("nihao", 5, 0) },
		7: func(g *Game) { g.Input().InjectTextEditing("", 0, 0); g.Input().InjectText("你好") },
	}
	type seen struct {
		value, comp string
		caret       int
	}
	var recorded []seen
	start := func(g *Game) (*scenegraph.Scene, error) {
		s := darkScene()
		ti = imeField(s)
		ti.Changed.On(func(*ui.TextInput) { changes++ })
		g.Director().EndFrame.On(func(d *director.Director) {
			if d.TotalFrames() == 0 {
				ti.Focus() // from frame 1 on: the System knows the field
			}
			recorded = append(recorded, seen{ti.Value, ti.Composition(), ti.Caret()})
		})
		return s, nil
	}
	var rec *replay.Recorder
	cfg := Config{NoGraphics: true, Width: 320, Height: 240, FixedDT: 1.0 / 60, MaxFrames: 10, PanicFatal: true}
	g := NewGame(cfg)
	g.GameInited.On(func(g *Game) { rec = replay.NewRecorder(g.Director(), g.Input()) })
	g.Director().BeginFrame.On(func(d *director.Director) {
		if f, ok := script[d.TotalFrames()]; ok {
			f(g)
		}
	})
	runGame(t, g, start)
	if ti.Value != "你好" || ti.Caret() != len("你好") || changes != 1 || ti.Composition() != "" {
		t.Fatalf("run: Value %q caret %d changes %d composition %q", ti.Value, ti.Caret(), changes, ti.Composition())
	}
	if got := recorded[6]; got != (seen{"", "nihao", 0}) {
		t.Fatalf("frame 6: %+v, want the composition \"nihao\" and nothing typed", got)
	}
	r := rec.Stop()
	edits := 0
	for _, e := range r.Events {
		if e.Kind == replay.InputTextEditing {
			edits++
		}
	}
	if edits != 5 {
		t.Fatalf("recorded %d edits, want 5: %+v", edits, r.Events)
	}

	want := recorded
	recorded, changes = nil, 0
	g = NewGame(cfg)
	var p *replay.Player
	g.GameInited.On(func(g *Game) {
		var err error
		if p, err = replay.NewPlayer(r, g.Director(), g.Input()); err != nil {
			t.Error(err)
		}
	})
	runGame(t, g, start)
	if p == nil || p.Err() != nil {
		t.Fatalf("replay: %v", p)
	}
	// Recorder and Player both start with the first frame, so the frames
	// match one for one.
	if len(recorded) != len(want) {
		t.Fatalf("replay ran %d frames, the recorded run %d", len(recorded), len(want))
	}
	for i := range want {
		if recorded[i] != want[i] {
			t.Fatalf("frame %d: replay %+v, recorded %+v", i, recorded[i], want[i])
		}
	}
	if ti.Value != "你好" || changes != 1 {
		t.Fatalf("replay: Value %q, %d changes", ti.Value, changes)
	}
}
