package scenegraph

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// shadowScene returns scene3D's scene with a camera at (0, 2, 10) and a sun
// casting shadows, shining down and a little sideways.
func shadowScene(t testing.TB) (*Scene, *Camera, *DirectionalLight, *render.Frame) {
	s, cam, f := scene3D(t, mgl32.Vec3{0, 2, 10})
	sunNode := addNode(s, "Sun", mgl32.Vec3{})
	sunNode.SetRotationEuler(-60, 20, 0)
	sun := AddComponent(sunNode, &DirectionalLight{Ambient: 0.2, Shadows: true, ShadowBias: 0.001, ShadowRadius: 2})
	return s, cam, sun, f
}

// meshesInPass returns the Mesh of every mesh draw of pass i.
func meshesInPass(f *render.Frame, i int) []render.MeshID {
	var ids []render.MeshID
	for _, it := range f.Items() {
		if int(it.Pass) == i && it.Kind == render.KindMesh {
			ids = append(ids, f.MeshDraws()[it.Index].Mesh)
		}
	}
	return ids
}

func TestShadowPassBeforeCameraWithCastersOnly(t *testing.T) {
	s, _, sun, f := shadowScene(t)
	AddComponent(addNode(s, "Caster", mgl32.Vec3{0, 0, 0}), &MeshRenderer{Mesh: 1, Radius: 1})
	AddComponent(addNode(s, "NoShadow", mgl32.Vec3{1, 0, 0}), &MeshRenderer{Mesh: 2, Radius: 1, NoShadow: true})
	AddComponent(addNode(s, "FarAway", mgl32.Vec3{5000, 0, 0}), &MeshRenderer{Mesh: 3, Radius: 1})
	AddComponent(addNode(s, "Unbounded", mgl32.Vec3{0, 0, -3}), &MeshRenderer{Mesh: 4})
	AddComponent(addNode(s, "Sprite", mgl32.Vec3{0, 1, 0}), NewSprite(0, 1, 1))
	Extract(s, f)

	ps := f.Passes()
	if len(ps) != 2 {
		t.Fatalf("%d passes, want the shadow pass and the camera's", len(ps))
	}
	sp, cp := ps[0], ps[1]
	target, tex := sun.ShadowTarget()
	if target == 0 || sp.Target != target || sp.Clear != render.ClearDepth || sp.Lights.Lit() {
		t.Fatalf("shadow pass %+v, light's target %v", sp, target)
	}
	var created bool
	for _, r := range f.Resources() {
		if r.Op == render.OpCreateTarget && r.Target == target {
			created = r.TargetDesc == render.TargetDesc{Width: 2048, Height: 2048, Depth: render.DepthShadow} && r.Texture == tex
		}
	}
	if !created {
		t.Fatalf("no 2048² DepthShadow target created: %+v", f.Resources())
	}
	if got := meshesInPass(f, 0); len(got) != 2 || !(got[0] == 1 && got[1] == 4 || got[0] == 4 && got[1] == 1) {
		t.Errorf("shadow pass draws meshes %v, want the caster and the unbounded mesh (1 and 4): not NoShadow, not culled, no sprites", got)
	}
	if got := meshesInPass(f, 1); len(got) != 3 {
		t.Errorf("camera pass draws meshes %v, want 1, 2 and 4", got)
	}
	for _, it := range f.Items() {
		if it.Pass == 0 && it.Kind != render.KindMesh {
			t.Errorf("shadow pass holds a %v item", it.Kind)
		}
	}
	if cp.Lights.Shadow != tex || cp.Lights.ShadowMatrix != sp.ViewProj {
		t.Errorf("camera pass shadow %v matrix %v, want %v and the shadow pass's view-projection %v",
			cp.Lights.Shadow, cp.Lights.ShadowMatrix, tex, sp.ViewProj)
	}
	if cp.Lights.ShadowBias != 0.001 || cp.Lights.ShadowRadius != 2 {
		t.Errorf("shadow bias %v radius %v", cp.Lights.ShadowBias, cp.Lights.ShadowRadius)
	}
	if st := s.RenderStats(); st.ShadowCasters != 2 || st.Rendered != 4 {
		t.Errorf("stats %+v, want 2 shadow casters and 4 renderables", st)
	}
}

// A camera that sees no layer with shadow casters gets no shadow pass.
func TestNoShadowPassForCamerasWithoutCasters(t *testing.T) {
	s, _, _, f := shadowScene(t)
	AddComponent(addNode(s, "Caster", mgl32.Vec3{}), &MeshRenderer{Mesh: 1})
	ui := addNode(s, "UI", mgl32.Vec3{})
	ui.Layer = 1 << 5
	AddComponent(ui, &Camera{Visibility: 1 << 5, Priority: 1})
	spriteAt(s, "Label", 0, 0).Node().Layer = 1 << 5
	Extract(s, f)
	ps := f.Passes()
	if len(ps) != 3 || ps[0].Name != "shadow" || ps[1].Name != "Cam" || ps[2].Name != "UI" {
		t.Fatalf("passes %v, want shadow, Cam, UI", passNames(ps))
	}
	if ps[2].Lights.Shadow != 0 {
		t.Error("the UI camera samples a shadow map it has no pass for")
	}
}

func passNames(ps []render.Pass) []string {
	var n []string
	for _, p := range ps {
		n = append(n, p.Name)
	}
	return n
}

// The shadow matrix moves only in whole texels while the camera moves, keeps
// its scale while the camera turns, and holds the camera's view volume up
// to ShadowDistance.
func TestShadowMatrixTexelSnapping(t *testing.T) {
	s, cam, sun, f := shadowScene(t)
	sun.ShadowSize = 1024
	sun.ShadowDistance = 30
	AddComponent(addNode(s, "Caster", mgl32.Vec3{}), &MeshRenderer{Mesh: 1})
	var first mgl32.Mat4
	for i := range 200 {
		cam.Node().SetPosition(mgl32.Vec3{float32(i) * 0.0137, 2 + float32(i)*0.003, 10 - float32(i)*0.021})
		cam.Node().SetRotationEuler(-10, float32(i)*1.7, 0)
		f.Reset()
		Extract(s, f)
		m := f.Passes()[0].ViewProj
		// Clip space x and y span 2 over 1024 texels.
		for _, v := range []float32{m[12], m[13]} {
			texels := float64(v) * 1024 / 2
			if d := math.Abs(texels - math.Round(texels)); d > 1e-2 {
				t.Fatalf("step %d: translation %v is %v texels, off the grid by %v", i, v, texels, d)
			}
		}
		if i == 0 {
			first = m
		} else {
			for _, k := range []int{0, 1, 2, 4, 5, 6, 8, 9, 10} {
				if math.Abs(float64(m[k]-first[k])) > 1e-6*math.Abs(float64(first[k]))+1e-7 {
					t.Fatalf("step %d: the shadow map's scale or rotation changed: %v, was %v", i, m, first)
				}
			}
		}
		for _, c := range frustumCorners(cam, 640, 480, 30) {
			p := m.Mul4x1(c.Vec4(1))
			if math.Abs(float64(p[0])) > 1 || math.Abs(float64(p[1])) > 1 || p[2] < -1 || p[2] > 1 {
				t.Fatalf("step %d: view-volume corner %v maps to %v, outside the shadow map", i, c, p)
			}
		}
	}
}

// frustumCorners returns the world corners of cam's view volume between its
// near plane and depth dist, for a w×h view.
func frustumCorners(cam *Camera, w, h int, dist float32) []mgl32.Vec3 {
	near, _ := cam.depthRange()
	ty := float32(math.Tan(float64(mgl32.DegToRad(cam.FOV)) / 2))
	tx := ty * float32(w) / float32(h)
	m := cam.Node().WorldMatrix()
	var cs []mgl32.Vec3
	for _, d := range []float32{near, dist} {
		for _, sx := range []float32{-1, 1} {
			for _, sy := range []float32{-1, 1} {
				cs = append(cs, m.Mul4x1(mgl32.Vec4{sx * tx * d, sy * ty * d, -d, 1}).Vec3())
			}
		}
	}
	return cs
}

// ShadowMatrix's snapping is what keeps the translation on the grid: the
// unsnapped center would not be on it.
func TestShadowMatrixSnapsCenter(t *testing.T) {
	dir := mgl32.Vec3{0.3, -1, 0.2}.Normalize()
	for _, c := range []mgl32.Vec3{{0.123, 4.56, -7.89}, {100.37, -3.3, 12.01}} {
		m := ShadowMatrix(dir, c, 10, 512)
		texels := float64(m[12]) * 512 / 2
		if math.Abs(texels-math.Round(texels)) > 1e-3 {
			t.Errorf("center %v: translation %v texels", c, texels)
		}
		// The center itself lands within half a texel of the map's middle.
		p := m.Mul4x1(c.Vec4(1))
		if math.Abs(float64(p[0])) > 1.0/512+1e-6 || math.Abs(float64(p[1])) > 1.0/512+1e-6 {
			t.Errorf("center %v maps to %v", c, p)
		}
	}
	// Straight down still has a valid matrix (the up vector changes).
	if m := ShadowMatrix(mgl32.Vec3{0, -1, 0}, mgl32.Vec3{}, 5, 256); m.Det() == 0 || math.IsNaN(float64(m[0])) {
		t.Errorf("matrix for a light straight down: %v", m)
	}
}

// run executes f on b and starts the next frame.
func runFrame(t *testing.T, b *null.Backend, f *render.Frame) {
	t.Helper()
	f.SetNumber(f.Number() + 1)
	if err := b.Execute(f); err != nil {
		t.Fatalf("frame %d: %v", f.Number(), err)
	}
	f.Reset()
}

// A light's shadow map is created once, recreated when ShadowSize changes,
// and deleted when shadows are turned off or the light goes away: the
// backend never holds more than one, and none at the end.
func TestShadowTargetLifecycle(t *testing.T) {
	b := null.New()
	if err := b.Init(); err != nil {
		t.Fatal(err)
	}
	defer b.Shutdown()
	s, _, sun, f := shadowScene(t)
	mesh := f.CreateMesh(render.CubeMesh())
	AddComponent(addNode(s, "Caster", mgl32.Vec3{}), &MeshRenderer{Mesh: mesh})
	live := func(want int, when string) {
		t.Helper()
		Extract(s, f)
		runFrame(t, b, f)
		if got := b.Live().Targets; got != want {
			t.Fatalf("%s: %d targets alive, want %d", when, got, want)
		}
	}
	live(1, "first frame")
	first, _ := sun.ShadowTarget()
	live(1, "second frame")
	if again, _ := sun.ShadowTarget(); again != first {
		t.Fatal("the shadow map was recreated without a change")
	}

	sun.ShadowSize = 512
	Extract(s, f)
	var size int
	for _, r := range f.Resources() {
		if r.Op == render.OpCreateTarget {
			size = r.TargetDesc.Width
		}
	}
	if len(f.Deletes()) != 1 || f.Deletes()[0].Target != first || size != 512 {
		t.Fatalf("ShadowSize change: deletes %+v, created size %d", f.Deletes(), size)
	}
	runFrame(t, b, f)
	live(1, "after resizing")

	sun.Shadows = false
	live(0, "shadows off")
	if tg, _ := sun.ShadowTarget(); tg != 0 {
		t.Fatal("the light keeps a deleted shadow map")
	}
	sun.Shadows = true
	live(1, "shadows on again")
	sun.SetEnabled(false)
	live(0, "light disabled")
	sun.SetEnabled(true)
	live(1, "light enabled")

	// A second light put first takes the shadows over: the old one's map goes.
	n := addNode(s, "Sun2", mgl32.Vec3{})
	sun2 := AddComponent(n, &DirectionalLight{Shadows: true})
	s.lights[0], s.lights[1] = sun2, sun
	live(1, "another light first")
	if tg, _ := sun.ShadowTarget(); tg != 0 {
		t.Fatal("the light that is no longer first keeps its shadow map")
	}

	n.Destroy()
	s.ProcessDestroyed()
	live(1, "second light destroyed, the first casts again")
	sun.Node().Destroy()
	s.ProcessDestroyed()
	live(0, "every light destroyed")

	// A scene unloaded with a shadow map deletes it at its next Extract.
	AddComponent(addNode(s, "Sun3", mgl32.Vec3{}), &DirectionalLight{Shadows: true})
	live(1, "a new light")
	s.Unload()
	live(0, "scene unloaded")
}

// Extract with shadows, point lights, meshes and sprites allocates nothing
// in steady state.
func TestExtractWithLightsAllocatesNothing(t *testing.T) {
	s, cam, _, f := shadowScene(t)
	for i := range 200 {
		n := addNode(s, "M", mgl32.Vec3{float32(i%20) - 10, 0, -float32(i / 20)})
		AddComponent(n, &MeshRenderer{Mesh: 1, Radius: 0.5, NoShadow: i%7 == 0})
		AddComponent(addNode(s, "S", mgl32.Vec3{float32(i), 0, 0}), NewSprite(0, 1, 1))
	}
	for i := range 20 {
		AddComponent(addNode(s, "P", mgl32.Vec3{float32(i), 1, 0}), &PointLight{Range: 5})
	}
	i := 0
	frame := func() {
		i++
		cam.Node().SetPosition(mgl32.Vec3{float32(i%10) * 0.3, 2, 10})
		Extract(s, f)
		f.Reset()
	}
	frame()
	if allocs := testing.AllocsPerRun(50, frame); allocs != 0 {
		t.Fatalf("Extract with lights and shadows allocates %v times per frame", allocs)
	}
	if st := s.RenderStats(); st.ShadowCasters == 0 {
		t.Fatal("no shadow casters recorded")
	}
}

func BenchmarkExtractShadows1kMeshes(b *testing.B) {
	s, _, _, f := shadowScene(b)
	for i := range 1000 {
		n := addNode(s, "M", mgl32.Vec3{float32(i%40) - 20, 0, -float32(i / 40)})
		AddComponent(n, &MeshRenderer{Mesh: 1, Radius: 0.5})
	}
	b.ReportAllocs()
	for b.Loop() {
		Extract(s, f)
		f.Reset()
	}
}
