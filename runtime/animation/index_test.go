package animation

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// morphRig is a node with a MeshRenderer of three morph weights and a
// Player of clips.
func morphRig(t *testing.T, clips ...*Clip) (*Player, *scenegraph.MeshRenderer) {
	t.Helper()
	_, p, n := playerWorld(t, clips...)
	mr := scenegraph.AddComponent(n, &scenegraph.MeshRenderer{})
	mr.SetWeights([]float32{0, 0, 0.5})
	return p, mr
}

// A track on "weights[i]" drives one element of MeshRenderer.Weights,
// with the track's interpolation, leaving the others alone; two tracks on
// two elements are two properties.
func TestIndexedTrackDrivesElement(t *testing.T) {
	c := &Clip{Name: "morph", Duration: 1, Tracks: []Track{
		{Component: "MeshRenderer", Property: "weights[1]", Keys: []Keyframe{{Time: 0, Value: mgl32.Vec4{0}}, {Time: 1, Value: mgl32.Vec4{1}}}},
		{Component: "MeshRenderer", Property: "Weights[0]", Interp: Step, Keys: []Keyframe{{Time: 0, Value: mgl32.Vec4{0.25}}, {Time: 0.5, Value: mgl32.Vec4{0.75}}}},
		// glTF's cubic spline: Hermite with the stored tangents.
		{Component: "MeshRenderer", Property: "weights[2]", Interp: Hermite, Keys: []Keyframe{{Time: 0, Value: mgl32.Vec4{0}, Out: mgl32.Vec4{2}}, {Time: 1, Value: mgl32.Vec4{1}, In: mgl32.Vec4{0}}}},
	}}
	p, mr := morphRig(t, c)
	if err := p.Play("morph"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		at   float64
		want [3]float32
	}{
		{0, [3]float32{0.25, 0, 0}},
		{0.25, [3]float32{0.25, 0.25, 0.4375}}, // Hermite: 2·(s³-2s²+s) + (3s²-2s³) = 0.28125 + 0.15625
		{0.5, [3]float32{0.75, 0.5, 0.75}},
		{1, [3]float32{0.75, 1, 1}},
	} {
		p.Seek(k.at)
		if [3]float32(mr.Weights) != k.want {
			t.Errorf("at %v: weights %v, want %v", k.at, mr.Weights, k.want)
		}
	}
}

// Properties with an index that binds nowhere are errors naming the
// component, the property and the reason; the rest of the clip system
// still binds plain fields.
func TestIndexedTrackErrors(t *testing.T) {
	for _, c := range []struct{ prop, want string }{
		{"weights[3]", `MeshRenderer: property "weights[3]": index 3 out of 3 elements`},
		{"weights[-1]", `MeshRenderer: property "weights[-1]": index "-1" is not a number from 0`},
		{"weights[x]", `index "x" is not a number from 0`},
		{"radius[0]", `MeshRenderer.float32 is a float32, not a slice of floats: "radius[0]" cannot index it`},
		{"shapes[0]", `MeshRenderer has no state field "shapes"`},
	} {
		clip := &Clip{Name: "bad", Duration: 1, Tracks: []Track{{Component: "MeshRenderer", Property: c.prop, Keys: []Keyframe{{Value: mgl32.Vec4{1}}}}}}
		p, _ := morphRig(t, clip)
		err := p.Play("bad")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.prop, err, c.want)
		}
	}
}

// Sampling indexed tracks allocates nothing.
func TestIndexedTrackAllocatesNothing(t *testing.T) {
	c := &Clip{Name: "morph", Duration: 1, Wrap: WrapLoop, Tracks: []Track{
		{Component: "MeshRenderer", Property: "weights[1]", Keys: []Keyframe{{Time: 0}, {Time: 1, Value: mgl32.Vec4{1}}}},
	}}
	p, _ := morphRig(t, c)
	if err := p.Play("morph"); err != nil {
		t.Fatal(err)
	}
	at := 0.0
	if n := testing.AllocsPerRun(50, func() { at += 0.01; p.Seek(at) }); n != 0 {
		t.Errorf("%v allocations per sample", n)
	}
}
