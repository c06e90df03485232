package animation

import (
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestParseClip(t *testing.T) {
	b, err := os.ReadFile("testdata/panel.anim.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseClip(b, "ui/panel.anim.json")
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "panel" || c.Duration != 1 || c.Wrap != WrapNormal || len(c.Tracks) != 5 || len(c.Events) != 1 {
		t.Fatalf("parsed %+v", c)
	}
	pos := c.Tracks[0]
	if pos.Interp != Bezier || pos.Keys[0].Value != (mgl32.Vec4{400, -200, 0, 0}) || pos.Keys[0].Curve != (mgl32.Vec4{0.25, 0.1, 0.25, 1}) {
		t.Errorf("position track %+v", pos)
	}
	if sc := c.Tracks[1]; sc.Interp != Hermite || sc.Keys[0].Out != (mgl32.Vec4{2, 2, 0, 0}) || sc.width != 3 {
		t.Errorf("scale track %+v", sc)
	}
	if tx := c.Tracks[3]; tx.Keys[1].Text != "Go!" || tx.width != -1 {
		t.Errorf("text track %+v", tx)
	}
	if e := c.Events[0]; e != (Event{Time: 0.5, Name: "Shown", Arg: "panel"}) {
		t.Errorf("event %+v", e)
	}
	// A 2D scale's z is 1.
	c2, err := ParseClip([]byte(`{"tracks":[{"property":"scale","keys":[{"time":0,"value":[2,3]},{"time":1,"value":[1,1]}]}]}`), "s.anim.json")
	if err != nil || c2.Tracks[0].Keys[0].Value != (mgl32.Vec4{2, 3, 1, 0}) || c2.Duration != 1 {
		t.Errorf("2D scale: %v %+v", err, c2)
	}
}

// Bad clip files are errors naming the file, the track or event, and why.
func TestParseClipErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`{`, "not a clip file"},
		{`{"tracks": [], "duration": 1} {}`, "data after"},
		{`{"tracks": [], "durasion": 1}`, `unknown field "durasion"`},
		{`{"duration": 1, "wrap": "forever"}`, `wrap "forever"`},
		{`{"tracks": []}`, "duration 0 is not positive"},
		{`{"tracks": [{"property": "position", "keys": [{"time": 0, "value": [1, 2, 3, 4]}]}], "duration": 1}`, `tracks[0] (position): keys[0]: value has 4 numbers; property "position" takes 3`},
		{`{"tracks": [{"path": "A", "component": "Sprite", "property": "color", "keys": [{"time": 0, "value": [1, 2, 3, 4]}, {"time": 1, "value": [1, 2, 3]}]}]}`, `tracks[0] (A:Sprite.color): keys[1]: value has 3 numbers, the track's first key 4 numbers`},
		{`{"tracks": [{"property": "angle", "keys": [{"time": 1, "value": 0}, {"time": 0.5, "value": 0}]}]}`, "keys[1]: time 0.5 is not after"},
		{`{"tracks": [{"property": "angle", "interp": "smooth", "keys": [{"time": 1, "value": 0}]}]}`, `interp "smooth"`},
		{`{"tracks": [{"property": "angle", "keys": [{"time": 1}]}]}`, "keys[0]: no value"},
		{`{"tracks": [{"property": "angle", "keys": [{"value": 1}]}]}`, "keys[0]: no time"},
		{`{"tracks": [{"property": "angle", "keys": [{"time": 1, "value": 1e40}]}]}`, "out of range"},
		{`{"tracks": [{"property": "angle", "keys": [{"time": 1, "value": 1, "curve": [2, 0, 1, 1]}]}]}`, "curve x values"},
		{`{"tracks": [{"property": "angle", "keys": [{"time": 1, "value": 1, "out": [1, 2]}]}]}`, "tangents need 1 numbers"},
		{`{"tracks": [{"component": "Sprite", "property": "frame", "keys": [{"time": 1, "value": [1, 2]}]}]}`, "UV rectangle"},
		{`{"tracks": [{"property": "tint", "keys": [{"time": 1, "value": 1}]}]}`, `a node has no property "tint"`},
		{`{"duration": 1, "events": [{"time": 0.5}]}`, "events[0]: no name"},
		{`{"duration": 1, "events": [{"time": 2, "name": "x"}]}`, "outside the time line"},
		{`{"duration": 0.5, "tracks": [{"property": "angle", "keys": [{"time": 1, "value": 1}]}]}`, "after the duration"},
	} {
		_, err := ParseClip([]byte(c.src), "bad.anim.json")
		if err == nil || !strings.Contains(err.Error(), "bad.anim.json") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n  error %v\n  want %q", c.src, err, c.want)
		}
	}
}

// FuzzParseClip: any input is a clip or an error, never a panic, and every
// clip it accepts is valid and samples without panicking at any time.
func FuzzParseClip(f *testing.F) {
	if b, err := os.ReadFile("testdata/panel.anim.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`{"duration":1,"wrap":"pingpong","tracks":[{"property":"angle","interp":"bezier","keys":[{"time":0,"value":0,"curve":[0,1,1,0]},{"time":1,"value":90}]}],"events":[{"time":1,"name":"A"},{"time":0,"name":"B"}]}`))
	f.Add([]byte(`{"tracks":[{"component":"Sprite","property":"frame","keys":[{"time":0,"value":"run_0"},{"time":0.1,"value":[0,0,0.5,1]}]}]}`))
	f.Add([]byte(`{"speed":2,"wrap":"loop","tracks":[{"property":"scale","interp":"cubic","keys":[{"time":0,"value":[1,1],"in":[0,0],"out":[1e30,0]},{"time":1e-300,"value":[2,2]}]}]}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseClip(data, "fuzz.anim.json")
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.anim.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("accepted an invalid clip: %v", err)
		}
		for _, tr := range c.Tracks {
			hint := 0
			for _, at := range []float64{0, c.Duration / 3, c.Duration / 2, c.Duration} {
				_, hint = tr.sampleNum(localTime(c.Wrap, c.Duration, at*7), hint, false)
			}
		}
	})
}
