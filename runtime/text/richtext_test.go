package text

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

func richAt(s *scenegraph.Scene, markup string, px, x, y float32) *RichText {
	n := scenegraph.NewNode("Rich")
	n.SetPositionXY(x, y)
	s.AddChild(n)
	return scenegraph.AddComponent(n, NewRichText(markup, px, render.White))
}

func TestParseRichText(t *testing.T) {
	red := render.RGBA(255, 0, 0, 255)
	spans, err := ParseRichText(`a[color=#ff0000]b[size=30]c[/size][/color][b][i]d[/i][/b][u]e[/u][br/]` +
		`[outline color=#00f width=2]f[/outline][on click="buy"]g[img src='coin' width=20 height=10/][/on][[h`)
	if err != nil {
		t.Fatal(err)
	}
	want := []RichSpan{
		{Text: "a"},
		{Text: "b", Style: RichStyle{Color: red, HasColor: true}},
		{Text: "c", Style: RichStyle{Color: red, HasColor: true, Size: 30}},
		{Text: "d", Style: RichStyle{Bold: true, Italic: true}},
		{Text: "e", Style: RichStyle{Underline: true}},
		{Text: "\n"},
		{Text: "f", Style: RichStyle{OutlineColor: render.RGBA(0, 0, 255, 255), OutlineWidth: 2}},
		{Text: "g", Style: RichStyle{Click: "buy"}},
		{Image: "coin", ImageWidth: 20, ImageHeight: 10, Style: RichStyle{Click: "buy"}},
		{Text: "[h"},
	}
	if len(spans) != len(want) {
		t.Fatalf("%d spans %+v, want %d", len(spans), spans, len(want))
	}
	for i := range want {
		if spans[i] != want[i] {
			t.Errorf("span %d: %+v, want %+v", i, spans[i], want[i])
		}
	}
	// Named colors, #rgb and #rrggbbaa.
	for src, c := range map[string]render.Color{"red": red, "#f00": red, "#ff000080": render.RGBA(255, 0, 0, 128), "Orange": render.RGBA(255, 165, 0, 255)} {
		sp, err := ParseRichText("[color=" + src + "]x[/color]")
		if err != nil || sp[0].Style.Color != c {
			t.Errorf("color %s: %+v %v, want %x", src, sp, err, c)
		}
	}
}

// Cocos' angle-bracket markup parses to the same spans; a '<' opening no
// known tag is text.
func TestParseRichTextCocosSyntax(t *testing.T) {
	square, err := ParseRichText(`[color=#ff0000]a[/color][b]b[/b][br/][on click=buy]c[/on][img src='coin' width=8 height=8/]`)
	if err != nil {
		t.Fatal(err)
	}
	angle, err := ParseRichText(`<color=#ff0000>a</color><b>b</b><br/><on click="buy">c</on><img src='coin' width=8 height=8 />`)
	if err != nil {
		t.Fatal(err)
	}
	if len(square) != len(angle) {
		t.Fatalf("%+v\n%+v", square, angle)
	}
	for i := range square {
		if square[i] != angle[i] {
			t.Errorf("span %d: %+v, want %+v", i, angle[i], square[i])
		}
	}
	sp, err := ParseRichText("1 < 2 <bold> <b x")
	if err != nil || len(sp) != 1 || sp[0].Text != "1 < 2 <bold> <b x" {
		t.Fatalf("literal '<': %+v %v", sp, err)
	}
	if _, err := ParseRichText("<b>x</i>"); err == nil || err.Error() != "text: rich text: position 4: </i>: closes [b] opened at position 0" {
		t.Fatalf("mismatched Cocos tags: %v", err)
	}
}

func TestParseRichTextErrors(t *testing.T) {
	for _, tc := range []struct{ markup, err string }{
		{"ab[b]cd", "text: rich text: position 2: [b]: is never closed"},
		{"[b]x[/i]", "text: rich text: position 4: [/i]: closes [b] opened at position 0"},
		{"x[/b]", "text: rich text: position 1: [/b]: closes a tag that is not open"},
		{"[color=#12]x[/color]", `text: rich text: position 0: [color=#12]: "#12" is not a color (#rgb, #rrggbb, #rrggbbaa or a name)`},
		{"[size=0]x[/size]", "text: rich text: position 0: [size=0]: size must be a number in (0, 512]"},
		{"[size=big]x[/size]", "text: rich text: position 0: [size=big]: size must be a number in (0, 512]"},
		{"hi [blink]x[/blink]", "text: rich text: position 3: [blink]: unknown tag"},
		{"[img width=3/]", "text: rich text: position 0: [img width=3/]: img needs src=name"},
		{"[img src=a]", "text: rich text: position 0: [img src=a]: img must close itself: [img src=name/]"},
		{"[on]x[/on]", "text: rich text: position 0: [on]: write [on click=handler]"},
		{"[color=red", "text: rich text: position 0: [color=red: tag is not closed with ]"},
		{"[outline color=red size=2]x[/outline]", `text: rich text: position 0: [outline color=red size=2]: outline has no attribute "size"`},
		{`[on click="x]y[/on]`, `text: rich text: position 0: [on click="x]: the value of click is not closed with "`},
		{"[b/]", "text: rich text: position 0: [b/]: b cannot close itself"},
		{"[]", "text: rich text: position 0: []: a tag needs a name"},
	} {
		_, err := ParseRichText(tc.markup)
		var re *RichTextError
		if !errors.As(err, &re) || err.Error() != tc.err {
			t.Errorf("%q: error %v, want %s", tc.markup, err, tc.err)
		}
	}
	if _, err := ParseRichText(strings.Repeat("[b]", 65)); err == nil || !strings.Contains(err.Error(), "more than 64 nested tags") {
		t.Errorf("deep nesting: %v", err)
	}
}

// richInstances renders s and returns the sprite instances of r's frame in
// drawing order with their textures.
func richInstances(s *scenegraph.Scene, f *render.Frame) ([]render.SpriteInstance, []render.TextureID) {
	renderOne(s, f)
	bs, inst := f.Batches()
	var texs []render.TextureID
	for _, b := range bs {
		for range b.Count {
			texs = append(texs, b.Texture)
		}
	}
	return inst, texs
}

func TestRichTextLayoutMatchesLabel(t *testing.T) {
	s, _, _ := scene2D(t)
	// Plain text lays out as a Label: same width, same line height.
	r := richAt(s, "Hello, world", 20, 400, 300)
	if sz := r.Size(); !near(sz[0], measure(t, "Hello, world", 20), 0.02) || !near(sz[1], lineHeight(t, 20), 0.05) {
		t.Fatalf("size %v, want %v x %v", sz, measure(t, "Hello, world", 20), lineHeight(t, 20))
	}
	// A [size] run makes its line taller; widths add up across runs.
	r.String = "ab[size=40]cd[/size]"
	want := measure(t, "ab", 20) + measure(t, "cd", 40)
	if sz := r.Size(); !near(sz[0], want, 0.5) || !near(sz[1], lineHeight(t, 40), 0.05) {
		t.Fatalf("mixed sizes: %v, want %v x %v", sz, want, lineHeight(t, 40))
	}
	// [br/] and wrapping across style runs at MaxWidth.
	r.String = "one[br/]two"
	if n := r.LineCount(); n != 2 {
		t.Fatalf("[br/]: %d lines", n)
	}
	r.String = "alpha [color=red]beta gamma[/color] [b]delta[/b]"
	r.MaxWidth = measure(t, "alpha beta gamma", 20) + 1
	if n, sz := r.LineCount(), r.Size(); n != 2 || sz[0] != r.MaxWidth {
		t.Fatalf("wrapped: %d lines, size %v; want 2 lines %v wide", n, sz, r.MaxWidth)
	}
	// The first line breaks inside the red run and ends without its space.
	if w := r.lay.lines[0].width; !near(w, measure(t, "alpha beta gamma", 20), 0.02) {
		t.Fatalf("first line %v wide, want %v", w, measure(t, "alpha beta gamma", 20))
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}

func TestRichTextDrawsStyles(t *testing.T) {
	s, _, f := scene2D(t)
	green := render.RGBA(0, 255, 0, 255)
	r := richAt(s, "ab[color=#00ff00]cd[/color]", 20, 400, 300)
	inst, texs := richInstances(s, f)
	if len(inst) != 4 {
		t.Fatalf("%d sprites, want 4 glyphs", len(inst))
	}
	var greens int
	for _, in := range inst {
		if in.Color == green {
			greens++
		}
	}
	if greens != 2 || texs[0] == 0 {
		t.Fatalf("%d green glyphs, want 2 (textures %v)", greens, texs)
	}

	// Underline: one white-texture bar as wide as the underlined word.
	r.String = "x [u]under[/u]"
	inst, texs = richInstances(s, f)
	var bars []render.SpriteInstance
	for i, in := range inst {
		if texs[i] == 0 {
			bars = append(bars, in)
		}
	}
	if len(bars) != 1 || !near(bars[0].AX, measure(t, "under", 20), 1) {
		t.Fatalf("underline bars %+v, want one %v wide", bars, measure(t, "under", 20))
	}

	// Outline: an outline bitmap per glyph, drawn before it, in its color.
	r.String = "[outline color=#ff0000 width=2]O[/outline]"
	inst, _ = richInstances(s, f)
	if len(inst) != 2 || inst[0].Color != render.RGBA(255, 0, 0, 255) || inst[1].Color != render.White {
		t.Fatalf("outline: %+v, want red outline then white glyph", inst)
	}
	if inst[0].AX <= inst[1].AX+3 {
		t.Fatalf("outline %v wide, glyph %v: want 4 px wider", inst[0].AX, inst[1].AX)
	}

	// Image: a sprite of the frame's texture at the tag's size, on the baseline.
	r.Images = map[string]scenegraph.SpriteFrame{"coin": {Texture: 77, UV: mgl32.Vec4{0, 0, 0.5, 0.5}, Size: mgl32.Vec2{32, 32}}}
	r.String = "a[img src=coin width=24 height=12/]b"
	inst, texs = richInstances(s, f)
	var img *render.SpriteInstance
	for i := range inst {
		if texs[i] == 77 {
			img = &inst[i]
		}
	}
	if img == nil || img.AX != 24 || img.BY != 12 || img.U1 != 0.5 {
		t.Fatalf("image sprite %+v, want 24x12 of texture 77", img)
	}
	if w := r.Size()[0]; !near(w, measure(t, "ab", 20)+24, 0.5) {
		t.Fatalf("width with image %v, want %v", w, measure(t, "ab", 20)+24)
	}

	// Bad markup draws as plain text and says why.
	r.String = "[b]oops"
	inst, _ = richInstances(s, f)
	if r.Err() == nil || len(inst) != 7 {
		t.Fatalf("bad markup: err %v, %d glyphs (want the 7 characters)", r.Err(), len(inst))
	}
}

func TestRichTextHitTest(t *testing.T) {
	s, _, _ := scene2D(t)
	r := richAt(s, "Tap [on click=buy]here[/on] or [img src=x width=20 height=20 click=coin/]", 20, 400, 300)
	r.Anchor = mgl32.Vec2{0, 1} // top-left at the origin: local = box coordinates
	r.HAlign = AlignLeft
	lh := r.Size()[1]
	x0 := measure(t, "Tap ", 20)
	x1 := x0 + measure(t, "here", 20)
	for _, tc := range []struct {
		x, y float32
		want string
	}{
		{x0 + 1, -lh / 2, "buy"}, {x1 - 1, -1, "buy"}, {x0 - 1, -lh / 2, ""}, {x1 + 1, -lh / 2, ""},
		{x0 + 1, 1, ""}, {x0 + 1, -lh - 1, ""},
		{measure(t, "Tap here or ", 20) + 10, -lh / 2, "coin"},
	} {
		h, ok := r.HitTest(mgl32.Vec2{tc.x, tc.y})
		if h != tc.want || ok != (tc.want != "") {
			t.Errorf("HitTest(%v, %v) = %q %v, want %q", tc.x, tc.y, h, ok, tc.want)
		}
	}
}

func TestRichTextBidiAcrossRuns(t *testing.T) {
	s, _, f := scene2D(t)
	// A right-to-left paragraph with a bold English word inside: the
	// paragraph is ordered as a whole, so the first Hebrew word is at the
	// right, the English word in the middle, the last Hebrew word at the left.
	r := richAt(s, "שלום [b][color=#00ff00]world[/color][/b] [color=#ff0000]עולם[/color]", 20, 400, 300)
	r.Fallback = NewFontChain(FamilyOf(sysFont(t, fontHebrew)))
	inst, _ := richInstances(s, f)
	green, red := render.RGBA(0, 255, 0, 255), render.RGBA(255, 0, 0, 255)
	var wMin, wMax, rMax, plainMin float32 = 1e9, -1e9, -1e9, 1e9
	for _, in := range inst {
		switch in.Color {
		case green:
			wMin, wMax = min(wMin, in.X), max(wMax, in.X)
		case red:
			rMax = max(rMax, in.X)
		default:
			plainMin = min(plainMin, in.X)
		}
	}
	if !(rMax < wMin && wMax < plainMin) {
		t.Fatalf("visual order: red (last word) max %v, green %v..%v, plain (first word) min %v; want red < green < plain", rMax, wMin, wMax, plainMin)
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}

func TestRichTextRelayoutAndAllocs(t *testing.T) {
	s, _, f := scene2D(t)
	r := richAt(s, "[b]Score[/b]: [color=#ffcc00][size=28]1200[/size][/color] [u]coins[/u] [outline width=2]!![/outline]", 20, 400, 300)
	renderOne(s, f)
	renderOne(s, f)
	r.Color, r.Anchor = render.RGBA(1, 2, 3, 255), mgl32.Vec2{0, 0}
	renderOne(s, f)
	if r.lay.layouts != 1 {
		t.Fatalf("%d layouts for an unchanged rich text, want 1", r.lay.layouts)
	}
	r.MaxWidth = 50
	if r.Size(); r.lay.layouts != 2 {
		t.Fatal("MaxWidth change did not lay out again")
	}
	f.Reset()
	scenegraph.Extract(s, f)
	allocs := testing.AllocsPerRun(50, func() {
		f.Reset()
		scenegraph.Extract(s, f)
	})
	if allocs != 0 {
		t.Fatalf("a steady frame with a RichText allocates %v times", allocs)
	}
}

func FuzzRichText(f *testing.F) {
	for _, s := range []string{"plain", "[b]x[/b]", "[color=#f00]a[size=30]b[/size][/color]", "[img src=a width=3 height=4/]",
		"[on click=h]x[/on]", "[outline color=red width=2]o[/outline]", "[br/][u]u[/u]", "[[", "[b]unclosed", "שלום [i]x[/i]",
		"[color=#ff000080]a\nb[/color]", `[on click='a b']x[/on]`, "<color=#f00>x</color> 1 < 2", "<img src='a'/>"} {
		f.Add(s, float32(40))
		f.Add("[b]ภาษา[/b]ไทย"+s, float32(30))
	}
	f.Fuzz(func(t *testing.T, markup string, maxWidth float32) {
		spans, err := ParseRichText(markup)
		if err != nil {
			var re *RichTextError
			if !errors.As(err, &re) || re.Pos < 0 || re.Pos > len(markup) {
				t.Fatalf("%q: error %v without a position in the markup", markup, err)
			}
		} else {
			for _, sp := range spans {
				if sp.Image == "" && sp.Text == "" {
					t.Fatalf("%q: empty span %+v", markup, sp)
				}
			}
		}
		if len(markup) > 512 {
			return // layout below is for short markup: it shapes
		}
		r := NewRichText(markup, 16, render.White)
		r.MaxWidth = maxWidth
		r.Images = map[string]scenegraph.SpriteFrame{"a": {Size: mgl32.Vec2{8, 8}}}
		sz := r.Size()
		if !(sz[0] >= 0 && sz[1] >= 0) {
			t.Fatalf("%q: size %v", markup, sz)
		}
		r.HitTest(mgl32.Vec2{1, 1})
	})
}

func BenchmarkRichTextLayout(b *testing.B) {
	r := NewRichText("", 20, render.White)
	r.MaxWidth = 300
	texts := []string{
		"[b]Quest:[/b] bring [color=#ffcc00]3 apples[/color] to the [i]old mill[/i] before [u]sunset[/u] [on click=go]Go[/on]",
		"[b]Quest:[/b] bring [color=#ffcc00]4 apples[/color] to the [i]old mill[/i] before [u]sunset[/u] [on click=go]Go[/on]",
	}
	b.ReportAllocs()
	for i := range b.N {
		r.String = texts[i%2]
		r.Size()
	}
}

func BenchmarkExtractRichText(b *testing.B) {
	s, _, f := scene2D(b)
	for i := range 20 {
		r := richAt(s, "[b]Score[/b]: [color=#ffcc00][size=28]1200[/size][/color] [u]coins[/u] [outline width=2]!![/outline]", 20, float32(40*i%800), float32(30*i%600))
		r.MaxWidth = 200
	}
	renderOne(s, f)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		renderOne(s, f)
	}
}

func TestRichTextImageSizes(t *testing.T) {
	r := NewRichText("", 20, render.White)
	r.Images = map[string]scenegraph.SpriteFrame{"coin": {Texture: 7, Size: mgl32.Vec2{32, 16}}}
	for _, tc := range []struct {
		markup string
		w, h   float32
	}{
		{"[img src=coin/]", 32, 16},           // the frame's size
		{"[img src=coin width=16/]", 16, 8},   // height by the frame's aspect
		{"[img src=coin height=32/]", 64, 32}, // width by the frame's aspect
		{"[img src=coin width=5 height=50/]", 5, 50},
	} {
		r.String = tc.markup
		r.layout()
		if len(r.lay.quads) != 1 || r.lay.quads[0].w != tc.w || r.lay.quads[0].h != tc.h || r.Size()[0] != tc.w {
			t.Errorf("%s: quads %+v, size %v; want %vx%v", tc.markup, r.lay.quads, r.Size(), tc.w, tc.h)
		}
		if r.Size()[1] < tc.h {
			t.Errorf("%s: line %v tall, shorter than the image", tc.markup, r.Size()[1])
		}
	}
}
