package post_test

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/gl/gltest"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/shaders"
)

// The GL tests render through a hidden SDL window's GL context, as
// render/gl's own tests do (gltest.Main); the tests' renderers run on the
// main thread (OnMainThread), each locking its test goroutine to the
// thread while it makes the context current.
const screenW, screenH = 64, 48

// testSurface is nil when no GL context could be made: the GL tests then
// skip, or fail under $TACT_REQUIRE_GL=1.
var testSurface *gltest.Surface

func TestMain(m *testing.M) { os.Exit(gltest.Main(m, "post", screenW, screenH, &testSurface)) }

// glRig renders a chain on the GL backend: each frame a camera pass draws
// a texture, tinted to HDR values, into the scene image, and the chain
// draws it onto the screen, which is read back.
type glRig struct {
	t     *testing.T
	r     *render.Renderer
	b     *gl.Backend
	chain *post.Chain
	src   render.TextureID
}

// newGLRig starts a renderer with a chain set up by o. pixels, if not nil,
// is the screen-sized RGBA8 image the camera draws (nearest filtering);
// otherwise it draws white.
func newGLRig(t *testing.T, o post.Options, pixels []byte) *glRig {
	t.Helper()
	if testSurface == nil {
		if os.Getenv("TACT_REQUIRE_GL") == "1" {
			t.Fatal("no GL context (TACT_REQUIRE_GL=1: GL tests fail instead of skipping)")
		}
		t.Skip("no GL context")
	}
	runtime.LockOSThread()
	b := gl.New(testSurface, gl.Options{Shaders: shaders.FS(), NoSwap: true})
	r, err := render.NewRenderer(b, render.Options{OnMainThread: true})
	if err != nil {
		runtime.UnlockOSThread()
		t.Fatal(err)
	}
	g := &glRig{t: t, r: r, b: b, chain: post.New(o)}
	t.Cleanup(g.close)
	if pixels != nil {
		f := r.Frame()
		g.src = f.CreateTexture(render.TextureDesc{Width: screenW, Height: screenH, Filter: render.FilterNearest}, pixels)
	}
	return g
}

func (g *glRig) close() {
	f := g.r.Frame()
	g.chain.Release(f)
	if g.src != 0 {
		f.DeleteTexture(g.src)
	}
	if err := g.r.Submit(); err != nil {
		g.t.Error(err)
	}
	if err := g.r.Close(); err != nil {
		g.t.Error(err)
	}
	runtime.UnlockOSThread()
	if n := g.b.LiveObjects(); n != 0 {
		g.t.Errorf("%d GL objects alive after Close", n)
	}
}

// frame renders the source scaled by hdr (linear light) through the chain
// and returns the screen and the frame's error (Record's, then the
// backend's).
func (g *glRig) frame(hdr float32) (*image.RGBA, error) {
	g.t.Helper()
	f := g.r.Frame()
	f.SetScreenSize(screenW, screenH)
	gr := g.chain.Graph()
	if err := gr.Prepare(f, screenW, screenH); err != nil {
		g.t.Fatal(err)
	}
	scene, _ := gr.Target(graph.Scene)
	f.BeginPass(render.Pass{Target: scene, Name: "camera", Clear: render.ClearColor | render.ClearDepth})
	f.DrawFullscreen(&render.FullscreenDraw{Texture: g.src, Color: mgl32.Vec4{hdr, hdr, hdr, 1}})
	recErr := gr.Record(f, 0, render.Rect{}, screenW, screenH)
	got := make(chan *image.RGBA, 1)
	f.ReadPixels(0, render.Rect{}, func(img *image.RGBA) { got <- img })
	err := g.r.Submit()
	if recErr != nil {
		err = recErr
	}
	return <-got, err
}

// mustFrame is frame that fails the test on an error.
func (g *glRig) mustFrame(hdr float32) *image.RGBA {
	g.t.Helper()
	img, err := g.frame(hdr)
	if err != nil {
		g.t.Fatal(err)
	}
	return img
}

func savePNG(t *testing.T, img image.Image, suffix string) {
	dir := filepath.Join("testdata", "failures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Log(err)
		return
	}
	name := filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_")+suffix+".png")
	f, err := os.Create(name)
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	png.Encode(f, img)
	t.Logf("wrote %s", name)
}

// acesSRGB is the tone curve the tonemap program applies to a gray of
// linear light x, as a byte: Stephen Hill's ACES fit (whose matrices keep
// grays gray) and the sRGB encoding.
func acesSRGB(x float64) float64 {
	v := (x*(x+0.0245786) - 0.000090537) / (x*(0.983729*x+0.4329510) + 0.238081)
	v = math.Min(math.Max(v, 0), 1)
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return v * 255
}

func TestGLToneMapping(t *testing.T) {
	g := newGLRig(t, post.Options{}, nil)
	for _, hdr := range []float32{0, 0.25, 1, 4, 16} {
		img := g.mustFrame(hdr)
		c := img.RGBAAt(screenW/2, screenH/2)
		want := acesSRGB(float64(hdr))
		if math.Abs(float64(c.R)-want) > 2 || c.R != c.G || c.G != c.B || c.A != 255 {
			t.Errorf("HDR %v: %v, want gray %.1f", hdr, c, want)
		}
		switch {
		case hdr == 0 && c.R != 0:
			t.Errorf("HDR 0 maps to %d, want 0", c.R)
		case hdr == 4 && c.R == 255:
			t.Errorf("HDR 4 maps to %d, want below white", c.R)
		}
	}
	g.chain.SetExposure(4)
	if c := g.mustFrame(1).RGBAAt(1, 1); math.Abs(float64(c.R)-acesSRGB(4)) > 2 {
		t.Errorf("HDR 1 at exposure 4: %v, want %.1f (HDR 4's)", c, acesSRGB(4))
	}
}

// dotImage is black with one white texel at (x, y) (top-left origin).
func dotImage(x, y int) []byte {
	p := make([]byte, screenW*screenH*4)
	for i := 3; i < len(p); i += 4 {
		p[i] = 255
	}
	o := (y*screenW + x) * 4
	p[o], p[o+1], p[o+2] = 255, 255, 255
	return p
}

func TestGLBloomSpreadsLight(t *testing.T) {
	for _, samples := range []int{0, 4} {
		t.Run(fmt.Sprintf("samples %d", samples), func(t *testing.T) {
			// The texture's first row is v = 0, which a full-screen draw
			// puts at the bottom: row 24 of the image shows on row 23 of
			// the screen.
			g := newGLRig(t, post.Options{Samples: samples, Bloom: &post.Bloom{Threshold: 1, Knee: 0.5, Intensity: 1}},
				dotImage(32, screenH-1-23))
			on := g.mustFrame(200)
			g.chain.SetEnabled(post.EffectBloom, false)
			off := g.mustFrame(200)
			if c := off.RGBAAt(32, 23); c.R < 240 {
				t.Fatalf("the bright pixel is %v without bloom, want near white", c)
			}
			// Without bloom the light stays in its pixel; with it, it
			// spreads a few pixels around.
			for _, d := range [][2]int{{3, 0}, {-3, 0}, {0, 3}, {0, -3}, {5, 5}} {
				x, y := 32+d[0], 23+d[1]
				if c := off.RGBAAt(x, y); c.R != 0 {
					t.Errorf("bloom off: (%d,%d) = %v, want black", x, y, c)
				}
				if c := on.RGBAAt(x, y); c.R < 20 {
					t.Errorf("bloom on: (%d,%d) = %v, want lit by the bright pixel", x, y, c)
				}
			}
			// Nearer is brighter.
			if near, far := on.RGBAAt(34, 23).R, on.RGBAAt(40, 23).R; near <= far {
				t.Errorf("bloom 2 px away %d, 8 px away %d: want it to fade with distance", near, far)
			}
			if t.Failed() {
				savePNG(t, on, "-on")
			}
		})
	}
}

// diagonalImage is white below the line y = x/3 + 8 (top-left origin),
// black above: a hard, shallow edge.
func diagonalImage() []byte {
	p := make([]byte, screenW*screenH*4)
	for y := range screenH {
		for x := range screenW {
			o := (y*screenW + x) * 4
			p[o+3] = 255
			if float64(y) > float64(x)/3+8 {
				p[o], p[o+1], p[o+2] = 255, 255, 255
			}
		}
	}
	return p
}

// intermediate counts the pixels neither near black nor near img's
// brightest value.
func intermediate(img *image.RGBA) int {
	n := 0
	for y := range screenH {
		for x := range screenW {
			if r := img.RGBAAt(x, y).R; r > 20 && r < 180 {
				n++
			}
		}
	}
	return n
}

func TestGLFXAASoftensEdges(t *testing.T) {
	g := newGLRig(t, post.Options{FXAA: true}, diagonalImage())
	on := g.mustFrame(1) // white → about 206
	g.chain.SetEnabled(post.EffectFXAA, false)
	off := g.mustFrame(1)
	if n := intermediate(off); n != 0 {
		t.Fatalf("without FXAA %d pixels are neither black nor white, want a hard edge", n)
	}
	// The edge crosses all 64 columns in steps three pixels long: FXAA
	// blends them into ramps, with an intermediate value on either side of
	// each step at least.
	if n := intermediate(on); n < 2*screenW/3 {
		t.Errorf("with FXAA %d pixels have intermediate values, want at least %d", n, 2*screenW/3)
		savePNG(t, on, "-on")
	}
	// Away from the edge nothing changes.
	for _, p := range [][2]int{{2, 2}, {60, 2}, {2, 45}, {60, 45}} {
		if a, b := on.RGBAAt(p[0], p[1]), off.RGBAAt(p[0], p[1]); a != b {
			t.Errorf("(%d,%d): %v with FXAA, %v without", p[0], p[1], a, b)
		}
	}
}

func TestGLVignetteDarkensCorners(t *testing.T) {
	g := newGLRig(t, post.Options{Vignette: &post.Vignette{Strength: 0.8, Radius: 0.7}}, nil)
	on := g.mustFrame(1)
	g.chain.SetEnabled(post.EffectVignette, false)
	off := g.mustFrame(1)
	centre := off.RGBAAt(screenW/2, screenH/2).R
	if c := on.RGBAAt(screenW/2, screenH/2).R; int(c) < int(centre)-2 {
		t.Errorf("centre %d with the vignette, %d without: want it untouched", c, centre)
	}
	for _, p := range [][2]int{{0, 0}, {screenW - 1, 0}, {0, screenH - 1}, {screenW - 1, screenH - 1}} {
		if c := off.RGBAAt(p[0], p[1]).R; c != centre {
			t.Errorf("corner %v is %d without the vignette, want %d like the centre", p, c, centre)
		}
		if c := on.RGBAAt(p[0], p[1]).R; float64(c) > 0.45*float64(centre) {
			t.Errorf("corner %v is %d with the vignette, want well below the centre's %d", p, c, centre)
		}
	}
}

// TestGLHotReload edits the tone-mapping program in a DevFS directory
// while the chain runs: the edit shows in the next frames, and a broken
// edit is reported while the last good program keeps drawing.
func TestGLHotReload(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"tonemap", "bloom_bright", "bloom_blur", "bloom_combine", "fxaa", "vignette"} {
		v, f, err := shaders.Load(shaders.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, n+".vert"), []byte(v), 0o644)
		os.WriteFile(filepath.Join(dir, n+".frag"), []byte(f), 0o644)
	}
	g := newGLRig(t, post.Options{Shaders: shaders.DevFS(dir), ShaderDir: dir, ReloadInterval: time.Nanosecond}, nil)
	if c := g.mustFrame(1).RGBAAt(5, 5); c.R != c.G || c.R < 150 {
		t.Fatalf("before the edit: %v, want the tone-mapped gray", c)
	}
	write := func(src string) {
		time.Sleep(time.Millisecond) // past the reload interval
		if err := os.WriteFile(filepath.Join(dir, "tonemap.frag"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("#version 330 core\nout vec4 o_color;\nvoid main() { o_color = vec4(1.0, 0.0, 0.0, 1.0); }\n")
	if c := g.mustFrame(1).RGBAAt(5, 5); c.R != 255 || c.G != 0 || c.B != 0 {
		t.Errorf("after the edit: %v, want the edited program's red", c)
	}
	write("#version 330 core\nout vec4 o_color;\nvoid main() { o_color = vec4(1.0, 0.0, 0.0, 1.0) }\n")
	img, err := g.frame(1)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "tonemap.frag")+":3") {
		t.Errorf("broken edit: error %v, want one naming %s line 3", err, filepath.Join(dir, "tonemap.frag"))
	}
	if c := img.RGBAAt(5, 5); c.R != 255 || c.G != 0 {
		t.Errorf("after the broken edit: %v, want the last good program's red", c)
	}
	// Back to the real program.
	_, orig, _ := shaders.Load(shaders.FS(), "tonemap")
	write(orig)
	if c := g.mustFrame(1).RGBAAt(5, 5); c.R != c.G || c.R < 150 {
		t.Errorf("after restoring: %v, want the tone-mapped gray", c)
	}
}
