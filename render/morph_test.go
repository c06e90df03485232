package render_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Weights are copied, each set has its own id, and they are valid in
// their recording only.
func TestAddWeights(t *testing.T) {
	f := render.NewFrame()
	src := []float32{0.25, 1, 0}
	a := f.AddWeights(src[:1])
	b := f.AddWeights(src)
	src[0] = 9
	if a != 1 || b != 2 {
		t.Fatalf("ids %v %v", a, b)
	}
	if got := f.Weights(b); len(got) != 3 || got[0] != 0.25 || got[1] != 1 || got[2] != 0 {
		t.Errorf("Weights(b) = %v", got)
	}
	if f.Weights(0) != nil || f.Weights(3) != nil {
		t.Error("Weights of no weights is not nil")
	}
	f.Reset()
	if f.Weights(a) != nil {
		t.Error("weights survive a reset")
	}
}

// CreateMorphTargets copies the deltas; the layout packs positions, then
// normals and tangents where any target has them, zeros where a target
// lacks them.
func TestMorphTargetsPacked(t *testing.T) {
	f := render.NewFrame()
	pos := []mgl32.Vec3{{1, 2, 3}, {4, 5, 6}}
	f.CreateMorphTargets(7, []render.MorphTarget{{Positions: pos}, {Tangents: []mgl32.Vec3{{7, 8, 9}, {10, 11, 12}}}})
	pos[0][0] = 99
	c := &f.Resources()[0]
	if c.Op != render.OpCreateMorphTargets || c.Mesh != 7 || c.Morph.Len != 2 {
		t.Fatalf("command %v %v %v", c.Op, c.Mesh, c.Morph)
	}
	if msg := render.CheckMorphTargets(f, c, 2); msg != "" {
		t.Fatal(msg)
	}
	l := render.MorphLayoutOf(f, c, 2)
	if l != (render.MorphLayout{Targets: 2, Vertices: 2, Stride: 2, Tangents: true}) {
		t.Fatalf("layout %+v", l)
	}
	got := render.PackMorphDeltas(nil, f, c, l)
	want := []float32{
		1, 2, 3, 0, 0, 0, 0, 0, // target 0, vertex 0: position, no tangent
		4, 5, 6, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 7, 8, 9, 0, // target 1: no position, tangent
		0, 0, 0, 0, 10, 11, 12, 0,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("packed %v\nwant   %v", got, want)
	}
	if msg := render.CheckMorphTargets(f, c, 3); msg != "target 0: 2 position deltas for 3 vertices" {
		t.Errorf("3 vertices: %q", msg)
	}
}

func TestAddWeightsPanics(t *testing.T) {
	for _, c := range []struct {
		w    []float32
		want string
	}{
		{nil, "AddWeights: 0 weights (1 to 64)"},
		{make([]float32, 65), "AddWeights: 65 weights (1 to 64)"},
		{[]float32{0, float32(math.Inf(1))}, "AddWeights: weight 1 is +Inf, not finite"},
	} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), c.want) {
					t.Errorf("panic %v, want %q", p, c.want)
				}
			}()
			render.NewFrame().AddWeights(c.w)
		}()
	}
}

// Recording weights and morphed draws allocates nothing once the frame's
// buffers have grown.
func TestWeightsRecordingAllocatesNothing(t *testing.T) {
	f := render.NewFrame()
	w := make([]float32, 8)
	record := func() {
		f.Reset()
		f.BeginPass(render.Pass{})
		for k := range 100 {
			w[k%8] = float32(k)
			f.DrawMesh(&render.MeshDraw{Mesh: 1, Weights: f.AddWeights(w)})
		}
	}
	record()
	if n := testing.AllocsPerRun(20, record); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}

// A mesh gets its morph targets once; each frame, each draw carries one
// weight per target (here the top face raised halfway).
func ExampleFrame_CreateMorphTargets() {
	f := render.NewFrame()
	verts, indices := render.CubeMesh()
	mesh := f.CreateMesh(verts, indices)
	raise := render.MorphTarget{Positions: make([]mgl32.Vec3, len(verts))}
	for i, v := range verts {
		if v.Position[1] > 0 {
			raise.Positions[i] = mgl32.Vec3{0, 1, 0}
		}
	}
	f.CreateMorphTargets(mesh, []render.MorphTarget{raise})

	// Each frame:
	f.BeginPass(render.Pass{ViewProj: mgl32.Ident4()})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Weights: f.AddWeights([]float32{0.5})})
	fmt.Println(f.Weights(1))
	// Output: [0.5]
}
