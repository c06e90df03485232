package breakout

import (
	"image"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// frameLog is what a run saw at the end of each frame.
type frameLog struct {
	scenes []string
	score  []int
	ballY  []float32
	paused []bool // the pause menu shows
}

// run runs the sample headless for frames frames with its saves in dir; the
// script (nil: none) drives it, and log records each frame.
func run(t *testing.T, dir string, frames uint64, script func(g *tact.Game, frame uint64)) (*tact.Game, *image.RGBA, *frameLog) {
	t.Helper()
	s := Sample
	log := &frameLog{}
	s.Script = func(g *tact.Game, frame uint64) {
		name, score, y, paused := "", -1, float32(0), false
		if sc := g.Director().Scene(); sc != nil {
			name = sc.Name()
			if w := sc.Find("World"); w != nil {
				score = scenegraph.GetComponent[*Match](w).Score
				y = sc.Find("World/Ball").Position()[1]
				paused = sc.Find("PauseMenu").Active()
			}
		}
		log.scenes = append(log.scenes, name)
		log.score = append(log.score, score)
		log.ballY = append(log.ballY, y)
		log.paused = append(log.paused, paused)
		if script != nil {
			script(g, frame)
		}
	}
	cfg := sampletest.Config(frames)
	cfg.SaveDir = dir
	g, img := sampletest.RunConfig(t, s, cfg)
	return g, img, log
}

// click presses and releases the left mouse button over the node at path,
// over three frames from frame at.
func click(g *tact.Game, frame, at uint64, path string) {
	s := g.Director().Scene()
	if s == nil || frame < at || frame > at+2 {
		return
	}
	n := s.Find(path)
	if n == nil {
		return
	}
	x, y := screenOf(s, n)
	in := g.Input()
	switch frame - at {
	case 0:
		in.InjectMouseMove(x, y)
	case 1:
		in.InjectMouseButton(platform.MouseLeft, true, x, y)
	case 2:
		in.InjectMouseButton(platform.MouseLeft, false, x, y)
	}
}

// The title menu as drawn, against its golden image.
func TestTitleMenuGolden(t *testing.T) {
	_, img, _ := run(t, t.TempDir(), 10, nil)
	sampletest.SavePNG(t, img, "breakout-title.png")
	sampletest.Golden(t, "title", img)
}

// The scripted run: a click on Play fades into the game, the autopilot
// breaks bricks, and P pauses: the ball stops and the pause menu shows.
func TestPlayFromTheMenu(t *testing.T) {
	_, img, log := run(t, t.TempDir(), 200, Script)
	sampletest.SavePNG(t, img, "breakout-paused.png")
	if log.scenes[19] != "Title" {
		t.Fatalf("frame 19: %q, want the title", log.scenes[19])
	}
	play := -1
	for i, s := range log.scenes {
		if s == "Play" {
			play = i
			break
		}
	}
	// The click ends at frame 22; the switch comes half a fade (15 frames)
	// later.
	if play < 30 || play > 45 {
		t.Fatalf("the game started at frame %d", play)
	}
	if log.score[169] <= 0 {
		t.Fatalf("no brick broken by frame 170 (score %d)", log.score[169])
	}
	if !log.paused[199] || log.paused[169] {
		t.Fatalf("pause menu at frame 169: %v, at 199: %v; want it opened by P at 170", log.paused[169], log.paused[199])
	}
	if log.ballY[190] != log.ballY[199] {
		t.Fatal("the ball moves while paused")
	}
	// The dimmed play under the menu: a brick of the top row is darker
	// than its colour.
	if c := img.RGBAAt(58, 600-int(BricksTop)); c.R >= rowColors[0].R() {
		t.Fatalf("the play under the pause menu is not dimmed: %v", c)
	}
}

// The pause menu's buttons: Resume goes on; Quit to title fades back.
func TestPauseMenu(t *testing.T) {
	var paused, resumed bool
	_, _, log := run(t, t.TempDir(), 200, func(g *tact.Game, frame uint64) {
		Script(g, min(frame, 60)) // click Play, then stop scripting
		in := g.Input()
		switch frame {
		case 80:
			in.InjectKey(platform.KeyP, true)
		case 81:
			in.InjectKey(platform.KeyP, false)
		case 90:
			paused = g.Director().Scene().Find("PauseMenu").Active()
		}
		click(g, frame, 100, "PauseMenu/Menu/Resume")
		if frame == 110 {
			resumed = !g.Director().Scene().Find("PauseMenu").Active()
			in.InjectKey(platform.KeyP, true)
		}
		if frame == 111 {
			in.InjectKey(platform.KeyP, false)
		}
		click(g, frame, 120, "PauseMenu/Menu/Quit")
	})
	if !paused || !resumed {
		t.Fatalf("paused %v, resumed %v", paused, resumed)
	}
	if log.scenes[199] != "Title" {
		t.Fatalf("after Quit to title: %q", log.scenes[199])
	}
}

// Settings chosen in one run are there in the next, and change the game.
func TestSettingsSavedBetweenRuns(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, 20, func(g *tact.Game, frame uint64) { click(g, frame, 5, "Menu/FastBall") })
	var fast bool
	var speed float32
	run(t, dir, 80, func(g *tact.Game, frame uint64) {
		s := g.Director().Scene()
		if frame == 3 {
			fast = scenegraph.GetComponent[*ui.Toggle](s.Find("Menu/FastBall")).Checked()
		}
		click(g, frame, 5, "Menu/Play")
		if s.Name() == "Play" {
			speed = scenegraph.GetComponent[*Ball](s.Find("World/Ball")).Speed
		}
	})
	if !fast || speed != FastSpeed {
		t.Fatalf("second run: toggle checked %v, ball speed %v", fast, speed)
	}
}
