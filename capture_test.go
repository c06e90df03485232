package tact

import (
	"context"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/director"
)

// F11 captures a frame into Config.ScreenshotDir; the page opens in a
// real browser with every pass's picture loaded and the draws listed.
func TestCaptureFrameKeyInBrowser(t *testing.T) {
	chrome := chromium(t)
	dir := t.TempDir()
	cfg := headless(8)
	cfg.ScreenshotDir = dir
	g := NewGame(cfg)
	g.GameInited.On(func(g *Game) {
		g.Director().BeginFrame.On(func(d *director.Director) {
			if d.TotalFrames() == 3 {
				g.Input().InjectKey(platform.KeyF11, true)
			}
		})
	})
	runGame(t, g, redSquareScene)
	paths, err := g.keys.Wait()
	if err != nil || len(paths) != 1 || !strings.HasSuffix(paths[0], "index.html") {
		t.Fatalf("captures %v, %v; want one index.html", paths, err)
	}
	page, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"DrawSprite", "target#screen", `src="pass-00.png"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("%s lacks %q", paths[0], want)
		}
	}
	// The first pass's picture is the game's: the red square on blue.
	f, err := os.Open(filepath.Join(filepath.Dir(paths[0]), "pass-00.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if sq, bg := color.RGBAModel.Convert(img.At(100, 240-100)).(color.RGBA), color.RGBAModel.Convert(img.At(300, 20)).(color.RGBA); sq.R < 240 || sq.B > 10 || bg.B < 240 {
		t.Fatalf("pass-00.png: square %v, background %v", sq, bg)
	}

	// A browser shows the page with every picture loaded.
	udir, err := os.MkdirTemp("", "tact-chromium")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(udir)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(udir))
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	bctx, cancel = context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(bctx, chromedp.Navigate("file://"+paths[0]),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Poll[bool](`[...document.images].length > 0 && [...document.images].every(i => i.complete && i.naturalWidth > 0)`,
				chromedp.WithPollingTimeout(20*time.Second))(ctx, tg)
			return err
		})); err != nil {
		t.Fatalf("browser: %v", err)
	}
	got, err := chromedp.Run(bctx, chromedp.Evaluate[string](`[...document.querySelectorAll("h2")].map(h => h.textContent).join("|") + " #" +
		document.querySelectorAll("h3").length + " " + document.images[0].naturalWidth + "x" + document.images[0].naturalHeight`))
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	if !strings.Contains(got, "Pass 0:") || !strings.Contains(got, "320x240") || strings.Contains(got, " #0 ") {
		t.Fatalf("page shows %q", got)
	}
	t.Log(fmt.Sprintf("page: %s", got))
}
