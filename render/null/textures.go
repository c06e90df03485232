package null

import "github.com/tact-engine/tact/render"

// textureCommand checks and runs the texture commands (create, replace,
// update) as render/gl does for every kind and format, and reports
// whether c was one.
func (b *Backend) textureCommand(f *render.Frame, c *render.ResourceCommand, st *render.Stats) bool {
	id := uint32(c.Texture)
	switch c.Op {
	case render.OpCreateTexture:
		if b.textures.alive(id) {
			b.fail("%v: %v already exists", c.Op, c.Texture)
			return true
		}
		if !b.checkDesc(c) {
			return true
		}
		b.textures.create(id, info{w: c.Desc.Width, h: c.Desc.Height, desc: c.Desc})
	case render.OpReplaceTexture:
		if !b.textures.alive(id) {
			b.fail("%v: %s %v", c.Op, b.textures.state(id), c.Texture)
			return true
		}
		if b.textures.info(id).target != 0 {
			b.fail("%v: %v belongs to %v", c.Op, c.Texture, b.textures.info(id).target)
			return true
		}
		if !b.checkDesc(c) {
			return true
		}
		b.textures.setInfo(id, info{w: c.Desc.Width, h: c.Desc.Height, desc: c.Desc})
	case render.OpUpdateTexture:
		if !b.textures.alive(id) {
			b.fail("%v: %s %v", c.Op, b.textures.state(id), c.Texture)
			return true
		}
		in := b.textures.info(id)
		if in.shadow {
			b.fail("%v: %v is a shadow map (only passes write it)", c.Op, c.Texture)
			return true
		}
		if in.depthTex == c.Texture {
			b.fail("%v: %v is the depth texture of %v (only passes write it)", c.Op, c.Texture, in.target)
			return true
		}
		d := in.desc
		if d.Width == 0 { // a texture of an 8-bit target: RGBA8 texels
			d = render.TextureDesc{Width: in.w, Height: in.h}
		}
		if err := d.CheckUpdate(c.Layer, c.Rect, c.Data.Len); err != nil {
			b.fail("%v: %v: %v", c.Op, c.Texture, err)
			return true
		}
	default:
		return false
	}
	st.BytesUploaded += int64(c.Data.Len)
	return true
}

// checkDesc checks a create or replace command's description and pixel
// count as Frame and render/gl do.
func (b *Backend) checkDesc(c *render.ResourceCommand) bool {
	if err := c.Desc.Validate(); err != nil {
		b.fail("%v: %v: %v", c.Op, c.Texture, err)
		return false
	}
	if n := c.Data.Len; n != 0 && n != c.Desc.Bytes() {
		b.fail("%v: %v: %d bytes for %dx%dx%d %v (want %d)", c.Op, c.Texture, n, c.Desc.Width, c.Desc.Height, c.Desc.LayerCount(), c.Desc.Format, c.Desc.Bytes())
		return false
	}
	return true
}

// targetTextureDesc is the description a target's color textures are
// updated by: zero (RGBA8 texels) for the 8-bit formats, as in render/gl.
func targetTextureDesc(d *render.TargetDesc) render.TextureDesc {
	if d.Depth == render.DepthShadow || d.Format == render.FormatRGBA8 || d.Format == render.FormatSRGB8A8 {
		return render.TextureDesc{}
	}
	td := render.TextureDesc{Width: d.Width, Height: d.Height, Filter: d.Filter, Format: d.Format}
	if td.Format.Integer() {
		td.Filter = render.FilterNearest
	}
	return td
}
