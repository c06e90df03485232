package text

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// BitmapChar is one character of a BitmapFont, as the .fnt file gives it:
// its rectangle in its page (pixels from the page's top-left corner), the
// offset of that rectangle's top-left corner from the pen position at the
// top of the line (y down), and the pen advance, all in the font's pixels.
type BitmapChar struct {
	X, Y, Width, Height int
	XOffset, YOffset    int
	XAdvance            int
	Page                int
}

// BitmapPage is a page texture of a BitmapFont and its size in pixels.
type BitmapPage struct {
	Texture       render.TextureID
	Width, Height int
}

// BitmapFont is an AngelCode BMFont (.fnt) bitmap font, as Cocos Creator
// (BitmapFont) and Ebitengine users ship them: pages of pre-drawn glyphs
// and, per character, where it lies in which page and how it advances,
// plus kerning pairs. ParseBMFont reads the three forms of the file (text,
// XML and binary version 3); the asset manager's ".fnt" loader also loads
// its pages (see WithPages). A Label draws with it when its BitmapFont is
// set. A BitmapFont never changes after it is made, so labels, scenes and
// goroutines may share one.
type BitmapFont struct {
	// Name is the name it was parsed under (usually the asset path).
	Name string
	// Face is the face name from the file's info block ("Arial").
	Face string
	// Size is the em size the glyphs were drawn at, in pixels (the info
	// block's size, made positive: BMFont writes it negative when it
	// matched character height).
	Size int
	// LineHeight is the distance between lines and Base the distance from
	// a line's top to its baseline, in the font's pixels.
	LineHeight, Base int
	// Files are the page image file names as the file gives them, by page
	// id (relative to the .fnt file's folder).
	Files []string

	pages []BitmapPage // by page id; textures set by WithPages
	chars map[rune]BitmapChar
	kern  map[[2]rune]int
}

// Char returns the character r of the font.
func (f *BitmapFont) Char(r rune) (BitmapChar, bool) {
	c, ok := f.chars[r]
	return c, ok
}

// Chars returns the number of characters the font has.
func (f *BitmapFont) Chars() int { return len(f.chars) }

// Kerning returns the amount (font pixels, usually negative) added to the
// advance of a when b follows it; 0 without a pair.
func (f *BitmapFont) Kerning(a, b rune) int { return f.kern[[2]rune{a, b}] }

// Page returns page i's texture and size (zero before WithPages).
func (f *BitmapFont) Page(i int) BitmapPage {
	if i < 0 || i >= len(f.pages) {
		return BitmapPage{}
	}
	return f.pages[i]
}

// WithPages returns a copy of f drawing from pages, one per file of Files
// in order (the parsed font is left as it is, so it stays immutable). It
// fails, naming the font and page, if the count differs or a character
// lies outside its page.
func (f *BitmapFont) WithPages(pages []BitmapPage) (*BitmapFont, error) {
	if len(pages) != len(f.Files) {
		return nil, fmt.Errorf("text: bitmap font %q: %d page textures for %d pages", f.Name, len(pages), len(f.Files))
	}
	for r, c := range f.chars {
		p := pages[c.Page]
		if c.X+c.Width > p.Width || c.Y+c.Height > p.Height {
			return nil, fmt.Errorf("text: bitmap font %q: char %d (%q) at %d,%d %dx%d lies outside page %d (%q, %dx%d)",
				f.Name, r, r, c.X, c.Y, c.Width, c.Height, c.Page, f.Files[c.Page], p.Width, p.Height)
		}
	}
	g := *f
	g.pages = append([]BitmapPage(nil), pages...)
	return &g, nil
}

// Bounds on what a .fnt file may declare, so that a broken or hostile file
// is an error and not a huge allocation.
const (
	bmMaxPages = 256
	bmMaxChars = 1 << 16
	bmMaxKerns = 1 << 18
	bmMaxCoord = 1 << 14
)

// ParseBMFont parses an AngelCode BMFont descriptor in any of its forms:
// text ("info face=..."), XML ("<?xml" or "<font>") or binary ("BMF" and
// version 3). name (the file name; the asset manager passes the asset path)
// appears in every error as `text: bitmap font "name": line N: reason` (or
// the binary block). It checks what drawing relies on: a common block with
// a positive line height, page ids 0..n-1 each with a file, characters on
// existing pages with sizes and positions in range, and no duplicates; it
// never panics on bad bytes. The pages have no texture until WithPages.
func ParseBMFont(name string, data []byte) (*BitmapFont, error) {
	f := &BitmapFont{Name: name, chars: make(map[rune]BitmapChar), kern: make(map[[2]rune]int)}
	var err error
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	switch {
	case bytes.HasPrefix(data, []byte("BMF")):
		err = f.parseBinary(data)
	case bytes.HasPrefix(trimmed, []byte("<")):
		err = f.parseXML(data)
	default:
		err = f.parseText(data)
	}
	if err == nil {
		err = f.check()
	}
	if err != nil {
		return nil, fmt.Errorf("text: bitmap font %q: %w", name, err)
	}
	return f, nil
}

// bmParser collects blocks in any order and checks them in check.
type bmTag struct {
	line  int
	name  string
	attrs map[string]string
}

func (t *bmTag) int(key string, def int) (int, error) {
	s, ok := t.attrs[key]
	if !ok {
		return def, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < -bmMaxCoord || v > bmMaxCoord {
		return 0, fmt.Errorf("line %d: %s %s=%q is not an integer in [%d, %d]", t.line, t.name, key, s, -bmMaxCoord, bmMaxCoord)
	}
	return v, nil
}

func (t *bmTag) need(key string) (int, error) {
	if _, ok := t.attrs[key]; !ok {
		return 0, fmt.Errorf("line %d: %s has no %s", t.line, t.name, key)
	}
	return t.int(key, 0)
}

// pageFile is a page as declared, before all pages are known.
type pageFile struct {
	id   int
	file string
	line int
}

type bmState struct {
	common bool
	pages  []pageFile
	npages int
}

// apply adds one tag of the text or XML form.
func (f *BitmapFont) apply(st *bmState, t *bmTag) error {
	switch t.name {
	case "info":
		f.Face = t.attrs["face"]
		size, err := t.int("size", 0)
		if err != nil {
			return err
		}
		f.Size = max(size, -size)
	case "common":
		var err error
		if f.LineHeight, err = t.need("lineHeight"); err != nil {
			return err
		}
		if f.Base, err = t.int("base", f.LineHeight); err != nil {
			return err
		}
		if st.npages, err = t.int("pages", -1); err != nil {
			return err
		}
		st.common = true
	case "page":
		id, err := t.need("id")
		if err != nil {
			return err
		}
		file, ok := t.attrs["file"]
		if !ok || file == "" {
			return fmt.Errorf("line %d: page %d has no file", t.line, id)
		}
		if len(st.pages) >= bmMaxPages {
			return fmt.Errorf("line %d: more than %d pages", t.line, bmMaxPages)
		}
		st.pages = append(st.pages, pageFile{id: id, file: file, line: t.line})
	case "char":
		var c BitmapChar
		id, err := t.need("id")
		if err != nil {
			return err
		}
		fields := []struct {
			key string
			v   *int
		}{{"x", &c.X}, {"y", &c.Y}, {"width", &c.Width}, {"height", &c.Height},
			{"xoffset", &c.XOffset}, {"yoffset", &c.YOffset}, {"xadvance", &c.XAdvance}, {"page", &c.Page}}
		for _, fl := range fields {
			if *fl.v, err = t.int(fl.key, 0); err != nil {
				return err
			}
		}
		return f.addChar(fmt.Sprintf("line %d", t.line), rune(id), c)
	case "kerning":
		a, err := t.need("first")
		if err != nil {
			return err
		}
		b, err := t.need("second")
		if err != nil {
			return err
		}
		amt, err := t.int("amount", 0)
		if err != nil {
			return err
		}
		return f.addKern(fmt.Sprintf("line %d", t.line), rune(a), rune(b), amt)
	}
	return nil // chars, kernings (counts) and unknown blocks
}

func (f *BitmapFont) addChar(where string, id rune, c BitmapChar) error {
	if id < 0 || id > 0x10ffff {
		return fmt.Errorf("%s: char id %d is not a code point", where, id)
	}
	if c.X < 0 || c.Y < 0 || c.Width < 0 || c.Height < 0 || c.Page < 0 || c.Page >= bmMaxPages {
		return fmt.Errorf("%s: char %d has a negative position, size or page", where, id)
	}
	if _, dup := f.chars[id]; dup {
		return fmt.Errorf("%s: char %d is defined twice", where, id)
	}
	if len(f.chars) >= bmMaxChars {
		return fmt.Errorf("%s: more than %d chars", where, bmMaxChars)
	}
	f.chars[id] = c
	return nil
}

func (f *BitmapFont) addKern(where string, a, b rune, amount int) error {
	if len(f.kern) >= bmMaxKerns {
		return fmt.Errorf("%s: more than %d kerning pairs", where, bmMaxKerns)
	}
	if amount < -bmMaxCoord || amount > bmMaxCoord {
		return fmt.Errorf("%s: kerning amount %d out of range", where, amount)
	}
	f.kern[[2]rune{a, b}] = amount
	return nil
}

// finish turns the declared pages into Files, checking ids.
func (f *BitmapFont) finish(st *bmState) error {
	if !st.common {
		return errors.New("no common block (lineHeight, base)")
	}
	if st.npages >= 0 && st.npages != len(st.pages) {
		return fmt.Errorf("common declares %d pages, the file has %d", st.npages, len(st.pages))
	}
	f.Files = make([]string, len(st.pages))
	for _, p := range st.pages {
		if p.id < 0 || p.id >= len(st.pages) {
			return fmt.Errorf("line %d: page id %d: ids must be 0..%d", p.line, p.id, len(st.pages)-1)
		}
		if f.Files[p.id] != "" {
			return fmt.Errorf("line %d: page %d is defined twice", p.line, p.id)
		}
		f.Files[p.id] = p.file
	}
	return nil
}

// check verifies what drawing relies on once everything is read.
func (f *BitmapFont) check() error {
	if f.LineHeight <= 0 {
		return fmt.Errorf("common lineHeight %d is not positive", f.LineHeight)
	}
	if len(f.Files) == 0 {
		return errors.New("no pages")
	}
	for r, c := range f.chars {
		if c.Page >= len(f.Files) {
			return fmt.Errorf("char %d is on page %d, but the font has %d pages", r, c.Page, len(f.Files))
		}
	}
	if f.Size == 0 {
		f.Size = f.LineHeight
	}
	f.pages = make([]BitmapPage, len(f.Files))
	return nil
}

// parseText reads the text form: one block per line, `key=value` pairs,
// values optionally in double quotes.
func (f *BitmapFont) parseText(data []byte) error {
	var st bmState
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
		if line == "" {
			continue
		}
		t := bmTag{line: n + 1, attrs: make(map[string]string)}
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			t.name = line
		} else {
			t.name = line[:i]
			rest := line[i:]
			for {
				rest = strings.TrimLeft(rest, " \t")
				if rest == "" {
					break
				}
				eq := strings.IndexByte(rest, '=')
				if eq <= 0 {
					return fmt.Errorf("line %d: %s: %q is not key=value", t.line, t.name, rest)
				}
				key := rest[:eq]
				if strings.ContainsAny(key, " \t\"") {
					return fmt.Errorf("line %d: %s: bad key %q", t.line, t.name, key)
				}
				rest = rest[eq+1:]
				var val string
				if strings.HasPrefix(rest, `"`) {
					end := strings.IndexByte(rest[1:], '"')
					if end < 0 {
						return fmt.Errorf("line %d: %s %s: unterminated quoted value", t.line, t.name, key)
					}
					val, rest = rest[1:1+end], rest[2+end:]
				} else {
					end := strings.IndexAny(rest, " \t")
					if end < 0 {
						end = len(rest)
					}
					val, rest = rest[:end], rest[end:]
				}
				t.attrs[key] = val
			}
		}
		if err := f.apply(&st, &t); err != nil {
			return err
		}
	}
	return f.finish(&st)
}

// parseXML reads the XML form: <font> with <info>, <common>, <pages>,
// <chars> and <kernings> elements.
func (f *BitmapFont) parseXML(data []byte) error {
	var st bmState
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			line, _ := d.InputPos()
			return fmt.Errorf("line %d: bad XML: %v", line, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		line, _ := d.InputPos()
		t := bmTag{line: line, name: se.Name.Local, attrs: make(map[string]string, len(se.Attr))}
		for _, a := range se.Attr {
			t.attrs[a.Name.Local] = a.Value
		}
		if err := f.apply(&st, &t); err != nil {
			return err
		}
	}
	return f.finish(&st)
}

// parseBinary reads the binary form, version 3: "BMF", a version byte and
// blocks of a type byte, a little-endian int32 size and the block.
func (f *BitmapFont) parseBinary(data []byte) error {
	if len(data) < 4 || data[3] != 3 {
		return errors.New("binary: only version 3 is supported")
	}
	var st bmState
	le := binary.LittleEndian
	for p := 4; p < len(data); {
		if len(data)-p < 5 {
			return fmt.Errorf("binary: offset %d: truncated block header", p)
		}
		typ, size := data[p], le.Uint32(data[p+1:])
		p += 5
		if uint64(size) > uint64(len(data)-p) {
			return fmt.Errorf("binary: block %d at offset %d: size %d runs past the end", typ, p-5, size)
		}
		b := data[p : p+int(size)]
		where := fmt.Sprintf("binary block %d", typ)
		switch typ {
		case 1: // info
			if len(b) < 14 {
				return fmt.Errorf("%s: info is %d bytes, want at least 14", where, len(b))
			}
			sz := int(int16(le.Uint16(b)))
			f.Size = max(sz, -sz)
			name := b[14:]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			f.Face = string(name)
		case 2: // common
			if len(b) < 15 {
				return fmt.Errorf("%s: common is %d bytes, want 15", where, len(b))
			}
			f.LineHeight, f.Base = int(le.Uint16(b)), int(le.Uint16(b[2:]))
			st.npages = int(le.Uint16(b[8:]))
			st.common = true
		case 3: // page names, each nul-terminated
			for id := 0; len(b) > 0; id++ {
				i := bytes.IndexByte(b, 0)
				if i < 0 {
					return fmt.Errorf("%s: page %d name is not nul-terminated", where, id)
				}
				if i == 0 {
					return fmt.Errorf("%s: page %d has no file", where, id)
				}
				if len(st.pages) >= bmMaxPages {
					return fmt.Errorf("%s: more than %d pages", where, bmMaxPages)
				}
				st.pages = append(st.pages, pageFile{id: id, file: string(b[:i])})
				b = b[i+1:]
			}
		case 4: // chars, 20 bytes each
			if len(b)%20 != 0 {
				return fmt.Errorf("%s: %d bytes is not a whole number of 20-byte chars", where, len(b))
			}
			for ; len(b) > 0; b = b[20:] {
				id := le.Uint32(b)
				c := BitmapChar{X: int(le.Uint16(b[4:])), Y: int(le.Uint16(b[6:])), Width: int(le.Uint16(b[8:])), Height: int(le.Uint16(b[10:])),
					XOffset: int(int16(le.Uint16(b[12:]))), YOffset: int(int16(le.Uint16(b[14:]))), XAdvance: int(int16(le.Uint16(b[16:]))), Page: int(b[18])}
				if id > 0x10ffff {
					return fmt.Errorf("%s: char id %d is not a code point", where, id)
				}
				if c.X > bmMaxCoord || c.Y > bmMaxCoord || c.Width > bmMaxCoord || c.Height > bmMaxCoord {
					return fmt.Errorf("%s: char %d: position or size over %d", where, id, bmMaxCoord)
				}
				if err := f.addChar(where, rune(id), c); err != nil {
					return err
				}
			}
		case 5: // kerning pairs, 10 bytes each
			if len(b)%10 != 0 {
				return fmt.Errorf("%s: %d bytes is not a whole number of 10-byte pairs", where, len(b))
			}
			for ; len(b) > 0; b = b[10:] {
				if err := f.addKern(where, rune(le.Uint32(b)), rune(le.Uint32(b[4:])), int(int16(le.Uint16(b[8:])))); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("binary: offset %d: unknown block type %d", p-5, typ)
		}
		p += int(size)
	}
	return f.finish(&st)
}

// bitmapQuad is one character of a bitmap layout, in box coordinates
// (origin top-left, y up): its bottom-left corner and size.
type bitmapQuad struct {
	x, y, w, h float32
	page       int
	uv         mgl32.Vec4 // in the page, v0 the top edge
}

// bitmapKey is everything a bitmap layout depends on.
type bitmapKey struct {
	text                              string
	font                              *BitmapFont
	size, wrap, lineHeight, boxHeight float32
	h                                 HAlign
	v                                 VAlign
}

// bitmapLayout is a Label's layout with a BitmapFont; slices are reused.
type bitmapLayout struct {
	valid   bool
	key     bitmapKey
	quads   []bitmapQuad
	lines   []int     // index in quads after each line
	widths  []float32 // each line's width
	size    mgl32.Vec2
	runes   []rune
	layouts int
}

// bitmapLayout lays l out with its BitmapFont if a field changed: lines
// break at '\n' and, with WrapWidth, at spaces (inside a word only when
// the word alone is wider); FontSize scales the font from its Size (0: the
// font's own size); kerning pairs adjust advances.
func (l *Label) bitmapLayout() *bitmapLayout {
	f := l.BitmapFont
	k := bitmapKey{text: l.Text, font: f, size: float32(f.Size), lineHeight: 1, h: l.HAlign, v: l.VAlign}
	if s := l.FontSize; s > 0 && s < 1<<16 {
		k.size = s
	}
	if w := l.WrapWidth; w > 0 && w < 1<<24 {
		k.wrap = w
	}
	if lh := l.LineHeight; lh > 0 && lh < 1<<10 {
		k.lineHeight = lh
	}
	if bh := l.BoxHeight; bh > 0 && bh < 1<<24 {
		k.boxHeight = bh
	}
	b := &l.bm
	if b.valid && b.key == k {
		return b
	}
	b.valid, b.key = true, k
	b.layouts++
	b.quads, b.lines, b.widths = b.quads[:0], b.lines[:0], b.widths[:0]
	s := k.size / float32(max(f.Size, 1))
	lineH := float32(f.LineHeight) * s * k.lineHeight
	b.runes = b.runes[:0]
	for _, r := range k.text {
		b.runes = append(b.runes, r)
	}
	rs := b.runes
	var pen float32
	lineStart := 0 // index in quads
	lastSpace, spaceQuad := -1, 0
	var inkAtSpace, penAfterSpace, ink float32 // ink: the pen after the line's last non-space
	endLine := func(width float32) {
		b.lines = append(b.lines, len(b.quads))
		b.widths = append(b.widths, width)
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\r' {
			continue
		}
		if r == '\n' {
			endLine(ink)
			pen, ink, lineStart, lastSpace = 0, 0, len(b.quads), -1
			continue
		}
		c, ok := f.chars[r]
		if !ok {
			if c, ok = f.chars['?']; !ok {
				continue
			}
		}
		adv := float32(c.XAdvance) * s
		if i+1 < len(rs) {
			adv += float32(f.kern[[2]rune{r, rs[i+1]}]) * s
		}
		if k.wrap > 0 && r != ' ' && pen+float32(c.XOffset+c.Width)*s > k.wrap && len(b.quads) > lineStart {
			if lastSpace >= 0 {
				// Break at the last space: the word after it moves to
				// the start of the next line.
				endLine(inkAtSpace)
				moved := b.quads[spaceQuad:]
				for j := range moved {
					moved[j].x -= penAfterSpace
					moved[j].y -= lineH
				}
				pen -= penAfterSpace
				ink = max(ink-penAfterSpace, 0)
				lineStart, lastSpace = spaceQuad, -1
			} else {
				endLine(ink)
				pen, ink, lineStart = 0, 0, len(b.quads)
			}
		}
		if r == ' ' {
			lastSpace, spaceQuad, inkAtSpace = i, len(b.quads), ink
		}
		if c.Width > 0 && c.Height > 0 && r != ' ' {
			p := f.pages[c.Page]
			var uv mgl32.Vec4
			if p.Width > 0 && p.Height > 0 {
				iw, ih := 1/float32(p.Width), 1/float32(p.Height)
				uv = mgl32.Vec4{float32(c.X) * iw, float32(c.Y) * ih, float32(c.X+c.Width) * iw, float32(c.Y+c.Height) * ih}
			}
			lineTop := -float32(len(b.lines)) * lineH
			b.quads = append(b.quads, bitmapQuad{x: pen + float32(c.XOffset)*s, y: lineTop - float32(c.YOffset+c.Height)*s,
				w: float32(c.Width) * s, h: float32(c.Height) * s, page: c.Page, uv: uv})
		}
		pen += adv
		if r == ' ' {
			penAfterSpace = pen
		} else {
			ink = pen
		}
	}
	if len(rs) > 0 {
		endLine(ink)
	}
	// Align: lines in the box, the block in BoxHeight.
	var maxW float32
	for _, w := range b.widths {
		maxW = max(maxW, w)
	}
	w := maxW
	if k.wrap > 0 {
		w = max(k.wrap, maxW)
	}
	textH := float32(len(b.lines)) * lineH
	h := textH
	if k.boxHeight > 0 {
		h = k.boxHeight
	}
	top := blockTop(k.v, h, textH)
	start := 0
	for i, end := range b.lines {
		dx := lineShift(k.h, w, b.widths[i])
		for j := start; j < end; j++ {
			b.quads[j].x += dx
			b.quads[j].y += top
		}
		start = end
	}
	b.size = mgl32.Vec2{w, h}
	return b
}

// renderBitmap draws l with its BitmapFont: one sprite per character,
// sampling its page, so a one-page font draws in one call.
func (l *Label) renderBitmap(v *scenegraph.View) {
	b := l.bitmapLayout()
	if len(b.quads) == 0 {
		return
	}
	m := l.Node().WorldMatrix()
	ox := -l.Anchor[0] * b.size[0]
	oy := (1 - l.Anchor[1]) * b.size[1]
	cx, cy := ox+b.size[0]/2, oy-b.size[1]/2
	center := mgl32.Vec3{m[0]*cx + m[4]*cy + m[12], m[1]*cx + m[5]*cy + m[13], m[2]*cx + m[6]*cy + m[14]}
	sx := m[0]*m[0] + m[1]*m[1]
	sy := m[4]*m[4] + m[5]*m[5]
	ex, ey := b.size[0]+b.key.size, b.size[1]+b.key.size
	if r := 0.5 * float32(math.Sqrt(float64((ex*ex+ey*ey)*max(sx, sy)))); !v.Visible(center, r) {
		v.CountCulled()
		return
	}
	rs := &l.sprite
	rs.Pivot = mgl32.Vec2{}
	rs.Color = v.ApplyOpacity(l.Color)
	rs.Shader = 0
	rs.Blend = render.BlendAlpha
	rs.Layer = l.SortLayer
	rs.Order = l.Order
	rs.Depth = v.Depth(center)
	for i := range b.quads {
		q := &b.quads[i]
		gx, gy := round32(q.x+ox), round32(q.y+oy)
		t := m
		t[12] = m[0]*gx + m[4]*gy + m[12]
		t[13] = m[1]*gx + m[5]*gy + m[13]
		t[14] = m[2]*gx + m[6]*gy + m[14]
		rs.Transform = t
		rs.Texture = l.BitmapFont.pages[q.page].Texture
		rs.Size = mgl32.Vec2{q.w, q.h}
		rs.UV = q.uv
		v.Frame.DrawSprite(rs)
	}
	v.CountRendered()
}
