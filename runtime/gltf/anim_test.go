package gltf

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/systemtest"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/scenegraph"
)

// animBin is the buffer of animFixture: key times and values, floats.
func animBin() []byte {
	var b bytes.Buffer
	w := func(v ...float32) {
		for _, x := range v {
			binary.Write(&b, binary.LittleEndian, x)
		}
	}
	s := float32(math.Sqrt2 / 2)
	w(0, 1)                      // 0: times 0, 1 (offset 0, 8 bytes)
	w(0, 0, 0, 1, 0, 0, s, s)    // 1: rotations 0° and 90° about z (offset 8, 32)
	w(0, 0.5)                    // 2: times 0, 0.5 (offset 40, 8)
	w(0, 0, 0, 2, 0, 0)          // 3: translations (offset 48, 24)
	w(0, 0, 0, 1, 1, 1, 0, 0, 0) // 4: cubic scale, key 0: in, value, out (offset 72, 36)
	w(0, 0, 0, 3, 3, 3, 0, 0, 0) //    key 1 (offset 108, 36)
	return b.Bytes()             // 144 bytes
}

// animFixture is a file of a three-node chain Root/Arm/Hand with two
// animations: "wave" turns Arm (LINEAR rotation) and moves Root (STEP
// translation); "grow" scales Hand along a CUBICSPLINE with flat tangents.
func animFixture() map[string]any {
	bin := animBin()
	view := func(off, n int) map[string]any {
		return map[string]any{"buffer": 0, "byteOffset": off, "byteLength": n}
	}
	acc := func(v int, typ string, n int) map[string]any {
		return map[string]any{"bufferView": v, "componentType": 5126, "type": typ, "count": n}
	}
	return map[string]any{
		"asset":       map[string]any{"version": "2.0"},
		"buffers":     []any{map[string]any{"byteLength": len(bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}},
		"bufferViews": []any{view(0, 8), view(8, 32), view(40, 8), view(48, 24), view(72, 72)},
		"accessors":   []any{acc(0, "SCALAR", 2), acc(1, "VEC4", 2), acc(2, "SCALAR", 2), acc(3, "VEC3", 2), acc(4, "VEC3", 6)},
		"nodes": []any{
			map[string]any{"name": "Root", "children": []any{1}},
			map[string]any{"name": "Arm", "children": []any{2}},
			map[string]any{"name": "Hand"},
		},
		"animations": []any{
			map[string]any{"name": "wave",
				"samplers": []any{
					map[string]any{"input": 0, "output": 1},
					map[string]any{"input": 2, "output": 3, "interpolation": "STEP"}},
				"channels": []any{
					map[string]any{"sampler": 0, "target": map[string]any{"node": 1, "path": "rotation"}},
					map[string]any{"sampler": 1, "target": map[string]any{"node": 0, "path": "translation"}}}},
			map[string]any{"name": "grow",
				"samplers": []any{map[string]any{"input": 0, "output": 4, "interpolation": "CUBICSPLINE"}},
				"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": 2, "path": "scale"}}}},
		},
	}
}

func zAngle(q mgl32.Quat) float64 {
	return 2 * math.Atan2(float64(q.V[2]), float64(q.W)) * 180 / math.Pi
}

// The file's animations become clips on the instantiated hierarchy, and a
// Player samples them exactly at 0.25 s frames.
func TestAnimationsSampled(t *testing.T) {
	d, err := parse("models/anim.gltf", mustJSON(t, animFixture()), fuzzRead)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Format{}.Create(&asset.CreateContext{Frame: render.NewFrame()}, d)
	if err != nil {
		t.Fatal(err)
	}
	m := v.(*Model)
	if len(m.Clips()) != 2 || m.Clips()[0].Name != "wave" || m.Clip("grow") == nil {
		t.Fatalf("clips %v", m.Clips())
	}
	wave := m.Clip("wave")
	if wave.Duration != 1 || wave.Wrap != animation.WrapNormal || len(wave.Tracks) != 2 {
		t.Fatalf("wave: duration %v wrap %v tracks %d", wave.Duration, wave.Wrap, len(wave.Tracks))
	}
	if tr := wave.Tracks[0]; tr.Path != "Root/Arm" || tr.Property != "quaternion" || tr.Interp != animation.Linear {
		t.Errorf("wave track 0: %q %q %v", tr.Path, tr.Property, tr.Interp)
	}
	if tr := wave.Tracks[1]; tr.Path != "Root" || tr.Property != "position" || tr.Interp != animation.Step {
		t.Errorf("wave track 1: %q %q %v", tr.Path, tr.Property, tr.Interp)
	}
	if tr := m.Clip("grow").Tracks[0]; tr.Path != "Root/Arm/Hand" || tr.Interp != animation.Hermite || tr.Keys[1].Value[0] != 3 {
		t.Errorf("grow track: %q %v keys %v", tr.Path, tr.Interp, tr.Keys)
	}

	dir, _, scene := systemtest.World(t, animation.Install, animation.SystemOf)
	root, err := m.Instantiate()
	if err != nil {
		t.Fatal(err)
	}
	scene.AddChild(root)
	p := animation.NewPlayer(m.Clips()...)
	scenegraph.AddComponent(root, p)
	arm, hand, top := root.Find("Root/Arm"), root.Find("Root/Arm/Hand"), root.Find("Root")
	if err := p.Play("wave"); err != nil {
		t.Fatal(err)
	}
	grow := p.State("grow")
	grow.Weight = 1
	grow.Play()                                                        // with wave: the two clips animate different nodes
	smooth := func(s float64) float64 { return 1 + 2*(3*s*s-2*s*s*s) } // flat-tangent Hermite from 1 to 3
	for i, w := range []struct{ deg, x, s float64 }{
		{22.5, 0, smooth(0.25)}, {45, 2, smooth(0.5)}, {67.5, 2, smooth(0.75)},
	} {
		dir.Tick(0.25)
		at := float64(i+1) * 0.25
		if got := zAngle(arm.Rotation()); math.Abs(got-w.deg) > 1e-3 {
			t.Errorf("t=%v: Arm turned %.4f°, want %v°", at, got, w.deg)
		}
		if got := top.Position()[0]; float64(got) != w.x {
			t.Errorf("t=%v: Root x %v, want %v (STEP)", at, got, w.x)
		}
		if got := float64(hand.Scale()[1]); math.Abs(got-w.s) > 1e-5 {
			t.Errorf("t=%v: Hand scale %v, want %v", at, got, w.s)
		}
	}
}

// Broken animations are errors naming the JSON path and the reason.
func TestBrokenAnimations(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(doc map[string]any)
		want string
	}{
		{"node out of range", func(d map[string]any) { channel(d, 0, 0)["target"] = map[string]any{"node": 9, "path": "rotation"} },
			"animations[0].channels[0].target.node: node 9 out of range (the file has 3)"},
		{"sampler out of range", func(d map[string]any) { channel(d, 0, 1)["sampler"] = 5 },
			"animations[0].channels[1].sampler: sampler 5 out of range (the animation has 2)"},
		{"rotation from VEC3", func(d map[string]any) { animSampler(d, 0, 0)["output"] = 3 },
			`animations[0].samplers[0].output: accessor 3: accessors[3].type "VEC3", want VEC4`},
		{"times as VEC3", func(d map[string]any) { animSampler(d, 0, 0)["input"] = 3 },
			`animations[0].samplers[0].input: accessor 3: accessors[3].type "VEC3", want SCALAR`},
		{"cubic of too few values", func(d map[string]any) { animSampler(d, 1, 0)["output"] = 3 },
			"animations[1].samplers[0].output: accessor 3 has 2 elements, want 6 (2 keys × 3 for CUBICSPLINE)"},
		{"times out of order", func(d map[string]any) {
			// 0, 0: the first two floats of the rotations.
			d["accessors"] = append(d["accessors"].([]any), map[string]any{"bufferView": 1, "componentType": 5126, "type": "SCALAR", "count": 2})
			animSampler(d, 0, 0)["input"] = 5
		}, "animations[0].samplers[0].input: accessor 5: time 1 is 0, times must be finite, from 0, strictly increasing"},
		{"weights of a node without morph targets", func(d map[string]any) {
			channel(d, 0, 0)["target"] = map[string]any{"node": 1, "path": "weights"}
		}, "animations[0].channels[0].target.node: node 1 has no mesh with morph targets to weigh"},
		{"other scene skipped", func(d map[string]any) {
			d["scenes"] = []any{map[string]any{"nodes": []any{0}}, map[string]any{"nodes": []any{}}}
		}, "no error"},
		{"duplicate sibling names", func(d map[string]any) {
			d["nodes"] = append(d["nodes"].([]any), map[string]any{"name": "Arm"})
			d["nodes"].([]any)[0].(map[string]any)["children"] = []any{3, 1}
		}, `animations[0].channels[0].target.node: node 1 cannot be animated by path: node 1's name "Arm" is also an earlier sibling's`},
	} {
		doc := animFixture()
		c.edit(doc)
		_, err := parse("models/anim.gltf", mustJSON(t, doc), fuzzRead)
		if c.want == "no error" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

func channel(d map[string]any, a, c int) map[string]any {
	return d["animations"].([]any)[a].(map[string]any)["channels"].([]any)[c].(map[string]any)
}

func animSampler(d map[string]any, a, s int) map[string]any {
	return d["animations"].([]any)[a].(map[string]any)["samplers"].([]any)[s].(map[string]any)
}

// Channels on the far end of a 200,000-node chain cost memory linear in
// the depth, within the decode budget: many of them are refused, not
// gigabytes of paths.
func TestAnimationDeepTarget(t *testing.T) {
	const depth = 200000
	doc := animFixture()
	nodes := doc["nodes"].([]any)
	nodes[2].(map[string]any)["children"] = []any{3}
	for i := 3; i < 3+depth; i++ {
		n := map[string]any{"name": "n"}
		if i < 2+depth {
			n["children"] = []any{i + 1}
		}
		nodes = append(nodes, n)
	}
	doc["nodes"] = nodes
	channel(doc, 0, 0)["target"] = map[string]any{"node": 2 + depth, "path": "rotation"}
	d, err := parse("models/deep.gltf", mustJSON(t, doc), fuzzRead)
	if err != nil {
		t.Fatal(err)
	}
	if p := d.clips[0].Tracks[0].Path; len(p) != len("Root/Arm/Hand")+2*depth || !strings.HasSuffix(p, "/n/n") {
		t.Errorf("deep path of %d bytes", len(p))
	}
	wave := doc["animations"].([]any)[0].(map[string]any)
	chans := wave["channels"].([]any)
	for range 100 {
		chans = append(chans, chans[0])
	}
	wave["channels"] = chans
	if _, err := parse("models/deep.gltf", mustJSON(t, doc), fuzzRead); err == nil || !strings.Contains(err.Error(), "more than 256 MiB") {
		t.Errorf("100 deep channels: %v", err)
	}
}
