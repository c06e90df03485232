package gl_test

import (
	"image"
	"image/color"
	"io/fs"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/null"
)

// flatVertex is a custom layout: a 2D position and a color, 12 bytes.
type flatVertex struct {
	X, Y  float32
	Color render.Color
}

var flatLayout = []render.VertexAttribute{
	{Name: "a_pos", Location: 0, Format: render.AttribFloat32, Components: 2, Offset: 0},
	{Name: "a_color", Location: 3, Format: render.AttribUint8Norm, Components: 4, Offset: 8},
}

func flatDesc(p render.PrimitiveMode) render.MeshDesc {
	return render.MeshDesc{Attributes: flatLayout, Stride: 12, Primitive: p}
}

func flatBytes(vs []flatVertex) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(vs[0])))
}

// flatShader draws flatLayout meshes in their vertex colors, points 4
// pixels wide.
var flatShader = render.ShaderDesc{
	VertexName: "test/flat.vert", VertexSource: `#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 3) in vec4 a_color;
uniform mat4 u_viewProj;
out vec4 v_color;
void main() {
    v_color = a_color;
    gl_PointSize = 4.0;
    gl_Position = u_viewProj * vec4(a_pos, 0.0, 1.0);
}
`,
	FragmentName: "test/flat.frag", FragmentSource: `#version 330 core
in vec4 v_color;
out vec4 o_color;
void main() { o_color = v_color; }
`,
}

// row converts a y-up world row of the 48-pixel screen to an image row.
func row(y int) int { return screenH - 1 - y }

// Custom layouts draw in every primitive mode, indexed or not, and each
// mode counts its primitives.
func TestCustomLayoutPrimitives(t *testing.T) {
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		R, G, B := render.RGBA(255, 0, 0, 255), render.RGBA(0, 255, 0, 255), render.RGBA(0, 0, 255, 255)
		W := render.White
		var sh render.ShaderID
		var points, lines, strip, quad render.MeshID
		draw := func(f *render.Frame) {
			if sh == 0 {
				sh = f.CreateShader(flatShader)
				points = f.CreateMeshFrom(flatDesc(render.PointList), flatBytes([]flatVertex{{8.5, 8.5, R}, {20.5, 8.5, G}}), nil)
				lines = f.CreateMeshFrom(flatDesc(render.LineList), flatBytes([]flatVertex{{0, 20.5, G}, {64, 20.5, G}, {30.5, 0, W}, {30.5, 48, W}}), []uint32{0, 1})
				strip = f.CreateMeshFrom(flatDesc(render.LineStrip), flatBytes([]flatVertex{{2.5, 30, 0}, {2.5, 40.5, 0}, {20, 40.5, 0}}), nil)
				quad = f.CreateMeshFrom(flatDesc(render.TriangleStrip), flatBytes([]flatVertex{{40, 30, B}, {60, 30, B}, {40, 44, B}, {60, 44, B}}), nil)
			}
			f.BeginPass(screenPass())
			for _, m := range []render.MeshID{points, lines, strip, quad} {
				f.DrawMesh(&render.MeshDraw{Mesh: m, Shader: sh, Model: mgl32.Ident4()})
			}
		}
		img, st, err := h.frame(draw)
		if err != nil {
			t.Fatal(err)
		}
		expect(t, img, 8, row(8), red)
		expect(t, img, 21, row(9), green) // inside the 4-pixel point at (20.5, 8.5)
		expect(t, img, 14, row(8), black) // between the points
		expect(t, img, 10, row(20), green)
		expect(t, img, 30, row(40), black) // the second line is not indexed: not drawn
		expect(t, img, 2, row(35), color.RGBA{0, 0, 0, 0xff})
		expect(t, img, 50, row(37), blue)
		expect(t, img, 35, row(37), black)
		// 2 points + 1 line + 2 strip lines (zero-color: transparent black, drawn opaque) + 2 triangles.
		if st.Triangles != 7 || st.DrawCalls != 4 {
			t.Errorf("on main %v: %d primitives in %d draw calls, want 7 in 4", onMain, st.Triangles, st.DrawCalls)
		}
		h.close()
	}
}

// A layout that does not feed the program's inputs is an error naming the
// shader's files, the attribute and the mesh; the draw is skipped.
func TestLayoutMismatchNamesShaderAndAttribute(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	vert := func(decl, use string) render.ShaderDesc {
		d := flatShader
		d.VertexName = "test/bad.vert"
		d.VertexSource = "#version 330 core\nlayout(location = 0) in vec2 a_pos;\n" + decl +
			"\nuniform mat4 u_viewProj;\nout vec4 v_color;\nvoid main() {\n v_color = " + use +
			";\n gl_Position = u_viewProj * vec4(a_pos, 0.0, 1.0);\n}\n"
		return d
	}
	cases := []struct {
		name string
		desc render.ShaderDesc
		want []string
	}{
		{"missing", vert("layout(location = 1) in vec3 a_normal;", "vec4(a_normal, 1.0)"),
			[]string{"test/bad.vert + test/flat.frag", "reads attribute a_normal (vec3, location 1)", "layout lacks"}},
		{"type", vert("layout(location = 3) in ivec4 a_color;", "vec4(a_color)"),
			[]string{"test/bad.vert", "attribute a_color is ivec4", "uint8-normalized"}},
		{"location", vert("layout(location = 2) in vec4 a_color;", "a_color"),
			[]string{"test/bad.vert", "a_color is at location 2", "puts it at 3"}},
	}
	var mesh render.MeshID
	for _, c := range cases {
		var sh render.ShaderID
		img, st, err := h.frame(func(f *render.Frame) {
			if mesh == 0 {
				mesh = f.CreateMeshFrom(flatDesc(render.TriangleStrip),
					flatBytes([]flatVertex{{0, 0, render.White}, {64, 0, render.White}, {0, 48, render.White}, {64, 48, render.White}}), nil)
			}
			sh = f.CreateShader(c.desc)
			f.BeginPass(screenPass())
			f.DrawMesh(&render.MeshDraw{Mesh: mesh, Shader: sh})
			f.DeleteShader(sh)
		})
		for _, w := range append(c.want, mesh.String()) {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %v, want it to contain %q", c.name, err, w)
			}
		}
		if st.DrawCalls != 0 {
			t.Errorf("%s: %d draw calls, want the draw skipped", c.name, st.DrawCalls)
		}
		expect(t, img, 32, 24, black)

		// render/null reads the declarations and reports the same.
		nr, nerr := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
		if nerr != nil {
			t.Fatal(nerr)
		}
		f := nr.Frame()
		nm := f.CreateMeshFrom(flatDesc(render.TriangleStrip),
			flatBytes([]flatVertex{{0, 0, render.White}, {64, 0, render.White}, {0, 48, render.White}, {64, 48, render.White}}), nil)
		f.BeginPass(screenPass())
		f.DrawMesh(&render.MeshDraw{Mesh: nm, Shader: f.CreateShader(c.desc)})
		nerr = nr.Submit()
		nr.Close()
		strip := func(e error) string {
			if e == nil {
				return "<nil>"
			}
			m := e.Error()
			return m[strings.Index(m, "DrawMesh"):]
		}
		if nm != mesh || strip(nerr) != strip(err) {
			t.Errorf("%s: render/null reports %q for %v, render/gl %q for %v", c.name, strip(nerr), nm, strip(err), mesh)
		}
	}
}

// UpdateMesh rewrites ranges of vertices and indices in place; bad ranges
// are errors naming the mesh, the same from render/gl and render/null.
func TestUpdateMesh(t *testing.T) {
	R, G := render.RGBA(255, 0, 0, 255), render.RGBA(0, 255, 0, 255)
	quads := []flatVertex{
		{4, 4, R}, {20, 4, R}, {20, 20, R}, {4, 20, R}, // left
		{40, 4, G}, {56, 4, G}, {56, 20, G}, {40, 20, G}, // right
	}
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		nb := null.New()
		nr, err := render.NewRenderer(nb, render.Options{OnMainThread: true})
		if err != nil {
			t.Fatal(err)
		}
		var sh render.ShaderID
		var mesh, pts render.MeshID
		steps := []func(f *render.Frame){
			func(f *render.Frame) {
				desc := flatDesc(render.TriangleList)
				desc.Dynamic = true
				mesh = f.CreateMeshFrom(desc, flatBytes(quads), []uint32{0, 1, 2, 2, 3, 0})
				pts = f.CreateMeshFrom(flatDesc(render.PointList), flatBytes(quads[:2]), nil)
			},
			// The left quad's top vertices turn white; the index buffer
			// now draws the right quad.
			func(f *render.Frame) {
				f.UpdateMesh(mesh, 2, flatBytes([]flatVertex{{20, 20, render.White}, {4, 20, render.White}}), 0, nil)
			},
			func(f *render.Frame) { f.UpdateMesh(mesh, 0, nil, 0, []uint32{4, 5, 6, 6, 7, 4}) },
		}
		for k, step := range steps {
			img, st, err := h.frame(func(f *render.Frame) {
				if sh == 0 {
					sh = f.CreateShader(flatShader)
				}
				step(f)
				f.BeginPass(screenPass())
				f.DrawMesh(&render.MeshDraw{Mesh: mesh, Shader: sh})
			})
			if err != nil {
				t.Fatalf("step %d: %v", k, err)
			}
			switch k {
			case 0:
				expect(t, img, 6, row(6), red)
				expect(t, img, 44, row(6), black)
			case 1:
				// Near the white top edge the color is nearly white; the bottom stays red.
				if c := img.RGBAAt(12, row(19)); c.G < 200 || c.R < 250 {
					t.Errorf("top of the updated quad %v, want near white", c)
				}
				if c := img.RGBAAt(12, row(4)); c.R != 255 || c.G > 20 {
					t.Errorf("bottom of the updated quad %v, want near red", c)
				}
				if st.BytesUploaded < 24 {
					t.Errorf("BytesUploaded %d, want the 24 updated bytes counted", st.BytesUploaded)
				}
			case 2:
				expect(t, img, 12, row(6), black)
				expect(t, img, 44, row(6), green)
			}
		}
		bad := []struct {
			name string
			do   func(f *render.Frame)
			want string
		}{
			{"vertex range", func(f *render.Frame) { f.UpdateMesh(mesh, 7, flatBytes(quads[:2]), 0, nil) }, "vertices 7..9 outside its 8 vertices"},
			{"partial vertex", func(f *render.Frame) { f.UpdateMesh(mesh, 0, make([]byte, 13), 0, nil) }, "13 bytes are not whole 12-byte vertices"},
			{"index range", func(f *render.Frame) { f.UpdateMesh(mesh, 0, nil, 4, []uint32{0, 1, 2}) }, "indices 4..7 outside its 6 indices"},
			{"index value", func(f *render.Frame) { f.UpdateMesh(mesh, 0, nil, 0, []uint32{8}) }, "index 0 (8) out of 8 vertices"},
			{"no indices", func(f *render.Frame) { f.UpdateMesh(pts, 0, nil, 0, []uint32{0}) }, "indices for a mesh drawn without indices"},
			{"negative", func(f *render.Frame) { f.UpdateMesh(mesh, -1, flatBytes(quads[:1]), 0, nil) }, "vertices -1..0 outside"},
		}
		for _, c := range bad {
			_, _, err := h.frame(c.do)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), mesh.String()) && c.name != "no indices" {
				t.Errorf("GL %s: got %v, want %q naming %v", c.name, err, c.want, mesh)
			}
		}
		// render/null reports the same, for meshes of the same history.
		f := nr.Frame()
		nm := f.CreateMeshFrom(flatDesc(render.TriangleList), flatBytes(quads), []uint32{0, 1, 2, 2, 3, 0})
		np := f.CreateMeshFrom(flatDesc(render.PointList), flatBytes(quads[:2]), nil)
		if err := nr.Submit(); err != nil {
			t.Fatal(err)
		}
		for _, c := range bad {
			f := nr.Frame()
			mesh, pts = nm, np
			c.do(f)
			err := nr.Submit()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("null %s: got %v, want %q", c.name, err, c.want)
			}
		}
		nr.Close()
		h.close()
	}
}

// cubeGrid returns the models of n×n cubes on a grid, each turned its own way.
func cubeGrid(n int, spacing float32) []mgl32.Mat4 {
	ms := make([]mgl32.Mat4, 0, n*n)
	for z := range n {
		for x := range n {
			p := mgl32.Vec3{(float32(x) - float32(n-1)/2) * spacing, 0, (float32(z) - float32(n-1)/2) * spacing}
			r := mgl32.HomogRotate3D(float32(x*7+z*13)*0.1, mgl32.Vec3{1, 2, 0.5}.Normalize())
			ms = append(ms, mgl32.Translate3D(p[0], p[1], p[2]).Mul4(r).Mul4(mgl32.Scale3D(0.6, 0.8, 0.6)))
		}
	}
	return ms
}

// litCubes records n×n cubes into target tg (size px), lit by a sun, an
// ambient term and a point light, as DrawMesh calls or one instanced draw.
func litCubes(f *render.Frame, tg render.TargetID, mesh render.MeshID, models []mgl32.Mat4, instanced bool, span float32) {
	eye := mgl32.Vec3{0, span * 0.8, span * 1.1}
	cam := mgl32.Perspective(mgl32.DegToRad(50), 1, 0.5, 4*span).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	l := render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.08, 0.08, 0.1}, SunDir: mgl32.Vec3{1, -2, -0.5}.Normalize(), SunColor: mgl32.Vec3{2, 2, 1.8}}
	l.AddPoint(render.PointLight{Position: mgl32.Vec3{0, 2, 0}, Color: mgl32.Vec3{3, 1, 0.5}, Range: span})
	f.BeginPass(render.Pass{Name: "cubes", Target: tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0.1, 0.1, 0.2, 1}, ViewProj: cam, Lights: l})
	d := render.MeshDraw{Mesh: mesh, Color: mgl32.Vec4{0.9, 0.6, 0.3, 1}, Material: render.Material{Roughness: 0.5, Metallic: 0.2}}
	if instanced {
		insts := f.ReserveMeshInstances(len(models))
		for i, m := range models {
			insts[i] = render.MeshInstance{Model: m}
		}
		f.CommitMeshInstances(&d, len(models))
		return
	}
	for _, m := range models {
		d.Model = m
		f.DrawMesh(&d)
	}
}

// The built-in mesh program lights instances exactly as DrawMesh lights
// the same meshes: 100 instanced cubes and 100 DrawMesh cubes give the
// same pixels, in both render modes.
func TestInstancedLitLikeDrawMesh(t *testing.T) {
	models := cubeGrid(10, 1.2)
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		var tg render.TargetID
		var mesh render.MeshID
		shot := func(instanced bool) (*image.RGBA, render.Stats) {
			got := make(chan *image.RGBA, 1)
			_, st, err := h.frame(func(f *render.Frame) {
				if mesh == 0 {
					tg, _ = f.CreateTarget(render.TargetDesc{Width: 128, Height: 128})
					mesh = f.CreateMesh(render.CubeMesh())
				}
				litCubes(f, tg, mesh, models, instanced, 12)
				f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
			})
			if err != nil {
				t.Fatal(err)
			}
			return <-got, st
		}
		a, sa := shot(false)
		b, sb := shot(true)
		if sa.DrawCalls != 100 || sb.DrawCalls != 1 || sa.Triangles != 1200 || sb.Triangles != 1200 {
			t.Errorf("on main %v: DrawMesh %d calls %d triangles, instanced %d calls %d triangles; want 100/1200 and 1/1200",
				onMain, sa.DrawCalls, sa.Triangles, sb.DrawCalls, sb.Triangles)
		}
		diff, lit := 0, 0
		for i := 0; i < len(a.Pix); i += 4 {
			for c := range 3 {
				d := int(a.Pix[i+c]) - int(b.Pix[i+c])
				diff = max(diff, d, -d)
			}
			if a.Pix[i] > 60 {
				lit++
			}
		}
		if diff > 1 {
			t.Errorf("on main %v: instanced cubes differ from DrawMesh cubes by up to %d levels", onMain, diff)
			savePNG(t, a)
			savePNG(t, b)
		}
		if lit < 2000 {
			t.Errorf("on main %v: only %d lit pixels: the cubes are not in view", onMain, lit)
			savePNG(t, a)
		}
		h.close()
	}
}

// Instances outside the pass's view are culled while recording: the draw
// covers only those in view, and one with none in view records nothing.
func TestInstancesCulledAgainstPass(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var mesh render.MeshID
	var kept, none, culled int
	_, st, err := h.frame(func(f *render.Frame) {
		mesh = f.CreateMesh(render.CubeMesh())
		f.BeginPass(screenPass()) // x 0..64, y 0..48, z -1..1
		in := func(x, y float32) render.MeshInstance {
			return render.MeshInstance{Model: mgl32.Translate3D(x, y, 0).Mul4(mgl32.Scale3D(8, 8, 0.5)), Color: render.White}
		}
		kept = f.DrawMeshInstanced(&render.MeshDraw{Mesh: mesh}, []render.MeshInstance{
			in(10, 10), in(-3, 10) /* overlaps the left edge */, in(-5, 10) /* 1 unit beyond it */, in(30, 100), in(50, 40),
		})
		none = f.DrawMeshInstanced(&render.MeshDraw{Mesh: mesh}, []render.MeshInstance{in(-50, 0)})
		culled = f.CulledInstances()
	})
	if err != nil {
		t.Fatal(err)
	}
	if kept != 3 || none != 0 || culled != 3 {
		t.Errorf("kept %d and %d, culled %d; want 3, 0 and 3", kept, none, culled)
	}
	if st.DrawCalls != 1 || st.Triangles != 36 {
		t.Errorf("%d draw calls, %d triangles; want 1 and 36", st.DrawCalls, st.Triangles)
	}
}

// displaceShader moves every vertex by u_params[0].xyz: the vertex stage
// of both a mesh's own program and its depth program.
const displaceVert = `#version 330 core
layout(location = 0) in vec3 a_pos;
uniform mat4 u_viewProj;
uniform mat4 u_model;
uniform vec4 u_params[4];
void main() {
    gl_Position = u_viewProj * (u_model * vec4(a_pos, 1.0) + vec4(u_params[0].xyz, 0.0));
}
`

// A draw's DepthShader draws it into shadow maps: a shader-displaced box
// casts its shadow where it is drawn, not where its vertices are.
func TestDepthShaderCastsDisplacedShadow(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var s shadowScene
	var main, depth render.ShaderID
	shoot := func(withDepth bool) *image.RGBA {
		got := make(chan *image.RGBA, 1)
		_, _, err := h.frame(func(f *render.Frame) {
			if s.floor == 0 {
				s.init(f, 256)
				main = f.CreateShader(render.ShaderDesc{VertexName: "test/displace.vert", VertexSource: displaceVert,
					FragmentName: "test/gray.frag", FragmentSource: "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(0.5, 0.5, 0.5, 1.0); }\n"})
				depth = f.CreateShader(render.ShaderDesc{VertexName: "test/displace.vert", VertexSource: displaceVert,
					FragmentName: "test/depth.frag", FragmentSource: "#version 330 core\nvoid main() {}\n"})
			}
			box := render.MeshDraw{Mesh: s.box, Shader: main, Model: boxModel(), Params: [4]mgl32.Vec4{{3, 0, 0, 0}}}
			if withDepth {
				box.DepthShader = depth
			}
			f.BeginPass(render.Pass{Name: "shadow", Target: s.shadow, Clear: render.ClearDepth, ViewProj: s.lightVP})
			f.DrawMesh(&box)
			f.DrawMesh(&render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4()})
			f.BeginPass(render.Pass{Name: "lit", Target: s.view, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: s.cam,
				Lights: render.Lights{Eye: mgl32.Vec3{0, 8, 10}, Ambient: mgl32.Vec3{0.05, 0.05, 0.05}, SunDir: s.sunDir, SunColor: mgl32.Vec3{1, 1, 1},
					ShadowMatrix: s.lightVP, Shadow: s.shadowTex}})
			f.DrawMesh(&box)
			f.DrawMesh(&render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4(), Material: render.Material{Roughness: 1}})
			f.ReadPixels(s.view, render.Rect{}, func(img *image.RGBA) { got <- img })
		})
		if err != nil {
			t.Fatal(err)
		}
		return <-got
	}
	// The undisplaced box's shadow would be around (1, 0, 0); the drawn
	// box, 3 units along +x, casts it around (5, 0, 0.5).
	img := shoot(true)
	ox, oy := pixelOf(s.cam, mgl32.Vec3{1, 0, 0.5}, shadowView, shadowView)
	nx, ny := pixelOf(s.cam, mgl32.Vec3{5, 0, 0.5}, shadowView, shadowView)
	if o, n := lum(img.RGBAAt(ox, oy)), lum(img.RGBAAt(nx, ny)); o < 150 || n > 90 {
		t.Errorf("with DepthShader: floor at the old shadow %d, at the new %d; want lit and dark", o, n)
		savePNG(t, img)
	}
	img = shoot(false)
	if o, n := lum(img.RGBAAt(ox, oy)), lum(img.RGBAAt(nx, ny)); o > 90 || n < 150 {
		t.Errorf("without DepthShader: floor at the old shadow %d, at the new %d; want dark and lit", o, n)
		savePNG(t, img)
	}
}

// Instanced draws cast shadows through the instanced depth program, and
// an unknown DepthShader is reported by both backends.
func TestInstancedShadowsAndBadDepthShader(t *testing.T) {
	h := newHarness(t, true, gl.Options{})
	defer h.close()
	var s shadowScene
	got := make(chan *image.RGBA, 1)
	_, _, err := h.frame(func(f *render.Frame) {
		s.init(f, 256)
		f.BeginPass(render.Pass{Name: "shadow", Target: s.shadow, Clear: render.ClearDepth, ViewProj: s.lightVP})
		insts := []render.MeshInstance{{Model: boxModel()}, {Model: mgl32.Translate3D(-4, 0, 0).Mul4(boxModel())}}
		f.DrawMeshInstanced(&render.MeshDraw{Mesh: s.box}, insts)
		f.BeginPass(render.Pass{Name: "lit", Target: s.view, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0, 0, 0, 1}, ViewProj: s.cam,
			Lights: render.Lights{Eye: mgl32.Vec3{0, 8, 10}, Ambient: mgl32.Vec3{0.05, 0.05, 0.05}, SunDir: s.sunDir, SunColor: mgl32.Vec3{1, 1, 1},
				ShadowMatrix: s.lightVP, Shadow: s.shadowTex}})
		f.DrawMeshInstanced(&render.MeshDraw{Mesh: s.box, Material: render.Material{Roughness: 1}}, insts)
		f.DrawMesh(&render.MeshDraw{Mesh: s.floor, Model: mgl32.Ident4(), Material: render.Material{Roughness: 1}})
		f.ReadPixels(s.view, render.Rect{}, func(img *image.RGBA) { got <- img })
	})
	if err != nil {
		t.Fatal(err)
	}
	img := <-got
	for _, p := range []mgl32.Vec3{{1, 0, 0}, {-3, 0, 0}} {
		x, y := pixelOf(s.cam, p, shadowView, shadowView)
		if l := lum(img.RGBAAt(x, y)); l > 90 {
			t.Errorf("floor at %v (instance's shadow) luma %d, want dark", p, l)
			savePNG(t, img)
		}
	}
	lx, ly := pixelOf(s.cam, mgl32.Vec3{3, 0, 3}, shadowView, shadowView)
	if l := lum(img.RGBAAt(lx, ly)); l < 150 {
		t.Errorf("lit floor luma %d", l)
	}

	nr, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer nr.Close()
	for _, r := range []*render.Renderer{h.r, nr} {
		f := r.Frame()
		f.SetScreenSize(screenW, screenH)
		sh := render.ShaderID(4242) // never created
		tg, _ := f.CreateTarget(render.TargetDesc{Width: 16, Height: 16, Depth: render.DepthShadow})
		m := f.CreateMesh(render.CubeMesh())
		f.BeginPass(render.Pass{Target: tg, Clear: render.ClearDepth, ViewProj: mgl32.Ident4()})
		f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4(), DepthShader: sh})
		err := r.Submit()
		if !onMainErr(r, &err) || err == nil || !strings.Contains(err.Error(), "DepthShader: ") || !strings.Contains(err.Error(), sh.String()) {
			t.Errorf("DepthShader of a deleted shader: %v", err)
		}
	}
}

// onMainErr fetches a threaded renderer's error of the frame just
// submitted (the next Submit returns it); it reports true.
func onMainErr(r *render.Renderer, err *error) bool {
	if *err == nil {
		*err = r.Submit()
	}
	return true
}

// A steady frame of instanced draws (with their shadow pass), a
// custom-layout mesh and a mesh update allocates nothing on either
// thread, in both render modes.
func TestSteadyInstancedFrameAllocatesNothing(t *testing.T) {
	models := cubeGrid(10, 1.2)
	for _, onMain := range []bool{true, false} {
		h := newHarness(t, onMain, gl.Options{})
		f := h.r.Frame()
		cube := f.CreateMesh(render.CubeMesh())
		tg, _ := f.CreateTarget(render.TargetDesc{Width: 64, Height: 64})
		sm, smTex := f.CreateTarget(render.TargetDesc{Width: 64, Height: 64, Depth: render.DepthShadow})
		sh := f.CreateShader(flatShader)
		verts := []flatVertex{{0, 0, render.White}, {30, 0, render.White}, {30, 30, render.White}}
		desc := flatDesc(render.LineStrip)
		desc.Dynamic = true
		strip := f.CreateMeshFrom(desc, flatBytes(verts), nil)
		if err := h.r.Submit(); err != nil {
			t.Fatal(err)
		}
		light := mgl32.Ortho(-10, 10, -10, 10, -20, 20).Mul4(mgl32.LookAtV(mgl32.Vec3{1, 2, 0}, mgl32.Vec3{}, mgl32.Vec3{0, 0, 1}))
		frame := func() {
			f := h.r.Frame()
			f.SetScreenSize(screenW, screenH)
			f.BeginPass(render.Pass{Name: "shadow", Target: sm, Clear: render.ClearDepth, ViewProj: light})
			ins := f.ReserveMeshInstances(len(models))
			for i, m := range models {
				ins[i] = render.MeshInstance{Model: m}
			}
			f.CommitMeshInstances(&render.MeshDraw{Mesh: cube}, len(models))
			litCubes(f, tg, cube, models, true, 12)
			f.Passes()[1].Lights.Shadow, f.Passes()[1].Lights.ShadowMatrix = smTex, light
			verts[1].Y = float32(f.Number() % 5)
			f.UpdateMesh(strip, 1, flatBytes(verts[1:2]), 0, nil)
			f.BeginPass(screenPass())
			f.DrawMesh(&render.MeshDraw{Mesh: strip, Shader: sh})
			if err := h.r.Submit(); err != nil {
				t.Fatal(err)
			}
		}
		for range 3 {
			frame()
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("on main %v: %v allocations per steady instanced frame", onMain, n)
		}
		if st := h.r.Stats(); st.DrawCalls != 3 || st.Triangles != 2*1200+2 {
			t.Errorf("on main %v: %d draw calls, %d primitives; want 3 and 2402", onMain, st.DrawCalls, st.Triangles)
		}
		h.close()
	}
}

// BenchmarkCubes10K draws 10,000 lit cubes into a 256×256 target three
// ways, side by side: 10,000 DrawMesh calls, one merged mesh holding every
// cube, and one instanced draw. ns/op is one frame (recording, execution
// and the wait for the GPU), in render-on-main mode.
func BenchmarkCubes10K(b *testing.B) {
	models := cubeGrid(100, 1.2)
	for _, way := range []string{"drawmesh", "merged", "instanced"} {
		b.Run(way, func(b *testing.B) {
			h := newHarness(b, true, gl.Options{})
			defer h.close()
			f := h.r.Frame()
			tg, _ := f.CreateTarget(render.TargetDesc{Width: 256, Height: 256})
			cube := f.CreateMesh(render.CubeMesh())
			var merged render.MeshID
			if way == "merged" {
				cv, ci := render.CubeMesh()
				vs := make([]render.MeshVertex, 0, len(cv)*len(models))
				is := make([]uint32, 0, len(ci)*len(models))
				for _, m := range models {
					base := uint32(len(vs))
					nm := m.Mat3().Inv().Transpose()
					for _, v := range cv {
						p := m.Mul4x1(mgl32.Vec3(v.Position).Vec4(1)).Vec3()
						n := nm.Mul3x1(v.Normal).Normalize()
						t := m.Mat3().Mul3x1(mgl32.Vec3{v.Tangent[0], v.Tangent[1], v.Tangent[2]})
						v.Position, v.Normal, v.Tangent = p, n, [4]float32{t[0], t[1], t[2], v.Tangent[3]}
						vs = append(vs, v)
					}
					for _, ix := range ci {
						is = append(is, base+ix)
					}
				}
				merged = f.CreateMesh(vs, is)
			}
			if err := h.r.Submit(); err != nil {
				b.Fatal(err)
			}
			one := []mgl32.Mat4{mgl32.Ident4()}
			frame := func() {
				f := h.r.Frame()
				f.SetScreenSize(screenW, screenH)
				switch way {
				case "merged":
					litCubes(f, tg, merged, one, false, 150)
				default:
					litCubes(f, tg, cube, models, way == "instanced", 150)
				}
				if err := h.r.Submit(); err != nil {
					b.Fatal(err)
				}
			}
			for range 3 {
				frame()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				frame()
			}
			b.StopTimer()
			st := h.r.Stats()
			if st.Triangles != 120000 {
				b.Fatalf("%s drew %d triangles, want all 120000", way, st.Triangles)
			}
			b.ReportMetric(float64(st.DrawCalls), "draws/frame")
		})
	}
}

// The instanced programs compile at the first instanced draw: a backend
// whose shader files lack them starts and draws everything else, and the
// instanced draw reports the missing file. With them, they reload in
// development mode like the other built-ins, keeping the previous program
// when an edit breaks.
func TestInstancedProgramsLazyAndReload(t *testing.T) {
	fsys := builtinMapFS(t)
	for _, name := range []string{"skybox.vert", "skybox.frag"} { // a built-in builtinMapFS may not list yet
		if _, ok := fsys[name]; !ok {
			if src, err := fs.ReadFile(shaderFS, name); err == nil {
				setSource(fsys, name, string(src))
			}
		}
	}
	h := newHarness(t, true, gl.Options{Shaders: fsys, ReloadInterval: time.Nanosecond})
	defer h.close()
	var cube render.MeshID
	draw := func(f *render.Frame) {
		if cube == 0 {
			cube = f.CreateMesh(render.CubeMesh())
		}
		f.BeginPass(screenPass()) // unlit: the base color, times the vertex stage's v_color
		f.DrawMeshInstanced(&render.MeshDraw{Mesh: cube}, []render.MeshInstance{
			{Model: mgl32.Translate3D(32, 24, 0).Mul4(mgl32.Scale3D(20, 20, 0.5))}})
	}
	img, _, err := h.frame(draw)
	if !contains(err, "mesh_instanced.vert") {
		t.Errorf("without mesh_instanced.vert: %v", err)
	}
	expect(t, img, 32, 24, black)
	src, err := fs.ReadFile(shaderFS, "mesh_instanced.vert")
	if err != nil {
		t.Fatal(err)
	}
	setSource(fsys, "mesh_instanced.vert", string(src)) // found by the next reload
	time.Sleep(time.Millisecond)
	if img, _, err = h.frame(draw); err != nil {
		t.Fatal(err)
	}
	expect(t, img, 32, 24, color.RGBA{255, 255, 255, 255})
	magenta := strings.Replace(string(src), "v_color = a_color *", "v_color = vec4(1.0, 0.0, 1.0, 1.0) *", 1)
	setSource(fsys, "mesh_instanced.vert", magenta)
	time.Sleep(time.Millisecond)
	if img, _, err = h.frame(draw); err != nil {
		t.Fatal(err)
	}
	expect(t, img, 32, 24, color.RGBA{255, 0, 255, 255})
	setSource(fsys, "mesh_instanced.vert", "#version 330 core\nvoid main() { oops }\n")
	time.Sleep(time.Millisecond)
	img, _, err = h.frame(draw)
	if !contains(err, "shaders/mesh_instanced.vert:") {
		t.Errorf("broken edit: %v", err)
	}
	expect(t, img, 32, 24, color.RGBA{255, 0, 255, 255})
}
