package blockdash

import (
	"strconv"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// StartLives is the number of lives a run starts with.
const StartLives = 3

// ScoreKeeper is the rules: it adds up the coins, takes a life on every
// PlayerHurt, and announces LivesChanged, GameOver and Won on the Level. It
// draws nothing and knows nothing of the HUD.
type ScoreKeeper struct {
	scenegraph.Component

	level     *Level
	score     int
	collected int
	lives     int
	over      bool
	offs      []func()
}

// NewScoreKeeper returns the rules for level.
func NewScoreKeeper(level *Level) *ScoreKeeper {
	return &ScoreKeeper{level: level, lives: StartLives}
}

// Score returns the points collected so far.
func (k *ScoreKeeper) Score() int { return k.score }

// Collected returns the number of coins collected so far.
func (k *ScoreKeeper) Collected() int { return k.collected }

// Lives returns the lives left.
func (k *ScoreKeeper) Lives() int { return k.lives }

// Over reports whether the run has ended (lost or won).
func (k *ScoreKeeper) Over() bool { return k.over }

// OnEnable subscribes to the level's signals.
func (k *ScoreKeeper) OnEnable() {
	k.offs = append(k.offs,
		k.level.CoinCollected.On(k.onCoin),
		k.level.PlayerHurt.On(k.onHurt),
	)
}

// OnDisable unsubscribes.
func (k *ScoreKeeper) OnDisable() {
	for _, off := range k.offs {
		off()
	}
	k.offs = k.offs[:0]
}

func (k *ScoreKeeper) onCoin(value int) {
	k.score += value
	k.collected++
	if k.collected == k.level.Coins && !k.over {
		k.over = true
		k.level.Won.Emit(k.score)
	}
}

func (k *ScoreKeeper) onHurt(struct{}) {
	if k.over {
		return
	}
	k.lives--
	k.level.LivesChanged.Emit(k.lives)
	if k.lives <= 0 {
		k.over = true
		k.level.GameOver.Emit(k.score)
	}
}

// HUD shows the score and the lives, and the end-of-run message. It
// listens to the same CoinCollected signal as the ScoreKeeper and keeps its
// own running total: a view built from the events alone, with no pointer to
// the rules.
type HUD struct {
	scenegraph.Component

	level   *Level
	score   *text.Label
	lives   *text.Label
	message *text.Label
	total   int
	offs    []func()
}

// NewHUD returns a HUD that writes into the given labels. message's node
// starts inactive and is activated at the end of the run.
func NewHUD(level *Level, score, lives, message *text.Label) *HUD {
	return &HUD{level: level, score: score, lives: lives, message: message}
}

// ScoreText returns what the score label shows.
func (h *HUD) ScoreText() string { return h.score.Text }

// OnEnable subscribes to the level's signals and shows the initial state.
func (h *HUD) OnEnable() {
	h.score.Text = scoreText(h.total)
	h.offs = append(h.offs,
		h.level.CoinCollected.On(func(v int) {
			h.total += v
			h.score.Text = scoreText(h.total)
		}),
		h.level.LivesChanged.On(func(n int) { h.lives.Text = livesText(n) }),
		h.level.GameOver.On(func(int) { h.show("GAME OVER - press R or Start to try again") }),
		h.level.Won.On(func(int) { h.show("ALL COINS! - press R or Start to play again") }),
	)
}

// OnDisable unsubscribes.
func (h *HUD) OnDisable() {
	for _, off := range h.offs {
		off()
	}
	h.offs = h.offs[:0]
}

func (h *HUD) show(msg string) {
	h.message.Text = msg
	h.message.Node().SetActive(true)
}

func scoreText(n int) string { return "Score: " + strconv.Itoa(n) }
func livesText(n int) string { return "Lives: " + strconv.Itoa(n) }

// Restarter restarts the game on R or a gamepad's Start, at any time:
// Game.Restart unloads the scene at the end of the frame and runs the start
// function again, so a restart is a fresh level, not a reset of each object.
type Restarter struct {
	scenegraph.Component
	game *tact.Game
}

// NewRestarter returns a Restarter for g.
func NewRestarter(g *tact.Game) *Restarter { return &Restarter{game: g} }

// Update watches for the restart buttons.
func (r *Restarter) Update(float64) {
	in := r.game.Input()
	restart := in.JustPressed(platform.KeyR)
	for _, pad := range in.Gamepads() {
		restart = restart || pad.JustPressed(platform.GamepadStart)
	}
	if restart {
		r.game.Restart()
	}
}
