package text_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
	"golang.org/x/image/font/gofont/goregular"
)

func TestParseFontGarbage(t *testing.T) {
	corrupt := append([]byte(nil), goregular.TTF...)
	for i := 12; i < len(corrupt); i += 97 {
		corrupt[i] ^= 0x5a
	}
	cases := map[string][]byte{
		"empty.ttf":     nil,
		"text.ttf":      []byte("this is not a font at all, just some words"),
		"zeros.otf":     make([]byte, 4096),
		"truncated.ttf": goregular.TTF[:1000],
		"header.ttf":    goregular.TTF[:12],
		"corrupt.ttf":   corrupt,
	}
	for name, data := range cases {
		f, err := text.ParseFont(name, data)
		if name == "corrupt.ttf" && err == nil {
			// Flipped bytes may leave a usable font; it must then draw.
			drawWith(t, f)
			continue
		}
		if err == nil || f != nil {
			t.Fatalf("%s: ParseFont = %v, %v; want an error", name, f, err)
		}
		if want := `text: font "` + name + `": `; !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("%s: error %q does not start with %q", name, err, want)
		}
	}
}

func TestParseFontAndDefaults(t *testing.T) {
	f, err := text.ParseFont("goregular.ttf", goregular.TTF)
	if err != nil || f.Name() != "goregular.ttf" {
		t.Fatalf("ParseFont(Go Regular) = %v, %v", f, err)
	}
	first, firstMono := text.DefaultFont(), text.DefaultMonoFont()
	if text.DefaultFont() != first || text.DefaultMonoFont() != firstMono {
		t.Fatal("default fonts must be parsed once")
	}
	// Go Mono is fixed-width; Go Regular is not.
	mono := func(font *text.Font, s string) float32 {
		l := text.NewLabel(s, 20, render.White)
		l.Font = font
		return l.Size()[0]
	}
	if a, b := mono(text.DefaultMonoFont(), "iiii"), mono(text.DefaultMonoFont(), "WWWW"); a != b {
		t.Fatalf("Go Mono widths %v != %v", a, b)
	}
	if a, b := mono(f, "iiii"), mono(f, "WWWW"); a >= b {
		t.Fatalf("Go Regular widths %v >= %v", a, b)
	}
	// A parsed font equals the default in layout.
	if a, b := mono(f, "Tact"), mono(nil, "Tact"); a != b {
		t.Fatalf("widths %v != %v", a, b)
	}
}

// One Font serves labels laid out on many goroutines at once (run with -race).
func TestFontSharedAcrossGoroutines(t *testing.T) {
	size := func(f *text.Font, wrap float32) mgl32.Vec2 {
		l := text.NewLabel("concurrent text layout", 18, render.White)
		l.Font, l.WrapWidth = f, wrap
		return l.Size()
	}
	fonts := []*text.Font{text.DefaultFont(), text.DefaultMonoFont()}
	want := [2][20]mgl32.Vec2{}
	for i, f := range fonts {
		for j := range 20 {
			want[i][j] = size(f, float32(j*10))
		}
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			for j := range 20 {
				if got := size(fonts[g%2], float32(j*10)); got != want[g%2][j] {
					errs <- fmt.Errorf("goroutine %d, wrap %d: size %v, want %v", g, j*10, got, want[g%2][j])
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// drawWith lays out and records a label in f: it must not panic.
func drawWith(t testing.TB, f *text.Font) {
	s := scenegraph.NewScene("S")
	cam := scenegraph.NewNode("Cam")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	n := scenegraph.NewNode("L")
	s.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel("Hello, wörld! \uFFFD\n\tÅ", 24, render.White))
	l.Font = f
	l.WrapWidth = 40
	s.Launch()
	fr := render.NewFrame()
	fr.SetScreenSize(320, 240)
	scenegraph.Extract(s, fr)
	_ = l.Size()
}

// FuzzParseFont: bad bytes give an error naming the font, never a panic;
// whatever parses also lays out and draws without a panic.
func FuzzParseFont(f *testing.F) {
	f.Add(goregular.TTF[:2000])
	f.Add([]byte("OTTO\x00\x01"))
	f.Add([]byte("\x00\x01\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := text.ParseFont("fuzz.ttf", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), `text: font "fuzz.ttf": `) {
				t.Fatalf("error %q does not name the font", err)
			}
			return
		}
		drawWith(t, font)
	})
}

func ExampleLabel() {
	s := scenegraph.NewScene("Title")
	n := scenegraph.NewNode("Heading")
	n.SetPositionXY(400, 500)
	s.AddChild(n)
	title := scenegraph.AddComponent(n, text.NewLabel("Tact", 48, render.RGBA(255, 220, 0, 255)))

	sz := title.Size()
	fmt.Printf("%.1f x %.1f\n", sz[0], sz[1])

	title.WrapWidth = 240
	title.Text = "A native desktop game engine"
	fmt.Println(title.LineCount(), "lines")
	// Output:
	// 93.6 x 55.5
	// 4 lines
}
