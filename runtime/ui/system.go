package ui

import (
	"slices"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// Priority is the priority of a Director's ui System. Its Update and
// PostUpdate do nothing: input is handled when it is fed (in the Director's
// input phase, for a Game) and the arranging runs in BeforeDraw.
const Priority = 0

// DefaultClipLayers are the layer bits ScrollViews take their clip layers
// from (bits 24 to 30): one bit per clipping ScrollView.
const DefaultClipLayers uint32 = 0x7f << 24

// System is a Director's user-interface system: it delivers the pointer,
// wheel, key and text input fed to it as node events on the running scene
// (see the package documentation for the hit-testing rule), keeps keyboard
// focus, and arranges the scene's UI (Widgets, Layouts, ScrollViews and the
// looks of Buttons and TextInputs) once per drawn frame, in the Director's
// BeforeDraw. Components find it through their node (SystemOf).
//
// A System handles one scene at a time: its Director's running scene, or
// the one given to SetScene. It allocates nothing in a frame without input
// and without changes to arrange.
type System struct {
	// FocusChanged is emitted with the newly focused node (nil when focus
	// is lost), after the nodes' "blur" and "focus" events. A Game turns
	// the platform's text input on while a node has focus.
	FocusChanged core.Signal[*scenegraph.Node]
	// Canceled is emitted on NavCancel (Escape, gamepad B; see Navigate)
	// with the focused node, or nil, after its EventCancel: the game
	// decides what cancelling means, as closing a menu.
	Canceled core.Signal[*scenegraph.Node]
	// Navigation turns keyboard and gamepad navigation on: NavigateKey,
	// and a Game's mapping of the D-pad, the left stick and A and B,
	// act only while it is set (Navigate always does), so that a game
	// steering with the arrows or the D-pad does not move focus through
	// its HUD's buttons unasked. Off in a new System.
	Navigation bool
	// ClipLayers are the layer bits ScrollViews without a ClipLayer of
	// their own are given, one each; NewSystem sets DefaultClipLayers.
	ClipLayers uint32

	d          *director.Director
	scene      *scenegraph.Scene // SetScene's, or the Director's running scene
	fixedScene bool              // SetScene was called
	screenW    int
	screenH    int
	rects      []*Rect
	widgets    []*Widget
	layouts    []*Layout
	scrolls    []*ScrollView
	canvases   []*Canvas
	others     []arranger
	depths     []int // scratch: tree depths while sorting
	clipCams   []*scenegraph.Camera
	clipUsed   uint32
	input      inputState
	focus      *scenegraph.Node
	nav        navState // focus navigation (focus.go)
	arranging  bool
}

// arranger is a component the System brings up to date in Arrange, after
// the widgets, layouts and scroll views.
type arranger interface {
	listed
	arrange(s *System)
	detach() // forget the System
}

// NewSystem returns a System with no scene, for use without a Director
// (tools, tests): give it a scene with SetScene, a screen size with
// SetScreenSize, and call Arrange before drawing. Install gives a Director
// its own.
func NewSystem() *System { return &System{ClipLayers: DefaultClipLayers} }

// Update does nothing: see Priority.
func (s *System) Update(float64) {}

// PostUpdate does nothing: see Priority.
func (s *System) PostUpdate(float64) {}

// Install registers a ui System with d, once: installing again returns the
// System already there. The System follows d's running scene, from each
// launch on, and arranges in d's BeforeDraw, which also runs while d is
// paused. A Game installs one.
func Install(d *director.Director) *System {
	if s, ok := director.Find[*System](d); ok {
		return s
	}
	s := director.Install(d, Priority, func() *System {
		s := NewSystem()
		s.d = d
		return s
	})
	d.BeforeSceneLaunch.On(func(sc *scenegraph.Scene) {
		if !s.fixedScene {
			s.follow(sc)
		}
	})
	d.BeforeDraw.On(func(*director.Director) { s.Arrange() })
	if sc := d.Scene(); sc != nil {
		s.follow(sc)
	}
	return s
}

// SystemOf returns the System of n's scene: the one given to SetScene for
// it, or that of the Director running it (installing one if that Director
// has none); nil when n is in no such scene.
func SystemOf(n *scenegraph.Node) *System {
	if n == nil || n.Scene() == nil {
		return nil
	}
	if s, _ := n.Scene().Value(systemKey{}).(*System); s != nil {
		return s
	}
	if d := director.OfNode(n); d != nil {
		s := Install(d)
		if sc := n.Scene(); !s.fixedScene && s.scene != sc && d.Scene() == sc {
			s.follow(sc) // installed while sc was being launched
		}
		return s
	}
	return nil
}

// systemKey is the scenegraph.Scene value under which a scene keeps its
// System.
type systemKey struct{}

// SetScene makes sc the scene the System serves, instead of its Director's
// running scene (nil goes back to that). The UI components already enabled
// in sc are taken in at once.
func (s *System) SetScene(sc *scenegraph.Scene) {
	s.fixedScene = sc != nil
	if sc == nil && s.d != nil {
		sc = s.d.Scene()
	}
	s.follow(sc)
}

// follow makes sc the served scene: pointers, hover and focus of the old
// one are dropped without events, and sc's enabled UI components are
// registered.
func (s *System) follow(sc *scenegraph.Scene) {
	if old := s.scene; old != nil && old != sc {
		if v, _ := old.Value(systemKey{}).(*System); v == s {
			old.SetValue(systemKey{}, nil)
		}
	}
	s.input.reset()
	s.focus = nil
	if sc != s.scene {
		s.forgetAll()
	}
	s.scene = sc
	if sc == nil {
		return
	}
	sc.SetValue(systemKey{}, s)
	sc.Root().Walk(func(n *scenegraph.Node) bool {
		if !n.ActiveInHierarchy() {
			return false
		}
		for _, b := range n.Components() {
			if !b.Base().EnabledInHierarchy() {
				continue
			}
			switch c := b.(type) {
			case *Rect:
				s.addRect(c)
			case *Widget:
				s.addWidget(c)
			case *Layout:
				s.addLayout(c)
			case *ScrollView:
				s.addScroll(c)
			case registrant:
				c.register(s)
			}
		}
		return true
	})
}

// forgetAll unregisters every component: those of the scene served until
// now (when the Director switches scenes, they are gone already). Scroll
// views stop clipping, so that their layers return to the pool.
func (s *System) forgetAll() {
	for len(s.scrolls) > 0 {
		v := s.scrolls[len(s.scrolls)-1]
		v.stopClipping()
		s.removeScroll(v)
	}
	for len(s.rects) > 0 {
		s.removeRect(s.rects[len(s.rects)-1])
	}
	for len(s.widgets) > 0 {
		s.removeWidget(s.widgets[len(s.widgets)-1])
	}
	for len(s.layouts) > 0 {
		s.removeLayout(s.layouts[len(s.layouts)-1])
	}
	for len(s.others) > 0 {
		a := s.others[len(s.others)-1]
		s.removeOther(a)
		a.detach()
	}
	s.clipCams = s.clipCams[:0]
	s.clipUsed = 0
}

// registrant is a component that registers itself as an arranger.
type registrant interface{ register(s *System) }

// Scene returns the scene the System serves, or nil.
func (s *System) Scene() *scenegraph.Scene {
	if s.scene == nil && s.d != nil && !s.fixedScene {
		return s.d.Scene()
	}
	return s.scene
}

// SetScreenSize sets the screen size in pixels that Widgets aligned to the
// screen and ScrollViews' clipping use, for a System whose Director has no
// frame sink (0, 0 goes back to the sink's). With a sink, the size is that
// of the frame being recorded (render.Frame.ScreenSize), which a Game
// updates when the window is resized.
func (s *System) SetScreenSize(w, h int) { s.screenW, s.screenH = w, h }

// ScreenSize returns the screen size in pixels the System arranges for.
func (s *System) ScreenSize() (w, h int) {
	if s.screenW > 0 || s.screenH > 0 {
		return s.screenW, s.screenH
	}
	if s.d != nil {
		if sink := s.d.FrameSink(); sink != nil {
			return sink.Frame().ScreenSize()
		}
	}
	return 0, 0
}

// Arrange brings the served scene's UI up to date: Widgets (parents before
// children), then Layouts (innermost first), then Widgets again (those whose
// target a layout resized), then ScrollViews (clamping and clipping), then
// the looks of Buttons, Toggles and TextInputs. Each does work only when
// what it depends on changed since it last did. An installed System runs it
// in its Director's BeforeDraw; call it yourself for a System without a
// Director.
func (s *System) Arrange() {
	if s.arranging {
		return
	}
	s.arranging = true
	defer func() { s.arranging = false }()
	if f := s.focus; f != nil && (!f.IsValidStrict() || !f.ActiveInHierarchy()) {
		s.SetFocus(nil)
	}
	s.arrangeCanvases() // canvas.go: before the Widgets align to them
	sortByDepth(s, s.widgets, false)
	for i := 0; i < len(s.widgets); i++ {
		s.widgets[i].arrange(s)
	}
	sortByDepth(s, s.layouts, true)
	for i := 0; i < len(s.layouts); i++ {
		s.layouts[i].arrange()
	}
	for i := 0; i < len(s.widgets); i++ {
		s.widgets[i].arrange(s)
	}
	sortByDepth(s, s.scrolls, false)
	for i := 0; i < len(s.scrolls); i++ {
		s.scrolls[i].arrange(s)
	}
	s.dropStaleClipCameras()
	s.hideClipLayers()
	for i := 0; i < len(s.others); i++ {
		s.others[i].arrange(s)
	}
}

// sortByDepth orders list by the tree depth of the components' nodes,
// shallow first (deepFirst: deep first), keeping the order of equal depths.
// An insertion sort: the lists are usually sorted already (a removal moves
// one element), so it costs about one pass, and it allocates nothing.
func sortByDepth[T interface {
	scenegraph.Behavior
	listed
}](s *System, list []T, deepFirst bool) {
	if len(list) < 2 {
		return
	}
	s.depths = s.depths[:0]
	for _, c := range list {
		s.depths = append(s.depths, depthOf(c.Base().Node()))
	}
	d := s.depths
	moved := false
	for i := 1; i < len(list); i++ {
		for j := i; j > 0; j-- {
			before := d[j] < d[j-1]
			if deepFirst {
				before = d[j] > d[j-1]
			}
			if !before {
				break
			}
			d[j], d[j-1] = d[j-1], d[j]
			list[j], list[j-1] = list[j-1], list[j]
			moved = true
		}
	}
	if moved {
		for i, c := range list {
			*c.slot() = i + 1
		}
	}
}

func depthOf(n *scenegraph.Node) int {
	k := 0
	for ; n != nil; n = n.Parent() {
		k++
	}
	return k
}

func addTo[T comparable](list []T, x T) []T {
	if slices.Contains(list, x) {
		return list
	}
	return append(list, x)
}

func removeFrom[T comparable](list []T, x T) []T {
	if i := slices.Index(list, x); i >= 0 {
		return slices.Delete(list, i, i+1)
	}
	return list
}

// listed is a component the System keeps in one of its lists, which
// knows its place there, so that adding and removing it take constant
// time whatever the list's length (BenchmarkRects100K).
type listed interface {
	// slot returns the component's index in its list plus one; 0 while
	// it is in none.
	slot() *int
}

// listAdd appends x to list unless it is there already.
func listAdd[T interface {
	comparable
	listed
}](list []T, x T) []T {
	if p := x.slot(); *p > 0 && *p <= len(list) && list[*p-1] == x {
		return list
	}
	list = append(list, x)
	*x.slot() = len(list)
	return list
}

// listRemove removes x from list, if it is there, by moving the last
// element into its place: the lists' order does not matter (hit testing
// breaks ties by tree order; the arranged lists are sorted by depth).
func listRemove[T interface {
	comparable
	listed
}](list []T, x T) []T {
	p := x.slot()
	i := *p - 1
	if i < 0 || i >= len(list) || list[i] != x {
		return list
	}
	*p = 0
	last := len(list) - 1
	if i != last {
		list[i] = list[last]
		*list[i].slot() = i + 1
	}
	var zero T
	list[last] = zero // let the removed component be collected
	return list[:last]
}

// member is a component the System keeps in one of its lists: its
// owner is the System it is registered with, or nil.
type member interface {
	comparable
	listed
	owner() **System
}

// enlist registers x in the list list of s returns, leaving the System it
// was in first.
func enlist[T member](s *System, x T, list func(*System) *[]T) {
	o := x.owner()
	if *o == s {
		return
	}
	if *o != nil {
		delist(*o, x, list)
	}
	*o = s
	l := list(s)
	*l = listAdd(*l, x)
}

// delist removes x from the list list of s returns.
func delist[T member](s *System, x T, list func(*System) *[]T) {
	l := list(s)
	*l = listRemove(*l, x)
	*x.owner() = nil
}

func rectsOf(s *System) *[]*Rect         { return &s.rects }
func widgetsOf(s *System) *[]*Widget     { return &s.widgets }
func layoutsOf(s *System) *[]*Layout     { return &s.layouts }
func scrollsOf(s *System) *[]*ScrollView { return &s.scrolls }

func (r *Rect) owner() **System       { return &r.sys }
func (w *Widget) owner() **System     { return &w.sys }
func (l *Layout) owner() **System     { return &l.sys }
func (v *ScrollView) owner() **System { return &v.sys }

func (r *Rect) slot() *int       { return &r.at }
func (w *Widget) slot() *int     { return &w.at }
func (l *Layout) slot() *int     { return &l.at }
func (v *ScrollView) slot() *int { return &v.at }
func (b *Button) slot() *int     { return &b.at }
func (t *TextInput) slot() *int  { return &t.at }

func (s *System) addRect(r *Rect)            { enlist(s, r, rectsOf) }
func (s *System) removeRect(r *Rect)         { delist(s, r, rectsOf) }
func (s *System) addWidget(w *Widget)        { enlist(s, w, widgetsOf) }
func (s *System) removeWidget(w *Widget)     { delist(s, w, widgetsOf) }
func (s *System) addLayout(l *Layout)        { enlist(s, l, layoutsOf) }
func (s *System) removeLayout(l *Layout)     { delist(s, l, layoutsOf) }
func (s *System) addScroll(v *ScrollView)    { enlist(s, v, scrollsOf) }
func (s *System) removeScroll(v *ScrollView) { delist(s, v, scrollsOf) }

func (s *System) addOther(a arranger)    { s.others = listAdd(s.others, a) }
func (s *System) removeOther(a arranger) { s.others = listRemove(s.others, a) }

// visibility returns the layers cam draws (its Visibility, with zero
// meaning every layer but EngineLayer).
func visibility(cam *scenegraph.Camera) uint32 {
	if cam.Visibility == 0 {
		return ^scenegraph.EngineLayer
	}
	return cam.Visibility
}

// CameraOf returns the camera that draws n to the screen: of the served
// scene's enabled cameras that draw to the screen (no Target) and see n's
// Layer, the last in drawing order (the topmost); nil if none.
func (s *System) CameraOf(n *scenegraph.Node) *scenegraph.Camera {
	sc := s.Scene()
	if sc == nil || n == nil {
		return nil
	}
	var best *scenegraph.Camera
	for _, c := range sc.Cameras() {
		if c.Target != 0 || visibility(c)&n.Layer == 0 || c.Node() == nil {
			continue
		}
		if best == nil || c.Priority >= best.Priority {
			best = c
		}
	}
	return best
}

// isClipCamera reports whether c is a ScrollView's clip camera.
func (s *System) isClipCamera(c *scenegraph.Camera) bool { return slices.Contains(s.clipCams, c) }

// takeClipLayer returns a free bit of ClipLayers, or 0.
func (s *System) takeClipLayer() uint32 {
	free := s.ClipLayers &^ s.clipUsed
	if free == 0 {
		return 0
	}
	bit := free & -free
	s.clipUsed |= bit
	return bit
}

func (s *System) releaseClipLayer(bit uint32) { s.clipUsed &^= bit }

// freeClipCamera returns a child of parent named ClipNodeName with a
// Camera that no ScrollView of s uses (one a saved scene brought back), or
// nil.
func (s *System) freeClipCamera(parent *scenegraph.Node) (*scenegraph.Node, *scenegraph.Camera) {
	for _, c := range parent.Children() {
		if c.Name() != ClipNodeName || !c.IsValidStrict() {
			continue
		}
		if cam := scenegraph.GetComponent[*scenegraph.Camera](c); cam != nil && !s.isClipCamera(cam) {
			return c, cam
		}
	}
	return nil, nil
}

// dropStaleClipCameras destroys the enabled clip cameras (by ClipNodeName)
// that no ScrollView took over in this Arrange: left in a saved scene by a
// view that no longer clips, they would draw what their stale Visibility
// and Viewport say, over the real ones.
func (s *System) dropStaleClipCameras() {
	sc := s.Scene()
	if sc == nil {
		return
	}
	cams := sc.Cameras()
	for i := len(cams) - 1; i >= 0; i-- { // backwards: destroying removes from cams
		if i >= len(cams) {
			continue
		}
		c := cams[i]
		if n := c.Node(); n != nil && n.Name() == ClipNodeName && n.IsValidStrict() && !s.isClipCamera(c) {
			n.Destroy()
			cams = sc.Cameras()
		}
	}
}

// hideClipLayers takes the layers of the ScrollViews' clipped contents out
// of every camera that is not the clip camera drawing them, so that content
// is drawn only through its clip camera's viewport.
func (s *System) hideClipLayers() {
	sc := s.Scene()
	if sc == nil || len(s.scrolls) == 0 {
		return
	}
	for _, c := range sc.Cameras() {
		own := uint32(0)
		if s.isClipCamera(c) {
			own = c.Visibility
		}
		hide := s.clipMask() &^ own
		if visibility(c)&hide != 0 {
			c.Visibility = visibility(c) &^ hide
		}
	}
}

// clipMask returns the layers of the enabled ScrollViews' contents.
func (s *System) clipMask() uint32 {
	var m uint32
	for _, v := range s.scrolls {
		m |= v.layer
	}
	return m
}
