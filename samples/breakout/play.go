package breakout

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/runtime/vector"
	"github.com/tact-engine/tact/scenegraph"
)

// The playfield's pieces, in pixels and pixels per second.
const (
	Rows, Cols          = 6, 10
	BrickW, BrickH      = 70, 22
	BrickGap            = 6
	BricksTop           = Height - 90
	PaddleW, PaddleH    = 110, 16
	PaddleY             = 50
	PaddleSpeed         = 620
	BallSize            = 12
	NormalSpeed         = 330
	FastSpeed           = 450
	StartLives          = 3
	PointsPerBrickRow   = 10 // the top row is worth Rows times this
	maxBounceAngleDeg   = 60
	launchDelayAfterHit = 0.6
)

var rowColors = [Rows]render.Color{
	render.RGBA(235, 80, 90, 255), render.RGBA(240, 140, 60, 255), render.RGBA(245, 200, 70, 255),
	render.RGBA(110, 200, 100, 255), render.RGBA(80, 170, 230, 255), render.RGBA(150, 110, 230, 255),
}

// Match holds a game's state; the other components hear it through its
// signals instead of pointing at each other.
type Match struct {
	scenegraph.Component

	Score, Lives, Bricks int
	// Paused stops the play while the pause menu shows; the menu itself
	// keeps working.
	Paused bool
	// Over is set when the game has ended, won or lost.
	Over, Won bool

	// Changed is emitted when the score or the lives change.
	Changed core.Signal[*Match]
	// Ended is emitted once when the game ends.
	Ended core.Signal[*Match]
}

// brickHit scores a brick of row row (0 is the top).
func (m *Match) brickHit(row int) {
	m.Score += (Rows - row) * PointsPerBrickRow
	m.Bricks--
	m.Changed.Emit(m)
	if m.Bricks == 0 {
		m.end(true)
	}
}

// ballLost takes a life.
func (m *Match) ballLost() {
	m.Lives--
	m.Changed.Emit(m)
	if m.Lives == 0 {
		m.end(false)
	}
}

func (m *Match) end(won bool) {
	if m.Over {
		return
	}
	m.Over, m.Won = true, won
	m.Ended.Emit(m)
}

// Paddle moves with the "left"/"right" actions (keys, gamepad stick) or
// follows the mouse when it moves.
type Paddle struct {
	scenegraph.Component
	Match   *Match
	Actions *platform.Actions
	Width   float32

	lastMouse mgl32.Vec3
	cam       *scenegraph.Camera
}

// Update moves the paddle and keeps it inside the playfield.
func (p *Paddle) Update(dt float64) {
	if p.Match.Paused || p.Match.Over {
		return
	}
	n := p.Node()
	x := n.Position()[0]
	x += p.Actions.Axis("left", "right") * PaddleSpeed * float32(dt)
	if g := tact.GameOf(n); g != nil && p.cam != nil {
		if w, ok := g.PointerWorld(p.cam); ok && w != p.lastMouse {
			if p.lastMouse != (mgl32.Vec3{}) {
				x = w[0]
			}
			p.lastMouse = w
		}
	}
	half := p.Width / 2
	x = min(max(x, half), Width-half)
	n.SetPositionXY(x, PaddleY)
}

// Ball bounces off the walls, the paddle and the bricks; it waits on the
// paddle until launched.
type Ball struct {
	scenegraph.Component
	Match   *Match
	Actions *platform.Actions
	Paddle  *Paddle
	Bricks  *scenegraph.Node
	Speed   float32

	vel     mgl32.Vec2
	onPad   bool
	waiting float64
}

// Start puts the ball on the paddle.
func (b *Ball) Start() { b.onPad = true }

// Update moves the ball by dt and resolves what it hits.
func (b *Ball) Update(dt float64) {
	if b.Match.Paused || b.Match.Over {
		return
	}
	n := b.Node()
	pad := b.Paddle.Node().Position()
	if b.onPad {
		n.SetPositionXY(pad[0], PaddleY+PaddleH/2+BallSize/2+1)
		b.waiting += dt
		if b.waiting >= launchDelayAfterHit && b.Actions.JustPressed("launch") {
			b.onPad = false
			b.vel = mgl32.Vec2{0.35, 1}.Normalize().Mul(b.Speed)
		}
		return
	}
	p := n.Position()
	x, y := p[0]+b.vel[0]*float32(dt), p[1]+b.vel[1]*float32(dt)
	const r = BallSize / 2
	switch {
	case x < r:
		x, b.vel[0] = r, abs(b.vel[0])
	case x > Width-r:
		x, b.vel[0] = Width-r, -abs(b.vel[0])
	}
	if y > Height-r {
		y, b.vel[1] = Height-r, -abs(b.vel[1])
	}
	// The paddle: the further from its centre, the steeper the bounce.
	half := b.Paddle.Width / 2
	if b.vel[1] < 0 && y-r <= PaddleY+PaddleH/2 && y-r >= PaddleY-PaddleH/2 && x >= pad[0]-half-r && x <= pad[0]+half+r {
		off := min(max((x-pad[0])/half, -1), 1)
		a := float64(off) * maxBounceAngleDeg * math.Pi / 180
		b.vel = mgl32.Vec2{float32(math.Sin(a)), float32(math.Cos(a))}.Mul(b.Speed)
		y = PaddleY + PaddleH/2 + r
	}
	if y < -BallSize {
		b.Match.ballLost()
		b.onPad, b.waiting = true, 0
		return
	}
	n.SetPositionXY(x, y)
	b.hitBricks(x, y)
}

// hitBricks destroys the first brick the ball overlaps and bounces off it
// along the axis of least penetration.
func (b *Ball) hitBricks(x, y float32) {
	const r = BallSize / 2
	for _, br := range b.Bricks.Children() {
		if !br.ActiveInHierarchy() || !br.IsValidStrict() {
			continue
		}
		c := br.Position()
		dx := abs(x-c[0]) - (BrickW/2 + r)
		dy := abs(y-c[1]) - (BrickH/2 + r)
		if dx > 0 || dy > 0 {
			continue
		}
		if dx > dy { // shallower from the side
			b.vel[0] = sign(x-c[0]) * abs(b.vel[0])
		} else {
			b.vel[1] = sign(y-c[1]) * abs(b.vel[1])
		}
		row := scenegraph.GetComponent[*Brick](br).Row
		br.Destroy()
		b.Match.brickHit(row)
		return
	}
}

// Brick is a brick's row, for its points.
type Brick struct {
	scenegraph.Component
	Row int
}

// Pauser opens and closes the pause menu on Esc or Start.
type Pauser struct {
	scenegraph.Component
	Match   *Match
	Actions *platform.Actions
	Menu    *scenegraph.Node
}

// Update toggles the pause on the "pause" action.
func (p *Pauser) Update(float64) {
	if !p.Match.Over && p.Actions.JustPressed("pause") {
		p.SetPaused(!p.Match.Paused)
	}
}

// SetPaused shows or hides the pause menu and stops or resumes the play.
func (p *Pauser) SetPaused(on bool) {
	p.Match.Paused = on
	p.Menu.SetActive(on)
}

// HUD shows the score and the lives, and the end of the game.
type HUD struct {
	scenegraph.Component
	Score, Lives, Message *text.Label
}

func (h *HUD) show(m *Match) {
	h.Score.Text = "score " + itoa(m.Score)
	h.Lives.Text = "lives " + itoa(m.Lives)
}

// PlayScene builds a new game with the settings set.
func PlayScene(g *tact.Game, set Settings) *scenegraph.Scene {
	s := newScene("Play")
	actions := platform.NewActions(g.Input())
	actions.Bind("left", platform.KeyBinding(platform.KeyLeft), platform.KeyBinding(platform.KeyA),
		platform.GamepadAxisBinding(platform.GamepadLeftX).Negative())
	actions.Bind("right", platform.KeyBinding(platform.KeyRight), platform.KeyBinding(platform.KeyD),
		platform.GamepadAxisBinding(platform.GamepadLeftX).Positive())
	actions.Bind("launch", platform.KeyBinding(platform.KeySpace), platform.MouseBinding(platform.MouseLeft),
		platform.GamepadButtonBinding(platform.GamepadA))
	actions.Bind("pause", platform.KeyBinding(platform.KeyEscape), platform.KeyBinding(platform.KeyP),
		platform.GamepadButtonBinding(platform.GamepadStart))

	world := scenegraph.NewNode("World")
	s.AddChild(world)
	match := scenegraph.AddComponent(world, &Match{Lives: StartLives, Bricks: Rows * Cols})

	bricks := scenegraph.NewNode("Bricks")
	world.AddChild(bricks)
	left := float32(Width-(Cols*BrickW+(Cols-1)*BrickGap)) / 2
	for row := range Rows {
		for col := range Cols {
			n := scenegraph.NewNode("Brick")
			n.SetPositionXY(left+BrickW/2+float32(col)*(BrickW+BrickGap), BricksTop-float32(row)*(BrickH+BrickGap))
			bricks.AddChild(n)
			sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, BrickW, BrickH))
			sp.Color = rowColors[row]
			scenegraph.AddComponent(n, &Brick{Row: row})
		}
	}

	width := float32(PaddleW)
	if set.WidePaddle {
		width *= 1.5
	}
	padNode := scenegraph.NewNode("Paddle")
	padNode.SetPositionXY(Width/2, PaddleY)
	world.AddChild(padNode)
	scenegraph.AddComponent(padNode, scenegraph.NewSprite(0, width, PaddleH)).Color = TextColor
	paddle := scenegraph.AddComponent(padNode, &Paddle{Match: match, Actions: actions, Width: width,
		cam: scenegraph.GetComponent[*scenegraph.Camera](s.Find("Camera"))})

	speed := float32(NormalSpeed)
	if set.FastBall {
		speed = FastSpeed
	}
	ballNode := scenegraph.NewNode("Ball")
	world.AddChild(ballNode)
	// The ball is a vector circle: anti-aliased edges at any size.
	disc := scenegraph.AddComponent(ballNode, vector.NewGraphics())
	disc.FillColor = Accent
	disc.Circle(0, 0, BallSize/2)
	disc.Fill()
	scenegraph.AddComponent(ballNode, &Ball{Match: match, Actions: actions, Paddle: paddle, Bricks: bricks, Speed: speed})

	hud := scenegraph.AddComponent(world, &HUD{
		Score:   addLabel(s.Root(), "Score", "", 22, 80, Height-24),
		Lives:   addLabel(s.Root(), "Lives", "", 22, Width-80, Height-24),
		Message: addLabel(s.Root(), "Message", "", 40, Width/2, Height/2-60),
	})
	hud.show(match)
	match.Changed.On(hud.show)

	// The pause menu: a panel over the play, with its own buttons.
	pause := scenegraph.NewNode("PauseMenu")
	pause.SetPositionXY(Width/2, Height/2)
	s.AddChild(pause)
	dim := scenegraph.AddComponent(pause, scenegraph.NewSprite(0, Width, Height))
	dim.Color, dim.Order = render.RGBA(0, 0, 0, 150), 5
	blocker := scenegraph.AddComponent(pause, ui.NewRect(Width, Height))
	blocker.BlockInput = true // the play under the menu gets no clicks
	paused := addLabel(pause, "Paused", "PAUSED", 48, 0, 110)
	paused.Order = 6
	menu := addMenu(pause, "Menu", 0, -10)
	resume := addButton(menu, "Resume", "Resume")
	toTitle := addButton(menu, "Quit", "Quit to title")
	for _, c := range menu.Children() {
		raise(c, 7)
	}
	pauser := scenegraph.AddComponent(world, &Pauser{Match: match, Actions: actions, Menu: pause})
	pause.SetActive(false)
	resume.Click.On(func(*ui.Button) { pauser.SetPaused(false) })
	toTitle.Click.On(func(*ui.Button) { fadeTo(g, TitleScene(g, LoadSettings(g))) })

	match.Ended.On(func(m *Match) {
		if m.Won {
			hud.Message.Text = "cleared!"
		} else {
			hud.Message.Text = "game over"
		}
		cur := LoadSettings(g)
		if m.Score > cur.Best {
			cur.Best = m.Score
			SaveSettings(g, cur)
		}
		// Back to the title after a moment.
		match.ScheduleOnce(func(float64) { fadeTo(g, TitleScene(g, LoadSettings(g))) }, 2)
	})
	return s
}

// raise draws n's sprites and labels (and its children's) at order o and
// above, over the dimmed play.
func raise(n *scenegraph.Node, o int16) {
	if sp := scenegraph.GetComponent[*scenegraph.Sprite](n); sp != nil {
		sp.Order = o
	}
	if l := scenegraph.GetComponent[*text.Label](n); l != nil {
		l.Order = o + 1
	}
	for _, c := range n.Children() {
		raise(c, o+1)
	}
}

func abs(v float32) float32 { return float32(math.Abs(float64(v))) }

func sign(v float32) float32 {
	if v < 0 {
		return -1
	}
	return 1
}
