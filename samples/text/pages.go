package text

import (
	"errors"
	"fmt"
	"os"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// The system fonts the script pages draw with, and the Debian package of
// each. A missing one is not an error: its page says what to install.
const (
	FontCJK        = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"        // fonts-noto-cjk
	FontArabic     = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"     // fonts-noto-core
	FontHebrew     = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"     // fonts-noto-core
	FontThai       = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"       // fonts-noto-core
	FontDevanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf" // fonts-noto-core
	FontEmoji      = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"             // fonts-noto-color-emoji
)

// FontPackages names the Debian package of each system font.
var FontPackages = map[string]string{
	FontCJK: "fonts-noto-cjk", FontArabic: "fonts-noto-core", FontHebrew: "fonts-noto-core",
	FontThai: "fonts-noto-core", FontDevanagari: "fonts-noto-core", FontEmoji: "fonts-noto-color-emoji",
}

// Fonts are the parsed system fonts; a nil field is a font not installed
// (Missing lists their files).
type Fonts struct {
	SC, JP, KR                       *text.Font // Noto Sans CJK, by region
	Arabic, Hebrew, Thai, Devanagari *text.Font
	Emoji                            *text.Font
	Missing                          []string
}

// LoadFonts reads and parses the system fonts. A font file that is missing
// is listed in Missing; one that is present but cannot be parsed is an
// error naming it.
func LoadFonts() (*Fonts, error) {
	fonts := &Fonts{}
	var errs []error
	read := func(path string) *text.FontCollection {
		data, err := os.ReadFile(path)
		if err != nil {
			fonts.Missing = append(fonts.Missing, path)
			return nil
		}
		c, err := text.ParseFontCollection(path, data)
		if err != nil {
			errs = append(errs, err) // names the file
			return nil
		}
		return c
	}
	face := func(c *text.FontCollection, family string) *text.Font {
		if c == nil {
			return nil
		}
		var f *text.Font
		var err error
		if family == "" {
			f, err = c.Font(0)
		} else {
			f, err = c.Lookup(family)
		}
		if err != nil {
			errs = append(errs, err)
		}
		return f
	}
	if cjk := read(FontCJK); cjk != nil {
		fonts.SC, fonts.JP, fonts.KR = face(cjk, "Noto Sans CJK SC"), face(cjk, "Noto Sans CJK JP"), face(cjk, "Noto Sans CJK KR")
	}
	fonts.Arabic = face(read(FontArabic), "")
	fonts.Hebrew = face(read(FontHebrew), "")
	fonts.Thai = face(read(FontThai), "")
	fonts.Devanagari = face(read(FontDevanagari), "")
	fonts.Emoji = face(read(FontEmoji), "")
	return fonts, errors.Join(errs...)
}

// Page is one page of the sample.
type Page struct {
	// Name is the page's title.
	Name string
	// Font picks the page's paragraph font from fs (nil: the Go fonts,
	// with the scene's emoji fallback), and says whether the page's font is
	// installed; File is the font's file, named when it is missing.
	Font func(fs *Fonts) (f *text.Font, ok bool)
	File string
	// Text is the paragraph the page sets, and Note a line under the title
	// saying what to look for.
	Text, Note string
	// RTL aligns the paragraph right, as right-to-left text is read.
	RTL bool

	build func(s *scenegraph.Scene, fs *Fonts)
}

// Pages are the sample's pages, in the order the arrow keys turn them.
var Pages = []Page{
	{Name: "Labels: sizes, alignment, wrapping", build: buildLabels},
	{Name: "Chinese", File: FontCJK, Font: func(fs *Fonts) (*text.Font, bool) { return fs.SC, fs.SC != nil },
		Note: "Noto Sans CJK SC: lines break between ideographs, never before 。，）or after （",
		Text: "从前有座山，山里有座庙，庙里有个老和尚正在给小和尚讲故事（讲的是什么呢？）。他说：“从前有座山，山里有座庙……”这个故事没有结尾，小和尚听了一遍又一遍，终于明白了：重要的不是故事，而是讲故事的人。"},
	{Name: "Japanese", File: FontCJK, Font: func(fs *Fonts) (*text.Font, bool) { return fs.JP, fs.JP != nil },
		Note: "Noto Sans CJK JP: kana and kanji wrap anywhere but before 。、」ー or small kana",
		Text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。（夏目漱石『吾輩は猫である』）"},
	{Name: "Korean", File: FontCJK, Font: func(fs *Fonts) (*text.Font, bool) { return fs.KR, fs.KR != nil },
		Note: "Noto Sans CJK KR: Hangul syllables, lines break at spaces between words",
		Text: "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다. (세계 인권 선언 제1조, 1948년)"},
	{Name: "Arabic", File: FontArabic, Font: func(fs *Fonts) (*text.Font, bool) { return fs.Arabic, fs.Arabic != nil }, RTL: true,
		Note: "Noto Sans Arabic: letters join, lines run right to left; Latin and digits stay left to right",
		Text: "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا وعليهم أن يعامل بعضهم بعضًا بروح الإخاء. (المادة 1 من الإعلان العالمي لحقوق الإنسان UDHR، سنة 1948)"},
	{Name: "Hebrew", File: FontHebrew, Font: func(fs *Fonts) (*text.Font, bool) { return fs.Hebrew, fs.Hebrew != nil }, RTL: true,
		Note: "Noto Sans Hebrew: right to left, with an English phrase and numbers inside",
		Text: "כל בני האדם נולדו בני חורין ושווים בערכם ובזכויותיהם. כולם חוננו בתבונה ובמצפון, לפיכך חובה עליהם לנהוג איש ברעהו ברוח של אחוה. (סעיף 1 של ההכרזה לכל באי עולם בדבר זכויות האדם, Universal Declaration of Human Rights, 1948)"},
	{Name: "Thai", File: FontThai, Font: func(fs *Fonts) (*text.Font, bool) { return fs.Thai, fs.Thai != nil },
		Note: "Noto Sans Thai: vowel and tone marks stacked above and below their consonants",
		Text: "มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ ต่างมีเหตุผลและมโนธรรม และควรปฏิบัติต่อกันด้วยเจตนารมณ์แห่งภราดรภาพ (ปฏิญญาสากลว่าด้วยสิทธิมนุษยชน ข้อ 1)"},
	{Name: "Devanagari", File: FontDevanagari, Font: func(fs *Fonts) (*text.Font, bool) { return fs.Devanagari, fs.Devanagari != nil },
		Note: "Noto Sans Devanagari: conjuncts (स्व, न्त्र) and matras (ि before its consonant) shaped",
		Text: "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता और समानता प्राप्त है। उन्हें बुद्धि और अन्तरात्मा की देन प्राप्त है और परस्पर उन्हें भाईचारे के भाव से बर्ताव करना चाहिए। (मानव अधिकारों की सार्वभौम घोषणा, अनुच्छेद 1)"},
	{Name: "Emoji", File: FontEmoji, Font: func(fs *Fonts) (*text.Font, bool) { return nil, fs.Emoji != nil },
		Note: "Noto Color Emoji (CBDT bitmaps) in the fallback chain: drawn in their own colors",
		Text: "Emoji draw in colour 🎨 next to the text: 😀 😂 🥳 👍 ❤️ 🍕 🍎 🚀 🌍 🐱 🎉 and they wrap like words, sized to the font, whatever the label's tint. Family: 👨‍👩‍👧 flags: 🇯🇵 🇫🇷"},
	{Name: "Outline and shadow", build: buildEffects},
}

// Paragraph layout of the script pages.
const (
	ParagraphLeft, ParagraphTop, ParagraphWidth = 40, 500, 720
	ParagraphSize                               = 30
	ColumnLeft, ColumnTop, ColumnWidth          = 40, 230, 330
	ColumnSize                                  = 18
)

// StartAt returns the start function of the sample shown at page page:
// it loads the system fonts once, and the arrow keys (Page Up, Page Down)
// then turn the pages.
func StartAt(page int) tact.StartFunc {
	return func(g *tact.Game) (*scenegraph.Scene, error) {
		fonts, err := LoadFonts()
		if err != nil {
			return nil, fmt.Errorf("text sample: %w", err)
		}
		if page < 0 || page >= len(Pages) {
			return nil, fmt.Errorf("text sample: no page %d (there are %d)", page, len(Pages))
		}
		return BuildPage(g, fonts, page), nil
	}
}

// BuildPage builds page i's scene, with the pager that turns the pages.
func BuildPage(g *tact.Game, fs *Fonts, i int) *scenegraph.Scene {
	p := &Pages[i]
	s := scenegraph.NewScene("Text: " + p.Name)
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{Width / 2, Height / 2, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(Background))
	scenegraph.AddComponent(cam, &Pager{Game: g, Fonts: fs, Page: i})
	// Emoji and CJK fall back everywhere (the notes quote CJK punctuation):
	// a scene's chain serves every label without a chain of its own.
	var chain []*text.Font
	for _, f := range []*text.Font{fs.SC, fs.Emoji} {
		if f != nil {
			chain = append(chain, f)
		}
	}
	if len(chain) > 0 {
		text.UseFallback(s, text.ChainOf(chain...))
	}
	footer := scenegraph.NewNode("Footer")
	footer.SetPositionXY(Width/2, 14)
	s.AddChild(footer)
	scenegraph.AddComponent(footer, text.NewLabel(fmt.Sprintf("page %d of %d: %s   (←/→ to turn pages)", i+1, len(Pages), p.Name), 12, CaptionColor))
	if p.build != nil {
		p.build(s, fs)
	} else {
		buildScript(s, fs, p)
	}
	return s
}

// buildScript sets a script page: its title, its note, the paragraph
// across the page and again in a narrow column.
func buildScript(s *scenegraph.Scene, fs *Fonts, p *Page) {
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(Width/2, Height-30)
	s.AddChild(title)
	scenegraph.AddComponent(title, text.NewLabel(p.Name, 26, TextColor))
	note := scenegraph.NewNode("Note")
	note.SetPositionXY(Width/2, Height-62)
	s.AddChild(note)
	nl := scenegraph.AddComponent(note, text.NewLabel(p.Note, 13, CaptionColor))

	f, ok := p.Font(fs)
	if f != nil {
		// The note quotes the script: the Go fonts, then the page's font.
		chain := []*text.Font{f}
		for _, x := range []*text.Font{fs.SC, fs.Emoji} {
			if x != nil {
				chain = append(chain, x)
			}
		}
		nl.Fallback = text.ChainOf(chain...)
	}
	if !ok {
		msg := fmt.Sprintf("%s is missing: install the Debian package %s", p.File, FontPackages[p.File])
		miss := scenegraph.NewNode("Missing")
		miss.SetPositionXY(Width/2, Height/2)
		s.AddChild(miss)
		scenegraph.AddComponent(miss, text.NewLabel(msg, 16, TextColor))
		return
	}
	add := func(name string, left, top, wrap, size float32) {
		n := scenegraph.NewNode(name)
		n.SetPositionXY(left, top)
		s.AddChild(n)
		l := scenegraph.AddComponent(n, text.NewLabel(p.Text, size, TextColor))
		l.Font = f
		l.Anchor = mgl32.Vec2{0, 1}
		l.WrapWidth = wrap
		l.HAlign, l.VAlign = text.AlignLeft, text.AlignTop
		if p.RTL {
			l.HAlign = text.AlignRight
		}
		addOutline(s, left, top, wrap, l.Size()[1])
	}
	add("Paragraph", ParagraphLeft, ParagraphTop, ParagraphWidth, ParagraphSize)
	add("Column", ColumnLeft, ColumnTop, ColumnWidth, ColumnSize)
}

// Effect is one label of the outline and shadow page.
type Effect struct {
	// Caption is written to the right of the label.
	Caption string
	// Left is the label's left edge and Y the middle of its box, in world
	// units; Size is its font size.
	Left, Y, Size float32
	// Outline, Width: the label's EnableOutline and OutlineWidth.
	Outline bool
	Width   float32
	// Shadow, Offset, Blur: its EnableShadow, ShadowOffset and ShadowBlur.
	Shadow bool
	Offset mgl32.Vec2
	Blur   float32
}

// Effects are the labels of the outline and shadow page, top to bottom.
var Effects = []Effect{
	{Caption: "plain", Left: 40, Y: 480, Size: 40},
	{Caption: "outline 2 (the default)", Left: 40, Y: 400, Size: 40, Outline: true},
	{Caption: "outline 4", Left: 40, Y: 320, Size: 40, Outline: true, Width: 4},
	{Caption: "shadow (3, -3), hard", Left: 40, Y: 240, Size: 40, Shadow: true, Offset: mgl32.Vec2{3, -3}},
	{Caption: "shadow (4, -4), blur 4", Left: 40, Y: 160, Size: 40, Shadow: true, Offset: mgl32.Vec2{4, -4}, Blur: 4},
	{Caption: "outline 3 + shadow blur 3, with emoji 🎉", Left: 40, Y: 80, Size: 40, Outline: true, Width: 3, Shadow: true, Offset: mgl32.Vec2{4, -4}, Blur: 3},
}

// Effect colors.
var (
	EffectText    = render.RGBA(255, 214, 90, 255)
	EffectOutline = render.RGBA(150, 40, 20, 255)
	EffectShadow  = render.RGBA(0, 0, 0, 200)
)

// buildEffects sets the outline and shadow page.
func buildEffects(s *scenegraph.Scene, _ *Fonts) {
	title := scenegraph.NewNode("Title")
	title.SetPositionXY(Width/2, Height-30)
	s.AddChild(title)
	t := scenegraph.AddComponent(title, text.NewLabel("Outline and shadow", 26, TextColor))
	t.EnableShadow, t.ShadowColor, t.ShadowOffset, t.ShadowBlur = true, EffectShadow, mgl32.Vec2{2, -2}, 2
	for i, e := range Effects {
		n := scenegraph.NewNode(fmt.Sprintf("Effect%d", i))
		n.SetPositionXY(e.Left, e.Y)
		s.AddChild(n)
		l := scenegraph.AddComponent(n, text.NewLabel("Tact Engine 42", e.Size, EffectText))
		l.Anchor = mgl32.Vec2{0, 0.5}
		l.HAlign = text.AlignLeft
		l.EnableOutline, l.OutlineColor, l.OutlineWidth = e.Outline, EffectOutline, e.Width
		l.EnableShadow, l.ShadowColor, l.ShadowOffset, l.ShadowBlur = e.Shadow, EffectShadow, e.Offset, e.Blur
		if i == len(Effects)-1 {
			l.Text += " 🎉"
		}
		c := scenegraph.NewNode(fmt.Sprintf("EffectCaption%d", i))
		c.SetPositionXY(440, e.Y)
		s.AddChild(c)
		cl := scenegraph.AddComponent(c, text.NewLabel(e.Caption, 14, CaptionColor))
		cl.Anchor = mgl32.Vec2{0, 0.5}
		cl.HAlign = text.AlignLeft
	}
}

// Pager turns the sample's pages: Right or Page Down shows the next,
// Left or Page Up the previous (wrapping around).
type Pager struct {
	scenegraph.Component
	Game  *tact.Game
	Fonts *Fonts
	// Page is the page shown.
	Page int
}

// Update reads the keys and switches the scene at the end of the frame.
func (p *Pager) Update(float64) {
	in := p.Game.Input()
	step := 0
	if in.JustPressed(platform.KeyRight) || in.JustPressed(platform.KeyPageDown) {
		step = 1
	}
	if in.JustPressed(platform.KeyLeft) || in.JustPressed(platform.KeyPageUp) {
		step = -1
	}
	if step == 0 {
		return
	}
	next := (p.Page + step + len(Pages)) % len(Pages)
	p.Game.Director().RunScene(BuildPage(p.Game, p.Fonts, next))
}
