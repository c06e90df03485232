package blockdash

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// world is what a test needs to see inside a run.
type world struct {
	scene  *scenegraph.Scene
	level  *Level
	player *Player
	// playerNode and messageNode outlive the components' Node(), which is
	// nil once the scene is unloaded (at Restart and at the end of Run).
	playerNode, messageNode *scenegraph.Node
	keeper                  *ScoreKeeper
	hud                     *HUD
}

// instrumented returns Sample with a Start that records the scene's parts
// into *w (the latest ones, after a restart) and then calls setup, if any,
// with the number of the start (0 for the launch, 1 after a first restart).
func instrumented(w *world, setup func(g *tact.Game, w *world, start int)) sample.Sample {
	s := Sample
	starts := 0
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		sc, err := Start(g)
		if err != nil {
			return nil, err
		}
		root := sc.Root()
		*w = world{
			scene:  sc,
			level:  find[*Level](root),
			player: find[*Player](root),
			keeper: find[*ScoreKeeper](root),
			hud:    find[*HUD](root),
		}
		w.playerNode, w.messageNode = w.player.Node(), w.hud.message.Node()
		if setup != nil {
			setup(g, w, starts)
		}
		starts++
		return sc, nil
	}
	return s
}

// find returns the first component of type T in root's subtree, in
// pre-order. (scenegraph.GetComponentInChildren returns nil for pointer
// types found below root: its any(t) != nil test is true for a typed nil.)
func find[T scenegraph.Behavior](root *scenegraph.Node) T {
	var out T
	found := false
	root.Walk(func(n *scenegraph.Node) bool {
		for _, b := range n.Components() {
			if t, ok := b.(T); ok && !found {
				out, found = t, true
			}
		}
		return !found
	})
	return out
}

// run runs s headless for frames frames, with its script if script is true,
// and checks that the last frame is a full-size, non-blank picture.
func run(t *testing.T, s sample.Sample, frames uint64, script bool) (*tact.Game, *image.RGBA) {
	t.Helper()
	if !script {
		s.Script = nil
	}
	g, img := sampletest.Run(t, s, frames)
	if b := img.Bounds(); b.Dx() != Width || b.Dy() != Height {
		t.Fatalf("screenshot is %v, want %dx%d", b, Width, Height)
	}
	if n := sampletest.Colors(img); n < 2 {
		t.Fatalf("screenshot has %d distinct colors", n)
	}
	return g, img
}

func TestScriptedRun(t *testing.T) {
	var w world
	stomps := 0
	s := instrumented(&w, func(g *tact.Game, w *world, _ int) {
		w.level.EnemyStomped.On(func(*scenegraph.Node) { stomps++ })
	})
	_, img := run(t, s, 180, true)
	sampletest.SavePNG(t, img, "blockdash.png")

	if w.keeper.Collected() < 1 {
		t.Fatalf("the script collected %d coins, want at least 1", w.keeper.Collected())
	}
	if got, want := w.hud.ScoreText(), scoreText(w.keeper.Score()); got != want || got == scoreText(0) {
		t.Errorf("HUD shows %q, score keeper has %d", got, w.keeper.Score())
	}
	if stomps != 1 {
		t.Errorf("the script stomped %d enemies, want 1", stomps)
	}
	if w.keeper.Lives() != StartLives {
		t.Errorf("lives = %d, want %d (the script is not hit)", w.keeper.Lives(), StartLives)
	}
	// The player is drawn where it is: world (x, y), y up, is pixel
	// (x, Height-y).
	p := w.playerNode.Position()
	if !hasColorNear(img, int(p[0]), Height-int(p[1]), 6, PlayerBody) {
		t.Errorf("no player color near the player's position %v", p)
	}
	// And the ground's grass is at the bottom of the screen.
	if c := img.RGBAAt(Width/2, Height-38); !sampletest.Near(c, sampletest.RGBA(GrassColor), 3) {
		t.Errorf("grass pixel = %v, want %v", c, sampletest.RGBA(GrassColor))
	}
}

func TestStompDestroysEnemyMidFrame(t *testing.T) {
	var (
		w        world
		stomped  *scenegraph.Node
		duringOK bool   // what IsValid/IsValidStrict said inside the frame
		atFrame  uint64 // the frame of the stomp
		afterOK  bool   // the node was invalid at the end of that frame
		checked  bool
		stompPos mgl32.Vec3
	)
	s := instrumented(&w, func(g *tact.Game, w *world, _ int) {
		// Drop the player onto the first (ground) enemy.
		ep := find[*Enemy](w.level.Node()).Node().Position()
		w.player.Node().SetPositionXY(ep[0], ep[1]+EnemyHeight/2+PlayerHeight/2+8)
		w.player.Velocity = mgl32.Vec2{0, -200}
		d := g.Director()
		w.level.EnemyStomped.On(func(n *scenegraph.Node) {
			stomped, atFrame, stompPos = n, d.TotalFrames(), n.Position()
			// Mid-frame: destroyed, but still in the tree until the
			// deferred-destroy step.
			duringOK = n.IsValid() && !n.IsValidStrict() && n.Parent() != nil
		})
		d.EndFrame.On(func(d *director.Director) {
			if stomped != nil && !checked {
				checked = true
				afterOK = d.TotalFrames() == atFrame && !stomped.IsValid() && stomped.Parent() == nil
			}
		})
	})
	_, img := run(t, s, 20, false)
	if stomped == nil {
		t.Fatal("no enemy was stomped")
	}
	if !duringOK {
		t.Error("inside the stomping frame the enemy node should be valid, not strictly valid, and in the tree")
	}
	if !afterOK {
		t.Error("at the end of the stomping frame the enemy node should be invalid and out of the tree")
	}
	if w.player.Velocity[1] <= 0 && w.player.OnGround {
		// The bounce throws the player up; 20 frames is not enough to land.
		t.Errorf("player did not bounce: velocity %v", w.player.Velocity)
	}
	// The destroyed enemy is no longer drawn where it was.
	enemyRed := palette['r']
	if hasColorNear(img, int(stompPos[0]), Height-int(stompPos[1]), 10, enemyRed) {
		t.Error("the stomped enemy is still drawn")
	}
}

func TestHitGameOverAndRestart(t *testing.T) {
	var (
		w       world
		first   world
		overAt  uint64
		shown   bool
		message string
	)
	s := instrumented(&w, func(g *tact.Game, w *world, start int) {
		if start > 0 {
			return // after the restart: a normal game
		}
		first = *w
		w.keeper.lives = 1 // one hit ends the run
		// Stand the player just right of the first enemy, which walks
		// right into it: a touch from the side.
		ep := find[*Enemy](w.level.Node()).Node().Position()
		w.player.Node().SetPositionXY(ep[0]+EnemyWidth/2+PlayerWidth/2+2, 40+PlayerHeight/2)
		w.level.GameOver.On(func(int) { overAt = g.Director().TotalFrames() })
		g.Director().EndFrame.On(func(d *director.Director) {
			if overAt != 0 && d.TotalFrames() == overAt {
				// The state at the end of the game-over frame.
				shown = first.messageNode.ActiveInHierarchy()
				message = first.hud.message.Text
			}
		})
	})
	// Press R at frame 10, well after the hit.
	s.Script = func(g *tact.Game, frame uint64) {
		switch frame {
		case 10:
			g.Input().InjectKey(platform.KeyR, true)
		case 11:
			g.Input().InjectKey(platform.KeyR, false)
		}
	}
	_, img := run(t, s, 16, true)
	if overAt == 0 || overAt > 5 {
		t.Fatalf("game over at frame %d, want within the first frames", overAt)
	}
	if first.keeper.Lives() != 0 || !first.keeper.Over() || !first.player.frozen {
		t.Errorf("first run: lives %d, over %v, player frozen %v", first.keeper.Lives(), first.keeper.Over(), first.player.frozen)
	}
	if !shown || message == "" {
		t.Errorf("game-over message not shown (shown %v, text %q)", shown, message)
	}
	// After R, a fresh level.
	if w.scene == first.scene {
		t.Fatal("R did not restart the game")
	}
	if w.keeper.Lives() != StartLives || w.keeper.Score() != 0 || w.messageNode.Active() {
		t.Errorf("after restart: lives %d, score %d, message shown %v", w.keeper.Lives(), w.keeper.Score(), w.messageNode.Active())
	}
	if !hasColorNear(img, int(Spawn[0]), Height-int(Spawn[1]), 6, PlayerBody) {
		t.Error("after restart the player is not drawn at the spawn point")
	}
}

// hasColorNear reports whether a pixel within r of (x, y) has color c.
func hasColorNear(img *image.RGBA, x, y, r int, c render.Color) bool {
	for py := y - r; py <= y+r; py++ {
		for px := x - r; px <= x+r; px++ {
			if (image.Point{px, py}).In(img.Bounds()) && sampletest.Near(img.RGBAAt(px, py), sampletest.RGBA(c), 3) {
				return true
			}
		}
	}
	return false
}
