package gltf

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/ext/unlit"
	"github.com/tact-engine/tact/render"
)

// Extensions read (and so allowed in extensionsRequired). The module
// has a package for KHR_materials_unlit (whose presence is all it says);
// KHR_materials_emissive_strength it leaves as raw JSON.
const (
	extUnlit            = unlit.ExtensionName
	extEmissiveStrength = "KHR_materials_emissive_strength"
)

// matData is a material as decoded: the render.Material without its maps,
// which are indices into decoded.textures (-1: none) until Create makes
// the textures.
type matData struct {
	color mgl32.Vec4 // base colour factor
	mat   render.Material
	blend render.BlendMode

	base, metalRough, normal, occlusion, emissive int
}

// texData is a texture to create: pixels in RGBA8, rows top-down.
type texData struct {
	desc render.TextureDesc
	pix  []byte
}

// texKey identifies a texture made from an image: an image used in two
// formats, with two samplers, or cut out by two MASK materials becomes two
// textures.
type texKey struct {
	image   int
	filter  render.Filter
	wrap    render.Wrap
	mipmaps bool
	format  render.Format
	masked  bool    // alpha thresholded at cut (MASK)
	cut     float32 // a texel is opaque where its alpha (0..1) is at least cut
}

// material returns material mi decoded (mi == len(doc.Materials) is
// glTF's default material), decoding it and its textures on first use.
func (r *reader) material(mi int) (*matData, error) {
	if md := r.d.materials[mi]; md != nil {
		return md, nil
	}
	md := &matData{color: mgl32.Vec4{1, 1, 1, 1}, base: -1, metalRough: -1, normal: -1, occlusion: -1, emissive: -1}
	md.mat.Metallic, md.mat.Roughness = 1, 1 // glTF's defaults
	if mi == len(r.doc.Materials) {
		r.d.materials[mi] = md
		return md, nil
	}
	m := r.doc.Materials[mi]
	w := fmt.Sprintf("materials[%d]", mi)
	if m.AlphaMode == qgltf.AlphaBlend || m.AlphaMode == qgltf.AlphaMask {
		md.blend = render.BlendAlpha
	}
	c := m.AlphaCutoffOrDefault()
	if !(c >= 0) || math.IsInf(c, 0) {
		return nil, pathError(w+".alphaCutoff", "%v, want a number from 0 up", c)
	}
	cut := float32(c)
	_, md.mat.Unlit = m.Extensions[extUnlit]

	var baseTex *qgltf.TextureInfo
	if pbr := m.PBRMetallicRoughness; pbr != nil {
		pw := w + ".pbrMetallicRoughness"
		c := pbr.BaseColorFactorOrDefault()
		for k := range 4 {
			if !(c[k] >= 0 && c[k] <= 1) {
				return nil, pathError(pw+".baseColorFactor", "%v: each must be from 0 to 1", c)
			}
			md.color[k] = float32(c[k])
		}
		var err error
		if md.mat.Metallic, err = unitFactor(pw+".metallicFactor", pbr.MetallicFactor); err != nil {
			return nil, err
		}
		if md.mat.Roughness, err = unitFactor(pw+".roughnessFactor", pbr.RoughnessFactor); err != nil {
			return nil, err
		}
		baseTex = pbr.BaseColorTexture
		if t := pbr.MetallicRoughnessTexture; t != nil && !md.mat.Unlit {
			if md.metalRough, err = r.texture(pw+".metallicRoughnessTexture", &t.Index, t.TexCoord, render.FormatRGBA8, texKey{}); err != nil {
				return nil, err
			}
		}
	}

	// MASK: the renderer has no alpha test, so the cut is made here and
	// the material blends: the base colour map's alpha becomes 0 or 1
	// (factor alpha × texel alpha against the cutoff) and the factor's
	// alpha 1; without a map the factor's alpha alone decides. (Vertex
	// colours' alpha is not cut.)
	var mask texKey
	if m.AlphaMode == qgltf.AlphaMask {
		mask.masked = true
		switch a := md.color[3]; {
		case a > 0:
			mask.cut = cut / a
		case cut > 0:
			mask.cut = 2 // no texel reaches it: all cut away
		}
	}
	if baseTex != nil {
		var err error
		if md.base, err = r.texture(w+".pbrMetallicRoughness.baseColorTexture", &baseTex.Index, baseTex.TexCoord, render.FormatSRGB8A8, mask); err != nil {
			return nil, err
		}
	}
	if m.AlphaMode == qgltf.AlphaMask {
		if md.base >= 0 || md.color[3] >= cut {
			md.color[3] = 1
		} else {
			md.color[3] = 0
		}
	}

	if err := r.surfaceMaps(w, m, md); err != nil {
		return nil, err
	}
	r.d.materials[mi] = md
	return md, nil
}

// surfaceMaps reads a material's normal, occlusion and emissive maps and
// factors into md (unlit materials ignore them all).
func (r *reader) surfaceMaps(w string, m *qgltf.Material, md *matData) error {
	if md.mat.Unlit {
		return nil
	}
	if t := m.NormalTexture; t != nil {
		s := t.ScaleOrDefault()
		scale := float32(s)
		if !finite(scale) {
			return pathError(w+".normalTexture.scale", "%v is not a finite number", s)
		}
		if scale != 0 { // 0 flattens the map away (render reads 0 as 1)
			var err error
			if md.normal, err = r.texture(w+".normalTexture", t.Index, t.TexCoord, render.FormatRGBA8, texKey{}); err != nil {
				return err
			}
			md.mat.NormalScale = scale
		}
	}
	if t := m.OcclusionTexture; t != nil {
		strength, err := unitFactor(w+".occlusionTexture.strength", t.Strength)
		if err != nil {
			return err
		}
		if strength != 0 { // 0 turns the map off (render reads 0 as 1)
			if md.occlusion, err = r.texture(w+".occlusionTexture", t.Index, t.TexCoord, render.FormatRGBA8, texKey{}); err != nil {
				return err
			}
			md.mat.OcclusionStrength = strength
		}
	}
	for k, c := range m.EmissiveFactor {
		if !(c >= 0 && c <= 1) {
			return pathError(w+".emissiveFactor", "%v: each must be from 0 to 1", m.EmissiveFactor)
		}
		md.mat.Emissive[k] = float32(c)
	}
	if v, ok := m.Extensions[extEmissiveStrength]; ok {
		ew := w + ".extensions." + extEmissiveStrength
		// The module keeps extensions it has no package for as
		// json.RawMessage; marshalling also takes whatever a package
		// registered with it might make of this one.
		raw, err := json.Marshal(v)
		if err != nil {
			return pathError(ew, "%v", err)
		}
		var ext struct {
			Strength *float64 `json:"emissiveStrength"`
		}
		if err := json.Unmarshal(raw, &ext); err != nil {
			return pathError(ew, "%s", describe(err))
		}
		if s := ext.Strength; s != nil {
			if !(*s >= 0) || math.IsInf(*s, 0) {
				return pathError(ew+".emissiveStrength", "%v, want a number from 0 up", *s)
			}
			md.mat.Emissive = md.mat.Emissive.Mul(float32(*s))
		}
	}
	// The map multiplies the factor: with a black factor (glTF's default)
	// it would light nothing, so it is not made.
	if t := m.EmissiveTexture; t != nil && md.mat.Emissive != (mgl32.Vec3{}) {
		var err error
		if md.emissive, err = r.texture(w+".emissiveTexture", &t.Index, t.TexCoord, render.FormatSRGB8A8, texKey{}); err != nil {
			return err
		}
	}
	return nil
}

// unitFactor reads an optional factor from 0 to 1 (absent: 1).
func unitFactor(where string, v *float64) (float32, error) {
	if v == nil {
		return 1, nil
	}
	if !(*v >= 0 && *v <= 1) {
		return 0, pathError(where, "%v, want a number from 0 to 1", *v)
	}
	return float32(*v), nil
}

// texture returns the index in d.textures of the texture index (nil: a
// reference without one) that a texture reference at the JSON path where
// names, made in format and, where mask.masked, with its alpha cut at
// mask.cut; -1 where the texture is not read (another texture coordinate
// set than TEXCOORD_0, or an image only an extension gives).
func (r *reader) texture(where string, index *int, texCoord int, format render.Format, mask texKey) (int, error) {
	if index == nil || *index < 0 || *index >= len(r.doc.Textures) {
		i := -1
		if index != nil {
			i = *index
		}
		return -1, pathError(where+".index", "texture %d out of range (the file has %d)", i, len(r.doc.Textures))
	}
	if texCoord != 0 {
		return -1, nil
	}
	tw := fmt.Sprintf("textures[%d]", *index)
	tex := r.doc.Textures[*index]
	if tex.Source == nil {
		return -1, nil
	}
	key := texKey{image: *tex.Source, format: format, masked: mask.masked, cut: mask.cut, wrap: render.WrapRepeat, mipmaps: true}
	if key.image < 0 || key.image >= len(r.doc.Images) {
		return -1, pathError(tw+".source", "image %d out of range (the file has %d)", key.image, len(r.doc.Images))
	}
	if tex.Sampler != nil {
		si := *tex.Sampler
		if si < 0 || si >= len(r.doc.Samplers) {
			return -1, pathError(tw+".sampler", "sampler %d out of range (the file has %d)", si, len(r.doc.Samplers))
		}
		key.filter, key.wrap, key.mipmaps = sampler(r.doc.Samplers[si])
	}
	if i, ok := r.texKeys[key]; ok {
		return i, nil
	}
	img, err := r.image(key.image)
	if err != nil {
		return -1, err
	}
	pix := img.pix
	if key.masked {
		pix = cutAlpha(pix, key.cut)
	}
	r.imageBytes += int64(len(pix))
	if r.imageBytes > maxTextureBytes {
		return -1, pathError(where, "the model's textures take more than %d MiB", maxTextureBytes>>20)
	}
	if r.texKeys == nil {
		r.texKeys = map[texKey]int{}
	}
	i := len(r.d.textures)
	r.texKeys[key] = i
	r.d.textures = append(r.d.textures, texData{
		desc: render.TextureDesc{Width: img.w, Height: img.h, Filter: key.filter, Wrap: key.wrap, Format: format, Mipmaps: key.mipmaps},
		pix:  pix,
	})
	return i, nil
}

// sampler reads a sampler's filter, wrap and whether it mipmaps (the
// module refused values glTF does not have). The renderer has one wrap
// mode for both axes: a texture clamps only when both wrapS and wrapT
// clamp, and MIRRORED_REPEAT repeats. Every mipmapped minFilter, and none
// (the choice is the reader's), gives mipmaps.
func sampler(s *qgltf.Sampler) (render.Filter, render.Wrap, bool) {
	filter := render.FilterLinear
	if s.MagFilter == qgltf.MagNearest {
		filter = render.FilterNearest
	}
	mipmaps := s.MinFilter != qgltf.MinNearest && s.MinFilter != qgltf.MinLinear
	if s.WrapS == qgltf.WrapClampToEdge && s.WrapT == qgltf.WrapClampToEdge {
		return filter, render.WrapClamp, mipmaps
	}
	return filter, render.WrapRepeat, mipmaps
}

// cutAlpha returns a copy of RGBA8 pixels whose alpha is 255 where it was
// at least cut (as 0..1) and 0 elsewhere.
func cutAlpha(pix []byte, cut float32) []byte {
	out := make([]byte, len(pix))
	copy(out, pix)
	for i := 3; i < len(out); i += 4 {
		if float32(out[i])/255 >= cut {
			out[i] = 255
		} else {
			out[i] = 0
		}
	}
	return out
}

// image returns image ii decoded, decoding it on first use. Errors name
// the image and where its bytes came from: "images[2]: bufferView 9: not
// a PNG or JPEG image".
func (r *reader) image(ii int) (*imageData, error) {
	if img := r.images[ii]; img != nil {
		return img, nil
	}
	w := fmt.Sprintf("images[%d]", ii)
	im := r.doc.Images[ii]
	var (
		b    []byte
		from string
		err  error
	)
	switch {
	case im.URI != "" && im.BufferView != nil:
		return nil, pathError(w, "has both a uri and a bufferView")
	case im.BufferView != nil:
		from = fmt.Sprintf("bufferView %d", *im.BufferView)
		if b, err = r.bufferView(w+".bufferView", *im.BufferView); err != nil {
			return nil, err
		}
	case im.URI == "":
		return nil, pathError(w, "neither a uri nor a bufferView")
	case strings.HasPrefix(im.URI, "data:"):
		from = "data: URI"
		if b, err = dataURI(im.URI); err != nil {
			return nil, pathError(w+".uri", "%v", err)
		}
	default:
		key, err := resolveURI(r.path, im.URI)
		if err != nil {
			return nil, pathError(w, "%v", err)
		}
		if r.read == nil {
			return nil, pathError(w+".uri", "%s: no files can be read here", key)
		}
		if b, err = r.read(key); err != nil {
			return nil, pathError(w+".uri", "%v", err)
		}
		from = key
	}
	img, err := decodeImage(b)
	if err != nil {
		return nil, pathError(w, "%s: %v", from, err)
	}
	if r.images == nil {
		r.images = map[int]*imageData{}
	}
	r.images[ii] = img
	return img, nil
}
