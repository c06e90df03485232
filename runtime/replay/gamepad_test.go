package replay

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/tact-engine/tact/platform"
)

// Gamepad events are written one line each and read back exactly.
func TestGamepadEventsRoundTrip(t *testing.T) {
	rec := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 3, DTs: []DTChange{{0, 0.01}},
		Events: []InputEvent{
			{Frame: 0, Kind: InputPadAdd, Pad: -1, Name: "Virtual Pad"},
			{Frame: 1, Kind: InputPadDown, Pad: -1, PadButton: platform.GamepadDPadRight},
			{Frame: 1, Kind: InputPadAxis, Pad: -1, Axis: platform.GamepadLeftX, Value: -16384.0 / 32768},
			{Frame: 2, Kind: InputPadUp, Pad: -1, PadButton: platform.GamepadDPadRight},
			{Frame: 2, Kind: InputPadAxis, Pad: 7, Axis: platform.GamepadRightTrigger, Value: 1},
			{Frame: 2, Kind: InputPadRemove, Pad: -1},
		}}
	var b bytes.Buffer
	if _, err := rec.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	want := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 3\n0 dt 0.01\n" +
		"0 padadd -1 \"Virtual\\x20Pad\"\n1 paddown -1 14\n1 padaxis -1 0 -0.5\n2 padup -1 14\n2 padaxis 7 5 1\n2 padremove -1\n"
	if b.String() != want {
		t.Fatalf("written:\n%s\nwant:\n%s", b.String(), want)
	}
	back, err := ReadRecording("pad.rec", &b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rec) {
		t.Fatalf("read back %+v\nwant %+v", back.Events, rec.Events)
	}
}

// Bad gamepad lines name the file, the line and the reason; Validate
// refuses the values a file could not hold.
func TestGamepadEventErrors(t *testing.T) {
	head := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n0 dt 0.01\n"
	for _, c := range []struct{ in, want string }{
		{head + "1 paddown -1 99\n", `line 6: paddown: gamepad button 99 out of range`},
		{head + "1 padup -1\n", `padup wants 2 values, has 1`},
		{head + "1 padaxis -1 9 0.5\n", `padaxis: axis 9 out of range`},
		{head + "1 padaxis -1 0 1.5\n", `padaxis: value 1.5 is not -1 to 1`},
		{head + "1 padaxis -1 0 NaN\n", `padaxis: value NaN is not -1 to 1`},
		{head + "1 padaxis x 0 0\n", `padaxis gamepad id "x": not a 32-bit integer`},
		{head + "1 padadd 4294967296 \"P\"\n", `padadd gamepad id "4294967296": not a 32-bit integer`},
		{head + "1 padadd 1 P\n", `padadd name "P": not a quoted string`},
		{head + "1 padremove\n", `padremove wants 1 values, has 0`},
	} {
		_, err := ReadRecording("bad.rec", strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"bad.rec"`) {
			t.Errorf("ReadRecording(%q) = %v, want %q", c.in, err, c.want)
		}
	}
	r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 1, DTs: []DTChange{{0, 0.01}},
		Events: []InputEvent{{Kind: InputPadAdd, Name: strings.Repeat("x", MaxTextBytes+1)}}}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "event 0: padadd: name of 4097 bytes") {
		t.Fatalf("Validate = %v", err)
	}
}
