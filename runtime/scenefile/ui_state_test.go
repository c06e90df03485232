package scenefile

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/ui"
	"github.com/tact-engine/tact/scenegraph"
)

// registerUI registers the ui components a game's scene files name.
func registerUI(t *testing.T, a testStore) {
	t.Helper()
	for name, f := range map[string]ComponentFactory{
		"Rect":       func() scenegraph.Behavior { return ui.NewRect(0, 0) },
		"ScrollView": func() scenegraph.Behavior { return ui.NewScrollView(nil) },
		"Toggle":     func() scenegraph.Behavior { return ui.NewToggle(false) },
		"TextInput":  func() scenegraph.Behavior { return ui.NewTextInput("", 16) },
	} {
		if err := a.RegisterComponent(name, f); err != nil {
			t.Fatal(err)
		}
	}
}

// runUI launches s under a ui System of its own and arranges it once, as a
// Director's BeforeDraw would, with the rects at the sizes the tests use
// (TestRectSizeAndAnchorRoundTrip checks that a file keeps them).
func runUI(t *testing.T, s *scenegraph.Scene) *ui.System {
	t.Helper()
	s.PanicFatal = true
	s.Launch()
	for _, p := range []struct {
		path string
		w, h float32
	}{{"View", 200, 100}, {"View/Content", 200, 400}, {"Check", 30, 30}, {"Field", 200, 30}} {
		n := s.Find(p.path)
		if n == nil {
			t.Fatalf("no node %q", p.path)
		}
		scenegraph.GetComponent[*ui.Rect](n).SetSize(p.w, p.h)
	}
	sys := ui.NewSystem()
	sys.SetScene(s)
	sys.SetScreenSize(400, 300)
	sys.Arrange()
	return sys
}

// clipNodes returns the paths of the nodes named ui.ClipNodeName that will
// still be there after the deferred destroy.
func clipNodes(s *scenegraph.Scene) []string {
	var out []string
	s.Root().Walk(func(n *scenegraph.Node) bool {
		if n.Name() == ui.ClipNodeName && n.IsValidStrict() {
			out = append(out, n.Path())
		}
		return true
	})
	return out
}

// A running scene with a ScrollView saved and reloaded, again and again,
// keeps exactly one clip camera: the reloaded ScrollView takes over the one
// the file holds. Before, each round trip added one more, nested under the
// stale one, which (its Visibility cleared by the System) drew everything.
func TestScrollViewClipCameraSurvivesRoundTrips(t *testing.T) {
	a, _, _ := newTestStore(t)
	registerUI(t, a)
	s := scenegraph.NewScene("Menu")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{200, 150, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	view := scenegraph.NewNode("View")
	view.SetPositionXY(200, 150)
	s.AddChild(view)
	scenegraph.AddComponent(view, ui.NewRect(200, 100))
	content := scenegraph.NewNode("Content")
	content.SetPositionXY(-100, 50)
	view.AddChild(content)
	scenegraph.AddComponent(content, ui.NewRect(200, 400)).SetAnchor(0, 1)
	scenegraph.AddComponent(view, ui.NewScrollView(content))
	for _, name := range []string{"Check", "Field"} {
		n := scenegraph.NewNode(name)
		s.AddChild(n)
		scenegraph.AddComponent(n, ui.NewRect(0, 0))
	}
	runUI(t, s)
	if got := clipNodes(s); len(got) != 1 {
		t.Fatalf("before saving: clip nodes %v", got)
	}

	for round := 1; round <= 3; round++ {
		file := "scenes/menu" + string(rune('0'+round)) + ".json"
		if err := a.SaveScene(s, file); err != nil {
			t.Fatal(err)
		}
		b, _ := a.MarshalScene(s)
		if k := strings.Count(string(b), `"`+ui.ClipNodeName+`"`); k != 1 {
			t.Fatalf("round %d: the file holds %d clip nodes:\n%s", round, k, b)
		}
		s2, err := a.LoadScene(file)
		if err != nil {
			t.Fatal(err)
		}
		runUI(t, s2)
		got := clipNodes(s2)
		if len(got) != 1 || got[0] != "Menu/Camera/"+ui.ClipNodeName {
			t.Fatalf("round %d: clip nodes %v, want one under the camera", round, got)
		}
		sv := scenegraph.GetComponent[*ui.ScrollView](s2.Find("View"))
		if c := sv.ClipCamera(); c == nil || c.Node() != s2.Find("Camera/"+ui.ClipNodeName) || !c.Enabled() {
			t.Fatalf("round %d: the ScrollView clips through %v", round, c)
		}
		s.Unload()
		s = s2
	}
	s.Unload()
}

// A clip camera a file holds that no ScrollView takes over (its view gone)
// is destroyed at the next Arrange rather than left drawing.
func TestStaleClipCameraIsDropped(t *testing.T) {
	a, _, _ := newTestStore(t)
	registerUI(t, a)
	writeFile(t, a.Root(), "stale.json", []byte(`{"nodes": [
		{"name": "Camera", "position": [200, 150, 0], "components": [{"type": "Camera"}],
		 "children": [{"name": "ScrollClip", "components": [{"type": "Camera", "Visibility": 16777216}]}]},
		{"name": "View"}, {"name": "Content", "components": [{"type": "Rect"}]},
		{"name": "Check", "components": [{"type": "Rect"}]}, {"name": "Field", "components": [{"type": "Rect"}]}]}`))
	s, err := a.LoadScene("stale.json")
	if err != nil {
		t.Fatal(err)
	}
	view := s.Find("View")
	scenegraph.AddComponent(view, ui.NewRect(0, 0))
	s.Find("Content").SetParent(view)
	runUI(t, s)
	if got := clipNodes(s); len(got) != 0 {
		t.Fatalf("stale clip nodes kept: %v", got)
	}
	if n := len(s.Cameras()); n != 1 {
		t.Fatalf("%d cameras enabled, want the scene's one", n)
	}
	s.Unload()
}

// A Toggle's checked state and a TextInput's text are scene state: they
// survive save and load, twice, with the fields' other values.
func TestToggleAndTextInputStateRoundTrip(t *testing.T) {
	a, _, _ := newTestStore(t)
	registerUI(t, a)
	s := scenegraph.NewScene("Form")
	cam := scenegraph.NewNode("Camera")
	cam.SetPosition(mgl32.Vec3{200, 150, 0})
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	view := scenegraph.NewNode("View")
	s.AddChild(view)
	scenegraph.AddComponent(view, ui.NewRect(0, 0))
	content := scenegraph.NewNode("Content")
	view.AddChild(content)
	scenegraph.AddComponent(content, ui.NewRect(0, 0))
	check := scenegraph.NewNode("Check")
	s.AddChild(check)
	scenegraph.AddComponent(check, ui.NewRect(30, 30))
	mark := scenegraph.NewNode("Checkmark")
	check.AddChild(mark)
	tg := scenegraph.AddComponent(check, ui.NewToggle(false))
	field := scenegraph.NewNode("Field")
	s.AddChild(field)
	scenegraph.AddComponent(field, ui.NewRect(200, 30))
	ti := scenegraph.AddComponent(field, ui.NewTextInput("Name", 16))
	ti.MaxLength = 20
	runUI(t, s)
	tg.SetChecked(true)
	ti.SetText("héllo")

	load := func(file string) (*scenegraph.Scene, *ui.Toggle, *ui.TextInput) {
		t.Helper()
		if err := a.SaveScene(s, file); err != nil {
			t.Fatal(err)
		}
		s2, err := a.LoadScene(file)
		if err != nil {
			t.Fatal(err)
		}
		runUI(t, s2)
		return s2, scenegraph.GetComponent[*ui.Toggle](s2.Find("Check")), scenegraph.GetComponent[*ui.TextInput](s2.Find("Field"))
	}
	s2, tg2, ti2 := load("form1.json")
	if !tg2.Checked() || !s2.Find("Check/Checkmark").Active() {
		t.Fatalf("toggle checked %v, checkmark active %v after a reload", tg2.Checked(), s2.Find("Check/Checkmark").Active())
	}
	if ti2.Text() != "héllo" || ti2.Caret() != len("héllo") || ti2.MaxLength != 20 || ti2.Placeholder != "Name" {
		t.Fatalf("field %q caret %d max %d placeholder %q after a reload", ti2.Text(), ti2.Caret(), ti2.MaxLength, ti2.Placeholder)
	}
	lbl := scenegraph.GetComponent[*scenegraph.Sprite](s2.Find("Field/Caret"))
	if lbl == nil || len(s2.Find("Field").Children()) != 2 {
		t.Fatalf("the field's Text and Caret nodes were not taken over: %d children", len(s2.Find("Field").Children()))
	}

	// Changed in the reloaded scene, the state goes through once more.
	tg2.SetChecked(false)
	ti2.SetText("second")
	s.Unload()
	s = s2
	s3, tg3, ti3 := load("form2.json")
	if tg3.Checked() || s3.Find("Check/Checkmark").Active() || ti3.Text() != "second" {
		t.Fatalf("second round: checked %v, field %q", tg3.Checked(), ti3.Text())
	}
	s.Unload()
	s3.Unload()
}

// A Rect's size and anchor are scene state (ContentSize, AnchorPoint): a UI
// scene reloads at the sizes it was saved with, and a file's non-finite or
// negative size is held to SetSize's rules when the Rect enables.
func TestRectSizeAndAnchorRoundTrip(t *testing.T) {
	a, _, _ := newTestStore(t)
	registerUI(t, a)
	s := scenegraph.NewScene("Panel")
	n := scenegraph.NewNode("Panel")
	s.AddChild(n)
	r := scenegraph.AddComponent(n, ui.NewRect(120, 45))
	r.SetAnchor(0, 1)
	s.Launch()
	if err := a.SaveScene(s, "panel.json"); err != nil {
		t.Fatal(err)
	}
	s2, err := a.LoadScene("panel.json")
	if err != nil {
		t.Fatal(err)
	}
	s2.Launch()
	r2 := scenegraph.GetComponent[*ui.Rect](s2.Find("Panel"))
	if r2.Size() != (mgl32.Vec2{120, 45}) || r2.Anchor() != (mgl32.Vec2{0, 1}) {
		t.Fatalf("reloaded rect %v anchored at %v, want [120 45] at [0 1]", r2.Size(), r2.Anchor())
	}
	s.Unload()
	s2.Unload()

	bad := `{"nodes": [{"name": "Panel", "components": [{"type": "Rect", "ContentSize": [-5, 10], "AnchorPoint": [0.25, 0.75]}]}]}`
	writeFile(t, a.Root(), "bad.json", []byte(bad))
	s3, err := a.LoadScene("bad.json")
	if err != nil {
		t.Fatal(err)
	}
	s3.Launch()
	r3 := scenegraph.GetComponent[*ui.Rect](s3.Find("Panel"))
	if r3.Size() != (mgl32.Vec2{0, 10}) || r3.Anchor() != (mgl32.Vec2{0.25, 0.75}) {
		t.Fatalf("a file's negative width: rect %v anchored at %v, want [0 10] at [0.25 0.75]", r3.Size(), r3.Anchor())
	}
	s3.Unload()
}
