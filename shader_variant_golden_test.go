package tact

import (
	"image"
	"io/fs"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// rimFrag is a custom physically based program built from the built-in
// chunks: the built-in mesh program plus a rim light, u_params[0].rgb
// scaled by how much the surface faces away from the camera. With zero
// Params it lights exactly as the built-in program.
const rimFrag = `#version 330 core
#include <tact/material.glsl>
#include <tact/pbr.glsl>
#include <tact/tonemap.glsl>
in vec3 v_world;
in vec3 v_normal;
in vec4 v_tangent;
in vec2 v_uv;
in vec4 v_color;
uniform vec4 u_params[4]; // [0].rgb: rim color
out vec4 o_color;
void main() {
    vec4 base = texture(u_tex, v_uv) * v_color * u_color;
    vec4 mr = texture(u_metallicRoughnessMap, v_uv);
    vec3 ng = normalize(v_normal);
    vec3 N = tactSurfaceNormal(ng, v_world, v_uv, v_tangent);
    float ao = 1.0 + u_occlusionStrength * (texture(u_occlusionMap, v_uv).r - 1.0);
    vec3 color = tactLit(v_world, ng, N, base.rgb, clamp(u_metallic * mr.b, 0.0, 1.0),
        clamp(u_roughness * mr.g, 0.045, 1.0), ao);
    color += u_emissive * texture(u_emissiveMap, v_uv).rgb;
    float rim = 1.0 - max(dot(N, normalize(u_eye - v_world)), 0.0);
    color += u_params[0].rgb * pow(rim, 3.0);
    o_color = tactOutput(color, base.a);
}
`

// rimScene is the lit scene with the spheres drawn by rimFrag, rim colored
// rim.
func rimScene(t *testing.T, rim mgl32.Vec4) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s, err := litScene(litOptions{shadows: true})(g)
		if err != nil {
			return nil, err
		}
		vert, err := fs.ReadFile(shaders.FS(), "mesh.vert")
		if err != nil {
			return nil, err
		}
		sh := g.Renderer().Frame().CreateShader(render.ShaderDesc{VertexName: "shaders/mesh.vert", VertexSource: string(vert),
			FragmentName: "testdata/rim.frag", FragmentSource: rimFrag})
		n := 0
		for _, c := range s.Root().Children() {
			if mr := scenegraph.GetComponent[*scenegraph.MeshRenderer](c); mr != nil && len(c.Name()) > 6 && c.Name()[:6] == "Sphere" {
				mr.Shader = sh
				mr.Params[0] = rim
				n++
			}
		}
		if n != 5 {
			t.Errorf("%d spheres", n)
		}
		return s, nil
	}
}

// A physically based variant written from the built-in chunks lights like
// the built-in program (the same picture as the lit scene's with zero rim)
// and adds its rim where asked, in both render modes.
func TestPBRVariantGolden(t *testing.T) {
	for _, onMain := range []bool{false, true} {
		cfg := headless(4)
		cfg.RenderOnMain = onMain
		builtin, _ := shootConfig(t, cfg, litScene(litOptions{shadows: true}))
		same, _ := shootConfig(t, cfg, rimScene(t, mgl32.Vec4{}))
		if n := differing(builtin, same, 1); n != 0 {
			t.Errorf("on main %v: the variant without rim differs from the built-in program in %d pixels", onMain, n)
		}
		rim, _ := shootConfig(t, cfg, rimScene(t, mgl32.Vec4{0.2, 0.8, 3, 0}))
		checkGolden(t, "pbr_variant_rim", rim)
		if n := differing(builtin, rim, 8); n < 300 {
			t.Errorf("on main %v: the rim changed only %d pixels", onMain, n)
		}
	}
}

// differing counts the pixels of a and b that differ by more than tol in a channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		for k := range 3 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}
