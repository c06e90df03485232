package post

import (
	"fmt"
	"slices"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
)

// Names of the built-in passes of the display stage, for Insert, Remove
// and Move. They are also the graph passes' names.
const (
	PassFXAA     = "fxaa"
	PassVignette = "vignette"
)

// Pass is a step of the chain's display stage: the passes after tone
// mapping, which read display colors (RGBA8) and write them, one after
// the other, the last into graph.Output. The chain gives each its input,
// the image the step before it wrote (post.ldr for the first), and an
// RGBA8 image of the output's size to write (the last writes
// graph.Output).
type Pass struct {
	// Name names the pass in the chain and in its graph (and in GPU
	// timings). It must be unique among the graph's passes.
	Name string
	// Reads are the images the pass samples besides its input, for
	// example graph.Scene for the scene's attachments (Context.Attachment:
	// normals from an MRT scene pass, see Options.SceneColors). The
	// scene's depth is not an image: sample Chain.SceneDepth.
	Reads []string
	// Draw records the pass: it calls gc.Begin, then draws, usually one
	// full-screen draw of gc.Texture(input). It is called once per frame
	// in which the pass runs.
	Draw func(gc *graph.Context, input string)
}

// builtinStage returns the display stage's built-in passes, in their
// default order.
func (c *Chain) builtinStage() []Pass {
	return []Pass{
		{Name: PassFXAA, Draw: c.drawFXAA},
		{Name: PassVignette, Draw: c.drawVignette},
	}
}

// Passes returns the names of the display stage's passes in order (a
// switched-off one included), from the one after tone mapping to the one
// that writes graph.Output.
func (c *Chain) Passes() []string {
	names := make([]string, len(c.stage))
	for i, p := range c.stage {
		names[i] = p.Name
	}
	return names
}

// Insert adds p to the display stage before the pass named before, or at
// the end (writing graph.Output) for "". The pass runs from the next
// frame on, enabled. It fails, changing nothing, on a pass without a name
// or Draw, a name already in the chain's graph, or an unknown before.
func (c *Chain) Insert(before string, p Pass) error {
	switch {
	case p.Name == "":
		return fmt.Errorf("post: Insert: a pass needs a name")
	case p.Draw == nil:
		return fmt.Errorf("post: Insert %q: no Draw", p.Name)
	case c.taken(p.Name):
		return fmt.Errorf("post: Insert %q: the chain already has a pass of that name", p.Name)
	}
	at, err := c.position("Insert "+p.Name, before)
	if err != nil {
		return err
	}
	p.Reads = slices.Clone(p.Reads)
	c.stage = slices.Insert(c.stage, at, p)
	c.rewire()
	return nil
}

// Remove takes the pass named name out of the display stage (a built-in
// one too: remove PassFXAA and the vignette reads the tone-mapped image).
// It fails on a name that is not in the stage.
func (c *Chain) Remove(name string) error {
	i := c.index(name)
	if i < 0 {
		return fmt.Errorf("post: Remove: no pass %q in the display stage (%q)", name, c.Passes())
	}
	c.stage = slices.Delete(c.stage, i, i+1)
	c.g.Remove(name)
	c.rewire()
	return nil
}

// Move moves the pass named name before the pass named before, or to the
// end for "". It fails, changing nothing, on a name that is not in the
// stage or an unknown before (or name itself).
func (c *Chain) Move(name, before string) error {
	i := c.index(name)
	if i < 0 {
		return fmt.Errorf("post: Move: no pass %q in the display stage (%q)", name, c.Passes())
	}
	if before == name {
		return fmt.Errorf("post: Move %q before itself", name)
	}
	if _, err := c.position("Move "+name, before); err != nil {
		return err
	}
	p := c.stage[i]
	c.stage = slices.Delete(c.stage, i, i+1)
	at, _ := c.position("Move "+name, before)
	c.stage = slices.Insert(c.stage, at, p)
	c.rewire()
	return nil
}

// taken reports whether the chain has a pass named name: bloom's, tone
// mapping or one of the display stage.
func (c *Chain) taken(name string) bool {
	if name == "tonemap" || name == "bloom.bright" || name == "bloom.combine" || c.index(name) >= 0 {
		return true
	}
	for i := range bloomLevels {
		if name == fmt.Sprintf("bloom.blur%dh", i) || name == fmt.Sprintf("bloom.blur%dv", i) {
			return true
		}
	}
	return false
}

// index returns the position of pass name in the stage, or -1.
func (c *Chain) index(name string) int {
	return slices.IndexFunc(c.stage, func(p Pass) bool { return p.Name == name })
}

// position returns where a pass inserted before before goes.
func (c *Chain) position(op, before string) (int, error) {
	if before == "" {
		return len(c.stage), nil
	}
	i := c.index(before)
	if i < 0 {
		return 0, fmt.Errorf("post: %s: no pass %q to go before (the display stage is %q)", op, before, c.Passes())
	}
	return i, nil
}

// stageImage returns the image pass p of the stage writes when another
// pass follows it.
func stageImage(name string) string {
	if name == PassFXAA {
		return ImageAA
	}
	return "post." + name
}

// rewire (re)adds tone mapping and the display stage's passes to the
// graph, each reading the image of the one before and writing its own,
// the last writing graph.Output. It runs when the stage changes, never
// per frame.
func (c *Chain) rewire() {
	out := ImageLDR
	if len(c.stage) == 0 {
		out = "" // tone mapping writes the output itself
	}
	c.add(graph.Pass{Name: "tonemap", Reads: []string{ImageHDR}, Writes: out, Draw: c.drawTonemap})
	input := ImageLDR
	for k, p := range c.stage {
		write := ""
		if k < len(c.stage)-1 {
			write = stageImage(p.Name)
			c.g.Image(write, graph.ImageDesc{})
		}
		in, draw := input, p.Draw
		c.add(graph.Pass{Name: p.Name, Reads: append([]string{in}, p.Reads...), Writes: write,
			Draw: func(gc *graph.Context) { draw(gc, in) }})
		input = write
	}
}

// sceneDesc is the description of the scene image: HDR, with the
// options' samples, attachments and depth texture.
func (c *Chain) sceneDesc() graph.ImageDesc {
	d := graph.ImageDesc{Format: render.FormatRGBA16F, Samples: c.samples, Colors: c.sceneColors}
	if c.sceneDepth {
		d.Depth = render.DepthTexture
	}
	return d
}

// SceneDepth returns the scene image's depth texture, for post passes
// that sample the scene's depth (depth fog, outlines): window depth in
// [0, 1] in .r, 1 the far plane, the nearest texel. It is 0 (white, the
// far plane everywhere) unless Options.SceneDepth is set, and before the
// graph first prepared the image (Graph.Prepare or Record in an earlier
// or this frame). Sample it from a pass's Draw, with the frame gc.Begin
// returns.
func (c *Chain) SceneDepth(f *render.Frame) render.TextureID {
	tg, _ := c.g.Target(graph.Scene)
	if tg == 0 {
		return 0
	}
	return f.TargetDepth(tg)
}
