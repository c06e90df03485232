package tact

import (
	"math"
	"strings"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

type dtLog struct {
	scenegraph.Component
	dts []float64
}

func (c *dtLog) Update(dt float64) { c.dts = append(c.dts, dt) }

// Step ticks one frame of 1/FrameRate with no window and no SDL, also
// while the Game is paused.
func TestStepWithoutSDL(t *testing.T) {
	g := NewGame(Config{FrameRate: 30})
	s := scenegraph.NewScene("Step")
	c := scenegraph.AddComponent(s.Root(), &dtLog{})
	g.Director().RunScene(s)
	g.Step()
	g.Pause()
	g.Step()
	if len(c.dts) != 2 || c.dts[0] != 1.0/30 || c.dts[1] != 1.0/30 || g.Frames() != 2 {
		t.Fatalf("dts %v, frames %d: want two frames of 1/30 s", c.dts, g.Frames())
	}
	g.Director().Pause() // the Director's own pause still skips updates
	g.Step()
	if len(c.dts) != 2 || g.Frames() != 3 {
		t.Fatalf("a Director pause: dts %v, frames %d", c.dts, g.Frames())
	}
}

// The frame-time rule: a gap over 1 s, or none, becomes one normal frame.
func TestFrameTime(t *testing.T) {
	for _, c := range []struct{ gap, fps, want float64 }{
		{0.016, 60, 0.016},
		{1, 60, 1},
		{1.0001, 60, 1.0 / 60},
		{30, 120, 1.0 / 120},
		{0, 60, 1.0 / 60},
		{-0.5, 60, 1.0 / 60},
		{math.NaN(), 60, 1.0 / 60},
		{5, Uncapped, 1.0 / 60},
	} {
		if got := frameTime(c.gap, c.fps); got != c.want {
			t.Errorf("frameTime(%v, %v) = %v, want %v", c.gap, c.fps, got, c.want)
		}
	}
}

// A Config whose fixed step the Director refuses fails Run before anything
// starts, naming the value.
func TestRunRefusesTinyFixedStep(t *testing.T) {
	g := NewGame(Config{FixedStep: 1e-6, NoGraphics: true})
	err := g.Run(func(*Game) (*scenegraph.Scene, error) {
		t.Fatal("start ran")
		return nil, nil
	})
	if err == nil || !strings.Contains(err.Error(), "fixed step 1e-06") {
		t.Fatalf("Run = %v", err)
	}
}

// A component reaches its Game through its node; scenes run later get the
// link too.
func TestGameOf(t *testing.T) {
	g := NewGame(Config{})
	s := scenegraph.NewScene("A")
	c := scenegraph.AddComponent(s.Root(), &dtLog{})
	if GameOf(c.Node()) != nil {
		t.Fatal("a scene no Game launched has a Game")
	}
	g.Director().RunScene(s)
	if GameOf(c.Node()) != g {
		t.Fatal("GameOf does not find the Game")
	}
	s2 := scenegraph.NewScene("B")
	n := scenegraph.NewNode("N")
	s2.AddChild(n)
	g.Director().RunSceneImmediate(s2)
	if GameOf(n) != g || GameOf(nil) != nil {
		t.Fatal("a scene run later does not find its Game")
	}
}

// Without an asset root, loading gives an error naming the setting, not a
// nil dereference.
func TestAssetsWithoutRootExplain(t *testing.T) {
	g := NewGame(Config{})
	_, err := g.Assets().Load("textures/hero.png")
	if err == nil || !strings.Contains(err.Error(), "textures/hero.png") || !strings.Contains(err.Error(), "tact.Config.AssetRoot") {
		t.Fatalf("Load = %v", err)
	}
	if _, err := g.Scenes().LoadScene("scenes/level1.json"); err == nil || !strings.Contains(err.Error(), "tact.Config.AssetRoot") {
		t.Fatalf("LoadScene = %v", err)
	}
	if err := g.Assets().WriteFile("save.json", []byte("{}")); err == nil {
		t.Fatal("WriteFile without a root succeeded")
	}
}

// A Game's saves go to Config.SaveDir and survive a new Game.
func TestGameSaves(t *testing.T) {
	dir := t.TempDir()
	st, err := NewGame(Config{SaveDir: dir}).Saves()
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Save("settings", map[string]float64{"volume": 0.25}); err != nil {
		t.Fatal(err)
	}
	st2, _ := NewGame(Config{SaveDir: dir}).Saves()
	var got map[string]float64
	if err := st2.Load("settings", &got); err != nil || got["volume"] != 0.25 {
		t.Fatalf("Load = %v, %v", err, got)
	}
}
