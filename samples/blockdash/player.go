package blockdash

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Player tuning, in pixels and seconds.
const (
	PlayerWidth, PlayerHeight = 28, 32
	RunSpeed                  = 240  // horizontal speed, px/s
	Gravity                   = 1800 // px/s²
	JumpSpeed                 = 720  // initial upward speed: a jump peaks at JumpSpeed²/(2·Gravity) = 144 px
	MaxFallSpeed              = 900
	// CoyoteTime lets a jump start shortly after running off an edge, which
	// players expect even if they never notice it.
	CoyoteTime = 0.08
	// InvulnerableTime follows a respawn, so the player is not hit again at once.
	InvulnerableTime = 1.5
	// StompBounce is the upward speed after landing on an enemy.
	StompBounce = 480
)

// Player moves its node with the keyboard or a gamepad: simple gravity and
// collision against the Level's boxes. It also reacts to the Level's
// PlayerHurt (respawn, blink) and GameOver (stop) signals.
type Player struct {
	scenegraph.Component

	// Velocity is in px/s, Y up.
	Velocity mgl32.Vec2
	// OnGround is true when the last move ended standing on a box.
	OnGround bool

	input    *platform.Input
	level    *Level
	sprite   *scenegraph.Sprite
	spawn    mgl32.Vec2
	coyote   float64 // time left to start a jump after leaving the ground
	invuln   float64 // time left without damage
	prevBot  float32 // bottom edge before this frame's move, for stomps
	frozen   bool    // game over
	offs     []func()
	baseTint render.Color
}

// NewPlayer returns a player that reads in, collides with level's solids
// and respawns at spawn.
func NewPlayer(in *platform.Input, level *Level, sprite *scenegraph.Sprite, spawn mgl32.Vec2) *Player {
	return &Player{input: in, level: level, sprite: sprite, spawn: spawn, baseTint: sprite.Color}
}

// OnEnable subscribes to the level's signals. Subscribing in OnEnable and
// unsubscribing in OnDisable (with the functions On returns) keeps a
// disabled or destroyed player from reacting to anything.
func (p *Player) OnEnable() {
	p.offs = append(p.offs,
		p.level.PlayerHurt.On(func(struct{}) { p.respawn() }),
		p.level.GameOver.On(func(int) { p.freeze(true) }),
		p.level.Won.On(func(int) { p.freeze(false) }),
	)
}

// OnDisable unsubscribes.
func (p *Player) OnDisable() {
	for _, off := range p.offs {
		off()
	}
	p.offs = p.offs[:0]
}

// Bounds returns the player's collision box.
func (p *Player) Bounds() Box {
	pos := p.Node().Position()
	return BoxAt(mgl32.Vec2{pos[0], pos[1]}, PlayerWidth, PlayerHeight)
}

// Vulnerable reports whether touching an enemy hurts now.
func (p *Player) Vulnerable() bool { return p.invuln <= 0 && !p.frozen }

// Active reports whether the player still plays (not game over).
func (p *Player) Active() bool { return !p.frozen && p.EnabledInHierarchy() }

// CanStomp reports whether the player, falling, was above top at the start
// of the frame: landing on an enemy rather than running into it.
func (p *Player) CanStomp(top float32) bool {
	return p.Velocity[1] < 0 && p.prevBot >= top-6
}

// Bounce throws the player up after a stomp.
func (p *Player) Bounce() { p.Velocity[1] = StompBounce }

// Controls is one frame of player intent, from whichever device is used.
type Controls struct {
	// Move is -1 (left) to 1 (right).
	Move float32
	// Jump is true on the frame a jump button is pressed.
	Jump bool
}

// ReadControls merges the keyboard and every connected gamepad.
func ReadControls(in *platform.Input) Controls {
	var c Controls
	if in.Down(platform.KeyLeft) || in.Down(platform.KeyA) {
		c.Move--
	}
	if in.Down(platform.KeyRight) || in.Down(platform.KeyD) {
		c.Move++
	}
	c.Jump = in.JustPressed(platform.KeySpace) || in.JustPressed(platform.KeyUp) || in.JustPressed(platform.KeyW)
	for _, pad := range in.Gamepads() {
		if !pad.Connected() {
			continue
		}
		// A dead zone: sticks rarely rest at exactly 0.
		if x := pad.Axis(platform.GamepadLeftX); x > 0.25 || x < -0.25 {
			c.Move += x
		}
		if pad.Down(platform.GamepadDPadLeft) {
			c.Move--
		}
		if pad.Down(platform.GamepadDPadRight) {
			c.Move++
		}
		c.Jump = c.Jump || pad.JustPressed(platform.GamepadA)
	}
	c.Move = max(-1, min(1, c.Move))
	return c
}

// Update runs the player's physics. It uses the frame's dt (capped, so a
// long frame cannot tunnel the player through a platform) rather than
// FixedUpdate: JustPressed is true for exactly one frame, and a fixed step
// can run zero times in a frame and miss it.
func (p *Player) Update(dt float64) {
	if p.frozen {
		return
	}
	step := float32(min(dt, 1.0/30))
	c := ReadControls(p.input)

	p.invuln -= dt
	p.coyote -= dt
	if p.OnGround {
		p.coyote = CoyoteTime
	}
	if c.Jump && p.coyote > 0 {
		p.Velocity[1] = JumpSpeed
		p.coyote = 0
	}
	p.Velocity[0] = c.Move * RunSpeed
	p.Velocity[1] = max(p.Velocity[1]-Gravity*step, -MaxFallSpeed)

	n := p.Node()
	pos := n.Position()
	p.prevBot = pos[1] - PlayerHeight/2

	// Move one axis at a time and push out of whatever box we entered: the
	// simplest collision response that never gets stuck on box corners.
	pos[0] += p.Velocity[0] * step
	pos[0] = max(PlayerWidth/2, min(p.level.Width-PlayerWidth/2, pos[0]))
	for _, s := range p.level.Solids {
		if BoxAt(mgl32.Vec2{pos[0], pos[1]}, PlayerWidth, PlayerHeight).Overlaps(s) {
			if p.Velocity[0] > 0 {
				pos[0] = s.Min[0] - PlayerWidth/2
			} else if p.Velocity[0] < 0 {
				pos[0] = s.Max[0] + PlayerWidth/2
			}
		}
	}
	pos[1] += p.Velocity[1] * step
	p.OnGround = false
	for _, s := range p.level.Solids {
		if BoxAt(mgl32.Vec2{pos[0], pos[1]}, PlayerWidth, PlayerHeight).Overlaps(s) {
			if p.Velocity[1] <= 0 {
				pos[1] = s.Max[1] + PlayerHeight/2
				p.OnGround = true
			} else {
				pos[1] = s.Min[1] - PlayerHeight/2 // bumped a ceiling
			}
			p.Velocity[1] = 0
		}
	}
	n.SetPosition(pos)
	if c.Move != 0 {
		p.sprite.FlipX = c.Move < 0
	}

	// Blink while invulnerable: hide every other tenth of a second.
	p.sprite.Color = p.baseTint
	if p.invuln > 0 && int(p.invuln*10)%2 == 1 {
		p.sprite.Color = render.RGBA(255, 255, 255, 60)
	}

	if pos[1] < -PlayerHeight {
		p.level.PlayerHurt.Emit(struct{}{}) // fell out of the world
	}
}

// respawn puts the player back at the start, briefly invulnerable.
func (p *Player) respawn() {
	p.Node().SetPosition(mgl32.Vec3{p.spawn[0], p.spawn[1], 0})
	p.Velocity = mgl32.Vec2{}
	p.invuln = InvulnerableTime
}

// freeze stops the player at the end of the run, greyed out if it lost.
func (p *Player) freeze(lost bool) {
	p.frozen = true
	p.Velocity = mgl32.Vec2{}
	p.sprite.Color = p.baseTint
	if lost {
		p.sprite.Color = render.RGBA(150, 150, 150, 255)
	}
}
