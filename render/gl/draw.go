package gl

import (
	"image"
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// passState is what draws need to know about the pass being executed.
type passState struct {
	target render.TargetID
	shadow bool   // the target is a shadow map: meshes draw depth alone
	stamp  uint64 // unique per executed pass; programs remember the last one loaded
}

// surfaceSize returns the size of target id, or of the screen for 0, and
// the framebuffer that holds its pictures (the resolved one, for
// multisampled targets).
func (b *Backend) surfaceSize(f *render.Frame, id render.TargetID) (w, h int, fbo uint32, ok bool) {
	if id == 0 {
		w, h = f.ScreenSize()
		if w <= 0 || h <= 0 {
			w, h = b.screenW, b.screenH
		}
		return w, h, 0, true
	}
	t := b.lookupTarget(id)
	if t == nil {
		return 0, 0, 0, false
	}
	return t.w, t.h, t.fbo, true
}

// beginPass binds the pass's framebuffer, viewport and scissor, sets the
// per-pass state (sRGB encoding, the shadow passes' depth offset, the
// lights) and clears. It reports false (and records an error) if the
// pass's target is not alive.
func (b *Backend) beginPass(f *render.Frame, i int, p *render.Pass) bool {
	w, h, fbo, ok := b.surfaceSize(f, p.Target)
	if !ok {
		b.fail("BeginPass (pass %d): unknown or deleted %v", i, p.Target)
		return false
	}
	linear, srgb, shadow := false, false, false
	if t := b.lookupTarget(p.Target); t != nil {
		if t.msFBO != 0 {
			fbo = t.msFBO // draw multisampled; resolve at the end of the pass
		}
		linear, srgb, shadow = t.format.Linear(), t.format == render.FormatSRGB8A8, t.shadow()
		// No draw of the pass may sample the target's textures (draw checks
		// that); unbind them from units an earlier pass left them on, so
		// that no texture bound anywhere is also being rendered into.
		for _, id := range t.texs {
			if x := b.lookupTexture(id); x != nil {
				b.unbindTexture(x.gl)
			}
		}
	} else {
		fbo = b.screenFBO(w, h)
	}
	b.bindFBO(fbo)
	b.setSRGB(srgb && !shadow)
	b.setPolygonOffset(shadow)
	vp := p.Viewport
	if vp.Empty() {
		vp = render.Rect{W: w, H: h}
	}
	ogl.Viewport(int32(vp.X), int32(h-vp.Y-vp.H), int32(vp.W), int32(vp.H))
	b.pass.target = p.Target
	b.pass.shadow = shadow
	b.pass.stamp++
	b.viewProj = p.ViewProj
	b.bindFrameBlock(i)
	if !shadow {
		// A shadow pass draws depth alone: its Lights are not used.
		b.setLights(i, p, linear)
	}

	if p.Clear != 0 {
		sc := p.Scissor
		if sc.Empty() {
			sc = vp
		}
		full := sc.X <= 0 && sc.Y <= 0 && sc.X+sc.W >= w && sc.Y+sc.H >= h
		b.setScissor(!full, sc.X, h-sc.Y-sc.H, sc.W, sc.H)
		var bits uint32
		if p.Clear&render.ClearColor != 0 && !shadow && !b.clearsEach(p, b.lookupTarget(p.Target)) {
			c := p.ClearColor
			ogl.ClearColor(c[0], c[1], c[2], c[3])
			bits |= ogl.COLOR_BUFFER_BIT
		}
		if p.Clear&(render.ClearDepth|render.ClearDepthTo) != 0 {
			b.setDepth(b.st.depthTest, true)
			ogl.ClearDepth(depthClear(p)) // targets.go
			bits |= ogl.DEPTH_BUFFER_BIT
		}
		if p.Clear&render.ClearStencil != 0 && !shadow {
			ogl.ClearStencil(0)
			bits |= ogl.STENCIL_BUFFER_BIT
		}
		if bits != 0 {
			// A draw's RenderState may have masked channels or stencil
			// bits, which clearing obeys: clear all of them.
			var zero render.RenderState
			b.applyState(&zero, false, false)
			ogl.Clear(bits)
		}
		b.clearEach(p, b.lookupTarget(p.Target)) // targets.go: per attachment, integer targets
	}
	sc := p.Scissor
	b.setScissor(!sc.Empty(), sc.X, h-sc.Y-sc.H, sc.W, sc.H)
	b.drawSky(f, i, p)
	return true
}

// sampled looks up a texture a draw samples and checks it: alive, not a
// texture of the target being rendered into, and not a shadow map (those
// are sampled through Lights.Shadow alone). It reports a failure naming the
// draw and what (the field) refers to the texture, and returns nil then.
func (b *Backend) sampled(bt *render.Batch, i int, what string, id render.TextureID) *texture {
	t := b.lookupTexture(id)
	switch {
	case t == nil:
		b.fail("%v (batch %d, pass %d): %sunknown or deleted %v", bt.Kind, i, bt.Pass, what, id)
	case t.target != 0 && t.target == b.pass.target:
		b.fail("%v (batch %d, pass %d): %ssamples %v while rendering into %v", bt.Kind, i, bt.Pass, what, id, t.target)
	case t.shadow:
		b.fail("%v (batch %d, pass %d): %s%v is a shadow map (sample it through Lights.Shadow)", bt.Kind, i, bt.Pass, what, id)
	default:
		return t
	}
	return nil
}

// drawCutout reports whether sprite batch bt, of the built-in program,
// whose texture is opaque (every texel alpha 255) or cutout (every texel
// alpha 0 or 255, sampled nearest), may be drawn with the cutout program
// and no blending: alpha blending with opaque tints, into a target that is
// not sRGB-encoded, where every texel either replaces the framebuffer's
// color or leaves it. The picture is the same, bit for bit; what changes is
// that the framebuffer is neither read nor written where a texel is clear
// (with a software rasterizer, about a tenth of the time of small sprites).
// Opaque textures need no discard: draw skips their blending anyway.
func (b *Backend) drawCutout(bt *render.Batch, opaque, cutout bool) bool {
	return cutout && !opaque && bt.Opaque && bt.Blend == render.BlendAlpha && !b.st.srgb
}

// draw issues one batch as one draw call.
func (b *Backend) draw(f *render.Frame, i int, bt *render.Batch) {
	if b.pass.shadow && bt.Kind != render.KindMesh {
		b.fail("%v (batch %d, pass %d): draws nothing into shadow map %v", bt.Kind, i, bt.Pass, b.pass.target)
		return
	}
	tex, opaque, cutout := b.white, true, false
	if bt.Texture != 0 {
		t := b.sampled(bt, i, "", bt.Texture)
		if t == nil {
			return
		}
		tex, opaque, cutout = t.gl, t.opaque, t.cutout
	}
	// The other textures the draw samples, checked before anything is bound.
	var md *render.MeshDraw
	var fd *render.FullscreenDraw
	var maps [len(materialMaps)]uint32
	var inputs [3]uint32
	switch bt.Kind {
	case render.KindMesh:
		md = &f.MeshDraws()[bt.First]
		for k, id := range materialTextures(&md.Material) {
			if id != 0 {
				t := b.sampled(bt, i, materialMaps[k].name, id)
				if t == nil {
					return
				}
				maps[k] = t.gl
			}
		}
	case render.KindFullscreen:
		fd = &f.FullscreenDraws()[bt.First]
		for k, id := range fd.Inputs {
			if id != 0 {
				t := b.sampled(bt, i, inputNames[k], id)
				if t == nil {
					return
				}
				inputs[k] = t.gl
			}
		}
	}
	prog := b.builtin[bt.Kind]
	blend := bt.Blend
	if bt.Kind == render.KindSprite && bt.Shader == 0 {
		path := b.sprites.paths[i]
		cut := path != pathVertices && b.drawCutout(bt, opaque, cutout)
		switch {
		case path == pathPoints && cut:
			prog = b.builtin[progPointCutout]
		case path == pathPoints:
			prog = b.builtin[progPoint]
		case path == pathInstanced && cut:
			prog = b.builtin[progInstancedCutout]
		case path == pathInstanced:
			prog = b.builtin[progInstanced]
		}
		if cut {
			blend = render.BlendOpaque
			b.sprites.cutouts++
		}
	}
	if bt.Shader != 0 {
		p, ok := b.lookupProgram(bt.Shader)
		if !ok {
			b.fail("%v (batch %d, pass %d): unknown or deleted %v", bt.Kind, i, bt.Pass, bt.Shader)
			return
		}
		if p != nil {
			prog = p
		}
	}
	if b.pass.shadow {
		prog = b.builtin[progDepth]
	}
	if md != nil { // a skinned mesh's program and palette (skin.go)
		if prog = b.skinDraw(f, i, bt, md, prog); prog == nil {
			return
		}
		// Depth shaders and instanced programs (instanced.go).
		if prog = b.meshProgram(f, i, bt, md, prog); prog == nil {
			return
		}
	}
	b.useProgram(prog.id)
	if prog.pass != b.pass.stamp {
		if prog.viewProj >= 0 {
			ogl.UniformMatrix4fv(prog.viewProj, 1, false, &b.viewProj[0])
		}
		if prog.pointScale >= 0 {
			v := &b.sprites.views[bt.Pass]
			ogl.Uniform2f(prog.pointScale, v.kx, v.ky)
		}
		if bt.Kind == render.KindMesh && !b.pass.shadow {
			b.loadLights(prog)
		}
		prog.pass = b.pass.stamp
	}
	if prog.samples(unitBase) {
		b.bindTexture(unitBase, tex)
	}
	if bt.Kind == render.KindSprite && bt.Shader == 0 && replaces(bt, opaque) {
		// Opaque texels times opaque tints: blending would give the source
		// color itself, so skip it (the framebuffer is not read).
		blend = render.BlendOpaque
	}
	var named render.Uniforms // the draw's named uniforms (uniforms.go)
	switch bt.Kind {
	case render.KindMesh:
		named = md.Uniforms
	case render.KindFullscreen:
		named = fd.Uniforms
	}
	if !b.applyUniforms(f, i, bt, prog, named) {
		return
	}
	st := &f.Stats
	switch bt.Kind {
	case render.KindSprite:
		var zero render.RenderState
		b.setBlend(blend)
		b.setDepth(false, b.st.depthWrite)
		b.applyState(&zero, false, false)
		b.drawSprites(i, bt)
		if b.sprites.sfirst[i] >= 0 {
			st.Triangles += 2 * b.sprites.scount[i]
			st.HiddenSprites += bt.Count - b.sprites.scount[i]
		} else {
			st.Triangles += 2 * bt.Count
		}
	case render.KindMesh:
		m := b.lookupMesh(md.Mesh)
		if m == nil {
			b.fail("%v (batch %d, pass %d): unknown or deleted %v", bt.Kind, i, bt.Pass, md.Mesh)
			return
		}
		if msg := md.State.Validate(); msg != "" {
			b.fail("%v (batch %d, pass %d): State: %s", bt.Kind, i, bt.Pass, msg)
			return
		}
		if !b.morphDraw(f, i, bt, md, prog, m) { // morph.go
			return
		}
		if b.pass.shadow {
			// Every mesh casts its shadow, whatever its blending.
			b.setBlend(render.BlendOpaque)
			b.setDepth(depthSwitches(&md.State, true, true))
			b.applyState(&md.State, true, true)
			b.setParams(prog, &md.Params) // for a DepthShader
		} else {
			b.setBlend(blend)
			b.setDepth(depthSwitches(&md.State, true, bt.Blend == render.BlendOpaque))
			b.applyState(&md.State, true, false)
			b.setColor(prog, md.Color)
			b.loadMaterial(prog, md, &maps)
			b.setParams(prog, &md.Params)
		}
		if prog.model >= 0 {
			b.mat = md.Model
			ogl.UniformMatrix4fv(prog.model, 1, false, &b.mat[0])
		}
		// Layouts, primitives and instances (meshes.go).
		n := b.drawMesh(bt, i, prog, m, len(f.MeshInstances(bt.First)), f.InstanceOffset(bt.First))
		if n < 0 {
			return
		}
		st.Triangles += n
	case render.KindFullscreen:
		if msg := fd.State.Validate(); msg != "" {
			b.fail("%v (batch %d, pass %d): State: %s", bt.Kind, i, bt.Pass, msg)
			return
		}
		b.setBlend(blend)
		test, write := depthSwitches(&fd.State, false, false)
		if !test && fd.State.DepthWrite == render.Default {
			write = b.st.depthWrite // no test, no writes: keep the cached mask
		}
		b.setDepth(test, write)
		b.applyState(&fd.State, false, false)
		for k, tx := range inputs {
			if prog.samples(1 + k) {
				if tx == 0 {
					tx = b.white
				}
				b.bindTexture(1+k, tx)
			}
		}
		b.setColor(prog, fd.Color)
		b.setParams(prog, &fd.Params)
		b.bindVAO(b.emptyVAO)
		ogl.DrawArrays(ogl.TRIANGLES, 0, 3)
		st.Triangles++
	}
	st.DrawCalls++
}

// inputNames label FullscreenDraw.Inputs in errors.
var inputNames = [...]string{"Inputs[0]: ", "Inputs[1]: ", "Inputs[2]: "}

// setParams loads u_params[4] where the program declares it.
func (b *Backend) setParams(p *program, params *[4]mgl32.Vec4) {
	if p.params < 0 {
		return
	}
	b.params = *params
	ogl.Uniform4fv(p.params, 4, &b.params[0][0])
}

// setColor loads u_color; the zero color means white.
func (b *Backend) setColor(p *program, c [4]float32) {
	if p.color < 0 {
		return
	}
	if c == [4]float32{} {
		c = [4]float32{1, 1, 1, 1}
	}
	b.vec = c
	ogl.Uniform4fv(p.color, 1, &b.vec[0])
}

// readBack copies a region of the screen or a target into a new top-down
// image and hands it to rb.Done.
func (b *Backend) readBack(f *render.Frame, rb render.ReadBack) {
	if rb.Deliver != nil {
		b.readTarget(f, &rb) // readback.go: Frame.ReadTarget
		return
	}
	w, h, fbo, ok := b.surfaceSize(f, rb.Target)
	if !ok {
		b.fail("ReadPixels: unknown or deleted %v", rb.Target)
		return
	}
	if t := b.lookupTarget(rb.Target); t != nil && t.shadow() {
		b.fail("ReadPixels: %v is a shadow map (no color to read)", rb.Target)
		return
	} else if t != nil && t.format.Integer() {
		b.fail("ReadPixels: %v is %v, not colors (read it with ReadTarget)", rb.Target, t.format)
		return
	}
	if rb.Target == 0 && b.screen.defaultMS && b.screen.resolveFBO != 0 {
		fbo = b.screen.resolveFBO // the resolved picture, not the window's samples
	}
	r := rb.Rect
	if r.Empty() {
		r = render.Rect{W: w, H: h}
	}
	if r.X < 0 || r.Y < 0 || r.X+r.W > w || r.Y+r.H > h {
		b.fail("ReadPixels: %v: rect %v outside %dx%d", rb.Target, r, w, h)
		return
	}
	b.bindFBO(fbo)
	img := image.NewRGBA(image.Rect(0, 0, r.W, r.H))
	ogl.PixelStorei(ogl.PACK_ALIGNMENT, 1)
	ogl.ReadPixels(int32(r.X), int32(h-r.Y-r.H), int32(r.W), int32(r.H), ogl.RGBA, ogl.UNSIGNED_BYTE, unsafe.Pointer(&img.Pix[0]))
	// GL rows run bottom-up; flip to top-down.
	row := 4 * r.W
	tmp := make([]byte, row)
	for y := 0; y < r.H/2; y++ {
		a := img.Pix[y*row : (y+1)*row]
		z := img.Pix[(r.H-1-y)*row : (r.H-y)*row]
		copy(tmp, a)
		copy(a, z)
		copy(z, tmp)
	}
	if rb.Done != nil {
		rb.Done(img)
	}
}
