package scenegraph_test

import (
	"fmt"
	"math/rand"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Swarm moves every sprite of its node's SpriteBatch: the game keeps the
// state it needs (here velocities) in its own slices, parallel to
// Positions.
type Swarm struct {
	scenegraph.Component
	vel []mgl32.Vec2
}

func (s *Swarm) Update(dt float64) {
	sb := scenegraph.GetComponent[*scenegraph.SpriteBatch](s.Node())
	for i := range sb.Positions {
		p := sb.Positions[i].Add(s.vel[i].Mul(float32(dt)))
		if p[0] < 0 || p[0] > 800 {
			s.vel[i][0] = -s.vel[i][0]
		}
		if p[1] < 0 || p[1] > 600 {
			s.vel[i][1] = -s.vel[i][1]
		}
		sb.Positions[i] = p
	}
}

// A SpriteBatch draws 200,000 sprites from one node: the bulk path. Each
// sprite is an entry in Positions (and, optionally, Colors and FrameOf);
// the batch records them all as one draw item, so the per-sprite cost is
// one instance written into the frame.
func ExampleSpriteBatch() {
	s := scenegraph.NewScene("Swarm")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(400, 300) // world (0,0) is the bottom-left pixel
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))

	const n = 200000
	swarm := scenegraph.NewNode("Swarm")
	s.AddChild(swarm)
	sb := scenegraph.AddComponent(swarm, scenegraph.NewSpriteBatch(0, 4, 4)) // texture 0 is white
	sb.Frames = []mgl32.Vec4{{0, 0, 1, 1}}
	mover := &Swarm{}
	r := rand.New(rand.NewSource(1))
	for range n {
		sb.Positions = append(sb.Positions, mgl32.Vec2{r.Float32() * 800, r.Float32() * 600})
		sb.Colors = append(sb.Colors, render.RGBA(uint8(r.Intn(256)), 128, 255, 255))
		mover.vel = append(mover.vel, mgl32.Vec2{r.Float32()*200 - 100, r.Float32()*200 - 100})
	}
	scenegraph.AddComponent(swarm, mover)
	s.Launch()

	// What the Director does every frame: update, then record.
	s.ComponentScheduler().UpdatePhase(1.0 / 60)
	f := render.NewFrame()
	f.SetScreenSize(800, 600)
	scenegraph.Extract(s, f)
	batches, _ := f.Batches()
	fmt.Println("items:", len(f.Items()), "sprites:", len(f.SpriteInstances()), "batches:", len(batches))
	// Output: items: 1 sprites: 200000 batches: 1
}
