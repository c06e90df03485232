package replay

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
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
	// Crashers: invalid UTF-8 text (it was written but did not read back),
	// 2^64-1 frames (a player that never ends), raw non-ASCII and invalid
	// UTF-8 inside quotes (it comes back escaped). The line and text
	// limits have tests of their own (TestLongLine, TestTextLimit): seeds
	// of 64 KiB would have the fuzzer spend its time minimizing them.
	head := "tact-recording 1\nfixed-step 0.1\nmax-frame-time 0.25\nframes 3\n0 dt 0.1\n"
	f.Add(head + "1 text \"\\xff\\xc3\"\n2 text \"a\\xed\\xa0\\x80\"\n")
	f.Add("tact-recording 1\nfixed-step 0.1\nmax-frame-time 0.25\nframes 18446744073709551615\n0 dt 0.1\n")
	f.Add(head + "1 text \"\u00e9\xff\\x20\"\n")
	f.Add(head + "0 padadd -1 \"Virtual\\x20Pad\"\n1 paddown -1 11\n1 padaxis -1 0 -0.5000153\n2 padup -1 11\n2 padremove -1\n")
	f.Add(head + "1 edit 5 0 \"nihao\"\n1 edit 0 0 \"\"\n1 text \"\\u4f60\\u597d\"\n2 edit 2 1 \"\\xff\"\n")
	f.Fuzz(func(t *testing.T, in string) {
		r, err := ReadRecording("fuzz", strings.NewReader(in))
		if err != nil {
			if !strings.Contains(err.Error(), `recording "fuzz"`) {
				t.Fatalf("an error that does not name the file: %v", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
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

// Text events keep any bytes through a write and a read, invalid UTF-8
// included, and a recording written before (spaces as \x20) still reads.
func TestTextRoundTripAnyBytes(t *testing.T) {
	texts := []string{"\xff", "a\xc3", "\xed\xa0\x80", "\x00 \n\t\r", "héllo wörld", "\"`'\\", "", "\u2028\u0085\u00a0", "😀"}
	r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 3, DTs: []DTChange{{0, 0.01}}}
	for i, s := range texts {
		r.Events = append(r.Events, InputEvent{Frame: uint64(i % 3), Kind: InputText, Text: s})
	}
	slices.SortStableFunc(r.Events, func(a, b InputEvent) int { return cmp.Compare(a.Frame, b.Frame) })
	var b bytes.Buffer
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadRecording("text.rec", &b)
	if err != nil {
		t.Fatalf("ReadRecording of a written recording: %v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(r, back) {
		t.Fatalf("round trip changed the recording:\n%+v\n%+v", r.Events, back.Events)
	}
	old := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 2\n0 dt 0.01\n1 text \"go\\x20west\\x20\\u00e9\"\n"
	rec, err := ReadRecording("old.rec", strings.NewReader(old))
	if err != nil || len(rec.Events) != 1 || rec.Events[0].Text != "go west é" {
		t.Fatalf("old recording = %v, %+v", err, rec)
	}
}

// The claimed frame count is held to MaxFrames, in a file and in Validate,
// so no player is handed a recording that never ends.
func TestFramesLimit(t *testing.T) {
	for _, n := range []string{"18446744073709551615", strconv.FormatUint(MaxFrames+1, 10)} {
		in := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes " + n + "\n0 dt 0.01\n"
		_, err := ReadRecording("huge.rec", strings.NewReader(in))
		want := fmt.Sprintf(`replay: recording "huge.rec" line 4: frames %s is over the limit of %d (MaxFrames)`, n, MaxFrames)
		if err == nil || err.Error() != want {
			t.Errorf("ReadRecording with frames %s = %v, want %s", n, err, want)
		}
	}
	in := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes " + strconv.FormatUint(MaxFrames, 10) + "\n0 dt 0.01\n"
	if _, err := ReadRecording("max.rec", strings.NewReader(in)); err != nil {
		t.Errorf("ReadRecording with MaxFrames frames: %v", err)
	}
	r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: math.MaxUint64, DTs: []DTChange{{0, 0.01}}}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "MaxFrames") {
		t.Errorf("Validate with 2^64-1 frames = %v", err)
	}
	if _, err := r.WriteTo(io.Discard); err == nil || !strings.Contains(err.Error(), "MaxFrames") {
		t.Errorf("WriteTo with 2^64-1 frames = %v", err)
	}
	if p, err := NewPlayer(r, nil, nil); err == nil || p != nil || !strings.Contains(err.Error(), "MaxFrames") {
		t.Errorf("NewPlayer with 2^64-1 frames = %v", err)
	}
}

// A line over MaxLineBytes is an error naming the file, the line and the
// limit; a line of exactly MaxLineBytes reads.
func TestLongLine(t *testing.T) {
	head := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 10\n0 dt 0.01\n"
	for _, nl := range []string{"\n", "\r\n", ""} {
		in := head + "# " + strings.Repeat("x", MaxLineBytes) + nl + "1 quit\n"
		_, err := ReadRecording("long.rec", strings.NewReader(in))
		want := fmt.Sprintf(`replay: recording "long.rec" line 6: longer than %d bytes (MaxLineBytes)`, MaxLineBytes)
		if err == nil || err.Error() != want {
			t.Errorf("ReadRecording with a long line (end %q) = %v, want %s", nl, err, want)
		}
		in = head + "#" + strings.Repeat("x", MaxLineBytes-1) + nl + "1 quit\n"
		if nl == "" {
			in = head + "1 quit\n#" + strings.Repeat("x", MaxLineBytes-1)
		}
		if r, err := ReadRecording("long.rec", strings.NewReader(in)); err != nil || len(r.Events) != 1 {
			t.Errorf("ReadRecording with a line of MaxLineBytes (end %q) = %v", nl, err)
		}
	}
}

// A text event is held to MaxTextBytes when read and when written, so
// every recording that reads also writes lines that read back.
func TestTextLimit(t *testing.T) {
	big := strings.Repeat("\xff", MaxTextBytes+1)
	r := &Recording{FixedStep: 0.01, MaxFrameTime: 0.25, Frames: 2, DTs: []DTChange{{0, 0.01}},
		Events: []InputEvent{{Frame: 1, Kind: InputText, Text: big}}}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), "MaxTextBytes") {
		t.Errorf("Validate with a long text = %v", err)
	}
	if _, err := r.WriteTo(io.Discard); err == nil || !strings.Contains(err.Error(), "event 0") || !strings.Contains(err.Error(), "MaxTextBytes") {
		t.Errorf("WriteTo with a long text = %v", err)
	}
	in := "tact-recording 1\nfixed-step 0.01\nmax-frame-time 0.25\nframes 2\n0 dt 0.01\n1 text " + strconv.Quote(strings.Repeat("a", MaxTextBytes+1)) + "\n"
	_, err := ReadRecording("text.rec", strings.NewReader(in))
	if err == nil || !strings.Contains(err.Error(), `"text.rec" line 6`) || !strings.Contains(err.Error(), "MaxTextBytes") {
		t.Errorf("ReadRecording with a long text = %v", err)
	}
	// The longest text, in the costliest escapes, still fits one line.
	r.Events[0].Text = big[:MaxTextBytes]
	r.Frames = MaxFrames
	r.Events[0].Frame = MaxFrames - 1
	var b bytes.Buffer
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if back, err := ReadRecording("text.rec", &b); err != nil || !reflect.DeepEqual(back, r) {
		t.Fatalf("the longest text does not round-trip: %v", err)
	}
}

// DT finds the change in force by halving; it agrees with the plain scan
// at every frame, before the first change, on a change and past the end.
func TestDTMatchesScan(t *testing.T) {
	rec := &Recording{Frames: 100, DTs: []DTChange{{Frame: 3, DT: 0.5}, {Frame: 4, DT: 0.25}, {Frame: 50, DT: 0.125}, {Frame: 99, DT: 1}}}
	scan := func(f uint64) (float64, bool) {
		dt, ok := 0.0, false
		for _, c := range rec.DTs {
			if c.Frame <= f {
				dt, ok = c.DT, true
			}
		}
		return dt, ok && f < rec.Frames
	}
	for f := uint64(0); f < 105; f++ {
		got, gok := rec.DT(f)
		want, wok := scan(f)
		if !wok {
			want = 0
		}
		if got != want || gok != wok {
			t.Errorf("DT(%d) = %v, %v; want %v, %v", f, got, gok, want, wok)
		}
	}
}

// BenchmarkDT: one frame's look-up in a recording with a dt change every
// frame (a variable-rate run), at 10k and 100k frames: the player asks once
// per frame, so a scan here made replaying quadratic.
func BenchmarkDT(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		rec := &Recording{Frames: uint64(n)}
		for i := range n {
			rec.DTs = append(rec.DTs, DTChange{Frame: uint64(i), DT: float64(i%3+1) / 60})
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				rec.DT(uint64(i % n))
			}
		})
	}
}
