package graph

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Image names with a meaning to every graph.
const (
	// Output is the image the caller of Record gives: the screen or a
	// camera's target, drawn in the caller's viewport. It cannot be
	// declared with Image, nor read by a pass.
	Output = "output"
	// Scene is, by convention, the image a camera draws its scene into
	// before post-processing. It is always an input image (see
	// ImageDesc.Input): the caller draws it between Prepare and Record,
	// into the target Target returns, and passes may read it although no
	// pass writes it.
	Scene = "scene"
)

// ImageDesc describes an image the graph owns: a render target it creates,
// resizes and deletes.
type ImageDesc struct {
	// Scale sizes the image as a fraction of the output size (rounded,
	// at least one pixel); 0 means 1. Bloom's half-resolution images use
	// 0.5.
	Scale float32
	// Width and Height give a fixed size instead, when both are nonzero.
	Width, Height int
	// Format, Colors, Depth, Samples and Filter are the target's, as in
	// render.TargetDesc.
	Format  render.Format
	Colors  int
	Depth   render.DepthMode
	Samples int
	Filter  render.Filter
	// Input marks an image the caller draws before Record, outside the
	// graph (a camera's scene): passes may read it without a pass writing
	// it (passes that do write it run after the caller's drawing, in the
	// graph's order). The image named Scene is always an input.
	Input bool
}

// Pass is one render pass of a graph.
type Pass struct {
	// Name identifies the pass in the graph, in errors and in GPU
	// timings (render.Pass.Name). It must not be empty.
	Name string
	// Reads are the images the pass samples; their textures are
	// available to Draw through Context.Texture. The pass runs after
	// every pass that writes them.
	Reads []string
	// Writes is the image the pass draws into; "" means Output.
	Writes string
	// Clear and ClearColor are what the pass clears its image with,
	// unless Draw's render.Pass sets its own Clear.
	Clear      render.ClearFlags
	ClearColor mgl32.Vec4
	// Draw records the pass's draws. It must call Context.Begin before
	// drawing, and gets the frame only from it. A nil Draw begins the
	// pass alone (its clear).
	Draw func(c *Context)
}

// Graph is a set of passes and images; see the package documentation. The
// zero Graph is not usable: call New.
type Graph struct {
	images  []*image
	imageBy map[string]*image
	nodes   []*node
	nodeBy  map[string]*node

	dirty bool  // passes, enables or images changed since the last compile
	err   error // the last compile's error
	order []*node
	names []string

	out        render.TargetID
	viewport   render.Rect
	outW, outH int

	ctx Context
}

// image is a declared image and its target.
type image struct {
	name   string
	desc   ImageDesc
	used   bool // in the last compiled schedule
	target render.TargetID
	made   render.TargetDesc // what target was created with
	tex    [render.MaxColorAttachments]render.TextureID
}

// node is a pass and what the last compile made of it.
type node struct {
	pass    Pass
	enabled bool

	write *image   // nil: Output
	reads []*image // the images the pass samples, after pass-through; parallel to pass.Reads
	// copyFrom is set on a disabled pass that writes Output: it runs as a
	// copy of that image into the output.
	copyFrom *image
	label    string // the render pass name: the pass's, or a copy's
}

// New returns an empty graph.
func New() *Graph {
	return &Graph{imageBy: map[string]*image{}, nodeBy: map[string]*node{}, dirty: true}
}

// Image declares image name or changes its description. A changed
// description recreates the image's target at the next Prepare or Record;
// declaring it again unchanged costs nothing. A bad description (or the
// name Output) is reported by the next Record.
func (g *Graph) Image(name string, d ImageDesc) {
	if im, ok := g.imageBy[name]; ok {
		if im.desc != d {
			im.desc = d
			g.dirty = true
		}
		return
	}
	im := &image{name: name, desc: d}
	g.images = append(g.images, im)
	g.imageBy[name] = im
	g.dirty = true
}

// Add adds pass p, or replaces the pass of the same name (which keeps its
// place in the order of adding and its enabled state). New passes are
// enabled. p.Reads is copied. It fails, naming the pass, on an empty name,
// an empty read image name or a pass that reads the same image twice;
// images are checked against the declarations at Record.
func (g *Graph) Add(p Pass) error {
	if p.Name == "" {
		return errors.New("graph: Add: a pass needs a name")
	}
	for i, r := range p.Reads {
		if r == "" {
			return fmt.Errorf("graph: pass %q: read %d has no image name", p.Name, i)
		}
		for _, r2 := range p.Reads[:i] {
			if r == r2 {
				return fmt.Errorf("graph: pass %q reads image %q twice", p.Name, r)
			}
		}
	}
	if p.Writes == "" {
		p.Writes = Output
	}
	p.Reads = append([]string(nil), p.Reads...)
	g.dirty = true
	if n, ok := g.nodeBy[p.Name]; ok {
		n.pass = p
		return nil
	}
	n := &node{pass: p, enabled: true}
	g.nodes = append(g.nodes, n)
	g.nodeBy[p.Name] = n
	return nil
}

// Remove removes pass name and reports whether the graph had it.
func (g *Graph) Remove(name string) bool {
	n, ok := g.nodeBy[name]
	if !ok {
		return false
	}
	delete(g.nodeBy, name)
	for i, m := range g.nodes {
		if m == n {
			g.nodes = append(g.nodes[:i], g.nodes[i+1:]...)
			break
		}
	}
	g.dirty = true
	return true
}

// Enable turns pass name on or off. A disabled pass does not run. Where
// no enabled pass writes its image, it passes its first read image
// through: the passes that read its image read that one instead, and if
// it wrote Output, the graph copies that image into the output in its
// place. It fails on an unknown pass.
func (g *Graph) Enable(name string, on bool) error {
	n, ok := g.nodeBy[name]
	if !ok {
		return fmt.Errorf("graph: Enable: no pass %q", name)
	}
	if n.enabled != on {
		n.enabled = on
		g.dirty = true
	}
	return nil
}

// Enabled reports whether pass name exists and is enabled.
func (g *Graph) Enabled(name string) bool {
	n, ok := g.nodeBy[name]
	return ok && n.enabled
}

// Passes returns the names of the passes in the order the last Prepare or
// Record runs them, culled passes left out. A disabled pass that copies its
// image into the output appears as "NAME (pass-through)".
func (g *Graph) Passes() []string { return append([]string(nil), g.names...) }

// Err returns the graph's error as of the last Prepare or Record: nil when
// its passes can be ordered.
func (g *Graph) Err() error { return g.err }

// ImageDesc returns the description image name was declared with, and
// whether it is declared.
func (g *Graph) ImageDesc(name string) (ImageDesc, bool) {
	im, ok := g.imageBy[name]
	if !ok {
		return ImageDesc{}, false
	}
	return im.desc, true
}

// Target returns the render target of image name and its pixel
// rectangle, as of the last Prepare or Record; for Output, the target and
// viewport given to the last Record. It returns zeros for an unknown
// image or one without a target (culled).
func (g *Graph) Target(name string) (render.TargetID, render.Rect) {
	if name == Output {
		return g.out, g.viewport
	}
	im, ok := g.imageBy[name]
	if !ok || im.target == 0 {
		return 0, render.Rect{}
	}
	return im.target, render.Rect{W: im.made.Width, H: im.made.Height}
}

// Prepare orders the passes if they changed, then creates, resizes or
// deletes the images' targets in f for an output of outW×outH pixels:
// images the ordered passes use get a target of their description (a
// changed size or description deletes the old target and creates a new
// one), the others lose theirs. Record calls it; call it alone to get
// the targets (Target) before recording. It returns the graph's error, and
// then changes nothing.
func (g *Graph) Prepare(f *render.Frame, outW, outH int) error {
	if g.dirty {
		g.compile()
	}
	if g.err != nil {
		return g.err
	}
	if outW <= 0 || outH <= 0 {
		return fmt.Errorf("graph: output size %dx%d", outW, outH)
	}
	g.outW, g.outH = outW, outH
	for _, im := range g.images {
		if !im.used {
			im.release(f)
			continue
		}
		want := im.targetDesc(outW, outH)
		if im.target != 0 && im.made == want {
			continue
		}
		im.release(f)
		im.target, im.tex[0] = f.CreateTarget(want)
		for a := 1; a < want.Attachments(); a++ {
			im.tex[a] = f.TargetTexture(im.target, a)
		}
		im.made = want
	}
	return nil
}

// Record prepares the images (see Prepare) and records the passes into f
// in order: each enabled pass's Draw runs with a Context whose Begin
// starts a render pass into the pass's image. Output is target out
// (0: the screen) in viewport (zero: all of it); outW and outH are the size
// of the area the graph draws into (the viewport's, or the whole
// target's), which images sized by Scale follow.
//
// It returns the graph's error (a cycle, a missing or undeclared image)
// without recording anything, or else the first error a pass reported
// through its Context, after recording every pass. A panic in a Draw
// propagates; the graph stays usable.
func (g *Graph) Record(f *render.Frame, out render.TargetID, viewport render.Rect, outW, outH int) error {
	if err := g.Prepare(f, outW, outH); err != nil {
		return err
	}
	g.out, g.viewport = out, viewport
	c := &g.ctx
	var err error
	for _, n := range g.order {
		*c = Context{g: g, f: f, n: n}
		switch {
		case n.copyFrom != nil:
			c.Begin(render.Pass{})
			f.DrawFullscreen(&render.FullscreenDraw{Texture: n.copyFrom.tex[0]})
		case n.pass.Draw == nil:
			c.Begin(render.Pass{})
		default:
			n.pass.Draw(c)
		}
		if err == nil {
			err = c.err
		}
	}
	*c = Context{}
	return err
}

// Release records the deletion of every target the graph created; the
// next Prepare or Record creates them again.
func (g *Graph) Release(f *render.Frame) {
	for _, im := range g.images {
		im.release(f)
	}
}

func (im *image) release(f *render.Frame) {
	if im.target != 0 {
		f.DeleteTarget(im.target)
	}
	im.target = 0
	im.made = render.TargetDesc{}
	im.tex = [render.MaxColorAttachments]render.TextureID{}
}

// targetDesc returns the target im needs for an output of outW×outH.
func (im *image) targetDesc(outW, outH int) render.TargetDesc {
	d := &im.desc
	w, h := d.Width, d.Height
	if w == 0 || h == 0 {
		s := d.Scale
		if s == 0 {
			s = 1
		}
		w = max(1, int(float32(outW)*s+0.5))
		h = max(1, int(float32(outH)*s+0.5))
	}
	return render.TargetDesc{Width: w, Height: h, Filter: d.Filter, Samples: d.Samples,
		Format: d.Format, Colors: d.Colors, Depth: d.Depth}
}

// check reports what is wrong with im's description.
func (im *image) check() error {
	d := &im.desc
	switch {
	case im.name == Output:
		return fmt.Errorf("graph: image %q is the caller's target and cannot be declared", Output)
	case im.name == "":
		return errors.New("graph: an image has no name")
	case d.Scale < 0 || d.Width < 0 || d.Height < 0 || (d.Width == 0) != (d.Height == 0):
		return fmt.Errorf("graph: image %q: bad size (scale %v, %dx%d)", im.name, d.Scale, d.Width, d.Height)
	case !d.Format.Valid():
		return fmt.Errorf("graph: image %q: unknown format %d", im.name, d.Format)
	case d.Colors < 0 || d.Colors > render.MaxColorAttachments:
		return fmt.Errorf("graph: image %q: %d color attachments (at most %d)", im.name, d.Colors, render.MaxColorAttachments)
	case d.Samples < 0:
		return fmt.Errorf("graph: image %q: %d samples", im.name, d.Samples)
	case d.Depth > render.DepthTexture:
		return fmt.Errorf("graph: image %q: unknown depth mode %d", im.name, d.Depth)
	case d.Depth == render.DepthShadow && (d.Format != 0 || d.Colors != 0 || d.Samples > 1):
		return fmt.Errorf("graph: image %q: a shadow map has no color format, colors or samples", im.name)
	}
	return nil
}

// compile checks the passes and images and orders the passes that reach
// Output, setting g.order, g.names, each node's reads and each image's
// used flag, or g.err.
func (g *Graph) compile() {
	g.dirty = false
	g.err = nil
	g.order = g.order[:0]
	g.names = g.names[:0]
	for _, im := range g.images {
		im.used = false
	}
	if err := g.schedule(); err != nil {
		g.err = err
		g.order = g.order[:0]
		g.names = g.names[:0]
		for _, im := range g.images {
			im.used = false
		}
		return
	}
	for _, n := range g.order {
		g.names = append(g.names, n.label)
	}
}

func (g *Graph) schedule() error {
	for _, im := range g.images {
		if err := im.check(); err != nil {
			return err
		}
	}
	// Resolve every pass's images and find each image's writers.
	writers := map[*image][]*node{}
	var outWriters []*node
	var outCopy *node // the last disabled pass that wrote Output
	for _, n := range g.nodes {
		n.write, n.copyFrom, n.label = nil, nil, n.pass.Name
		n.reads = n.reads[:0]
		for _, r := range n.pass.Reads {
			if r == Output {
				return fmt.Errorf("graph: pass %q reads %q, the caller's target, which no pass can sample", n.pass.Name, Output)
			}
			im, ok := g.imageBy[r]
			if !ok {
				return fmt.Errorf("graph: pass %q reads undeclared image %q", n.pass.Name, r)
			}
			n.reads = append(n.reads, im)
		}
		if n.pass.Writes != Output {
			im, ok := g.imageBy[n.pass.Writes]
			if !ok {
				return fmt.Errorf("graph: pass %q writes undeclared image %q", n.pass.Name, n.pass.Writes)
			}
			n.write = im
		}
		switch {
		case n.enabled && n.write == nil:
			outWriters = append(outWriters, n)
		case n.enabled:
			writers[n.write] = append(writers[n.write], n)
		case n.write == nil && len(n.reads) > 0:
			outCopy = n
		}
	}
	// through[im] is the image a disabled pass passes through in place
	// of im, where no enabled pass writes im.
	through := map[*image]*image{}
	for _, n := range g.nodes {
		if !n.enabled && n.write != nil && len(n.reads) > 0 && len(writers[n.write]) == 0 {
			through[n.write] = n.reads[0]
		}
	}
	// source follows pass-throughs to the image readers of im really
	// read; nil when that image has no enabled writer.
	source := func(im *image) *image {
		for range len(g.images) + 1 {
			if len(writers[im]) > 0 || im.desc.Input || im.name == Scene {
				return im
			}
			next, ok := through[im]
			if !ok {
				return nil
			}
			im = next
		}
		return nil // pass-throughs in a loop
	}

	// Mark the passes that reach Output, resolving their reads.
	if len(outWriters) == 0 {
		if outCopy == nil {
			if len(g.nodes) == 0 {
				return nil
			}
			return fmt.Errorf("graph: no enabled pass writes %q", Output)
		}
		outCopy.copyFrom = source(outCopy.reads[0])
		if outCopy.copyFrom == nil {
			return missing(outCopy, 0)
		}
		outCopy.label = outCopy.pass.Name + " (pass-through)"
		outCopy.reads = append(outCopy.reads[:0], outCopy.copyFrom)
		outWriters = append(outWriters, outCopy)
	}
	live := map[*node]bool{}
	work := append([]*node(nil), outWriters...)
	for _, n := range outWriters {
		live[n] = true
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if n.copyFrom != nil {
			n.copyFrom.used = true
			for _, w := range writers[n.copyFrom] {
				if !live[w] {
					live[w] = true
					work = append(work, w)
				}
			}
			continue
		}
		if n.write != nil {
			n.write.used = true
		}
		for i, r := range n.reads {
			src := source(r)
			if src == nil {
				return missing(n, i)
			}
			n.reads[i] = src
			src.used = true
			for _, w := range writers[src] {
				if !live[w] {
					live[w] = true
					work = append(work, w)
				}
			}
		}
	}

	// Order the live passes (Kahn's algorithm, taking the earliest added
	// ready pass first so that independent passes keep the order of
	// adding).
	var nodes []*node
	for _, n := range g.nodes {
		if live[n] {
			nodes = append(nodes, n)
		}
	}
	preds := make(map[*node][]*node, len(nodes))
	for _, n := range nodes {
		for _, r := range n.reads {
			preds[n] = append(preds[n], writers[r]...)
		}
		if n.write != nil {
			ws := writers[n.write]
			for i := 1; i < len(ws); i++ {
				if ws[i] == n {
					preds[n] = append(preds[n], ws[i-1])
				}
			}
		}
	}
	done := map[*node]bool{}
	for len(g.order) < len(nodes) {
		var next *node
		for _, n := range nodes {
			if done[n] {
				continue
			}
			ready := true
			for _, p := range preds[n] {
				if !done[p] {
					ready = false
					break
				}
			}
			if ready {
				next = n
				break
			}
		}
		if next == nil {
			return cycle(nodes, preds, done)
		}
		done[next] = true
		g.order = append(g.order, next)
	}
	return nil
}

// missing is the error of pass n's read i, which no enabled pass writes.
func missing(n *node, i int) error {
	r := n.pass.Reads[i]
	return fmt.Errorf("graph: pass %q reads image %q, which no enabled pass writes (nor is it an input image)", n.pass.Name, r)
}

// cycle returns an error naming a cycle among the passes not done, each
// of which waits for another.
func cycle(nodes []*node, preds map[*node][]*node, done map[*node]bool) error {
	var start *node
	for _, n := range nodes {
		if !done[n] {
			start = n
			break
		}
	}
	// Walk back through waiting predecessors until a pass repeats: the
	// walk from its first visit is the cycle.
	seen := map[*node]int{}
	var path []*node
	n := start
	for {
		if i, ok := seen[n]; ok {
			path = path[i:]
			break
		}
		seen[n] = len(path)
		path = append(path, n)
		for _, p := range preds[n] {
			if !done[p] {
				n = p
				break
			}
		}
	}
	// path runs against the flow: path[i+1] runs before path[i].
	var parts []string
	for i := len(path) - 1; i >= 0; i-- {
		before, after := path[(i+1)%len(path)], path[i]
		parts = append(parts, edgeReason(before, after))
	}
	return fmt.Errorf("graph: passes form a cycle: %s", strings.Join(parts, ", "))
}

// edgeReason says why pass after waits for pass before.
func edgeReason(before, after *node) string {
	for i, r := range after.reads {
		if r == before.write {
			return fmt.Sprintf("%q reads %q written by %q", after.pass.Name, after.pass.Reads[i], before.pass.Name)
		}
	}
	return fmt.Sprintf("%q writes %q after %q", after.pass.Name, after.pass.Writes, before.pass.Name)
}

// Context is what a pass's Draw records with: it begins the render pass
// into the pass's image and finds the textures of the images it reads. It
// is valid only during the Draw call.
type Context struct {
	g     *Graph
	f     *render.Frame
	n     *node
	begun bool
	err   error
}

// Begin begins a render pass into the image the pass writes and returns
// the frame to record its draws into. It fills in p: Target (always: the
// image's target, or Record's out for Output), Viewport (when zero: the
// whole image, or Record's viewport for Output), Name (when empty: the
// graph pass's name), and at the first Begin of a Draw, when p.Clear is
// zero, Clear and ClearColor from the graph Pass. A Draw may Begin more
// than once (several render passes into its image).
func (c *Context) Begin(p render.Pass) *render.Frame {
	n := c.n
	if n.write == nil {
		p.Target = c.g.out
		if p.Viewport == (render.Rect{}) {
			p.Viewport = c.g.viewport
		}
	} else {
		p.Target = n.write.target
		if p.Viewport == (render.Rect{}) {
			p.Viewport = render.Rect{W: n.write.made.Width, H: n.write.made.Height}
		}
	}
	if p.Name == "" {
		p.Name = n.label
	}
	if !c.begun && p.Clear == 0 {
		p.Clear, p.ClearColor = n.pass.Clear, n.pass.ClearColor
	}
	c.begun = true
	c.f.BeginPass(p)
	return c.f
}

// Texture returns the texture of color attachment 0 of image, which must
// be one of the pass's Reads (after pass-through, the image really read).
// For another image it returns 0 (white) and Record reports the mistake.
func (c *Context) Texture(image string) render.TextureID { return c.Attachment(image, 0) }

// Attachment returns the texture of color attachment i of image, one of
// the pass's Reads; 0 (white), and an error from Record, for an image the
// pass does not read or an attachment it does not have.
func (c *Context) Attachment(image string, i int) render.TextureID {
	for k, r := range c.n.pass.Reads {
		if r != image {
			continue
		}
		im := c.n.reads[k]
		if i < 0 || i >= max(im.made.Attachments(), 1) {
			c.fail(fmt.Errorf("graph: pass %q samples attachment %d of image %q, which has %d", c.n.pass.Name, i, image, im.made.Attachments()))
			return 0
		}
		return im.tex[i]
	}
	c.fail(fmt.Errorf("graph: pass %q samples image %q, which is not among its Reads", c.n.pass.Name, image))
	return 0
}

// Size returns the size in pixels of the image the pass writes (for
// Output, Record's outW and outH).
func (c *Context) Size() (w, h int) {
	if c.n.write == nil {
		return c.g.outW, c.g.outH
	}
	return c.n.write.made.Width, c.n.write.made.Height
}

// SizeOf returns the size in pixels of image (Output: Record's outW and
// outH), as of this frame; 0, 0 for an image without a target.
func (c *Context) SizeOf(image string) (w, h int) {
	if image == Output {
		return c.g.outW, c.g.outH
	}
	for k, r := range c.n.pass.Reads {
		if r == image {
			im := c.n.reads[k]
			return im.made.Width, im.made.Height
		}
	}
	if im, ok := c.g.imageBy[image]; ok {
		return im.made.Width, im.made.Height
	}
	return 0, 0
}

// Name returns the graph pass's name.
func (c *Context) Name() string { return c.n.pass.Name }

// Fail reports err from the pass: Record returns the first reported error
// after recording the rest of the frame.
func (c *Context) Fail(err error) { c.fail(err) }

func (c *Context) fail(err error) {
	if c.err == nil && err != nil {
		c.err = err
	}
}
