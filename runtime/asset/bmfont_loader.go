package asset

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
)

// BMFontExt is the extension New registers BMFontFormat for.
const BMFontExt = ".fnt"

// BMFontFormat loads AngelCode BMFont bitmap fonts (.fnt, in the text, XML
// or binary form; see text.ParseBMFont) with their page images. Each page
// file (relative to the .fnt file's folder, which it cannot leave) is a
// dependency: it loads first as a texture (shared and reference-counted,
// with its own texture settings, so a pixel font can ask for nearest
// filtering in "font_0.png.texture.json"), and the font holds it until the
// font is released. The loaded value is a *text.BitmapFont whose pages are
// those textures; set it as a Label's BitmapFont. A page path outside the
// asset root, a page that is not an image, or a character outside its
// page fails the load with an error naming the .fnt file and the page.
//
// The zero value is ready to use.
type BMFontFormat struct{}

// bmfontData is a parsed .fnt and its pages' asset paths.
type bmfontData struct {
	font  *text.BitmapFont
	pages []string
}

// Decode parses the font and names its pages as dependencies.
func (BMFontFormat) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	f, err := text.ParseBMFont(src.Path, b)
	if err != nil {
		return nil, err
	}
	d := &bmfontData{font: f}
	for i, file := range f.Files {
		p, err := resolvePage(src.Path, file)
		if err != nil {
			return nil, fmt.Errorf("page %d: %w", i, err)
		}
		d.pages = append(d.pages, p)
		src.Depend(p)
	}
	return d, nil
}

// resolvePage returns the asset path of a page file named in the .fnt at
// asset path p.
func resolvePage(p, file string) (string, error) {
	s := strings.ReplaceAll(file, `\`, "/")
	if strings.HasPrefix(s, "/") || (len(s) >= 2 && s[1] == ':') {
		return "", fmt.Errorf("file %q: %w (give it relative to the font's folder)", file, ErrOutsideRoot)
	}
	key, err := CleanPath(path.Join(path.Dir(p), s))
	if err != nil {
		var ae *Error
		if errors.As(err, &ae) {
			err = ae.Err
		}
		return "", fmt.Errorf("file %q: %w", file, err)
	}
	return key, nil
}

// Create gives the font its loaded page textures.
func (BMFontFormat) Create(ctx *CreateContext, decoded any) (any, error) {
	d := decoded.(*bmfontData)
	pages := make([]text.BitmapPage, len(d.pages))
	for i, p := range d.pages {
		tex, ok := ctx.Dependency(p).(*Texture)
		if !ok {
			return nil, fmt.Errorf("page %d %q (%s) is not a texture", i, d.font.Files[i], p)
		}
		pages[i] = text.BitmapPage{Texture: tex.ID, Width: tex.Width, Height: tex.Height}
	}
	return d.font.WithPages(pages)
}

// Free does nothing: the pages are dependencies, released with the font.
func (BMFontFormat) Free(*render.Frame, any) {}

// BitmapFont returns the asset's bitmap font, or nil if it is not one.
func (x *Asset) BitmapFont() *text.BitmapFont { f, _ := x.Value().(*text.BitmapFont); return f }
