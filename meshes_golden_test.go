package tact

import (
	"image"
	"math"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
)

// shootRecorded runs an empty scene headless for 3 frames (render thread
// or render on main) with record drawing straight into each frame's
// command list before the scene's cameras (there are none), and returns
// the picture of target tg (made by record's first call) in the last frame.
func shootRecorded(t *testing.T, onMain bool, record func(f *render.Frame, first bool) render.TargetID) *image.RGBA {
	t.Helper()
	cfg := headless(3)
	cfg.RenderOnMain = onMain
	g := NewGame(cfg)
	got := make(chan *image.RGBA, 1)
	first := true
	g.director.BeforeDraw.On(func(d *director.Director) {
		f := g.Renderer().Frame()
		tg := record(f, first)
		first = false
		if d.TotalFrames() == cfg.MaxFrames-1 {
			f.ReadPixels(tg, render.Rect{}, func(img *image.RGBA) { got <- img })
		}
	})
	runGame(t, g, func(g *Game) (*scenegraph.Scene, error) { return scenegraph.NewScene("Recorded"), nil })
	if err := g.Director().RenderErr(); err != nil {
		t.Fatalf("render error: %v", err)
	}
	select {
	case img := <-got:
		return img
	default:
		t.Fatal("no picture read back")
		return nil
	}
}

// patternVertex is a custom layout with an integer attribute: a 2D
// position, a byte color and a pattern number the program reads as int.
type patternVertex struct {
	X, Y    float32
	Color   render.Color
	Pattern int32
}

var patternLayout = []render.VertexAttribute{
	{Name: "a_pos", Location: 0, Format: render.AttribFloat32, Components: 2, Offset: 0},
	{Name: "a_color", Location: 1, Format: render.AttribUint8Norm, Components: 4, Offset: 8},
	{Name: "a_pattern", Location: 2, Format: render.AttribInt32, Components: 1, Offset: 12},
}

// patternShader draws patternLayout meshes: pattern 1 darkens every other
// pixel column (a flat "int" varying), points are 3 pixels wide.
var patternShader = render.ShaderDesc{
	VertexName: "golden/pattern.vert", VertexSource: `#version 330 core
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
layout(location = 2) in int a_pattern;
uniform mat4 u_viewProj;
out vec4 v_color;
flat out int v_pattern;
void main() {
    v_color = a_color;
    v_pattern = a_pattern;
    gl_PointSize = 3.0;
    gl_Position = u_viewProj * vec4(a_pos, 0.0, 1.0);
}
`,
	FragmentName: "golden/pattern.frag", FragmentSource: `#version 330 core
in vec4 v_color;
flat in int v_pattern;
out vec4 o_color;
void main() {
    float k = (v_pattern == 1 && int(gl_FragCoord.x) % 2 == 0) ? 0.5 : 1.0;
    o_color = vec4(v_color.rgb * k, 1.0);
}
`,
}

func patternBytes(vs []patternVertex) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(vs[0])))
}

// topologyMeshes records custom-layout meshes in each primitive mode into
// a 160×120 target: a grid of points (top left), a star of lines (top
// right), a sine line strip (middle), a striped triangle strip ribbon
// (bottom) and an indexed triangle list (bottom right).
type topologyMeshes struct {
	tg                                  render.TargetID
	sh                                  render.ShaderID
	points, lines, strip, ribbon, trist render.MeshID
}

func (s *topologyMeshes) record(f *render.Frame, first bool) render.TargetID {
	if first {
		s.tg, _ = f.CreateTarget(render.TargetDesc{Width: 160, Height: 120})
		s.sh = f.CreateShader(patternShader)
		desc := func(p render.PrimitiveMode) render.MeshDesc {
			return render.MeshDesc{Attributes: patternLayout, Stride: 16, Primitive: p}
		}
		var pts []patternVertex
		for y := range 6 {
			for x := range 8 {
				pts = append(pts, patternVertex{X: 8.5 + 8*float32(x), Y: 72.5 + 8*float32(y),
					Color: render.RGBA(uint8(60+25*x), uint8(80+30*y), 220, 255)})
			}
		}
		s.points = f.CreateMeshFrom(desc(render.PointList), patternBytes(pts), nil)
		var star []patternVertex
		for k := range 12 {
			a := float64(k) * math.Pi / 6
			star = append(star, patternVertex{X: 120, Y: 92, Color: render.RGBA(255, 255, 255, 255)},
				patternVertex{X: 120 + 24*float32(math.Cos(a)), Y: 92 + 24*float32(math.Sin(a)), Color: render.RGBA(255, uint8(20*k), 40, 255)})
		}
		s.lines = f.CreateMeshFrom(desc(render.LineList), patternBytes(star), nil)
		var wave []patternVertex
		for x := 0; x <= 150; x += 3 {
			wave = append(wave, patternVertex{X: 5 + float32(x), Y: 55 + 8*float32(math.Sin(float64(x)/12)), Color: render.RGBA(80, 240, 120, 255)})
		}
		s.strip = f.CreateMeshFrom(desc(render.LineStrip), patternBytes(wave), nil)
		var rib []patternVertex
		for x := 0; x <= 100; x += 10 {
			c := render.RGBA(uint8(2*x+50), 90, uint8(250-2*x), 255)
			rib = append(rib, patternVertex{X: 5 + float32(x), Y: 10 + float32(x)/10, Color: c, Pattern: 1},
				patternVertex{X: 5 + float32(x), Y: 35 - float32(x)/10, Color: c, Pattern: 1})
		}
		s.ribbon = f.CreateMeshFrom(desc(render.TriangleStrip), patternBytes(rib), nil)
		tri := []patternVertex{{X: 120, Y: 10, Color: render.RGBA(250, 200, 40, 255)}, {X: 155, Y: 10, Color: render.RGBA(250, 80, 40, 255)},
			{X: 155, Y: 40, Color: render.RGBA(250, 40, 160, 255)}, {X: 120, Y: 40, Color: render.RGBA(250, 200, 40, 255)}}
		s.trist = f.CreateMeshFrom(desc(render.TriangleList), patternBytes(tri), []uint32{0, 1, 2, 0, 2, 3})
	}
	f.BeginPass(render.Pass{Target: s.tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0.08, 0.08, 0.12, 1},
		ViewProj: mgl32.Ortho(0, 160, 0, 120, -1, 1)})
	for _, m := range []render.MeshID{s.points, s.lines, s.strip, s.ribbon, s.trist} {
		f.DrawMesh(&render.MeshDraw{Mesh: m, Shader: s.sh})
	}
	return s.tg
}

// instancedCubes records 10,000 instanced cubes of varied heights and
// tints on a floor, casting shadows from the sun through the instanced
// depth program, into a 256×256 target.
type instancedCubes struct {
	tg, sm      render.TargetID
	smTex       render.TextureID
	cube, floor render.MeshID
}

func (s *instancedCubes) record(f *render.Frame, first bool) render.TargetID {
	if first {
		s.tg, _ = f.CreateTarget(render.TargetDesc{Width: 256, Height: 256})
		s.sm, s.smTex = f.CreateTarget(render.TargetDesc{Width: 1024, Height: 1024, Depth: render.DepthShadow})
		s.cube = f.CreateMesh(render.CubeMesh())
		s.floor = f.CreateMesh(render.CubeMesh())
	}
	sun := mgl32.Vec3{-1, -1.1, -0.4}.Normalize()
	light := mgl32.Ortho(-115, 115, -115, 115, 1, 300).Mul4(mgl32.LookAtV(sun.Mul(-150), mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	floor := render.MeshDraw{Mesh: s.floor, Model: mgl32.Translate3D(0, -0.5, 0).Mul4(mgl32.Scale3D(170, 1, 170)),
		Color: mgl32.Vec4{0.5, 0.5, 0.5, 1}, Material: render.Material{Roughness: 1}}
	cubes := func() {
		ins := f.ReserveMeshInstances(100 * 100)
		for i := range ins {
			x, z := i%100, i/100
			h := 1 + 3*float32(math.Abs(math.Sin(float64(x)*0.3)*math.Cos(float64(z)*0.23)))
			ins[i] = render.MeshInstance{
				Model: mgl32.Translate3D(float32(x-50)*1.6, h/2, float32(z-50)*1.6).Mul4(mgl32.Scale3D(0.8, h, 0.8)),
				Color: render.RGBA(uint8(40+2*x), uint8(30+z), uint8(230-2*x), 255),
			}
		}
		f.CommitMeshInstances(&render.MeshDraw{Mesh: s.cube, Material: render.Material{Roughness: 0.7}}, len(ins))
	}
	f.BeginPass(render.Pass{Name: "shadow", Target: s.sm, Clear: render.ClearDepth, ViewProj: light})
	cubes()
	f.DrawMesh(&floor)
	eye := mgl32.Vec3{0, 120, 95}
	f.BeginPass(render.Pass{Name: "cubes", Target: s.tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0.3, 0.4, 0.6, 1},
		ViewProj: mgl32.Perspective(mgl32.DegToRad(55), 1, 1, 400).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{0, 0, 8}, mgl32.Vec3{0, 1, 0})),
		Lights: render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.06, 0.06, 0.08}, SunDir: sun, SunColor: mgl32.Vec3{2.2, 2.1, 1.9},
			Shadow: s.smTex, ShadowMatrix: light}})
	cubes()
	f.DrawMesh(&floor)
	return s.tg
}

// flowerVert pushes a sphere's vertices out into a six-petalled flower:
// the vertex stage of both the flower's program and its depth program.
const flowerVert = `#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
uniform mat4 u_viewProj;
uniform mat4 u_model;
uniform vec4 u_params[4];
out vec3 v_normal;
void main() {
    vec3 p = a_pos;
    float k = 1.0 + 0.9 * max(sin(6.0 * atan(p.z, p.x) + u_params[0].x), 0.0);
    p.xz *= k;
    v_normal = mat3(u_model) * a_normal;
    gl_Position = u_viewProj * u_model * vec4(p, 1.0);
}
`

// depthShaderShadow records a shader-displaced sphere (a flower) over a
// floor, whose DepthShader makes it cast a flower-shaped shadow, into a
// 160×120 target.
type depthShaderShadow struct {
	tg, sm       render.TargetID
	smTex        render.TextureID
	ball, floor  render.MeshID
	flower, dept render.ShaderID
}

func (s *depthShaderShadow) record(f *render.Frame, first bool) render.TargetID {
	if first {
		s.tg, _ = f.CreateTarget(render.TargetDesc{Width: 160, Height: 120})
		s.sm, s.smTex = f.CreateTarget(render.TargetDesc{Width: 512, Height: 512, Depth: render.DepthShadow})
		s.ball = f.CreateMesh(render.SphereMesh(48, 24))
		s.floor = f.CreateMesh(render.CubeMesh())
		s.flower = f.CreateShader(render.ShaderDesc{VertexName: "golden/flower.vert", VertexSource: flowerVert,
			FragmentName: "golden/flower.frag", FragmentSource: `#version 330 core
in vec3 v_normal;
out vec4 o_color;
void main() {
    float l = 0.35 + 0.65 * max(dot(normalize(v_normal), normalize(vec3(1.0, 2.0, 0.8))), 0.0);
    o_color = vec4(vec3(0.95, 0.45, 0.6) * l, 1.0);
}
`})
		s.dept = f.CreateShader(render.ShaderDesc{VertexName: "golden/flower.vert", VertexSource: flowerVert,
			FragmentName: "golden/depth.frag", FragmentSource: "#version 330 core\nvoid main() {}\n"})
	}
	sun := mgl32.Vec3{-1, -2, -0.8}.Normalize()
	light := mgl32.Ortho(-6, 6, -6, 6, 1, 30).Mul4(mgl32.LookAtV(sun.Mul(-12), mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	flower := render.MeshDraw{Mesh: s.ball, Shader: s.flower, DepthShader: s.dept,
		Model: mgl32.Translate3D(0, 2.2, 0).Mul4(mgl32.Scale3D(2.5, 1, 2.5)), Params: [4]mgl32.Vec4{{0.4}}}
	floor := render.MeshDraw{Mesh: s.floor, Model: mgl32.Translate3D(0, -0.5, 0).Mul4(mgl32.Scale3D(14, 1, 14)),
		Color: mgl32.Vec4{0.8, 0.8, 0.75, 1}, Material: render.Material{Roughness: 1}}
	f.BeginPass(render.Pass{Name: "shadow", Target: s.sm, Clear: render.ClearDepth, ViewProj: light})
	f.DrawMesh(&flower)
	f.DrawMesh(&floor)
	eye := mgl32.Vec3{0, 9, 7}
	f.BeginPass(render.Pass{Name: "view", Target: s.tg, Clear: render.ClearColor | render.ClearDepth, ClearColor: mgl32.Vec4{0.2, 0.25, 0.35, 1},
		ViewProj: mgl32.Perspective(mgl32.DegToRad(55), 160.0/120, 0.5, 50).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{1.5, 0, 1}, mgl32.Vec3{0, 1, 0})),
		Lights: render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.12, 0.12, 0.15}, SunDir: sun, SunColor: mgl32.Vec3{2, 2, 1.9},
			Shadow: s.smTex, ShadowMatrix: light, ShadowRadius: 2}})
	f.DrawMesh(&flower)
	f.DrawMesh(&floor)
	return s.tg
}

// TestMeshesGolden: custom vertex layouts in every primitive mode (with
// float, normalized byte and integer attributes), 10,000 instanced cubes
// with their shadows, and a shader-displaced mesh whose DepthShader casts
// its displaced shadow; each the same from the render thread and in
// render-on-main mode.
func TestMeshesGolden(t *testing.T) {
	cases := []struct {
		name   string
		record func() func(f *render.Frame, first bool) render.TargetID
	}{
		{"mesh_topologies", func() func(*render.Frame, bool) render.TargetID { return new(topologyMeshes).record }},
		{"instanced_cubes_shadow", func() func(*render.Frame, bool) render.TargetID { return new(instancedCubes).record }},
		{"depth_shader_shadow", func() func(*render.Frame, bool) render.TargetID { return new(depthShaderShadow).record }},
	}
	for _, c := range cases {
		for _, onMain := range []bool{false, true} {
			checkGolden(t, c.name, shootRecorded(t, onMain, c.record()))
		}
	}
}
