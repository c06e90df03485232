package animation

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

func quatKey(t float64, axis mgl32.Vec3, deg float64) Keyframe {
	q := mgl32.QuatRotate(float32(deg*math.Pi/180), axis)
	return Keyframe{Time: t, Value: mgl32.Vec4{q.V[0], q.V[1], q.V[2], q.W}}
}

// angleAbout returns the rotation angle of q in degrees about axis (q must
// rotate about it).
func angleAbout(q mgl32.Quat, axis mgl32.Vec3) float64 {
	s := float64(q.V.Dot(axis))
	return 2 * math.Atan2(s, float64(q.W)) * 180 / math.Pi
}

// A quaternion track slerps: a 0° to 120° turn about z is at 30° a
// quarter of the way, at constant angular speed (a component lerp would
// be at 25.3° and off unit length), and it takes the shorter way.
func TestQuaternionTrackSlerps(t *testing.T) {
	z := mgl32.Vec3{0, 0, 1}
	neg := quatKey(1, z, 120)
	neg.Value = neg.Value.Mul(-1) // the same rotation, other hemisphere
	c := &Clip{Name: "turn", Duration: 1, Tracks: []Track{
		{Property: "quaternion", Keys: []Keyframe{quatKey(0, z, 0), neg}},
	}}
	d, p, n := playerWorld(t, c)
	if err := p.Play("turn"); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{30, 60, 90, 120} {
		d.Tick(0.25)
		q := n.Rotation()
		if got := angleAbout(q, z); math.Abs(got-want) > 1e-3 {
			t.Errorf("t=%v: angle %.4f°, want %v°", float64(i+1)*0.25, got, want)
		}
		if l := q.Len(); math.Abs(float64(l)-1) > 1e-5 {
			t.Errorf("t=%v: |q| = %v", float64(i+1)*0.25, l)
		}
	}
}

// Step holds keys; Hermite (glTF's CUBICSPLINE) is normalized.
func TestQuaternionTrackStepAndHermite(t *testing.T) {
	y := mgl32.Vec3{0, 1, 0}
	c := &Clip{Name: "s", Duration: 1, Tracks: []Track{
		{Path: "A", Property: "quaternion", Interp: Step, Keys: []Keyframe{quatKey(0, y, 10), quatKey(0.5, y, 80)}},
		{Path: "B", Property: "quaternion", Interp: Hermite, Keys: []Keyframe{quatKey(0, y, 0), quatKey(1, y, 90)}},
	}}
	d, p, n := playerWorld(t, c)
	a, b := scenegraph.NewNode("A"), scenegraph.NewNode("B")
	if err := n.AddChild(a); err != nil {
		t.Fatal(err)
	}
	if err := n.AddChild(b); err != nil {
		t.Fatal(err)
	}
	if err := p.Play("s"); err != nil {
		t.Fatal(err)
	}
	d.Tick(0.25)
	if got := angleAbout(a.Rotation(), y); math.Abs(got-10) > 1e-3 {
		t.Errorf("step at 0.25: %.4f°, want 10°", got)
	}
	if l := b.Rotation().Len(); math.Abs(float64(l)-1) > 1e-5 {
		t.Errorf("hermite at 0.25: |q| = %v, want 1", l)
	}
	d.Tick(0.25)
	if got := angleAbout(a.Rotation(), y); math.Abs(got-80) > 1e-3 {
		t.Errorf("step at 0.5: %.4f°, want 80°", got)
	}
	// Flat tangents, symmetric keys: the middle is the normalized mean, 45°.
	if got := angleAbout(b.Rotation(), y); math.Abs(got-45) > 1e-3 {
		t.Errorf("hermite at 0.5: %.4f°, want 45°", got)
	}
}

// Two quaternion clips blended half and half meet in the middle.
func TestQuaternionTrackBlend(t *testing.T) {
	x := mgl32.Vec3{1, 0, 0}
	hold := func(name string, deg float64) *Clip {
		return &Clip{Name: name, Duration: 1, Wrap: WrapLoop, Tracks: []Track{
			{Property: "quaternion", Keys: []Keyframe{quatKey(0, x, deg)}}}}
	}
	d, p, n := playerWorld(t, hold("a", 20), hold("b", 80))
	if err := p.Play("a"); err != nil {
		t.Fatal(err)
	}
	d.Tick(0.1)
	if err := p.CrossFade("b", 1); err != nil {
		t.Fatal(err)
	}
	d.Tick(0.5)
	if got := angleAbout(n.Rotation(), x); math.Abs(got-50) > 0.5 {
		t.Errorf("half-way blend: %.3f°, want 50°", got)
	}
}

// Clip files take "quaternion" keys of 4 numbers {x, y, z, w}.
func TestQuaternionClipFile(t *testing.T) {
	c, err := ParseClip([]byte(`{"duration": 1, "tracks": [{"property": "quaternion", "keys": [
		{"time": 0, "value": [0, 0, 0, 1]}, {"time": 1, "value": [0, 0, 0.70710678, 0.70710678]}]}]}`), "turn.anim.json")
	if err != nil {
		t.Fatal(err)
	}
	if c.Tracks[0].Keys[1].Value[3] != float32(0.70710678) {
		t.Errorf("key 1: %v", c.Tracks[0].Keys[1].Value)
	}
	_, err = ParseClip([]byte(`{"duration": 1, "tracks": [{"property": "quaternion", "keys": [{"time": 0, "value": [0, 0, 1]}]}]}`), "bad.anim.json")
	if err == nil || !strings.Contains(err.Error(), "bad.anim.json") {
		t.Errorf("3 numbers for a quaternion: %v", err)
	}
}

// Sampling quaternion tracks allocates nothing.
func TestQuaternionTrackAllocs(t *testing.T) {
	z := mgl32.Vec3{0, 0, 1}
	c := &Clip{Name: "turn", Duration: 1, Wrap: WrapLoop, Tracks: []Track{
		{Property: "quaternion", Keys: []Keyframe{quatKey(0, z, 0), quatKey(0.5, z, 90), quatKey(1, z, 10)}},
	}}
	d, p, _ := playerWorld(t, c)
	if err := p.Play("turn"); err != nil {
		t.Fatal(err)
	}
	d.Tick(0.01)
	if n := testing.AllocsPerRun(100, func() { d.Tick(0.013) }); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}
