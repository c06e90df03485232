package text

import (
	"fmt"
	"image"
	"os"
	"testing"
	"time"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

// requireFonts loads the system fonts; with $TACT_REQUIRE_GL=1 (CI) a
// missing one fails naming its Debian package, else the test is skipped.
func requireFonts(t *testing.T) *Fonts {
	t.Helper()
	fs, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	if len(fs.Missing) > 0 {
		msg := fmt.Sprintf("system font %s missing: install the Debian package %s", fs.Missing[0], FontPackages[fs.Missing[0]])
		if os.Getenv("TACT_REQUIRE_GL") == "1" || os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return fs
}

// Every page against its golden image, drawn on the render thread and on
// the main thread (the same picture).
func TestPagesGolden(t *testing.T) {
	requireFonts(t)
	for i, p := range Pages {
		name := fmt.Sprintf("page%d", i)
		t.Run(fmt.Sprintf("%d_%s", i, p.Name), func(t *testing.T) {
			for _, onMain := range []bool{false, true} {
				s := Sample
				s.Start = StartAt(i)
				cfg := sampletest.Config(3)
				cfg.RenderOnMain = onMain
				_, img := sampletest.RunConfig(t, s, cfg)
				if !onMain {
					sampletest.SavePNG(t, img, "text-"+name+".png")
				}
				sampletest.Golden(t, name, img)
			}
		})
	}
}

// The arrow keys turn the pages: Right twice from the first page, then
// Left once, shows the second; Left from the first wraps to the last.
func TestPagerTurnsPages(t *testing.T) {
	requireFonts(t)
	for _, c := range []struct {
		keys []platform.Key
		want int
	}{
		{[]platform.Key{platform.KeyRight, platform.KeyRight, platform.KeyLeft}, 1},
		{[]platform.Key{platform.KeyLeft}, len(Pages) - 1},
		{[]platform.Key{platform.KeyPageDown, platform.KeyPageDown, platform.KeyPageDown}, 3},
	} {
		s := Sample
		var names []string
		s.Script = func(g *tact.Game, frame uint64) {
			names = append(names, g.Director().Scene().Name())
			if k := int(frame / 4); frame%4 < 2 && k < len(c.keys) {
				g.Input().InjectKey(c.keys[k], frame%4 == 0)
			}
		}
		sampletest.Run(t, s, uint64(4*len(c.keys)+3))
		if got, want := names[len(names)-1], "Text: "+Pages[c.want].Name; got != want {
			t.Errorf("keys %v: scene %q, want %q", c.keys, got, want)
		}
	}
}

// The emoji page draws emoji in their colors: saturated pixels (the text
// is cream, the background dark blue) fill part of the paragraph's box.
// Right-to-left pages align their lines right: the paragraph's ink ends at
// the box's right edge, and starts well inside its left one on the last
// line.
func TestScriptPagesInk(t *testing.T) {
	requireFonts(t)
	page := func(name string) int {
		for i, p := range Pages {
			if p.Name == name {
				return i
			}
		}
		t.Fatalf("no page %q", name)
		return 0
	}
	shot := func(i int) *image.RGBA {
		s := Sample
		s.Start = StartAt(i)
		_, img := sampletest.Run(t, s, 3)
		return img
	}
	img := shot(page("Emoji"))
	box := image.Rect(ParagraphLeft, Height-ParagraphTop, ParagraphLeft+ParagraphWidth, Height-ParagraphTop+150)
	colored := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			c := img.RGBAAt(x, y)
			hi, lo := max(c.R, c.G, c.B), min(c.R, c.G, c.B)
			if hi > 150 && int(hi)-int(lo) > 100 {
				colored++
			}
		}
	}
	if colored < 2000 {
		t.Errorf("emoji page: %d saturated pixels in the paragraph, want emoji in color (over 2000)", colored)
	}
	for _, name := range []string{"Arabic", "Hebrew"} {
		img := shot(page(name))
		r, ok := inkBounds(img, image.Rect(ParagraphLeft, Height-ParagraphTop+2, ParagraphLeft+ParagraphWidth, Height-ParagraphTop+120))
		if !ok || ParagraphLeft+ParagraphWidth-r.Max.X > 4 {
			t.Errorf("%s: paragraph ink %v (found %v), want it against the right edge %d", name, r, ok, ParagraphLeft+ParagraphWidth)
		}
	}
}

// With a raster budget the CJK and Thai pages fill in over frames, each
// label appearing whole once all its glyphs are in, and end as the same
// picture as their golden images, on the render thread and on the main
// thread.
func TestPagesGoldenWithRasterBudget(t *testing.T) {
	requireFonts(t)
	for _, i := range []int{1, 6} {
		name := fmt.Sprintf("page%d", i)
		t.Run(fmt.Sprintf("%d_%s", i, Pages[i].Name), func(t *testing.T) {
			for _, onMain := range []bool{false, true} {
				s := Sample
				s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
					sc, err := StartAt(i)(g)
					if err == nil {
						// On the camera, which draws first: the budget is set
						// when the scene loads, before its first frame.
						scenegraph.AddComponent(sc.Children()[0], &budgeter{})
					}
					return sc, err
				}
				waited := 0
				s.Script = budgetScript(&waited)
				cfg := sampletest.Config(240)
				cfg.RenderOnMain = onMain
				_, img := sampletest.RunConfig(t, s, cfg)
				if waited == 0 {
					t.Fatal("no frame waited for glyphs: the budget was not in effect")
				}
				t.Logf("render on main %v: %d frames put glyphs off", onMain, waited)
				sampletest.Golden(t, name, img)
			}
		})
	}
}

// budgeter gives its scene's glyph cache a 1 ms raster budget when it
// loads (the Game's cache is the scene's by then).
type budgeter struct{ scenegraph.Component }

func (b *budgeter) OnLoad() { text.CacheOf(b.Node().Scene()).RasterBudget = time.Millisecond }

// budgetScript counts the frames that put glyphs off.
func budgetScript(waited *int) func(g *tact.Game, frame uint64) {
	return func(g *tact.Game, frame uint64) {
		if text.CacheOf(g.Director().Scene()).Deferred() > 0 {
			*waited++
		}
	}
}
