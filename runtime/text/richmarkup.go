package text

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tact-engine/tact/render"
)

// RichStyle is the style of a run of RichText markup: what the tags around
// it set. Zero fields mean the RichText's own values.
type RichStyle struct {
	// Size is the font size in pixels ([size=30]); 0: RichText.FontSize.
	Size float32
	// Color is the text color ([color=#ff0000]) when HasColor is set.
	Color    render.Color
	HasColor bool
	// Bold, Italic and Underline are [b], [i] and [u].
	Bold, Italic, Underline bool
	// OutlineWidth > 0 draws an outline of OutlineColor around the glyphs
	// ([outline color=#000 width=2]).
	OutlineColor render.Color
	OutlineWidth float32
	// Click is the handler name of an enclosing [on click=name] (or of an
	// image's click attribute); RichText.HitTest reports it.
	Click string
}

// RichSpan is one run of parsed RichText markup: text in one style, or an
// inline image ([img src=name width=w height=h/]) when Image is set.
type RichSpan struct {
	Text  string
	Style RichStyle
	// Image is the name of the sprite frame an [img] tag shows (Text is
	// then empty); ImageWidth and ImageHeight are its size in pixels, 0:
	// the frame's size.
	Image                   string
	ImageWidth, ImageHeight float32
}

// RichTextError is a markup error: the byte offset in the markup where the
// offending tag starts, the tag as written and why it is wrong.
type RichTextError struct {
	Pos    int
	Tag    string
	Reason string
}

func (e *RichTextError) Error() string {
	return fmt.Sprintf("text: rich text: position %d: %s: %s", e.Pos, e.Tag, e.Reason)
}

// maxRichDepth bounds nested tags, so that hostile markup cannot grow the
// style stack without bound.
const maxRichDepth = 64

// ParseRichText parses RichText markup into spans, in the BBCode-like form
// of Cocos Creator's RichText tags written in square brackets:
// [color=#rrggbb] (also #rgb, #rrggbbaa and the names white, black, red,
// green, blue, yellow, cyan, magenta, gray, orange), [size=N], [b], [i],
// [u], [outline color=C width=N], [on click=handler], each closed by
// [/name]; [br/] (a line break) and [img src=name width=N height=N
// click=handler/] stand alone. Attribute values may be quoted with ' or ".
// "[[" is a literal "[". Cocos' own angle-bracket form ("<color=#f00>red
// </color>", "<img src='coin'/>") is read too, so markup pasted from a Cocos
// project works: a '<' starts a tag when a tag name and a '>' follow it, and
// is text otherwise ("a < b"). Tags must nest properly; an unknown tag, a bad
// value, a closing tag that does not match, or a tag left open is a
// *RichTextError naming the position and the tag. Adjacent text of one
// style is one span.
func ParseRichText(markup string) ([]RichSpan, error) {
	type open struct {
		name  string
		pos   int
		style RichStyle
	}
	var spans []RichSpan
	var stack []open
	cur := RichStyle{}
	var text strings.Builder
	flush := func() {
		if text.Len() == 0 {
			return
		}
		if n := len(spans); n > 0 && spans[n-1].Image == "" && spans[n-1].Style == cur {
			spans[n-1].Text += text.String()
		} else {
			spans = append(spans, RichSpan{Text: text.String(), Style: cur})
		}
		text.Reset()
	}
	for i := 0; i < len(markup); {
		c := markup[i]
		var raw string // the tag as written, with its brackets
		switch {
		case c == '[' && strings.HasPrefix(markup[i:], "[["):
			text.WriteByte('[')
			i += 2
			continue
		case c == '[':
			end := strings.IndexByte(markup[i:], ']')
			if end < 0 {
				tag := markup[i:min(len(markup), i+24)]
				return nil, &RichTextError{Pos: i, Tag: tag, Reason: "tag is not closed with ]"}
			}
			raw = markup[i : i+end+1]
		case c == '<' && cocosTag(markup[i:]) > 0:
			raw = markup[i : i+cocosTag(markup[i:])]
		default:
			// Text up to the next bracket; a '<' that opens no known tag
			// is text.
			j := strings.IndexAny(markup[i+1:], "[<")
			if j < 0 {
				j = len(markup) - i - 1
			}
			text.WriteString(markup[i : i+1+j])
			i += 1 + j
			continue
		}
		body := raw[1 : len(raw)-1]
		pos := i
		i += len(raw)
		if strings.HasPrefix(body, "/") {
			name := strings.TrimSpace(body[1:])
			if len(stack) == 0 {
				return nil, &RichTextError{Pos: pos, Tag: raw, Reason: "closes a tag that is not open"}
			}
			top := stack[len(stack)-1]
			if top.name != name {
				return nil, &RichTextError{Pos: pos, Tag: raw, Reason: fmt.Sprintf("closes [%s] opened at position %d", top.name, top.pos)}
			}
			flush()
			cur = top.style
			stack = stack[:len(stack)-1]
			continue
		}
		selfClosing := strings.HasSuffix(body, "/")
		body = strings.TrimSuffix(body, "/")
		name, attrs, err := parseTag(body)
		if err != "" {
			return nil, &RichTextError{Pos: pos, Tag: raw, Reason: err}
		}
		fail := func(reason string) error { return &RichTextError{Pos: pos, Tag: raw, Reason: reason} }
		switch name {
		case "br":
			if len(attrs) > 0 {
				return nil, fail("br takes no attributes")
			}
			text.WriteByte('\n')
			continue
		case "img":
			if !selfClosing {
				return nil, fail("img must close itself: [img src=name/]")
			}
			sp := RichSpan{Style: cur}
			for _, a := range attrs {
				switch a.key {
				case "src":
					sp.Image = a.val
				case "width", "height":
					v, err := parseRichNumber(a.val)
					if err != "" {
						return nil, fail(a.key + " " + err)
					}
					if a.key == "width" {
						sp.ImageWidth = v
					} else {
						sp.ImageHeight = v
					}
				case "click":
					sp.Style.Click = a.val
				default:
					return nil, fail(fmt.Sprintf("img has no attribute %q", a.key))
				}
			}
			if sp.Image == "" {
				return nil, fail("img needs src=name")
			}
			flush()
			spans = append(spans, sp)
			continue
		}
		if selfClosing {
			return nil, fail(name + " cannot close itself")
		}
		if len(stack) >= maxRichDepth {
			return nil, fail(fmt.Sprintf("more than %d nested tags", maxRichDepth))
		}
		next := cur
		switch name {
		case "color":
			if len(attrs) != 1 || attrs[0].key != "color" {
				return nil, fail("write [color=#rrggbb]")
			}
			col, ok := parseRichColor(attrs[0].val)
			if !ok {
				return nil, fail(fmt.Sprintf("%q is not a color (#rgb, #rrggbb, #rrggbbaa or a name)", attrs[0].val))
			}
			next.Color, next.HasColor = col, true
		case "size":
			if len(attrs) != 1 || attrs[0].key != "size" {
				return nil, fail("write [size=30]")
			}
			v, err := parseRichNumber(attrs[0].val)
			if err != "" || v == 0 {
				return nil, fail("size must be a number in (0, 512]")
			}
			next.Size = v
		case "b", "i", "u":
			if len(attrs) > 0 {
				return nil, fail(name + " takes no attributes")
			}
			switch name {
			case "b":
				next.Bold = true
			case "i":
				next.Italic = true
			default:
				next.Underline = true
			}
		case "outline":
			next.OutlineColor, next.OutlineWidth = render.Black, 1
			for _, a := range attrs {
				switch a.key {
				case "color":
					col, ok := parseRichColor(a.val)
					if !ok {
						return nil, fail(fmt.Sprintf("%q is not a color", a.val))
					}
					next.OutlineColor = col
				case "width":
					v, err := parseRichNumber(a.val)
					if err != "" || v > 16 {
						return nil, fail("width must be a number in [0, 16]")
					}
					next.OutlineWidth = v
				case "outline":
					return nil, fail("write [outline color=#000 width=2]")
				default:
					return nil, fail(fmt.Sprintf("outline has no attribute %q", a.key))
				}
			}
		case "on":
			if len(attrs) != 1 || attrs[0].key != "click" || attrs[0].val == "" {
				return nil, fail("write [on click=handler]")
			}
			next.Click = attrs[0].val
		default:
			return nil, fail("unknown tag")
		}
		flush()
		stack = append(stack, open{name: name, pos: pos, style: cur})
		cur = next
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		return nil, &RichTextError{Pos: top.pos, Tag: "[" + top.name + "]", Reason: "is never closed"}
	}
	flush()
	return spans, nil
}

// cocosTag returns the length of the Cocos-style tag ("<b>", "</color>",
// "<img src='a'/>") that s starts with, or 0 if s does not start with '<',
// an optional '/', a tag name RichText knows and, further on, a '>'.
func cocosTag(s string) int {
	n := 1
	if n < len(s) && s[n] == '/' {
		n++
	}
	k := n
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z') {
		k++
	}
	switch strings.ToLower(s[n:k]) {
	case "color", "size", "b", "i", "u", "outline", "on", "br", "img":
	default:
		return 0
	}
	if k < len(s) && s[k] != '>' && s[k] != '=' && s[k] != ' ' && s[k] != '/' {
		return 0 // a longer word: "<bold" is text
	}
	end := strings.IndexByte(s, '>')
	if end < 0 {
		return 0
	}
	return end + 1
}

type richAttr struct{ key, val string }

// parseTag splits a tag's body ("color=#f00", "outline color=red
// width=2") into its name and attributes; a value right after the name is
// the attribute of the name. It returns a reason when the body is bad.
func parseTag(body string) (name string, attrs []richAttr, reason string) {
	s := strings.TrimLeft(body, " ")
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z') {
		n++
	}
	if n == 0 {
		return "", nil, "a tag needs a name"
	}
	name = strings.ToLower(s[:n])
	s = s[n:]
	if strings.HasPrefix(s, "=") {
		s = name + s
	} else if s != "" && s[0] != ' ' {
		return "", nil, "bad character after the tag name"
	}
	for {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			return name, attrs, ""
		}
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return "", nil, fmt.Sprintf("%q is not key=value", s)
		}
		key := strings.ToLower(strings.TrimSpace(s[:eq]))
		if strings.ContainsAny(key, " '\"") {
			return "", nil, fmt.Sprintf("bad attribute name %q", key)
		}
		s = strings.TrimLeft(s[eq+1:], " ")
		var val string
		if s != "" && (s[0] == '\'' || s[0] == '"') {
			q := strings.IndexByte(s[1:], s[0])
			if q < 0 {
				return "", nil, fmt.Sprintf("the value of %s is not closed with %c", key, s[0])
			}
			val, s = s[1:1+q], s[2+q:]
		} else {
			e := strings.IndexByte(s, ' ')
			if e < 0 {
				e = len(s)
			}
			val, s = s[:e], s[e:]
		}
		for _, a := range attrs {
			if a.key == key {
				return "", nil, fmt.Sprintf("attribute %s given twice", key)
			}
		}
		attrs = append(attrs, richAttr{key, val})
	}
}

// parseRichNumber parses a size in [0, 512].
func parseRichNumber(s string) (float32, string) {
	v, err := strconv.ParseFloat(s, 32)
	if err != nil || !(v >= 0 && v <= maxFontPixels) {
		return 0, fmt.Sprintf("%q is not a number in [0, %d]", s, maxFontPixels)
	}
	return float32(v), ""
}

// richColorName returns the color of a name Cocos' markup users write.
func richColorName(s string) (render.Color, bool) {
	switch strings.ToLower(s) {
	case "white":
		return render.RGBA(255, 255, 255, 255), true
	case "black":
		return render.RGBA(0, 0, 0, 255), true
	case "red":
		return render.RGBA(255, 0, 0, 255), true
	case "green":
		return render.RGBA(0, 255, 0, 255), true
	case "blue":
		return render.RGBA(0, 0, 255, 255), true
	case "yellow":
		return render.RGBA(255, 255, 0, 255), true
	case "cyan":
		return render.RGBA(0, 255, 255, 255), true
	case "magenta":
		return render.RGBA(255, 0, 255, 255), true
	case "gray", "grey":
		return render.RGBA(128, 128, 128, 255), true
	case "orange":
		return render.RGBA(255, 165, 0, 255), true
	}
	return 0, false
}

// parseRichColor parses #rgb, #rrggbb, #rrggbbaa or a color name.
func parseRichColor(s string) (render.Color, bool) {
	if c, ok := richColorName(s); ok {
		return c, true
	}
	if !strings.HasPrefix(s, "#") {
		return 0, false
	}
	h := s[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) == 6 {
		h += "ff"
	}
	if len(h) != 8 {
		return 0, false
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return 0, false
	}
	return render.RGBA(uint8(v>>24), uint8(v>>16), uint8(v>>8), uint8(v)), true
}
