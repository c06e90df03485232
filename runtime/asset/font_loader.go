package asset

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/go-text/typesetting/font"
	"github.com/tact-engine/tact/runtime/text"
)

// fontExts are the font files' extensions, lower case; a font asset path
// may follow one with "#face" (see splitFontFace).
var fontExts = [...]string{".ttf", ".otf", ".ttc", ".otc"}

// splitFontFace splits a font asset path that chooses a face of a
// collection, "fonts/NotoSansCJK.ttc#2" or "fonts/NotoSansCJK.ttc#Noto Sans
// CJK JP", into the file's path and the face (an index or a family). The
// face starts at the first '#' of the file name that follows a font
// extension, so a '#' elsewhere in a name stays part of it. ok is false for
// a path without one.
func splitFontFace(p string) (file, face string, ok bool) {
	dir := strings.LastIndexByte(p, '/') + 1
	for i := dir; i < len(p); i++ {
		if p[i] != '#' {
			continue
		}
		lower := strings.ToLower(p[dir:i])
		for _, ext := range fontExts {
			if strings.HasSuffix(lower, ext) {
				return p[:i], p[i+1:], true
			}
		}
	}
	return p, "", false
}

// decodeFont parses the font at src.Path: the first face of the file, or,
// after a '#', the face the path names by index or by family (compared
// without case, spaces or hyphens), as text.FontCollection.Lookup reads it.
// A face that is not there is an error listing the file's faces (the
// manager names the asset path, file and face, before it).
func decodeFont(src *Source) (any, error) {
	file, face, named := splitFontFace(src.Path)
	b, err := src.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if !named {
		return text.ParseFont(file, b)
	}
	c, err := text.ParseFontCollection(file, b)
	if err != nil {
		return nil, err
	}
	if face == "" {
		return nil, fmt.Errorf("empty face name after '#' (the file's faces: %s)", listFaces(c))
	}
	if i, err := strconv.Atoi(face); err == nil && (i < 0 || i >= c.Len()) {
		return nil, fmt.Errorf("no face %d in the file (faces: %s)", i, listFaces(c))
	}
	if _, err := strconv.Atoi(face); err != nil && !familyKnown(c, face) {
		return nil, fmt.Errorf("no face of family %q in the file (faces: %s)", face, listFaces(c))
	}
	// The face is there; an error now is one of parsing it, which names it.
	return c.Lookup(face)
}

// familyKnown reports whether c has a face of family fam, compared as
// Lookup compares them.
func familyKnown(c *text.FontCollection, fam string) bool {
	want := font.NormalizeFamily(fam)
	for _, f := range c.Families() {
		if font.NormalizeFamily(f) == want {
			return true
		}
	}
	return false
}

// listFaces writes a collection's faces as "0 Noto Sans CJK JP, 1 ...".
func listFaces(c *text.FontCollection) string {
	var b strings.Builder
	for i, fam := range c.Families() {
		if i > 0 {
			b.WriteString(", ")
		}
		if fam == "" {
			fam = "(no family name)"
		}
		fmt.Fprintf(&b, "%d %s", i, fam)
	}
	return b.String()
}

// fontFormatFor returns the font loader for a path that chooses a face
// ("x.ttc#2"), or nil.
func (a *Manager) fontFormatFor(key string) Format {
	file, _, ok := splitFontFace(key)
	if !ok {
		return nil
	}
	return a.loaders[strings.ToLower(path.Ext(file))]
}
