package director

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/scenegraph"
)

// keeper counts its callbacks and fires a keyed timer every frame.
type keeper struct {
	scenegraph.Component
	r                               *recorder
	starts, updates, ticks, destroy int
}

func (k *keeper) Start() {
	k.starts++
	k.ScheduleKey("tick", func(float64) { k.ticks++ }, 0, -1, 0)
}
func (k *keeper) Update(float64) { k.updates++ }
func (k *keeper) OnEnable()      { k.r.add("keeper.onEnable") }
func (k *keeper) OnDisable()     { k.r.add("keeper.onDisable") }
func (k *keeper) OnDestroy()     { k.destroy++ }

func sceneWith(name string) *scenegraph.Scene {
	s := scenegraph.NewScene(name)
	s.AddChild(scenegraph.NewNode(name + "Child"))
	return s
}

// A persist root node moves to every new scene (RunScene, RunSceneImmediate,
// an unload and relaunch as Restart does) with its component running, its
// timer firing, no second Start and no OnDestroy.
func TestPersistRootNode(t *testing.T) {
	r := &recorder{}
	d := New()
	s1 := sceneWith("One")
	hud := scenegraph.NewNode("HUD")
	s1.AddChild(hud)
	k := scenegraph.AddComponent(hud, &keeper{r: r})
	d.RunScene(s1)
	if err := d.AddPersistRootNode(hud); err != nil {
		t.Fatal(err)
	}
	if err := d.AddPersistRootNode(s1.Find("OneChild")); err != nil {
		t.Fatal(err) // a top-level node: fine
	}
	d.RemovePersistRootNode(s1.Find("OneChild"))
	inner := scenegraph.NewNode("Inner")
	hud.AddChild(inner)
	if err := d.AddPersistRootNode(inner); err == nil || !strings.Contains(err.Error(), "not a top-level node") {
		t.Fatalf("a nested node: %v", err)
	}
	for range 3 {
		d.Tick(0.1)
	}
	check := func(stage string, s *scenegraph.Scene, updates int) {
		t.Helper()
		if hud.Scene() != s || !hud.ActiveInHierarchy() || hud.Parent() != s.Root() {
			t.Fatalf("%s: HUD in %v, active %v", stage, hud.Scene(), hud.ActiveInHierarchy())
		}
		if k.starts != 1 || k.destroy != 0 || k.updates != updates || k.ticks < updates-2 {
			t.Fatalf("%s: starts %d destroys %d updates %d (want %d) ticks %d", stage, k.starts, k.destroy, k.updates, updates, k.ticks)
		}
	}
	check("first scene", s1, 3)

	s2 := sceneWith("Two")
	d.RunScene(s2)
	d.Tick(0.1) // switch at the end of this frame
	d.Tick(0.1)
	check("RunScene", s2, 5)
	if s1.Find("OneChild") != nil && s1.Find("OneChild").IsValid() {
		t.Fatal("the old scene was not unloaded")
	}
	ticks := k.ticks
	d.Tick(0.1)
	if k.ticks != ticks+1 {
		t.Fatal("the moved timer does not fire")
	}

	s3 := sceneWith("Three")
	d.RunSceneImmediate(s3)
	d.Tick(0.1)
	check("RunSceneImmediate", s3, 7)

	d.UnloadScene() // what Restart does, then the start function runs a new scene
	if hud.Scene() != nil || !hud.IsValid() || k.destroy != 0 {
		t.Fatalf("after unload: HUD in %v, valid %v", hud.Scene(), hud.IsValid())
	}
	s4 := sceneWith("Four")
	d.RunScene(s4)
	d.Tick(0.1)
	check("restart", s4, 8)
	if got := r.take(); strings.Count(got, "keeper.onDisable") != 3 || strings.Count(got, "keeper.onEnable") != 4 {
		t.Fatalf("enable/disable across switches: %s", got)
	}

	d.RemovePersistRootNode(hud)
	d.RunSceneImmediate(sceneWith("Five"))
	if k.destroy != 1 || hud.IsValid() {
		t.Fatal("a node no longer persistent did not go with its scene")
	}
}
