package tact

import (
	"image/color"
	"io/fs"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// stripesFrag paints vertical stripes from a named vec3 array, picked by
// the pixel's x over the frame block's screen size, dimmed towards the top
// and shifted by the block's time: named uniforms and the frame block on
// screen.
const stripesFrag = `#version 330 core
#include <tact/frame.glsl>
uniform vec3 u_stripes[4];
uniform float u_gain;
out vec4 o_color;
void main() {
    vec2 uv = gl_FragCoord.xy * cc_screenSize.zw;
    int i = int(mod(uv.x * 8.0 + cc_time.x, 4.0));
    o_color = vec4(u_stripes[i] * u_gain * (1.0 - 0.5 * uv.y), 1.0);
}
`

// Named uniforms and the frame block drive a full-screen program recorded
// straight into the Game's frames, the same in both render modes.
func TestUniformsGolden(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		cfg := headless(4)
		cfg.RenderOnMain = onMain
		var sh render.ShaderID
		var set render.UniformSet
		set.SetVec3s("u_stripes", []mgl32.Vec3{{1, 0.2, 0.2}, {0.2, 1, 0.2}, {0.2, 0.4, 1}, {1, 1, 0.3}})
		set.SetFloat("u_gain", 0.9)
		start := func(g *Game) (*scenegraph.Scene, error) {
			vert, err := fs.ReadFile(shaders.FS(), "post.vert")
			if err != nil {
				return nil, err
			}
			sh = g.Renderer().Frame().CreateShader(render.ShaderDesc{VertexName: "shaders/post.vert", VertexSource: string(vert),
				FragmentName: "testdata/stripes.frag", FragmentSource: stripesFrag})
			g.Director().BeforeDraw.On(func(d *director.Director) {
				f := g.Renderer().Frame()
				f.SetTime(1.5, 1.0/60) // a fixed time: the same picture every run
				f.BeginPass(render.Pass{Name: "stripes"})
				f.DrawFullscreen(&render.FullscreenDraw{Shader: sh, Uniforms: f.RecordUniforms(render.Uniforms{}, &set)})
			})
			return scenegraph.NewScene("Stripes"), nil // no camera: the stripes are the picture
		}
		img, _ := shootConfig(t, cfg, start)
		checkGolden(t, "uniforms_stripes", img)
		// Stripe 0 spans x in [0, 40) less the time's shift of 1.5 stripes:
		// the first 20 pixels show stripe 1 (green), then stripe 2 (blue).
		if c := img.RGBAAt(10, 239); c.G < 200 || c.R > 60 {
			t.Errorf("on main %v: bottom-left pixel %v, want stripe 1 (green)", onMain, c)
		}
		if c := img.RGBAAt(30, 239); c.B < 200 || c.G > 120 {
			t.Errorf("on main %v: pixel (30, 239) %v, want stripe 2 (blue)", onMain, c)
		}
	}
}

// A camera's pass fills the frame block with the camera: a mesh program
// paints cc_cameraPos.xy / 10 and cc_matProj[1][1] (the perspective's focal
// scale) times cc_cameraPos.z / 20, where cc_cameraPos is the translation
// of cc_matView's inverse (black otherwise).
func TestFrameBlockCamera(t *testing.T) {
	const frag = `#version 330 core
#include <tact/frame.glsl>
out vec4 o_color;
void main() {
    vec3 fromView = (inverse(cc_matView) * vec4(0.0, 0.0, 0.0, 1.0)).xyz;
    float same = step(distance(fromView, cc_cameraPos.xyz), 1e-3);
    o_color = vec4(cc_cameraPos.x / 10.0, cc_cameraPos.y / 10.0, cc_matProj[1][1] * cc_cameraPos.z / 20.0, 1.0) * same;
}
`
	for _, onMain := range []bool{false, true} {
		cfg := headless(3)
		cfg.RenderOnMain = onMain
		start := func(g *Game) (*scenegraph.Scene, error) {
			vert, err := fs.ReadFile(shaders.FS(), "mesh.vert")
			if err != nil {
				return nil, err
			}
			f := g.Renderer().Frame()
			sh := f.CreateShader(render.ShaderDesc{VertexName: "shaders/mesh.vert", VertexSource: string(vert),
				FragmentName: "testdata/camera.frag", FragmentSource: frag})
			cube := f.CreateMesh(render.CubeMesh())
			s := scenegraph.NewScene("Camera block")
			cam := scenegraph.NewNode("Camera")
			eye := mgl32.Vec3{2, 4, 6}
			cam.SetPosition(eye)
			cam.SetRotation(mgl32.Mat4ToQuat(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}).Inv()))
			s.AddChild(cam)
			scenegraph.AddComponent(cam, scenegraph.NewPerspectiveCamera(90, render.RGBA(0, 0, 0, 255)))
			box := scenegraph.NewNode("Box")
			box.SetScale(mgl32.Vec3{3, 3, 3})
			s.AddChild(box)
			scenegraph.AddComponent(box, &scenegraph.MeshRenderer{Mesh: cube, Shader: sh, Radius: 3})
			return s, nil
		}
		img, _ := shootConfig(t, cfg, start)
		// A 90° vertical field of view: cc_matProj[1][1] = 1.
		if c := img.RGBAAt(160, 120); !near8(c, color.RGBA{51, 102, 77, 255}) {
			t.Errorf("on main %v: centre pixel %v, want the camera (2,4,6) as (51,102,77)", onMain, c)
		}
	}
}
