package profiler

import (
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/text"
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

// overlayGPUPerLine is how many passes (or groups of passes) one gpu line
// shows.
const overlayGPUPerLine = 4

// overlayTextInterval is how often the overlay's text is redone at most.
const overlayTextInterval = 250 * time.Millisecond

// Overlay panel geometry, in pixels.
const (
	overlayMargin   = 8
	overlayPad      = 6
	overlayGraphH   = 100 // 25 ms at 4 px per ms
	overlayPxPerMs  = 4
	overlayFontSize = 14
	overlayTextH    = 6 * 17 // six lines
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
// calls, draw items and triangles, the GPU time of every pass, an effect's
// passes summed (render.Stats.GPUPasses, a frame or two late), live nodes and components, the heap and
// the GC. It draws with sprites and a Label under a camera of its own
// (OverlayPriority, seeing only OverlayLayer), in a scene of its own that is
// drawn over every scene the Director runs (Director.AddOverlay). A Game binds
// it to F1.
//
// Hidden, it costs two clock reads per frame (the graph keeps running, so it
// shows the recent past when it opens). Shown, a frame allocates nothing
// except when the text changes, which happens at most four times a second.
// A StatsOverlay belongs to the main thread.
type StatsOverlay struct {
	d       *director.Director
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

	scene           *scenegraph.Scene // the overlay's own, drawn by the Director over the game's
	root, labelNode *scenegraph.Node
	cam             *scenegraph.Camera
	label           *text.Label
	view            *overlayView
	camPos          mgl32.Vec3
}

// NewStatsOverlay returns a hidden overlay for d's frames; Show or Toggle
// shows it.
func NewStatsOverlay(d *director.Director) *StatsOverlay {
	o := &StatsOverlay{d: d, t0: time.Now(), text: make([]byte, 0, 256), prev: make([]byte, 0, 256),
		textAt: -overlayTextInterval}
	o.now = func() time.Duration { return time.Since(o.t0) }
	o.samples = []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	d.BeginFrame.On(func(*director.Director) { o.beginFrame() })
	d.EndFrame.On(func(*director.Director) { o.endFrame() })
	return o
}

// Visible reports whether the overlay is shown.
func (o *StatsOverlay) Visible() bool { return o.visible }

// Toggle shows a hidden overlay and hides a shown one.
func (o *StatsOverlay) Toggle() { o.SetVisible(!o.visible) }

// SetVisible shows or hides the overlay. Shown, the Director draws the
// overlay's own scene over the game's (Director.AddOverlay): the game's
// scene never holds the overlay's nodes, so saving or hashing it does not
// see them.
func (o *StatsOverlay) SetVisible(on bool) {
	if on == o.visible {
		return
	}
	o.visible = on
	if !on {
		o.d.RemoveOverlay(o.scene)
		return
	}
	o.textAt = o.now() - overlayTextInterval // fresh text at once
	if o.scene == nil {
		o.build()
	}
	o.place()
	o.d.AddOverlay(o.scene)
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
	if st, ok := o.d.RenderStats(); ok {
		o.stats = st
	}
	o.mainT[o.head] = t - o.frameStart
	o.renderT[o.head] = o.stats.RenderTime
	o.head = (o.head + 1) % overlayFrames
	o.count = min(o.count+1, overlayFrames)
	if !o.visible {
		return
	}
	s := o.d.Scene()
	o.place()
	if t-o.textAt >= overlayTextInterval {
		o.textAt = t
		o.updateText(s)
	}
}

// build makes the overlay's scene and launches it; it lives as long as the
// overlay.
func (o *StatsOverlay) build() {
	o.scene = scenegraph.NewScene("StatsOverlay")
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
	o.label = text.NewLabel(string(o.text), overlayFontSize, render.White)
	o.label.HAlign, o.label.VAlign = text.AlignLeft, text.AlignTop
	o.label.Anchor = mgl32.Vec2{0, 1}
	o.label.Order = 2
	// Disabled: Extract would draw it for every camera that sees the layer;
	// the overlay's view draws it for the overlay camera only.
	o.label.SetEnabled(false)
	scenegraph.AddComponent(o.labelNode, o.label)
	o.camPos = mgl32.Vec3{}
	o.scene.AddChild(o.root)
	o.scene.Launch()
}

// place puts the camera so that world units are screen pixels with the
// origin at the bottom-left, and the text at the panel's top-left.
func (o *StatsOverlay) place() {
	sink := o.d.FrameSink()
	if sink == nil {
		return // nothing is drawn without a sink: nothing to place
	}
	w, h := sink.Frame().ScreenSize()
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
	b = o.appendGPU(b)
	var nodes, comps int
	if s != nil {
		nodes, comps = countTree(s.Root())
	}
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

// appendGPU appends the gpu lines: the GPU time of every timed pass of the
// newest frame whose times came back, by pass name, four to a line.
// Consecutive passes named alike up to a dot ("bloom.bright",
// "bloom.blur0h" from the post chain) are summed under that prefix
// ("bloom"), so that an effect of many passes takes one entry.
func (o *StatsOverlay) appendGPU(b []byte) []byte {
	st := &o.stats
	b = append(b, "\ngpu"...)
	if st.NoGPUTimes {
		return append(b, " n/a"...)
	}
	if st.PassCount == 0 {
		return append(b, " -"...)
	}
	b = append(b, ' ')
	b = appendMs(b, st.GPUFrame)
	passes := st.GPUPasses[:min(st.PassCount, len(st.GPUPasses))]
	for i, n := 0, 0; i < len(passes); n++ {
		name := passGroup(passes[i].Name)
		var sum time.Duration
		for ; i < len(passes) && passGroup(passes[i].Name) == name; i++ {
			sum += passes[i].GPU
		}
		if n > 0 && n%overlayGPUPerLine == 0 {
			b = append(b, "\n   "...)
		}
		b = append(b, "   "...)
		b = append(b, name...)
		b = append(b, ' ')
		b = appendMs(b, sum)
	}
	return b
}

// passGroup returns a pass name up to its first dot: the effect it is part
// of.
func passGroup(name string) string {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return name[:i]
	}
	return name
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
	// The panel grows with the text (the gpu lines of a long pass list).
	text := o.label.Size()
	panelW := max(overlayPanelW, text[0]+2*overlayPad)
	panelH := max(overlayPanelH, overlayGraphH+text[1]+3*overlayPad)
	ov.rect(v, left, top-panelH, panelW, panelH, overlayPanelColor, 0)
	gx := left + overlayPad
	gy := top - panelH + overlayPad
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
