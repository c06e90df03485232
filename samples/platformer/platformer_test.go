package platformer

import (
	"image"
	"os"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// headless runs the sample with tact.RunHeadless for frames frames on the
// main thread, calling script at the end of every frame.
func headless(t *testing.T, frames uint64, onMain bool, script func(g *tact.Game, frame uint64)) (*tact.Game, *image.RGBA) {
	t.Helper()
	cfg := tact.Config{FixedDT: 1.0 / 60, RenderOnMain: onMain}
	Sample.Configure(&cfg)
	var (
		g   *tact.Game
		img *image.RGBA
		err error
	)
	platformtest.Do(func() { g, img, err = tact.RunHeadless(cfg, Start, frames, script) })
	if err != nil {
		t.Fatal(err)
	}
	return g, img
}

// player runs Script, the sample's own player (a virtual gamepad picking
// Play, then running right and jumping every JumpEvery frames), after log.
type player struct {
	log func(g *tact.Game, frame uint64)
}

func (p *player) script(g *tact.Game, frame uint64) {
	if p.log != nil {
		p.log(g, frame)
	}
	Script(g, frame)
}

// tapPad taps b on the virtual gamepad Script connected.
func tapPad(g *tact.Game, b platform.GamepadButton) {
	pad := VirtualPad(g)
	g.Input().InjectGamepadButton(pad.ID(), b, true)
	g.Input().InjectGamepadButton(pad.ID(), b, false)
}

func label(s *scenegraph.Scene, path string) string {
	return scenegraph.GetComponent[*text.Label](s.Find(path)).Text
}

// focusedName is the name of the focused node, or "".
func focusedName(s *scenegraph.Scene) string {
	if f := ui.SystemOf(s.Root()).Focused(); f != nil {
		return f.Name()
	}
	return ""
}

// sceneName is the name of the scene running at the end of a frame.
func sceneName(g *tact.Game) string {
	if s := g.Director().Scene(); s != nil {
		return s.Name()
	}
	return ""
}

// The virtual gamepad picks Play on the title menu (D-pad down focuses it,
// A clicks), then plays the level to the goal: the stick held right, A
// tapped every 40 frames. The run is a fixed step, so it is the same every
// time: it reaches the goal with 4 of the 8 coins, and the HUD says so.
func TestPlayToGoalWithVirtualGamepad(t *testing.T) {
	p := &player{}
	var focused []string
	var wonAt, inLevel uint64
	p.log = func(g *tact.Game, frame uint64) {
		s := g.Director().Scene()
		if inLevel == 0 && s.Name() == "Level" {
			inLevel = frame
		}
		if frame == 6 || frame == 9 {
			if f := ui.SystemOf(s.Root()).Focused(); f != nil {
				focused = append(focused, f.Name())
			} else {
				focused = append(focused, "")
			}
		}
		if s.Name() == "Level" && wonAt == 0 && scenegraph.GetComponent[*Level](s.Find("Level")).Won {
			wonAt = frame
		}
	}
	g, _ := headless(t, 540, false, p.script)
	if strings.Join(focused, " ") != "Play Play" {
		t.Errorf("focus after D-pad down, after A: %q, want Play Play", focused)
	}
	s := g.Director().Scene()
	if s.Name() != "Level" {
		t.Fatalf("scene at the end %q, want Level", s.Name())
	}
	if inLevel == 0 || inLevel > 40 {
		t.Errorf("the level started at frame %d, want within the 0.4 s fade after the click at frame 8", inLevel)
	}
	lv := scenegraph.GetComponent[*Level](s.Find("Level"))
	pl := scenegraph.GetComponent[*Player](s.Find("Hero"))
	if pl.Err != nil {
		t.Fatal(pl.Err)
	}
	t.Logf("level from frame %d, goal at frame %d, %d coins, %.3f s", inLevel, wonAt, lv.Coins, lv.Time)
	if !lv.Won || wonAt == 0 {
		t.Fatalf("goal not reached: hero at %v", s.Find("Hero").Position())
	}
	if lv.Coins != 4 || lv.TotalCoins != 8 {
		t.Errorf("coins %d of %d, want 4 of 8", lv.Coins, lv.TotalCoins)
	}
	if got := label(s, "HUD/Coins"); got != "coins 4/8" {
		t.Errorf("HUD coins %q, want \"coins 4/8\"", got)
	}
	// The clock stops at the goal: whole seconds of fixed steps played.
	want := "time 0:0" + string(rune('0'+int(lv.Time)))
	if got := label(s, "HUD/Time"); got != want || lv.Time < 6 || lv.Time > 8 {
		t.Errorf("HUD time %q (%.2f s played), want %q", got, lv.Time, want)
	}
	if got := label(s, "HUD/Banner"); got != "GOAL!" {
		t.Errorf("banner %q, want GOAL!", got)
	}
	// Collected coins went back to the pool.
	if n := len(s.Find("Coins").Children()); n != 4 {
		t.Errorf("%d coins left in the scene, want 4", n)
	}
	if pl.Coins.Pool.Size() != 4 {
		t.Errorf("pool holds %d coins, want the 4 collected", pl.Coins.Pool.Size())
	}
	// The camera stayed inside the map: its right edge is the map's.
	cam := s.Find("Camera").Position()
	if halfW := float32(ViewHeight) / 2 * Width / Height; cam[0]+halfW > 768.001 || cam[1]-ViewHeight/2 < -0.001 {
		t.Errorf("camera at %v shows past the map's bounds (768×288)", cam)
	}

	// A steady frame of the game's own components allocates nothing.
	coin := scenegraph.GetComponent[*Coin](s.Find("Coins").Children()[0])
	hud := scenegraph.GetComponent[*HUD](s.Find("HUD"))
	if a := testing.AllocsPerRun(100, func() {
		pl.Update(1.0 / 60)
		pl.FixedUpdate(1.0 / 60)
		coin.Update(1.0 / 60)
		hud.Update(1.0 / 60)
	}); a != 0 {
		t.Errorf("a frame of Player, Coin and HUD allocates %v times, want 0", a)
	}
}

// The level mid-run (frame 330: the hero in mid-jump between the two pits
// of the middle, two coins taken, the one-way planks, the lift in the
// second pit, the camera following, the sky's parallax, the HUD at 0:05)
// matches its golden image, threaded and on the main thread.
func TestLevelGolden(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		p := &player{}
		_, img := headless(t, 330, onMain, p.script)
		sampletest.SavePNG(t, img, "platformer.png")
		sampletest.Golden(t, "platformer_midrun", img)
		if os.Getenv("TACT_UPDATE_GOLDEN") == "1" {
			break
		}
	}
}

// The title menu with Play focused by the gamepad's D-pad (the gold
// tint), threaded and on the main thread.
func TestTitleGolden(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		var pad *platform.VirtualGamepad
		_, img := headless(t, 12, onMain, func(g *tact.Game, frame uint64) {
			switch frame {
			case 0:
				pad = g.Input().ConnectVirtualGamepad("Test Pad")
			case 5:
				pad.Tap(platform.GamepadDPadDown)
			}
		})
		sampletest.SavePNG(t, img, "platformer_title.png")
		sampletest.Golden(t, "platformer_title", img)
		if os.Getenv("TACT_UPDATE_GOLDEN") == "1" {
			break
		}
	}
}

// Start opens the pause menu with Resume focused and stops the play;
// D-pad down and A pick "Quit to title", which fades out while the
// Director is paused, and the title runs unpaused.
func TestPauseMenuQuitsToTitle(t *testing.T) {
	p := &player{}
	var (
		pausedAt  = uint64(100)
		heroAt    [2]float32
		heroMoved bool
		menuShown bool
		focus     string
		scenes    []string
	)
	p.log = func(g *tact.Game, frame uint64) {
		s := g.Director().Scene()
		if n := sceneName(g); len(scenes) == 0 || scenes[len(scenes)-1] != n {
			scenes = append(scenes, n)
		}
		switch {
		case frame == pausedAt:
			tapPad(g, platform.GamepadStart)
		case frame == pausedAt+2:
			h := s.Find("Hero").Position()
			heroAt = [2]float32{h[0], h[1]}
			menuShown = s.Find("HUD/PauseMenu").Active() && g.Director().Paused()
			focus = focusedName(s)
		case frame == pausedAt+20:
			h := s.Find("Hero").Position()
			heroMoved = [2]float32{h[0], h[1]} != heroAt
			tapPad(g, platform.GamepadDPadDown)
		case frame == pausedAt+23:
			focus += " " + focusedName(s)
			tapPad(g, platform.GamepadA)
		}
	}
	g, _ := headless(t, 160, false, p.script)
	if !menuShown || focus != "Resume Quit" {
		t.Errorf("pause menu shown and paused: %v; focus %q, want \"Resume Quit\"", menuShown, focus)
	}
	if heroMoved {
		t.Error("the hero moved while paused")
	}
	if got := strings.Join(scenes, " "); got != "Title Level Title" {
		t.Errorf("scenes %q, want \"Title Level Title\"", got)
	}
	if g.Director().Paused() {
		t.Error("the title runs paused")
	}
}

// Start, then A on the focused Resume, closes the pause menu and the play
// goes on.
func TestPauseMenuResumes(t *testing.T) {
	p := &player{}
	var closed, moved bool
	var x float32
	p.log = func(g *tact.Game, frame uint64) {
		s := g.Director().Scene()
		switch frame {
		case 100:
			tapPad(g, platform.GamepadStart)
		case 104:
			tapPad(g, platform.GamepadA)
		case 107:
			closed = !s.Find("HUD/PauseMenu").Active() && !g.Director().Paused()
			x = s.Find("Hero").Position()[0]
		case 120:
			moved = s.Find("Hero").Position()[0] > x
		}
	}
	headless(t, 121, false, p.script)
	if !closed || !moved {
		t.Errorf("after Resume: menu closed and play on %v, hero moving %v", closed, moved)
	}
}

// A level that cannot load says which file and why, on the scene shown in
// its place.
func TestLevelErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/level.tmx", []byte(`<map version="1.10" orientation="orthogonal" width="2" height="2" tilewidth="16" tileheight="16"></map>`), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs []string
	cfg := tact.Config{AssetRoot: dir}
	Sample.Configure(&cfg)
	cfg.AssetRoot = dir
	platformtest.Do(func() {
		_, _, err := tact.RunHeadless(cfg, func(g *tact.Game) (*scenegraph.Scene, error) {
			if _, err := LevelScene(g); err != nil {
				errs = append(errs, err.Error())
			}
			return TitleScene(g), nil
		}, 1, nil)
		if err != nil {
			t.Error(err)
		}
	})
	if len(errs) != 1 || !strings.Contains(errs[0], "level.tmx") || !strings.Contains(errs[0], "Things") {
		t.Errorf("errors %q, want one naming level.tmx and the missing Things layer", errs)
	}

	// The real level with the lift's properties taken out.
	dir = t.TempDir()
	for _, name := range []string{"tiles.png", "sky.png", "sky.png.texture.json", "level.tmx"} {
		b, err := os.ReadFile("assets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "level.tmx" {
			b = []byte(strings.Replace(string(b), `value="20"`, `value="-1"`, 1))
		}
		if err := os.WriteFile(dir+"/"+name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.AssetRoot = dir
	errs = nil
	platformtest.Do(func() {
		_, _, err := tact.RunHeadless(cfg, func(g *tact.Game) (*scenegraph.Scene, error) {
			if _, err := LevelScene(g); err != nil {
				errs = append(errs, err.Error())
			}
			return TitleScene(g), nil
		}, 1, nil)
		if err != nil {
			t.Error(err)
		}
	})
	if len(errs) != 1 || !strings.Contains(errs[0], `level.tmx: object "Lift"`) || !strings.Contains(errs[0], "speed") {
		t.Errorf("errors %q, want one naming level.tmx, the Lift object and its speed", errs)
	}
}

// The Lift object becomes a moving platform: it goes 32 units right at
// 20 units a second and back, and the hero standing on it rides along.
func TestLiftCarriesTheHero(t *testing.T) {
	cfg := tact.Config{FixedDT: 1.0 / 60}
	Sample.Configure(&cfg)
	var xs, hero []float32
	var onLift []bool
	var err error
	platformtest.Do(func() {
		_, _, err = tact.RunHeadless(cfg, func(g *tact.Game) (*scenegraph.Scene, error) {
			s, err := LevelScene(g)
			if err != nil {
				return nil, err
			}
			lift := s.Find("Lift").Position()
			s.Find("Hero").SetPositionXY(lift[0], lift[1]+3+HeroH/2+0.5) // on its top
			return s, nil
		}, 150, func(g *tact.Game, frame uint64) {
			if frame%30 != 29 {
				return
			}
			s := g.Director().Scene()
			xs = append(xs, s.Find("Lift").Position()[0])
			hero = append(hero, s.Find("Hero").Position()[0]-s.Find("Lift").Position()[0])
			cb := scenegraph.GetComponent[*Player](s.Find("Hero")).Body
			onLift = append(onLift, cb.IsOnFloor() && cb.Floor() == scenegraph.GetComponent[*Lift](s.Find("Lift")).Body)
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("lift x %v, hero minus lift %v, on it %v", xs, hero, onLift)
	// Every half second: the lift's center from x=544 right to 576, back.
	want := []float32{554, 564, 574, 568, 558}
	for i := range want {
		if d := xs[i] - want[i]; d < -0.7 || d > 0.7 {
			t.Errorf("lift at %v after %d half seconds, want near %v (all: %v)", xs[i], i+1, want[i], xs)
			break
		}
	}
	for i := range hero {
		if d := hero[i] - hero[0]; d < -0.05 || d > 0.05 || !onLift[i] {
			t.Errorf("hero relative to the lift %v, standing on it %v: it should ride along", hero, onLift)
			break
		}
	}
}
