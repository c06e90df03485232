package gl

import (
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// pixelFormat is how a render.Format is stored and uploaded: the internal
// format, and the client format and type of the bytes in its layout.
type pixelFormat struct {
	internal     int32
	format, kind uint32
}

// pixelFormats is every render.Format's GL formats, by value.
var pixelFormats = [...]pixelFormat{
	render.FormatRGBA8:   {ogl.RGBA8, ogl.RGBA, ogl.UNSIGNED_BYTE},
	render.FormatSRGB8A8: {ogl.SRGB8_ALPHA8, ogl.RGBA, ogl.UNSIGNED_BYTE},
	render.FormatRGBA16F: {ogl.RGBA16F, ogl.RGBA, ogl.HALF_FLOAT},
	render.FormatR16F:    {ogl.R16F, ogl.RED, ogl.HALF_FLOAT},
	render.FormatRG16F:   {ogl.RG16F, ogl.RG, ogl.HALF_FLOAT},
	render.FormatRGBA32F: {ogl.RGBA32F, ogl.RGBA, ogl.FLOAT},
	render.FormatR32F:    {ogl.R32F, ogl.RED, ogl.FLOAT},
	render.FormatRG32F:   {ogl.RG32F, ogl.RG, ogl.FLOAT},
	render.FormatR32UI:   {ogl.R32UI, ogl.RED_INTEGER, ogl.UNSIGNED_INT},
}

// glFormat returns f's GL formats; f must be valid.
func glFormat(f render.Format) pixelFormat { return pixelFormats[f] }

// kindTarget returns the GL binding target of textures of kind k.
func kindTarget(k render.TextureKind) uint32 {
	switch k {
	case render.TextureArray:
		return ogl.TEXTURE_2D_ARRAY
	case render.Texture3D:
		return ogl.TEXTURE_3D
	case render.TextureCube:
		return ogl.TEXTURE_CUBE_MAP
	}
	return ogl.TEXTURE_2D
}

// textureTarget returns the binding target of GL texture id: TEXTURE_2D
// unless id is an array, 3D or cube texture. bindTexture binds through
// it, so that every draw binds each texture where its program's sampler
// reads it. The map holds only textures of other kinds: 2D-only use never
// looks anything up.
func (b *Backend) textureTarget(id uint32) uint32 {
	if len(b.texKinds) != 0 {
		if t, ok := b.texKinds[id]; ok {
			return t
		}
	}
	return ogl.TEXTURE_2D
}

// extended reports whether a texture of d takes this file's path: another
// kind than 2D, or a format other than the 8-bit ones (whose 2D textures
// resources.go creates, finding their opaque and cutout texels).
func extended(d *render.TextureDesc) bool {
	return d.Kind != render.Texture2D || !textureFormatOK(d.Format)
}

// descOf returns the description texture t was made from: its own, or
// for the 8-bit 2D textures resources.go makes, RGBA8 of its size.
func descOf(t *texture) render.TextureDesc {
	if t.desc.Width != 0 {
		return t.desc
	}
	return render.TextureDesc{Width: t.w, Height: t.h, Mipmaps: t.mipmaps}
}

// textureCommand runs c if it is a texture command of this file's path
// (see extended; and every update of a live texture other than a shadow
// map, checked against the texture's format) and reports whether it did.
func (b *Backend) textureCommand(f *render.Frame, c *render.ResourceCommand) bool {
	st := &f.Stats
	switch c.Op {
	case render.OpCreateTexture:
		if !extended(&c.Desc) {
			return false
		}
		s := slot(uint32(c.Texture))
		b.textures = grow(b.textures, s)
		if b.textures[s].gl != 0 {
			b.fail("%v: %v: slot still holds %v", c.Op, c.Texture, b.textures[s].id)
			return true
		}
		pix := f.Bytes(c.Data)
		if !b.checkDesc(c, len(pix)) {
			return true
		}
		b.textures[s] = texture{id: c.Texture, w: c.Desc.Width, h: c.Desc.Height, mipmaps: c.Desc.Mipmaps, desc: c.Desc,
			gl: b.genTextureDesc(&c.Desc, pix)}
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpReplaceTexture:
		t := b.lookupTexture(c.Texture)
		if t == nil || !extended(&c.Desc) && !extended(&t.desc) {
			return false // resources.go reports an unknown handle
		}
		if t.target != 0 {
			b.fail("%v: %v belongs to %v", c.Op, c.Texture, t.target)
			return true
		}
		pix := f.Bytes(c.Data)
		if !b.checkDesc(c, len(pix)) {
			return true
		}
		b.forgetTexture(t.gl)
		b.deleteGL(&t.gl, ogl.DeleteTextures)
		*t = texture{id: c.Texture, w: c.Desc.Width, h: c.Desc.Height, mipmaps: c.Desc.Mipmaps, desc: c.Desc}
		if !extended(&c.Desc) {
			opaque, binary := alphaKinds(pix)
			t.opaque, t.cutout, t.desc = opaque, binary && cutoutSampling(&c.Desc), render.TextureDesc{}
		}
		t.gl = b.genTextureDesc(&c.Desc, pix)
		st.BytesUploaded += int64(c.Data.Len)
	case render.OpUpdateTexture:
		t := b.lookupTexture(c.Texture)
		if t == nil || t.shadow {
			return false // resources.go reports these
		}
		if tg := b.lookupTarget(t.target); tg != nil && tg.depthTex == t.id {
			b.fail("%v: %v is the depth texture of %v (only passes write it)", c.Op, c.Texture, t.target)
			return true
		}
		d := descOf(t)
		pix := f.Bytes(c.Data)
		if err := d.CheckUpdate(c.Layer, c.Rect, len(pix)); err != nil {
			b.fail("%v: %v: %v", c.Op, c.Texture, err)
			return true
		}
		if !extended(&d) {
			opaque, binary := alphaKinds(pix)
			t.opaque, t.cutout = t.opaque && opaque, t.cutout && binary
		}
		b.uploadLayer(t.gl, &d, c.Layer, c.Rect, pix)
		st.BytesUploaded += int64(c.Data.Len)
	default:
		return false
	}
	return true
}

// checkDesc checks a create or replace command's description and pixel
// count (n bytes) as Frame does, reporting a failure naming the texture.
func (b *Backend) checkDesc(c *render.ResourceCommand, n int) bool {
	if err := c.Desc.Validate(); err != nil {
		b.fail("%v: %v: %v", c.Op, c.Texture, err)
		return false
	}
	if n != 0 && n != c.Desc.Bytes() {
		b.fail("%v: %v: %d bytes for %dx%dx%d %v (want %d)", c.Op, c.Texture, n, c.Desc.Width, c.Desc.Height, c.Desc.LayerCount(), c.Desc.Format, c.Desc.Bytes())
		return false
	}
	return true
}

// genTextureDesc creates a texture of any kind and format from pixels in
// the format's layout (nil: uninitialized), with its sampling parameters
// and, for d.Mipmaps, a generated mipmap chain.
func (b *Backend) genTextureDesc(d *render.TextureDesc, pix []byte) uint32 {
	var id uint32
	ogl.GenTextures(1, &id)
	b.live++
	target := kindTarget(d.Kind)
	if target != ogl.TEXTURE_2D {
		if b.texKinds == nil {
			b.texKinds = make(map[uint32]uint32)
		}
		b.texKinds[id] = target
	}
	b.st.textures[b.st.unit] = 0 // bind even if the unit's cache names the previous owner of this name
	b.bindTexture(b.st.unit, id)
	mag := int32(ogl.LINEAR)
	if d.Filter == render.FilterNearest {
		mag = ogl.NEAREST
	}
	minF := mag
	if d.Mipmaps {
		minF = ogl.LINEAR_MIPMAP_LINEAR
		if d.Filter == render.FilterNearest {
			minF = ogl.NEAREST_MIPMAP_NEAREST
		}
	}
	wrap := int32(ogl.CLAMP_TO_EDGE)
	if d.Wrap == render.WrapRepeat && d.Kind != render.TextureCube {
		wrap = ogl.REPEAT
	}
	ogl.TexParameteri(target, ogl.TEXTURE_MIN_FILTER, minF)
	ogl.TexParameteri(target, ogl.TEXTURE_MAG_FILTER, mag)
	ogl.TexParameteri(target, ogl.TEXTURE_WRAP_S, wrap)
	ogl.TexParameteri(target, ogl.TEXTURE_WRAP_T, wrap)
	if target == ogl.TEXTURE_3D || target == ogl.TEXTURE_CUBE_MAP {
		ogl.TexParameteri(target, ogl.TEXTURE_WRAP_R, wrap)
	}
	if target == ogl.TEXTURE_CUBE_MAP {
		// Filter across face edges, as every cube map wants.
		ogl.Enable(ogl.TEXTURE_CUBE_MAP_SEAMLESS)
	}
	pf := glFormat(d.Format)
	w, h := int32(d.Width), int32(d.Height)
	ogl.PixelStorei(ogl.UNPACK_ALIGNMENT, 1)
	at := func(off int) unsafe.Pointer {
		if len(pix) == 0 {
			return nil
		}
		return unsafe.Pointer(&pix[off])
	}
	switch d.Kind {
	case render.TextureArray, render.Texture3D:
		ogl.TexImage3D(target, 0, pf.internal, w, h, int32(d.Layers), 0, pf.format, pf.kind, at(0))
	case render.TextureCube:
		face := d.Width * d.Height * d.Format.BytesPerTexel()
		for i := range render.CubeFaces {
			ogl.TexImage2D(ogl.TEXTURE_CUBE_MAP_POSITIVE_X+uint32(i), 0, pf.internal, w, h, 0, pf.format, pf.kind, at(i*face))
		}
	default:
		ogl.TexImage2D(target, 0, pf.internal, w, h, 0, pf.format, pf.kind, at(0))
	}
	if d.Mipmaps {
		// Always, even without pixels: a mipmapped filter on a texture
		// missing its smaller levels samples black.
		ogl.GenerateMipmap(target)
	}
	return id
}

// uploadLayer replaces rect (top-left origin in the layout's rows: the
// first row is row 0) of layer layer of texture id with pix, then remakes
// its mipmaps.
func (b *Backend) uploadLayer(id uint32, d *render.TextureDesc, layer int, r render.Rect, pix []byte) {
	b.bindTexture(b.st.unit, id)
	target := kindTarget(d.Kind)
	pf := glFormat(d.Format)
	ogl.PixelStorei(ogl.UNPACK_ALIGNMENT, 1)
	p := unsafe.Pointer(&pix[0])
	x, y, w, h := int32(r.X), int32(r.Y), int32(r.W), int32(r.H)
	switch d.Kind {
	case render.TextureArray, render.Texture3D:
		ogl.TexSubImage3D(target, 0, x, y, int32(layer), w, h, 1, pf.format, pf.kind, p)
	case render.TextureCube:
		ogl.TexSubImage2D(ogl.TEXTURE_CUBE_MAP_POSITIVE_X+uint32(layer), 0, x, y, w, h, pf.format, pf.kind, p)
	default:
		ogl.TexSubImage2D(target, 0, x, y, w, h, pf.format, pf.kind, p)
	}
	if d.Mipmaps {
		ogl.GenerateMipmap(target)
	}
}
