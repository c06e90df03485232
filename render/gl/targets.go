package gl

import (
	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// target is a render target. fbo holds the target's textures: its color
// textures (one per attachment) and, without multisampling, a depth
// renderbuffer; passes draw into it. With multisampling (samples > 1),
// passes draw into msFBO (msColor and depth, multisampled renderbuffers),
// and the resolve at the end of each pass copies every attachment into
// fbo's textures; read-backs read fbo. A shadow map (colors 0) has one
// depth texture in fbo and no color.
type target struct {
	id      render.TargetID
	fbo     uint32
	depth   uint32 // depth renderbuffer; 0 for a shadow map, whose depth is a texture
	msFBO   uint32
	msColor [render.MaxColorAttachments]uint32
	samples int // 0: not multisampled
	colors  int // color attachments; 0 for a shadow map
	format  render.Format
	texs    [render.MaxColorAttachments]render.TextureID
	w, h    int
	// depthTex is a DepthTexture target's depth texture, attached to fbo
	// (and resolved into from msFBO's depth); 0 for other targets.
	depthTex render.TextureID
}

// shadow reports whether t is a shadow map (a DepthShadow target).
func (t *target) shadow() bool { return t.colors == 0 }

// checkTargetDesc returns why desc cannot be created, or "".
func checkTargetDesc(c *render.ResourceCommand) string {
	d := &c.TargetDesc
	switch {
	case d.Width <= 0 || d.Height <= 0:
		return "bad size"
	case !d.Format.Valid():
		return "unknown format " + d.Format.String()
	case d.Format.Integer() && d.Samples > 1:
		return "integer formats (" + d.Format.String() + ") are not multisampled"
	case d.Colors < 0 || d.Colors > render.MaxColorAttachments:
		return "Colors outside 0..4"
	case d.Depth > render.DepthTexture:
		return "unknown depth mode"
	case (d.Depth == render.DepthTexture) != (c.DepthTexture != 0):
		return "DepthTexture is set for a target of another depth mode, or missing"
	case d.Depth == render.DepthShadow && (d.Format != 0 || d.Colors != 0 || d.Samples > 1):
		return "a DepthShadow target has no color and no samples"
	case c.Attachments[0] != c.Texture:
		return "Attachments[0] is not Texture"
	}
	for i := range max(d.Attachments(), 1) {
		if c.Attachments[i] == 0 {
			return "missing attachment texture"
		}
	}
	return ""
}

// createTarget creates a target's framebuffers and textures, registering
// each texture under its handle in c.Attachments.
func (b *Backend) createTarget(c *render.ResourceCommand) {
	if why := checkTargetDesc(c); why != "" {
		b.fail("%v: %v: %s (%+v)", c.Op, c.Target, why, c.TargetDesc)
		return
	}
	d := &c.TargetDesc
	n := d.Attachments()
	ts := slot(uint32(c.Target))
	b.targets = grow(b.targets, ts)
	if b.targets[ts].fbo != 0 {
		b.fail("%v: %v: slot in use", c.Op, c.Target)
		return
	}
	for i := range max(n, 1) {
		xs := slot(uint32(c.Attachments[i]))
		b.textures = grow(b.textures, xs)
		if b.textures[xs].gl != 0 {
			b.fail("%v: %v: texture slot of %v in use", c.Op, c.Target, c.Attachments[i])
			return
		}
	}
	if c.DepthTexture != 0 {
		xs := slot(uint32(c.DepthTexture))
		b.textures = grow(b.textures, xs)
		if b.textures[xs].gl != 0 {
			b.fail("%v: %v: texture slot of depth texture %v in use", c.Op, c.Target, c.DepthTexture)
			return
		}
	}
	w, h := d.Width, d.Height
	t := target{id: c.Target, w: w, h: h, colors: n, format: d.Format, texs: c.Attachments, depthTex: c.DepthTexture}
	ogl.GenFramebuffers(1, &t.fbo)
	b.live++
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.fbo)
	b.st.fbo = t.fbo
	if n == 0 {
		tex := b.genShadowTexture(w, h, nil)
		b.textures[slot(uint32(c.Texture))] = texture{id: c.Texture, gl: tex, w: w, h: h, target: c.Target, shadow: true}
		ogl.FramebufferTexture2D(ogl.FRAMEBUFFER, ogl.DEPTH_ATTACHMENT, ogl.TEXTURE_2D, tex, 0)
		ogl.DrawBuffer(ogl.NONE)
		ogl.ReadBuffer(ogl.NONE)
	} else {
		t.samples = ClampSamples(d.Samples, b.maxSamples)
		internal := glFormat(d.Format).internal
		td := render.TextureDesc{Width: w, Height: h, Filter: d.Filter, Format: d.Format}
		if td.Format.Integer() {
			td.Filter = render.FilterNearest // integer textures sample nearest only
		}
		for i := range n {
			tex := b.genTextureDesc(&td, nil)
			x := texture{id: c.Attachments[i], gl: tex, w: w, h: h, target: c.Target}
			if extended(&td) {
				x.desc = td // UpdateTexture writes texels of the target's format
			}
			b.textures[slot(uint32(c.Attachments[i]))] = x
			ogl.FramebufferTexture2D(ogl.FRAMEBUFFER, ogl.COLOR_ATTACHMENT0+uint32(i), ogl.TEXTURE_2D, tex, 0)
		}
		b.drawBuffers(n)
		if t.depthTex != 0 {
			tex := b.genDepthTexture(w, h)
			b.textures[slot(uint32(t.depthTex))] = texture{id: t.depthTex, gl: tex, w: w, h: h, target: c.Target}
			ogl.FramebufferTexture2D(ogl.FRAMEBUFFER, ogl.DEPTH_STENCIL_ATTACHMENT, ogl.TEXTURE_2D, tex, 0)
		}
		ogl.GenRenderbuffers(1, &t.depth)
		b.live++
		ogl.BindRenderbuffer(ogl.RENDERBUFFER, t.depth)
		if t.samples == 0 && t.depthTex != 0 {
			b.deleteGL(&t.depth, ogl.DeleteRenderbuffers) // the texture is the depth buffer
		} else if t.samples == 0 {
			ogl.RenderbufferStorage(ogl.RENDERBUFFER, ogl.DEPTH24_STENCIL8, int32(w), int32(h))
			ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.DEPTH_STENCIL_ATTACHMENT, ogl.RENDERBUFFER, t.depth)
		} else {
			ms := int32(t.samples)
			ogl.RenderbufferStorageMultisample(ogl.RENDERBUFFER, ms, ogl.DEPTH24_STENCIL8, int32(w), int32(h))
			if s := ogl.CheckFramebufferStatus(ogl.FRAMEBUFFER); s != ogl.FRAMEBUFFER_COMPLETE {
				b.fail("%v: %v: resolve framebuffer incomplete (0x%x)", c.Op, c.Target, s)
			}
			ogl.GenFramebuffers(1, &t.msFBO)
			b.live++
			ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.msFBO)
			b.st.fbo = t.msFBO
			for i := range n {
				ogl.GenRenderbuffers(1, &t.msColor[i])
				b.live++
				ogl.BindRenderbuffer(ogl.RENDERBUFFER, t.msColor[i])
				ogl.RenderbufferStorageMultisample(ogl.RENDERBUFFER, ms, uint32(internal), int32(w), int32(h))
				ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.COLOR_ATTACHMENT0+uint32(i), ogl.RENDERBUFFER, t.msColor[i])
			}
			ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.DEPTH_STENCIL_ATTACHMENT, ogl.RENDERBUFFER, t.depth)
			b.drawBuffers(n)
		}
	}
	if s := ogl.CheckFramebufferStatus(ogl.FRAMEBUFFER); s != ogl.FRAMEBUFFER_COMPLETE {
		b.fail("%v: %v: framebuffer incomplete (0x%x)", c.Op, c.Target, s)
	}
	b.targets[ts] = t
}

// drawBuffers directs fragment outputs 0 .. n-1 to color attachments 0 ..
// n-1 of the bound draw framebuffer.
func (b *Backend) drawBuffers(n int) {
	for i := range n {
		b.bufs[i] = ogl.COLOR_ATTACHMENT0 + uint32(i)
	}
	ogl.DrawBuffers(int32(n), &b.bufs[0])
}

// ClampSamples returns the sample count a render target asking for
// requested samples gets when the driver allows at most max
// (GL_MAX_SAMPLES): 0 (no multisampling) for requested <= 1 or max <= 1,
// otherwise min(requested, max).
func ClampSamples(requested, max int) int {
	if requested <= 1 || max <= 1 {
		return 0
	}
	if requested > max {
		return max
	}
	return requested
}

// deleteTarget deletes t's framebuffers, renderbuffers and textures.
func (b *Backend) deleteTarget(t *target) {
	if t.fbo == 0 {
		return
	}
	if b.st.fbo == t.fbo || b.st.fbo == t.msFBO {
		ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
		b.st.fbo = 0
	}
	b.deleteGL(&t.fbo, ogl.DeleteFramebuffers)
	b.deleteGL(&t.msFBO, ogl.DeleteFramebuffers)
	b.deleteGL(&t.depth, ogl.DeleteRenderbuffers)
	for i := range t.msColor {
		b.deleteGL(&t.msColor[i], ogl.DeleteRenderbuffers)
	}
	for _, id := range t.texs {
		if x := b.lookupTexture(id); x != nil && x.target == t.id {
			b.deleteTexture(x)
		}
	}
	if x := b.lookupTexture(t.depthTex); x != nil && x.target == t.id {
		b.deleteTexture(x)
	}
	*t = target{}
}

// resolve copies every color attachment of a multisampled target into its
// texture (averaging the samples); it does nothing for the screen or a
// target without multisampling. It runs at the end of every pass into the
// target, so later passes that sample the textures, and read-backs, see
// the picture.
func (b *Backend) resolve(id render.TargetID) {
	if id == 0 {
		return
	}
	t := b.lookupTarget(id)
	if t == nil || t.msFBO == 0 {
		return
	}
	b.setScissor(false, 0, 0, 0, 0) // the scissor test clips blits
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, t.msFBO)
	ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, t.fbo)
	if t.colors == 1 {
		ogl.BlitFramebuffer(0, 0, int32(t.w), int32(t.h), 0, 0, int32(t.w), int32(t.h), ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
	} else {
		// A blit copies the read buffer into every draw buffer: one blit
		// per attachment, each with one read and one draw buffer.
		for i := range t.colors {
			ogl.ReadBuffer(ogl.COLOR_ATTACHMENT0 + uint32(i))
			b.bufs[0] = ogl.COLOR_ATTACHMENT0 + uint32(i)
			ogl.DrawBuffers(1, &b.bufs[0])
			ogl.BlitFramebuffer(0, 0, int32(t.w), int32(t.h), 0, 0, int32(t.w), int32(t.h), ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
		}
		// Put back the defaults: read-backs read attachment 0 of fbo.
		ogl.ReadBuffer(ogl.COLOR_ATTACHMENT0)
		b.drawBuffers(t.colors)
	}
	if t.depthTex != 0 {
		// The depth too, for the passes that sample it (the nearest sample).
		ogl.BlitFramebuffer(0, 0, int32(t.w), int32(t.h), 0, 0, int32(t.w), int32(t.h), ogl.DEPTH_BUFFER_BIT, ogl.NEAREST)
	}
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, t.fbo)
	b.st.fbo = t.fbo
}

// screenMSAA is the multisampled framebuffer screen passes draw into under
// Options.MSAA: an RGBA8 color and a depth renderbuffer of the screen's size
// (recreated when it changes), resolved into the default framebuffer after
// the last pass. Where the default framebuffer is itself multisampled, a
// blit into it is not allowed to resolve, so the resolve goes through
// resolveFBO's texture, which the post program then draws onto the screen.
type screenMSAA struct {
	samples        int // in use; 0: off
	fbo            uint32
	color, depth   uint32
	w, h           int // storage size; 0 before the first screen pass
	used           bool
	defaultMS      bool // the default framebuffer is multisampled
	resolveFBO     uint32
	resolveTex     uint32
	resolveW, resH int
}

// ScreenSamples returns the samples per pixel of the screen's multisampled
// framebuffer (Options.MSAA, clamped to GL_MAX_SAMPLES), or 0 when the
// screen is not antialiased by the backend. It is set by Init.
func (b *Backend) ScreenSamples() int { return b.screen.samples }

// initScreenMSAA decides the screen's sample count; the buffers are made by
// the first pass into the screen.
func (b *Backend) initScreenMSAA() {
	b.screen = screenMSAA{samples: ClampSamples(b.opts.MSAA, b.maxSamples)}
	var sb int32
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	b.st.fbo = 0
	ogl.GetIntegerv(ogl.SAMPLE_BUFFERS, &sb)
	b.screen.defaultMS = sb > 0
}

// screenFBO returns the framebuffer a pass into the screen of size w×h
// draws into: the multisampled one, (re)allocated to that size, or 0.
func (b *Backend) screenFBO(w, h int) uint32 {
	sc := &b.screen
	if sc.samples == 0 {
		return 0
	}
	if sc.fbo == 0 {
		ogl.GenFramebuffers(1, &sc.fbo)
		ogl.GenRenderbuffers(1, &sc.color)
		ogl.GenRenderbuffers(1, &sc.depth)
		b.live += 3
	}
	if sc.w != w || sc.h != h {
		n := int32(sc.samples)
		ogl.BindRenderbuffer(ogl.RENDERBUFFER, sc.color)
		ogl.RenderbufferStorageMultisample(ogl.RENDERBUFFER, n, ogl.RGBA8, int32(w), int32(h))
		ogl.BindRenderbuffer(ogl.RENDERBUFFER, sc.depth)
		ogl.RenderbufferStorageMultisample(ogl.RENDERBUFFER, n, ogl.DEPTH24_STENCIL8, int32(w), int32(h))
		b.bindFBO(sc.fbo)
		ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.COLOR_ATTACHMENT0, ogl.RENDERBUFFER, sc.color)
		ogl.FramebufferRenderbuffer(ogl.FRAMEBUFFER, ogl.DEPTH_STENCIL_ATTACHMENT, ogl.RENDERBUFFER, sc.depth)
		if s := ogl.CheckFramebufferStatus(ogl.FRAMEBUFFER); s != ogl.FRAMEBUFFER_COMPLETE {
			b.fail("screen MSAA %dx: framebuffer %dx%d incomplete (0x%x)", sc.samples, w, h, s)
		}
		sc.w, sc.h = w, h
	}
	sc.used = true
	return sc.fbo
}

// resolveScreen resolves the multisampled screen into the default
// framebuffer, if a pass of this frame drew into it.
func (b *Backend) resolveScreen() {
	sc := &b.screen
	if !sc.used {
		return
	}
	sc.used = false
	w, h := int32(sc.w), int32(sc.h)
	b.setScissor(false, 0, 0, 0, 0)
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, sc.fbo)
	if !sc.defaultMS {
		ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, 0)
		ogl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
		ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
		b.st.fbo = 0
		return
	}
	if sc.resolveFBO == 0 {
		ogl.GenFramebuffers(1, &sc.resolveFBO)
		b.live++
	}
	if sc.resolveTex == 0 || sc.resolveW != sc.w || sc.resH != sc.h {
		if sc.resolveTex != 0 {
			b.forgetTexture(sc.resolveTex)
			b.deleteGL(&sc.resolveTex, ogl.DeleteTextures)
		}
		sc.resolveTex = b.genTexture(sc.w, sc.h, render.FilterNearest, render.WrapClamp, ogl.RGBA8, nil, false)
		ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, sc.resolveFBO)
		ogl.FramebufferTexture2D(ogl.DRAW_FRAMEBUFFER, ogl.COLOR_ATTACHMENT0, ogl.TEXTURE_2D, sc.resolveTex, 0)
		sc.resolveW, sc.resH = sc.w, sc.h
	}
	ogl.BindFramebuffer(ogl.DRAW_FRAMEBUFFER, sc.resolveFBO)
	ogl.BlitFramebuffer(0, 0, w, h, 0, 0, w, h, ogl.COLOR_BUFFER_BIT, ogl.NEAREST)
	// Copy the resolved picture onto the multisampled window with the
	// post program: every sample of a pixel gets the pixel's color.
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	b.st.fbo = 0
	ogl.Viewport(0, 0, w, h)
	p := b.builtin[render.KindFullscreen]
	b.useProgram(p.id)
	b.setColor(p, [4]float32{1, 1, 1, 1})
	b.bindTexture(unitBase, sc.resolveTex)
	b.setBlend(render.BlendOpaque)
	b.setDepth(false, b.st.depthWrite)
	var zero render.RenderState
	b.applyState(&zero, false, false)
	b.bindVAO(b.emptyVAO)
	ogl.DrawArrays(ogl.TRIANGLES, 0, 3)
}

// deleteScreenMSAA deletes the screen's multisampled buffers.
func (b *Backend) deleteScreenMSAA() {
	sc := &b.screen
	if sc.fbo != 0 && b.st.fbo == sc.fbo {
		ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
		b.st.fbo = 0
	}
	b.deleteGL(&sc.fbo, ogl.DeleteFramebuffers)
	b.deleteGL(&sc.color, ogl.DeleteRenderbuffers)
	b.deleteGL(&sc.depth, ogl.DeleteRenderbuffers)
	b.deleteGL(&sc.resolveFBO, ogl.DeleteFramebuffers)
	b.forgetTexture(sc.resolveTex)
	b.deleteGL(&sc.resolveTex, ogl.DeleteTextures)
	sc.w, sc.h, sc.resolveW, sc.resH = 0, 0, 0, 0
}

// genDepthTexture creates a DepthTexture target's depth texture, 24-bit
// depth with 8-bit stencil as the depth buffers of other targets: sampled
// as plain depth values (no comparison), nearest, clamped.
func (b *Backend) genDepthTexture(w, h int) uint32 {
	var id uint32
	ogl.GenTextures(1, &id)
	b.live++
	b.st.textures[b.st.unit] = 0
	b.bindTexture(b.st.unit, id)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MIN_FILTER, ogl.NEAREST)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_MAG_FILTER, ogl.NEAREST)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_S, ogl.CLAMP_TO_EDGE)
	ogl.TexParameteri(ogl.TEXTURE_2D, ogl.TEXTURE_WRAP_T, ogl.CLAMP_TO_EDGE)
	ogl.TexImage2D(ogl.TEXTURE_2D, 0, ogl.DEPTH24_STENCIL8, int32(w), int32(h), 0, ogl.DEPTH_STENCIL, ogl.UNSIGNED_INT_24_8, nil)
	return id
}

// clearsEach reports whether pass p's color clear is done per attachment
// by clearEach rather than by glClear: with ClearAttachments, and for
// integer targets (which glClear does not clear).
func (b *Backend) clearsEach(p *render.Pass, t *target) bool {
	if t != nil && t.shadow() {
		return false
	}
	return p.Clear&render.ClearAttachments != 0 || p.Clear&render.ClearColor != 0 && t != nil && t.format.Integer()
}

// clearEach clears every color attachment of pass p's target (the screen
// has one) to ClearColors[i] (ClearAttachments) or ClearColor, with
// glClearBuffer, inside the scissor the caller set, all channels written.
func (b *Backend) clearEach(p *render.Pass, t *target) {
	if !b.clearsEach(p, t) {
		return
	}
	var zero render.RenderState
	b.applyState(&zero, false, false)
	n, integer := 1, false
	if t != nil {
		n, integer = t.colors, t.format.Integer()
	}
	for i := range n {
		c := p.ClearColor
		if p.Clear&render.ClearAttachments != 0 {
			c = p.ClearColors[i]
		}
		if integer {
			for k := range 4 {
				b.clearU[k] = uint32(max(c[k], 0))
			}
			ogl.ClearBufferuiv(ogl.COLOR, int32(i), &b.clearU[0])
			continue
		}
		b.vec = c
		ogl.ClearBufferfv(ogl.COLOR, int32(i), &b.vec[0])
	}
}

// depthClear returns the depth pass p clears to: DepthClear with
// ClearDepthTo, the far plane otherwise.
func depthClear(p *render.Pass) float64 {
	if p.Clear&render.ClearDepthTo != 0 {
		return float64(p.DepthClear)
	}
	return 1
}
