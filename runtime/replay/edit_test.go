package replay

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"
)

// Input method edits round-trip through a file, as "edit <start> <length>
// <quoted text>" lines; files without them are written as before.
func TestEditRoundTrip(t *testing.T) {
	r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 3, DTs: []DTChange{{0, 0.01}}, Events: []InputEvent{
		{Frame: 0, Kind: InputTextEditing, Text: "ni hao", Start: 6},
		{Frame: 1, Kind: InputTextEditing, Text: "中文", Start: 1, Length: 1},
		{Frame: 2, Kind: InputTextEditing},
		{Frame: 2, Kind: InputText, Text: "你好"},
	}}
	var b bytes.Buffer
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if want := `0 edit 6 0 "ni\x20hao"` + "\n"; !strings.Contains(b.String(), want) {
		t.Fatalf("file lacks %q:\n%s", want, b.String())
	}
	if want := `1 edit 1 1 "\u4e2d\u6587"` + "\n"; !strings.Contains(b.String(), want) {
		t.Fatalf("file lacks %q:\n%s", want, b.String())
	}
	back, err := ReadRecording("ime.rec", &b)
	if err != nil {
		t.Fatalf("ReadRecording: %v", err)
	}
	if !reflect.DeepEqual(r, back) {
		t.Fatalf("round trip changed the recording:\n%+v\n%+v", r.Events, back.Events)
	}
	if InputTextEditing.String() != "edit" {
		t.Fatalf("kind name %q", InputTextEditing)
	}
}

// Bad edit lines and events are errors naming the file, line and reason.
func TestEditErrors(t *testing.T) {
	head := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n0 dt 0.01\n"
	for _, c := range []struct{ in, want string }{
		{head + "1 edit 1 \"a\"\n", `line 6: edit wants a start, a length and a quoted string, has 2 values`},
		{head + "1 edit -1 0 \"a\"\n", `line 6: edit value "-1": not a 32-bit integer of at least 0`},
		{head + "1 edit 0 4294967296 \"a\"\n", `edit value "4294967296"`},
		{head + "1 edit 0 0 a\n", `line 6: edit text "a": not a quoted string`},
		{head + "1 edit 0 0 \"" + strings.Repeat("a", MaxTextBytes+1) + "\"\n", `MaxTextBytes`},
	} {
		_, err := ReadRecording("bad.rec", strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"bad.rec"`) {
			t.Errorf("ReadRecording(%.60q) = %v, want %q", c.in, err, c.want)
		}
	}
	for _, e := range []InputEvent{
		{Frame: 1, Kind: InputTextEditing, Start: -1},
		{Frame: 1, Kind: InputTextEditing, Length: math.MaxInt32 + 1},
	} {
		r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 2, DTs: []DTChange{{0, 0.01}}, Events: []InputEvent{e}}
		if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "edit: start") {
			t.Errorf("Validate(%+v) = %v", e, err)
		}
	}
}
