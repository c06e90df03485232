package post

import (
	"fmt"
	"io/fs"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/shaders"
)

// Effect names for SetEnabled and Enabled. Tone mapping has none: it
// always runs.
const (
	EffectBloom    = "bloom"
	EffectFXAA     = "fxaa"
	EffectVignette = "vignette"
)

// The chain's images, besides graph.Scene and graph.Output.
const (
	// ImageHDR is the scene with bloom added (linear, RGBA16F).
	ImageHDR = "post.hdr"
	// ImageLDR is the tone-mapped scene (display colors, RGBA8).
	ImageLDR = "post.ldr"
	// ImageAA is the antialiased LDR image.
	ImageAA = "post.aa"
)

// Bloom sets up bloom: light above a threshold glows into its
// surroundings.
type Bloom struct {
	// Threshold is the light, linear and before exposure, above which a
	// pixel blooms; 1 is a white surface under a white light of
	// intensity 1.
	Threshold float32
	// Knee softens the threshold: light from Threshold-Knee to
	// Threshold+Knee blooms in part, on a quadratic ramp. 0 is a hard
	// threshold.
	Knee float32
	// Intensity scales the glow added to the scene.
	Intensity float32
}

// Vignette sets up the vignette: the picture darkens towards its corners.
type Vignette struct {
	// Strength is how much the corners darken: 0 not at all, 1 to black.
	Strength float32
	// Radius is the distance from the centre, in texture units (the
	// corners are about 0.71 away), from which the darkening is at full
	// Strength; it fades in over the 0.5 before.
	Radius float32
}

// Options sets up a Chain.
type Options struct {
	// Samples gives the scene image that many samples per pixel (MSAA);
	// 0 and 1 mean none.
	Samples int
	// SceneColors gives the scene image that many color attachments
	// (0 means 1): an MRT scene pass writes normals or other G-buffer
	// values to attachments 1 .. SceneColors-1, which passes read with
	// Context.Attachment(graph.Scene, i). Post-processing reads
	// attachment 0.
	SceneColors int
	// SceneDepth gives the scene image a depth texture (DepthTexture)
	// that post passes sample through Chain.SceneDepth.
	SceneDepth bool
	// Exposure scales the scene's light before tone mapping; 0 means 1.
	Exposure float32
	// Bloom turns bloom on with these settings; nil leaves it off (until
	// SetBloom and SetEnabled).
	Bloom *Bloom
	// FXAA turns FXAA on.
	FXAA bool
	// Vignette turns the vignette on with these settings; nil leaves it
	// off.
	Vignette *Vignette
	// Shaders supplies the effects' sources (NAME.vert and NAME.frag);
	// nil means shaders.FS(). Pass shaders.DevFS("shaders") to edit them
	// live, with ReloadInterval.
	Shaders fs.FS
	// ShaderDir prefixes the file names in compile errors; "" means
	// shaders.Dir ("shaders/fxaa.frag:12: ...").
	ShaderDir string
	// ReloadInterval, if positive, makes the chain re-read each effect's
	// sources that often (while it draws) and recompile those that
	// changed with render.Frame.UpdateShader. A source that fails to
	// compile is reported by the backend, which keeps the previous
	// program.
	ReloadInterval time.Duration
}

// The chain's programs, in the order of programNames.
const (
	progBright = iota
	progBlur
	progCombine
	progTonemap
	progFXAA
	progVignette
	numPrograms
)

var programNames = [numPrograms]string{"bloom_bright", "bloom_blur", "bloom_combine", "tonemap", "fxaa", "vignette"}

// bloomLevels is the number of blurred images bloom adds up, at half,
// quarter and eighth size: as many as the combine pass has inputs.
const bloomLevels = 3

// program is one of the chain's shader programs: created when a pass
// first draws with it, then reloaded from its sources when they change.
type program struct {
	id         render.ShaderID
	vert, frag string    // the sources last compiled
	checked    time.Time // when the sources were last read
	failed     bool      // the sources could not be read: draw with the built-in copy
}

// Chain is a post-processing chain over a render graph: the camera draws
// the HDR scene into graph.Scene, and the chain adds bloom, tone maps,
// antialiases and vignettes it into graph.Output. Passes and images:
//
//	bloom.bright     graph.Scene → bloom.bright (½ size): the light above the threshold
//	bloom.blurNh/v   → bloom.hN → bloom.vN (½, ¼, ⅛ size): a separable Gaussian per level
//	bloom.combine    graph.Scene + bloom.v0..2 → post.hdr
//	tonemap          post.hdr → post.ldr (RGBA8): exposure, ACES filmic, sRGB
//	fxaa             post.ldr → post.aa
//	vignette         post.aa → graph.Output
//
// The passes after tone mapping are the display stage, an ordered list of
// named passes (fxaa and vignette at first) that Insert, Remove and Move
// change: each reads the image of the one before (post.ldr for the
// first) and writes its own (post.NAME; post.aa for fxaa), and the last
// writes graph.Output.
//
// A switched-off effect's pass is disabled in the graph, which passes its
// input through (and culls the passes only it needed).
//
// A Chain is used from the goroutine that records frames.
type Chain struct {
	g        *graph.Graph
	fsys     fs.FS
	dir      string
	reload   time.Duration
	samples  int
	exposure float32
	bloom    Bloom
	vignette Vignette
	programs [numPrograms]program
	// sceneColors and sceneDepth are Options.SceneColors and SceneDepth.
	sceneColors int
	sceneDepth  bool
	stage       []Pass // the display stage, in order (chain.go)
}

// New returns a chain set up by o. Its programs are created in the first
// frame it records.
func New(o Options) *Chain {
	c := &Chain{g: graph.New(), fsys: o.Shaders, dir: o.ShaderDir, reload: o.ReloadInterval,
		samples: o.Samples, exposure: o.Exposure, sceneColors: o.SceneColors, sceneDepth: o.SceneDepth}
	if c.fsys == nil {
		c.fsys = shaders.FS()
	}
	if c.dir == "" {
		c.dir = shaders.Dir
	}
	if o.Bloom != nil {
		c.bloom = *o.Bloom
	}
	if o.Vignette != nil {
		c.vignette = *o.Vignette
	}
	c.build()
	// The passes are built enabled: these cannot fail.
	c.g.Enable("bloom.combine", o.Bloom != nil)
	c.g.Enable("fxaa", o.FXAA)
	c.g.Enable("vignette", o.Vignette != nil)
	return c
}

// build declares the chain's images and passes.
func (c *Chain) build() {
	g := c.g
	hdr := graph.ImageDesc{Format: render.FormatRGBA16F}
	g.Image(graph.Scene, c.sceneDesc())
	g.Image("bloom.bright", graph.ImageDesc{Format: render.FormatRGBA16F, Scale: 0.5})
	levels := [bloomLevels]string{}
	src := "bloom.bright"
	for i := range bloomLevels {
		d := graph.ImageDesc{Format: render.FormatRGBA16F, Scale: 1 / float32(int(2)<<i)}
		h, v := fmt.Sprintf("bloom.h%d", i), fmt.Sprintf("bloom.v%d", i)
		g.Image(h, d)
		g.Image(v, d)
		c.add(graph.Pass{Name: fmt.Sprintf("bloom.blur%dh", i), Reads: []string{src}, Writes: h, Draw: c.blur(src, true)})
		c.add(graph.Pass{Name: fmt.Sprintf("bloom.blur%dv", i), Reads: []string{h}, Writes: v, Draw: c.blur(h, false)})
		levels[i], src = v, v
	}
	g.Image(ImageHDR, hdr)
	g.Image(ImageLDR, graph.ImageDesc{})
	g.Image(ImageAA, graph.ImageDesc{})
	c.add(graph.Pass{Name: "bloom.bright", Reads: []string{graph.Scene}, Writes: "bloom.bright", Draw: c.drawBright})
	c.add(graph.Pass{Name: "bloom.combine", Reads: []string{graph.Scene, levels[0], levels[1], levels[2]}, Writes: ImageHDR,
		Draw: func(gc *graph.Context) { c.drawCombine(gc, &levels) }})
	c.stage = c.builtinStage()
	c.rewire() // tone mapping and the display stage (chain.go)
}

// add adds a pass the chain builds; its passes are well formed.
func (c *Chain) add(p graph.Pass) {
	if err := c.g.Add(p); err != nil {
		panic("post: " + err.Error()) // a bug in build, not bad input
	}
}

// Graph returns the chain's graph: give it to the camera (which draws
// graph.Scene) or record it with graph.Graph.Record. Passes of the
// display stage (after tone mapping) are added with Insert; other passes
// may be added to the graph itself.
func (c *Chain) Graph() *graph.Graph { return c.g }

// passOf returns the pass whose enabled state is effect's.
func passOf(effect string) (string, error) {
	switch effect {
	case EffectBloom:
		return "bloom.combine", nil
	case EffectFXAA:
		return "fxaa", nil
	case EffectVignette:
		return "vignette", nil
	}
	return "", fmt.Errorf("post: no effect %q (there are %q, %q and %q)", effect, EffectBloom, EffectFXAA, EffectVignette)
}

// SetEnabled switches an effect (EffectBloom, EffectFXAA or
// EffectVignette) on or off from the next frame on. It fails on another
// name.
func (c *Chain) SetEnabled(effect string, on bool) error {
	p, err := passOf(effect)
	if err != nil {
		return err
	}
	return c.g.Enable(p, on)
}

// Enabled reports whether effect is on.
func (c *Chain) Enabled(effect string) bool {
	p, err := passOf(effect)
	return err == nil && c.g.Enabled(p)
}

// SetExposure sets the factor the scene's light is scaled by before tone
// mapping; 0 means 1.
func (c *Chain) SetExposure(e float32) { c.exposure = e }

// SetBloom sets bloom's settings; it does not switch bloom on or off.
func (c *Chain) SetBloom(b Bloom) { c.bloom = b }

// SetVignette sets the vignette's settings; it does not switch it on or
// off.
func (c *Chain) SetVignette(v Vignette) { c.vignette = v }

// SetSamples sets the scene image's samples per pixel (MSAA); the image
// is recreated in the next frame.
func (c *Chain) SetSamples(n int) {
	c.samples = n
	c.g.Image(graph.Scene, c.sceneDesc())
}

// Release records the deletion of the chain's targets and programs in f.
// The chain may record again afterwards: it creates them anew.
func (c *Chain) Release(f *render.Frame) {
	c.g.Release(f)
	for i := range c.programs {
		if c.programs[i].id != 0 {
			f.DeleteShader(c.programs[i].id)
		}
		c.programs[i] = program{}
	}
}

// shader returns program i for a draw in f, creating it the first time
// and reloading its sources when ReloadInterval has passed. It returns 0
// (the built-in copy program) when the sources cannot be read, and
// reports the error through gc.
func (c *Chain) shader(gc *graph.Context, f *render.Frame, i int) render.ShaderID {
	p := &c.programs[i]
	if p.id != 0 || p.failed {
		if c.reload <= 0 || time.Since(p.checked) < c.reload {
			return p.id
		}
	}
	p.checked = time.Now()
	name := programNames[i]
	vert, frag, err := shaders.Load(c.fsys, name)
	if err != nil {
		p.failed = p.id == 0
		gc.Fail(fmt.Errorf("post: %s program: %w", name, err))
		return p.id
	}
	p.failed = false
	if p.id != 0 && vert == p.vert && frag == p.frag {
		return p.id
	}
	desc := render.ShaderDesc{
		VertexName: c.dir + "/" + name + ".vert", VertexSource: vert,
		FragmentName: c.dir + "/" + name + ".frag", FragmentSource: frag,
	}
	if p.id == 0 {
		p.id = f.CreateShader(desc)
	} else {
		f.UpdateShader(p.id, desc)
	}
	p.vert, p.frag = vert, frag
	return p.id
}

// fullscreen begins gc's pass and returns a full-screen draw of program i
// sampling image src, for the caller to finish and record.
func (c *Chain) fullscreen(gc *graph.Context, i int, src string) (*render.Frame, render.FullscreenDraw) {
	f := gc.Begin(render.Pass{})
	return f, render.FullscreenDraw{Shader: c.shader(gc, f, i), Texture: gc.Texture(src)}
}

func (c *Chain) drawBright(gc *graph.Context) {
	f, d := c.fullscreen(gc, progBright, graph.Scene)
	w, h := gc.SizeOf(graph.Scene)
	d.Params[0] = mgl32.Vec4{c.bloom.Threshold, c.bloom.Knee}
	d.Params[1] = mgl32.Vec4{1 / float32(w), 1 / float32(h)}
	f.DrawFullscreen(&d)
}

// blur returns the Draw of one blur direction, sampling src.
func (c *Chain) blur(src string, horizontal bool) func(*graph.Context) {
	return func(gc *graph.Context) {
		f, d := c.fullscreen(gc, progBlur, src)
		w, h := gc.Size()
		if horizontal {
			d.Params[0] = mgl32.Vec4{1 / float32(w), 0}
		} else {
			d.Params[0] = mgl32.Vec4{0, 1 / float32(h)}
		}
		f.DrawFullscreen(&d)
	}
}

func (c *Chain) drawCombine(gc *graph.Context, levels *[bloomLevels]string) {
	f, d := c.fullscreen(gc, progCombine, graph.Scene)
	for i, l := range levels {
		d.Inputs[i] = gc.Texture(l)
	}
	d.Params[0] = mgl32.Vec4{c.bloom.Intensity}
	d.Params[1] = mgl32.Vec4{1.0 / bloomLevels, 1.0 / bloomLevels, 1.0 / bloomLevels}
	f.DrawFullscreen(&d)
}

func (c *Chain) drawTonemap(gc *graph.Context) {
	f, d := c.fullscreen(gc, progTonemap, ImageHDR)
	e := c.exposure
	if e == 0 {
		e = 1
	}
	d.Params[0] = mgl32.Vec4{e}
	f.DrawFullscreen(&d)
}

func (c *Chain) drawFXAA(gc *graph.Context, input string) {
	f, d := c.fullscreen(gc, progFXAA, input)
	w, h := gc.SizeOf(input)
	d.Params[0] = mgl32.Vec4{1 / float32(w), 1 / float32(h), 0.75, 0.166}
	d.Params[1] = mgl32.Vec4{0.0833}
	f.DrawFullscreen(&d)
}

func (c *Chain) drawVignette(gc *graph.Context, input string) {
	f, d := c.fullscreen(gc, progVignette, input)
	d.Params[0] = mgl32.Vec4{c.vignette.Strength, c.vignette.Radius, 0.5, 0}
	f.DrawFullscreen(&d)
}
