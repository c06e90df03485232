package tact

import (
	"errors"
	"image"
	"image/color"
	"testing"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/scenegraph"
)

// keyMover moves its node right while Space is held.
type keyMover struct{ scenegraph.Component }

func (k *keyMover) Update(float64) {
	if g := GameOf(k.Node()); g != nil && g.Input().Down(platform.KeySpace) {
		k.Node().SetPositionXY(k.Node().Position()[0]+2, k.Node().Position()[1])
	}
}

// RunHeadless runs the frames, calls the script after each, delivers the
// script's input, and returns the last picture.
func TestRunHeadless(t *testing.T) {
	var (
		g      *Game
		img    *image.RGBA
		err    error
		frames []uint64
	)
	start := func(g *Game) (*scenegraph.Scene, error) {
		s, err := redSquareScene(g)
		scenegraph.AddComponent(s.Find("Square"), &keyMover{})
		return s, err
	}
	script := func(g *Game, frame uint64) {
		frames = append(frames, frame)
		switch frame {
		case 4:
			g.Input().InjectKey(platform.KeySpace, true)
		case 14:
			g.Input().InjectKey(platform.KeySpace, false)
		}
	}
	platformtest.Do(func() {
		g, img, err = RunHeadless(Config{Width: 320, Height: 240, PanicFatal: true}, start, 20, script)
	})
	var ie *platform.InitError
	if errors.As(err, &ie) {
		platformtest.SkipOrFail(t, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != 20 || frames[0] != 0 || frames[19] != 19 || g.Frames() != 20 {
		t.Fatalf("script frames %v, game frames %d", frames, g.Frames())
	}
	if img == nil || img.Bounds().Dx() != 320 || img.Bounds().Dy() != 240 {
		t.Fatal("no 320x240 picture of the last frame")
	}
	if s := g.Director().Scene(); s == nil || s.Find("Square") == nil {
		t.Fatal("the scene should still be there to inspect after RunHeadless")
	}
	// Space held for frames 5..14: ten frames of 2 px; the square's center
	// (100 -> 120, 100) is red in the picture (y down: row 240-100).
	if c := img.RGBAAt(120, 140); c != (color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("at the moved square: %v", c)
	}
	if c := img.RGBAAt(85, 140); c.R == 255 && c.B == 0 {
		t.Fatalf("the square did not move: %v at its old left edge", c)
	}
}
