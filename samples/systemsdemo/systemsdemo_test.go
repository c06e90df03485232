package systemsdemo

import (
	"image/color"
	"math"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/particle"
	"github.com/tact-engine/tact/runtime/physics2d"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

// snapshot is what the test reads from the scene on the last frame, before
// the Game unloads it.
type snapshot struct {
	stats     Stats
	tweenX    float32
	animFrame int
	boxes     []float32 // y of each box
	boxSpeed  float32
	live      int
	collision int
	pairs     int
	red, blue int
}

// Three seconds headless: every system must have done its part, and the
// picture must show it.
func TestSystemsDemo(t *testing.T) {
	const frames = 180
	var snap snapshot
	s := Sample
	s.Script = func(g *tact.Game, frame uint64) {
		if frame != frames-2 {
			return
		}
		sc := g.Director().Scene()
		snap.stats = *scenegraph.GetComponent[*Stats](sc.Root())
		snap.tweenX = sc.Find("Tweened").Position()[0]
		snap.animFrame = scenegraph.GetComponent[*animation.Animation](sc.Find("Animated")).Frame()
		for _, n := range sc.Children() {
			switch n.Name() {
			case "Box":
				snap.boxes = append(snap.boxes, n.Position()[1])
				v := scenegraph.GetComponent[*physics2d.RigidBody](n).LinearVelocity()
				snap.boxSpeed = max(snap.boxSpeed, v.Len())
			case "PenBall":
				b := scenegraph.GetComponent[*Ball](n)
				if b.Touching > 0 {
					snap.red++
				} else {
					snap.blue++
				}
			}
		}
		snap.live = scenegraph.GetComponent[*particle.Emitter](sc.Find("Fountain")).Live()
		sys := collision.SystemOf(sc.Root())
		snap.collision = sys.Len()
		snap.pairs = sys.Contacts()
	}
	_, img := sampletest.Run(t, s, frames)
	st := snap.stats

	// Tweens: 2 s per loop, 3 s run: one loop done, the square on its way.
	if st.TweenLoops != 1 || snap.tweenX < TweenFromX || snap.tweenX > TweenToX {
		t.Errorf("tween: %d loops, x=%v", st.TweenLoops, snap.tweenX)
	}
	// Animation: cross-fades at 1 s and 2 s; the loop clip's event fires.
	if st.CrossFades != 2 || st.AnimEvents == 0 {
		t.Errorf("animation: %d cross-fades, %d events", st.CrossFades, st.AnimEvents)
	}
	// Physics: the boxes settled in a stack on the ground.
	if len(snap.boxes) != Boxes || st.Contacts == 0 {
		t.Fatalf("physics: %d boxes, %d ground contacts", len(snap.boxes), st.Contacts)
	}
	lowest := float32(math.MaxFloat32)
	for _, y := range snap.boxes {
		lowest = min(lowest, y)
	}
	if math.Abs(float64(lowest-(GroundTop+BoxSize/2))) > 1.5 || snap.boxSpeed > 20 {
		t.Errorf("physics: lowest box at y=%v (want %v), fastest at %v px/s", lowest, GroundTop+BoxSize/2, snap.boxSpeed)
	}
	// Collision: the balls met and parted, and the counts agree.
	if snap.collision != Balls || st.Enters == 0 || st.Exits == 0 || st.Enters-st.Exits != 2*snap.pairs || snap.red+snap.blue != Balls {
		t.Errorf("collision: %d colliders, %d enters, %d exits, %d pairs now, %d red balls", snap.collision, st.Enters, st.Exits, snap.pairs, snap.red)
	}
	// Particles: 200/s for 1.2 s.
	if snap.live < 200 || snap.live > 250 {
		t.Errorf("particles: %d live, want about 240", snap.live)
	}

	h := img.Bounds().Dy()
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, h-y) }
	if c := at(PhysicsX+140, GroundTop-10); !sampletest.Near(c, sampletest.RGBA(GroundCol), 4) {
		t.Errorf("ground pixel %v, want %v", c, GroundCol)
	}
	// Bright, warm particle pixels above the fountain.
	warm := 0
	for y := FountainY; y < FountainY+70; y++ {
		for x := FountainX - 30; x < FountainX+30; x++ {
			if c := at(x, y); c.R > 150 && c.R > c.B+60 {
				warm++
			}
		}
	}
	if warm < 50 {
		t.Errorf("only %d particle pixels above the fountain", warm)
	}
	// The animated sprite shows a sheet color.
	c := at(AnimX, AnimY)
	found := false
	for _, sc := range SheetCols {
		found = found || sampletest.Near(c, sampletest.RGBA(sc), 4)
	}
	if !found {
		t.Errorf("animated sprite pixel %v is no sheet color", c)
	}
}
