package asset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/tact-engine/tact/render"
)

// TextureSettingsSuffix names a texture's settings file: the image's path
// with this appended, next to it ("hero.png" → "hero.png.texture.json").
// It is not Cocos' ".meta" (whose layout differs), so that a Cocos
// project's .meta files are never misread.
const TextureSettingsSuffix = ".texture.json"

// MaxTextureSettingsBytes is the largest settings file read (a real one is
// under 100 bytes).
const MaxTextureSettingsBytes = 4096

// TextureSettings are a texture's import settings: how it is sampled and
// whether its colors are premultiplied. The zero value is the engine's
// default: linear filtering, clamped to the edge, no mipmaps, straight
// alpha.
//
// A texture's settings come, each step overriding the one before, from
// Options.Textures (the project's default: a pixel-art game sets
// Filter: render.FilterNearest there), then from the image's settings file
// (TextureSettingsSuffix; only the keys it names), then from
// Manager.SetTextureSettings (code, for one path, all fields). They apply
// wherever the image is loaded through the Manager: Load, an atlas's
// image, a scene file's sprite texture, a tile set's image. A hot reload
// (the image or its settings file changed, or Manager.Reload) applies them
// again, so editing the settings file shows at once with Options.Watch.
//
// The settings file is JSON with any of these keys:
//
//	{"filter": "nearest", "wrap": "repeat", "mipmaps": true, "premultiplyAlpha": false}
//
// filter is "linear" or "nearest", wrap "clamp" or "repeat". An unknown key
// or value, a value of the wrong type, trailing data or a file over
// MaxTextureSettingsBytes fails the texture's load with an error naming the
// settings file and the reason.
type TextureSettings struct {
	// Filter is the sampling: render.FilterLinear (smooth) or
	// render.FilterNearest (pixel art: texels stay square when scaled up).
	Filter render.Filter
	// Wrap is what texture coordinates outside 0..1 do: render.WrapClamp,
	// or render.WrapRepeat to tile the image (a background drawn with a UV
	// region larger than the texture).
	Wrap render.Wrap
	// Mipmaps makes a chain of halved copies, for textures drawn smaller
	// than their size (render.TextureDesc.Mipmaps).
	Mipmaps bool
	// PremultiplyAlpha multiplies each pixel's color by its alpha when the
	// image is decoded. Draw such a texture with render.BlendPremultiplied
	// (Sprite.Blend): edges then filter without dark fringes. A texture
	// with this setting is not drawn right with the default alpha blend.
	PremultiplyAlpha bool
}

// check refuses values that are not the render package's.
func (s TextureSettings) check() error {
	if s.Filter > render.FilterNearest {
		return fmt.Errorf("filter %d is not render.FilterLinear or render.FilterNearest", s.Filter)
	}
	if s.Wrap > render.WrapRepeat {
		return fmt.Errorf("wrap %d is not render.WrapClamp or render.WrapRepeat", s.Wrap)
	}
	return nil
}

// desc is the texture description of a w×h image with these settings.
func (s TextureSettings) desc(w, h int) render.TextureDesc {
	return render.TextureDesc{Width: w, Height: h, Filter: s.Filter, Wrap: s.Wrap, Mipmaps: s.Mipmaps}
}

// textureSettingsFile is a settings file's content: nil for a key not given.
type textureSettingsFile struct {
	Filter           *string `json:"filter"`
	Wrap             *string `json:"wrap"`
	Mipmaps          *bool   `json:"mipmaps"`
	PremultiplyAlpha *bool   `json:"premultiplyAlpha"`
}

// ParseTextureSettings reads a texture settings file (see TextureSettings)
// named name over base: the keys the file gives replace base's fields, the
// others stay. It never panics; its errors name the file and the reason.
func ParseTextureSettings(name string, b []byte, base TextureSettings) (TextureSettings, error) {
	bad := func(format string, args ...any) (TextureSettings, error) {
		return base, &Error{Path: name, Err: fmt.Errorf(format, args...)}
	}
	if len(b) > MaxTextureSettingsBytes {
		return bad("%d bytes, over the %d-byte limit of a texture settings file", len(b), MaxTextureSettingsBytes)
	}
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] != '{' {
		return bad("texture settings: not a JSON object (want one such as {\"filter\": \"nearest\"})")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f textureSettingsFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			return bad("empty texture settings file (want a JSON object such as {\"filter\": \"nearest\"})")
		}
		return bad("texture settings: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return bad("texture settings: data after the JSON object")
	}
	s := base
	if f.Filter != nil {
		switch *f.Filter {
		case "linear":
			s.Filter = render.FilterLinear
		case "nearest":
			s.Filter = render.FilterNearest
		default:
			return bad("filter %q: want \"linear\" or \"nearest\"", *f.Filter)
		}
	}
	if f.Wrap != nil {
		switch *f.Wrap {
		case "clamp":
			s.Wrap = render.WrapClamp
		case "repeat":
			s.Wrap = render.WrapRepeat
		default:
			return bad("wrap %q: want \"clamp\" or \"repeat\"", *f.Wrap)
		}
	}
	if f.Mipmaps != nil {
		s.Mipmaps = *f.Mipmaps
	}
	if f.PremultiplyAlpha != nil {
		s.PremultiplyAlpha = *f.PremultiplyAlpha
	}
	return s, nil
}

// textureSettings holds a texture loader's project default and the
// settings code gave per path. Decode reads them on workers while the main
// thread may set them: hence the lock.
type textureSettings struct {
	mu     sync.Mutex
	def    TextureSettings
	byPath map[string]TextureSettings
}

// forPath returns the settings code gave for the asset at p, if any.
func (ts *textureSettings) forPath(p string) (TextureSettings, bool) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	s, ok := ts.byPath[p]
	return s, ok
}

func (ts *textureSettings) set(p string, s TextureSettings) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.byPath == nil {
		ts.byPath = map[string]TextureSettings{}
	}
	ts.byPath[p] = s
}

// resolve returns the settings of the image at src.Path: the default, then
// its settings file if there is one (read through src, so that it is
// watched with the image, even before it exists), then code's.
func (ts *textureSettings) resolve(src *Source) (TextureSettings, error) {
	s := ts.def
	name := src.Path + TextureSettingsSuffix
	b, err := src.ReadFile(name)
	switch {
	case err == nil:
		if s, err = ParseTextureSettings(name, b, s); err != nil {
			return s, err
		}
	case !errors.Is(err, fs.ErrNotExist):
		return s, err
	}
	if c, ok := ts.forPath(src.Path); ok {
		s = c
	}
	return s, nil
}

// SetTextureSettings sets the settings of the texture at p from code,
// overriding the project default and its settings file (see
// TextureSettings), for every later load and reload of p. If p is loaded,
// it reloads at once (a later Poll applies the new settings under the same
// texture ID, so sprites holding it change too); a load already under way
// keeps the settings it started with. It refuses, with an error naming p,
// a path outside the root, one that is not an image (PNG or JPEG, or any
// extension the texture loader is registered for), and settings that are
// not the render package's values.
func (a *Manager) SetTextureSettings(p string, s TextureSettings) error {
	key, err := CleanPath(p)
	if err != nil {
		return err
	}
	tl, ok := a.loaders[strings.ToLower(path.Ext(key))].(*textureLoader)
	if !ok {
		return &Error{Path: key, Err: errors.New("SetTextureSettings: not a texture (PNG or JPEG)")}
	}
	if err := s.check(); err != nil {
		return &Error{Path: key, Err: fmt.Errorf("SetTextureSettings: %w", err)}
	}
	tl.settings.set(key, s)
	if a.State(key) == Loaded {
		return a.Reload(key)
	}
	return nil
}
