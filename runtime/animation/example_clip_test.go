package animation_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// world returns a Director running a scene with one node called Hero.
func world() (*director.Director, *scenegraph.Node) {
	d := director.New()
	animation.Install(d)
	s := scenegraph.NewScene("Example")
	d.RunScene(s)
	n := scenegraph.NewNode("Hero")
	s.AddChild(n)
	return d, n
}

// A clip file: the hero slides right over a second, and an event fires
// halfway.
func ExampleParseClip() {
	clip, err := animation.ParseClip([]byte(`{
		"duration": 1,
		"tracks": [{"property": "position", "keys": [
			{"time": 0, "value": [0, 0, 0]},
			{"time": 1, "value": [100, 0, 0]}]}],
		"events": [{"time": 0.5, "name": "Halfway"}]
	}`), "slide.anim.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, hero := world()
	p := scenegraph.AddComponent(hero, animation.NewPlayer(clip))
	p.Event.On(func(e animation.FiredEvent) { fmt.Println("event", e.Event.Name) })
	p.Play("slide")
	for range 4 {
		d.Tick(0.25)
		fmt.Println(hero.Position()[0])
	}
	// Output:
	// 25
	// event Halfway
	// 50
	// 75
	// 100
}

// CrossFade moves the weight from one clip to another linearly.
func ExamplePlayer_CrossFade() {
	at := func(name string, x float32) *animation.Clip {
		return &animation.Clip{Name: name, Duration: 1, Wrap: animation.WrapLoop, Tracks: []animation.Track{
			{Property: "position", Keys: []animation.Keyframe{{Value: mgl32.Vec4{x, 0, 0}}}}}}
	}
	d, hero := world()
	p := scenegraph.AddComponent(hero, animation.NewPlayer(at("left", 0), at("right", 100)))
	p.Play("left")
	p.CrossFade("right", 0.5)
	for range 2 {
		d.Tick(0.25)
		fmt.Println(hero.Position()[0], p.State("left").Weight, p.State("right").Weight)
	}
	// Output:
	// 50 0.5 0.5
	// 100 0 1
}

// A state machine: idle until "speed" rises, then a walk/run blend.
func ExampleController() {
	at := func(name string, x float32) *animation.Clip {
		return &animation.Clip{Name: name, Duration: 1, Wrap: animation.WrapLoop, Tracks: []animation.Track{
			{Property: "position", Keys: []animation.Keyframe{{Value: mgl32.Vec4{x, 0, 0}}}}}}
	}
	g := &animation.Graph{
		Params: []animation.Param{{Name: "speed"}},
		States: []animation.State{
			{Name: "idle", Clip: at("idle", 0)},
			{Name: "move", Blend: &animation.Blend1D{Param: "speed", Points: []animation.BlendPoint{
				{Threshold: 1, Clip: at("walk", 100)}, {Threshold: 2, Clip: at("run", 200)}}}},
		},
		Transitions: []animation.Transition{
			{From: "idle", To: "move", Conditions: []animation.Condition{{Param: "speed", Op: animation.Greater, Value: 0}}},
		},
	}
	d, hero := world()
	c := scenegraph.AddComponent(hero, animation.NewController(g))
	d.Tick(0.25)
	c.SetFloat("speed", 1.5)
	d.Tick(0.25)
	st := c.Status()
	fmt.Println(st.State, hero.Position()[0])
	// Output: move 150
}
