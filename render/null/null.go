// Package null is a render.Backend that executes frames without a GPU: it
// validates every command against the resources alive at that point of the
// frame, counts resources, draw calls and triangles, and fills the frame's
// stats as a GPU backend would. Headless servers and logic tests use it.
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

	errs    []error
	dropped int
	frame   uint64
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
	b.textures.clear()
	b.meshes.clear()
	b.shaders.clear()
	b.targets.clear()
	b.initialized = false
	return nil
}

// Live returns how many resources of each kind are alive. Target color
// textures count as textures.
func (b *Backend) Live() Counts {
	return Counts{b.textures.live, b.meshes.live, b.shaders.live, b.targets.live}
}

// Frames returns the number of frames executed.
func (b *Backend) Frames() uint64 { return b.frames }

// Total returns the sums of DrawCalls, Triangles, Items, Passes and
// BytesUploaded over every executed frame.
func (b *Backend) Total() render.Stats { return b.total }

// Execute validates and counts f. It returns an error naming the command and
// handle of each problem found (an unknown or deleted handle, a resource
// created twice, an update outside a texture, a pass sampling its own target),
// up to maxErrors, after executing the rest of the frame.
func (b *Backend) Execute(f *render.Frame) error {
	if !b.initialized {
		return errors.New("render/null: Execute before Init")
	}
	b.frames++
	b.frame = f.Number()
	b.errs = b.errs[:0]
	b.dropped = 0
	st := &f.Stats

	for i := range f.Resources() {
		b.resource(f, &f.Resources()[i], st)
	}

	batches, sprites := f.Batches()
	// As render/gl streams them: one instance per sprite.
	st.BytesUploaded += int64(len(render.SpriteInstanceBytes(sprites)))
	passes := f.Passes()
	// No GPU: the passes are named, their times zero, and nothing is late.
	st.NoGPUTimes = true
	st.GPUFrameNumber = f.Number()
	st.PassCount = min(len(passes), render.MaxTimedPasses)
	for p := range st.PassCount {
		st.GPUPasses[p] = render.PassTime{Name: passes[p].Name}
	}
	for p := range passes {
		if t := passes[p].Target; t != 0 && !b.targets.alive(uint32(t)) {
			b.fail("BeginPass (pass %d): %s %v", p, b.targets.state(uint32(t)), t)
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
	switch c.Op {
	case render.OpCreateTexture:
		if b.textures.alive(uint32(c.Texture)) {
			b.fail("%v: %v already exists", c.Op, c.Texture)
			return
		}
		b.textures.create(uint32(c.Texture), info{w: c.Desc.Width, h: c.Desc.Height})
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpReplaceTexture:
		id := uint32(c.Texture)
		if !b.textures.alive(id) {
			b.fail("%v: %s %v", c.Op, b.textures.state(id), c.Texture)
			return
		}
		if b.textures.info(id).target != 0 {
			b.fail("%v: %v belongs to %v", c.Op, c.Texture, b.textures.info(id).target)
			return
		}
		b.textures.setInfo(id, info{w: c.Desc.Width, h: c.Desc.Height})
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpUpdateTexture:
		if !b.textures.alive(uint32(c.Texture)) {
			b.fail("%v: %s %v", c.Op, b.textures.state(uint32(c.Texture)), c.Texture)
			return
		}
		in := b.textures.info(uint32(c.Texture))
		if r := c.Rect; r.X < 0 || r.Y < 0 || r.X+r.W > in.w || r.Y+r.H > in.h {
			b.fail("%v: %v: rect %v outside %dx%d", c.Op, c.Texture, r, in.w, in.h)
			return
		}
		st.BytesUploaded += int64(c.Data.Len)
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
		b.meshes.create(uint32(c.Mesh), info{indices: c.Indices.Len})
		st.BytesUploaded += int64(len(render.MeshVertexBytes(f.MeshVertices(c.Vertices)))) + 4*int64(c.Indices.Len)
	case render.OpCreateShader:
		if b.shaders.alive(uint32(c.Shader)) {
			b.fail("%v: %v already exists", c.Op, c.Shader)
			return
		}
		b.shaders.create(uint32(c.Shader), info{})
	case render.OpUpdateShader:
		if !b.shaders.alive(uint32(c.Shader)) {
			b.fail("%v: %s %v", c.Op, b.shaders.state(uint32(c.Shader)), c.Shader)
		}
	case render.OpCreateTarget:
		if b.targets.alive(uint32(c.Target)) || b.textures.alive(uint32(c.Texture)) {
			b.fail("%v: %v or %v already exists", c.Op, c.Target, c.Texture)
			return
		}
		if n := c.TargetDesc.Samples; n < 0 || n > MaxSamples {
			b.fail("%v: %v: Samples %d outside 0..%d", c.Op, c.Target, n, MaxSamples)
			return
		}
		b.targets.create(uint32(c.Target), info{w: c.TargetDesc.Width, h: c.TargetDesc.Height, tex: c.Texture})
		b.textures.create(uint32(c.Texture), info{w: c.TargetDesc.Width, h: c.TargetDesc.Height, target: c.Target})
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
			b.textures.remove(uint32(t.info(id).tex))
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

func (b *Backend) batch(f *render.Frame, i int, bt *render.Batch, st *render.Stats) {
	if bt.Shader != 0 && !b.shaders.alive(uint32(bt.Shader)) {
		b.fail("%v (batch %d, pass %d): %s %v", bt.Kind, i, bt.Pass, b.shaders.state(uint32(bt.Shader)), bt.Shader)
		return
	}
	if bt.Texture != 0 {
		if !b.textures.alive(uint32(bt.Texture)) {
			b.fail("%v (batch %d, pass %d): %s %v", bt.Kind, i, bt.Pass, b.textures.state(uint32(bt.Texture)), bt.Texture)
			return
		}
		if tg := b.textures.info(uint32(bt.Texture)).target; tg != 0 && tg == f.Passes()[bt.Pass].Target {
			b.fail("%v (batch %d, pass %d): samples %v while rendering into %v", bt.Kind, i, bt.Pass, bt.Texture, tg)
			return
		}
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
		st.Triangles += b.meshes.info(uint32(m)).indices / 3
	case render.KindFullscreen:
		st.Triangles++
	}
	st.DrawCalls++
}

// readBack delivers a zeroed image of the requested size: the null backend has
// no pixels, but callers waiting for the image are not left hanging.
func (b *Backend) readBack(f *render.Frame, rb render.ReadBack) {
	w, h := f.ScreenSize()
	if rb.Target != 0 {
		if !b.targets.alive(uint32(rb.Target)) {
			b.fail("ReadPixels: %s %v", b.targets.state(uint32(rb.Target)), rb.Target)
			return
		}
		in := b.targets.info(uint32(rb.Target))
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
