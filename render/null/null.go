package null

import (
	"errors"
	"fmt"
	"image"

	"github.com/tact-engine/tact/render"
)

// maxErrors bounds the errors one frame reports (the rest are counted).
const maxErrors = 8

// MaxSamples is the largest render.TargetDesc.Samples the null backend
// accepts; a larger or negative count is reported as an error. (The GL
// backend clamps counts above the driver's GL_MAX_SAMPLES instead; no
// driver offers more than this.)
const MaxSamples = 64

// Backend validates and counts frames. Its methods follow render.Backend's
// threading rules; Live, Frames and Total may be called from another goroutine
// only while no frame executes (after Renderer.Close, or between Submits in
// OnMainThread mode).
type Backend struct {
	textures, meshes, shaders, targets table
	frames                             uint64
	total                              render.Stats
	initialized                        bool
	decls                              map[render.ShaderID]*shaderDecls // uniforms.go

	errs    []error
	dropped int
	frame   uint64

	reads readState // Frame.ReadTarget's pending reads (readback.go)
}

// Counts is a number of live resources of each kind.
type Counts struct {
	Textures, Meshes, Shaders, Targets int
}

// New returns a backend with no resources.
func New() *Backend { return &Backend{} }

// Init marks the backend ready; it cannot fail.
func (b *Backend) Init() error {
	b.initialized = true
	return nil
}

// Shutdown deletes every resource, as a GPU backend would; afterwards Live
// reports zero.
func (b *Backend) Shutdown() error {
	b.deliverReads(b.frame) // readback.go: nobody waits for a read forever
	b.textures.clear()
	b.meshes.clear()
	b.shaders.clear()
	b.targets.clear()
	b.initialized = false
	return nil
}

// Live returns how many resources of each kind are alive. A target's
// textures (every color attachment, or a shadow map's depth texture) count
// as textures.
func (b *Backend) Live() Counts {
	return Counts{b.textures.live, b.meshes.live, b.shaders.live, b.targets.live}
}

// Frames returns the number of frames executed.
func (b *Backend) Frames() uint64 { return b.frames }

// Total returns the sums of DrawCalls, Triangles, Items, Passes and
// BytesUploaded over every executed frame.
func (b *Backend) Total() render.Stats { return b.total }

// Execute validates and counts f as render/gl executes it. It returns an
// error naming the command and handle of each problem found (an unknown or
// deleted handle, a resource created twice, an update outside a texture, a
// bad format or target description, a draw sampling a texture of the
// target it renders into, a shadow map sampled other than through
// Lights.Shadow, a sprite or full-screen draw into a shadow map, a
// read-back of a shadow map, a bad mesh layout or update, a custom-layout
// mesh drawn by a program whose declared and used vertex inputs it does
// not feed), up to maxErrors, after executing the rest of the frame.
func (b *Backend) Execute(f *render.Frame) error {
	if !b.initialized {
		return errors.New("render/null: Execute before Init")
	}
	b.frames++
	b.frame = f.Number()
	b.errs = b.errs[:0]
	b.dropped = 0
	st := &f.Stats
	b.deliverReads(f.Number()) // readback.go: the asynchronous reads of the frame before

	for i := range f.Resources() {
		b.resource(f, &f.Resources()[i], st)
	}

	b.uploadPalettes(f, st)
	batches, sprites := f.Batches()
	// As render/gl streams them: one instance per sprite.
	st.BytesUploaded += int64(len(render.SpriteInstanceBytes(sprites)))
	countInstances(f, st) // meshes.go
	passes := f.Passes()
	// No GPU: the passes are named, their times zero, and nothing is late.
	st.NoGPUTimes = true
	st.GPUFrameNumber = f.Number()
	st.PassCount = min(len(passes), render.MaxTimedPasses)
	for p := range st.PassCount {
		st.GPUPasses[p] = render.PassTime{Name: passes[p].Name}
	}
	for p := range passes {
		b.pass(p, &passes[p])
		if f.Capturing() {
			f.CapturePass(p, nil, "render/null has no pixels")
		}
	}
	for i := range batches {
		b.batch(f, i, &batches[i], st)
	}

	for _, rb := range f.ReadBacks() {
		b.readBack(f, rb)
	}

	for i := range f.Deletes() {
		b.delete(&f.Deletes()[i])
	}
	live := b.Live()
	st.LiveObjects = live.Textures + live.Meshes + live.Shaders + live.Targets

	b.total.DrawCalls += st.DrawCalls
	b.total.Triangles += st.Triangles
	b.total.BytesUploaded += st.BytesUploaded
	b.total.Items += len(f.Items())
	b.total.Passes += len(passes)
	return b.result()
}

func (b *Backend) fail(format string, args ...any) {
	if len(b.errs) >= maxErrors {
		b.dropped++
		return
	}
	b.errs = append(b.errs, fmt.Errorf("render/null: frame %d: "+format, append([]any{b.frame}, args...)...))
}

func (b *Backend) result() error {
	if len(b.errs) == 0 {
		return nil
	}
	if b.dropped > 0 {
		b.errs = append(b.errs, fmt.Errorf("render/null: frame %d: %d more errors", b.frame, b.dropped))
	}
	return errors.Join(b.errs...)
}

func (b *Backend) resource(f *render.Frame, c *render.ResourceCommand, st *render.Stats) {
	if b.textureCommand(f, c, st) { // textures.go: every texture kind and format
		return
	}
	switch c.Op {
	case render.OpCreateMesh:
		if b.meshes.alive(uint32(c.Mesh)) {
			b.fail("%v: %v already exists", c.Op, c.Mesh)
			return
		}
		for _, ix := range f.Indices(c.Indices) {
			if int(ix) >= c.Vertices.Len {
				b.fail("%v: %v: index %d out of %d vertices", c.Op, c.Mesh, ix, c.Vertices.Len)
				return
			}
		}
		b.meshes.create(uint32(c.Mesh), info{indices: c.Indices.Len, mesh: mesh{vertices: c.Vertices.Len}})
		st.BytesUploaded += int64(len(render.MeshVertexBytes(f.MeshVertices(c.Vertices)))) + 4*int64(c.Indices.Len)
	case render.OpCreateSkinnedMesh:
		b.createSkinnedMesh(f, c, st)
	case render.OpCreateMeshFrom:
		b.createMeshFrom(f, c, st) // meshes.go
	case render.OpUpdateMesh:
		b.updateMesh(f, c, st)
	case render.OpCreateMorphTargets:
		b.createMorphTargets(f, c, st) // morph.go
	case render.OpCreateShader:
		if b.shaders.alive(uint32(c.Shader)) {
			b.fail("%v: %v already exists", c.Op, c.Shader)
			return
		}
		b.shaders.create(uint32(c.Shader), info{})
		b.declareShader(c.Shader, c.Source)
		b.noteShader(c)                     // inputs.go
		f.ReportShader(c.Shader, c.Op, nil) // nothing to compile: accepted
	case render.OpUpdateShader:
		if !b.shaders.alive(uint32(c.Shader)) {
			b.fail("%v: %s %v", c.Op, b.shaders.state(uint32(c.Shader)), c.Shader)
			return
		}
		b.declareShader(c.Shader, c.Source)
		b.noteShader(c) // inputs.go
		f.ReportShader(c.Shader, c.Op, nil)
	case render.OpCreateTarget:
		b.createTarget(c)
	default:
		b.fail("%v: not a create or update command", c.Op)
	}
}

func (b *Backend) delete(c *render.ResourceCommand) {
	var t *table
	var id uint32
	switch c.Op {
	case render.OpDeleteTexture:
		t, id = &b.textures, uint32(c.Texture)
		if t.alive(id) && t.info(id).target != 0 {
			b.fail("%v: %v belongs to %v; delete the target", c.Op, c.Texture, t.info(id).target)
			return
		}
	case render.OpDeleteMesh:
		t, id = &b.meshes, uint32(c.Mesh)
	case render.OpDeleteShader:
		t, id = &b.shaders, uint32(c.Shader)
	case render.OpDeleteTarget:
		t, id = &b.targets, uint32(c.Target)
		if t.alive(id) {
			for _, tex := range t.info(id).texs {
				if tex != 0 {
					b.textures.remove(uint32(tex))
				}
			}
			if d := t.info(id).depthTex; d != 0 {
				b.textures.remove(uint32(d))
			}
		}
	default:
		b.fail("%v: not a delete command", c.Op)
		return
	}
	if !t.alive(id) {
		b.fail("%v: %s %s", c.Op, t.state(id), handleName(c))
		return
	}
	t.remove(id)
}

func handleName(c *render.ResourceCommand) string {
	switch c.Op {
	case render.OpDeleteTexture:
		return c.Texture.String()
	case render.OpDeleteMesh:
		return c.Mesh.String()
	case render.OpDeleteShader:
		return c.Shader.String()
	}
	return c.Target.String()
}

// pass checks pass p's target and, unless it is a shadow pass (which
// draws depth alone), its Lights.Shadow.
func (b *Backend) pass(p int, ps *render.Pass) {
	if t := ps.Target; t != 0 {
		if !b.targets.alive(uint32(t)) {
			b.fail("BeginPass (pass %d): %s %v", p, b.targets.state(uint32(t)), t)
			return
		}
		if b.targets.info(uint32(t)).shadow {
			return
		}
	}
	b.environment(p, ps)
	if s := ps.Lights.Shadow; s != 0 {
		switch {
		case !b.textures.alive(uint32(s)):
			b.fail("BeginPass (pass %d): Lights.Shadow: %s %v", p, b.textures.state(uint32(s)), s)
		case !b.textures.info(uint32(s)).shadow:
			b.fail("BeginPass (pass %d): Lights.Shadow: %v is not a shadow map (a DepthShadow target's texture)", p, s)
		}
	}
}

// sampled checks a texture that batch i samples (what names the field
// that refers to it, "" for the batch's own texture): alive, not a
// texture of the target the pass renders into, not a shadow map.
func (b *Backend) sampled(f *render.Frame, i int, bt *render.Batch, what string, id render.TextureID) bool {
	if !b.textures.alive(uint32(id)) {
		b.fail("%v (batch %d, pass %d): %s%s %v", bt.Kind, i, bt.Pass, what, b.textures.state(uint32(id)), id)
		return false
	}
	in := b.textures.info(uint32(id))
	if in.target != 0 && in.target == f.Passes()[bt.Pass].Target {
		b.fail("%v (batch %d, pass %d): %ssamples %v while rendering into %v", bt.Kind, i, bt.Pass, what, id, in.target)
		return false
	}
	if in.shadow {
		b.fail("%v (batch %d, pass %d): %s%v is a shadow map (sample it through Lights.Shadow)", bt.Kind, i, bt.Pass, what, id)
		return false
	}
	return true
}

// Field names of the textures draws sample besides their own, as errors
// introduce them.
var (
	materialMapNames = [...]string{"Material.MetallicRoughnessMap: ", "Material.NormalMap: ", "Material.EmissiveMap: ", "Material.OcclusionMap: "}
	inputNames       = [...]string{"Inputs[0]: ", "Inputs[1]: ", "Inputs[2]: "}
)

func (b *Backend) batch(f *render.Frame, i int, bt *render.Batch, st *render.Stats) {
	tg := f.Passes()[bt.Pass].Target
	shadowPass := tg != 0 && b.targets.alive(uint32(tg)) && b.targets.info(uint32(tg)).shadow
	if shadowPass && bt.Kind != render.KindMesh {
		b.fail("%v (batch %d, pass %d): draws nothing into shadow map %v", bt.Kind, i, bt.Pass, tg)
		return
	}
	if bt.Shader != 0 && !b.shaders.alive(uint32(bt.Shader)) {
		b.fail("%v (batch %d, pass %d): %s %v", bt.Kind, i, bt.Pass, b.shaders.state(uint32(bt.Shader)), bt.Shader)
		return
	}
	if bt.Texture != 0 && !b.sampled(f, i, bt, "", bt.Texture) {
		return
	}
	switch bt.Kind {
	case render.KindMesh:
		m := &f.MeshDraws()[bt.First].Material
		for k, id := range [...]render.TextureID{m.MetallicRoughnessMap, m.NormalMap, m.EmissiveMap, m.OcclusionMap} {
			if id != 0 && !b.sampled(f, i, bt, materialMapNames[k], id) {
				return
			}
		}
	case render.KindFullscreen:
		for k, id := range f.FullscreenDraws()[bt.First].Inputs {
			if id != 0 && !b.sampled(f, i, bt, inputNames[k], id) {
				return
			}
		}
	}
	var named render.Uniforms
	switch bt.Kind {
	case render.KindMesh:
		named = f.MeshDraws()[bt.First].Uniforms
	case render.KindFullscreen:
		named = f.FullscreenDraws()[bt.First].Uniforms
	}
	if !b.checkUniforms(f, i, bt, named, shadowPass) {
		return
	}
	switch bt.Kind {
	case render.KindSprite:
		st.Triangles += 2 * bt.Count
	case render.KindMesh:
		m := f.MeshDraws()[bt.First].Mesh
		if !b.meshes.alive(uint32(m)) {
			b.fail("%v (batch %d, pass %d): %s %v", bt.Kind, i, bt.Pass, b.meshes.state(uint32(m)), m)
			return
		}
		if msg := f.MeshDraws()[bt.First].State.Validate(); msg != "" {
			b.fail("%v (batch %d, pass %d): State: %s", bt.Kind, i, bt.Pass, msg)
			return
		}
		if !b.skinnedDraw(f, i, bt) || !b.morphDraw(f, i, bt) {
			return
		}
		n := b.meshPrimitives(f, i, bt, shadowPass) // meshes.go
		if n < 0 {
			return
		}
		st.Triangles += n
	case render.KindFullscreen:
		if msg := f.FullscreenDraws()[bt.First].State.Validate(); msg != "" {
			b.fail("%v (batch %d, pass %d): State: %s", bt.Kind, i, bt.Pass, msg)
			return
		}
		st.Triangles++
	}
	st.DrawCalls++
}

// readBack delivers a zeroed image of the requested size: the null backend has
// no pixels, but callers waiting for the image are not left hanging.
func (b *Backend) readBack(f *render.Frame, rb render.ReadBack) {
	if rb.Deliver != nil {
		b.readTarget(f, &rb) // readback.go: Frame.ReadTarget
		return
	}
	w, h := f.ScreenSize()
	if rb.Target != 0 {
		if !b.targets.alive(uint32(rb.Target)) {
			b.fail("ReadPixels: %s %v", b.targets.state(uint32(rb.Target)), rb.Target)
			return
		}
		in := b.targets.info(uint32(rb.Target))
		if in.shadow {
			b.fail("ReadPixels: %v is a shadow map (no color to read)", rb.Target)
			return
		}
		if in.format.Integer() {
			b.fail("ReadPixels: %v is %v, not colors (read it with ReadTarget)", rb.Target, in.format)
			return
		}
		w, h = in.w, in.h
	}
	r := rb.Rect
	if r.Empty() {
		r = render.Rect{W: w, H: h}
	}
	if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
		b.fail("ReadPixels: %v: rect %v outside %dx%d", rb.Target, r, w, h)
		return
	}
	if rb.Done != nil {
		rb.Done(image.NewRGBA(image.Rect(0, 0, r.W, r.H)))
	}
}

// createTarget checks a target's description (as render/gl does) and
// creates the target and its textures: one per color attachment, or a
// shadow map's depth texture.
func (b *Backend) createTarget(c *render.ResourceCommand) {
	d := &c.TargetDesc
	if b.targets.alive(uint32(c.Target)) {
		b.fail("%v: %v already exists", c.Op, c.Target)
		return
	}
	var why string
	switch {
	case d.Samples < 0 || d.Samples > MaxSamples:
		why = fmt.Sprintf("Samples %d outside 0..%d", d.Samples, MaxSamples)
	case !d.Format.Valid():
		why = fmt.Sprintf("unknown format %v", d.Format)
	case d.Format.Integer() && d.Samples > 1:
		why = fmt.Sprintf("integer formats (%v) are not multisampled", d.Format)
	case d.Colors < 0 || d.Colors > render.MaxColorAttachments:
		why = fmt.Sprintf("Colors %d outside 0..%d", d.Colors, render.MaxColorAttachments)
	case d.Depth > render.DepthTexture:
		why = fmt.Sprintf("unknown depth mode %d", d.Depth)
	case (d.Depth == render.DepthTexture) != (c.DepthTexture != 0):
		why = "DepthTexture is set for a target of another depth mode, or missing"
	case d.Depth == render.DepthShadow && (d.Format != 0 || d.Colors != 0 || d.Samples > 1):
		why = "a DepthShadow target has no color and no samples"
	case c.Attachments[0] != c.Texture:
		why = "Attachments[0] is not Texture"
	}
	if why != "" {
		b.fail("%v: %v: %s", c.Op, c.Target, why)
		return
	}
	n := max(d.Attachments(), 1)
	for _, tex := range c.Attachments[:n] {
		if tex == 0 || b.textures.alive(uint32(tex)) {
			b.fail("%v: %v: attachment %v missing or already exists", c.Op, c.Target, tex)
			return
		}
	}
	if c.DepthTexture != 0 && b.textures.alive(uint32(c.DepthTexture)) {
		b.fail("%v: %v: depth texture %v already exists", c.Op, c.Target, c.DepthTexture)
		return
	}
	shadow := d.Depth == render.DepthShadow
	b.targets.create(uint32(c.Target), info{w: d.Width, h: d.Height, texs: c.Attachments, shadow: shadow, samples: d.Samples, format: d.Format, depthTex: c.DepthTexture})
	for _, tex := range c.Attachments[:n] {
		b.textures.create(uint32(tex), info{w: d.Width, h: d.Height, target: c.Target, shadow: shadow, desc: targetTextureDesc(d)})
	}
	if c.DepthTexture != 0 {
		// Its depth texture: sampled as any texture; nothing uploads to it.
		b.textures.create(uint32(c.DepthTexture), info{w: d.Width, h: d.Height, target: c.Target, depthTex: c.DepthTexture})
	}
}
