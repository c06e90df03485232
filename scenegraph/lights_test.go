package scenegraph

import (
	"cmp"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// scene3D returns a launched scene with a perspective camera at eye looking
// down -Z, and a 640×480 frame.
func scene3D(t testing.TB, eye mgl32.Vec3) (*Scene, *Camera, *render.Frame) {
	s := NewScene("S")
	camNode := NewNode("Cam")
	camNode.SetPosition(eye)
	s.AddChild(camNode)
	cam := AddComponent(camNode, NewPerspectiveCamera(60, render.Black))
	s.Launch()
	f := render.NewFrame()
	f.SetScreenSize(640, 480)
	return s, cam, f
}

func addNode(s *Scene, name string, pos mgl32.Vec3) *Node {
	n := NewNode(name)
	n.SetPosition(pos)
	s.AddChild(n)
	return n
}

func TestPassLightsFromComponents(t *testing.T) {
	s, _, f := scene3D(t, mgl32.Vec3{1, 2, 10})
	sunNode := addNode(s, "Sun", mgl32.Vec3{})
	sunNode.SetRotationEuler(-45, 30, 0)
	sun := AddComponent(sunNode, &DirectionalLight{Ambient: 0.1, Color: mgl32.Vec3{2, 1.5, 1}})
	moonNode := addNode(s, "Moon", mgl32.Vec3{})
	AddComponent(moonNode, &DirectionalLight{Ambient: 0.7}) // not the first: ignored
	red := AddComponent(addNode(s, "Red", mgl32.Vec3{0, 3, 0}), &PointLight{Color: mgl32.Vec3{5, 0, 0}, Range: 10})
	AddComponent(addNode(s, "White", mgl32.Vec3{4, 0, -2}), &PointLight{})
	Extract(s, f)

	l := f.Passes()[0].Lights
	if l.Eye != (mgl32.Vec3{1, 2, 10}) {
		t.Errorf("eye %v, want the camera's world position", l.Eye)
	}
	if l.Ambient != (mgl32.Vec3{0.1, 0.1, 0.1}) || l.SunColor != (mgl32.Vec3{2, 1.5, 1}) {
		t.Errorf("ambient %v, sun color %v", l.Ambient, l.SunColor)
	}
	// The sun travels along its node's -Z axis.
	wm := sunNode.WorldMatrix()
	if want := (mgl32.Vec3{-wm[8], -wm[9], -wm[10]}); !l.SunDir.ApproxEqualThreshold(want, 1e-6) || want[1] > -0.1 {
		t.Errorf("sun direction %v, want %v", l.SunDir, want)
	}
	if l.NumPoints != 2 {
		t.Fatalf("%d point lights, want 2", l.NumPoints)
	}
	// The red light is nearer the eye (distance ≈ 10) than the white one.
	if p := l.Points[0]; p.Position != (mgl32.Vec3{0, 3, 0}) || p.Color != (mgl32.Vec3{5, 0, 0}) || p.Range != 10 {
		t.Errorf("first point light %+v", p)
	}
	if p := l.Points[1]; p.Position != (mgl32.Vec3{4, 0, -2}) || p.Color != (mgl32.Vec3{1, 1, 1}) || p.Range != 0 {
		t.Errorf("second point light %+v (a zero color is white)", p)
	}
	if s.view.Light != nil || l.Shadow != 0 {
		t.Error("Extract leaves the view's light set, or shadows without Shadows")
	}

	// Disabling the sun makes the next directional light the sun; disabling a
	// point light drops it.
	sun.SetEnabled(false)
	red.SetEnabled(false)
	f.Reset()
	Extract(s, f)
	l = f.Passes()[0].Lights
	if l.Ambient != (mgl32.Vec3{0.7, 0.7, 0.7}) || l.SunColor != (mgl32.Vec3{1, 1, 1}) || l.NumPoints != 1 {
		t.Errorf("after disabling: ambient %v, sun color %v (zero means white), %d points", l.Ambient, l.SunColor, l.NumPoints)
	}
}

// A scene without lights records unlit passes, exactly as before lights
// existed; one whose lights are all disabled too.
func TestNoLightsRecordsUnlitPasses(t *testing.T) {
	s, _, f := scene2D(t)
	spriteAt(s, "A", 100, 100)
	Extract(s, f)
	if l := f.Passes()[0].Lights; l != (render.Lights{}) || l.Lit() {
		t.Fatalf("lights %+v, want zero", l)
	}
	p := AddComponent(addNode(s, "P", mgl32.Vec3{}), &PointLight{})
	f.Reset()
	Extract(s, f)
	if !f.Passes()[0].Lights.Lit() {
		t.Fatal("a point light does not light the pass")
	}
	p.Node().SetActive(false)
	f.Reset()
	Extract(s, f)
	if l := f.Passes()[0].Lights; l != (render.Lights{}) {
		t.Fatalf("lights %+v after the only light went inactive, want zero", l)
	}
}

// With more point lights than a pass takes, each camera gets the nearest
// ones, nearest first.
func TestNearestPointLights(t *testing.T) {
	s, cam, f := scene3D(t, mgl32.Vec3{})
	var pos []mgl32.Vec3
	for i := range 3 * render.MaxPointLights {
		// Scattered, not enabled in order of distance.
		p := mgl32.Vec3{float32((i*7)%13) - 6, float32((i*5)%11) - 5, float32((i*3)%7) - 3}
		pos = append(pos, p)
		AddComponent(addNode(s, "P", p), &PointLight{Range: float32(i)})
	}
	for _, eye := range []mgl32.Vec3{{0, 0, 0}, {5, 5, 2}, {-6, -4, -3}} {
		cam.Node().SetPosition(eye)
		f.Reset()
		Extract(s, f)
		l := f.Passes()[0].Lights
		want := slices.Clone(pos)
		slices.SortStableFunc(want, func(a, b mgl32.Vec3) int {
			return cmp.Compare(a.Sub(eye).LenSqr(), b.Sub(eye).LenSqr())
		})
		if l.NumPoints != render.MaxPointLights {
			t.Fatalf("eye %v: %d point lights", eye, l.NumPoints)
		}
		for i, p := range l.Points {
			if p.Position.Sub(eye).LenSqr() != want[i].Sub(eye).LenSqr() {
				t.Fatalf("eye %v: light %d at %v (distance² %v), want distance² %v", eye, i, p.Position,
					p.Position.Sub(eye).LenSqr(), want[i].Sub(eye).LenSqr())
			}
			if p.Position != pos[int(p.Range)] {
				t.Fatalf("eye %v: light %d has another light's range", eye, i)
			}
		}
	}
}

func BenchmarkNearestPointLights100(b *testing.B) {
	s, _, _ := scene3D(b, mgl32.Vec3{})
	for i := range 100 {
		AddComponent(addNode(s, "P", mgl32.Vec3{float32(i % 10), float32(i / 10), 0}), &PointLight{})
	}
	var l render.Lights
	for b.Loop() {
		s.sceneLights(&l, mgl32.Vec3{3, 4, 5})
	}
}
