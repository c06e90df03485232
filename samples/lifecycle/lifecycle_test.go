package lifecycle

import (
	"image"
	"strings"
	"testing"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform/platformtest"
	"github.com/tact-engine/tact/samples/sample/sampletest"
	"github.com/tact-engine/tact/scenegraph"
)

func TestMain(m *testing.M) { platformtest.Main(m) }

func TestScriptedLog(t *testing.T) {
	var log *Log
	s := Sample
	s.Start = func(g *tact.Game) (*scenegraph.Scene, error) {
		sc, err := Start(g)
		if err == nil {
			log = scenegraph.GetComponent[*Log](sc.Root().ChildByName("Log"))
		}
		return sc, err
	}
	_, img := sampletest.Run(t, s, 100)
	sampletest.SavePNG(t, img, "lifecycle.png")

	// The log, without frame numbers, must hold these entries in this
	// order (other entries may come between them).
	want := []string{
		"A OnLoad", "B OnLoad", "A OnEnable", "B OnEnable", // staged activation
		"A Start", "B Start", "A Update", "B Update", "A LateUpdate",
		"key 2 A.SetEnabled(false)", "A OnDisable",
		"key 3 AddComponent on new node Extra1", "Extra1 OnLoad", "Extra1 OnEnable", "Extra1 Start", "Extra1 Update",
		"key 4 Extra1.Destroy()", "Extra1 OnDisable", "Extra1 OnDestroy",
		"key 1 Subject.SetActive(false)", "B OnDisable",
	}
	var got []string
	for _, line := range log.History() {
		f := strings.Fields(line) // frame, who, what...
		got = append(got, strings.Join(f[1:], " "))
	}
	i := 0
	for _, g := range got {
		if i < len(want) && strings.HasPrefix(g, want[i]) {
			i++
		}
	}
	if i < len(want) {
		t.Fatalf("log lacks %q (in order) after %q; log:\n%s", want[i], want[max(i-1, 0)], strings.Join(log.History(), "\n"))
	}
	// A was disabled before Subject was deactivated: no second OnDisable.
	if n := count(got, "A OnDisable"); n != 1 {
		t.Errorf("A got %d OnDisable, want 1", n)
	}
	// OnDisable at Destroy, OnDestroy in the same frame's deferred step.
	if fd, fe := frameOf(log.History(), "Extra1 OnDisable"), frameOf(log.History(), "Extra1 OnDestroy"); fd != fe || fd == "" {
		t.Errorf("Extra1 OnDisable in frame %q, OnDestroy in frame %q: want the same frame", fd, fe)
	}

	// The newest lines are on screen: the log's label area has text.
	b := img.Bounds()
	if !sampletest.HasBright(img, image.Rect(LogX, b.Dy()-LogTop-10, LogX+300, b.Dy()-LogTop+10)) {
		t.Error("no text on the first log line")
	}
	if last := b.Dy() - (LogTop - (ShownLines-1)*LineHeight); !sampletest.HasBright(img, image.Rect(LogX, last-10, LogX+300, last+10)) {
		t.Error("no text on the last log line")
	}
	// And the background elsewhere.
	if c := img.RGBAAt(b.Dx()-5, b.Dy()-5); c.R != Background.R() || c.G != Background.G() || c.B != Background.B() {
		t.Errorf("corner pixel %v, want the background", c)
	}
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// frameOf returns the frame number of the first history line whose entry
// starts with entry.
func frameOf(history []string, entry string) string {
	for _, l := range history {
		f := strings.Fields(l)
		if strings.HasPrefix(strings.Join(f[1:], " "), entry) {
			return f[0]
		}
	}
	return ""
}
