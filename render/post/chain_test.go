package post_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
)

// copyPass is a display-stage pass that copies its input (the built-in
// post program), tinted.
func copyPass(name string, tint mgl32.Vec4) post.Pass {
	return post.Pass{Name: name, Draw: func(gc *graph.Context, input string) {
		f := gc.Begin(render.Pass{})
		f.DrawFullscreen(&render.FullscreenDraw{Texture: gc.Texture(input), Color: tint})
	}}
}

// Insert, Remove and Move change the display stage's order, which the
// graph runs: each pass reads the one before, the last writes the output.
func TestChainInsertRemoveMove(t *testing.T) {
	r := newNullRig(t, allOn())
	c := r.c
	if got := c.Passes(); !slices.Equal(got, []string{"fxaa", "vignette"}) {
		t.Fatalf("stage %q", got)
	}
	order := func() []string {
		t.Helper()
		if err := r.frame(64, 48); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, n := range c.Graph().Passes() {
			if !strings.HasPrefix(n, "bloom.") {
				names = append(names, n)
			}
		}
		return names
	}
	if err := c.Insert(post.PassVignette, copyPass("grade", mgl32.Vec4{1, 0.9, 0.8, 1})); err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, []string{"tonemap", "fxaa", "grade", "vignette"}) {
		t.Errorf("after Insert before vignette: %q", got)
	}
	if err := c.Insert("", copyPass("last", mgl32.Vec4{1, 1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	if err := c.Move("last", post.PassFXAA); err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, []string{"tonemap", "last", "fxaa", "grade", "vignette"}) {
		t.Errorf("after Move last before fxaa: %q", got)
	}
	if err := c.Move(post.PassVignette, "grade"); err != nil {
		t.Fatal(err)
	}
	if err := c.Remove(post.PassFXAA); err != nil {
		t.Fatal(err)
	}
	if got := c.Passes(); !slices.Equal(got, []string{"last", "vignette", "grade"}) {
		t.Errorf("stage %q", got)
	}
	if got := order(); !slices.Equal(got, []string{"tonemap", "last", "vignette", "grade"}) {
		t.Errorf("after Move and Remove: %q", got)
	}
	// A switched-off pass in the middle passes its input through.
	if err := c.Graph().Enable("vignette", false); err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, []string{"tonemap", "last", "grade"}) {
		t.Errorf("vignette off: %q", got)
	}
	for _, name := range []string{"last", "vignette", "grade"} {
		if err := c.Remove(name); err != nil {
			t.Fatal(err)
		}
	}
	if got := order(); !slices.Equal(got, []string{"tonemap"}) {
		t.Errorf("empty stage: %q", got)
	}
	for _, bad := range []struct {
		err  error
		want string
	}{
		{c.Insert("", post.Pass{Draw: copyPass("x", mgl32.Vec4{}).Draw}), "a pass needs a name"},
		{c.Insert("", post.Pass{Name: "x"}), `Insert "x": no Draw`},
		{c.Insert("", copyPass("tonemap", mgl32.Vec4{})), `Insert "tonemap": the chain already has a pass of that name`},
		{c.Insert("", copyPass("bloom.blur1v", mgl32.Vec4{})), "already has a pass"},
		{c.Insert("nope", copyPass("x", mgl32.Vec4{})), `Insert x: no pass "nope" to go before`},
		{c.Remove("fxaa"), `Remove: no pass "fxaa" in the display stage`},
		{c.Move("nope", ""), `Move: no pass "nope"`},
	} {
		if bad.err == nil || !strings.Contains(bad.err.Error(), bad.want) {
			t.Errorf("error %v, want %q", bad.err, bad.want)
		}
	}
	if err := c.Insert("", copyPass("a", mgl32.Vec4{})); err != nil {
		t.Fatal(err)
	}
	if err := c.Move("a", "a"); err == nil || !strings.Contains(err.Error(), "before itself") {
		t.Errorf("Move before itself: %v", err)
	}
}

// With SceneDepth the scene image has a depth texture, SceneDepth
// returns it (a texture of the scene's target, sampleable), and with
// SceneColors the scene has more attachments for passes to read.
func TestChainSceneDepthAndColors(t *testing.T) {
	r := newNullRig(t, post.Options{SceneDepth: true, SceneColors: 2})
	var depth, normals render.TextureID
	err := r.c.Insert("", post.Pass{Name: "probe", Reads: []string{graph.Scene}, Draw: func(gc *graph.Context, input string) {
		f := gc.Begin(render.Pass{})
		depth = r.c.SceneDepth(f)
		normals = gc.Attachment(graph.Scene, 1)
		f.DrawFullscreen(&render.FullscreenDraw{Texture: gc.Texture(input), Inputs: [3]render.TextureID{depth, normals}})
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.frame(32, 16); err != nil {
		t.Fatal(err)
	}
	scene, _ := r.c.Graph().Target(graph.Scene)
	if depth == 0 || depth != r.f.TargetDepth(scene) || normals == 0 || normals != r.f.TargetTexture(scene, 1) {
		t.Errorf("depth %v (target's %v), normals %v", depth, r.f.TargetDepth(scene), normals)
	}
	if d, _ := r.c.Graph().ImageDesc(graph.Scene); d.Depth != render.DepthTexture || d.Colors != 2 {
		t.Errorf("scene image %+v", d)
	}
	r.c.SetSamples(4)
	if d, _ := r.c.Graph().ImageDesc(graph.Scene); d.Depth != render.DepthTexture || d.Colors != 2 || d.Samples != 4 {
		t.Errorf("scene image after SetSamples %+v", d)
	}
	plain := newNullRig(t, post.Options{})
	if err := plain.frame(8, 8); err != nil {
		t.Fatal(err)
	}
	if d := plain.c.SceneDepth(plain.f); d != 0 {
		t.Errorf("SceneDepth without Options.SceneDepth: %v", d)
	}
}
