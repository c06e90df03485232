// Package bunnymark is Tact's sprite benchmark: N bunnies (32×32 sprites
// sharing one texture made in code) move and bounce off the edges of an
// 800×600 window, one update per frame, vsync off and no frame-rate cap.
// After a warm-up it measures a number of frames and prints one line that
// starts with "RESULT ", with the same fields as the Ebitengine peer
// (shared/peers/ebiten-bunnymark), so the two engines compare line for line.
//
// It is written the way an engine user would write it: one component (Bunnies)
// updates a slice of structs, and every bunny is a node with a
// scenegraph.Sprite. With -bulk the bunnies are instead the entries of one
// scenegraph.SpriteBatch (the bulk path, for 100,000 sprites and more): no
// node per bunny. Up or Right adds 1000 bunnies, Down or Left removes 1000.
//
// Run it from the launcher:
//
//	go run ./samples/launcher -scene bunnymark -n 10000 -frames 300 -warmup 60
//	go run ./samples/launcher -scene bunnymark -n 200000 -scale 0.125 -bulk
package bunnymark

import (
	"flag"
	"io"
	"math/rand"
	"os"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// The window and the bunny texture, as in the peer.
const (
	screenW = 800
	screenH = 600
	texSize = 32
	// step is how many bunnies Up/Down add or remove.
	step = 1000
	// defaultFrames is how many frames are measured when the launcher's
	// -frames flag is not given.
	defaultFrames = 300
)

// Settings are the sample's options; the launcher sets them from its command
// line (see Sample.Flags). Their zero values are not used: Options holds the
// defaults.
type Settings struct {
	N          int     // -n: number of bunnies at start
	Warmup     int     // -warmup: frames before measuring
	Seed       int64   // -seed: random seed of positions and velocities
	Scale      float64 // -scale: sprite scale (0.125 takes fill rate out)
	CPUProfile string  // -cpuprofile: write a Go CPU profile of the measured frames
	MemProfile string  // -memprofile: write an allocation profile (every 512 B) at the end
	Bulk       bool    // -bulk: one SpriteBatch instead of a node and a Sprite per bunny
}

// Options are the settings the next Start uses.
var Options = Settings{N: 1000, Warmup: 60, Seed: 1, Scale: 1}

// Output receives the RESULT line.
var Output io.Writer = os.Stdout

// Sample is the bunnymark sample for the launcher.
//
// The number of measured frames is the launcher's -frames flag
// (Config.MaxFrames; 300 if it is not set): Configure adds the warm-up to it,
// and one more frame, so `-warmup 60 -frames 300` measures frames 61 to 360 as
// the peer does, and the Game quits after frame 361. That last frame is not
// measured because sample.Run reads it back for its screenshot (a read-back
// waits for the GPU). Started from inside another scene (the launcher's
// list), bunnymark measures 300 frames, reports once and goes on.
var Sample = sample.Sample{
	Name:        "bunnymark",
	Description: "N bouncing sprites sharing one texture; prints a RESULT benchmark line (Up/Down: ±1000)",
	Flags:       registerFlags,
	Configure:   configure,
	Start:       start,
}

func registerFlags(fs *flag.FlagSet) {
	fs.IntVar(&Options.N, "n", Options.N, "bunnymark: number of sprites")
	fs.IntVar(&Options.Warmup, "warmup", Options.Warmup, "bunnymark: warm-up frames before measuring")
	fs.Int64Var(&Options.Seed, "seed", Options.Seed, "bunnymark: random seed")
	fs.Float64Var(&Options.Scale, "scale", Options.Scale, "bunnymark: sprite scale (0.125 draws 4x4 sprites)")
	fs.StringVar(&Options.CPUProfile, "cpuprofile", Options.CPUProfile, "bunnymark: write a Go CPU profile of the measured frames to this file")
	fs.StringVar(&Options.MemProfile, "memprofile", Options.MemProfile, "bunnymark: write a Go allocation profile to this file after measuring")
	fs.BoolVar(&Options.Bulk, "bulk", Options.Bulk, "bunnymark: draw the bunnies with one SpriteBatch (no node per bunny)")
}

// configure asks for the peer's window, with no vsync, and makes room for
// the warm-up and the final screenshot frame in the run length.
func configure(cfg *tact.Config) {
	cfg.Title = "Tact bunnymark"
	cfg.Width, cfg.Height = screenW, screenH
	cfg.VSync = false
	cfg.FrameRate = tact.Uncapped // run as fast as the machine allows
	if cfg.MaxFrames == 0 {
		cfg.MaxFrames = defaultFrames
	}
	cfg.MaxFrames += uint64(max(Options.Warmup, 0)) + 1 // + the screenshot frame
}

// start builds the scene: a camera that maps world units to window pixels
// (origin at the bottom-left) and the bunnies.
func start(g *tact.Game) (*scenegraph.Scene, error) {
	launched := g.Director().Scene() == nil // we are the Game's launch scene
	o := Options
	warmup := max(o.Warmup, 0)
	frames := defaultFrames
	if mf := int(g.Config().MaxFrames); launched && mf > warmup+1 {
		frames = mf - warmup - 1 // configure added the warm-up and one frame
	}

	s := scenegraph.NewScene("bunnymark")
	cam := scenegraph.NewNode("Camera")
	cam.SetPositionXY(screenW/2, screenH/2)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(0x20, 0x20, 0x30, 0xff)))
	s.AddChild(cam)

	root := scenegraph.NewNode("Bunnies")
	b := &Bunnies{
		game:  g,
		tex:   g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: texSize, Height: texSize, Filter: render.FilterNearest}, texturePixels()),
		size:  float32(texSize * o.Scale),
		rng:   rand.New(rand.NewSource(o.Seed)),
		meter: newMeter(g, o, warmup, frames),
	}
	if o.Bulk {
		b.batch = scenegraph.NewSpriteBatch(b.tex, b.size, b.size)
		b.batch.Anchor = mgl32.Vec2{0, 1} // each position is its quad's top-left corner
		scenegraph.AddComponent(root, b.batch)
	}
	scenegraph.AddComponent(root, b)
	s.AddChild(root)
	b.Add(max(o.N, 0))
	b.meter.startN = len(b.bunnies)
	return s, nil
}

// texturePixels returns the peer's 32×32 texture: a colored square with a
// dark border.
func texturePixels() []byte {
	pix := make([]byte, texSize*texSize*4)
	for y := 0; y < texSize; y++ {
		for x := 0; x < texSize; x++ {
			i := (y*texSize + x) * 4
			if x < 2 || y < 2 || x >= texSize-2 || y >= texSize-2 {
				pix[i], pix[i+1], pix[i+2], pix[i+3] = 40, 40, 40, 255
			} else {
				pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(x*8), byte(y*8), 200, 255
			}
		}
	}
	return pix
}

// bunny is one sprite's state. x and y are its top-left corner in window
// pixels (y down, as in the peer); vx and vy are pixels per update. node is
// nil in bulk mode.
type bunny struct {
	x, y, vx, vy float32
	node         *scenegraph.Node
}

// Bunnies moves every bunny, once per frame, and keeps its node in step.
type Bunnies struct {
	scenegraph.Component

	game    *tact.Game
	tex     render.TextureID
	size    float32 // sprite side in pixels (32 × scale)
	rng     *rand.Rand
	bunnies []bunny
	batch   *scenegraph.SpriteBatch // bulk mode: the bunnies' sprites; nil with nodes
	meter   *meter
}

// Add creates n bunnies at random positions with random velocities, each a
// child node with a Sprite, or in bulk mode an entry of the SpriteBatch.
func (b *Bunnies) Add(n int) {
	parent := b.Node()
	for i := 0; i < n; i++ {
		r := b.rng
		bn := bunny{
			x:  r.Float32() * (screenW - texSize),
			y:  r.Float32() * (screenH - texSize),
			vx: (r.Float32()*2 - 1) * 5,
			vy: (r.Float32()*2 - 1) * 5,
		}
		if b.batch != nil {
			b.batch.Positions = append(b.batch.Positions, mgl32.Vec2{bn.x, screenH - bn.y})
			b.bunnies = append(b.bunnies, bn)
			continue
		}
		bn.node = scenegraph.NewNode("bunny")
		sp := scenegraph.NewSprite(b.tex, b.size, b.size)
		sp.Anchor = mgl32.Vec2{0, 1} // the node is the quad's top-left corner
		scenegraph.AddComponent(bn.node, sp)
		bn.node.SetPositionXY(bn.x, screenH-bn.y)
		if err := parent.AddChild(bn.node); err != nil {
			panic(err) // cannot happen: a new node under a live one
		}
		b.bunnies = append(b.bunnies, bn)
	}
}

// Remove destroys the last n bunnies (at most all of them).
func (b *Bunnies) Remove(n int) {
	n = min(n, len(b.bunnies))
	keep := len(b.bunnies) - n
	if b.batch != nil {
		b.batch.Positions = b.batch.Positions[:keep]
	}
	for i := keep; i < len(b.bunnies); i++ {
		if nd := b.bunnies[i].node; nd != nil {
			nd.Destroy()
		}
		b.bunnies[i].node = nil
	}
	b.bunnies = b.bunnies[:keep]
}

// Len returns the number of bunnies.
func (b *Bunnies) Len() int { return len(b.bunnies) }

// Position returns bunny i's top-left corner in window pixels (y down).
func (b *Bunnies) Position(i int) (x, y float32) { return b.bunnies[i].x, b.bunnies[i].y }

// Size returns the side of a bunny's sprite in pixels.
func (b *Bunnies) Size() float32 { return b.size }

// OnEnable starts measuring; OnDisable stops.
func (b *Bunnies) OnEnable() { b.meter.attach() }

// OnDisable stops measuring (and a CPU profile under way).
func (b *Bunnies) OnDisable() { b.meter.detach() }

// Update handles the keys, then moves and bounces every bunny exactly as the
// peer does: a fixed step per update, not scaled by dt.
func (b *Bunnies) Update(float64) {
	t0 := b.meter.now()
	in := b.game.Input()
	if in.JustPressed(platform.KeyUp) || in.JustPressed(platform.KeyRight) {
		b.Add(step)
	}
	if in.JustPressed(platform.KeyDown) || in.JustPressed(platform.KeyLeft) {
		b.Remove(step)
	}
	if b.batch != nil {
		b.updateBulk()
		b.meter.updateDone(t0, len(b.bunnies))
		return
	}
	for i := range b.bunnies {
		bn := &b.bunnies[i]
		bn.move()
		// World space has y up with the origin at the bottom-left.
		bn.node.SetPositionXY(bn.x, screenH-bn.y)
	}
	b.meter.updateDone(t0, len(b.bunnies))
}

// updateBulk is Update's loop for bulk mode: the same motion, written into
// the SpriteBatch's positions.
func (b *Bunnies) updateBulk() {
	ps := b.batch.Positions[:len(b.bunnies)]
	for i := range b.bunnies {
		bn := &b.bunnies[i]
		bn.move()
		ps[i] = mgl32.Vec2{bn.x, screenH - bn.y}
	}
}

// move advances the bunny one step and bounces it off the screen's edges,
// as the peer does.
func (bn *bunny) move() {
	const maxX, maxY = screenW - texSize, screenH - texSize
	bn.x += bn.vx
	bn.y += bn.vy
	if bn.x < 0 {
		bn.x, bn.vx = 0, -bn.vx
	} else if bn.x > maxX {
		bn.x, bn.vx = maxX, -bn.vx
	}
	if bn.y < 0 {
		bn.y, bn.vy = 0, -bn.vy
	} else if bn.y > maxY {
		bn.y, bn.vy = maxY, -bn.vy
	}
}
