package ui

import (
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// ResolutionPolicy says how a Canvas fits its design resolution to the
// screen, after Cocos Creator's ResolutionPolicy (view.setDesignResolutionSize).
type ResolutionPolicy uint8

const (
	// ShowAll scales the design uniformly until it touches the screen's
	// edges on one axis (scale min(sw/dw, sh/dh)): the whole design area
	// is visible and centered; the screen beyond it on the other axis is
	// still drawn into (there are no black bars on a HUD over a world).
	ShowAll ResolutionPolicy = iota
	// NoBorder scales uniformly until the design covers the whole screen
	// (scale max(sw/dw, sh/dh)): one axis of the design is cropped, and the
	// Canvas's Rect is the visible part.
	NoBorder
	// FixedWidth shows exactly the design width (scale sw/dw); the visible
	// height follows the screen's aspect.
	FixedWidth
	// FixedHeight shows exactly the design height (scale sh/dh); the
	// visible width follows the screen's aspect.
	FixedHeight
	// IntegerScale is for pixel art: the largest whole scale at which the
	// design fits (at least 1), drawn into a viewport of exactly
	// dw·scale × dh·scale pixels at a whole-pixel offset centering it, so
	// every design pixel is a square of scale×scale screen pixels.
	IntegerScale
)

// String returns the policy's Go name.
func (p ResolutionPolicy) String() string {
	switch p {
	case ShowAll:
		return "ShowAll"
	case NoBorder:
		return "NoBorder"
	case FixedWidth:
		return "FixedWidth"
	case FixedHeight:
		return "FixedHeight"
	case IntegerScale:
		return "IntegerScale"
	}
	return "ResolutionPolicy(" + strconv.Itoa(int(p)) + ")"
}

// CanvasLayer is the layer bit a Canvas without a Layer of its own puts its
// subtree on (Cocos' UI_3D bit; Cocos' UI_2D bit is among
// DefaultClipLayers here).
const CanvasLayer uint32 = 1 << 23

// CanvasPriority is the camera Priority of a Canvas without one of its own:
// above the world cameras (Priority 0 by default), so the UI draws last.
const CanvasPriority = 1 << 20

// CanvasFit is how a design resolution maps onto a screen.
type CanvasFit struct {
	// Scale is screen pixels per design unit.
	Scale float32
	// Visible is the size, in design units, of the Canvas's Rect: the part
	// of the design area on the screen (ShowAll and IntegerScale: the
	// design size; NoBorder, FixedWidth, FixedHeight: what the screen shows).
	Visible mgl32.Vec2
	// Viewport is the rectangle of screen pixels (top-left origin) the
	// Canvas's camera draws into: the whole screen, except for
	// IntegerScale, where it is the scaled design area.
	Viewport render.Rect
}

// Canvas is the root of a screen-space UI, after Cocos Creator's Canvas
// with its design resolution: it gives its node a Rect of the visible design
// area (anchored at its center), a Camera of its own that draws its subtree
// after the world (Priority CameraPriority, clearing depth only), puts every
// node of its subtree on its Layer, and takes that Layer out of every other
// camera of the scene, so a HUD over a scrolling world is one node: world
// cameras move, the Canvas stays.
//
// Children are laid out in design units around the Canvas node's origin
// (the center of the screen for every policy); a Widget aligned to its
// parent (the Canvas) pins to the visible design area's edges. Pointer
// input reaches its nodes through its camera, as for any camera (see
// the package documentation), and ScreenToCanvas maps a screen pixel into
// design units.
//
// The System refits the Canvas once per drawn frame, before it aligns
// Widgets, from the frame's screen size (render.Frame.ScreenSize, which a
// Game updates on a window resize), so the frame that first has the new
// size is drawn and aligned with it; a frame without a change allocates
// nothing. A ScrollView's clipped content inside a Canvas keeps its clip
// layer. ExactFit (Cocos' non-uniform stretch) is not offered: it would
// distort text and sprites.
type Canvas struct {
	scenegraph.Component

	// DesignWidth and DesignHeight are the design resolution in units;
	// both must be positive (otherwise the Canvas reports it once and
	// fits nothing).
	DesignWidth, DesignHeight float32
	// Policy is how the design fits the screen.
	Policy ResolutionPolicy
	// Layer is the layer bit of the subtree; 0 means CanvasLayer.
	Layer uint32
	// CameraPriority is the camera's Priority; 0 means CanvasPriority.
	CameraPriority int
	// FitCameras are other cameras (the world's) given the Canvas's fit
	// at every refit, as FitCamera does: with IntegerScale, a pixel-art
	// world drawn at the same whole scale as the HUD. A camera's Viewport
	// clears only its own rectangle, so with IntegerScale keep a camera
	// covering the screen (a lower Priority, seeing an unused layer) to
	// clear the bars around it.
	FitCameras []*scenegraph.Camera `scene:"-"`

	sys    *System
	at     int
	cam    *scenegraph.Camera
	rect   *Rect
	fit    CanvasFit
	sw, sh int
	warned bool
}

// NewCanvas returns a Canvas with a design resolution of w×h units and the
// given policy.
func NewCanvas(w, h float32, policy ResolutionPolicy) *Canvas {
	return &Canvas{DesignWidth: w, DesignHeight: h, Policy: policy}
}

// OnEnable finds or adds the node's Rect and Camera (a saved scene brings
// them back; they are not added twice) and registers with the System.
func (c *Canvas) OnEnable() {
	n := c.Node()
	if c.rect = scenegraph.GetComponent[*Rect](n); c.rect == nil {
		r := NewRect(c.DesignWidth, c.DesignHeight)
		r.AnchorPoint = mgl32.Vec2{0.5, 0.5}
		c.rect = scenegraph.AddComponent(n, r)
	}
	if c.cam = scenegraph.GetComponent[*scenegraph.Camera](n); c.cam == nil {
		cam := scenegraph.NewOrthoCamera(render.Black)
		cam.Clear = render.ClearDepth
		c.cam = scenegraph.AddComponent(n, cam)
	}
	c.sw, c.sh = -1, -1
	if s := SystemOf(n); s != nil {
		enlist(s, c, canvasesOf)
	}
}

// OnDisable unregisters the Canvas; its camera and Rect stay.
func (c *Canvas) OnDisable() {
	if c.sys != nil {
		delist(c.sys, c, canvasesOf)
	}
}

// Camera returns the Canvas's camera (nil before its first OnEnable). The
// Canvas sets its Projection, Visibility, Priority, OrthoHeight and Viewport
// at every refit; its Clear and ClearColor (depth only, at first) are the
// caller's.
func (c *Canvas) Camera() *scenegraph.Camera { return c.cam }

// layer returns the Canvas's layer bit.
func (c *Canvas) layer() uint32 {
	if c.Layer == 0 {
		return CanvasLayer
	}
	return c.Layer
}

// Fit returns how the design resolution maps onto a screen of sw×sh
// pixels under the Canvas's Policy. It is the zero CanvasFit when the
// design or the screen has no area.
func (c *Canvas) Fit(sw, sh int) CanvasFit {
	dw, dh := c.DesignWidth, c.DesignHeight
	if !(dw > 0 && dh > 0) || sw <= 0 || sh <= 0 || math.IsInf(float64(dw), 0) || math.IsInf(float64(dh), 0) {
		return CanvasFit{}
	}
	fw, fh := float32(sw), float32(sh)
	sx, sy := fw/dw, fh/dh
	full := render.Rect{W: sw, H: sh}
	switch c.Policy {
	case NoBorder:
		s := max(sx, sy)
		return CanvasFit{Scale: s, Visible: mgl32.Vec2{fw / s, fh / s}, Viewport: full}
	case FixedWidth:
		return CanvasFit{Scale: sx, Visible: mgl32.Vec2{dw, fh / sx}, Viewport: full}
	case FixedHeight:
		return CanvasFit{Scale: sy, Visible: mgl32.Vec2{fw / sy, dh}, Viewport: full}
	case IntegerScale:
		s := max(1, float32(math.Floor(float64(min(sx, sy)))))
		vw, vh := int(dw*s+0.5), int(dh*s+0.5)
		return CanvasFit{Scale: s, Visible: mgl32.Vec2{dw, dh},
			Viewport: render.Rect{X: (sw - vw) / 2, Y: (sh - vh) / 2, W: vw, H: vh}}
	default: // ShowAll
		return CanvasFit{Scale: min(sx, sy), Visible: mgl32.Vec2{dw, dh}, Viewport: full}
	}
}

// Current returns the fit of the last refit (the zero CanvasFit before the
// first).
func (c *Canvas) Current() CanvasFit { return c.fit }

// ScreenToCanvas maps screen pixel (x, y) (origin top-left, y down, as the
// pointer is fed to the System) to design units in the Canvas node's local
// space (origin at its center, y up), by the last refit. Before the first it
// returns NaN.
func (c *Canvas) ScreenToCanvas(x, y float32) mgl32.Vec2 {
	f := c.fit
	if f.Scale <= 0 {
		nan := float32(math.NaN())
		return mgl32.Vec2{nan, nan}
	}
	cx := float32(f.Viewport.X) + float32(f.Viewport.W)/2
	cy := float32(f.Viewport.Y) + float32(f.Viewport.H)/2
	return mgl32.Vec2{(x - cx) / f.Scale, (cy - y) / f.Scale}
}

// FitCamera gives cam the Canvas's last fit: the same viewport and the
// same units per pixel (an orthographic OrthoHeight), so a world camera
// shows the world at the design resolution too (a pixel-art game with
// IntegerScale). FitCameras has the Canvas do it at every refit, in the
// same frame; a call of your own uses the last refit.
func (c *Canvas) FitCamera(cam *scenegraph.Camera) {
	if cam == nil || c.fit.Scale <= 0 || c.sw <= 0 || c.sh <= 0 {
		return
	}
	f := c.fit
	cam.OrthoHeight = float32(f.Viewport.H) / (2 * f.Scale)
	if f.Viewport == (render.Rect{W: c.sw, H: c.sh}) {
		cam.Viewport = mgl32.Vec4{}
		return
	}
	fw, fh := float32(c.sw), float32(c.sh)
	cam.Viewport = mgl32.Vec4{
		float32(f.Viewport.X) / fw,
		float32(c.sh-f.Viewport.Y-f.Viewport.H) / fh,
		float32(f.Viewport.W) / fw,
		float32(f.Viewport.H) / fh,
	}
}

// arrange refits the Canvas to the System's screen, puts its subtree on
// its layer and keeps its camera's settings.
func (c *Canvas) arrange(s *System) {
	n := c.Node()
	if n == nil || c.cam == nil || c.rect == nil {
		return
	}
	if !(c.DesignWidth > 0 && c.DesignHeight > 0) {
		if !c.warned {
			c.warned = true
			scenegraph.LoggerOf(n).Printf("ui: Canvas on %q: design resolution %vx%v is not positive; it is not fitted", n.Path(), c.DesignWidth, c.DesignHeight)
		}
		return
	}
	layer := c.layer()
	c.cam.Visibility = layer
	c.cam.Priority = c.CameraPriority
	if c.cam.Priority == 0 {
		c.cam.Priority = CanvasPriority
	}
	c.cam.Projection = scenegraph.Orthographic
	c.setLayers(n, layer, s.clipMask())
	sw, sh := s.ScreenSize()
	if sw != c.sw || sh != c.sh || c.fit != c.Fit(sw, sh) {
		c.fit = c.Fit(sw, sh)
		c.sw, c.sh = sw, sh
		c.FitCamera(c.cam)
	}
	for _, cam := range c.FitCameras {
		c.FitCamera(cam)
	}
	if v := c.fit.Visible; c.fit.Scale > 0 && c.rect.Size() != v {
		c.rect.SetSize(v[0], v[1])
	}
}

// setLayers puts n's subtree on layer, leaving alone the subtrees on a
// ScrollView's clip layer (clip), which that view draws through its clip
// camera.
func (c *Canvas) setLayers(n *scenegraph.Node, layer, clip uint32) {
	if n.Layer&clip != 0 {
		return
	}
	n.Layer = layer
	for _, ch := range n.Children() {
		c.setLayers(ch, layer, clip)
	}
}

// arrangeCanvases refits the System's Canvases and hides their layers from
// every camera but theirs. Arrange calls it first, so Widgets align to the
// new Rects in the same frame.
func (s *System) arrangeCanvases() {
	if len(s.canvases) == 0 {
		return
	}
	var mask uint32
	for _, c := range s.canvases {
		c.arrange(s)
		mask |= c.layer()
	}
	sc := s.Scene()
	if sc == nil {
		return
	}
	for _, cam := range sc.Cameras() {
		if s.isCanvasCamera(cam) {
			continue
		}
		if visibility(cam)&mask != 0 {
			cam.Visibility = visibility(cam) &^ mask
		}
	}
}

func (s *System) isCanvasCamera(cam *scenegraph.Camera) bool {
	for _, c := range s.canvases {
		if c.cam == cam {
			return true
		}
	}
	return false
}

func canvasesOf(s *System) *[]*Canvas { return &s.canvases }
func (c *Canvas) owner() **System     { return &c.sys }
func (c *Canvas) slot() *int          { return &c.at }
