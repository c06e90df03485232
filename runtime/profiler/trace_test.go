package profiler

import (
	"bytes"
	"encoding/json"
	gort "runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// traceEvent is what the test reads back of a Chrome trace event.
type traceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat"`
	Ph   string         `json:"ph"`
	TID  int            `json:"tid"`
	TS   float64        `json:"ts"`
	Dur  float64        `json:"dur"`
	Args map[string]any `json:"args"`
}

func (e traceEvent) num(key string) int {
	f, _ := e.Args[key].(float64)
	return int(f)
}

// busy is a component with every per-frame callback, a timer, and a frame
// that forces a garbage collection.
type busy struct {
	scenegraph.Component
	frames int
	gcAt   int
}

func (b *busy) Start()              { b.Schedule(func(float64) {}, 0, -1, 0) }
func (b *busy) FixedUpdate(float64) {}
func (b *busy) LateUpdate(float64)  {}
func (b *busy) Update(float64) {
	b.frames++
	b.Node().SetPositionXY(float32(b.frames), 0)
	if b.frames == b.gcAt {
		gort.GC()
	}
}

type postSystem struct{ n int }

func (p *postSystem) Update(float64)     {}
func (p *postSystem) PostUpdate(float64) { p.n++ }

type nopInput struct{}

func (nopInput) Dispatch() {}

// tracedScene is a camera, a sprite that moves, and a busy component.
func tracedScene() *scenegraph.Scene {
	s := scenegraph.NewScene("Traced")
	cam := scenegraph.NewNode("Camera")
	s.AddChild(cam)
	scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.Black))
	hero := scenegraph.NewNode("Hero")
	hero.SetPosition(mgl32.Vec3{1, 2, 0})
	s.AddChild(hero)
	scenegraph.AddComponent(hero, scenegraph.NewSprite(0, 10, 10))
	scenegraph.AddComponent(hero, &busy{gcAt: 2})
	return s
}

// runTrace traces three frames of tracedScene on a Director with a threaded
// renderer over the null backend and returns the parsed events.
func runTrace(t *testing.T, detail TraceDetail) (*director.Director, []traceEvent) {
	t.Helper()
	var out bytes.Buffer
	tr, err := StartTrace(&out, detail)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.NewRenderer(null.New(), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := director.New()
	d.SetInput(nopInput{})
	d.SetFrameSink(r, scenegraph.Extract)
	d.AddSystem(&postSystem{}, 0)
	tr.Attach(d)
	d.RunScene(tracedScene())
	for range 3 {
		d.Tick(1.0 / 60)
	}
	d.End()
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tr.Stop(); err != nil {
		t.Fatal(err)
	}
	var events []traceEvent
	if err := json.Unmarshal(out.Bytes(), &events); err != nil {
		t.Fatalf("the trace is not JSON: %v\n%s", err, out.Bytes())
	}
	return d, events
}

// mainPhases returns, frame by frame, the main thread's phase events in
// begin order.
func mainPhases(events []traceEvent) map[int][]traceEvent {
	frames := map[int][]traceEvent{}
	for _, e := range events {
		if e.TID == traceMainTID && e.Cat == "phase" {
			frames[e.num("frame")] = append(frames[e.num("frame")], e)
		}
	}
	for _, list := range frames {
		sort.Slice(list, func(i, j int) bool { return list[i].num("seq") < list[j].num("seq") })
	}
	return frames
}

// A trace of three frames is JSON, names its tracks, and holds for every
// frame the phases of Director.Tick in order, nested in the frame; the render
// thread's frames and a forced GC are on their own tracks.
func TestTraceThreeFramesInDesignOrder(t *testing.T) {
	_, events := runTrace(t, TracePhases)
	tracks := map[string]bool{}
	for _, e := range events {
		if e.Ph == "M" && e.Name == "thread_name" {
			tracks[e.Args["name"].(string)] = true
		}
	}
	for _, want := range []string{"main thread", "render thread", "GC pauses", "gpu"} {
		if !tracks[want] {
			t.Errorf("no %q track; tracks %v", want, tracks)
		}
	}
	want := []string{"frame", "begin frame", "input", "start", "fixed step", "update", "systems", "timers",
		"late update", "destroy", "post update", "extract", "submit", "end frame"}
	frames := mainPhases(events)
	if len(frames) != 3 {
		t.Fatalf("phase events for frames %v, want 3 frames", len(frames))
	}
	for f := range 3 {
		var got []string
		for _, e := range frames[f] {
			if e.Name != "transforms" { // present when the Director runs a TransformUpdater
				got = append(got, e.Name)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("frame %d phases\n got %q\nwant %q", f, got, want)
		}
		outer := frames[f][0]
		for _, e := range frames[f][1:] {
			if e.TS < outer.TS || e.TS+e.Dur > outer.TS+outer.Dur+0.001 {
				t.Fatalf("frame %d: %q [%v+%v] is not inside the frame [%v+%v]", f, e.Name, e.TS, e.Dur, outer.TS, outer.Dur)
			}
		}
		for i := 2; i < len(frames[f]); i++ { // siblings do not overlap, except nested timers
			prev, e := frames[f][i-1], frames[f][i]
			if e.Name != "timers" && e.TS < prev.TS+prev.Dur-0.001 && prev.Name != "systems" {
				t.Fatalf("frame %d: %q starts before %q ends", f, e.Name, prev.Name)
			}
		}
	}
	var rendered, gpu []int
	gcs := 0
	for _, e := range events {
		if e.Ph != "X" {
			continue
		}
		switch e.TID {
		case traceRenderTID:
			rendered = append(rendered, e.num("frame"))
		case traceGCTID:
			gcs++
		case traceGPUTID:
			// The null backend times its one pass per frame (at zero): one
			// event per pass, named after the pass (its camera's node).
			if e.Name != "Camera" || e.Cat != "gpu" || e.num("pass") != 0 {
				t.Errorf("gpu event %+v, want the pass of node Camera", e)
			}
			gpu = append(gpu, e.num("frame"))
		}
	}
	if !slices.Equal(gpu, rendered) {
		t.Errorf("gpu events for frames %v, want one per rendered frame %v", gpu, rendered)
	}
	if len(rendered) < 2 || !slices.IsSorted(rendered) || rendered[0] < 1 {
		t.Fatalf("render thread frames %v, want at least 2 in order", rendered)
	}
	if gcs < 1 {
		t.Fatal("the forced GC is not in the trace")
	}
}

// With TraceCallbacks (and the scene's hook), every callback appears with
// its node and component, inside its phase.
func TestTraceCallbacks(t *testing.T) {
	_, events := runTrace(t, TraceCallbacks)
	count := map[string]int{}
	for _, e := range events {
		if e.Cat != "callback" {
			continue
		}
		if e.Args["component"] == "*profiler.busy" && e.Args["node"] == "Traced/Hero" {
			count[e.Name]++
		}
	}
	for name, n := range map[string]int{"Start": 1, "Update": 3, "LateUpdate": 3, "FixedUpdate": 3} {
		if count[name] != n {
			t.Errorf("%d %s events for busy on Traced/Hero, want %d (all: %v)", count[name], name, n, count)
		}
	}
}

// Strings are escaped as JSON; a failing writer is reported.
func TestTraceJSONStringsAndWriteErrors(t *testing.T) {
	for _, s := range []string{`plain`, `quo"te\back`, "ctl\x01\n", "héllo", "bad\xffutf8"} {
		b := appendJSONString(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%q encodes to %s: %v", s, b, err)
		}
		if want := strings.ToValidUTF8(s, "\uFFFD"); back != want {
			t.Fatalf("%q round-trips to %q", s, back)
		}
	}
	if _, err := StartTrace(failWriter{}, TracePhases); err == nil {
		t.Fatal("StartTrace on a failing writer succeeded")
	}
	if _, err := StartTrace(nil, TracePhases); err == nil {
		t.Fatal("StartTrace on a nil writer succeeded")
	}
	if got := string(appendMicros(nil, 1234567)); got != "1234.567" {
		t.Fatalf("appendMicros = %s", got)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = &json.UnsupportedValueError{Str: "writer failed"}

// Tracing phases allocates nothing per frame.
func TestTraceAllocatesNothing(t *testing.T) {
	tr, err := StartTrace(&discard{}, TracePhases)
	if err != nil {
		t.Fatal(err)
	}
	d := director.New()
	s := tracedScene()
	d.RunScene(s)
	tr.Attach(d)
	for range 5 {
		d.Tick(1.0 / 60)
	}
	if a := testing.AllocsPerRun(100, func() { d.Tick(1.0 / 60) }); a != 0 {
		t.Fatalf("a traced frame allocates %v times", a)
	}
	if err := tr.Stop(); err != nil {
		t.Fatal(err)
	}
}

type discard struct{ n int }

func (d *discard) Write(b []byte) (int, error) { d.n += len(b); return len(b), nil }
