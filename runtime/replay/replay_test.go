package replay

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

type hashProbe struct {
	scenegraph.Component
	F        float64
	Names    map[string]int
	Target   *scenegraph.Node
	Any      any
	Fn       func()
	private  int
	Children []mgl32.Vec3
}

// The state hash sees one ulp in an exported field, ignores unexported ones
// and map order, names pointed-to nodes by path, and is the same for equal
// scenes built twice.
func TestStateHash(t *testing.T) {
	build := func() (*scenegraph.Scene, *hashProbe) {
		s := scenegraph.NewScene("S")
		a := scenegraph.NewNode("A")
		s.AddChild(a)
		b := scenegraph.NewNode("B")
		a.AddChild(b)
		p := scenegraph.AddComponent(b, &hashProbe{F: 1.5, Names: map[string]int{"x": 1, "y": 2, "z": 3}, Target: a,
			Any: mgl32.Vec2{1, 2}, Children: []mgl32.Vec3{{1, 2, 3}}})
		return s, p
	}
	var h StateHasher
	s1, _ := build()
	s2, p2 := build()
	base := h.HashScene(s1)
	if h.HashScene(s2) != base || h.CaptureState(s1).Hash != base {
		t.Fatal("equal scenes hash differently")
	}
	p2.Names = map[string]int{"z": 3, "y": 2, "x": 1}
	if h.HashScene(s2) != base {
		t.Fatal("map order changes the hash")
	}
	p2.private = 7
	if h.HashScene(s2) != base {
		t.Fatal("an unexported field changes the hash")
	}
	checks := []struct {
		name   string
		change func()
		detail string
	}{
		{"one ulp", func() { p2.F = math.Nextafter(1.5, 2) }, `node "S/A[0]/B[0]": component 0 (*replay.hashProbe) differs`},
		{"slice element", func() { p2.Children[0][2] = 3.0000002 }, `component 0`},
		{"interface value", func() { p2.Any = mgl32.Vec2{1, 3} }, `component 0`},
		{"pointed node", func() { p2.Target = s2.Root() }, `component 0`},
		{"position bits", func() { p2.Node().Parent().SetPositionXY(0, float32(math.Copysign(0, -1))) }, `node "S/A[0]": name, active flag, layer or transform differs`},
		{"extra node", func() { s2.AddChild(scenegraph.NewNode("C")) }, `node "S/C[1]" is extra`},
		{"disabled", func() { p2.SetEnabled(false) }, `component 0`},
	}
	for _, c := range checks {
		s2, p2 = build()
		c.change()
		if h.HashScene(s2) == base {
			t.Fatalf("%s: hash unchanged", c.name)
		}
		if d := h.CaptureState(s1).Diff(h.CaptureState(s2)); !strings.Contains(d, c.detail) {
			t.Fatalf("%s: Diff = %q, want %q", c.name, d, c.detail)
		}
	}
}

// Bad recordings give an error with the file, the line and the reason.
func TestReadRecordingErrors(t *testing.T) {
	head := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n0 dt 0.01\n"
	for _, c := range []struct{ in, want string }{
		{"", `"bad.rec" line 0: not a recording`},
		{"hello\n", `line 1: not a recording`},
		{"tact-recording 1\nfixed-step -1\n", `line 2: fixed-step "-1" is not a positive`},
		{"tact-recording 1\nfixed-step 0.00001\n", `line 2: fixed-step "0.00001" is below the smallest step`},
		{"tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\n", `no frames line`},
		{head + "3 keydown 4 0 0\n2 keyup 4 0\n", `line 7: frame 2 comes after frame 3`},
		{head + "3 keydown 99999 0 0\n", `key 99999 out of range`},
		{head + "3 fly 1 2\n", `line 6: unknown event "fly"`},
		{head + "3 move 1\n", `move wants 2 values, has 1`},
		{head + "10 quit\n", `frame 10 is past the recording's 10 frames`},
		{head + "3 mousedown 1 2 3 x\n", `value "x": not a 32-bit integer`},
		{"tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n1 quit\n", `no dt for frame 0`},
	} {
		_, err := ReadRecording("bad.rec", strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"bad.rec"`) {
			t.Errorf("ReadRecording(%q) = %v, want %q", c.in, err, c.want)
		}
	}
}

// FuzzReadRecording: any input gives a recording or an error, never a
// panic, and a recording read survives a write and a read unchanged.
func FuzzReadRecording(f *testing.F) {
	f.Add("tact-recording 1\nfixed-step 0.016666666666666666\nmax-frame-time 0.25\nframes 4\n0 dt 0.016666666666666666\n1 keydown 79 0 0\n2 move 3 4\n2 mousedown 1 3 4 1\n3 dt 0.02\n3 quit\n")
	f.Add("tact-recording 1\n")
	f.Add("tact-recording 1\nfixed-step 0.1\nmax-frame-time 0.25\nframes 2\n0 dt 0.1\n1 wheel 0 1.5\n1 text \"go\\x20west\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		r, err := ReadRecording("fuzz", strings.NewReader(in))
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil && r.Frames > 0 {
			t.Fatalf("a recording read does not validate: %v", err)
		}
		var b bytes.Buffer
		if _, err := r.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecording("fuzz", &b)
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(r, back) {
			t.Fatalf("round trip changed the recording:\n%+v\n%+v", r, back)
		}
	})
}
