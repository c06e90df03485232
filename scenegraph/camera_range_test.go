package scenegraph

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// A perspective camera whose Near is 0 (with Far set), or any camera whose
// Far is not beyond Near, would draw nothing: it projects with the default
// range instead, and says so once, naming its node.
func TestCameraBadDepthRangeReported(t *testing.T) {
	log := &logBuf{}
	s := NewScene("S")
	s.Logger = log
	n := NewNode("Eye")
	s.AddChild(n)
	cam := AddComponent(n, NewPerspectiveCamera(60, render.Black))
	cam.Near, cam.Far = 0, 500
	s.Launch()
	def := *cam
	def.Near, def.Far = 0.1, 1000
	for range 3 {
		if got, want := cam.ProjectionMatrix(320, 240), def.ProjectionMatrix(320, 240); got != want {
			t.Fatalf("Near 0: projection %v, want the default range's %v", got, want)
		}
	}
	if got := strings.Join(log.lines, "\n"); strings.Count(got, "draws nothing") != 1 || !strings.Contains(got, `"S/Eye"`) {
		t.Fatalf("log %q: want one report naming the node", got)
	}
	cam.Near, cam.Far = 10, 5 // a new bad range is reported again
	cam.ProjectionMatrix(320, 240)
	cam.Near, cam.Far = 1, 50 // a good one is used as given, silently
	want := mgl32.Perspective(mgl32.DegToRad(60), 320.0/240, 1, 50)
	if got := cam.ProjectionMatrix(320, 240); !got.ApproxEqual(want) {
		t.Fatalf("Near 1, Far 50: projection %v, want %v", got, want)
	}
	if got := strings.Join(log.lines, "\n"); strings.Count(got, "draws nothing") != 2 {
		t.Fatalf("log %q: want two reports", got)
	}
}
