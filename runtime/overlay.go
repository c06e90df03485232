package runtime

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// OverlayLayer is the layer bit of the stats overlay's nodes
// (scenegraph.EngineLayer, which cameras with the default Visibility do not
// see); the overlay's camera sees only this layer.
const OverlayLayer = scenegraph.EngineLayer

// OverlayPriority is the overlay camera's Priority: it draws after the
// game's cameras, over them.
const OverlayPriority = 1 << 30

// overlayFrames is the length of the frame-time graph.
const overlayFrames = 240

// overlayTextInterval is how often the overlay's text is redone at most.
const overlayTextInterval = 250 * time.Millisecond

// Overlay panel geometry, in pixels.
const (
	overlayMargin   = 8
	overlayPad      = 6
	overlayGraphH   = 100 // 25 ms at 4 px per ms
	overlayPxPerMs  = 4
	overlayFontSize = 14
	overlayTextH    = 5 * 17 // five lines
	overlayPanelW   = overlayFrames + 2*overlayPad
	overlayPanelH   = overlayGraphH + overlayTextH + 3*overlayPad
)

var (
	overlayPanelColor  = render.RGBA(0, 0, 0, 170)
	overlayMainColor   = render.RGBA(80, 220, 100, 255)
	overlayRenderColor = render.RGBA(255, 160, 40, 255)
	overlayLineColor   = render.RGBA(255, 255, 255, 110)
)

// StatsOverlay shows how the frames go, over whatever scene the Director
// runs: frames per second, a graph of the last 240 frames' main-thread time
// (green) and render-thread time (orange, stacked) with a 60 Hz line, draw
// calls, draw items and triangles, live nodes and components, the heap and
// the GC. It draws with sprites and a Label under a camera of its own
// (OverlayPriority, seeing only OverlayLayer), added to the running scene and
// moved to each new scene as it launches. Games bind it to F1 (BindDebugKeys).
//
// Hidden, it costs two clock reads per frame (the graph keeps running, so it
// shows the recent past when it opens). Shown, a frame allocates nothing
// except when the text changes, which happens at most four times a second.
// A StatsOverlay belongs to the main thread.
type StatsOverlay struct {
	d       *Director
	visible bool
	now     func() time.Duration // the clock; tests replace it
	t0      time.Time

	frameStart, lastStart time.Duration
	started               bool
	mainT, renderT        [overlayFrames]time.Duration
	interval              [overlayFrames]time.Duration // from the previous frame's start
	head                  int                          // next sample slot
	count                 int

	stats      render.Stats
	textAt     time.Duration
	text, prev []byte
	samples    []metrics.Sample
	gc         debug.GCStats

	root, labelNode *scenegraph.Node
	cam             *scenegraph.Camera
	label           *scenegraph.Label
	view            *overlayView
	camPos          mgl32.Vec3
}

// NewStatsOverlay returns a hidden overlay for d's frames; Show or Toggle
// shows it.
func NewStatsOverlay(d *Director) *StatsOverlay {
	o := &StatsOverlay{d: d, t0: time.Now(), text: make([]byte, 0, 256), prev: make([]byte, 0, 256),
		textAt: -overlayTextInterval}
	o.now = func() time.Duration { return time.Since(o.t0) }
	o.samples = []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	d.BeginFrame.On(func(*Director) { o.beginFrame() })
	d.EndFrame.On(func(*Director) { o.endFrame() })
	d.AfterSceneLaunch.On(func(s *scenegraph.Scene) {
		if o.visible {
			o.attach(s)
		}
	})
	return o
}

// Visible reports whether the overlay is shown.
func (o *StatsOverlay) Visible() bool { return o.visible }

// Toggle shows a hidden overlay and hides a shown one.
func (o *StatsOverlay) Toggle() { o.SetVisible(!o.visible) }

// SetVisible shows or hides the overlay. Shown, it is part of the running
// scene (and of each scene launched later); hidden, its nodes leave it.
func (o *StatsOverlay) SetVisible(on bool) {
	if on == o.visible {
		return
	}
	o.visible = on
	if !on {
		if o.root != nil && o.root.IsValid() {
			o.root.RemoveFromParent()
		}
		return
	}
	o.textAt = o.now() - overlayTextInterval // fresh text at once
	if s := o.d.Scene(); s != nil {
		o.attach(s)
	}
}

// Text returns the overlay's current text (for tests and logs).
func (o *StatsOverlay) Text() string {
	if o.label == nil {
		return ""
	}
	return o.label.Text
}

func (o *StatsOverlay) beginFrame() {
	t := o.now()
	o.frameStart = t
	o.interval[o.head] = 0
	if o.started {
		o.interval[o.head] = t - o.lastStart
	}
	o.started = true
	o.lastStart = t
}

// endFrame records the frame's times and, shown, updates what is drawn.
func (o *StatsOverlay) endFrame() {
	t := o.now()
	if sr, ok := o.d.renderer.(interface{ Stats() render.Stats }); ok {
		o.stats = sr.Stats()
	}
	o.mainT[o.head] = t - o.frameStart
	o.renderT[o.head] = o.stats.RenderTime
	o.head = (o.head + 1) % overlayFrames
	o.count = min(o.count+1, overlayFrames)
	if !o.visible {
		return
	}
	s := o.d.Scene()
	if s == nil {
		return
	}
	if o.root == nil || !o.root.IsValid() || o.root.Scene() != s {
		o.attach(s) // the scene was replaced without a launch signal (Restart)
	}
	o.place()
	if t-o.textAt >= overlayTextInterval {
		o.textAt = t
		o.updateText(s)
	}
}

// attach puts the overlay's nodes in s, building them if they went down
// with the previous scene.
func (o *StatsOverlay) attach(s *scenegraph.Scene) {
	if o.root == nil || !o.root.IsValid() {
		o.build()
	}
	if o.root.Parent() != s.Root() {
		if err := s.AddChild(o.root); err != nil {
			o.d.logf("runtime: stats overlay: %v", err)
		}
	}
	o.place()
}

func (o *StatsOverlay) build() {
	o.root = scenegraph.NewNode("StatsOverlay")
	o.root.Layer = OverlayLayer
	camNode := scenegraph.NewNode("Camera")
	camNode.Layer = OverlayLayer
	o.root.AddChild(camNode)
	o.cam = scenegraph.AddComponent(camNode, &scenegraph.Camera{Projection: scenegraph.Orthographic,
		Priority: OverlayPriority, Visibility: OverlayLayer})
	o.view = scenegraph.AddComponent(o.root, &overlayView{o: o})
	o.labelNode = scenegraph.NewNode("Text")
	o.labelNode.Layer = OverlayLayer
	o.root.AddChild(o.labelNode)
	o.label = scenegraph.NewLabel(string(o.text), overlayFontSize, render.White)
	o.label.HAlign, o.label.VAlign = scenegraph.AlignLeft, scenegraph.AlignTop
	o.label.Anchor = mgl32.Vec2{0, 1}
	o.label.Order = 2
	// Disabled: Extract would draw it for every camera that sees the layer;
	// the overlay's view draws it for the overlay camera only.
	o.label.SetEnabled(false)
	scenegraph.AddComponent(o.labelNode, o.label)
	o.camPos = mgl32.Vec3{}
}

// place puts the camera so that world units are screen pixels with the
// origin at the bottom-left, and the text at the panel's top-left.
func (o *StatsOverlay) place() {
	w, h := 800, 600
	if o.d.renderer != nil {
		w, h = o.d.renderer.Frame().ScreenSize()
	}
	p := mgl32.Vec3{float32(w) / 2, float32(h) / 2, 0}
	if p != o.camPos {
		o.camPos = p
		o.cam.Node().SetPosition(p)
		top := float32(h - overlayMargin - overlayPad)
		o.labelNode.SetPositionXY(overlayMargin+overlayPad, top)
	}
}

// updateText formats the stats into the reused buffer; the label's string
// is made only when the text changed.
func (o *StatsOverlay) updateText(s *scenegraph.Scene) {
	var sumInterval, sumMain time.Duration
	n, intervals := min(o.count, 60), 0
	for i := 1; i <= n; i++ {
		k := (o.head - i + overlayFrames) % overlayFrames
		if o.interval[k] > 0 {
			sumInterval += o.interval[k]
			intervals++
		}
		sumMain += o.mainT[k]
	}
	b := o.text[:0]
	b = append(b, "FPS "...)
	if sumInterval > 0 {
		b = strconv.AppendFloat(b, float64(intervals)/sumInterval.Seconds(), 'f', 1, 64)
	} else {
		b = append(b, '-')
	}
	b = append(b, "   main "...)
	b = appendMs(b, sumMain/time.Duration(max(n, 1)))
	b = append(b, "   render "...)
	b = appendMs(b, o.stats.RenderTime)
	b = append(b, "\ndraw calls "...)
	b = strconv.AppendInt(b, int64(o.stats.DrawCalls), 10)
	b = append(b, "   items "...)
	b = strconv.AppendInt(b, int64(o.stats.Items), 10)
	b = append(b, "   tris "...)
	b = strconv.AppendInt(b, int64(o.stats.Triangles), 10)
	nodes, comps := countTree(s.Root())
	b = append(b, "\nnodes "...)
	b = strconv.AppendInt(b, int64(nodes), 10)
	b = append(b, "   components "...)
	b = strconv.AppendInt(b, int64(comps), 10)
	metrics.Read(o.samples)
	b = append(b, "\nheap "...)
	b = strconv.AppendFloat(b, float64(sampleUint(o.samples[0]))/(1<<20), 'f', 1, 64)
	b = append(b, " MB   GC "...)
	b = strconv.AppendUint(b, sampleUint(o.samples[1]), 10)
	debug.ReadGCStats(&o.gc)
	if len(o.gc.Pause) > 0 && o.gc.NumGC > 0 {
		b = append(b, "   last pause "...)
		b = appendMs(b, o.gc.Pause[0])
	}
	b = append(b, "\nframe graph: main (green), render (orange), line 16.7 ms"...)
	o.text = b
	if string(b) != string(o.prev) { // compared without allocating
		o.prev = append(o.prev[:0], b...)
		o.label.Text = string(b)
	}
}

func sampleUint(s metrics.Sample) uint64 {
	if s.Value.Kind() == metrics.KindUint64 {
		return s.Value.Uint64()
	}
	return 0
}

// appendMs appends d in milliseconds with two decimals and " ms".
func appendMs(b []byte, d time.Duration) []byte {
	b = strconv.AppendFloat(b, float64(d)/1e6, 'f', 2, 64)
	return append(b, " ms"...)
}

// countTree counts n's subtree's nodes and components, n included.
func countTree(n *scenegraph.Node) (nodes, comps int) {
	nodes, comps = 1, len(n.Components())
	for _, c := range n.Children() {
		cn, cc := countTree(c)
		nodes += cn
		comps += cc
	}
	return nodes, comps
}

// overlayView draws the panel, the graph and the text, for the overlay's
// camera only.
type overlayView struct {
	scenegraph.Component
	o  *StatsOverlay
	sp render.Sprite
}

// Render records the overlay's sprites when v is the overlay camera's pass.
func (ov *overlayView) Render(v *scenegraph.View) {
	o := ov.o
	if v.Camera != o.cam {
		return
	}
	_, h := v.Frame.ScreenSize()
	left := float32(overlayMargin)
	top := float32(h - overlayMargin)
	ov.rect(v, left, top-overlayPanelH, overlayPanelW, overlayPanelH, overlayPanelColor, 0)
	gx := left + overlayPad
	gy := top - overlayPanelH + overlayPad
	for i := range o.count {
		k := (o.head - o.count + i + overlayFrames) % overlayFrames
		x := gx + float32(overlayFrames-o.count+i)
		mh := min(float32(o.mainT[k].Seconds()*1000*overlayPxPerMs), overlayGraphH)
		rh := min(float32(o.renderT[k].Seconds()*1000*overlayPxPerMs), overlayGraphH-mh)
		if mh > 0 {
			ov.rect(v, x, gy, 1, mh, overlayMainColor, 1)
		}
		if rh > 0 {
			ov.rect(v, x, gy+mh, 1, rh, overlayRenderColor, 1)
		}
	}
	ov.rect(v, gx, gy+1000.0/60*overlayPxPerMs, overlayFrames, 1, overlayLineColor, 1)
	o.label.Render(v)
}

// rect records a w×h rectangle with its bottom-left corner at (x, y).
func (ov *overlayView) rect(v *scenegraph.View, x, y, w, h float32, c render.Color, order int16) {
	s := &ov.sp
	s.Transform = mgl32.Translate3D(x, y, 0)
	s.Size = mgl32.Vec2{w, h}
	s.Pivot = mgl32.Vec2{}
	s.UV = mgl32.Vec4{0, 0, 1, 1}
	s.Color = c
	s.Blend = render.BlendAlpha
	s.Order = order
	v.Frame.DrawSprite(s)
}

// SavePNG writes img to path as a PNG file, creating or replacing it. The
// error names the file.
func SavePNG(path string, img *image.RGBA) error {
	if img == nil {
		return fmt.Errorf("runtime: save %s: no image", path)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("runtime: save %s: %w", path, err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("runtime: save %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("runtime: save %s: %w", path, err)
	}
	return nil
}

// DebugKeys binds the keys every Game has: F1 toggles the stats overlay and
// F12 saves a screenshot as a PNG file.
type DebugKeys struct {
	g       *Game
	overlay *StatsOverlay
	dir     string
	saves   sync.WaitGroup // screenshots delivered and being saved
	shots   int
	off     []func()

	mu    sync.Mutex
	saved []string
	err   error
}

// BindDebugKeys binds F1 to overlay.Toggle and F12 to a screenshot saved in
// dir (the current directory when empty) as
// screenshot-YYYYMMDD-HHMMSS-N.png; the PNG is encoded on a worker, so the
// frame does not wait for it, and the path or the error is reported through
// the Game's logger. Call it once the Game is up (from GameInited), when its
// Input exists; it returns nil before.
func BindDebugKeys(g *Game, overlay *StatsOverlay, dir string) *DebugKeys {
	in := g.Input()
	if in == nil {
		return nil
	}
	k := &DebugKeys{g: g, overlay: overlay, dir: dir}
	k.off = append(k.off, in.KeyDown.On(func(e platform.KeyEvent) {
		if e.Repeat {
			return
		}
		switch e.Key {
		case platform.KeyF1:
			if k.overlay != nil {
				k.overlay.Toggle()
			}
		case platform.KeyF12:
			k.screenshot()
		}
	}))
	return k
}

func (k *DebugKeys) screenshot() {
	k.shots++
	name := fmt.Sprintf("screenshot-%s-%d.png", time.Now().Format("20060102-150405"), k.shots)
	path := filepath.Join(k.dir, name)
	if k.g.renderer == nil || k.g.cfg.NoGraphics {
		k.g.cfg.Logger.Printf("runtime: screenshot %s: the game has no graphics", path)
		return
	}
	k.g.Screenshot(func(img *image.RGBA) {
		k.saves.Add(1) // on the main thread, before Wait can look
		go func() {
			defer k.saves.Done()
			err := SavePNG(path, img)
			k.mu.Lock()
			if err != nil && k.err == nil {
				k.err = err
			} else if err == nil {
				k.saved = append(k.saved, path)
			}
			k.mu.Unlock()
			if err != nil {
				k.g.cfg.Logger.Printf("%v", err)
			} else {
				k.g.cfg.Logger.Printf("runtime: screenshot saved to %s", path)
			}
		}()
	})
}

// Wait waits for the screenshots delivered so far to be saved and returns
// the paths saved and the first error. A screenshot is delivered at the
// start of a frame after the one it captures, or when Run shuts down; one
// whose frame was never drawn (the Game quit first) is never saved. Call
// Wait on the main thread, or after Run returned.
func (k *DebugKeys) Wait() ([]string, error) {
	k.saves.Wait()
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.saved...), k.err
}

// Unbind removes the key bindings.
func (k *DebugKeys) Unbind() {
	for _, off := range k.off {
		off()
	}
	k.off = nil
}
