package graph_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/null"
)

// rig is a graph recorded into NewFrames and executed by the null
// backend, which checks every command against the live resources.
type rig struct {
	t testing.TB
	g *graph.Graph
	f *render.Frame
	b *null.Backend
	n uint64
}

func newRig(t testing.TB) *rig {
	b := null.New()
	b.Init()
	return &rig{t: t, g: graph.New(), f: render.NewFrame(), b: b}
}

// record records one frame of the graph into the rig's frame (reset first)
// and returns Record's error.
func (r *rig) record(out render.TargetID, vp render.Rect, w, h int) error {
	r.f.Reset()
	return r.g.Record(r.f, out, vp, w, h)
}

// execute runs the recorded frame on the null backend and fails the test
// on any error it finds.
func (r *rig) execute() {
	r.t.Helper()
	r.n++
	r.f.SetNumber(r.n)
	if err := r.b.Execute(r.f); err != nil {
		r.t.Fatal(err)
	}
}

// copyDraw is a Draw that samples every read image into a full-screen draw,
// recording the texture of its first read in Texture and of the others in
// Inputs.
func copyDraw(reads ...string) func(c *graph.Context) {
	return func(c *graph.Context) {
		d := render.FullscreenDraw{}
		for i, r := range reads {
			if i == 0 {
				d.Texture = c.Texture(r)
			} else {
				d.Inputs[i-1] = c.Texture(r)
			}
		}
		c.Begin(render.Pass{}).DrawFullscreen(&d)
	}
}

func (r *rig) add(name, writes string, reads ...string) {
	r.t.Helper()
	if err := r.g.Add(graph.Pass{Name: name, Reads: reads, Writes: writes, Draw: copyDraw(reads...)}); err != nil {
		r.t.Fatal(err)
	}
}

// framePasses returns the names of the frame's passes.
func framePasses(f *render.Frame) []string {
	var names []string
	for _, p := range f.Passes() {
		names = append(names, p.Name)
	}
	return names
}

// bloomChain declares a small post chain, adding the passes out of order.
func bloomChain(r *rig) {
	hdr := graph.ImageDesc{Format: render.FormatRGBA16F}
	half := graph.ImageDesc{Format: render.FormatRGBA16F, Scale: 0.5}
	r.g.Image(graph.Scene, hdr)
	r.g.Image("bright", half)
	r.g.Image("blur", half)
	r.g.Image("combined", hdr)
	r.g.Image("ldr", graph.ImageDesc{})
	r.add("tonemap", "", "combined")
	r.add("combine", "combined", graph.Scene, "blur")
	r.add("blur", "blur", "bright")
	r.add("bright", "bright", graph.Scene)
	r.add("camera", graph.Scene)
}

func TestOrderFollowsReads(t *testing.T) {
	r := newRig(t)
	bloomChain(r)
	if err := r.record(0, render.Rect{}, 64, 32); err != nil {
		t.Fatal(err)
	}
	want := []string{"camera", "bright", "blur", "combine", "tonemap"}
	if got := r.g.Passes(); !slices.Equal(got, want) {
		t.Fatalf("Passes() = %q, want %q", got, want)
	}
	if got := framePasses(r.f); !slices.Equal(got, want) {
		t.Fatalf("recorded passes %q, want %q", got, want)
	}
	// Each pass draws into its image and samples the images it reads.
	ps := r.f.Passes()
	scene, _ := r.g.Target(graph.Scene)
	combined, _ := r.g.Target("combined")
	if ps[0].Target != scene || ps[3].Target != combined || ps[4].Target != 0 {
		t.Errorf("targets %v %v %v, want scene %v, combined %v, screen", ps[0].Target, ps[3].Target, ps[4].Target, scene, combined)
	}
	fd := r.f.FullscreenDraws()
	blurTarget, rect := r.g.Target("blur")
	if rect != (render.Rect{W: 32, H: 16}) {
		t.Errorf("blur image rect %v, want 32x16 (half of 64x32)", rect)
	}
	if fd[3].Texture != r.f.TargetTexture(scene, 0) || fd[3].Inputs[0] != r.f.TargetTexture(blurTarget, 0) {
		t.Errorf("combine samples %v and %v, want the scene's and blur's textures", fd[3].Texture, fd[3].Inputs[0])
	}
	r.execute()
}

func TestWritersOfOneImageRunInOrderOfAdding(t *testing.T) {
	r := newRig(t)
	r.g.Image(graph.Scene, graph.ImageDesc{})
	r.g.Image("overlay", graph.ImageDesc{})
	r.add("present", "", graph.Scene, "overlay") // the reader comes first
	r.add("world", graph.Scene)
	r.add("hud", "overlay")
	r.add("sky", graph.Scene)
	if err := r.record(0, render.Rect{}, 16, 16); err != nil {
		t.Fatal(err)
	}
	want := []string{"world", "hud", "sky", "present"}
	if got := r.g.Passes(); !slices.Equal(got, want) {
		t.Fatalf("Passes() = %q, want %q", got, want)
	}
	r.execute()
}

func TestUnreadPassesAreCulled(t *testing.T) {
	r := newRig(t)
	bloomChain(r)
	r.g.Image("debug", graph.ImageDesc{})
	r.add("debug view", "debug", graph.Scene)
	if err := r.record(0, render.Rect{}, 64, 32); err != nil {
		t.Fatal(err)
	}
	if got := r.g.Passes(); slices.Contains(got, "debug view") || len(got) != 5 {
		t.Errorf("Passes() = %q: want the chain's five passes without the unread one", got)
	}
	if id, _ := r.g.Target("debug"); id != 0 {
		t.Errorf("the culled pass's image has target %v, want none", id)
	}
	if id, _ := r.g.Target("ldr"); id != 0 {
		t.Errorf("an image no pass uses has target %v, want none", id)
	}
	r.execute()
	// Once something reads it, the pass runs and its image gets a target.
	r.add("tonemap", "", "combined", "debug")
	if err := r.record(0, render.Rect{}, 64, 32); err != nil {
		t.Fatal(err)
	}
	if got := r.g.Passes(); !slices.Contains(got, "debug view") {
		t.Errorf("Passes() = %q, want the now-read pass in", got)
	}
	if id, _ := r.g.Target("debug"); id == 0 {
		t.Error("the read image has no target")
	}
	r.execute()
}

// ldrChain is camera → tonemap → fxaa → vignette → Output.
func ldrChain(r *rig) {
	r.g.Image(graph.Scene, graph.ImageDesc{Format: render.FormatRGBA16F})
	r.g.Image("ldr", graph.ImageDesc{})
	r.g.Image("aa", graph.ImageDesc{})
	r.add("camera", graph.Scene)
	r.add("tonemap", "ldr", graph.Scene)
	r.add("fxaa", "aa", "ldr")
	r.add("vignette", "", "aa")
}

func TestDisabledPassPassesItsImageThrough(t *testing.T) {
	r := newRig(t)
	ldrChain(r)
	if err := r.g.Enable("fxaa", false); err != nil {
		t.Fatal(err)
	}
	if r.g.Enabled("fxaa") || !r.g.Enabled("vignette") {
		t.Error("Enabled does not report the switches")
	}
	if err := r.record(0, render.Rect{}, 32, 32); err != nil {
		t.Fatal(err)
	}
	if got, want := r.g.Passes(), []string{"camera", "tonemap", "vignette"}; !slices.Equal(got, want) {
		t.Fatalf("Passes() = %q, want %q", got, want)
	}
	ldr, _ := r.g.Target("ldr")
	if got, want := r.f.FullscreenDraws()[2].Texture, r.f.TargetTexture(ldr, 0); got != want || want == 0 {
		t.Errorf("vignette samples %v, want the tone-mapped image %v", got, want)
	}
	if id, _ := r.g.Target("aa"); id != 0 {
		t.Errorf("the skipped pass's image still has target %v", id)
	}
	r.execute()

	// With the last pass off too, the output gets a copy of the LDR image.
	r.g.Enable("vignette", false)
	if err := r.record(7, render.Rect{X: 2, Y: 3, W: 20, H: 10}, 20, 10); err != nil {
		t.Fatal(err)
	}
	if got, want := r.g.Passes(), []string{"camera", "tonemap", "vignette (pass-through)"}; !slices.Equal(got, want) {
		t.Fatalf("Passes() = %q, want %q", got, want)
	}
	last := r.f.Passes()[2]
	if last.Target != 7 || last.Viewport != (render.Rect{X: 2, Y: 3, W: 20, H: 10}) {
		t.Errorf("copy pass into %v %v, want target 7 in the caller's viewport", last.Target, last.Viewport)
	}
	ldr, _ = r.g.Target("ldr")
	if got := r.f.FullscreenDraws()[2]; got.Texture != r.f.TargetTexture(ldr, 0) || got.Shader != 0 {
		t.Errorf("copy draw %+v, want the built-in program sampling the LDR image", got)
	}

	// And back on: the chain is whole again.
	r.g.Enable("fxaa", true)
	r.g.Enable("vignette", true)
	if err := r.record(0, render.Rect{}, 32, 32); err != nil {
		t.Fatal(err)
	}
	if got, want := r.g.Passes(), []string{"camera", "tonemap", "fxaa", "vignette"}; !slices.Equal(got, want) {
		t.Fatalf("Passes() = %q, want %q", got, want)
	}
	if err := r.g.Enable("nope", true); err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("Enable of an unknown pass: %v", err)
	}
}

func TestGraphErrorsNameTheirPassesAndImages(t *testing.T) {
	cases := []struct {
		name  string
		build func(r *rig)
		want  []string
	}{
		{"cycle", func(r *rig) {
			r.g.Image("a", graph.ImageDesc{})
			r.g.Image("b", graph.ImageDesc{})
			r.add("present", "", "a")
			r.add("pa", "a", "b")
			r.add("pb", "b", "a")
		}, []string{"cycle", `"pa" reads "b" written by "pb"`, `"pb" reads "a" written by "pa"`}},
		{"feedback", func(r *rig) {
			r.g.Image("a", graph.ImageDesc{})
			r.add("present", "", "a")
			r.add("loop", "a", "a")
		}, []string{"cycle", `"loop" reads "a" written by "loop"`}},
		{"missing writer", func(r *rig) {
			r.g.Image("hdr", graph.ImageDesc{})
			r.add("present", "", "hdr")
		}, []string{`"present"`, `"hdr"`, "no enabled pass writes"}},
		{"disabled writer without reads", func(r *rig) {
			r.g.Image("hdr", graph.ImageDesc{})
			r.add("camera", "hdr")
			r.add("present", "", "hdr")
			r.g.Enable("camera", false)
		}, []string{`"present"`, `"hdr"`, "no enabled pass writes"}},
		{"undeclared write", func(r *rig) {
			r.add("present", "")
			r.add("px", "x")
		}, []string{`"px"`, `"x"`, "undeclared"}},
		{"undeclared read", func(r *rig) {
			r.add("present", "", "ghost")
		}, []string{`"present"`, `"ghost"`, "undeclared"}},
		{"reads output", func(r *rig) {
			r.add("present", "", graph.Output)
		}, []string{`"present"`, `"output"`}},
		{"declares output", func(r *rig) {
			r.g.Image(graph.Output, graph.ImageDesc{})
			r.add("present", "")
		}, []string{`"output"`, "cannot be declared"}},
		{"bad image", func(r *rig) {
			r.g.Image("odd", graph.ImageDesc{Colors: 9})
			r.add("present", "", "odd")
			r.add("po", "odd")
		}, []string{`"odd"`, "color attachments"}},
		{"no output", func(r *rig) {
			r.g.Image("a", graph.ImageDesc{})
			r.add("pa", "a")
		}, []string{"no enabled pass writes", `"output"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			c.build(r)
			err := r.record(0, render.Rect{}, 16, 16)
			if err == nil {
				t.Fatal("Record succeeded")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %s", err, w)
				}
			}
			if n := len(r.f.Passes()) + len(r.f.Resources()) + len(r.f.Items()); n != 0 {
				t.Errorf("a failed Record recorded %d passes, resources and items", n)
			}
			if got := r.g.Passes(); len(got) != 0 {
				t.Errorf("Passes() = %q after an error", got)
			}
		})
	}
}

func TestAddRejectsBadPasses(t *testing.T) {
	g := graph.New()
	for _, p := range []graph.Pass{
		{},
		{Name: "twice", Reads: []string{"a", "a"}},
		{Name: "blank", Reads: []string{""}},
	} {
		err := g.Add(p)
		if err == nil {
			t.Errorf("Add(%+v) succeeded", p)
		} else if p.Name != "" && !strings.Contains(err.Error(), p.Name) {
			t.Errorf("error %q does not name pass %q", err, p.Name)
		}
	}
}

func TestResizeRecreatesScaledImages(t *testing.T) {
	r := newRig(t)
	r.g.Image("half", graph.ImageDesc{Scale: 0.5})
	r.g.Image("fixed", graph.ImageDesc{Width: 8, Height: 4})
	r.add("a", "half")
	r.add("b", "fixed")
	r.add("present", "", "half", "fixed")
	if err := r.record(0, render.Rect{}, 100, 50); err != nil {
		t.Fatal(err)
	}
	half1, rect := r.g.Target("half")
	fixed1, frect := r.g.Target("fixed")
	if rect != (render.Rect{W: 50, H: 25}) || frect != (render.Rect{W: 8, H: 4}) {
		t.Fatalf("rects %v and %v, want 50x25 and 8x4", rect, frect)
	}
	r.execute()

	// The same size: nothing is created or deleted.
	if err := r.record(0, render.Rect{}, 100, 50); err != nil {
		t.Fatal(err)
	}
	if n := len(r.f.Resources()) + len(r.f.Deletes()); n != 0 {
		t.Errorf("a steady frame recorded %d resource commands", n)
	}
	r.execute()

	if err := r.record(0, render.Rect{}, 61, 40); err != nil {
		t.Fatal(err)
	}
	half2, rect := r.g.Target("half")
	fixed2, _ := r.g.Target("fixed")
	if half2 == half1 || rect != (render.Rect{W: 31, H: 20}) {
		t.Errorf("after the resize: half image %v %v, want a new 31x20 target", half2, rect)
	}
	if fixed2 != fixed1 {
		t.Error("the fixed-size image was recreated on resize")
	}
	dels := r.f.Deletes()
	if len(dels) != 1 || dels[0].Op != render.OpDeleteTarget || dels[0].Target != half1 {
		t.Errorf("deletes %+v, want the old half image's target", dels)
	}
	if ps := r.f.Passes(); ps[0].Target != half2 || ps[0].Viewport != (render.Rect{W: 31, H: 20}) {
		t.Errorf("the pass draws into %v %v, want the new target", ps[0].Target, ps[0].Viewport)
	}
	r.execute()

	// A changed description recreates the image too.
	r.g.Image("fixed", graph.ImageDesc{Width: 8, Height: 4, Format: render.FormatRGBA16F})
	if err := r.record(0, render.Rect{}, 61, 40); err != nil {
		t.Fatal(err)
	}
	if fixed3, _ := r.g.Target("fixed"); fixed3 == fixed2 {
		t.Error("a changed description kept the old target")
	}
	r.execute()

	// Release deletes every target; the backend ends with none.
	r.f.Reset()
	r.g.Release(r.f)
	r.execute()
	if live := r.b.Live(); live.Targets != 0 || live.Textures != 0 {
		t.Errorf("after Release: %+v alive", live)
	}
}

func TestBeginFillsThePass(t *testing.T) {
	r := newRig(t)
	r.g.Image("img", graph.ImageDesc{Scale: 0.25, Colors: 2})
	clear := mgl32.Vec4{0.1, 0.2, 0.3, 1}
	var sizes [][2]int
	r.g.Add(graph.Pass{Name: "draw", Writes: "img", Clear: render.ClearColor | render.ClearDepth, ClearColor: clear,
		Draw: func(c *graph.Context) {
			w, h := c.Size()
			sizes = append(sizes, [2]int{w, h})
			c.Begin(render.Pass{ViewProj: mgl32.Ident4()})
			c.Begin(render.Pass{Name: "second"}) // a second pass: no clear from the graph
		}})
	r.g.Add(graph.Pass{Name: "present", Reads: []string{"img"}, Clear: render.ClearColor,
		Draw: func(c *graph.Context) {
			w, h := c.Size()
			iw, ih := c.SizeOf("img")
			sizes = append(sizes, [2]int{w, h}, [2]int{iw, ih})
			f := c.Begin(render.Pass{Clear: render.ClearDepth})
			f.DrawFullscreen(&render.FullscreenDraw{Texture: c.Attachment("img", 1)})
		}})
	vp := render.Rect{X: 10, Y: 20, W: 40, H: 80}
	if err := r.record(3, vp, 40, 80); err != nil {
		t.Fatal(err)
	}
	img, rect := r.g.Target("img")
	ps := r.f.Passes()
	if len(ps) != 3 {
		t.Fatalf("%d passes, want 3", len(ps))
	}
	want := render.Pass{Target: img, Viewport: render.Rect{W: 10, H: 20}, Name: "draw",
		Clear: render.ClearColor | render.ClearDepth, ClearColor: clear, ViewProj: mgl32.Ident4()}
	if ps[0] != want {
		t.Errorf("first pass\n%+v, want\n%+v", ps[0], want)
	}
	if rect != want.Viewport {
		t.Errorf("Target rect %v, want %v", rect, want.Viewport)
	}
	if ps[1].Name != "second" || ps[1].Clear != 0 || ps[1].Target != img {
		t.Errorf("second Begin: %+v, want no clear, same target", ps[1])
	}
	if ps[2].Target != 3 || ps[2].Viewport != vp || ps[2].Name != "present" || ps[2].Clear != render.ClearDepth {
		t.Errorf("output pass %+v, want target 3, the caller's viewport, its own clear", ps[2])
	}
	if got, want := r.f.FullscreenDraws()[0].Texture, r.f.TargetTexture(img, 1); got != want || want == 0 {
		t.Errorf("Attachment 1 = %v, want %v", got, want)
	}
	if got := [][2]int{{10, 20}, {40, 80}, {10, 20}}; !slices.Equal(sizes, got) {
		t.Errorf("sizes %v, want %v", sizes, got)
	}
}

func TestContextReportsUndeclaredReads(t *testing.T) {
	r := newRig(t)
	r.g.Image("a", graph.ImageDesc{})
	r.g.Image("b", graph.ImageDesc{})
	r.add("pa", "a")
	r.add("pb", "b")
	r.g.Add(graph.Pass{Name: "present", Reads: []string{"a"}, Draw: func(c *graph.Context) {
		c.Begin(render.Pass{}).DrawFullscreen(&render.FullscreenDraw{Texture: c.Texture("b")})
	}})
	err := r.record(0, render.Rect{}, 8, 8)
	if err == nil || !strings.Contains(err.Error(), `"present"`) || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("Record error %v, want one naming the pass and the image it did not declare", err)
	}
	if len(r.f.Passes()) != 2 {
		t.Errorf("%d passes recorded, want the whole frame (2: b is culled)", len(r.f.Passes()))
	}
}

func TestPanickingDrawLeavesTheGraphUsable(t *testing.T) {
	r := newRig(t)
	ldrChain(r)
	boom := true
	r.g.Add(graph.Pass{Name: "fxaa", Reads: []string{"ldr"}, Writes: "aa", Draw: func(c *graph.Context) {
		if boom {
			panic("boom")
		}
		copyDraw("ldr")(c)
	}})
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the Draw's panic did not propagate")
			}
		}()
		r.record(0, render.Rect{}, 16, 16)
	}()
	boom = false
	if err := r.record(0, render.Rect{}, 16, 16); err != nil {
		t.Fatal(err)
	}
	if got, want := framePasses(r.f), []string{"camera", "tonemap", "fxaa", "vignette"}; !slices.Equal(got, want) {
		t.Errorf("passes after a panic %q, want %q", got, want)
	}
	// The targets made in the frame that panicked are the ones used now.
	if len(r.f.Resources()) != 0 {
		t.Errorf("%d resource commands after the panicking frame, want none", len(r.f.Resources()))
	}
}

func TestRemove(t *testing.T) {
	r := newRig(t)
	ldrChain(r)
	if !r.g.Remove("fxaa") || r.g.Remove("fxaa") {
		t.Fatal("Remove does not report whether the pass existed")
	}
	err := r.record(0, render.Rect{}, 16, 16)
	if err == nil || !strings.Contains(err.Error(), `"aa"`) {
		t.Errorf("Record after removing aa's writer: %v, want an error naming aa", err)
	}
}

func TestRecordAllocatesNothing(t *testing.T) {
	r := newRig(t)
	bloomChain(r)
	ldrChain(r) // adds fxaa and vignette; replaces camera and tonemap
	r.g.Image("ldr", graph.ImageDesc{})
	if err := r.record(0, render.Rect{}, 64, 64); err != nil {
		t.Fatal(err)
	}
	r.execute()
	allocs := testing.AllocsPerRun(50, func() {
		if err := r.record(0, render.Rect{}, 64, 64); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Record allocates %v times per frame, want 0", allocs)
	}
	if len(r.f.Passes()) != 4 {
		t.Errorf("%d passes, want 4", len(r.f.Passes()))
	}
}

func BenchmarkRecord(b *testing.B) {
	r := newRig(b)
	bloomChain(r)
	b.ReportAllocs()
	for b.Loop() {
		r.f.Reset()
		r.g.Record(r.f, 0, render.Rect{}, 1280, 720)
	}
}

// The caller draws input images (the scene, always one) between Prepare
// and Record: passes read them without a writer.
func TestInputImages(t *testing.T) {
	r := newRig(t)
	r.g.Image(graph.Scene, graph.ImageDesc{Format: render.FormatRGBA16F, Samples: 4})
	r.g.Image("ui", graph.ImageDesc{Input: true, Scale: 0.5})
	r.g.Image("ldr", graph.ImageDesc{})
	r.add("tonemap", "ldr", graph.Scene)
	r.add("present", "", "ldr", "ui")
	r.f.Reset()
	if err := r.g.Prepare(r.f, 40, 20); err != nil {
		t.Fatal(err)
	}
	scene, rect := r.g.Target(graph.Scene)
	ui, uiRect := r.g.Target("ui")
	if scene == 0 || rect != (render.Rect{W: 40, H: 20}) || ui == 0 || uiRect != (render.Rect{W: 20, H: 10}) {
		t.Fatalf("after Prepare: scene %v %v, ui %v %v; want both created, 40x20 and 20x10", scene, rect, ui, uiRect)
	}
	// The caller's own pass into the scene, then the graph's.
	r.f.BeginPass(render.Pass{Target: scene, Name: "camera", Clear: render.ClearColor})
	if err := r.g.Record(r.f, 0, render.Rect{}, 40, 20); err != nil {
		t.Fatal(err)
	}
	if got, want := framePasses(r.f), []string{"camera", "tonemap", "present"}; !slices.Equal(got, want) {
		t.Errorf("passes %q, want %q", got, want)
	}
	if got := r.f.FullscreenDraws()[0].Texture; got != r.f.TargetTexture(scene, 0) {
		t.Errorf("tonemap samples %v, want the scene %v", got, r.f.TargetTexture(scene, 0))
	}
	if len(r.f.Resources()) != 1+1+1 {
		t.Errorf("%d resource commands, want the three targets created once", len(r.f.Resources()))
	}
	r.execute()

	// A pass-through may end in an input image.
	r.add("fxaa", "ldr2", "ldr")
	r.g.Image("ldr2", graph.ImageDesc{})
	r.add("present", "", "ldr2", "ui")
	r.g.Enable("tonemap", false)
	r.g.Enable("fxaa", false)
	if err := r.record(0, render.Rect{}, 40, 20); err != nil {
		t.Fatal(err)
	}
	if got := r.f.FullscreenDraws()[0].Texture; got != r.f.TargetTexture(scene, 0) {
		t.Errorf("present samples %v through two disabled passes, want the scene %v", got, r.f.TargetTexture(scene, 0))
	}
}
