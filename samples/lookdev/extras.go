package lookdev

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/graph"
	"github.com/tact-engine/tact/render/post"
	"github.com/tact-engine/tact/scenegraph"
	"github.com/tact-engine/tact/shaders"
)

// FloorSide is the instanced floor's side in cubes: FloorSide² cubes in
// one instanced draw.
const FloorSide = 24

// InstancedFloor draws a field of cubes of varied heights with one
// instanced draw (render.Frame.DrawMeshInstanced), culled per instance
// against each camera's view.
type InstancedFloor struct {
	scenegraph.Component
	Mesh      render.MeshID
	draw      render.MeshDraw
	instances []render.MeshInstance
}

// NewInstancedFloor returns a FloorSide × FloorSide field of mesh (a unit
// cube) centred below the origin at height y.
func NewInstancedFloor(mesh render.MeshID, y float32) *InstancedFloor {
	fl := &InstancedFloor{Mesh: mesh, draw: render.MeshDraw{Mesh: mesh, Color: mgl32.Vec4{0.55, 0.55, 0.6, 1},
		Material: render.Material{Roughness: 0.6}}}
	const step = 0.5
	for i := 0; i < FloorSide; i++ {
		for j := 0; j < FloorSide; j++ {
			x := (float32(i) - (FloorSide-1)/2.0) * step
			z := (float32(j) - (FloorSide-1)/2.0) * step
			hgt := 0.15 + 0.25*float32(0.5+0.5*math.Sin(float64(i)*0.7)*math.Cos(float64(j)*0.5))
			m := mgl32.Translate3D(x, y+hgt/2, z).Mul4(mgl32.Scale3D(step*0.9, hgt, step*0.9))
			fl.instances = append(fl.instances, render.MeshInstance{Model: m, Color: render.White})
		}
	}
	return fl
}

// Render records the instanced draw into the camera's pass; the frame
// copies the instances, so recording allocates nothing.
func (fl *InstancedFloor) Render(v *scenegraph.View) {
	v.Frame.DrawMeshInstanced(&fl.draw, fl.instances)
	v.CountRendered()
}

// fogFrag fogs the scene by its depth (the chain's scene depth on
// u_tex1): mix towards u_params[1] by 1 - exp(-density × distance), with
// the camera's near and far planes in u_params[0].xy and the density in
// .z. The sky (depth 1, the far plane) is left clear.
const fogFrag = `#version 330 core
in vec2 v_uv;
uniform sampler2D u_tex;
uniform sampler2D u_tex1;
uniform vec4 u_params[4];
out vec4 o_color;
void main() {
	vec4 c = texture(u_tex, v_uv);
	float d = texture(u_tex1, v_uv).r;
	if (d >= 1.0) {
		o_color = c;
		return;
	}
	float n = u_params[0].x, f = u_params[0].y;
	float z = 2.0 * n * f / (f + n - (2.0 * d - 1.0) * (f - n));
	float fog = 1.0 - exp(-u_params[0].z * max(z - u_params[0].w, 0.0));
	o_color = vec4(mix(c.rgb, u_params[1].rgb, fog), c.a);
}
`

// depthFog is a post pass inserted into the camera's chain that samples
// the scene's depth: a custom pass on render/post's display stage.
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
			d.shader = f.CreateShader(render.ShaderDesc{VertexName: "shaders/post.vert", VertexSource: vert,
				FragmentName: "samples/lookdev/fog.frag", FragmentSource: fogFrag})
		}
		fd := render.FullscreenDraw{Shader: d.shader, Texture: gc.Texture(input), Inputs: [3]render.TextureID{d.chain.SceneDepth(f)}}
		fd.Params[0] = mgl32.Vec4{d.near, d.far, 0.12, 6}
		fd.Params[1] = mgl32.Vec4{0.8, 0.85, 0.95, 1}
		f.DrawFullscreen(&fd)
	}}
}
