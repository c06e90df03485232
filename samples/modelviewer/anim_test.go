package modelviewer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/tact-engine/tact"

	"github.com/tact-engine/tact/samples/sample/sampletest"
)

// A model with an animation plays its first clip, looped: here the robot
// with a "nod" turning Head 0° to 90° about y over a second.
func TestViewerPlaysAnimation(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(robotGLTF(), &doc); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	s := float32(math.Sqrt2 / 2)
	binary.Write(&b, binary.LittleEndian, []float32{0, 1, 0, 0, 0, 1, 0, s, 0, s})
	doc["buffers"] = append(doc["buffers"].([]any), map[string]any{"byteLength": b.Len(),
		"uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(b.Bytes())})
	views, accs := doc["bufferViews"].([]any), doc["accessors"].([]any)
	doc["bufferViews"] = append(views, map[string]any{"buffer": len(doc["buffers"].([]any)) - 1, "byteLength": b.Len()})
	doc["accessors"] = append(accs,
		map[string]any{"bufferView": len(views), "componentType": 5126, "type": "SCALAR", "count": 2},
		map[string]any{"bufferView": len(views), "byteOffset": 8, "componentType": 5126, "type": "VEC4", "count": 2})
	head := -1
	for i, n := range doc["nodes"].([]any) {
		if n.(map[string]any)["name"] == "Head" {
			head = i
		}
	}
	doc["animations"] = []any{map[string]any{"name": "nod",
		"samplers": []any{map[string]any{"input": len(accs), "output": len(accs) + 1}},
		"channels": []any{map[string]any{"sampler": 0, "target": map[string]any{"node": head, "path": "rotation"}}}}}
	js, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/nod.gltf", js, 0o644); err != nil {
		t.Fatal(err)
	}
	old := Options
	defer func() { Options = old }()
	Options.Model = dir + "/nod.gltf"
	smp := Sample
	var vw *Viewer
	checked := false
	smp.Script = func(g *tact.Game, frame uint64) { // at the end of a frame, in the game
		if frame != 8 || vw == nil {
			return
		}
		checked = true
		p := vw.Player
		if p == nil || p.Current() == nil || p.Current().Name() != "nod" || !p.Playing() {
			t.Errorf("player %+v", p)
			return
		}
		st := p.Current()
		q := p.Node().Find("Robot/Hips/Torso/Head").Rotation()
		got := 2 * math.Atan2(float64(q.V[1]), float64(q.W)) * 180 / math.Pi
		if want := 90 * st.LocalTime(); st.LocalTime() <= 0 || math.Abs(got-want) > 1e-2 {
			t.Errorf("Head at %.4f°, want %.4f° (clip time %v)", got, want, st.LocalTime())
		}
	}
	sampletest.Run(t, watched(smp, &vw), 10)
	if !checked {
		t.Fatal("frame 8 not reached")
	}
}
