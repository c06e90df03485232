package physics2d

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// A character falling under gravity lands on the ground one skin above
// it, stops falling and stays on the floor; walking into a wall stops it
// there and reports the wall.
func TestCharacterLandsAndHitsWall(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	block(s, "Wall", 200, 50, 20, 100)
	c, w := hero(s, 0, 100)
	ticks(d, 120)
	if w.err != nil {
		t.Fatal(w.err)
	}
	if p := pos(c); !c.IsOnFloor() || c.IsOnWall() || !near(p[1], 10+skin, 0.01) || p[0] != 0 {
		t.Fatalf("after the fall: at %v, on floor %v, on wall %v; want (0, %v) on the floor", p, c.IsOnFloor(), c.IsOnWall(), 10+skin)
	}
	if c.Velocity[1] != 0 || c.FloorNormal() != (mgl32.Vec2{0, 1}) || c.Floor().Node().Name() != "Ground" {
		t.Fatalf("velocity %v, floor normal %v, floor %v", c.Velocity, c.FloorNormal(), c.Floor().Node().Name())
	}
	w.run = 120
	ticks(d, 120) // 240 px of run, the wall is 180 away
	p := pos(c)
	if !c.IsOnWall() || !c.IsOnFloor() || !near(p[0], 180-skin, 0.01) || !near(p[1], 10+skin, 0.01) {
		t.Fatalf("against the wall: at %v, wall %v floor %v; want (%v, %v)", p, c.IsOnWall(), c.IsOnFloor(), 180-skin, 10+skin)
	}
	if n := c.WallNormal(); !near(n[0], -1, 1e-6) || !near(n[1], 0, 1e-6) || c.Velocity[0] != 0 {
		t.Fatalf("wall normal %v, velocity %v", c.WallNormal(), c.Velocity)
	}
}

// A jump under a ceiling stops at it and loses its rise.
func TestCharacterCeiling(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	block(s, "Ceiling", 0, 70, 200, 20)
	c, w := hero(s, 0, 10+skin)
	w.gravity = 0
	c.Velocity = mgl32.Vec2{0, 300}
	ceiling := false
	for range 20 {
		d.Tick(step)
		ceiling = ceiling || c.IsOnCeiling()
	}
	if !ceiling || c.Velocity[1] != 0 || !near(pos(c)[1], 50-skin, 0.01) {
		t.Fatalf("ceiling met %v, velocity %v, at %v; want at y=%v", ceiling, c.Velocity, pos(c), 50-skin)
	}
}

// slope adds a static chain from (x0, 0) rising at deg degrees for length
// across, flat ground on both sides.
func slope(s *scenegraph.Scene, deg float64, across float32) {
	n := addNode(s, "Slope")
	scenegraph.AddComponent(n, NewRigidBody(StaticBody))
	rise := across * float32(math.Tan(deg*math.Pi/180))
	scenegraph.AddComponent(n, NewChainCollider(mgl32.Vec2{-1000, 0}, mgl32.Vec2{0, 0}, mgl32.Vec2{across, rise}, mgl32.Vec2{across + 1000, rise}))
}

// On a 30° slope the character walks up at the horizontal speed it is
// given, and standing still it does not slide down; a 60° slope is a wall
// it cannot walk up.
func TestCharacterSlopes(t *testing.T) {
	d, _, s := newWorld(t)
	slope(s, 30, 400)
	c, w := hero(s, -100, 10+skin)
	ticks(d, 10)
	w.run = 120
	ticks(d, 120) // 240 px: 100 flat, 140 up the slope
	p := pos(c)
	// The box's bottom-right corner rides the slope, one slop (measured
	// square to the slope) above it.
	wantY := 10 + 150*float32(math.Tan(math.Pi/6)) + skin/float32(math.Cos(math.Pi/6))
	if !c.IsOnFloor() || !near(p[0], 140, 0.05) || !near(p[1], wantY, 0.05) {
		t.Fatalf("up the 30° slope: at %v, on floor %v; want x=140, y about %v", p, c.IsOnFloor(), wantY)
	}
	if n := c.FloorNormal(); !near(n[1], float32(math.Cos(math.Pi/6)), 1e-4) {
		t.Fatalf("floor normal %v, want 30° from up", n)
	}
	w.run = 0
	ticks(d, 5)
	still := pos(c)
	ticks(d, 120)
	if p := pos(c); p.Sub(still).Len() > 0.01 || !c.IsOnFloor() {
		t.Fatalf("standing on the slope it slid from %v to %v", still, p)
	}

	d, _, s = newWorld(t)
	slope(s, 60, 400)
	c, w = hero(s, -100, 10+skin)
	w.run = 120
	ticks(d, 120)
	if p := pos(c); p[0] > 1 || p[1] > 10+skin+0.5 {
		t.Fatalf("walked up a 60° slope to %v", p)
	}
	if !c.IsOnWall() {
		t.Fatal("a 60° slope is not reported as a wall")
	}
}

// With a step height of 10 a 8-unit ledge is climbed without jumping; a
// 16-unit one stops the character.
func TestCharacterStepHeight(t *testing.T) {
	for _, tc := range []struct {
		ledge  float32
		climbs bool
	}{{8, true}, {16, false}} {
		d, _, s := newWorld(t)
		block(s, "Ground", 0, -10, 1000, 20)
		block(s, "Ledge", 150, tc.ledge/2, 100, tc.ledge)
		c, w := hero(s, 0, 10+skin)
		c.StepHeight = 10
		w.run = 120
		ticks(d, 60)
		p := pos(c)
		if tc.climbs {
			if !near(p[0], 120, 0.05) || !near(p[1], tc.ledge+10+skin, 0.02) || !c.IsOnFloor() {
				t.Fatalf("ledge %v: at %v, on floor %v; want (120, %v)", tc.ledge, p, c.IsOnFloor(), tc.ledge+10+skin)
			}
		} else if !near(p[0], 90-skin, 0.01) || !near(p[1], 10+skin, 0.01) || !c.IsOnWall() {
			t.Fatalf("ledge %v: at %v, on wall %v; want stopped at x=%v", tc.ledge, p, c.IsOnWall(), 90-skin)
		}
	}
}

// Standing on a kinematic platform the character rides it, across and up.
func TestCharacterRidesMovingPlatform(t *testing.T) {
	d, _, s := newWorld(t)
	n := addNode(s, "Lift")
	n.SetPositionXY(0, -5)
	lift := scenegraph.AddComponent(n, NewRigidBody(KinematicBody))
	scenegraph.AddComponent(n, NewBoxCollider(200, 10))
	c, _ := hero(s, 0, 10+skin)
	ticks(d, 10)
	if !c.IsOnFloor() || c.Floor() != lift {
		t.Fatalf("not standing on the lift: floor %v", c.Floor())
	}
	start := pos(c)
	lift.SetLinearVelocity(mgl32.Vec2{60, 30})
	ticks(d, 60)
	moved := pos(c).Sub(start)
	if !near(moved[0], 60, 0.05) || !near(moved[1], 30, 0.05) || !c.IsOnFloor() {
		t.Fatalf("in 1 s on a lift moving (60, 30) the character moved %v (on floor %v)", moved, c.IsOnFloor())
	}
	if gap := pos(c)[1] - lift.Position()[1]; !near(gap, 15+skin, 0.05) {
		t.Fatalf("character %v above the lift, want %v", gap, 15+skin)
	}
}

// A one-way platform lets the character jump up through it and then
// stands it on top; walking in from the side passes too.
func TestCharacterOneWayPlatform(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	plat := block(s, "Platform", 0, 60, 200, 10)
	plat.OneWay = true
	c, w := hero(s, 0, 10+skin)
	ticks(d, 2)
	c.Velocity[1] = 400 // rises 250 to y=260, falls back onto the platform in 2.3 s
	ticks(d, 150)
	if p := pos(c); !c.IsOnFloor() || c.Floor() != plat.RigidBody() || !near(p[1], 75+skin, 0.01) {
		t.Fatalf("after jumping through: at %v, floor %v; want on the platform at y=%v", p, c.Floor(), 75+skin)
	}
	// A body under the platform walks across without meeting its side.
	d, _, s = newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	plat = block(s, "Platform", 200, 10, 100, 10)
	plat.OneWay = true
	c, w = hero(s, 0, 10+skin)
	w.run = 120
	ticks(d, 240)
	if p := pos(c); !near(p[0], 480, 0.05) || c.IsOnWall() {
		t.Fatalf("walking through the platform's side: at %v, wall %v", p, c.IsOnWall())
	}
}

// The same run gives the same poses, bit for bit.
func TestCharacterDeterministic(t *testing.T) {
	run := func() []float32 {
		d, _, s := newWorld(t)
		slope(s, 25, 300)
		block(s, "Box", 400, 140, 40, 40)
		c, w := hero(s, -50, 30)
		c.StepHeight = 6
		var out []float32
		for i := range 300 {
			w.run = float32([]float32{150, -60, 200}[i/100])
			if i%70 == 0 {
				c.Velocity[1] = 250
			}
			d.Tick(step)
			p := pos(c)
			out = append(out, p[0], p[1])
		}
		return out
	}
	a, b := run(), run()
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			t.Fatalf("value %d differs: %v vs %v", i, a[i], b[i])
		}
	}
}

// MoveAndSlide refuses a non-finite velocity or time with an error naming
// the node, and a node without a kinematic body.
func TestCharacterRefusesBadInput(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	c, w := hero(s, 0, 10+skin)
	w.SetEnabled(false)
	ticks(d, 2)
	before := pos(c)
	c.Velocity = mgl32.Vec2{nan32, 0}
	if err := c.MoveAndSlide(step); err == nil || !strings.Contains(err.Error(), `"World/Hero"`) || !strings.Contains(err.Error(), "NaN") {
		t.Fatalf("NaN velocity: %v", err)
	}
	if c.Velocity != (mgl32.Vec2{}) || pos(c) != before {
		t.Fatalf("after the refusal: velocity %v, at %v", c.Velocity, pos(c))
	}
	if err := c.MoveAndSlide(math.Inf(1)); err == nil || !strings.Contains(err.Error(), "+Inf") {
		t.Fatalf("infinite dt: %v", err)
	}
	n := addNode(s, "Loose")
	lc := scenegraph.AddComponent(n, NewCharacterBody())
	if err := lc.MoveAndSlide(step); err == nil || !strings.Contains(err.Error(), `"World/Loose": needs an enabled RigidBody of type KinematicBody`) {
		t.Fatalf("no body: %v", err)
	}
	ticks(d, 10)
	finiteBodies(t, []*RigidBody{scenegraph.GetComponent[*RigidBody](c.Node())})
}

// A MoveAndSlide on the floor, walking, allocates nothing.
func TestCharacterAllocatesNothing(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 100000, 20)
	slope(s, 20, 100)
	c, w := hero(s, 0, 10+skin)
	w.SetEnabled(false)
	ticks(d, 2)
	a := testing.AllocsPerRun(200, func() {
		c.Velocity = mgl32.Vec2{100, c.Velocity[1] - 5}
		if err := c.MoveAndSlide(step); err != nil {
			t.Fatal(err)
		}
	})
	if a != 0 {
		t.Fatalf("MoveAndSlide allocates %v per call", a)
	}
}

// BenchmarkCharacterMoveAndSlide is one MoveAndSlide walking across a
// floor of 200 tiles, each its own body (no physics step between calls).
func BenchmarkCharacterMoveAndSlide(b *testing.B) {
	d, _, s := newWorld(b)
	for i := range 200 {
		block(s, "Tile", float32(i)*20-2000, -10, 20, 20)
	}
	c, w := hero(s, 0, 10+skin)
	w.SetEnabled(false)
	ticks(d, 2)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		// Back and forth across the tiles, falling onto them each time.
		c.Velocity = mgl32.Vec2{float32(100 - 200*(i/600%2)), c.Velocity[1] - 5}
		c.MoveAndSlide(step)
		i++
	}
}

// A dash longer than Box2D's per-step travel limit (2 m) still ends where
// the sweep put it, against the wall.
func TestCharacterFastDash(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 100000, 20)
	block(s, "Wall", 2000, 50, 20, 100)
	c, w := hero(s, 0, 10+skin)
	w.run = 30000 // 500 units per step
	ticks(d, 10)
	if p := pos(c); !near(p[0], 1980-skin, 0.01) || !c.IsOnWall() {
		t.Fatalf("dash ended at %v (wall %v), want x=%v", p, c.IsOnWall(), 1980-skin)
	}
}

// FuzzCharacterMoveAndSlide drives a character with any velocity, step
// height and snap over a level of ground, a slope, a one-way platform and
// a box: it never panics, stays finite, never sinks into the ground, and
// refuses non-finite input with an error.
func FuzzCharacterMoveAndSlide(f *testing.F) {
	f.Add(float32(120), float32(0), float32(0), float32(2), float32(30))
	f.Add(float32(-300), float32(500), float32(10), float32(0), float32(45))
	f.Add(float32(1e6), float32(-1e6), float32(100), float32(50), float32(89))
	f.Add(float32(math.NaN()), float32(0), float32(0), float32(0), float32(0))
	f.Fuzz(func(t *testing.T, vx, vy, stepH, snap, maxAngle float32) {
		d, _, s := newWorld(t)
		block(s, "Ground", 0, -10, 1e6, 20)
		slope(s, 35, 200)
		plat := block(s, "Platform", -150, 60, 100, 10)
		plat.OneWay = true
		block(s, "Crate", 300, 200, 40, 40)
		c, w := hero(s, -300, 10+skin)
		w.SetEnabled(false)
		c.StepHeight, c.SnapLength, c.FloorMaxAngle = stepH, snap, maxAngle
		bad := !finite(float64(vx), float64(vy), float64(stepH), float64(snap), float64(maxAngle))
		for i := range 40 {
			c.Velocity = mgl32.Vec2{vx, vy - float32(i)*5}
			err := c.MoveAndSlide(step)
			if bad != (err != nil) {
				t.Fatalf("input (%v, %v, %v, %v, %v): error %v", vx, vy, stepH, snap, maxAngle, err)
			}
			d.Tick(step)
			p := pos(c)
			if !finite2(p) || p[1] < 10-0.01 && math.Abs(float64(p[0])) < 4.9e5 { // over the ground
				t.Fatalf("step %d: at %v", i, p)
			}
		}
	})
}

// The character passes through sensors and through shapes outside its
// collider's mask, and stops at the rest.
func TestCharacterFilters(t *testing.T) {
	d, _, s := newWorld(t)
	block(s, "Ground", 0, -10, 1000, 20)
	sensor := block(s, "Sensor", 60, 50, 20, 100)
	sensor.Sensor = true
	ghost := block(s, "Ghost", 120, 50, 20, 100)
	ghost.Category = 2
	block(s, "Wall", 200, 50, 20, 100)
	for _, c := range []*Collider{sensor, ghost} { // re-add: categories are read on joining
		c.SetEnabled(false)
		c.SetEnabled(true)
	}
	c, w := hero(s, 0, 10+skin)
	box := scenegraph.GetComponent[*BoxCollider](c.Node())
	box.Mask = 1
	box.SetEnabled(false)
	box.SetEnabled(true)
	w.run = 120
	ticks(d, 120)
	if p := pos(c); !near(p[0], 180-skin, 0.01) || c.WallNormal() == (mgl32.Vec2{}) {
		t.Fatalf("at %v; want through the sensor and the category-2 ghost, stopped by the wall at x=%v", p, 180-skin)
	}
}
