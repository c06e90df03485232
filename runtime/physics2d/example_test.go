package physics2d_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/physics2d"
	"github.com/tact-engine/tact/scenegraph"
)

// world returns a Director running an empty scene, and a static ground
// 1000 wide whose top is at y = 0.
func world() (*director.Director, *scenegraph.Scene) {
	d := director.New()
	s := scenegraph.NewScene("Level")
	d.RunScene(s)
	ground := scenegraph.NewNode("Ground")
	ground.SetPositionXY(0, -10)
	s.AddChild(ground)
	scenegraph.AddComponent(ground, physics2d.NewRigidBody(physics2d.StaticBody))
	scenegraph.AddComponent(ground, physics2d.NewBoxCollider(1000, 20))
	return d, s
}

// player drives a CharacterBody: run, jump, gravity, MoveAndSlide.
type player struct {
	scenegraph.Component
	body *physics2d.CharacterBody
	run  float32
}

func (p *player) FixedUpdate(dt float64) {
	c := p.body
	c.Velocity[0] = p.run
	if c.IsOnFloor() && p.run == 0 {
		c.Velocity[1] = 250 // jump when standing still
	}
	c.Velocity[1] -= 640 * float32(dt) // the game's own gravity
	if err := c.MoveAndSlide(dt); err != nil {
		panic(err)
	}
}

// A platformer character: a kinematic body with a box shape and a
// CharacterBody, moved from FixedUpdate. It falls onto the ground and
// stands on it; walking into a wall it stops there.
func ExampleCharacterBody() {
	d, s := world()
	wall := scenegraph.NewNode("Wall")
	wall.SetPositionXY(200, 50)
	s.AddChild(wall)
	scenegraph.AddComponent(wall, physics2d.NewRigidBody(physics2d.StaticBody))
	scenegraph.AddComponent(wall, physics2d.NewBoxCollider(20, 100))

	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(0, 60)
	s.AddChild(hero)
	scenegraph.AddComponent(hero, physics2d.NewRigidBody(physics2d.KinematicBody))
	scenegraph.AddComponent(hero, physics2d.NewBoxCollider(20, 20))
	body := scenegraph.AddComponent(hero, physics2d.NewCharacterBody())
	body.StepHeight = 8
	scenegraph.AddComponent(hero, &player{body: body, run: 150})

	for range 120 {
		d.Tick(1.0 / 60)
	}
	p := hero.Position()
	fmt.Printf("at (%.1f, %.1f), on floor %v, on wall %v\n", p[0], p[1], body.IsOnFloor(), body.IsOnWall())
	// Output: at (179.8, 10.2), on floor true, on wall true
}

// Shape casts find where a box would stop: here a 20×20 box swept down
// lands with its center 10 above the ground (plus Box2D's slop).
func ExampleSystem_CastBox() {
	d, s := world()
	d.Tick(1.0 / 60)
	sys := physics2d.SystemOf(s.Root())
	hit, ok, err := sys.CastBox(mgl32.Vec2{20, 20}, mgl32.Vec2{0, 100}, mgl32.Vec2{0, -100})
	if err != nil {
		panic(err)
	}
	stop := mgl32.Vec2{0, 100}.Add(mgl32.Vec2{0, -200}.Mul(float32(hit.Fraction)))
	fmt.Printf("%v: %s, normal %v, stops at y=%.2f\n", ok, hit.Collider.Node().Name(), hit.Normal, stop[1])
	// Output: true: Ground, normal [0 1], stops at y=10.16
}

// A filter keeps a ray off the caster's own body and off other
// categories.
func ExampleSystem_RaycastClosest() {
	d, s := world()
	eye := scenegraph.NewNode("Eye")
	eye.SetPositionXY(0, 50)
	s.AddChild(eye)
	self := scenegraph.AddComponent(eye, physics2d.NewRigidBody(physics2d.KinematicBody))
	scenegraph.AddComponent(eye, physics2d.NewCircleCollider(5))
	d.Tick(1.0 / 60)
	sys := physics2d.SystemOf(s.Root())
	from, to := mgl32.Vec2{0, 100}, mgl32.Vec2{0, -50}
	hit, _ := sys.RaycastClosest(from, to)
	fmt.Println("unfiltered:", hit.Collider.Node().Name())
	hit, _ = sys.RaycastClosest(from, to, physics2d.QueryFilter{Ignore: self})
	fmt.Println("ignoring itself:", hit.Collider.Node().Name())
	_, ok := sys.RaycastClosest(from, to, physics2d.QueryFilter{Ignore: self, Mask: 2})
	fmt.Println("category 2 only:", ok)
	// Output:
	// unfiltered: Eye
	// ignoring itself: Ground
	// category 2 only: false
}

// landing reads the contact normal and points when its node lands.
type landing struct{ scenegraph.Component }

func (landing) OnBeginContact(self, other *physics2d.Collider) {
	c := self.Contact()
	fmt.Printf("%s hit %s: normal %v, %d points\n", self.Node().Name(), other.Node().Name(), c.Normal, c.PointCount)
}

// Contact callbacks read the normal (from self toward the other collider)
// and the contact points from Collider.Contact.
func ExampleCollider_Contact() {
	d, s := world()
	box := scenegraph.NewNode("Box")
	box.SetPositionXY(0, 40)
	s.AddChild(box)
	scenegraph.AddComponent(box, physics2d.NewRigidBody(physics2d.DynamicBody))
	scenegraph.AddComponent(box, physics2d.NewBoxCollider(20, 20))
	scenegraph.AddComponent(box, &landing{})
	for range 60 {
		d.Tick(1.0 / 60)
	}
	fmt.Println("grounded:", scenegraph.GetComponent[*physics2d.RigidBody](box).Grounded())
	// Output:
	// Box hit Ground: normal [0 -1], 2 points
	// grounded: true
}

// A one-way platform: a box thrown up from below passes through it and
// lands on top.
func ExampleCollider_oneWay() {
	d, s := world()
	plat := scenegraph.NewNode("Platform")
	plat.SetPositionXY(0, 60)
	s.AddChild(plat)
	scenegraph.AddComponent(plat, physics2d.NewRigidBody(physics2d.StaticBody))
	scenegraph.AddComponent(plat, physics2d.NewBoxCollider(200, 10)).OneWay = true

	box := scenegraph.NewNode("Box")
	box.SetPositionXY(0, 11)
	s.AddChild(box)
	rb := scenegraph.AddComponent(box, physics2d.NewRigidBody(physics2d.DynamicBody))
	rb.FixedRotation = true
	scenegraph.AddComponent(box, physics2d.NewBoxCollider(20, 20))
	d.Tick(1.0 / 60)
	rb.SetLinearVelocity(mgl32.Vec2{0, 400})
	for range 180 {
		d.Tick(1.0 / 60)
	}
	fmt.Printf("box at y=%.1f, grounded %v\n", rb.Position()[1], rb.Grounded())
	// Output: box at y=75.5, grounded true
}

// A chain is ground of many segments: a ball rolls down its slope and
// along its flat part.
func ExampleChainCollider() {
	d, s := world()
	hill := scenegraph.NewNode("Hill")
	s.AddChild(hill)
	scenegraph.AddComponent(hill, physics2d.NewRigidBody(physics2d.StaticBody))
	scenegraph.AddComponent(hill, physics2d.NewChainCollider(
		mgl32.Vec2{-400, 200}, mgl32.Vec2{-200, 50}, mgl32.Vec2{0, 20}, mgl32.Vec2{400, 20}))
	ball := scenegraph.NewNode("Ball")
	ball.SetPositionXY(-380, 220)
	s.AddChild(ball)
	scenegraph.AddComponent(ball, physics2d.NewRigidBody(physics2d.DynamicBody))
	scenegraph.AddComponent(ball, physics2d.NewCircleCollider(8))
	for range 180 {
		d.Tick(1.0 / 60)
	}
	fmt.Println("rolled past x=-200:", ball.Position()[0] > -200)
	// Output: rolled past x=-200: true
}
