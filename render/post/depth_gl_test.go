package post_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/internal/golden"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/gl"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/shaders"
)

// fogFrag is a depth fog pass: it mixes its input towards the fog color
// u_params[1] by 1 - exp(-density * distance), the distance from the
// camera recovered from the scene's depth texture (u_tex1) with the
// perspective's near and far planes (u_params[0].xy; density .z).
const fogFrag = `#version 330 core
in vec2 v_uv;
uniform sampler2D u_tex;
uniform sampler2D u_tex1;
uniform vec4 u_params[4];
out vec4 o_color;
void main() {
	vec4 c = texture(u_tex, v_uv);
	float d = texture(u_tex1, v_uv).r;
	float n = u_params[0].x, f = u_params[0].y;
	float z = 2.0 * n * f / (f + n - (2.0 * d - 1.0) * (f - n));
	float fog = 1.0 - exp(-u_params[0].z * z);
	o_color = vec4(mix(c.rgb, u_params[1].rgb, fog), c.a);
}
`

// depthFog is a display-stage pass drawing fogFrag with the chain's scene
// depth; its program is created by the first frame it draws in.
type depthFog struct {
	chain     *post.Chain
	shader    render.ShaderID
	near, far float32
}

func (d *depthFog) pass() post.Pass {
	return post.Pass{Name: "fog", Draw: func(gc *graph.Context, input string) {
		f := gc.Begin(render.Pass{})
		if d.shader == 0 {
			vert, _, err := shaders.Load(shaders.FS(), "post")
			if err != nil {
				gc.Fail(err)
				return
			}
			d.shader = f.CreateShader(render.ShaderDesc{VertexName: "post.vert", VertexSource: vert, FragmentName: "fog.frag", FragmentSource: fogFrag})
		}
		fd := render.FullscreenDraw{Shader: d.shader, Texture: gc.Texture(input), Inputs: [3]render.TextureID{d.chain.SceneDepth(f)}}
		fd.Params[0] = mgl32.Vec4{d.near, d.far, 0.12}
		fd.Params[1] = mgl32.Vec4{0.75, 0.8, 0.9, 1}
		f.DrawFullscreen(&fd)
	}}
}

// fogQuad is a quad of size s centred at (x, y, z), facing +z.
func fogQuad(x, y, z, s float32, c render.Color) ([]render.MeshVertex, []uint32) {
	v := func(dx, dy float32) render.MeshVertex {
		return render.MeshVertex{Position: [3]float32{x + dx*s, y + dy*s, z}, Normal: [3]float32{0, 0, 1}, Color: c}
	}
	return []render.MeshVertex{v(-0.5, -0.5), v(0.5, -0.5), v(0.5, 0.5), v(-0.5, 0.5)}, []uint32{0, 1, 2, 2, 3, 0}
}

// A custom pass inserted before the vignette fogs the scene by its depth:
// three red quads at 2, 6 and 14 units (sized to look the same) fade
// into the fog with distance, and the background (the far plane) is fog.
// The same picture in both render modes, with and without MSAA (whose
// depth is resolved into the texture): golden images chain_depth_fog and
// chain_depth_fog_msaa.
func TestGLDepthFogPass(t *testing.T) {
	if testSurface == nil {
		skipOrFail(t)
	}
	for _, onMain := range []bool{false, true} {
		for _, samples := range []int{0, 4} {
			t.Run(fmt.Sprintf("onMain=%v,samples=%d", onMain, samples), func(t *testing.T) {
				img := depthFogFrame(t, onMain, samples)
				// Each quad's centre: nearer is redder, farther is nearer the fog.
				near, mid, far, bg := img.RGBAAt(12, 24), img.RGBAAt(32, 24), img.RGBAAt(52, 24), img.RGBAAt(32, 3)
				// (The vignette darkens the sides: compare red to blue.)
				redness := func(c color.RGBA) float64 { return float64(c.R) / float64(c.B) }
				if !(redness(near) > 1.6 && redness(near) > redness(mid)+0.3 && redness(mid) > redness(far)+0.2) {
					t.Errorf("fog does not grow with depth: near %v, mid %v, far %v", near, mid, far)
				}
				if bg.B <= bg.G || bg.G <= bg.R {
					t.Errorf("background %v, want the fog's blue-gray", bg)
				}
				name := "chain_depth_fog"
				if samples > 0 {
					name += "_msaa" // antialiased edges
				}
				golden.Check(t, name, img, false)
			})
		}
	}
}

func skipOrFail(t *testing.T) {
	t.Helper()
	if os.Getenv("TACT_REQUIRE_GL") == "1" {
		t.Fatal("no GL context (TACT_REQUIRE_GL=1: GL tests fail instead of skipping)")
	}
	t.Skip("no GL context")
}

// depthFogFrame renders the fog scene through a chain (FXAA and vignette
// on, fog before the vignette) and returns the screen.
func depthFogFrame(t *testing.T, onMain bool, samples int) *image.RGBA {
	if onMain {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	b := gl.New(testSurface, gl.Options{Shaders: shaders.FS(), NoSwap: true})
	r, err := render.NewRenderer(b, render.Options{OnMainThread: onMain})
	if err != nil {
		t.Fatal(err)
	}
	chain := post.New(post.Options{SceneDepth: true, Samples: samples, FXAA: true, Vignette: &post.Vignette{Strength: 0.3, Radius: 0.4}})
	fog := &depthFog{chain: chain, near: 1, far: 30}
	if err := chain.Insert(post.PassVignette, fog.pass()); err != nil {
		t.Fatal(err)
	}
	f := r.Frame()
	var meshes []render.MeshID
	red := render.RGBA(230, 40, 30, 255)
	for i, z := range []float32{-2, -6, -14} {
		x := float32(i-1) * 0.625 * -z // the quads at a third of the width apart
		meshes = append(meshes, f.CreateMesh(fogQuad(x, 0, z, 0.5*-z, red)))
	}
	proj := mgl32.Perspective(mgl32.DegToRad(60), float32(screenW)/screenH, fog.near, fog.far)
	f = r.Frame()
	f.SetScreenSize(screenW, screenH)
	gr := chain.Graph()
	if err := gr.Prepare(f, screenW, screenH); err != nil {
		t.Fatal(err)
	}
	scene, _ := gr.Target(graph.Scene)
	f.BeginPass(render.Pass{Target: scene, Name: "camera", Clear: render.ClearColor | render.ClearDepth, ViewProj: proj})
	for _, m := range meshes {
		f.DrawMesh(&render.MeshDraw{Mesh: m, Model: mgl32.Ident4()})
	}
	if err := gr.Record(f, 0, render.Rect{}, screenW, screenH); err != nil {
		t.Fatal(err)
	}
	got := make(chan *image.RGBA, 1)
	f.ReadPixels(0, render.Rect{}, func(i *image.RGBA) { got <- i })
	if err := r.Submit(); err != nil { // threaded: the frame before's error
		t.Fatal(err)
	}
	img := <-got
	f = r.Frame()
	chain.Release(f)
	for _, m := range meshes {
		f.DeleteMesh(m)
	}
	f.DeleteShader(fog.shader)
	if err := r.Submit(); err != nil { // threaded: the fog frame's error
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if n := b.LiveObjects(); n != 0 {
		t.Errorf("%d GL objects alive after Close", n)
	}
	return img
}

// gbufVert and gbufFrag are a mesh program writing white color to
// attachment 0 and the encoded normal to attachment 1 (a G-buffer).
const gbufVert = `#version 330 core
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
uniform mat4 u_viewProj;
uniform mat4 u_model;
out vec3 v_normal;
void main() {
	v_normal = a_normal;
	gl_Position = u_viewProj * u_model * vec4(a_pos, 1.0);
}
`

const gbufFrag = `#version 330 core
in vec3 v_normal;
layout(location = 0) out vec4 o_color;
layout(location = 1) out vec4 o_normal;
void main() {
	o_color = vec4(1.0);
	o_normal = vec4(v_normal * 0.5 + 0.5, 1.0);
}
`

// An MRT scene pass writes normals into the scene's second attachment
// (SceneColors: 2), cleared per attachment (ClearAttachments); a display
// pass inserted last reads them: the quad's +Z normal shows as (0.5, 0.5,
// 1), the cleared background as the normals' clear color. Both render
// modes.
func TestGLSceneNormals(t *testing.T) {
	if testSurface == nil {
		skipOrFail(t)
	}
	for _, onMain := range []bool{false, true} {
		t.Run(fmt.Sprintf("onMain=%v", onMain), func(t *testing.T) {
			if onMain {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
			}
			b := gl.New(testSurface, gl.Options{Shaders: shaders.FS(), NoSwap: true})
			r, err := render.NewRenderer(b, render.Options{OnMainThread: onMain})
			if err != nil {
				t.Fatal(err)
			}
			chain := post.New(post.Options{SceneColors: 2})
			err = chain.Insert("", post.Pass{Name: "normals", Reads: []string{graph.Scene}, Draw: func(gc *graph.Context, input string) {
				f := gc.Begin(render.Pass{})
				f.DrawFullscreen(&render.FullscreenDraw{Texture: gc.Attachment(graph.Scene, 1)})
			}})
			if err != nil {
				t.Fatal(err)
			}
			chain.Remove(post.PassFXAA)
			chain.Remove(post.PassVignette)
			f := r.Frame()
			f.SetScreenSize(screenW, screenH)
			sh := f.CreateShader(render.ShaderDesc{VertexName: "gbuf.vert", VertexSource: gbufVert, FragmentName: "gbuf.frag", FragmentSource: gbufFrag})
			quad := f.CreateMesh(fogQuad(0, 0, 0, 1, render.White))
			gr := chain.Graph()
			if err := gr.Prepare(f, screenW, screenH); err != nil {
				t.Fatal(err)
			}
			scene, _ := gr.Target(graph.Scene)
			p := render.Pass{Target: scene, Clear: render.ClearAttachments | render.ClearDepth, ViewProj: mgl32.Ortho(-2, 2, -1.5, 1.5, -1, 1)}
			p.ClearColors[0] = mgl32.Vec4{0, 0, 0, 1}
			p.ClearColors[1] = mgl32.Vec4{1, 0, 0, 1}
			f.BeginPass(p)
			f.DrawMesh(&render.MeshDraw{Mesh: quad, Shader: sh, Model: mgl32.Ident4()})
			if err := gr.Record(f, 0, render.Rect{}, screenW, screenH); err != nil {
				t.Fatal(err)
			}
			got := make(chan *image.RGBA, 1)
			f.ReadPixels(0, render.Rect{}, func(i *image.RGBA) { got <- i })
			if err := r.Submit(); err != nil {
				t.Fatal(err)
			}
			img := <-got
			f = r.Frame()
			chain.Release(f)
			f.DeleteMesh(quad)
			f.DeleteShader(sh)
			if err := r.Submit(); err != nil {
				t.Fatal(err)
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			near := func(c, want color.RGBA) bool {
				d := func(a, b uint8) bool { return int(a)-int(b) <= 2 && int(b)-int(a) <= 2 }
				return d(c.R, want.R) && d(c.G, want.G) && d(c.B, want.B)
			}
			if c := img.RGBAAt(screenW/2, screenH/2); !near(c, color.RGBA{128, 128, 255, 255}) {
				t.Errorf("normal at the centre %v, want (128, 128, 255)", c)
			}
			if c := img.RGBAAt(2, 2); !near(c, color.RGBA{255, 0, 0, 255}) {
				t.Errorf("background normal %v, want the clear color (255, 0, 0)", c)
			}
			if n := b.LiveObjects(); n != 0 {
				t.Errorf("%d GL objects alive after Close", n)
			}
		})
	}
}
