package replay

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/runtime/director"
)

// InputKind is the kind of a recorded input event.
type InputKind uint8

// The input a Recording holds: what platform.Input can replay.
const (
	InputKeyDown InputKind = iota + 1
	InputKeyUp
	InputMouseMove
	InputMouseDown
	InputMouseUp
	InputQuit
	InputWheel
	InputText
	// InputPadAdd is a gamepad's connection (Pad, Name), InputPadRemove
	// its disconnection (Pad).
	InputPadAdd
	InputPadRemove
	// InputPadDown and InputPadUp are a gamepad button's press and
	// release (Pad, PadButton).
	InputPadDown
	InputPadUp
	// InputPadAxis is a gamepad axis's move (Pad, Axis, Value).
	InputPadAxis
	// InputTextEditing is an input method's composition change (Text,
	// Start, Length; see platform.TextEditingEvent).
	InputTextEditing
)

var inputKindNames = [...]string{"", "keydown", "keyup", "move", "mousedown", "mouseup", "quit", "wheel", "text",
	"padadd", "padremove", "paddown", "padup", "padaxis",
	"edit"}

// String returns the kind's name in recording files, e.g. "keydown".
func (k InputKind) String() string {
	if int(k) < len(inputKindNames) && k != 0 {
		return inputKindNames[k]
	}
	return "input(" + strconv.Itoa(int(k)) + ")"
}

// InputEvent is one recorded input event.
type InputEvent struct {
	// Frame is the frame that dispatched the event, counted from the start
	// of the recording (0 is the first frame recorded).
	Frame uint64
	Kind  InputKind
	// Key, Mod and Repeat describe key events.
	Key    platform.Key
	Mod    platform.Mod
	Repeat bool
	// Button and Clicks describe mouse button events.
	Button platform.MouseButton
	Clicks int
	// X and Y are the mouse position in window coordinates (mouse events).
	X, Y int
	// DX and DY are a wheel event's scroll.
	DX, DY float32
	// Text is a text event's text: UTF-8 as SDL delivers it, though a
	// recording keeps any bytes, at most MaxTextBytes.
	Text string
	// Start and Length are an edit's cursor and selection in Text, in
	// runes (0 to 2^31-1).
	Start, Length int
	// Pad is the gamepad of a pad event, by the id the Input gave it.
	Pad platform.GamepadID
	// Name is a padadd's gamepad name, at most MaxTextBytes.
	Name string
	// PadButton is a paddown's or padup's button.
	PadButton platform.GamepadButton
	// Axis and Value are a padaxis's axis and its new position (-1..1,
	// as platform.Gamepad.Axis reads it).
	Axis  platform.GamepadAxis
	Value float32
}

// DTChange says that from frame Frame on, every frame had dt DT.
type DTChange struct {
	Frame uint64
	DT    float64
}

// Recording is a run's input, frame by frame, with the Director's fixed
// step and every frame's dt: what it takes to drive the same frames again.
// With the same start, a replay of it reaches the same state at every frame.
type Recording struct {
	// FixedStep and MaxFrameTime are the Director's fixed-step settings.
	FixedStep, MaxFrameTime float64
	// Frames is the number of frames recorded.
	Frames uint64
	// DTs lists each frame's dt as changes, in frame order.
	DTs []DTChange
	// Events lists the input in dispatch order.
	Events []InputEvent
}

// DT returns the dt of frame f, and false past the recording's end.
func (r *Recording) DT(f uint64) (float64, bool) {
	if f >= r.Frames {
		return 0, false
	}
	// DTs are in frame order (Validate): the change in force is the last
	// one at or before f, found by halving so that a player asking every
	// frame stays linear in the recording's length.
	i := sort.Search(len(r.DTs), func(i int) bool { return r.DTs[i].Frame > f })
	if i == 0 {
		return 0, false
	}
	return r.DTs[i-1].DT, true
}

// ConstantDT returns the dt of every frame if all frames had the same one
// (a run with Config.FixedDT): the FixedDT to replay it with.
func (r *Recording) ConstantDT() (float64, bool) {
	if len(r.DTs) != 1 {
		return 0, false
	}
	return r.DTs[0].DT, true
}

// The limits of a recording, checked by ReadRecording, Validate (so by
// NewPlayer) and WriteTo.
const (
	// MaxFrames is the most frames a recording may claim: about 207 days
	// at 60 frames a second. A count claimed past it (a file may claim
	// 2^64-1 in twenty digits) would give a replay that never ends.
	MaxFrames = 1 << 30
	// MaxTextBytes is the most bytes one text event may hold (SDL
	// delivers typed text in pieces of at most 32 bytes).
	MaxTextBytes = 4096
	// MaxLineBytes is the longest line ReadRecording reads, without its
	// line ending: the reader never buffers more, whatever the file holds.
	// Every line WriteTo writes is far shorter (a text event of
	// MaxTextBytes, each byte escaped, takes about 16 KiB).
	MaxLineBytes = 64 << 10
)

// maxSeconds bounds the fixed step, the max frame time and each dt.
const maxSeconds = 1e6

const recordingMagic = "tact-recording 1"

// WriteTo writes r as text, one line per setting, dt change and event, so
// recordings diff well; ReadRecording reads it back exactly, any bytes of
// text events included (they are written Go-quoted, in ASCII). It writes
// nothing and returns Validate's error if r does not pass Validate.
func (r *Recording) WriteTo(w io.Writer) (int64, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	bw := bufio.NewWriter(w)
	cw := &countWriter{w: bw}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	fmt.Fprintf(cw, "%s\nfixed-step %s\nmax-frame-time %s\nframes %d\n", recordingMagic, f(r.FixedStep), f(r.MaxFrameTime), r.Frames)
	di := 0
	for ei := 0; ei <= len(r.Events); ei++ {
		// dt changes go before the events of their frame.
		for di < len(r.DTs) && (ei == len(r.Events) || r.DTs[di].Frame <= r.Events[ei].Frame) {
			fmt.Fprintf(cw, "%d dt %s\n", r.DTs[di].Frame, f(r.DTs[di].DT))
			di++
		}
		if ei == len(r.Events) {
			break
		}
		e := r.Events[ei]
		switch e.Kind {
		case InputKeyDown:
			fmt.Fprintf(cw, "%d keydown %d %d %d\n", e.Frame, e.Key, e.Mod, b2i(e.Repeat))
		case InputKeyUp:
			fmt.Fprintf(cw, "%d keyup %d %d\n", e.Frame, e.Key, e.Mod)
		case InputMouseMove:
			fmt.Fprintf(cw, "%d move %d %d\n", e.Frame, e.X, e.Y)
		case InputMouseDown, InputMouseUp:
			fmt.Fprintf(cw, "%d %s %d %d %d %d\n", e.Frame, e.Kind, e.Button, e.X, e.Y, e.Clicks)
		case InputQuit:
			fmt.Fprintf(cw, "%d quit\n", e.Frame)
		case InputWheel:
			f32 := func(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
			fmt.Fprintf(cw, "%d wheel %s %s\n", e.Frame, f32(e.DX), f32(e.DY))
		case InputText:
			fmt.Fprintf(cw, "%d text %s\n", e.Frame, quoteText(e.Text))
		case InputTextEditing:
			fmt.Fprintf(cw, "%d edit %d %d %s\n", e.Frame, e.Start, e.Length, quoteText(e.Text))
		case InputPadAdd:
			fmt.Fprintf(cw, "%d padadd %d %s\n", e.Frame, e.Pad, quoteText(e.Name))
		case InputPadRemove:
			fmt.Fprintf(cw, "%d padremove %d\n", e.Frame, e.Pad)
		case InputPadDown, InputPadUp:
			fmt.Fprintf(cw, "%d %s %d %d\n", e.Frame, e.Kind, e.Pad, e.PadButton)
		case InputPadAxis:
			fmt.Fprintf(cw, "%d padaxis %d %d %s\n", e.Frame, e.Pad, e.Axis, strconv.FormatFloat(float64(e.Value), 'g', -1, 32))
		}
	}
	if cw.err != nil {
		return cw.n, cw.err
	}
	return cw.n, bw.Flush()
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	c.n += int64(n)
	c.err = err
	return n, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReadRecording reads a recording written by WriteTo; name (the file name)
// appears in errors, which give the line and the reason. It never panics on
// bad input, buffers at most one line of MaxLineBytes, and holds every claim
// to the file's content and the limits: a frame count over MaxFrames, a
// line over MaxLineBytes or a text event over MaxTextBytes is an error. A
// recording it returns passes Validate.
func ReadRecording(name string, rd io.Reader) (*Recording, error) {
	sc := bufio.NewScanner(rd)
	// Room for a line of MaxLineBytes and its "\r\n"; scanLine refuses a
	// longer one that fits.
	sc.Buffer(make([]byte, 0, 4096), MaxLineBytes+2)
	sc.Split(scanLine)
	line := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("replay: recording %q line %d: %s", name, line, fmt.Sprintf(format, args...))
	}
	next := func() ([]string, bool) {
		for sc.Scan() {
			line++
			if f := strings.Fields(sc.Text()); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
				return f, true
			}
		}
		return nil, false
	}
	scanErr := func() error {
		err := sc.Err()
		if errors.Is(err, bufio.ErrTooLong) || errors.Is(err, errLineTooLong) {
			line++ // the line that did not fit
			return bad("longer than %d bytes (MaxLineBytes)", MaxLineBytes)
		}
		if err != nil {
			return fmt.Errorf("replay: recording %q line %d: %w", name, line+1, err)
		}
		return nil
	}
	r := &Recording{}
	f, ok := next()
	if !ok || strings.Join(f, " ") != recordingMagic {
		if err := scanErr(); err != nil {
			return nil, err
		}
		return nil, bad("not a recording (want %q first)", recordingMagic)
	}
	header := map[string]bool{}
	var last uint64
	for {
		f, ok := next()
		if !ok {
			break
		}
		switch f[0] {
		case "fixed-step", "max-frame-time", "frames":
			if len(f) != 2 {
				return nil, bad("%s wants one value", f[0])
			}
			if header[f[0]] {
				return nil, bad("%s given twice", f[0])
			}
			header[f[0]] = true
			if f[0] == "frames" {
				n, err := strconv.ParseUint(f[1], 10, 64)
				if err != nil {
					return nil, bad("frames: %v", err)
				}
				if n > MaxFrames {
					return nil, bad("frames %s is over the limit of %d (MaxFrames)", f[1], MaxFrames)
				}
				r.Frames = n
				continue
			}
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil || !(v > 0) || v > maxSeconds {
				return nil, bad("%s %q is not a positive number of seconds", f[0], f[1])
			}
			if f[0] == "fixed-step" {
				if v < director.MinFixedStep {
					return nil, bad("fixed-step %q is below the smallest step, %v s", f[1], director.MinFixedStep)
				}
				r.FixedStep = v
			} else {
				r.MaxFrameTime = v
			}
			continue
		}
		if !header["frames"] {
			return nil, bad("events before the frames line")
		}
		frame, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return nil, bad("unknown line %q", f[0])
		}
		if frame < last {
			return nil, bad("frame %d comes after frame %d", frame, last)
		}
		if frame >= r.Frames {
			return nil, bad("frame %d is past the recording's %d frames", frame, r.Frames)
		}
		last = frame
		if len(f) < 2 {
			return nil, bad("frame %d has no event", frame)
		}
		if f[1] == "dt" {
			if len(f) != 3 {
				return nil, bad("dt wants one value")
			}
			v, err := strconv.ParseFloat(f[2], 64)
			if err != nil || !(v >= 0) || v > maxSeconds {
				return nil, bad("dt %q is not a number of seconds", f[2])
			}
			r.DTs = append(r.DTs, DTChange{frame, v})
			continue
		}
		e, err := parseEvent(frame, f[1], f[2:])
		if err != nil {
			return nil, bad("%v", err)
		}
		r.Events = append(r.Events, e)
	}
	if err := scanErr(); err != nil {
		return nil, err
	}
	for _, h := range []string{"fixed-step", "max-frame-time", "frames"} {
		if !header[h] {
			return nil, fmt.Errorf("replay: recording %q: no %s line", name, h)
		}
	}
	if r.Frames > 0 && (len(r.DTs) == 0 || r.DTs[0].Frame != 0) {
		return nil, fmt.Errorf("replay: recording %q: no dt for frame 0", name)
	}
	return r, nil
}

// errLineTooLong stops the scan at a line over MaxLineBytes.
var errLineTooLong = errors.New("line too long")

// scanLine is bufio.ScanLines held to MaxLineBytes.
func scanLine(data []byte, atEOF bool) (int, []byte, error) {
	adv, tok, err := bufio.ScanLines(data, atEOF)
	if len(tok) > MaxLineBytes {
		return 0, nil, errLineTooLong
	}
	return adv, tok, err
}

// quoteText writes text as one field: Go-quoted in ASCII (so any bytes,
// invalid UTF-8 too, come back as they were), with spaces escaped so a
// line still splits on white space. The format is the one of the first
// recordings; only the reader became less strict, so no version changed.
func quoteText(s string) string {
	return strings.ReplaceAll(strconv.QuoteToASCII(s), " ", `\x20`)
}

func parseEvent(frame uint64, kind string, args []string) (InputEvent, error) {
	e := InputEvent{Frame: frame}
	switch kind {
	case "wheel":
		if len(args) != 2 {
			return e, fmt.Errorf("wheel wants 2 values, has %d", len(args))
		}
		var v [2]float32
		for i, a := range args {
			f, err := strconv.ParseFloat(a, 32)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return e, fmt.Errorf("wheel value %q: not a number", a)
			}
			v[i] = float32(f)
		}
		e.Kind, e.DX, e.DY = InputWheel, v[0], v[1]
		return e, nil
	case "text":
		if len(args) != 1 {
			return e, fmt.Errorf("text wants one quoted string")
		}
		t, err := strconv.Unquote(args[0])
		if err != nil {
			return e, fmt.Errorf("text %.20q: not a quoted string", args[0])
		}
		e.Kind, e.Text = InputText, t
		return e, e.check()
	case "edit":
		if len(args) != 3 {
			return e, fmt.Errorf("edit wants a start, a length and a quoted string, has %d values", len(args))
		}
		var n [2]int64
		for i, a := range args[:2] {
			v, err := strconv.ParseInt(a, 10, 32)
			if err != nil || v < 0 {
				return e, fmt.Errorf("edit value %q: not a 32-bit integer of at least 0", a)
			}
			n[i] = v
		}
		t, err := strconv.Unquote(args[2])
		if err != nil {
			return e, fmt.Errorf("edit text %.20q: not a quoted string", args[2])
		}
		e.Kind, e.Start, e.Length, e.Text = InputTextEditing, int(n[0]), int(n[1]), t
		return e, e.check()
	case "padadd":
		if len(args) != 2 {
			return e, fmt.Errorf("padadd wants a gamepad id and a quoted name, has %d values", len(args))
		}
		id, err := strconv.ParseInt(args[0], 10, 32)
		if err != nil {
			return e, fmt.Errorf("padadd gamepad id %q: not a 32-bit integer", args[0])
		}
		name, err := strconv.Unquote(args[1])
		if err != nil {
			return e, fmt.Errorf("padadd name %.20q: not a quoted string", args[1])
		}
		e.Kind, e.Pad, e.Name = InputPadAdd, platform.GamepadID(id), name
		return e, e.check()
	case "padaxis":
		if len(args) != 3 {
			return e, fmt.Errorf("padaxis wants 3 values, has %d", len(args))
		}
		id, err := strconv.ParseInt(args[0], 10, 32)
		if err != nil {
			return e, fmt.Errorf("padaxis gamepad id %q: not a 32-bit integer", args[0])
		}
		a, err := strconv.ParseUint(args[1], 10, 8)
		if err != nil {
			return e, fmt.Errorf("padaxis axis %q: not a small number", args[1])
		}
		v, err := strconv.ParseFloat(args[2], 32)
		if err != nil {
			return e, fmt.Errorf("padaxis value %q: not a number", args[2])
		}
		e.Kind, e.Pad, e.Axis, e.Value = InputPadAxis, platform.GamepadID(id), platform.GamepadAxis(a), float32(v)
		return e, e.check()
	}
	want := 0
	switch kind {
	case "keydown":
		e.Kind, want = InputKeyDown, 3
	case "keyup":
		e.Kind, want = InputKeyUp, 2
	case "move":
		e.Kind, want = InputMouseMove, 2
	case "mousedown":
		e.Kind, want = InputMouseDown, 4
	case "mouseup":
		e.Kind, want = InputMouseUp, 4
	case "quit":
		e.Kind = InputQuit
	case "padremove":
		e.Kind, want = InputPadRemove, 1
	case "paddown":
		e.Kind, want = InputPadDown, 2
	case "padup":
		e.Kind, want = InputPadUp, 2
	default:
		return e, fmt.Errorf("unknown event %q", kind)
	}
	if len(args) != want {
		return e, fmt.Errorf("%s wants %d values, has %d", kind, want, len(args))
	}
	n := make([]int64, len(args))
	for i, a := range args {
		v, err := strconv.ParseInt(a, 10, 32)
		if err != nil {
			return e, fmt.Errorf("%s value %q: not a 32-bit integer", kind, a)
		}
		n[i] = v
	}
	switch e.Kind {
	case InputKeyDown, InputKeyUp:
		if n[0] < 0 || n[0] >= platform.KeyCount {
			return e, fmt.Errorf("%s: key %d out of range", kind, n[0])
		}
		if n[1] < 0 || n[1] > math16 {
			return e, fmt.Errorf("%s: modifiers %d out of range", kind, n[1])
		}
		e.Key, e.Mod = platform.Key(n[0]), platform.Mod(n[1])
		if e.Kind == InputKeyDown {
			if n[2] != 0 && n[2] != 1 {
				return e, fmt.Errorf("keydown: repeat must be 0 or 1")
			}
			e.Repeat = n[2] == 1
		}
	case InputMouseMove:
		e.X, e.Y = int(n[0]), int(n[1])
	case InputMouseDown, InputMouseUp:
		if n[0] < 0 || n[0] > 255 {
			return e, fmt.Errorf("%s: button %d out of range", kind, n[0])
		}
		if n[3] < 0 || n[3] > 255 {
			return e, fmt.Errorf("%s: clicks %d out of range", kind, n[3])
		}
		e.Button, e.X, e.Y, e.Clicks = platform.MouseButton(n[0]), int(n[1]), int(n[2]), int(n[3])
	case InputPadRemove:
		e.Pad = platform.GamepadID(n[0])
	case InputPadDown, InputPadUp:
		if n[1] < 0 || n[1] >= int64(platform.GamepadButtonCount) {
			return e, fmt.Errorf("%s: gamepad button %d out of range", kind, n[1])
		}
		e.Pad, e.PadButton = platform.GamepadID(n[0]), platform.GamepadButton(n[1])
	}
	return e, e.check()
}

const math16 = 1<<16 - 1

// check reports a value of e that a recording file cannot hold, so that
// Validate passes only what WriteTo writes and ReadRecording reads back.
func (e *InputEvent) check() error {
	switch e.Kind {
	case InputKeyDown, InputKeyUp:
		if e.Key >= platform.KeyCount {
			return fmt.Errorf("%s: key %d out of range", e.Kind, e.Key)
		}
		if uint64(e.Mod) > math16 {
			return fmt.Errorf("%s: modifiers %d out of range", e.Kind, e.Mod)
		}
	case InputMouseMove, InputMouseDown, InputMouseUp:
		if int64(e.X) != int64(int32(e.X)) || int64(e.Y) != int64(int32(e.Y)) {
			return fmt.Errorf("%s: position %d, %d is not two 32-bit integers", e.Kind, e.X, e.Y)
		}
		if e.Kind != InputMouseMove && (e.Button > 255 || e.Clicks < 0 || e.Clicks > 255) {
			return fmt.Errorf("%s: button %d or clicks %d out of range", e.Kind, e.Button, e.Clicks)
		}
	case InputWheel:
		for _, v := range [2]float32{e.DX, e.DY} {
			if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("wheel value %v: not a number", v)
			}
		}
	case InputText:
		if len(e.Text) > MaxTextBytes {
			return fmt.Errorf("text of %d bytes is over the limit of %d (MaxTextBytes)", len(e.Text), MaxTextBytes)
		}
	case InputTextEditing:
		if len(e.Text) > MaxTextBytes {
			return fmt.Errorf("edit: text of %d bytes is over the limit of %d (MaxTextBytes)", len(e.Text), MaxTextBytes)
		}
		if e.Start < 0 || e.Length < 0 || e.Start > math.MaxInt32 || e.Length > math.MaxInt32 {
			return fmt.Errorf("edit: start %d or length %d is not 0 to 2^31-1", e.Start, e.Length)
		}
	case InputPadAdd:
		if len(e.Name) > MaxTextBytes {
			return fmt.Errorf("padadd: name of %d bytes is over the limit of %d (MaxTextBytes)", len(e.Name), MaxTextBytes)
		}
	case InputPadDown, InputPadUp:
		if e.PadButton >= platform.GamepadButtonCount {
			return fmt.Errorf("%s: gamepad button %d out of range", e.Kind, e.PadButton)
		}
	case InputPadAxis:
		if e.Axis >= platform.GamepadAxisCount {
			return fmt.Errorf("padaxis: axis %d out of range", e.Axis)
		}
		// -1..1 excludes NaN too; Inject would clamp the rest, and a
		// recording holds only what a pad can read.
		if !(e.Value >= -1 && e.Value <= 1) {
			return fmt.Errorf("padaxis: value %v is not -1 to 1", e.Value)
		}
	case InputQuit, InputPadRemove:
	default:
		return fmt.Errorf("unknown kind %d", e.Kind)
	}
	return nil
}

// Recorder records a run's input and dt, frame by frame. Its frame 0 is the
// first frame that begins after NewRecorder: created between frames, the
// next frame; created during a frame (a RunHeadless script, which runs at
// the end of each frame, or any listener), the frame after that one. Input
// the rest of the frame under way dispatches is not recorded, so that every
// recorded event belongs to a recorded frame and a recording always has a
// dt for its frame 0.
type Recorder struct {
	d       *director.Director
	rec     Recording
	start   uint64
	started bool // frame 0 has begun: start is its TotalFrames
	offs    []func()
	done    bool
}

// NewRecorder starts recording the input that in dispatches and the dt of
// each frame of d, from the next frame to begin (see Recorder). Call Stop
// for the Recording; it passes Validate, so WriteTo writes it and
// ReadRecording reads it back.
func NewRecorder(d *director.Director, in *platform.Input) *Recorder {
	r := &Recorder{d: d}
	r.rec.FixedStep = d.FixedStep()
	r.rec.MaxFrameTime = d.MaxFrameTime()
	add := func(e InputEvent) {
		if !r.started {
			return // dispatched by the frame under way at NewRecorder
		}
		e.Frame = d.TotalFrames() - r.start
		r.rec.Events = append(r.rec.Events, e)
	}
	r.offs = []func(){
		d.BeginFrame.On(func(d *director.Director) {
			if !r.started {
				// Frame 0 begins here. TotalFrames cannot say it when
				// NewRecorder runs: during a frame's EndFrame it still
				// counts the frame that is ending.
				r.started, r.start = true, d.TotalFrames()
				r.recordPads(in)
			}
			f := d.TotalFrames() - r.start
			r.rec.Frames = f + 1
			if n := len(r.rec.DTs); n == 0 || r.rec.DTs[n-1].DT != d.DeltaTime() {
				r.rec.DTs = append(r.rec.DTs, DTChange{f, d.DeltaTime()})
			}
		}),
		in.KeyDown.On(func(k platform.KeyEvent) {
			add(InputEvent{Kind: InputKeyDown, Key: k.Key, Mod: k.Mod, Repeat: k.Repeat})
		}),
		in.KeyUp.On(func(k platform.KeyEvent) { add(InputEvent{Kind: InputKeyUp, Key: k.Key, Mod: k.Mod}) }),
		in.MouseMotion.On(func(m platform.MouseMotionEvent) {
			add(InputEvent{Kind: InputMouseMove, X: int(m.X), Y: int(m.Y)})
		}),
		in.MouseButtonDown.On(func(m platform.MouseButtonEvent) {
			add(InputEvent{Kind: InputMouseDown, Button: m.Button, X: int(m.X), Y: int(m.Y), Clicks: m.Clicks})
		}),
		in.MouseButtonUp.On(func(m platform.MouseButtonEvent) {
			add(InputEvent{Kind: InputMouseUp, Button: m.Button, X: int(m.X), Y: int(m.Y), Clicks: m.Clicks})
		}),
		in.QuitRequested.On(func(struct{}) { add(InputEvent{Kind: InputQuit}) }),
		in.MouseWheel.On(func(w platform.WheelEvent) { add(InputEvent{Kind: InputWheel, DX: w.DX, DY: w.DY}) }),
		in.TextInput.On(func(s string) { add(InputEvent{Kind: InputText, Text: s}) }),
		in.TextEditing.On(func(t platform.TextEditingEvent) {
			add(InputEvent{Kind: InputTextEditing, Text: t.Text, Start: t.Start, Length: t.Length})
		}),
		in.GamepadAdded.On(func(id platform.GamepadID) {
			var name string
			if g := in.Gamepad(id); g != nil {
				name = g.Name()
			}
			add(InputEvent{Kind: InputPadAdd, Pad: id, Name: name})
		}),
		in.GamepadRemoved.On(func(id platform.GamepadID) { add(InputEvent{Kind: InputPadRemove, Pad: id}) }),
		in.GamepadButtonDown.On(func(b platform.GamepadButtonEvent) {
			add(InputEvent{Kind: InputPadDown, Pad: b.ID, PadButton: b.Button})
		}),
		in.GamepadButtonUp.On(func(b platform.GamepadButtonEvent) {
			add(InputEvent{Kind: InputPadUp, Pad: b.ID, PadButton: b.Button})
		}),
		in.GamepadAxisMotion.On(func(a platform.GamepadAxisEvent) {
			add(InputEvent{Kind: InputPadAxis, Pad: a.ID, Axis: a.Axis, Value: a.Value})
		}),
	}
	return r
}

// recordPads records the gamepads connected when frame 0 begins (before
// its input is dispatched) as frame-0 events: each pad's connection, its
// held buttons and its axes off zero. A replay connects them in frame 0's
// dispatch, so the replayed frames see the same pads, ids and state; only
// GamepadAdded fires there once more than in the recorded run.
func (r *Recorder) recordPads(in *platform.Input) {
	for _, g := range in.Gamepads() {
		r.rec.Events = append(r.rec.Events, InputEvent{Kind: InputPadAdd, Pad: g.ID(), Name: g.Name()})
		for b := range platform.GamepadButtonCount {
			if g.Down(b) {
				r.rec.Events = append(r.rec.Events, InputEvent{Kind: InputPadDown, Pad: g.ID(), PadButton: b})
			}
		}
		for a := range platform.GamepadAxisCount {
			if v := g.Axis(a); v != 0 {
				r.rec.Events = append(r.rec.Events, InputEvent{Kind: InputPadAxis, Pad: g.ID(), Axis: a, Value: v})
			}
		}
	}
}

// Stop ends the recording and returns it. Later calls return the same
// Recording.
func (r *Recorder) Stop() *Recording {
	if !r.done {
		r.done = true
		for _, off := range r.offs {
			off()
		}
	}
	return &r.rec
}

// Player replays a Recording into a platform.Input: at the start of each
// frame it injects the events recorded for that frame, which the frame's
// input dispatch then delivers, so the replay drives the same frames as the
// recorded run. Replay needs the same dt per frame (run the Game with
// Config.FixedDT set to Recording.ConstantDT) and the same fixed step; a
// frame whose dt differs is reported by Err. Real input arriving meanwhile
// would mix in: replay headless or keep hands off.
type Player struct {
	rec   *Recording
	d     *director.Director
	in    *platform.Input
	start uint64
	began bool // frame 0 has begun: start is its TotalFrames
	next  int
	off   func()
	err   error
}

// NewPlayer starts replaying rec into in from the next frame of d to begin,
// which is the recording's frame 0 (created during a frame, as a Recorder
// created there, the frame after it), and sets d's fixed step to the
// recorded one. It fails, changing nothing, if rec does not pass Validate.
func NewPlayer(rec *Recording, d *director.Director, in *platform.Input) (*Player, error) {
	if err := rec.Validate(); err != nil {
		return nil, err
	}
	p := &Player{rec: rec, d: d, in: in}
	if err := d.SetFixedStep(rec.FixedStep, rec.MaxFrameTime); err != nil {
		return nil, err
	}
	p.off = d.BeginFrame.On(p.beginFrame)
	return p, nil
}

// beginFrame injects frame f's events before the frame's dispatch.
func (p *Player) beginFrame(d *director.Director) {
	if !p.began {
		p.began, p.start = true, d.TotalFrames()
	}
	f := d.TotalFrames() - p.start
	if want, ok := p.rec.DT(f); ok && want != d.DeltaTime() && p.err == nil {
		p.err = fmt.Errorf("replay: replay: frame %d has dt %v, the recording %v: the frames differ", f, d.DeltaTime(), want)
	}
	for p.next < len(p.rec.Events) && p.rec.Events[p.next].Frame <= f {
		e := p.rec.Events[p.next]
		p.next++
		switch e.Kind {
		case InputKeyDown, InputKeyUp:
			p.in.InjectKeyEvent(platform.KeyEvent{Key: e.Key, Mod: e.Mod, Repeat: e.Repeat}, e.Kind == InputKeyDown)
		case InputMouseMove:
			p.in.InjectMouseMove(e.X, e.Y)
		case InputMouseDown, InputMouseUp:
			p.in.InjectMouseButton(e.Button, e.Kind == InputMouseDown, e.X, e.Y)
		case InputQuit:
			p.in.InjectQuit()
		case InputWheel:
			p.in.InjectWheel(e.DX, e.DY)
		case InputText:
			p.in.InjectText(e.Text)
		case InputTextEditing:
			p.in.InjectTextEditing(e.Text, e.Start, e.Length)
		case InputPadAdd:
			p.in.InjectGamepadAdded(e.Pad, e.Name)
		case InputPadRemove:
			p.in.InjectGamepadRemoved(e.Pad)
		case InputPadDown, InputPadUp:
			p.in.InjectGamepadButton(e.Pad, e.PadButton, e.Kind == InputPadDown)
		case InputPadAxis:
			p.in.InjectGamepadAxis(e.Pad, e.Axis, e.Value)
		}
	}
	if f+1 >= p.rec.Frames {
		p.Stop()
	}
}

// Done reports whether every recorded frame has been replayed.
func (p *Player) Done() bool { return p.off == nil }

// Err returns the first frame whose dt differed from the recording's.
func (p *Player) Err() error { return p.err }

// Stop ends the replay early; Done turns true.
func (p *Player) Stop() {
	if p.off != nil {
		p.off()
		p.off = nil
	}
}

// StateTrail captures a Director's scene state at the end of every frame,
// for comparing a replay with its recorded run.
type StateTrail struct {
	// States holds one state per frame since TrackState.
	States []*SceneState
	hasher StateHasher
	off    func()
}

// TrackState starts capturing d's scene state at every EndFrame (a frame
// with no scene captures an empty state).
func TrackState(d *director.Director) *StateTrail {
	t := &StateTrail{}
	t.off = d.EndFrame.On(func(d *director.Director) {
		st := &SceneState{}
		if s := d.Scene(); s != nil {
			st = t.hasher.CaptureState(s)
		}
		t.States = append(t.States, st)
	})
	return t
}

// Stop ends the capture.
func (t *StateTrail) Stop() {
	if t.off != nil {
		t.off()
		t.off = nil
	}
}

// Compare checks other against t (the expected run) frame by frame and
// returns an error naming the first frame and node that differ, or a
// difference in length; nil when they agree at every frame.
func (t *StateTrail) Compare(other *StateTrail) error {
	for i := range min(len(t.States), len(other.States)) {
		if d := t.States[i].Diff(other.States[i]); d != "" {
			return &ReplayMismatch{Frame: uint64(i), Detail: d}
		}
	}
	if len(t.States) != len(other.States) {
		return fmt.Errorf("replay: replay ran %d frames, the recording %d", len(other.States), len(t.States))
	}
	return nil
}

// ReplayMismatch is the first frame at which a replay's state differed from
// the recorded run's.
type ReplayMismatch struct {
	// Frame counts from the start of the trails.
	Frame uint64
	// Detail names the node and what differs.
	Detail string
}

// Error names the first frame that differs and what differs in it.
func (m *ReplayMismatch) Error() string {
	return fmt.Sprintf("replay: replay differs at frame %d: %s", m.Frame, m.Detail)
}

// errNoRecording is returned for a nil recording.
var errNoRecording = errors.New("replay: no recording")

// Validate checks that r can be replayed, and written and read back: at
// most MaxFrames frames, dt changes and events in frame order within
// Frames, a dt for frame 0, dts of 0 to 1e6 s, a fixed step and max frame
// time of up to 1e6 s that the Director accepts, known event kinds, and
// values a recording file holds (32-bit positions, texts of at most
// MaxTextBytes).
func (r *Recording) Validate() error {
	if r == nil {
		return errNoRecording
	}
	if !(r.FixedStep > 0) || !(r.MaxFrameTime > 0) || r.FixedStep > maxSeconds || r.MaxFrameTime > maxSeconds {
		return fmt.Errorf("replay: recording: fixed step %v and max frame time %v must be positive, at most %v s", r.FixedStep, r.MaxFrameTime, maxSeconds)
	}
	if err := director.CheckFixedStep(r.FixedStep, r.MaxFrameTime); err != nil {
		return fmt.Errorf("replay: recording: %w", err)
	}
	if r.Frames > MaxFrames {
		return fmt.Errorf("replay: recording: %d frames is over the limit of %d (MaxFrames)", r.Frames, MaxFrames)
	}
	if r.Frames > 0 && (len(r.DTs) == 0 || r.DTs[0].Frame != 0) {
		return errors.New("replay: recording: no dt for frame 0")
	}
	var last uint64
	for i, c := range r.DTs {
		if c.Frame < last || c.Frame >= r.Frames {
			return fmt.Errorf("replay: recording: dt change %d at frame %d is out of order or past frame %d", i, c.Frame, r.Frames)
		}
		if !(c.DT >= 0) || c.DT > maxSeconds {
			return fmt.Errorf("replay: recording: dt change %d: dt %v is not 0 to %v s", i, c.DT, maxSeconds)
		}
		last = c.Frame
	}
	last = 0
	for i, e := range r.Events {
		if e.Frame < last || e.Frame >= r.Frames {
			return fmt.Errorf("replay: recording: event %d at frame %d is out of order or past frame %d", i, e.Frame, r.Frames)
		}
		if err := e.check(); err != nil {
			return fmt.Errorf("replay: recording: event %d: %w", i, err)
		}
		last = e.Frame
	}
	return nil
}
