package scenegraph

import (
	"errors"
	"math"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
)

// errNoSceneImage is reported for a Post graph whose passes do not read
// graph.Scene, so that the camera has nowhere to draw.
var errNoSceneImage = errors.New("the graph uses no image " + graph.Scene + " for the camera to draw into")

// cameraPost is what a camera keeps of its Post graph between the start
// and the end of its Extract, and the last error reported for it.
type cameraPost struct {
	on       bool        // this Extract draws through the graph
	viewport render.Rect // the camera's rectangle of its Target
	w, h     int         // its size
	err      error       // the last error reported, nil after a success
}

// beginCamera records what comes before camera c's renderables: its shadow
// pass, then its own pass, with the scene's lights, into its target (or
// into its Post graph's scene image). It sets v up for the renderables
// of a view mask sees, in a frame of sw×sh pixels.
func (s *Scene) beginCamera(c *Camera, v *View, mask uint32, sw, sh int) {
	f := v.Frame
	w, h := c.targetSize(sw, sh)
	vp := c.viewportPixels(w, h)
	pw, ph := w, h
	if !vp.Empty() {
		pw, ph = vp.W, vp.H
	}
	v.Camera = c
	v.setViewProj(c.ViewProj(pw, ph))
	v.rendered, v.culled = 0, 0
	p := render.Pass{
		Name:       c.node.Name(), // GPU timings name the pass after its camera
		Target:     c.Target,
		Viewport:   vp,
		Clear:      c.Clear,
		ClearColor: colorVec(c.ClearColor),
		ViewProj:   v.ViewProj,
		// For the frame block (cc_matView, cc_matProj, cc_cameraPos).
		View:       c.ViewMatrix(),
		Projection: c.ProjectionMatrix(pw, ph),
	}
	s.sceneLights(&p.Lights, c.node.WorldPosition())
	s.skybox(c, &p)
	s.shadowPass(c, f, mask, pw, ph, &p.Lights)
	c.post.on = false
	if c.Post != nil {
		if t, ok := c.preparePost(f, vp, pw, ph); ok {
			p.Target, p.Viewport = t, render.Rect{}
			if d, _ := c.Post.ImageDesc(graph.Scene); d.Format.Linear() {
				// The scene image holds linear light, which the chain
				// tone maps and encodes: the clear color, given as a
				// display (sRGB) color, is decoded to the light it
				// stands for. (The tone curve then darkens dark
				// backgrounds, as it does dark surfaces.)
				p.ClearColor = linearColor(p.ClearColor)
			}
		}
	}
	f.BeginPass(p)
}

// endCamera records what comes after camera c's renderables: its Post
// graph's passes, which end in the camera's target.
func (s *Scene) endCamera(c *Camera, f *render.Frame) {
	if !c.post.on {
		return
	}
	c.post.on = false
	err := c.Post.Record(f, c.Target, c.post.viewport, c.post.w, c.post.h)
	c.reportPost(err, "some post-processing passes failed")
}

// preparePost prepares c's Post graph for an output of w×h pixels (in
// viewport of c's target) and returns the target of its scene image. On a
// graph error it reports the error and returns false: the camera then
// draws straight into its target, so the picture is not lost.
func (c *Camera) preparePost(f *render.Frame, viewport render.Rect, w, h int) (render.TargetID, bool) {
	err := c.Post.Prepare(f, w, h)
	t, _ := c.Post.Target(graph.Scene)
	if err == nil && t == 0 {
		err = errNoSceneImage
	}
	if err != nil {
		c.reportPost(err, "the camera draws without post-processing")
		return 0, false
	}
	c.post = cameraPost{on: true, viewport: viewport, w: w, h: h, err: c.post.err}
	return t, true
}

// reportPost logs err through the scene's logger the first time it
// happens (not every frame while it lasts), and forgets the last error on
// success, so that a graph that breaks again is reported again.
func (c *Camera) reportPost(err error, consequence string) {
	if err == nil {
		c.post.err = nil
		return
	}
	last := c.post.err
	c.post.err = err
	if last != nil && (err == last || err.Error() == last.Error()) {
		return
	}
	LoggerOf(c.node).Printf("scenegraph: camera %q: post-processing graph: %v; %s", c.node.Path(), err, consequence)
}

// linearColor decodes c's color channels from sRGB (alpha is linear).
func linearColor(c [4]float32) [4]float32 {
	for i := range 3 {
		if v := c[i]; v <= 0.04045 {
			c[i] = v / 12.92
		} else {
			c[i] = float32(math.Pow((float64(v)+0.055)/1.055, 2.4))
		}
	}
	return c
}
