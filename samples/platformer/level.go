package platformer

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/camera2d"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/physics2d"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/runtime/tilemap"
	"github.com/tact-engine/tact/runtime/transition"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// LevelFile is the level's Tiled map, under the asset root.
const LevelFile = "level.tmx"

// The character's movement, in world units (pixels of the art) and seconds.
const (
	RunSpeed   = 110
	JumpSpeed  = 330
	Gravity    = 900
	MaxFall    = 400
	CoinRadius = 12
	// HeroW, HeroH is the character's box.
	HeroW, HeroH = 12, 20
)

// Level is the state of one play of the level, on the scene's "Level"
// node: coins picked up, time played, and whether the goal was reached.
type Level struct {
	scenegraph.Component
	Coins, TotalCoins int
	Time              float64
	Won               bool
}

// Player moves the character: it reads the actions in Update and moves the
// CharacterBody in FixedUpdate, with the game's gravity (physics2d leaves a
// kinematic body's gravity to the game), picking up coins and finishing
// at the goal.
type Player struct {
	scenegraph.Component
	Actions *platform.Actions
	Body    *physics2d.CharacterBody
	Level   *Level
	Coins   *CoinField
	Goal    [4]float32 // the goal's rectangle: min x, min y, max x, max y
	Err     error      // the last MoveAndSlide error

	jump bool // a jump press waiting for the next fixed step
}

// Update latches a jump press for the next fixed step, so a press between
// two steps is never lost.
func (p *Player) Update(float64) {
	if p.Actions.JustPressed("jump") {
		p.jump = true
	}
}

// FixedUpdate runs, jumps, falls and collects.
func (p *Player) FixedUpdate(dt float64) {
	if p.Level.Won {
		p.Body.Velocity[0] = 0
	} else {
		p.Level.Time += dt
		p.Body.Velocity[0] = p.Actions.Axis("left", "right") * RunSpeed
	}
	if p.jump && p.Body.IsOnFloor() && !p.Level.Won {
		p.Body.Velocity[1] = JumpSpeed
	}
	p.jump = false
	p.Body.Velocity[1] = max(p.Body.Velocity[1]-Gravity*float32(dt), -MaxFall)
	if err := p.Body.MoveAndSlide(dt); err != nil {
		p.Err = err
	}
	pos := p.Node().WorldPosition()
	p.Level.Coins += p.Coins.Collect(mgl32.Vec2{pos[0], pos[1]})
	// The goal is reached when the character's box overlaps its rectangle.
	if !p.Level.Won && pos[0]+HeroW/2 >= p.Goal[0] && pos[0]-HeroW/2 <= p.Goal[2] &&
		pos[1]+HeroH/2 >= p.Goal[1] && pos[1]-HeroH/2 <= p.Goal[3] {
		p.Level.Won = true
	}
}

// Lift is a moving platform: a kinematic body that goes Travel units to
// the right of where it started and back, at Speed units a second. The
// CharacterBody standing on it rides along.
type Lift struct {
	scenegraph.Component
	Body          *physics2d.RigidBody
	Start         float32 // x of the left end
	Travel, Speed float32
	dir           float32
}

// FixedUpdate turns the lift round at either end of its travel.
func (l *Lift) FixedUpdate(float64) {
	if l.dir == 0 {
		l.dir = 1
	}
	x := l.Body.Position()[0]
	if x >= l.Start+l.Travel {
		l.dir = -1
	} else if x <= l.Start {
		l.dir = 1
	}
	_ = l.Body.SetLinearVelocity(mgl32.Vec2{l.dir * l.Speed, 0}) // finite by construction
}

// Coin marks a pooled coin node; it spins while in the scene.
type Coin struct {
	scenegraph.Component
	t float64
}

// Update spins the coin (a squash of its width).
func (c *Coin) Update(dt float64) {
	c.t += dt
	c.Node().SetScale(mgl32.Vec3{float32(math.Abs(math.Cos(c.t * 3))), 1, 1})
}

// Reuse restarts the spin of a coin taken from the pool.
func (c *Coin) Reuse() { c.t = 0 }

// CoinField keeps the level's live coins, taken from a NodePool at the
// positions of the map's Coins object layer and put back when collected.
type CoinField struct {
	Pool *scenegraph.NodePool
	Live []*scenegraph.Node
}

// Collect puts back into the pool every coin within CoinRadius of p and
// returns how many.
func (f *CoinField) Collect(p mgl32.Vec2) int {
	n := 0
	for i := 0; i < len(f.Live); {
		c := f.Live[i].Position()
		if d := (mgl32.Vec2{c[0] - p[0], c[1] - p[1]}); d.Len() <= CoinRadius {
			_ = f.Pool.Put(f.Live[i]) // a live coin in the scene: Put cannot fail
			f.Live[i] = f.Live[len(f.Live)-1]
			f.Live = f.Live[:len(f.Live)-1]
			n++
			continue
		}
		i++
	}
	return n
}

// HUD shows the coins and the time, top-left and top-right, and a message
// at the goal.
type HUD struct {
	scenegraph.Component
	Level               *Level
	Coins, Time, Banner *text.Label
	shown               [3]int
}

// Update rewrites the labels when their numbers change (so a steady frame
// builds no strings).
func (h *HUD) Update(float64) {
	sec := int(h.Level.Time)
	won := 0
	if h.Level.Won {
		won = 1
	}
	if h.shown == [3]int{h.Level.Coins, sec, won} && h.Coins.Text != "" {
		return
	}
	h.shown = [3]int{h.Level.Coins, sec, won}
	h.Coins.Text = "coins " + strconv.Itoa(h.Level.Coins) + "/" + strconv.Itoa(h.Level.TotalCoins)
	h.Time.Text = "time " + strconv.Itoa(sec/60) + ":" + strconv.Itoa(sec%60/10) + strconv.Itoa(sec%10)
	if h.Level.Won {
		h.Banner.Text = "GOAL!"
	}
}

// Pauser opens and closes the pause menu on the "pause" action. It listens
// at the start of every frame, because while the Director is paused no
// Update runs.
type Pauser struct {
	scenegraph.Component
	Game    *tact.Game
	Actions *platform.Actions
	Menu    *scenegraph.Node
	Resume  *scenegraph.Node
	off     func()
}

// OnEnable starts listening.
func (p *Pauser) OnEnable() {
	p.off = p.Game.Director().BeginFrame.On(func(*director.Director) {
		if p.Actions.JustPressed("pause") {
			p.SetPaused(!p.Game.Director().Paused())
		}
	})
}

// OnDisable stops listening (the scene is leaving).
func (p *Pauser) OnDisable() {
	if p.off != nil {
		p.off()
		p.off = nil
	}
}

// SetPaused shows the pause menu and pauses the Director, or hides it and
// resumes. Opening it focuses Resume, so a gamepad can pick at once.
func (p *Pauser) SetPaused(on bool) {
	d := p.Game.Director()
	if _, busy := director.Find[*transition.Transition](d); busy {
		return
	}
	p.Menu.SetActive(on)
	if on {
		d.Pause()
		ui.SystemOf(p.Menu).SetFocus(p.Resume)
	} else {
		d.Resume()
	}
}

// LevelScene builds the level from LevelFile: the tile map with its
// colliders, the character at the Start object, coins at the Coins
// objects, the goal, the sky, the camera, the HUD and the pause menu.
func LevelScene(g *tact.Game) (*scenegraph.Scene, error) {
	a := g.Assets()
	if a == nil {
		return nil, fmt.Errorf("platformer: no asset manager (Config.AssetRoot is empty)")
	}
	tilemap.Register(a)
	x, err := a.Load(LevelFile)
	if err != nil {
		return nil, fmt.Errorf("platformer: %w", err)
	}
	root, err := tilemap.MapOf(x).Instantiate(tilemap.Options{Colliders: colliders})
	if err != nil {
		return nil, fmt.Errorf("platformer: %s: %w", LevelFile, err)
	}
	tm := tilemap.TiledMapOf(root)
	size := tm.ContentSize()
	things := tm.ObjectGroup("Things")
	coinsGroup := tm.ObjectGroup("Coins")
	if things == nil || coinsGroup == nil || things.Object("Start") == nil || things.Object("Goal") == nil {
		return nil, fmt.Errorf("platformer: %s: needs object layers Things (objects Start and Goal) and Coins", LevelFile)
	}
	sky, err := a.Load("sky.png")
	if err != nil {
		return nil, fmt.Errorf("platformer: %w", err)
	}
	tiles, err := a.Load("tiles.png")
	if err != nil {
		return nil, fmt.Errorf("platformer: %w", err)
	}

	s := scenegraph.NewScene("Level")
	physics2d.Install(g.Director())
	state := scenegraph.NewNode("Level")
	s.AddChild(state)
	level := scenegraph.AddComponent(state, &Level{})

	camNode := scenegraph.NewNode("Camera")
	s.AddChild(camNode)
	cam := scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(render.RGBA(110, 170, 230, 255)))
	cam.OrthoHeight = ViewHeight / 2

	bg := scenegraph.NewNode("Sky")
	s.AddChild(bg)
	skySprite := scenegraph.AddComponent(bg, scenegraph.NewSprite(sky.Texture().ID, 64, 64))
	skySprite.Order = -10
	scenegraph.AddComponent(bg, &camera2d.Parallax{Camera: camNode, Factor: mgl32.Vec2{0.3, 0.1}, RepeatX: true, RepeatY: true})

	s.AddChild(root)

	// Coins: the pool builds each coin once; the object layer says where.
	coinTex := tiles.Texture().ID
	field := &CoinField{Pool: scenegraph.NewNodePool(func() *scenegraph.Node {
		n := scenegraph.NewNode("Coin")
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(coinTex, 16, 16))
		sp.UV = mgl32.Vec4{0.75, 0, 1, 1}
		sp.Order = 5
		scenegraph.AddComponent(n, &Coin{})
		return n
	})}
	coinsNode := scenegraph.NewNode("Coins")
	s.AddChild(coinsNode)
	for _, o := range coinsGroup.Objects() {
		n := field.Pool.Get()
		p := o.Node().WorldPosition()
		n.SetPositionXY(p[0], p[1])
		coinsNode.AddChild(n)
		field.Live = append(field.Live, n)
	}
	level.TotalCoins = len(field.Live)

	goalObj := things.Object("Goal")
	gp := goalObj.Node().WorldPosition()
	gw, gh := goalObj.Object.Width, goalObj.Object.Height
	goal := scenegraph.NewNode("Goal")
	goal.SetPositionXY(gp[0]+gw/2, gp[1]-gh/2)
	s.AddChild(goal)
	flag := scenegraph.AddComponent(goal, scenegraph.NewSprite(0, gw, gh))
	flag.Color = render.RGBA(230, 60, 60, 255)
	flag.Order = 4

	if lift := things.Object("Lift"); lift != nil {
		if err := addLift(s, lift, tiles.Texture().ID); err != nil {
			return nil, err
		}
	}

	actions := newActions(g.Input())
	start := things.Object("Start").Node().WorldPosition()
	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(start[0], start[1])
	s.AddChild(hero)
	body := scenegraph.AddComponent(hero, scenegraph.NewSprite(0, HeroW, HeroH))
	body.Color = render.RGBA(250, 250, 255, 255)
	body.Order = 6
	eye := scenegraph.NewNode("Eye")
	eye.SetPositionXY(3, 5)
	hero.AddChild(eye)
	eyeSprite := scenegraph.AddComponent(eye, scenegraph.NewSprite(0, 3, 4))
	eyeSprite.Color = render.RGBA(30, 30, 60, 255)
	eyeSprite.Order = 7
	scenegraph.AddComponent(hero, physics2d.NewRigidBody(physics2d.KinematicBody))
	scenegraph.AddComponent(hero, physics2d.NewBoxCollider(HeroW, HeroH))
	cb := scenegraph.AddComponent(hero, physics2d.NewCharacterBody())
	cb.StepHeight = 4
	scenegraph.AddComponent(hero, &Player{Actions: actions, Body: cb, Level: level, Coins: field,
		Goal: [4]float32{gp[0], gp[1] - gh, gp[0] + gw, gp[1]}})

	scenegraph.AddComponent(camNode, &camera2d.Follow{
		Target:    hero,
		Smoothing: 0.15,
		DeadZone:  mgl32.Vec2{24, 32},
		Bounds:    camera2d.Bounds{Max: size},
		PixelSnap: true,
	})
	// Start the camera on the hero, not at the origin.
	camNode.SetPositionXY(start[0], start[1])

	// The HUD, in a 320×180 design, and the pause menu inside it.
	hudNode := scenegraph.NewNode("HUD")
	s.AddChild(hudNode)
	scenegraph.AddComponent(hudNode, ui.NewCanvas(320, 180, ui.FixedHeight))
	coins := hudLabel(hudNode, "Coins", ui.EdgeLeft|ui.EdgeTop)
	clock := hudLabel(hudNode, "Time", ui.EdgeRight|ui.EdgeTop)
	banner := addLabel(hudNode, "Banner", "", 24, 0, 20)
	banner.Color = Accent
	scenegraph.AddComponent(hudNode, &HUD{Level: level, Coins: coins, Time: clock, Banner: banner})

	pause := scenegraph.NewNode("PauseMenu")
	hudNode.AddChild(pause)
	scenegraph.AddComponent(pause, ui.NewRect(320, 180))
	dim := scenegraph.AddComponent(pause, scenegraph.NewSprite(0, 400, 180))
	dim.Color = render.RGBA(0, 0, 0, 150)
	dim.Order = 8
	addLabel(pause, "Paused", "PAUSED", 20, 0, 50).Order = 9
	menu := addMenu(pause, "Menu", 0, -10)
	resume := addButton(menu, "Resume", "Resume")
	toTitle := addButton(menu, "Quit", "Quit to title")
	pauser := scenegraph.AddComponent(state, &Pauser{Game: g, Actions: actions, Menu: pause, Resume: resume.Node()})
	pause.SetActive(false)
	resume.Click.On(func(*ui.Button) { pauser.SetPaused(false) })
	toTitle.Click.On(func(*ui.Button) { fadeTo(g, func() *scenegraph.Scene { return TitleScene(g) }) })
	return s, nil
}

// addLift adds the moving platform of the Things object o (class
// "moving", float properties travel and speed) as a kinematic body drawn
// with the plank tile.
func addLift(s *scenegraph.Scene, o *tilemap.TiledObject, tex render.TextureID) error {
	travel, speed := float32(o.Object.Properties.Float("travel")), float32(o.Object.Properties.Float("speed"))
	w, h := o.Object.Width, o.Object.Height
	if !(travel > 0 && speed > 0 && w > 0 && h > 0) || math.IsInf(float64(travel+speed), 0) {
		return fmt.Errorf("platformer: %s: object %q: a moving platform needs a size and positive travel and speed properties", LevelFile, o.Object.Name)
	}
	p := o.Node().WorldPosition()
	n := scenegraph.NewNode("Lift")
	n.SetPositionXY(p[0]+w/2, p[1]-h/2)
	s.AddChild(n)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex, w, h))
	sp.UV = mgl32.Vec4{0.5, 0, 0.75, 6.0 / 16} // the plank's top 6 rows
	sp.Order = 3
	body := scenegraph.AddComponent(n, physics2d.NewRigidBody(physics2d.KinematicBody))
	scenegraph.AddComponent(n, physics2d.NewBoxCollider(w, h))
	scenegraph.AddComponent(n, &Lift{Body: body, Start: p[0] + w/2, Travel: travel, Speed: speed})
	return nil
}

// hudLabel adds a label pinned by a Widget to the HUD's corner edges.
func hudLabel(hud *scenegraph.Node, name string, edges ui.Edge) *text.Label {
	n := scenegraph.NewNode(name)
	hud.AddChild(n)
	scenegraph.AddComponent(n, ui.NewRect(84, 16))
	scenegraph.AddComponent(n, &ui.Widget{Edges: edges, Left: 4, Right: 4, Top: 4})
	// A dark plate behind the text keeps it readable over any sky.
	plate := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 84, 16))
	plate.Color = render.RGBA(20, 24, 40, 230)
	l := scenegraph.AddComponent(n, text.NewLabel("", 12, TextColor))
	l.Order = 1
	return l
}

// colliders gives the map's solid tiles static boxes and the Solids
// objects of class "oneway" one-way boxes; other objects (coins, the
// goal, the start) are the game's, not the physics'.
func colliders(n *scenegraph.Node, s tilemap.Shape) error {
	oneWay := false
	if s.Object != nil {
		if s.Object.Class != "oneway" {
			return nil
		}
		oneWay = true
	}
	if s.Kind != tilemap.ShapeRect {
		return fmt.Errorf("%q: a %v shape; the level wants rectangles", n.Name(), s.Kind)
	}
	scenegraph.AddComponent(n, physics2d.NewRigidBody(physics2d.StaticBody))
	c := scenegraph.AddComponent(n, physics2d.NewBoxCollider(s.Size[0], s.Size[1]))
	c.Offset = s.Center
	c.OneWay = oneWay
	return nil
}
