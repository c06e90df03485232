package gl

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// builtinNames lists the built-in programs: the first three in
// render.ItemKind order, then the instanced and point-sprite programs, the
// depth-only program of shadow passes, and the cutout variants of the two
// sprite programs. A name is the shader files' base name; a name ending in
// cutoutSuffix is built from the files of the name without it, with CUTOUT
// defined; one ending in skinnedSuffix from NAME_skinned.vert and NAME.frag
// (skin.go).
var builtinNames = [...]string{SpriteProgram, MeshProgram, PostProgram, SpriteInstancedProgram, SpritePointProgram, DepthProgram,
	SpriteInstancedProgram + cutoutSuffix, SpritePointProgram + cutoutSuffix,
	MeshProgram + skinnedSuffix, DepthProgram + skinnedSuffix, // skin.go
	SkyProgram} // environment.go

// cutoutSuffix marks the variant of a sprite program that discards texels
// of alpha below one half and is drawn without blending (see drawCutout).
const cutoutSuffix = "_cutout"

// Indices of the sprite and depth programs in Backend.builtin.
const (
	progInstanced       = 3
	progPoint           = 4
	progDepth           = 5
	progInstancedCutout = 6
	progPointCutout     = 7
	progMeshSkinned     = 8
	progDepthSkinned    = 9
)

// maxErrors bounds the errors one frame reports (the rest are counted).
const maxErrors = 8

// Backend renders frames with OpenGL 3.3 core. Create it with New; its methods
// are called by render.Renderer on one thread. LiveObjects and ScreenSamples
// may be called from another goroutine only while no method runs (after
// Renderer.Close, or between frames once Init has returned).
type Backend struct {
	surface Surface
	opts    Options
	live    int // GL objects alive

	textures []texture // by handle slot
	meshes   []mesh
	programs []*program
	progIDs  []render.ShaderID
	targets  []target

	// texKinds is the binding target of array, 3D and cube GL textures
	// (textures.go).
	texKinds map[uint32]uint32
	// reads holds Frame.ReadTarget's buffers and pending reads (readback.go).
	reads readState
	// clearU is glClearBufferuiv's scratch (targets.go).
	clearU [4]uint32

	white      uint32
	noShadow   uint32                      // 1x1 depth texture with comparison: u_shadowMap's binding when a pass has no shadow map
	builtin    [len(builtinNames)]*program // by builtinNames
	builtinSrc [len(builtinNames)]render.ShaderDesc
	lastReload time.Time
	emptyVAO   uint32
	screenW    int // default framebuffer size found at Init
	screenH    int
	maxSamples int  // GL_MAX_SAMPLES, read at Init
	software   bool // GL_RENDERER names a software rasterizer (HiddenSpritesAuto)
	screen     screenMSAA
	sprites    spriteState
	timer      gpuTimer
	fences     frameFences
	uni        uniformState  // the frame block's buffer (uniforms.go)
	skin       skinState     // the joint palette buffer (skin.go)
	inst       instanceState // mesh instances and instanced programs (instanced.go)
	morph      morphState    // morph targets' scratch and binding (morph.go)

	st       glState
	pass     passState
	viewProj mgl32.Mat4
	lights   lightUniforms // the pass's lights, as loaded into programs
	env      envUniforms   // the pass's Lights.Environment and sky (environment.go)
	mat      mgl32.Mat4    // uniform scratch (kept on the heap, so cgo calls do not allocate)
	vec      mgl32.Vec4
	params   [4]mgl32.Vec4
	bufs     [render.MaxColorAttachments]uint32 // glDrawBuffers scratch
	errs     []error
	dropped  int
	frame    uint64
	inited   bool
}

type texture struct {
	id      render.TextureID
	gl      uint32
	w, h    int
	target  render.TargetID // the target this texture is an attachment of
	shadow  bool            // a shadow map's depth texture, sampled only through Lights.Shadow
	opaque  bool            // every texel has alpha 255 (never for a target's texture)
	cutout  bool            // every texel has alpha 0 or 255, sampled nearest without mipmaps (see drawCutout)
	mipmaps bool            // has a mipmap chain, remade after updates

	// desc describes textures of textures.go's path (other kinds and
	// formats); it is zero for the rest.
	desc render.TextureDesc
}

type mesh struct {
	id            render.MeshID
	vao, vbo, ibo uint32
	count         int32
	skin          uint32  // a skinned mesh's SkinVertex buffer (skin.go); 0: not skinned
	joints        int32   // palette entries a skinned mesh's draws need
	ext           meshExt // layouts, primitives, instancing (meshes.go)

	morph morphMesh // morph targets (morph.go)
}

// LiveObjects returns how many GL objects (textures, buffers, vertex arrays,
// shaders, programs, framebuffers, renderbuffers, queries) the backend has
// created and not yet deleted; the frame fences, which change within every
// frame, are not counted. It is zero after Shutdown.
func (b *Backend) LiveObjects() int { return b.live }

// Init makes the surface's context current on the calling thread, loads the GL
// functions, sets the swap interval and creates the built-in objects: a white
// texture, the built-in programs, and the sprite buffers and vertex arrays.
// On error it deletes what it created and releases the context.
func (b *Backend) Init() (err error) {
	if b.opts.Shaders == nil {
		return errors.New("render/gl: Options.Shaders is nil (pass shaders.FS())")
	}
	if !b.opts.KeepHeap {
		tuneHeap()
	}
	if err := b.surface.MakeCurrent(); err != nil {
		return fmt.Errorf("render/gl: make current: %w", err)
	}
	if err := ogl.Init(); err != nil {
		b.surface.ReleaseCurrent()
		return fmt.Errorf("render/gl: load OpenGL: %w", err)
	}
	var major, minor int32
	ogl.GetIntegerv(ogl.MAJOR_VERSION, &major)
	ogl.GetIntegerv(ogl.MINOR_VERSION, &minor)
	if major < 3 || major == 3 && minor < 3 {
		b.surface.ReleaseCurrent()
		return fmt.Errorf("render/gl: OpenGL %d.%d, need 3.3", major, minor)
	}
	if b.surface.SetSwapInterval(b.opts.SwapInterval) != nil && b.opts.SwapInterval == -1 {
		_ = b.surface.SetSwapInterval(1) // adaptive refused: vsync; a refusal of that is not fatal
	}
	var vp [4]int32
	ogl.GetIntegerv(ogl.VIEWPORT, &vp[0])
	b.screenW, b.screenH = int(vp[2]), int(vp[3])
	var ms int32
	ogl.GetIntegerv(ogl.MAX_SAMPLES, &ms)
	b.maxSamples = int(ms)
	b.software = softwareRenderer(ogl.GoStr(ogl.GetString(ogl.RENDERER)))
	b.inited = true
	defer func() {
		if err != nil {
			b.Shutdown()
		}
	}()

	b.white = b.genTexture(1, 1, render.FilterNearest, render.WrapClamp, ogl.RGBA8, []byte{255, 255, 255, 255}, false)
	b.noShadow = b.genShadowTexture(1, 1, []uint32{0xffffffff}) // the far plane: nothing in shadow
	b.initScreenMSAA()
	for i, name := range builtinNames {
		desc, err := b.loadBuiltin(name)
		if err != nil {
			return err
		}
		p, err := b.link(desc)
		if err != nil {
			return fmt.Errorf("render/gl: built-in program: %w", err)
		}
		b.builtin[i], b.builtinSrc[i] = p, desc
	}
	b.lastReload = time.Now()
	if err := b.initSprites(); err != nil {
		return err
	}
	b.initTimer()
	b.initUniforms()
	b.initSkin()
	ogl.GenVertexArrays(1, &b.emptyVAO)
	b.live++
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		return fmt.Errorf("render/gl: init: GL error 0x%x", e)
	}
	return nil
}

func (b *Backend) loadBuiltin(name string) (render.ShaderDesc, error) {
	file, cutout := strings.CutSuffix(name, cutoutSuffix)
	vfile := file
	file, _ = strings.CutSuffix(file, skinnedSuffix) // NAME_skinned.vert + NAME.frag
	v, err := fs.ReadFile(b.opts.Shaders, vfile+".vert")
	if err != nil {
		return render.ShaderDesc{}, fmt.Errorf("render/gl: built-in shader: %w", err)
	}
	f, err := fs.ReadFile(b.opts.Shaders, file+".frag")
	if err != nil {
		return render.ShaderDesc{}, fmt.Errorf("render/gl: built-in shader: %w", err)
	}
	frag := string(f)
	if cutout {
		frag = define(frag, "CUTOUT")
	}
	dir := strings.TrimSuffix(b.opts.ShaderDir, "/") + "/"
	// Expanded here, so that a dev reload sees edits to the chunks too.
	return b.expandChunks(render.ShaderDesc{VertexName: dir + vfile + ".vert", VertexSource: string(v),
		FragmentName: dir + file + ".frag", FragmentSource: frag})
}

// define returns the GLSL source src with the macro name defined after its
// #version line; a #line directive keeps the compiler's line numbers those
// of the file.
func define(src, name string) string {
	version, rest, ok := strings.Cut(src, "\n")
	if !ok || !strings.HasPrefix(version, "#version") {
		return "#define " + name + "\n#line 1\n" + src
	}
	return version + "\n#define " + name + "\n#line 2\n" + rest
}

// reloadBuiltins recompiles the built-in programs whose sources changed,
// keeping the previous program when the new one fails.
func (b *Backend) reloadBuiltins() {
	if b.opts.ReloadInterval <= 0 || time.Since(b.lastReload) < b.opts.ReloadInterval {
		return
	}
	b.lastReload = time.Now()
	for i, name := range builtinNames {
		desc, err := b.loadBuiltin(name)
		if err != nil {
			b.fail("reload %s: %v", name, err)
			continue
		}
		if desc == b.builtinSrc[i] {
			continue
		}
		b.builtinSrc[i] = desc // do not retry a broken source every interval
		p, err := b.link(desc)
		if err != nil {
			b.fail("reload: %v", err)
			continue
		}
		b.deleteProgram(b.builtin[i])
		b.builtin[i] = p
	}
}

// Shutdown deletes every GL object the backend created (LiveObjects then
// reports zero) and releases the context from the calling thread.
func (b *Backend) Shutdown() error {
	if !b.inited {
		return nil
	}
	b.inited = false
	b.deleteReads() // readback.go: delivers the reads still pending
	for i := range b.targets {
		b.deleteTarget(&b.targets[i])
	}
	for i := range b.textures {
		b.deleteTexture(&b.textures[i])
	}
	for i := range b.meshes {
		b.deleteMesh(&b.meshes[i])
	}
	for i, p := range b.programs {
		b.deleteProgram(p)
		b.programs[i] = nil
	}
	for i, p := range b.builtin {
		b.deleteProgram(p)
		b.builtin[i] = nil
	}
	b.forgetTexture(b.white)
	b.forgetTexture(b.noShadow)
	b.deleteGL(&b.white, ogl.DeleteTextures)
	b.deleteGL(&b.noShadow, ogl.DeleteTextures)
	b.deleteScreenMSAA()
	b.deleteSprites()
	b.deleteTimer()
	b.deleteFences()
	b.deleteUniforms()
	b.deleteSkin()
	b.deleteInstances()
	b.deleteGL(&b.emptyVAO, ogl.DeleteVertexArrays)
	ogl.Finish()
	var err error
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		err = fmt.Errorf("render/gl: shutdown: GL error 0x%x", e)
	}
	if e := b.surface.ReleaseCurrent(); e != nil {
		err = errors.Join(err, fmt.Errorf("render/gl: release context: %w", e))
	}
	return err
}

// deleteGL deletes one object through del (glDeleteTextures and the like) if
// *id is set, and clears it.
func (b *Backend) deleteGL(id *uint32, del func(int32, *uint32)) {
	if *id != 0 {
		del(1, id)
		*id = 0
		b.live--
	}
}

func (b *Backend) fail(format string, args ...any) {
	if len(b.errs) >= maxErrors {
		b.dropped++
		return
	}
	b.errs = append(b.errs, fmt.Errorf("render/gl: frame %d: "+format, append([]any{b.frame}, args...)...))
}

func (b *Backend) result() error {
	if len(b.errs) == 0 {
		return nil
	}
	if b.dropped > 0 {
		b.errs = append(b.errs, fmt.Errorf("render/gl: frame %d: %d more errors", b.frame, b.dropped))
	}
	return errors.Join(b.errs...)
}

// Execute renders f. It first waits until the frame executed
// MaxFramesInFlight frames before it has finished on the GPU (its fence has
// signalled; f.Stats.GPUWait is how long that took), then runs the resource
// commands, each pass (target, viewport, scissor, clears, batches; a
// multisampled target is resolved at the end of each pass into it), the
// resolve of the multisampled screen (Options.MSAA), read-backs, deletes
// and the swap (unless Options.NoSwap), and ends the frame with a fence,
// flushed to the GPU; f.Stats.FramesInFlight is how many frames, this one
// included, had not finished then (at most MaxFramesInFlight). Each of the
// first render.MaxTimedPasses passes is timed on the GPU with a
// GL_TIME_ELAPSED query; f.Stats gets the times of the newest earlier frame
// whose queries have completed, read without waiting for more than the
// fence: from the fourth frame on that is frame f.Number()-MaxFramesInFlight
// or a later one (the first timed frame is a warm-up, not reported), or
// render.Stats.NoGPUTimes without timer queries. Problems (bad handles,
// shader errors, GL errors) are returned together after the whole frame
// has been rendered; a shader that fails to compile keeps its previous
// program.
func (b *Backend) Execute(f *render.Frame) error {
	if !b.inited {
		return errors.New("render/gl: Execute before Init")
	}
	b.frame = f.Number()
	b.errs = b.errs[:0]
	b.dropped = 0
	f.Stats.GPUWait = b.waitFrame() // first: frame N-MaxFramesInFlight must be done before any of frame N
	// readback.go: deliver the asynchronous reads that have finished.
	b.deliverReads(f.Number(), false)
	b.resetState()
	b.reloadBuiltins()
	b.timer.beginFrame(f.Number())
	b.timer.fill(f, &f.Stats)

	res := f.Resources()
	for i := range res {
		b.resource(f, &res[i])
	}
	b.uploadPalettes(f)
	batches, sprites := f.Batches()
	b.prepareSprites(f, batches, sprites)
	b.prepareInstances(f)
	b.prepareFrameBlocks(f)

	passes := f.Passes()
	next := 0
	for p := range passes {
		b.timer.beginPass(passes[p].Name)
		if !b.beginPass(f, p, &passes[p]) {
			for next < len(batches) && batches[next].Pass == p {
				next++
			}
			b.timer.endPass()
			continue
		}
		for next < len(batches) && batches[next].Pass == p {
			b.draw(f, next, &batches[next])
			next++
		}
		b.resolve(passes[p].Target)
		if f.Capturing() {
			b.capturePass(f, p, &passes[p])
		}
		b.timer.endPass()
	}
	b.timer.endFrame()
	ogl.Disable(ogl.SCISSOR_TEST)
	b.st.scissor = false
	b.setSRGB(false)
	b.setPolygonOffset(false)
	b.resolveScreen()
	for _, rb := range f.ReadBacks() {
		b.readBack(f, rb)
	}
	dels := f.Deletes()
	for i := range dels {
		b.delete(&dels[i])
	}
	f.Stats.LiveObjects = b.live
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		b.fail("GL error 0x%x", e)
	}
	if !b.opts.NoSwap {
		b.surface.Swap()
	}
	f.Stats.FramesInFlight = b.fenceFrame(f.Number())
	return b.result()
}
