package tact

import (
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/collision"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/tween"
	"github.com/tact-engine/tact/scenegraph"
)

// The whole-frame scene: what one Game frame does in a small game, every
// system NewGame installs at work. Everything in it repeats with a period of
// framePeriod frames at the fixed dt of 1/60 s, so that after a warm-up of
// one period every frame is one the run has seen before: a buffer that had
// to grow has grown, and what is left to measure is the steady frame.
const (
	frameW, frameH       = 320, 240
	frameCols, frameRows = 20, 15 // frameSprites sprites in a grid, each turning
	frameSprites         = frameCols * frameRows
	frameTweenEvery      = 10 // every 10th sprite runs a tween
	framePairs           = 12 // pairs of colliders that meet and part
	frameAnimated        = 4  // sprites playing a sprite-sheet animation
	framePeriod          = 120
	frameWarmup          = framePeriod + 30
	frameMeasured        = framePeriod
	frameSwingFrames     = 60  // the colliders' cycle, in frames
	frameTurn            = 3.0 // degrees a sprite turns per frame: 360 per period
)

// frameCounts is what the frames did, so that a test can check that the
// frames it measured did their work.
type frameCounts struct {
	updates, tweenLoops, animEvents, crossFades int
	enters, stays, exits                        int
}

func (c *frameCounts) sub(o frameCounts) frameCounts {
	return frameCounts{c.updates - o.updates, c.tweenLoops - o.tweenLoops, c.animEvents - o.animEvents,
		c.crossFades - o.crossFades, c.enters - o.enters, c.stays - o.stays, c.exits - o.exits}
}

// turner turns its node every frame: the updating component, on every
// sprite, which keeps every world matrix changing.
type turner struct {
	scenegraph.Component
	// Step counts frames, modulo framePeriod.
	Step   int
	counts *frameCounts
}

func (w *turner) Update(float64) {
	w.Step = (w.Step + 1) % framePeriod
	w.Node().SetAngle(float32(w.Step) * frameTurn)
	w.counts.updates++
}

// swinger moves its node back and forth along x around Home, a cosine over
// frameSwingFrames frames counted in whole frames (exactly periodic); Dir is
// -1 or 1, so the two of a pair meet in the middle and part.
type swinger struct {
	scenegraph.Component
	Home mgl32.Vec2
	Dir  float32
	Step int
}

func (s *swinger) Update(float64) {
	s.Step = (s.Step + 1) % frameSwingFrames
	c := float32(math.Cos(2 * math.Pi * float64(s.Step) / frameSwingFrames))
	s.Node().SetPositionXY(s.Home[0]+s.Dir*(6+10*c), s.Home[1])
}

// contactCounter counts the collision callbacks of its node.
type contactCounter struct {
	scenegraph.Component
	// Enters, Stays and Exits count the callbacks of this node.
	Enters, Stays, Exits int
	counts               *frameCounts
}

func (c *contactCounter) OnCollisionEnter(self, other *collision.Collider) {
	c.Enters++
	c.counts.enters++
}

func (c *contactCounter) OnCollisionStay(self, other *collision.Collider) {
	c.Stays++
	c.counts.stays++
}

func (c *contactCounter) OnCollisionExit(self, other *collision.Collider) {
	c.Exits++
	c.counts.exits++
}

// fader cross-fades its Animation between its two clips every second (a
// component timer), so a cycle is two seconds: framePeriod frames.
type fader struct {
	scenegraph.Component
	// Fades counts the switches.
	Fades  int
	anim   *animation.Animation
	counts *frameCounts
}

func (f *fader) Start() {
	f.Schedule(func(float64) {
		next := "pong"
		if c := f.anim.Current(); c != nil && c.Name == "pong" {
			next = "loop"
		}
		if err := f.anim.CrossFade(next, 0.25); err == nil {
			f.Fades++
			f.counts.crossFades++
		}
	}, 1, -1, 1)
}

// frameConfig runs the whole-frame scene: no window, no GL (render/null on
// the render thread, as a server or simulation would run), a fixed dt.
func frameConfig(frames uint64) Config {
	return Config{NoGraphics: true, Width: frameW, Height: frameH, FixedDT: 1.0 / 60, MaxFrames: frames, PanicFatal: true}
}

// frameStart builds the whole-frame scene, counting into c: a camera,
// frameSprites turning sprites (every frameTweenEvery-th also tweened in
// position and color, forever), framePairs pairs of circle colliders
// swinging into and out of contact with callbacks, and frameAnimated
// sprites playing a four-frame sheet with a frame event, cross-faded to a
// ping-pong clip and back.
func frameStart(c *frameCounts) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Frame")
		cam := scenegraph.NewNode("Camera")
		cam.SetPosition(mgl32.Vec3{frameW / 2, frameH / 2, 0})
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(10, 10, 20, 255)))

		yellow := render.RGBA(250, 230, 80, 255)
		for i := range frameSprites {
			n := scenegraph.NewNode("Sprite")
			x, y := float32(8+16*(i%frameCols)), float32(8+16*(i/frameCols))
			n.SetPositionXY(x, y)
			s.AddChild(n)
			sp := scenegraph.AddComponent(n, scenegraph.NewSprite(0, 12, 12))
			sp.Color = render.RGBA(uint8(40+i%200), 120, uint8(255-i%200), 255)
			scenegraph.AddComponent(n, &turner{counts: c})
			if i%frameTweenEvery == 0 {
				home := sp.Color
				tween.New(n).RepeatForever(tween.New(nil).
					To(0.5, tween.QuadInOut, tween.Position(mgl32.Vec3{x, y + 6, 0}), tween.SpriteColor(sp, yellow)).
					To(0.5, tween.SineOut, tween.Position(mgl32.Vec3{x, y, 0}), tween.SpriteColor(sp, home)).
					Call(func() { c.tweenLoops++ })).
					Start()
			}
		}

		for p := range framePairs {
			home := mgl32.Vec2{float32(30 + 50*(p%6)), float32(40 + 160*(p/6))}
			for _, dir := range []float32{-1, 1} {
				n := scenegraph.NewNode("Swinger")
				n.SetPositionXY(home[0]+dir*16, home[1])
				s.AddChild(n)
				scenegraph.AddComponent(n, scenegraph.NewSprite(0, 16, 16))
				scenegraph.AddComponent(n, collision.NewCircleCollider(8))
				scenegraph.AddComponent(n, &swinger{Home: home, Dir: dir})
				scenegraph.AddComponent(n, &contactCounter{counts: c})
			}
		}

		const cell, cells = 16, 4
		px := make([]byte, cell*cells*cell*4)
		for i := range px {
			px[i] = byte(i * 7)
		}
		tex := g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: cell * cells, Height: cell, Filter: render.FilterNearest}, px)
		loop, err := animation.NewGridClip("loop", tex, cell*cells, cell, cell, cell, 0, cells, 8, animation.ClipLoop)
		if err != nil {
			return nil, err
		}
		loop.Events = []animation.ClipEvent{{Frame: 3, Name: "last"}}
		pong, err := animation.NewGridClip("pong", tex, cell*cells, cell, cell, cell, 0, cells, 12, animation.ClipPingPong)
		if err != nil {
			return nil, err
		}
		for i := range frameAnimated {
			n := scenegraph.NewNode("Animated")
			n.SetPositionXY(float32(60+60*i), 120)
			s.AddChild(n)
			scenegraph.AddComponent(n, scenegraph.NewSprite(0, 32, 32))
			a := scenegraph.AddComponent(n, animation.NewAnimation(loop, pong))
			a.PlayOnLoad = true
			a.Event.On(func(animation.AnimationEvent) { c.animEvents++ })
			scenegraph.AddComponent(n, &fader{anim: a, counts: c})
		}
		return s, nil
	}
}

// frameItems is the least number of quads a frame of the scene draws:
// every sprite, swinger and animated sprite (consecutive sprites may share
// one draw item).
const frameItems = frameSprites + 2*framePairs + frameAnimated

// TestGameFrameAllocatesNothing runs whole Game frames (Game.Run's loop:
// input pump, screenshot delivery, clock, Director.Tick with every system
// NewGame installs, extraction into the frame, Submit to the render thread
// running render/null) over the whole-frame scene (frameStart), and checks
// that a steady frame allocates nothing.
//
// How it measures: testing.AllocsPerRun cannot drive a Game, whose frames
// run inside Game.Run on the main thread, and calling Director.Tick from a
// listener would tick inside a tick. Instead an EndFrame listener reads
// runtime.MemStats (Mallocs: the heap allocations of every goroutine, the
// render thread and job workers included, which is what AllocsPerRun counts
// too) at the end of frame frameWarmup-1 and again frameMeasured frames
// later: between the two readings lie exactly frameMeasured whole
// iterations of the Game's loop. ReadMemStats into structs allocated
// beforehand allocates nothing itself, and no other test runs meanwhile
// (the root package's tests are not parallel; the test's own goroutine is
// parked in onMain). The warm-up is longer than the scene's period, so no
// frame in the window does anything for the first time.
//
// A few allocations are the Go runtime's, made once and at a moment it
// picks: an OS thread for the scheduler (the main goroutine is locked to
// the main thread), the growth of a P's timer heap, an interface-assertion
// cache (built on a random one in 1024 slow-path calls), the sudogs a GC
// drops from the runtime's caches. Counting alone cannot tell those from
// the engine's, and they made the count flaky (1 or 2 allocations in 120
// frames, about 1 run in 5). So the test
// also attributes every allocation: the memory profile rate is 1 for the
// test (every allocation is recorded with its stack), runtime.GC publishes
// the profile at both ends of the window, and each allocation made in
// between is checked by its stack. The runtime's own one-off kinds
// (runtimeWarmups) are logged and tolerated, a few of them; any other
// allocation, and any allocation the profile does not account for, fails
// the test with its stack.
func TestGameFrameAllocatesNothing(t *testing.T) {
	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	t.Cleanup(func() { runtime.MemProfileRate = rate })
	g := NewGame(frameConfig(frameWarmup + frameMeasured))
	var (
		c              frameCounts
		atStart, atEnd frameCounts
		before, after  runtime.MemStats
		prof0, prof1   map[[32]uintptr]allocSite
		stats          render.Stats
		haveStats      bool
	)
	g.GameInited.On(func(g *Game) {
		g.Director().EndFrame.On(func(d *director.Director) {
			switch d.TotalFrames() {
			case frameWarmup - 1:
				runtime.GC()
				prof0 = allocProfile()
				atStart = c
				runtime.ReadMemStats(&before)
			case frameWarmup + frameMeasured - 1:
				runtime.ReadMemStats(&after)
				atEnd = c
				stats, haveStats = d.RenderStats()
				runtime.GC()
				prof1 = allocProfile()
			}
		})
	})
	runGame(t, g, frameStart(&c))
	if g.Frames() != frameWarmup+frameMeasured || prof1 == nil {
		t.Fatalf("ran %d frames, want %d; measured: %v", g.Frames(), frameWarmup+frameMeasured, prof1 != nil)
	}
	allocs, size := after.Mallocs-before.Mallocs, after.TotalAlloc-before.TotalAlloc
	var engine, warmups int64
	tolerated := map[string]int64{}
	for k, site := range prof1 {
		n := site.objects - prof0[k].objects
		if n <= 0 || site.is("tact.allocProfile") {
			continue // the test's own, outside the window
		}
		if site.is(runtimeWarmups...) {
			warmups += n
			tolerated[site.brief()] += n
			continue
		}
		engine += n
		t.Errorf("a steady frame allocated %d times at%s", n, site.stack)
	}
	for _, b := range slices.Sorted(maps.Keys(tolerated)) {
		t.Logf("tolerated, the Go runtime's one-off: %d in %s", tolerated[b], b)
	}
	t.Logf("%d steady frames measured: %d allocations (%d bytes); %d of them the runtime's one-offs",
		frameMeasured, allocs, size, warmups)
	if unexplained := int64(allocs) - engine - warmups; unexplained > 0 {
		t.Errorf("%d steady Game frames allocated %d times (%d bytes); the profile shows %d of them",
			frameMeasured, allocs, size, engine+warmups)
	}
	if warmups > maxRuntimeWarmups {
		t.Errorf("the runtime's \"one-off\" allocations recur: %d in %d frames", warmups, frameMeasured)
	}

	// The measured frames did their work.
	w := atEnd.sub(atStart)
	t.Logf("measured frames: %+v; last executed frame: %+v", w, stats)
	if w.updates != frameSprites*frameMeasured {
		t.Errorf("%d Update calls, want %d", w.updates, frameSprites*frameMeasured)
	}
	if tweened := frameSprites / frameTweenEvery; w.tweenLoops != 2*tweened {
		t.Errorf("%d tween loops, want %d (two seconds of %d tweens)", w.tweenLoops, 2*tweened, tweened)
	}
	if w.animEvents < frameAnimated || w.crossFades != 2*frameAnimated {
		t.Errorf("%d animation events, %d cross-fades; want some and %d", w.animEvents, w.crossFades, 2*frameAnimated)
	}
	if w.enters < framePairs || w.stays < framePairs || w.exits < framePairs {
		t.Errorf("collisions: %d enters, %d stays, %d exits; want each pair to meet and part", w.enters, w.stays, w.exits)
	}
	if !haveStats || stats.Triangles < 2*frameItems || stats.DrawCalls == 0 {
		t.Errorf("render stats %+v (kept: %v); want at least %d quads drawn", stats, haveStats, frameItems)
	}
}

// BenchmarkGameFrame measures whole Game frames over the whole-frame scene
// (see TestGameFrameAllocatesNothing for what a frame holds): ns/op is one
// iteration of Game.Run's loop, allocs/op the heap allocations of every
// goroutine per frame. The Game runs on the main thread; its EndFrame
// listener drives b.Loop, one call per frame: the first call, after a warm-up
// of frameWarmup frames, starts the timer; the one that returns false stops
// it and quits the Game. One Game boots for the whole benchmark.
func BenchmarkGameFrame(b *testing.B) {
	var c frameCounts
	g := NewGame(frameConfig(0))
	done := false
	g.GameInited.On(func(g *Game) {
		g.Director().EndFrame.On(func(d *director.Director) {
			if done || d.TotalFrames() < frameWarmup-1 {
				return
			}
			if !b.Loop() {
				done = true
				g.Quit()
			}
		})
	})
	b.ReportAllocs()
	runGame(b, g, frameStart(&c))
	if !done {
		b.Fatalf("the Game ended after %d frames, before b.Loop did", g.Frames())
	}
	b.ReportMetric(frameItems, "items/frame")
}

// runtimeWarmups are functions of the Go runtime whose allocations come once
// (or a few times) in a process, at moments the runtime picks, and so may
// fall in a window of steady frames: a new M (OS thread), a P's timer heap
// growing, the caches of type assertions and type switches, and the refill
// of the P's cache of sudogs (the records of goroutines blocked on a
// channel), which every GC empties, the test's own included. A steady frame
// must make none of the others. maxRuntimeWarmups bounds them in a window
// (a new thread alone is 5 allocations; a few threads and caches under the
// race detector come to 10): a quarter of the frames; anything the engine
// caused every frame would be one a frame or more.
var runtimeWarmups = []string{
	"runtime.allocm",
	"runtime.acquireSudog",
	"runtime.(*timers).addHeap",
	"runtime.buildTypeAssertCache",
	"runtime.buildInterfaceSwitchCache",
}

const maxRuntimeWarmups = frameMeasured / 4

// allocSite is one stack's entry in the memory profile.
type allocSite struct {
	objects int64
	funcs   []string
	stack   string // the stack, a frame a line, for messages
}

// is reports whether one of the site's frames is one of the functions fn.
func (a allocSite) is(fn ...string) bool {
	for _, f := range a.funcs {
		if slices.Contains(fn, f) {
			return true
		}
	}
	return false
}

// brief names the runtime function of runtimeWarmups in the site's stack
// and the first frame outside the runtime that led there.
func (a allocSite) brief() string {
	in, from := "", ""
	for _, f := range a.funcs {
		if in == "" && slices.Contains(runtimeWarmups, f) {
			in = f
		}
		if in != "" && !strings.HasPrefix(f, "runtime.") {
			from = f
			break
		}
	}
	if from == "" {
		return in + " (the scheduler)"
	}
	return in + ", called by " + from
}

// allocProfile returns the memory profile's allocation counts by stack. With
// runtime.MemProfileRate 1 and after runtime.GC, which publishes the
// profile, it counts every allocation made before that GC.
func allocProfile() map[[32]uintptr]allocSite {
	n, _ := runtime.MemProfile(nil, true)
	recs := make([]runtime.MemProfileRecord, n+64)
	n, _ = runtime.MemProfile(recs, true)
	sites := make(map[[32]uintptr]allocSite, n)
	for _, r := range recs[:n] {
		a := sites[r.Stack0]
		a.objects += r.AllocObjects
		if a.funcs == nil {
			var sb strings.Builder
			frames := runtime.CallersFrames(r.Stack())
			for {
				f, more := frames.Next()
				a.funcs = append(a.funcs, strings.TrimPrefix(f.Function, "github.com/tact-engine/"))
				fmt.Fprintf(&sb, "\n\t%s\n\t\t%s:%d", f.Function, f.File, f.Line)
				if !more {
					break
				}
			}
			a.stack = sb.String()
		}
		sites[r.Stack0] = a
	}
	return sites
}
