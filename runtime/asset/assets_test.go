package asset

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/internal/assettest"
	"github.com/tact-engine/tact/render"
)

type (
	testFrames = assettest.Frames
	logBuf     = assettest.Log
)

// newTestAssets returns Assets over root (a copy of testdata/assets when
// root is ""), recording into a test frame.
func newTestAssets(t *testing.T, root string, opts Options) (*Manager, *testFrames, *logBuf) {
	t.Helper()
	if root == "" {
		root = copyTestdata(t)
	}
	frames := assettest.NewFrames()
	log := &logBuf{}
	opts.Root = root
	if opts.Frames == nil {
		opts.Frames = frames
	}
	opts.Logger = log
	a, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a, frames, log
}

func copyTestdata(t *testing.T) string { return assettest.CopyTestdata(t, "../../testdata/assets") }

func writeFile(t *testing.T, root, p string, b []byte) { assettest.WriteFile(t, root, p, b) }

func pngBytes(t testing.TB, w, h int, c color.NRGBA) []byte { return assettest.PNG(t, w, h, c) }

// gateLoader is a test Loader for ".gate" files: each line "dep PATH" names a
// dependency and "fail MSG" fails the decode. Decoding waits until the gate
// is open; decodes begun (entered), decodes, creates and frees are counted.
type gateLoader struct {
	gate                             chan struct{}
	entered, decodes, creates, frees atomic.Int32
}

func newGateLoader() *gateLoader { return &gateLoader{gate: make(chan struct{})} }

func (g *gateLoader) open() { close(g.gate) }

func (g *gateLoader) Decode(src *Source) (any, error) {
	g.entered.Add(1)
	<-g.gate
	g.decodes.Add(1)
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "dep":
			src.Depend(f[1])
		case len(f) >= 1 && f[0] == "fail":
			return nil, errors.New(strings.Join(f[1:], " "))
		}
	}
	return string(b), nil
}

func (g *gateLoader) Create(ctx *CreateContext, decoded any) (any, error) {
	g.creates.Add(1)
	return "created:" + decoded.(string), nil
}

func (g *gateLoader) Free(*render.Frame, any) { g.frees.Add(1) }

// pollUntil polls a until cond holds (workers are asynchronous) or fails
// after a generous deadline.
func pollUntil(t *testing.T, a *Manager, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
		a.Poll()
	}
}

// Requests for an asset that is loading share its one load and all get the
// result; references count requests; the last Release unloads it once.
func TestAssetSharedLoadAndRefCount(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "a.gate", []byte("hello\n"))
	a, _, _ := newTestAssets(t, root, Options{Workers: 3})
	g := newGateLoader()
	a.RegisterFormat(".gate", g)

	if s := a.State("a.gate"); s != NotLoaded {
		t.Fatalf("state before any request: %v", s)
	}
	var got []error
	cb := func(x *Asset, err error) { got = append(got, err) }
	x1 := a.LoadAsync("a.gate", cb)
	x2 := a.LoadAsync("./a.gate", cb)
	if x1 != x2 || x1.State() != Loading || x1.Refs() != 2 {
		t.Fatalf("two requests: %p %p, %v, refs %d; want one loading asset with 2 refs", x1, x2, x1.State(), x1.Refs())
	}
	a.Poll() // nothing decoded yet: the gate is closed
	if len(got) != 0 || x1.State() != Loading {
		t.Fatalf("callbacks %v before the decode finished", got)
	}
	g.open()
	x3, err := a.Load("a.gate") // a third request while loading: waits, shares
	if err != nil || x3 != x1 {
		t.Fatalf("Load: %v, %p vs %p", err, x3, x1)
	}
	if x1.State() != Loaded || x1.Value() != "created:hello\n" || x1.Refs() != 3 {
		t.Fatalf("after load: %v %q refs %d", x1.State(), x1.Value(), x1.Refs())
	}
	if len(got) != 2 || got[0] != nil || got[1] != nil {
		t.Fatalf("callbacks got %v, want two nil errors", got)
	}
	if d, c := g.decodes.Load(), g.creates.Load(); d != 1 || c != 1 {
		t.Fatalf("%d decodes and %d creates for three requests, want 1 and 1", d, c)
	}
	// A request for a loaded asset returns at once, calling back at once.
	called := false
	a.LoadAsync("a.gate", func(*Asset, error) { called = true })
	if !called || x1.Refs() != 4 {
		t.Fatalf("LoadAsync of a loaded asset: called %v refs %d", called, x1.Refs())
	}
	for range 3 {
		x1.Release()
	}
	if x1.State() != Loaded || g.frees.Load() != 0 {
		t.Fatal("unloaded before the last Release")
	}
	x1.Release()
	if x1.State() != Unloaded || g.frees.Load() != 1 || a.State("a.gate") != NotLoaded {
		t.Fatalf("after the last Release: %v, %d frees, manager says %v", x1.State(), g.frees.Load(), a.State("a.gate"))
	}
	x1.Release() // extra releases do nothing
	if g.frees.Load() != 1 {
		t.Fatal("a second unload")
	}
	// Loading again after the unload reads the file again: a new Asset.
	x4, err := a.Load("a.gate")
	if err != nil || x4 == x1 || g.decodes.Load() != 2 {
		t.Fatalf("reload after unload: %v, same asset %v, %d decodes", err, x4 == x1, g.decodes.Load())
	}
}

// Releasing every reference while the asset is loading abandons the load:
// callbacks get ErrUnloaded, and the decoded data is never created.
func TestAssetUnloadWhileLoading(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "a.gate", []byte("x"))
	a, _, _ := newTestAssets(t, root, Options{})
	g := newGateLoader()
	a.RegisterFormat(".gate", g)
	var cbErr error
	calls := 0
	x := a.LoadAsync("a.gate", func(_ *Asset, err error) { calls++; cbErr = err })
	x.Release()
	if x.State() != Unloaded || calls != 1 || !errors.Is(cbErr, ErrUnloaded) {
		t.Fatalf("released while loading: %v, %d calls, err %v", x.State(), calls, cbErr)
	}
	if !strings.Contains(cbErr.Error(), "a.gate") {
		t.Fatalf("error %q does not name the asset", cbErr)
	}
	g.open()
	pollUntil(t, a, "the abandoned decode", func() bool { return g.decodes.Load() == 1 })
	a.Poll()
	if g.creates.Load() != 0 || g.frees.Load() != 0 || calls != 1 || x.State() != Unloaded {
		t.Fatalf("abandoned load: %d creates, %d frees, %d calls, %v", g.creates.Load(), g.frees.Load(), calls, x.State())
	}
	// A new request starts a new load.
	y, err := a.Load("a.gate")
	if err != nil || y == x || y.State() != Loaded {
		t.Fatalf("new load after abandon: %v %v", err, y)
	}
}

// Dependencies load first; a failed dependency fails the dependent with both
// names; a cycle is an error, not a hang; nothing stays held.
func TestAssetDependencies(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "top.gate", []byte("dep mid.gate\ndep leaf.gate\n"))
	writeFile(t, root, "mid.gate", []byte("dep leaf.gate\n"))
	writeFile(t, root, "leaf.gate", []byte("leaf\n"))
	writeFile(t, root, "bad.gate", []byte("dep broken.gate\n"))
	writeFile(t, root, "broken.gate", []byte("fail the leaf is rotten\n"))
	writeFile(t, root, "c1.gate", []byte("dep c2.gate\n"))
	writeFile(t, root, "c2.gate", []byte("dep c1.gate\n"))
	a, _, log := newTestAssets(t, root, Options{Workers: 2})
	g := newGateLoader()
	g.open()
	a.RegisterFormat(".gate", g)

	top, err := a.Load("top.gate")
	if err != nil {
		t.Fatal(err)
	}
	mid, leaf := a.Get("mid.gate"), a.Get("leaf.gate")
	if mid.State() != Loaded || leaf.State() != Loaded {
		t.Fatalf("dependencies %v %v, want loaded", mid, leaf)
	}
	if leaf.Refs() != 2 || mid.Refs() != 1 || top.Refs() != 1 {
		t.Fatalf("refs top %d mid %d leaf %d, want 1 1 2", top.Refs(), mid.Refs(), leaf.Refs())
	}
	top.Release()
	if mid.State() != Unloaded || leaf.State() != Unloaded || len(a.Loaded()) != 0 {
		t.Fatalf("after releasing the top: %v %v, still held %v", mid, leaf, a.Loaded())
	}

	_, err = a.Load("bad.gate")
	if err == nil || !strings.Contains(err.Error(), "bad.gate") || !strings.Contains(err.Error(), "broken.gate") ||
		!strings.Contains(err.Error(), "the leaf is rotten") {
		t.Fatalf("failed dependency: %v; want both names and the reason", err)
	}
	if a.State("bad.gate") != NotLoaded || a.State("broken.gate") != NotLoaded {
		t.Fatal("failed assets must hold nothing")
	}
	if !strings.Contains(log.String(), "the leaf is rotten") {
		t.Fatalf("failure not logged: %q", log)
	}

	_, err = a.Load("c1.gate")
	if err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Fatalf("dependency cycle: %v", err)
	}
	if len(a.Loaded()) != 0 {
		t.Fatalf("a cycle left %v held", a.Loaded())
	}
}

// Textures decode on workers and upload through the frame; the last Release
// deletes the GPU texture.
func TestTextureLoadAndFree(t *testing.T) {
	a, frames, _ := newTestAssets(t, "", Options{})
	x, err := a.Load("textures/red.png")
	if err != nil {
		t.Fatal(err)
	}
	tex := x.Texture()
	if tex == nil || tex.Width != 4 || tex.Height != 4 || tex.ID == 0 {
		t.Fatalf("texture %+v", tex)
	}
	rs := frames.F.Resources()
	if len(rs) != 1 || rs[0].Op != render.OpCreateTexture || rs[0].Texture != tex.ID {
		t.Fatalf("recorded %v", rs)
	}
	pix := frames.F.Bytes(rs[0].Data)
	if len(pix) != 64 || !bytes.Equal(pix[:4], []byte{255, 0, 0, 255}) {
		t.Fatalf("pixels % x", pix[:8])
	}
	j, err := a.Load("textures/green.jpg")
	if err != nil {
		t.Fatal(err)
	}
	if jt := j.Texture(); jt.Width != 8 || jt.Height != 8 {
		t.Fatalf("jpeg %+v", jt)
	}
	jpix := frames.F.Bytes(frames.F.Resources()[1].Data)
	if jpix[0] > 30 || jpix[1] < 220 || jpix[2] > 30 || jpix[3] != 255 {
		t.Fatalf("jpeg pixel % x, want green", jpix[:4])
	}
	x.Release()
	ds := frames.F.Deletes()
	if len(ds) != 1 || ds[0].Op != render.OpDeleteTexture || ds[0].Texture != tex.ID {
		t.Fatalf("deletes %v", ds)
	}
}

// Bad images: each gives an error naming the file and the reason; nothing
// panics.
func TestBadImages(t *testing.T) {
	root := t.TempDir()
	good := pngBytes(t, 16, 16, color.NRGBA{1, 2, 3, 255})
	writeFile(t, root, "truncated.png", good[:len(good)/2])
	corrupt := bytes.Clone(good)
	for i := 40; i < len(corrupt)-12; i++ {
		corrupt[i] ^= 0x5a
	}
	writeFile(t, root, "corrupt.png", corrupt)
	writeFile(t, root, "empty.png", nil)
	writeFile(t, root, "text.png", []byte("hello, I am not an image"))
	writeFile(t, root, "bad.jpg", []byte("\xff\xd8\xff\xe0garbage"))
	// A valid header claiming 100000x100000 pixels.
	huge := bytes.Clone(good[:33])
	huge[16], huge[17], huge[18], huge[19] = 0, 1, 0x86, 0xa0
	huge[20], huge[21], huge[22], huge[23] = 0, 1, 0x86, 0xa0
	writeFile(t, root, "huge.png", huge)
	a, frames, _ := newTestAssets(t, root, Options{})
	for _, c := range []struct{ file, want string }{
		{"truncated.png", "bad png data"},
		{"corrupt.png", "png"},
		{"empty.png", "empty file"},
		{"text.png", "not a PNG or JPEG"},
		{"bad.jpg", "jpeg"},
		{"huge.png", "png"},
		{"missing.png", "no such file"},
	} {
		x, err := a.Load(c.file)
		if err == nil || x != nil {
			t.Errorf("%s: loaded", c.file)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.file+": ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want it to start with the file and mention %q", c.file, err, c.want)
		}
	}
	if n := len(frames.F.Resources()); n != 0 {
		t.Fatalf("bad images recorded %d commands", n)
	}
}

// Paths cannot leave the asset root: "..", absolute paths and symbolic links
// that point out are refused with an error naming the path.
func TestAssetPathEscapes(t *testing.T) {
	outside := t.TempDir()
	writeFile(t, outside, "secret.png", pngBytes(t, 1, 1, color.NRGBA{9, 9, 9, 255}))
	root := t.TempDir()
	if err := os.Symlink(filepath.Join(outside, "secret.png"), filepath.Join(root, "link.png")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "dir")); err != nil {
		t.Fatal(err)
	}
	a, _, _ := newTestAssets(t, root, Options{})
	for _, p := range []string{"../secret.png", "a/../../secret.png", filepath.Join(outside, "secret.png"), `..\secret.png`, "link.png", "dir/secret.png"} {
		x, err := a.Load(p)
		if err == nil || x != nil {
			t.Errorf("%q: loaded", p)
			continue
		}
		if !errors.Is(err, ErrOutsideRoot) {
			t.Errorf("%q: error %q does not wrap ErrOutsideRoot", p, err)
		}
		if !strings.Contains(err.Error(), strings.TrimPrefix(filepath.Base(p), `..\`)) {
			t.Errorf("%q: error %q does not name the path", p, err)
		}
	}
	if _, err := a.Load(""); err == nil {
		t.Error("empty path loaded")
	}
	if _, err := a.Load("notes.txt"); err == nil || !strings.Contains(err.Error(), `no loader for ".txt"`) {
		t.Errorf("unknown extension: %v", err)
	}
}

// Many loads on several workers, with requests overlapping: under -race this
// checks the hand-off between workers and the main thread.
func TestAssetsConcurrentLoads(t *testing.T) {
	root := t.TempDir()
	const n = 40
	for i := range n {
		writeFile(t, root, fmt.Sprintf("t%02d.png", i), pngBytes(t, 2+i%5, 3, color.NRGBA{uint8(i), 0, 0, 255}))
	}
	a, frames, _ := newTestAssets(t, root, Options{Workers: 4})
	var xs []*Asset
	var done atomic.Int32
	for round := range 3 {
		for i := range n {
			x := a.LoadAsync(fmt.Sprintf("t%02d.png", i), func(x *Asset, err error) {
				if err != nil {
					t.Errorf("%v: %v", x, err)
				}
				done.Add(1)
			})
			if round == 0 {
				xs = append(xs, x)
			}
		}
	}
	pollUntil(t, a, "all loads", func() bool { return done.Load() == 3*n })
	if c := frames.Count(render.OpCreateTexture); c != n {
		t.Fatalf("%d textures created for %d files", c, n)
	}
	for i, x := range xs {
		if x.Refs() != 3 || x.Texture().Width != 2+i%5 {
			t.Fatalf("%v: refs %d, texture %+v", x, x.Refs(), x.Texture())
		}
		for range 3 {
			x.Release()
		}
	}
	if c := frames.Count(render.OpDeleteTexture); c != n {
		t.Fatalf("%d textures deleted, want %d", c, n)
	}
}

// A load callback that panics is reported, not spread.
func TestLoadCallbackPanic(t *testing.T) {
	a, _, log := newTestAssets(t, "", Options{})
	ch := a.LoadChan("textures/red.png")
	a.LoadAsync("textures/red.png", func(*Asset, error) { panic("boom") })
	pollUntil(t, a, "the load", func() bool { return a.State("textures/red.png") == Loaded })
	r := <-ch
	if r.Err != nil || r.Asset.Texture() == nil {
		t.Fatalf("LoadChan: %+v", r)
	}
	if !strings.Contains(log.String(), "boom") {
		t.Fatalf("panic not reported: %q", log)
	}
}

// Close stops the workers; no goroutine is left.
func TestAssetsClose(t *testing.T) {
	a, err := New(Options{Root: "../../testdata/assets", Workers: 3, Watch: true, Logger: core.DiscardLogger{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Load("textures/red.png"); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
	if _, err := a.Load("textures/green.jpg"); err == nil {
		t.Fatal("Load after Close succeeded")
	}
	if _, err := New(Options{Root: filepath.Join(t.TempDir(), "nope")}); err == nil {
		t.Fatal("a missing root must be an error")
	}
}

// Polling with nothing to deliver, as every steady-state frame does,
// allocates nothing.
func TestPollAllocatesNothing(t *testing.T) {
	a, _, _ := newTestAssets(t, "", Options{Watch: true})
	if _, err := a.Load("textures/red.png"); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(200, func() { a.Poll(); a.checkRenderErr(nil) }); n != 0 {
		t.Fatalf("Poll allocates %v times per frame", n)
	}
}

// waitGoroutines waits until no more goroutines run than before (or fails
// after a generous deadline).
func waitGoroutines(t *testing.T, before int, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for goruntime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d goroutines before, %d after", what, before, goruntime.NumGoroutine())
		}
		time.Sleep(time.Millisecond)
	}
}

// Close returns while a Decode is stuck: the load in progress and the one
// queued behind it never finish (no create, the queued one never decoded),
// their callbacks run once each, from Close, with ErrClosed, and the
// Manager's own pool stops once the stuck decode returns, leaving no
// goroutine behind and no second callback.
func TestAssetsCloseWithStuckDecode(t *testing.T) {
	before := goruntime.NumGoroutine()
	root := t.TempDir()
	writeFile(t, root, "a.gate", []byte("a"))
	writeFile(t, root, "b.gate", []byte("b"))
	a, err := New(Options{Root: root, Workers: 1, Logger: core.DiscardLogger{}})
	if err != nil {
		t.Fatal(err)
	}
	g := newGateLoader()
	a.RegisterFormat(".gate", g)
	var calls atomic.Int32
	var errs [2]error
	a.LoadAsync("a.gate", func(_ *Asset, err error) { calls.Add(1); errs[0] = err })
	a.LoadAsync("b.gate", func(_ *Asset, err error) { calls.Add(1); errs[1] = err }) // queued: one worker
	pollUntil(t, a, "the decode to start", func() bool { return g.entered.Load() == 1 })
	closed := make(chan error, 1)
	go func() { closed <- a.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close hung on a stuck decode")
	}
	if calls.Load() != 2 || !errors.Is(errs[0], ErrClosed) || !errors.Is(errs[1], ErrClosed) {
		t.Fatalf("after Close: %d callbacks, errors %v, %v; want 2, both ErrClosed", calls.Load(), errs[0], errs[1])
	}
	g.open()
	waitGoroutines(t, before, "after the stuck decode returned")
	a.Poll()
	if calls.Load() != 2 || g.entered.Load() != 1 || g.creates.Load() != 0 {
		t.Fatalf("after the stuck decode returned: %d callbacks, %d decodes begun, %d creates; want 2, 1, 0",
			calls.Load(), g.entered.Load(), g.creates.Load())
	}
	if a.State("a.gate") != NotLoaded || a.State("b.gate") != NotLoaded {
		t.Fatalf("abandoned loads still held: %v, %v", a.State("a.gate"), a.State("b.gate"))
	}
}

// Close runs every load callback still pending exactly once, with an
// *Error naming the asset and wrapping ErrClosed, in asset path order: a
// load decoding, one queued, one decoded but not yet polled, one waiting for
// a dependency, and a LoadChan. A load asked for from such a callback, or
// after Close, fails at once with ErrClosed. Nothing is created afterwards.
func TestAssetsCloseRunsPendingCallbacks(t *testing.T) {
	root := copyTestdata(t)
	writeFile(t, root, "stuck.gate", []byte("stuck"))
	writeFile(t, root, "queued.gate", []byte("queued"))
	writeFile(t, root, "p.dep", []byte("dep stuck.gate\n"))
	a, _, _ := newTestAssets(t, root, Options{Workers: 2})
	g := newGateLoader() // blocks every decode until opened
	a.RegisterFormat(".gate", g)
	free := newGateLoader()
	free.open()
	a.RegisterFormat(".dep", free)
	opened := false
	defer func() {
		if !opened {
			g.open() // let the stuck decode return when the test fails early
		}
	}()

	var got []string
	record := func(x *Asset, err error) {
		var ae *Error
		if x == nil || x.State() != Failed || !errors.Is(err, ErrClosed) || !errors.As(err, &ae) || ae.Path != x.Path() ||
			!strings.Contains(err.Error(), x.Path()+": asset manager closed") {
			t.Errorf("callback for %v: error %v; want a Failed asset and an *Error naming it, wrapping ErrClosed", x, err)
		}
		got = append(got, x.Path())
	}
	a.LoadAsync("stuck.gate", record)
	pollUntil(t, a, "the stuck decode", func() bool { return g.entered.Load() == 1 })
	a.LoadAsync("p.dep", record)
	pollUntil(t, a, "p.dep to wait for stuck.gate", func() bool { x := a.Get("p.dep"); return x != nil && x.pending == 1 })
	var inner error
	a.LoadAsync("textures/red.png", func(x *Asset, err error) {
		record(x, err)
		a.LoadAsync("textures/green.jpg", func(_ *Asset, err error) { inner = err }) // from inside Close
	})
	deadline := time.Now().Add(10 * time.Second)
	for { // decoded, not polled
		a.mu.Lock()
		n := len(a.results)
		a.mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for red.png to decode")
		}
		time.Sleep(time.Millisecond)
	}
	a.LoadAsync("queued.gate", record)
	ch := a.LoadChan("stuck.gate")

	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	want := []string{"p.dep", "queued.gate", "stuck.gate", "textures/red.png"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("callbacks run by Close: %q, want %q once each", got, want)
	}
	select {
	case r := <-ch:
		if r.Asset == nil || !errors.Is(r.Err, ErrClosed) {
			t.Fatalf("LoadChan after Close: %+v", r)
		}
	default:
		t.Fatal("LoadChan got nothing from Close")
	}
	if !errors.Is(inner, ErrClosed) {
		t.Fatalf("a load asked for by a callback run from Close: %v, want ErrClosed at once", inner)
	}
	if _, err := a.Load("textures/green.jpg"); !errors.Is(err, ErrClosed) || !strings.Contains(err.Error(), "textures/green.jpg") {
		t.Fatalf("Load after Close: %v, want an error naming the file, wrapping ErrClosed", err)
	}
	for _, p := range want {
		if st := a.State(p); st != NotLoaded {
			t.Fatalf("%s is %v after Close, want not loaded", p, st)
		}
	}
	g.open()
	opened = true
	a.Poll()
	if len(got) != len(want) || g.creates.Load() != 0 || free.creates.Load() != 0 {
		t.Fatalf("after Close: %d callbacks, %d+%d creates; want %d, 0", len(got), g.creates.Load(), free.creates.Load(), len(want))
	}
}

// A Manager with no decode under way closes its own pool in Close: no
// goroutine is left.
func TestAssetsCloseStopsOwnPool(t *testing.T) {
	before := goruntime.NumGoroutine()
	a, err := New(Options{Root: "../../testdata/assets", Workers: 3, Logger: core.DiscardLogger{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Load("textures/red.png"); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	waitGoroutines(t, before, "after Close") // exiting workers may linger a moment
}

// A Manager on the caller's pool decodes there, at most Workers at once
// (by default all of the pool's workers but one), so a stuck decode leaves
// the pool to other jobs; Close leaves the pool open.
func TestAssetsOnSharedJobPool(t *testing.T) {
	p := core.NewJobPool(2)
	defer p.Close()
	root := t.TempDir()
	writeFile(t, root, "a.gate", []byte("a"))
	writeFile(t, root, "b.gate", []byte("b"))
	a, _, _ := newTestAssets(t, root, Options{Jobs: p})
	g := newGateLoader()
	a.RegisterFormat(".gate", g)
	x := a.LoadAsync("a.gate", nil)
	y := a.LoadAsync("b.gate", nil)
	pollUntil(t, a, "the first decode", func() bool { return g.entered.Load() == 1 })
	frame := core.NewJobGraph(p)
	var ran atomic.Int32
	frame.Add("frame", func() { ran.Add(1) })
	for range 20 { // a frame's jobs still run while a decode is stuck
		done := make(chan error, 1)
		go func() { done <- frame.Run() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a stuck decode starved the shared pool")
		}
	}
	time.Sleep(10 * time.Millisecond)
	if n := g.entered.Load(); n != 1 {
		t.Fatalf("%d decodes at once on a 2-worker shared pool, want 1", n)
	}
	g.open()
	pollUntil(t, a, "both loads", func() bool { return x.State() == Loaded && y.State() == Loaded })
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if err := frame.Run(); err != nil {
		t.Fatalf("the caller's pool after Manager.Close: %v", err)
	}
	if ran.Load() != 21 {
		t.Fatalf("frame job ran %d times, want 21", ran.Load())
	}
}

// Loads on a pool its owner closed fail with an error naming the asset and
// wrapping core.ErrPoolClosed, rather than waiting forever.
func TestAssetsOnClosedJobPool(t *testing.T) {
	p := core.NewJobPool(1)
	p.Close()
	a, _, _ := newTestAssets(t, "", Options{Jobs: p})
	for _, f := range []string{"textures/red.png", "textures/green.jpg"} {
		x, err := a.Load(f)
		if x != nil || !errors.Is(err, core.ErrPoolClosed) || !strings.HasPrefix(err.Error(), f+": ") {
			t.Fatalf("Load(%q) on a closed pool: %v, %v", f, x, err)
		}
	}
}

// panicLoader's Decode panics.
type panicLoader struct{ gateLoader }

func (*panicLoader) Decode(*Source) (any, error) { panic("kaboom") }

// A Decode that panics fails its load with an error; the pool goes on.
func TestDecodePanicIsAnError(t *testing.T) {
	root := copyTestdata(t)
	writeFile(t, root, "x.boom", []byte("x"))
	a, _, _ := newTestAssets(t, root, Options{Workers: 1})
	a.RegisterFormat(".boom", &panicLoader{})
	x, err := a.Load("x.boom")
	if x != nil || err == nil || !strings.Contains(err.Error(), "x.boom: decoder panicked: kaboom") {
		t.Fatalf("Load of a panicking decoder: %v, %v", x, err)
	}
	if _, err := a.Load("textures/red.png"); err != nil {
		t.Fatalf("a load after the panic: %v", err)
	}
}

// A bad font file's error comes from package text and names the asset
// path of the file, once: `fonts/bad.ttf: text: font "fonts/bad.ttf": ...`.
func TestBadFontErrorNamesFile(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "fonts/bad.ttf", []byte("not a font at all"))
	a, _, _ := newTestAssets(t, root, Options{})
	_, err := a.Load("fonts/bad.ttf")
	var ae *Error
	if err == nil || !errors.As(err, &ae) || ae.Path != "fonts/bad.ttf" {
		t.Fatalf("Load(bad font) = %v, want an *Error for fonts/bad.ttf", err)
	}
	if want := `fonts/bad.ttf: text: font "fonts/bad.ttf": `; !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %q does not start with %q", err, want)
	}
	if strings.Contains(err.Error(), "scenegraph") {
		t.Fatalf("error %q blames scenegraph; fonts live in package text", err)
	}
}

// A panic in a Reloaded or ReloadFailed listener is reported to the
// Manager's logger and that listener removed; it never reaches Poll's
// caller (a Director's BeginFrame, which would drop Poll itself).
func TestReloadListenerPanicReported(t *testing.T) {
	a, _, log := newTestAssets(t, "", Options{})
	a.Reloaded.On(func(*Asset) { panic("reload boom") })
	a.ReloadFailed.On(func(ReloadError) { panic("failed boom") })
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("a reload listener's panic reached the emitter: %v", r)
			}
		}()
		a.Reloaded.Emit(&Asset{path: "x.png"})
		a.ReloadFailed.Emit(ReloadError{})
	}()
	if got := log.String(); !strings.Contains(got, "reload boom") || !strings.Contains(got, "failed boom") ||
		strings.Count(got, "the listener is removed") != 2 {
		t.Fatalf("log: %q", got)
	}
	if a.Reloaded.Len() != 0 || a.ReloadFailed.Len() != 0 {
		t.Fatal("the panicking listeners are still subscribed")
	}
	u := NewUnavailable(errors.New("no root"))
	u.Reloaded.On(func(*Asset) { panic("unavailable boom") })
	u.logger = log
	u.Reloaded.Emit(nil)
	if !strings.Contains(log.String(), "unavailable boom") {
		t.Fatalf("NewUnavailable's signals: %q", log)
	}
}
