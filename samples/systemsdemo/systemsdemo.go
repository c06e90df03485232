// Package systemsdemo is a sample of the engine systems, one corner each:
//
//   - tweens (top left): a square slides, spins and changes color in a
//     repeating sequence of To/By actions with Cocos easings;
//   - sprite animation (top right): a generated four-frame sprite sheet
//     plays a loop, then cross-fades to a ping-pong clip and back, every
//     second, with an event on one frame;
//   - physics (bottom left): Box2D boxes and balls fall on the ground,
//     stepped in the fixed step and drawn interpolated;
//   - collision (bottom right): balls bounce in a pen; a ball turns red
//     while it overlaps another (OnCollisionEnter/Exit);
//   - particles (middle): a fountain, drawn in one batch.
package systemsdemo

import (
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/particle"
	"github.com/tact-engine/tact/runtime/physics2d"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the systemsdemo sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "systemsdemo",
	Description: "tweens, sprite animation, collision, Box2D physics and particles",
	Configure: func(cfg *tact.Config) {
		if cfg.Title == "" {
			cfg.Title = "Tact - systemsdemo"
		}
	},
	Start: Start,
}

// Layout, in world units (y up, the screen is 800×600).
const (
	GroundTop          = 60       // physics ground's top edge
	PenMinX, PenMaxX   = 430, 780 // collision pen
	PenMinY, PenMaxY   = 40, 280
	BallRadius         = 10
	Balls              = 24
	BoxSize            = 24
	Boxes              = 6
	TweenY             = 520
	TweenFromX         = 80
	TweenToX           = 330
	FountainX          = 400
	FountainY          = 330
	AnimX, AnimY       = 600, 480
	SheetCell          = 16
	SheetCells         = 4
	PhysicsX           = 200
	CrossFadeEvery     = 1.0
	CrossFadeBlendTime = 0.25
)

// Colors the test looks for.
var (
	Background = render.RGBA(20, 22, 30, 255)
	GroundCol  = render.RGBA(90, 96, 120, 255)
	BallCol    = render.RGBA(80, 170, 255, 255)
	HitCol     = render.RGBA(255, 70, 60, 255)
	SheetCols  = [SheetCells]render.Color{
		render.RGBA(230, 60, 60, 255), render.RGBA(60, 200, 90, 255),
		render.RGBA(70, 110, 240, 255), render.RGBA(240, 210, 60, 255)}
)

// Stats counts what the systems did, for the test and for curious readers.
// It lives on the scene's root.
type Stats struct {
	scenegraph.Component
	// TweenLoops counts the tween's Call at the end of each loop.
	TweenLoops int
	// AnimEvents counts the animation's frame events; CrossFades its clip switches.
	AnimEvents, CrossFades int
	// Enters and Exits count collision callbacks on the balls.
	Enters, Exits int
	// Contacts counts physics begin-contact callbacks.
	Contacts int
}

// Start builds the scene.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Systems")
	stats := scenegraph.AddComponent(s.Root(), &Stats{})

	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{400, 300, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))

	buildTween(s, stats)
	if err := buildAnimation(g, s, stats); err != nil {
		return nil, err
	}
	buildPhysics(s)
	buildCollision(s, stats)
	buildParticles(s)
	return s, nil
}

func sprite(s *scenegraph.Scene, name string, x, y, w, h float32, c render.Color) (*scenegraph.Node, *scenegraph.Sprite) {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(x, y)
	s.AddChild(n)
	sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, w, h))
	sp.Color = c
	return n, sp
}

// buildTween: slide right (quadInOut) while turning yellow, spin half a turn
// (backOut), slide back (bounceOut) while turning back, count the loop.
func buildTween(s *scenegraph.Scene, stats *Stats) {
	n, sp := sprite(s, "Tweened", TweenFromX, TweenY, 40, 40, render.RGBA(240, 120, 200, 255))
	start := sp.Color
	tween.New(n).RepeatForever(tween.New(nil).
		To(0.8, tween.QuadInOut, tween.Position(mgl32.Vec3{TweenToX, TweenY, 0}), tween.SpriteColor(sp, render.RGBA(250, 230, 80, 255))).
		By(0.4, tween.BackOut, tween.Angle(180)).
		Parallel(
			tween.New(nil).To(0.8, tween.BounceOut, tween.Position(mgl32.Vec3{TweenFromX, TweenY, 0})),
			tween.New(nil).To(0.4, nil, tween.Scale(mgl32.Vec3{1.5, 1.5, 1})).To(0.4, nil, tween.Scale(mgl32.Vec3{1, 1, 1})),
			tween.New(nil).To(0.8, tween.SineOut, tween.SpriteColor(sp, start))).
		Call(func() { stats.TweenLoops++ })).
		Start()
}

// sheet is a 64×16 texture of four colored 16×16 cells, each with a dark
// border, made at run time so the sample needs no files.
func sheet() []byte {
	const w, h = SheetCell * SheetCells, SheetCell
	px := make([]byte, w*h*4)
	for y := range h {
		for x := range w {
			c := SheetCols[x/SheetCell]
			if cx := x % SheetCell; cx == 0 || cx == SheetCell-1 || y == 0 || y == h-1 {
				c = render.RGBA(10, 10, 10, 255)
			}
			i := (y*w + x) * 4
			px[i], px[i+1], px[i+2], px[i+3] = c.R(), c.G(), c.B(), c.A()
		}
	}
	return px
}

func buildAnimation(g *tact.Game, s *scenegraph.Scene, stats *Stats) error {
	tex := g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: SheetCell * SheetCells, Height: SheetCell, Filter: render.FilterNearest}, sheet())
	loop, err := animation.NewGridClip("loop", tex, SheetCell*SheetCells, SheetCell, SheetCell, SheetCell, 0, SheetCells, 8, animation.ClipLoop)
	if err != nil {
		return err
	}
	loop.Events = []animation.ClipEvent{{Frame: 3, Name: "last"}}
	pong, err := animation.NewGridClip("pong", tex, SheetCell*SheetCells, SheetCell, SheetCell, SheetCell, 0, SheetCells, 12, animation.ClipPingPong)
	if err != nil {
		return err
	}
	n, _ := sprite(s, "Animated", AnimX, AnimY, 96, 96, render.White)
	a := scenegraph.AddComponent(n, animation.NewAnimation(loop, pong))
	a.PlayOnLoad = true
	a.Event.On(func(animation.AnimationEvent) { stats.AnimEvents++ })
	scenegraph.AddComponent(n, &switcher{anim: a, stats: stats})
	return nil
}

// switcher cross-fades between the two clips every CrossFadeEvery seconds.
type switcher struct {
	scenegraph.Component
	anim  *animation.Animation
	stats *Stats
}

func (w *switcher) Start() {
	w.Schedule(func(float64) {
		next := "pong"
		if w.anim.Current() != nil && w.anim.Current().Name == "pong" {
			next = "loop"
		}
		if err := w.anim.CrossFade(next, CrossFadeBlendTime); err == nil {
			w.stats.CrossFades++
		}
	}, CrossFadeEvery, -1, CrossFadeEvery)
}

// buildPhysics: a static ground, a column of boxes and a few balls.
func buildPhysics(s *scenegraph.Scene) {
	ground, _ := sprite(s, "Ground", PhysicsX, GroundTop-10, 320, 20, GroundCol)
	scenegraph.AddComponent(ground, physics2d.NewRigidBody(physics2d.StaticBody))
	scenegraph.AddComponent(ground, physics2d.NewBoxCollider(320, 20))
	for i := range Boxes {
		n, _ := sprite(s, "Box", PhysicsX+float32(i%2)*4, GroundTop+60+float32(i)*(BoxSize+16), BoxSize, BoxSize,
			render.RGBA(200, 140, uint8(60+30*i), 255))
		scenegraph.AddComponent(n, physics2d.NewRigidBody(physics2d.DynamicBody))
		c := scenegraph.AddComponent(n, physics2d.NewBoxCollider(BoxSize, BoxSize))
		c.Friction = 0.6
	}
	for i := range 3 {
		n, _ := sprite(s, "Ball", PhysicsX-100+float32(i)*30, 300+float32(i)*40, 16, 16, render.RGBA(120, 230, 160, 255))
		scenegraph.AddComponent(n, physics2d.NewRigidBody(physics2d.DynamicBody))
		c := scenegraph.AddComponent(n, physics2d.NewCircleCollider(8))
		c.Restitution = 0.5
	}
	scenegraph.AddComponent(ground, &groundContacts{})
}

// groundContacts counts what lands on the ground.
type groundContacts struct{ scenegraph.Component }

func (g *groundContacts) OnBeginContact(self, other *physics2d.Collider) {
	scenegraph.GetComponent[*Stats](g.Node().Scene().Root()).Contacts++
}

// buildCollision: balls bounce in the pen; Ball turns them red while they
// touch another.
func buildCollision(s *scenegraph.Scene, stats *Stats) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range Balls {
		x := PenMinX + BallRadius + rng.Float32()*(PenMaxX-PenMinX-2*BallRadius)
		y := PenMinY + BallRadius + rng.Float32()*(PenMaxY-PenMinY-2*BallRadius)
		n, sp := sprite(s, "PenBall", x, y, 2*BallRadius, 2*BallRadius, BallCol)
		scenegraph.AddComponent(n, collision.NewCircleCollider(BallRadius))
		v := mgl32.Vec2{rng.Float32()*240 - 120, rng.Float32()*240 - 120}
		scenegraph.AddComponent(n, &Ball{Velocity: v, sprite: sp, stats: stats})
	}
}

// Ball moves in the pen and shows its collisions.
type Ball struct {
	scenegraph.Component
	// Velocity is in units per second.
	Velocity mgl32.Vec2
	// Touching counts the balls it overlaps now.
	Touching int
	sprite   *scenegraph.Sprite
	stats    *Stats
}

// Update moves the ball, bouncing on the pen's walls.
func (b *Ball) Update(dt float64) {
	p := b.Node().Position()
	x, y := p[0]+b.Velocity[0]*float32(dt), p[1]+b.Velocity[1]*float32(dt)
	if x < PenMinX+BallRadius || x > PenMaxX-BallRadius {
		b.Velocity[0] = -b.Velocity[0]
	}
	if y < PenMinY+BallRadius || y > PenMaxY-BallRadius {
		b.Velocity[1] = -b.Velocity[1]
	}
	b.Node().SetPositionXY(x, y)
}

// OnCollisionEnter turns the ball red.
func (b *Ball) OnCollisionEnter(self, other *collision.Collider) {
	b.Touching++
	b.stats.Enters++
	b.sprite.Color = HitCol
}

// OnCollisionExit turns it back when it touches nothing.
func (b *Ball) OnCollisionExit(self, other *collision.Collider) {
	b.Touching--
	b.stats.Exits++
	if b.Touching == 0 {
		b.sprite.Color = BallCol
	}
}

func buildParticles(s *scenegraph.Scene) {
	n := scenegraph.NewNode("Fountain")
	n.SetPositionXY(FountainX, FountainY)
	s.AddChild(n)
	e := particle.NewEmitter(600, 200, 1.2, 140, 10)
	e.AngleVar, e.SpeedVar = 20, 30
	e.Gravity = mgl32.Vec2{0, -180}
	e.StartColor, e.EndColor = render.RGBA(255, 200, 80, 255), render.RGBA(255, 60, 20, 0)
	e.EndSize = 3
	e.Seed = 1
	scenegraph.AddComponent(n, e)
}
