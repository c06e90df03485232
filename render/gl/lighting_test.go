package gl_test

import (
	"image"
	"image/color"
	"io/fs"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
)

// plane returns a square of side 2·half centered on the origin, facing n,
// with texture u running along u and texture rows running top-down along
// -cross(n, u), and vertex tangents (u, 1) when tangents is set (zero
// otherwise). Its front side (counter-clockwise) faces n.
func plane(n, u mgl32.Vec3, half float32, c render.Color, tangents bool) ([]render.MeshVertex, []uint32) {
	b := n.Cross(u) // image up: the direction of decreasing v
	var tan [4]float32
	if tangents {
		tan = [4]float32{u[0], u[1], u[2], 1}
	}
	var vs []render.MeshVertex
	for _, k := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		p := u.Mul(half * k[0]).Add(b.Mul(half * k[1]))
		vs = append(vs, render.MeshVertex{Position: p, Normal: n, UV: [2]float32{(k[0] + 1) / 2, (1 - k[1]) / 2}, Color: c, Tangent: tan})
	}
	return vs, []uint32{0, 1, 2, 2, 3, 0}
}

// pixelOf returns the pixel (top-left origin) of a w×h image that world
// point p falls in under viewProj.
func pixelOf(viewProj mgl32.Mat4, p mgl32.Vec3, w, h int) (x, y int) {
	c := viewProj.Mul4x1(p.Vec4(1))
	nx, ny := c[0]/c[3], c[1]/c[3]
	return int(math.Floor(float64((nx + 1) / 2 * float32(w)))), int(math.Floor(float64((1 - ny) / 2 * float32(h))))
}

// surfacePoint returns where the ray through the center of pixel (x, y)
// (top-left origin) of a w×h image under viewProj meets the plane of
// points p with n·p = d.
func surfacePoint(viewProj mgl32.Mat4, x, y, w, h int, n mgl32.Vec3, d float32) mgl32.Vec3 {
	inv := viewProj.Inv()
	nx := (float32(x)+0.5)/float32(w)*2 - 1
	ny := 1 - (float32(y)+0.5)/float32(h)*2
	at := func(z float32) mgl32.Vec3 {
		c := inv.Mul4x1(mgl32.Vec4{nx, ny, z, 1})
		return c.Vec3().Mul(1 / c[3])
	}
	a, b := at(-1), at(1)
	t := (d - n.Dot(a)) / n.Dot(b.Sub(a))
	return a.Add(b.Sub(a).Mul(t))
}

// lum is a pixel's mean of R, G and B.
func lum(c color.RGBA) int { return (int(c.R) + int(c.G) + int(c.B)) / 3 }

// shadowScene is a white floor and a box above it, lit by a sun that
// travels down and along +x, seen from above and in front, rendered into a
// 128×128 RGBA8 target.
type shadowScene struct {
	floor, box   render.MeshID
	shadow       render.TargetID
	shadowTex    render.TextureID
	view         render.TargetID
	sunDir       mgl32.Vec3
	lightVP, cam mgl32.Mat4
}

const shadowView = 128

func (s *shadowScene) init(f *render.Frame, mapSize int) {
	vs, is := plane(mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, 6, render.White, false)
	s.floor = f.CreateMesh(vs, is)
	vs, is = cube()
	s.box = f.CreateMesh(vs, is)
	s.shadow, s.shadowTex = f.CreateTarget(render.TargetDesc{Width: mapSize, Height: mapSize, Depth: render.DepthShadow})
	s.view, _ = f.CreateTarget(render.TargetDesc{Width: shadowView, Height: shadowView})
	s.sunDir = mgl32.Vec3{1, -2, 0}.Normalize()
	lightView := mgl32.LookAtV(s.sunDir.Mul(-10), mgl32.Vec3{}, mgl32.Vec3{0, 0, 1})
	s.lightVP = mgl32.Ortho(-8, 8, -8, 8, 0.1, 30).Mul4(lightView)
	s.cam = mgl32.Perspective(mgl32.DegToRad(50), 1, 0.5, 50).Mul4(mgl32.LookAtV(mgl32.Vec3{0, 8, 10}, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
}

// boxModel is a cube of side 2 centered 2 units above the floor.
func boxModel() mgl32.Mat4 { return mgl32.Translate3D(0, 2, 0).Mul4(mgl32.Scale3D(2, 2, 2)) }

// record draws the shadow pass (if shadows) and the lit view; radius is
// Lights.ShadowRadius.
func (s *shadowScene) record(f *render.Frame, shadows bool, radius int) {
	rough := render.Material{Roughness: 1}
	if shadows {
		f.BeginPass(render.Pass{Name: "shadow", Target: s.shadow, Clear: render.ClearDepth, ViewProj: s.lightVP})
		f.DrawMesh(&render.MeshDraw{Mesh: s.box, Model: boxModel(), Material: rough})
		f.DrawMesh(&render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4(), Material: rough})
	}
	p := render.Pass{Name: "lit", Target: s.view, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: s.cam,
		Lights: render.Lights{Eye: mgl32.Vec3{0, 8, 10}, Ambient: mgl32.Vec3{0.05, 0.05, 0.05}, SunDir: s.sunDir, SunColor: mgl32.Vec3{1, 1, 1},
			ShadowMatrix: s.lightVP, ShadowRadius: radius}}
	if shadows {
		p.Lights.Shadow = s.shadowTex
	}
	f.BeginPass(p)
	f.DrawMesh(&render.MeshDraw{Mesh: s.box, Model: boxModel(), Material: rough})
	f.DrawMesh(&render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4(), Material: rough})
}

// render records and executes one frame of s and returns the view.
func (s *shadowScene) render(t *testing.T, h *harness, shadows bool, radius int) *image.RGBA {
	t.Helper()
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		if s.floor == 0 {
			s.init(f, 256)
		}
		s.record(f, shadows, radius)
		f.ReadPixels(s.view, render.Rect{}, func(img *image.RGBA) { got <- img })
	})
	if err != nil {
		t.Fatal(err)
	}
	return <-got
}

// The box's shadow darkens the floor where the sun's ray through the box's
// center meets it, not beside it, and only with the shadow map on.
func TestSunShadow(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var s shadowScene
	img := s.render(t, h, true, 1)
	// The sun's ray through the box's center (0, 2, 0) meets the floor at (1, 0, 0).
	sx, sy := pixelOf(s.cam, mgl32.Vec3{1, 0, 0}, shadowView, shadowView)
	lx, ly := pixelOf(s.cam, mgl32.Vec3{-3, 0, 2}, shadowView, shadowView)
	shadowed, lit := img.RGBAAt(sx, sy), img.RGBAAt(lx, ly)
	t.Logf("shadowed %v at (%d,%d), lit %v at (%d,%d)", shadowed, sx, sy, lit, lx, ly)
	// Lit by the sun (N.L = 2/sqrt5) and a little ambient, seen from above.
	if lum(lit) < 180 || lum(shadowed) > 90 {
		t.Errorf("shadowed %v, lit %v: want a dark shadow on a lit floor", shadowed, lit)
		savePNG(t, img)
	}
	// Without the shadow map the same pixel is lit like its neighbour.
	img = s.render(t, h, false, 1)
	if got := img.RGBAAt(sx, sy); !near(got, lit, 4) {
		t.Errorf("without shadows the shadowed pixel is %v, want %v like the lit one", got, lit)
		savePNG(t, img)
	}
}

// Percentage-closer filtering softens the shadow's edge: along a row
// through the shadow of a coarse map there are values between the
// shadow's and the lit floor's, more of them the larger the radius.
func TestShadowPCFEdge(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var s shadowScene
	_, _, err := h.frame(func(f *render.Frame) { s.init(f, 64) })
	if err != nil {
		t.Fatal(err)
	}
	_, y := pixelOf(s.cam, mgl32.Vec3{1, 0, 0}, shadowView, shadowView)
	counts := map[int]int{}
	for _, r := range []int{1, 3} {
		img := s.render(t, h, true, r)
		lo, hi := 255, 0
		for x := 0; x < shadowView; x++ {
			v := lum(img.RGBAAt(x, y))
			lo, hi = min(lo, v), max(hi, v)
		}
		// Pixels between the umbra and the lit floor, well clear of both.
		mid := 0
		for x := 0; x < shadowView; x++ {
			if v := lum(img.RGBAAt(x, y)); v > lo+20 && v < hi-20 {
				mid++
			}
		}
		t.Logf("radius %d: row %d spans %d..%d, %d penumbra pixels", r, y, lo, hi, mid)
		if hi-lo < 100 || mid < 2 {
			t.Errorf("radius %d: row %d spans %d..%d with %d pixels between: want a soft shadow edge", r, y, lo, hi, mid)
			savePNG(t, img)
		}
		counts[r] = mid
	}
	if counts[3] <= counts[1] {
		t.Errorf("radius 3 gives %d penumbra pixels, radius 1 %d: want a wider penumbra", counts[3], counts[1])
	}
}

// The depth program is a built-in like the others: development mode
// reloads it. A depth program that places everything outside the shadow
// map leaves the floor unshadowed.
func TestDepthProgramReloads(t *testing.T) {
	fsys := builtinMapFS(t)
	h := newHarness(t, true, gl.Options{Shaders: fsys, ReloadInterval: 1})
	defer h.close()
	var s shadowScene
	img := s.render(t, h, true, 1)
	sx, sy := pixelOf(s.cam, mgl32.Vec3{1, 0, 0}, shadowView, shadowView)
	if v := lum(img.RGBAAt(sx, sy)); v > 90 {
		t.Fatalf("no shadow before the reload (%v)", img.RGBAAt(sx, sy))
	}
	setSource(fsys, "depth.vert", `#version 330 core
layout(location = 0) in vec3 a_pos;
void main() { gl_Position = vec4(2.0, 2.0, 0.0, 1.0); }
`)
	img = s.render(t, h, true, 1)
	if v := lum(img.RGBAAt(sx, sy)); v < 180 {
		t.Errorf("shadow still there after the depth program changed (%v)", img.RGBAAt(sx, sy))
	}
}

// A shadow pass draws meshes alone: sprites and full-screen draws into it
// are errors naming the shadow map, and it cannot be read back.
func TestShadowPassRefusesColorDraws(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var tg render.TargetID
	var tex render.TextureID
	_, _, err := h.frame(func(f *render.Frame) {
		tg, tex = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Depth: render.DepthShadow})
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearDepth | render.ClearColor})
		f.DrawSprite(&render.Sprite{Size: mgl32.Vec2{4, 4}, Transform: mgl32.Ident4()})
		f.DrawFullscreen(&render.FullscreenDraw{})
		f.BeginPass(screenPass())
		f.DrawSprite(&render.Sprite{Size: mgl32.Vec2{4, 4}, Transform: mgl32.Ident4(), Texture: tex})
		p := screenPass()
		p.Lights = render.Lights{Ambient: mgl32.Vec3{1, 1, 1}, Shadow: render.TextureID(12345)}
		f.BeginPass(p)
		f.ReadPixels(tg, render.Rect{}, nil)
	})
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{
		"DrawSprite (batch 0, pass 0): draws nothing into shadow map " + tg.String(),
		"DrawFullscreen (batch 1, pass 0): draws nothing into shadow map " + tg.String(),
		"DrawSprite (batch 2, pass 1): " + tex.String() + " is a shadow map",
		"BeginPass (pass 2): Lights.Shadow: unknown or deleted texture#",
		"ReadPixels: " + tg.String() + " is a shadow map",
	} {
		if !contains(err, w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	// A color texture is not a shadow map.
	_, _, err = h.frame(func(f *render.Frame) {
		_, ctex := f.CreateTarget(render.TargetDesc{Width: 4, Height: 4})
		p := screenPass()
		p.Lights = render.Lights{Ambient: mgl32.Vec3{1, 1, 1}, Shadow: ctex}
		f.BeginPass(p)
	})
	if !contains(err, "Lights.Shadow: texture#") || !contains(err, "is not a shadow map") {
		t.Errorf("color texture as Lights.Shadow: %v", err)
	}
}

// litFloor renders a white floor (roughness, metallic, the given base
// color) under lights l into a 64×48 target of format fm, seen by cam,
// and returns the target's read-back.
func litFloor(t *testing.T, h *harness, cam mgl32.Mat4, l render.Lights, m render.Material, fm render.Format) *image.RGBA {
	t.Helper()
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		vs, is := plane(mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, 8, render.White, false)
		mesh := f.CreateMesh(vs, is)
		tg, _ := f.CreateTarget(render.TargetDesc{Width: screenW, Height: screenH, Format: fm})
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: cam, Lights: l})
		f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Material: m})
		f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
		f.DeleteTarget(tg)
		f.DeleteMesh(mesh)
	})
	if err != nil {
		t.Fatal(err)
	}
	return <-got
}

// A point light lights the floor under it more than farther away, and not
// at all beyond its Range; without a range it reaches everywhere.
func TestPointLightFalloffAndRange(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	eye := mgl32.Vec3{0, 6, 6}
	cam := mgl32.Perspective(mgl32.DegToRad(70), float32(screenW)/screenH, 0.5, 50).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	var l render.Lights
	l.Eye = eye
	l.AddPoint(render.PointLight{Position: mgl32.Vec3{0, 1, 0}, Color: mgl32.Vec3{2, 2, 2}, Range: 4})
	m := render.Material{Roughness: 1}
	img := litFloor(t, h, cam, l, m, render.FormatRGBA8)
	at := func(img *image.RGBA, x float32) color.RGBA {
		px, py := pixelOf(cam, mgl32.Vec3{x, 0, 0}, screenW, screenH)
		return img.RGBAAt(px, py)
	}
	near0, mid, far := at(img, 0), at(img, 2), at(img, 4.5)
	t.Logf("under the light %v, 2 away %v, beyond range %v", near0, mid, far)
	if !(lum(near0) > lum(mid)+20 && lum(mid) > 0) {
		t.Errorf("under the light %v, 2 units away %v: want brighter near the light", near0, mid)
		savePNG(t, img)
	}
	if far != black {
		t.Errorf("beyond Range: %v, want black", far)
		savePNG(t, img)
	}
	// Under the light: N.L = 1 at distance 1, window (1 - (1/4)^4)^2.
	w := 1 - math.Pow(0.25, 4)
	V := eye.Normalize()
	want := displayRGB(sunRef([3]float64{1, 1, 1}, 0, 1, mgl32.Vec3{0, 1, 0}, V, mgl32.Vec3{0, 1, 0}, 2*w*w))
	if !near(near0, want, 6) {
		t.Errorf("under the light %v, want about %v", near0, want)
	}
	l.Points[0].Range = 0
	img = litFloor(t, h, cam, l, m, render.FormatRGBA8)
	if v := at(img, 4.5); lum(v) == 0 || lum(v) >= lum(mid) {
		t.Errorf("no range: %v at 4.5 units, want lit, less than %v", v, mid)
	}
}

// Metal has no diffuse term and tints its reflections; the same base color
// as a dielectric is lit differently, each as the reference predicts.
func TestMetallicDiffersFromDielectric(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	vs, is := cube()
	L := mgl32.Vec3{0.5, 0, 1}.Normalize()
	head := mgl32.Vec3{0, 0, 1}
	base := [3]float64{1, 0, 0} // the cube's front face is red
	// The highlight is sensitive to the view direction: take the exact one.
	eye := mgl32.Vec3{0, 0, 3}
	V := eye.Sub(surfacePoint(perspectivePass().ViewProj, screenW/2, screenH/2, screenW, screenH, head, 0.5)).Normalize()
	var got [2]color.RGBA
	for i, metallic := range []float32{0, 1} {
		img, _, err := h.frame(func(f *render.Frame) {
			m := f.CreateMesh(vs, is)
			p := perspectivePass()
			p.Lights = render.Lights{Eye: eye, SunDir: L.Mul(-1), SunColor: mgl32.Vec3{3, 3, 3}}
			f.BeginPass(p)
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Material: render.Material{Metallic: metallic, Roughness: 0.5}})
			f.DeleteMesh(m)
		})
		if err != nil {
			t.Fatal(err)
		}
		got[i] = img.RGBAAt(screenW/2, screenH/2)
		want := displayRGB(sunRef(base, float64(metallic), 0.5, head, V, L, 3))
		t.Logf("metallic %v: %v, reference %v", metallic, got[i], want)
		expect(t, img, screenW/2, screenH/2, want)
	}
	if got[0] == got[1] {
		t.Errorf("metal and dielectric both %v", got[0])
	}
}

// A rougher surface spreads a dimmer highlight wider. The floor is a white
// metal (no diffuse) seen in the sun's mirror direction, into a linear
// target: the smoother one peaks higher; with each sun scaled to peak at
// the same level, the rougher highlight covers more pixels above half of it.
func TestRoughnessWidensHighlight(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	eye := mgl32.Vec3{0, 2, 4}
	cam := mgl32.Perspective(mgl32.DegToRad(60), float32(screenW)/screenH, 0.5, 50).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	toLight := mgl32.Vec3{0, 2, -4}.Normalize() // the mirror of the eye in the floor
	white := [3]float64{1, 1, 1}
	up, V := mgl32.Vec3{0, 1, 0}, eye.Normalize()
	peak := func(img *image.RGBA) (top int) {
		for i := 0; i < len(img.Pix); i += 4 {
			top = max(top, int(img.Pix[i]))
		}
		return top
	}
	area := func(img *image.RGBA, over int) (n int) {
		for i := 0; i < len(img.Pix); i += 4 {
			if int(img.Pix[i]) > over {
				n++
			}
		}
		return n
	}
	light := func(c float32) render.Lights {
		return render.Lights{Eye: eye, SunDir: toLight.Mul(-1), SunColor: mgl32.Vec3{c, c, c}}
	}
	var peaks, areas [2]int
	for i, r := range []float32{0.3, 0.6} {
		m := render.Material{Metallic: 1, Roughness: r}
		peaks[i] = peak(litFloor(t, h, cam, light(0.01), m, render.FormatRGBA16F))
		// A sun that makes this roughness's peak (the mirror direction) 0.8.
		c := 0.8 / sunRef(white, 1, float64(r), up, V, toLight, 1)[0]
		img := litFloor(t, h, cam, light(float32(c)), m, render.FormatRGBA16F)
		areas[i] = area(img, peak(img)/2)
		t.Logf("roughness %v: peak %d under the same sun; %d pixels above half the peak (peak %d)", r, peaks[i], areas[i], peak(img))
	}
	if peaks[0] <= peaks[1] {
		t.Errorf("peaks %v: want the smoother highlight brighter", peaks)
	}
	if areas[1] <= 2*areas[0] {
		t.Errorf("areas %v: want the rougher highlight much wider", areas)
	}
}

// An unlit pass, and an unlit material in a lit pass, draw exactly the base
// color: texture × vertex color × Color, not tone mapped.
func TestUnlitIsBaseColorExactly(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	px := make([]byte, screenW*screenH*4)
	for i := range px {
		px[i] = byte(i*7 + i/13)
	}
	for i := 3; i < len(px); i += 4 {
		px[i] = 255
	}
	lit := render.Lights{Eye: mgl32.Vec3{0, 0, 5}, Ambient: mgl32.Vec3{0.3, 0.3, 0.3}, SunDir: mgl32.Vec3{0, 0, -1}, SunColor: mgl32.Vec3{1, 1, 1}}
	for _, c := range []struct {
		name   string
		lights render.Lights
		unlit  bool
		same   bool
	}{{"unlit pass", render.Lights{}, false, true}, {"unlit material", lit, true, true}, {"lit", lit, false, false}} {
		img, _, err := h.frame(func(f *render.Frame) {
			tex := f.CreateTexture(render.TextureDesc{Width: screenW, Height: screenH, Filter: render.FilterNearest}, px)
			vs, is := plane(mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, 1, render.White, true)
			m := f.CreateMesh(vs, is)
			f.BeginPass(render.Pass{Clear: render.ClearColor | render.ClearDepth, ViewProj: mgl32.Ortho(-1, 1, -1, 1, -10, 10), Lights: c.lights})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Texture: tex, Material: render.Material{Unlit: c.unlit, Roughness: 1}})
			f.DeleteMesh(m)
			f.DeleteTexture(tex)
		})
		if err != nil {
			t.Fatal(err)
		}
		diff := 0
		for i := range px {
			if i%4 != 3 && img.Pix[i] != px[i] {
				diff++
			}
		}
		if c.same && diff != 0 {
			t.Errorf("%s: %d channels differ from the base color", c.name, diff)
			savePNG(t, img)
		}
		if !c.same && diff < len(px)/2 {
			t.Errorf("%s: only %d channels differ from the base color", c.name, diff)
		}
	}
}

// normalMap returns a 1×1 normal map texel for tangent-space normal n.
func normalMap(n mgl32.Vec3) []byte {
	n = n.Normalize()
	b := func(v float32) byte { return byte(math.Round(float64(v*0.5+0.5) * 255)) }
	return []byte{b(n[0]), b(n[1]), b(n[2]), 255}
}

// A normal map tilts the shading normal: a flat map changes nothing, a
// tilted one changes the lit color as the reference predicts, and a mesh
// without tangents (derivative frame) is shaded like one with them.
func TestNormalMap(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	eye := mgl32.Vec3{0, 0, 5}
	L := mgl32.Vec3{1, 0, 1}.Normalize()
	center := func(tilt mgl32.Vec3, tangents bool, scale float32) color.RGBA {
		img, _, err := h.frame(func(f *render.Frame) {
			var nm render.TextureID
			if tilt != (mgl32.Vec3{}) {
				nm = f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, normalMap(tilt))
			}
			vs, is := plane(mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, 1, render.White, tangents)
			m := f.CreateMesh(vs, is)
			f.BeginPass(render.Pass{Clear: render.ClearColor | render.ClearDepth, ViewProj: mgl32.Ortho(-1, 1, -1, 1, -10, 10),
				Lights: render.Lights{Eye: eye, SunDir: L.Mul(-1), SunColor: mgl32.Vec3{0.8, 0.8, 0.8}}})
			f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), Material: render.Material{Roughness: 1, NormalMap: nm, NormalScale: scale}})
			f.DeleteMesh(m)
			if nm != 0 {
				f.DeleteTexture(nm)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		return img.RGBAAt(screenW/2, screenH/2)
	}
	white := [3]float64{1, 1, 1}
	V := mgl32.Vec3{0, 0, 1} // eye straight above the center
	none := center(mgl32.Vec3{}, true, 0)
	flat := center(mgl32.Vec3{0, 0, 1}, true, 0)
	expect1 := func(name string, got, want color.RGBA) {
		t.Helper()
		if !near(got, want, 3) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	expect1("no map", none, displayRGB(sunRef(white, 0, 1, V, V, L, 0.8)))
	expect1("flat map", flat, none)
	// Tilted towards +x (the texture's u, the world's x): towards the sun.
	tilt := mgl32.Vec3{0.5, 0, 1}
	N := tilt.Normalize()
	withTangents := center(tilt, true, 0)
	expect1("tilted map", withTangents, displayRGB(sunRef(white, 0, 1, N, V, L, 0.8)))
	if lum(withTangents) <= lum(none)+5 {
		t.Errorf("tilted towards the sun %v, flat %v: want brighter", withTangents, none)
	}
	expect1("tilted map, derivative frame", center(tilt, false, 0), withTangents)
	// Tilted towards +y (up in the image): the bitangent's direction.
	up := center(mgl32.Vec3{0, 0.7, 1}, true, 0)
	expect1("tilted up", up, displayRGB(sunRef(white, 0, 1, mgl32.Vec3{0, 0.7, 1}.Normalize(), V, L, 0.8)))
	expect1("tilted up, derivative frame", center(mgl32.Vec3{0, 0.7, 1}, false, 0), up)
	// NormalScale 0 means 1; -1 mirrors the tilt away from the sun.
	if away := center(tilt, true, -1); lum(away) >= lum(none) {
		t.Errorf("scale -1: %v, want darker than flat %v", away, none)
	}
}

// Targets that keep linear colors (RGBA16F, SRGB8A8) get the lit color as
// it is; the screen and RGBA8 targets get it exposed, tone mapped and
// sRGB-encoded by the mesh program.
func TestToneMappingAndLinearOutput(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	eye := mgl32.Vec3{0, 5, 0.001}
	cam := mgl32.Ortho(-1, 1, -1, 1, 0.1, 20).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 0, -1}))
	l := render.Lights{Eye: eye, SunDir: mgl32.Vec3{0, -1, 0}, SunColor: mgl32.Vec3{0.4, 0.4, 0.4}}
	m := render.Material{Roughness: 1}
	up := mgl32.Vec3{0, 1, 0}
	x := sunRef([3]float64{1, 1, 1}, 0, 1, up, up, up, 0.4)[0]
	at := func(img *image.RGBA) uint8 { return img.RGBAAt(screenW/2, screenH/2).R }
	for _, c := range []struct {
		name     string
		format   render.Format
		exposure float32
		want     uint8
	}{
		{"RGBA8", render.FormatRGBA8, 0, byteRef(srgbRef(toneMapRef(x)))},
		{"RGBA8, exposure 2", render.FormatRGBA8, 2, byteRef(srgbRef(toneMapRef(2 * x)))},
		{"RGBA16F", render.FormatRGBA16F, 0, byteRef(x)},
		{"RGBA16F, exposure 2 (unused)", render.FormatRGBA16F, 2, byteRef(x)},
		{"SRGB8A8", render.FormatSRGB8A8, 0, byteRef(srgbRef(x))}, // encoded by the hardware
	} {
		l.Exposure = c.exposure
		img := litFloor(t, h, cam, l, m, c.format)
		if got := at(img); int(got) < int(c.want)-2 || int(got) > int(c.want)+2 {
			t.Errorf("%s: %d, want %d (linear %.3f)", c.name, got, c.want, x)
		}
	}
}

// Emissive light is added to the lit color, and an occlusion map darkens
// the ambient light alone.
func TestEmissiveAndOcclusion(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	eye := mgl32.Vec3{0, 5, 0.001}
	cam := mgl32.Ortho(-1, 1, -1, 1, 0.1, 20).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 0, -1}))
	up := mgl32.Vec3{0, 1, 0}
	white := [3]float64{1, 1, 1}
	center := func(l render.Lights, mat render.Material, occlusion byte) uint8 {
		got := make(chan *image.RGBA, 1)
		_, _, err := h.frame(func(f *render.Frame) {
			vs, is := plane(up, mgl32.Vec3{1, 0, 0}, 8, render.White, false)
			mesh := f.CreateMesh(vs, is)
			occ := f.CreateTexture(render.TextureDesc{Width: 1, Height: 1}, []byte{occlusion, 0, 0, 255})
			if occlusion != 0 {
				mat.OcclusionMap = occ
			}
			tg, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Format: render.FormatRGBA16F})
			f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ViewProj: cam, Lights: l})
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), Material: mat})
			f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
			f.DeleteTarget(tg)
			f.DeleteMesh(mesh)
			f.DeleteTexture(occ)
		})
		if err != nil {
			t.Fatal(err)
		}
		return (<-got).RGBAAt(4, 4).R
	}
	amb := render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.5, 0.5, 0.5}}
	rough := render.Material{Roughness: 1}
	a := ambientRef(white, 0, 1, 1, 0.5)[0]
	check := func(name string, got uint8, want float64) {
		t.Helper()
		if w := byteRef(want); int(got) < int(w)-2 || int(got) > int(w)+2 {
			t.Errorf("%s: %d, want %d", name, got, w)
		}
	}
	check("ambient", center(amb, rough, 0), a)
	check("ambient, occlusion 0.4", center(amb, rough, 102), a*0.4)
	half := rough
	half.OcclusionStrength = 0.5
	check("ambient, occlusion 0.4 at strength 0.5", center(amb, half, 102), a*0.7)
	emissive := rough
	emissive.Emissive = mgl32.Vec3{0.3, 0.3, 0.3}
	check("ambient + emissive", center(amb, emissive, 0), a+0.3)
	sun := render.Lights{Eye: eye, SunDir: mgl32.Vec3{0, -1, 0}, SunColor: mgl32.Vec3{0.5, 0.5, 0.5}}
	check("sun, occlusion 0.4 (not applied)", center(sun, rough, 102), sunRef(white, 0, 1, up, up, up, 0.5)[0])
}

// builtinMapFS returns the built-in shader sources in a map file system
// that a test may edit (development-mode reloading).
func builtinMapFS(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, name := range []string{gl.SpriteProgram, gl.MeshProgram, gl.PostProgram, gl.SpriteInstancedProgram, gl.SpritePointProgram, gl.DepthProgram, gl.SkyProgram} {
		for _, ext := range []string{".vert", ".frag"} {
			src, err := fs.ReadFile(shaderFS, name+ext)
			if err != nil {
				t.Fatal(err)
			}
			fsys[name+ext] = &fstest.MapFile{Data: src}
		}
	}
	addSkinnedSources(t, fsys) // skin_test.go
	addChunkSources(t, fsys)   // uniforms_test.go
	return fsys
}

// setSource replaces one source file of fsys.
func setSource(fsys fstest.MapFS, name, src string) { fsys[name] = &fstest.MapFile{Data: []byte(src)} }

// contains reports whether err's message contains s.
func contains(err error, s string) bool { return err != nil && strings.Contains(err.Error(), s) }

// Every GL object of the new resources (sRGB textures, shadow maps,
// multisampled MRT targets, float targets, the screen's MSAA buffers) is
// counted and deleted: the count returns to its baseline after deletes.
func TestLiveObjectsBaseline(t *testing.T) {
	h := newHarness(t, true, gl.Options{MSAA: 4})
	defer h.close()
	draw := func(f *render.Frame) {
		f.BeginPass(screenPass())
		rect(f, 0, 0, 4, 4, 0, render.White)
	}
	if _, _, err := h.frame(draw); err != nil {
		t.Fatal(err)
	}
	base := h.b.LiveObjects()
	var ids struct {
		tex                   render.TextureID
		shadow, mrt, hdr, one render.TargetID
	}
	_, _, err := h.frame(func(f *render.Frame) {
		ids.tex = f.CreateTexture(render.TextureDesc{Width: 2, Height: 2, Format: render.FormatSRGB8A8}, nil)
		ids.shadow, _ = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Depth: render.DepthShadow})
		ids.mrt, _ = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Colors: 4, Samples: 4, Format: render.FormatSRGB8A8})
		ids.hdr, _ = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Colors: 2, Format: render.FormatRGBA16F})
		ids.one, _ = f.CreateTarget(render.TargetDesc{Width: 16, Height: 16})
		draw(f)
	})
	if err != nil {
		t.Fatal(err)
	}
	// 1 texture; shadow: fbo + texture; mrt: 2 fbos, depth, 4 color
	// renderbuffers, 4 textures; hdr: fbo, depth, 2 textures; one: fbo,
	// depth, texture.
	if got, want := h.b.LiveObjects()-base, 1+2+11+4+3; got != want {
		t.Errorf("%d GL objects for the new resources, want %d", got, want)
	}
	_, _, err = h.frame(func(f *render.Frame) {
		f.DeleteTexture(ids.tex)
		for _, tg := range []render.TargetID{ids.shadow, ids.mrt, ids.hdr, ids.one} {
			f.DeleteTarget(tg)
		}
		draw(f)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := h.b.LiveObjects(); got != base {
		t.Errorf("%d GL objects after the deletes, want %d as before", got, base)
	}
}

// The toon program (shaders/toon.*) follows the mesh conventions: it gets
// the pass's sun and ambient light and draws flat bands between them.
func TestToonProgram(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	vert, err1 := fs.ReadFile(shaderFS, "toon.vert")
	frag, err2 := fs.ReadFile(shaderFS, "toon.frag")
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	vs, is := cube()
	for _, c := range []struct {
		dir  mgl32.Vec3
		want color.RGBA
	}{
		{mgl32.Vec3{0, 0, -1}, color.RGBA{204, 0, 0, 255}},               // facing the sun: the sun's color
		{mgl32.Vec3{1, 0, -0.2}.Normalize(), color.RGBA{119, 0, 0, 255}}, // grazing: the first band, 1/3 of the way
		{mgl32.Vec3{0, 0, 1}, color.RGBA{77, 0, 0, 255}},                 // away: ambient
		{mgl32.Vec3{}, red}, // no sun: the base color
	} {
		img, _, err := h.frame(func(f *render.Frame) {
			sh := f.CreateShader(render.ShaderDesc{VertexName: "shaders/toon.vert", VertexSource: string(vert),
				FragmentName: "shaders/toon.frag", FragmentSource: string(frag)})
			m := f.CreateMesh(vs, is)
			p := perspectivePass()
			p.Lights = render.Lights{SunDir: c.dir, SunColor: mgl32.Vec3{0.8, 0.8, 0.8}, Ambient: mgl32.Vec3{0.3, 0.3, 0.3}}
			f.BeginPass(p)
			f.DrawMesh(&render.MeshDraw{Mesh: m, Shader: sh, Model: mgl32.Ident4()})
			f.DeleteMesh(m)
			f.DeleteShader(sh)
		})
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, screenW/2, screenH/2, c.want)
	}
}
