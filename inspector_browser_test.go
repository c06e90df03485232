package tact

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/scenegraph"
)

// chromium returns the browser to drive; without one the test skips, or
// fails under TACT_REQUIRE_GL=1 (CI), never skipping silently there.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("TACT_REQUIRE_GL") == "1" || os.Getenv("CI") != "" {
		t.Fatal("no chromium on the PATH (make deps installs Debian's chromium); the inspector's browser test needs it")
	}
	t.Skip("no chromium on the PATH")
	return ""
}

// inspectedScene: a camera over a grey clear, "Hero", a 60×60 red
// sprite at the centre of the 320×240 view, and "Crate", an empty node.
func inspectedScene(g *Game) (*scenegraph.Scene, error) {
	s := scenegraph.NewScene("Inspected")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{160, 120, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(40, 40, 40, 255)))
	hero := scenegraph.NewNode("Hero")
	hero.SetPositionXY(160, 120)
	s.AddChild(hero)
	scenegraph.AddComponent(hero, scenegraph.NewSprite(0, 60, 60)).Color = render.RGBA(255, 0, 0, 255)
	s.AddChild(scenegraph.NewNode("Crate"))
	return s, nil
}

// TestInspectorInBrowser drives the page in headless Chromium: it picks
// Hero in the game view, turns its sprite green through the colour input,
// sees the streamed game view turn green, drags Crate onto Hero in the
// tree, adds a PointLight to Hero, records a trace and gets its JSON
// download, saves the scene, and finds the edits in the reloaded file.
func TestInspectorInBrowser(t *testing.T) {
	chrome := chromium(t)
	root := t.TempDir()
	cfg := headless(0)
	cfg.FixedDT = 0 // real time: the browser polls the view
	cfg.FrameRate = 60
	cfg.AssetRoot = root
	cfg.Inspector = "127.0.0.1:0"
	g := NewGame(cfg)
	var done atomic.Bool
	var browserErr error
	g.GameInited.On(func(g *Game) {
		url := g.Inspector().URL()
		go func() {
			browserErr = drive(t, chrome, url)
			done.Store(true)
		}()
	})
	g.director.EndFrame.On(func(*director.Director) {
		if done.Load() {
			g.Quit()
		}
	})
	runGame(t, g, inspectedScene)
	if browserErr != nil {
		t.Fatal(browserErr)
	}
	a, err := asset.New(asset.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	s, err := scenefile.NewStore(a).LoadScene("scenes/edited.json")
	if err != nil {
		t.Fatal(err)
	}
	sp := scenegraph.GetComponent[*scenegraph.Sprite](s.Root().Find("Hero"))
	if sp == nil || sp.Color != render.RGBA(0, 255, 0, 255) {
		t.Fatalf("saved Hero sprite: %+v, want colour 00ff00", sp)
	}
	if s.Root().Find("Hero/Crate") == nil || s.Root().Find("Crate") != nil {
		t.Fatal("saved scene: Crate is not under Hero (the drag did not reparent it)")
	}
	if scenegraph.GetComponent[*scenegraph.PointLight](s.Root().Find("Hero")) == nil {
		t.Fatal("saved scene: Hero has no PointLight (the component was not added)")
	}
}

// drive is the browser's part; it runs while the game runs.
func drive(t *testing.T, chrome, url string) error {
	dir, err := os.MkdirTemp("", "tact-chromium")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(chrome), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(dir), chromedp.WindowSize(1280, 800),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true)}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// The first call starts the browser, with no timeout on its context
	// (a timeout there would stop the browser); the steps get one.
	if err := chromedp.Do(bctx); err != nil {
		return fmt.Errorf("starting %s: %w", chrome, err)
	}
	bctx, cancel = context.WithTimeout(bctx, 60*time.Second)
	defer cancel()

	// pixel reads the game view's pixel (x, y) as "r,g,b".
	pixel := func(x, y int) string {
		return fmt.Sprintf(`(() => { const i = document.getElementById("frame"); if (!i.naturalWidth) return "";
			const c = document.createElement("canvas"); c.width = i.naturalWidth; c.height = i.naturalHeight;
			const g = c.getContext("2d"); g.drawImage(i, 0, 0); const d = g.getImageData(%d, %d, 1, 1).data;
			return d[0] + "," + d[1] + "," + d[2]; })()`, x, y)
	}
	poll := func(expr string, d time.Duration) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(d))(ctx, tg)
			if err != nil {
				return fmt.Errorf("waiting for %s: %w", strings.SplitN(expr, "\n", 2)[0], err)
			}
			return nil
		})
	}
	// stepAt names the last step begun, for errors.
	stepAt := "start"
	step := func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(context.Context, *chromedp.Target) error { stepAt = name; return nil })
	}
	rect := `(() => { const r = document.getElementById("frame").getBoundingClientRect(); return [r.left + 160 * r.width / 320, r.top + 120 * r.height / 240]; })()`
	if err := chromedp.Do(bctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.Search(`//span[@class="name" and text()="Hero"]`)),
		// The game view shows the red sprite.
		poll(pixel(160, 120)+` === "255,0,0"`, 20*time.Second),
	); err != nil {
		return fmt.Errorf("browser: %w", err)
	}
	at, err := chromedp.Run(bctx, chromedp.Evaluate[[]float64](rect))
	if err != nil {
		return fmt.Errorf("browser: %w", err)
	}
	// A click on the game view picks Hero: its Sprite's fields show.
	if err := chromedp.Do(bctx,
		chromedp.MouseClickXY(at[0], at[1]),
		chromedp.WaitVisible(chromedp.CSS(`fieldset[data-type="Sprite"] input[type=color]`)),
	); err != nil {
		return fmt.Errorf("browser: %w", err)
	}
	legend, err := chromedp.Run(bctx, chromedp.Text(chromedp.CSS(`#props legend`)))
	if err != nil {
		return fmt.Errorf("browser: %w", err)
	}
	// Change the colour as a user would (the picker's input event), see the
	// next frames turn green, and save.
	if err := chromedp.Do(bctx,
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => { const c = document.querySelector('fieldset[data-type="Sprite"] input[type=color]');
				c.value = "#00ff00"; c.dispatchEvent(new Event("input")); return true; })()`)(ctx, tg)
			return err
		}),
		poll(pixel(160, 120)+` === "0,255,0"`, 20*time.Second),
		step("stream"),
		// Frames stream at the chosen rate: 30 Hz brings several a second.
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => { const r = document.getElementById("rate"); r.value = "30";
				window.tact.mark = window.tact.frames; return true; })()`)(ctx, tg)
			return err
		}),
		poll(`window.tact.frames >= window.tact.mark + 5`, 5*time.Second),
		step("drag"),
		// Drag Crate onto Hero, as HTML5 drag and drop does it.
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(() => {
				const row = name => [...document.querySelectorAll("#nodes .row")].find(r => r.querySelector(".name").textContent === name);
				const dt = new DataTransfer(), from = row("Crate"), to = row("Hero");
				from.dispatchEvent(new DragEvent("dragstart", { dataTransfer: dt, bubbles: true }));
				to.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
				to.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
				return true; })()`)(ctx, tg)
			return err
		}),
		poll(`(() => { const k = [...document.querySelectorAll("#nodes .kids .name")].map(e => e.textContent);
			return k.includes("Crate"); })()`, 5*time.Second),
		step("add component"),
		// Add a PointLight to the selected Hero.
		chromedp.WaitVisible(chromedp.CSS(`#addType`)),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			// In one go: the panel re-renders whenever Hero changes.
			_, err := chromedp.Evaluate[bool](`(() => { const s = document.getElementById("addType"); s.value = "PointLight";
				s.dispatchEvent(new Event("change")); document.getElementById("addComponent").click(); return true; })()`)(ctx, tg)
			return err
		}),
		chromedp.WaitVisible(chromedp.CSS(`fieldset[data-type="PointLight"]`)),
		step("trace"),
		// Record a 10-frame trace: the page downloads non-empty JSON.
		chromedp.SetValue(chromedp.CSS(`#traceFrames`), "10"),
		chromedp.Click(chromedp.CSS(`#trace`)),
		poll(`!!window.tact.trace && window.tact.trace.events > 10 && window.tact.trace.bytes > 100`, 5*time.Second),
		step("save"),
		chromedp.SetValue(chromedp.CSS(`#savePath`), "scenes/edited.json"),
		chromedp.Click(chromedp.CSS(`#save`)),
		poll(`document.getElementById("state").textContent.includes("saved")`, 10*time.Second),
	); err != nil {
		return fmt.Errorf("browser, at %s: %w", stepAt, err)
	}
	if !strings.Contains(legend, "Hero") {
		return fmt.Errorf("after the pick the page shows %q, want Hero", legend)
	}
	if p := os.Getenv("TACT_INSPECTOR_SCREENSHOT"); p != "" {
		png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100)) // 100: PNG
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, png, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// TACT_INSPECT starts the inspector without Config.Inspector, and the game
// view comes through in render-on-main mode too; Config.Inspector empty
// and no variable leaves it off.
func TestInspectorFromEnvRenderOnMain(t *testing.T) {
	t.Setenv("TACT_INSPECT", "127.0.0.1:0")
	cfg := headless(0)
	cfg.FixedDT, cfg.FrameRate, cfg.RenderOnMain = 0, 60, true
	g := NewGame(cfg)
	var done atomic.Bool
	var got image.Image
	var fetchErr error
	g.GameInited.On(func(g *Game) {
		s := g.Inspector()
		go func() {
			defer done.Store(true)
			req, _ := http.NewRequest("GET", "http://"+s.Addr()+"/frame.png", nil)
			req.Header.Set("Authorization", "Bearer "+s.Token())
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				fetchErr = err
				return
			}
			defer resp.Body.Close()
			got, fetchErr = png.Decode(resp.Body)
		}()
	})
	g.director.EndFrame.On(func(*director.Director) {
		if done.Load() {
			g.Quit()
		}
	})
	runGame(t, g, redSquareScene)
	if fetchErr != nil {
		t.Fatal(fetchErr)
	}
	if b := got.Bounds(); b.Dx() != 320 || b.Dy() != 240 {
		t.Fatalf("game view %v, want 320×240", b)
	}
	if r, gg, b, _ := got.At(100, 140).RGBA(); r>>8 < 250 || gg>>8 > 5 || b>>8 > 5 {
		t.Fatalf("game view pixel (100, 140) = %v, want the red square", got.At(100, 140))
	}
	if g.Inspector() != nil {
		t.Fatal("Inspector() is not nil after Run returned")
	}
	t.Setenv("TACT_INSPECT", "")
	if NewGame(headless(1)).cfg.inspectAddr() != "" {
		t.Fatal("the inspector is on with no address")
	}
}
