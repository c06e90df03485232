package blockdash

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Coin and enemy sizes, in pixels.
const (
	CoinSize                         = 16
	EnemyWidth, EnemyHeight          = 28, 24
	coinBobHeight, coinBobHz         = 3, 1.2
	enemyDefaultSpeed        float32 = 70
)

// Coin bobs in place and, when the player touches it, emits the Level's
// CoinCollected signal and destroys its node. It does not know who keeps
// the score or draws it: that is the point of the signal.
type Coin struct {
	scenegraph.Component
	// Value is added to the score.
	Value int

	level  *Level
	player *Player
	base   mgl32.Vec3
	phase  float64
}

// NewCoin returns a coin worth value, collected by player, reporting to level.
func NewCoin(level *Level, player *Player, value int) *Coin {
	return &Coin{level: level, player: player, Value: value}
}

// Start remembers where the coin rests. Start (not OnLoad) because it runs
// after the start function has placed the node, right before the first
// Update.
func (c *Coin) Start() {
	c.base = c.Node().Position()
	// Spread the phases so the coins do not bob in lockstep.
	c.phase = float64(c.base[0]) * 0.05
}

// Update bobs the coin.
func (c *Coin) Update(dt float64) {
	c.phase += dt * coinBobHz * 2 * math.Pi
	p := c.base
	p[1] += coinBobHeight * float32(math.Sin(c.phase))
	c.Node().SetPosition(p)
}

// LateUpdate checks the pickup. LateUpdate runs after every component's
// Update, so the player has already moved this frame whatever the order of
// the components.
func (c *Coin) LateUpdate(float64) {
	if !c.player.Active() {
		return
	}
	p := c.Node().Position()
	if BoxAt(mgl32.Vec2{p[0], p[1]}, CoinSize, CoinSize).Overlaps(c.player.Bounds()) {
		// Destroy first: the node stops updating and drawing at once (its
		// components get OnDisable now) and leaves the tree at the end of the
		// frame. A second touch in the same frame cannot count twice, as
		// this component is no longer called.
		c.Node().Destroy()
		c.level.CoinCollected.Emit(c.Value)
	}
}

// Enemy patrols between MinX and MaxX. The player destroys it by landing on
// it and is hurt by touching it from the side.
type Enemy struct {
	scenegraph.Component
	// MinX and MaxX bound the patrol; Speed is in px/s.
	MinX, MaxX, Speed float32

	level  *Level
	player *Player
	sprite *scenegraph.Sprite
	dir    float32
}

// NewEnemy returns an enemy patrolling minX..maxX that hurts player.
func NewEnemy(level *Level, player *Player, sprite *scenegraph.Sprite, minX, maxX float32) *Enemy {
	return &Enemy{level: level, player: player, sprite: sprite, MinX: minX, MaxX: maxX, Speed: enemyDefaultSpeed, dir: 1}
}

// Bounds returns the enemy's collision box.
func (e *Enemy) Bounds() Box {
	p := e.Node().Position()
	return BoxAt(mgl32.Vec2{p[0], p[1]}, EnemyWidth, EnemyHeight)
}

// Update walks the patrol, turning at its ends.
func (e *Enemy) Update(dt float64) {
	n := e.Node()
	p := n.Position()
	p[0] += e.dir * e.Speed * float32(dt)
	if p[0] > e.MaxX {
		p[0], e.dir = e.MaxX, -1
	} else if p[0] < e.MinX {
		p[0], e.dir = e.MinX, 1
	}
	n.SetPosition(p)
	e.sprite.FlipX = e.dir < 0
}

// LateUpdate resolves contact with the player, after everyone has moved.
func (e *Enemy) LateUpdate(float64) {
	if !e.player.Active() {
		return
	}
	b := e.Bounds()
	if !b.Overlaps(e.player.Bounds()) {
		return
	}
	if e.player.CanStomp(b.Max[1]) {
		// Destroyed mid-frame: OnDisable runs now, so this enemy neither
		// updates nor draws again; the node stays in the tree (IsValid is
		// true, IsValidStrict false) until the deferred-destroy step at the
		// end of this frame's update.
		e.Node().Destroy()
		e.player.Bounce()
		e.level.EnemyStomped.Emit(e.Node())
		return
	}
	if e.player.Vulnerable() {
		e.level.PlayerHurt.Emit(struct{}{})
	}
}
