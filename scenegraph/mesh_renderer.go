package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// MeshRenderer draws a mesh at its node with depth testing, lit by the
// scene's first enabled DirectionalLight (unlit without one).
type MeshRenderer struct {
	Component

	Mesh    render.MeshID
	Shader  render.ShaderID // 0: the built-in Lambert program
	Texture render.TextureID
	// Color multiplies vertex colors and texture; the zero value is white.
	Color mgl32.Vec4
	Blend render.BlendMode
	// Radius bounds the mesh around the node's origin in local units, for
	// culling; 0 (or less) means never culled.
	Radius    float32
	SortLayer uint8
	Order     int16
	// Params are free values for a custom Shader (uniform vec4 u_params[4]):
	// time, colors, tweakables.
	Params [4]mgl32.Vec4
}

// Render records the mesh if the camera can see it.
func (m *MeshRenderer) Render(v *View) {
	world := m.node.WorldMatrix()
	if m.Radius > 0 {
		sx := mgl32.Vec3{world[0], world[1], world[2]}.Len()
		sy := mgl32.Vec3{world[4], world[5], world[6]}.Len()
		sz := mgl32.Vec3{world[8], world[9], world[10]}.Len()
		if !v.Visible(mgl32.Vec3{world[12], world[13], world[14]}, m.Radius*max(sx, sy, sz)) {
			v.culled++
			return
		}
	}
	d := &v.mesh
	*d = render.MeshDraw{Mesh: m.Mesh, Shader: m.Shader, Texture: m.Texture, Blend: m.Blend,
		Layer: m.SortLayer, Order: m.Order, Model: world, Color: m.Color, Params: m.Params}
	if l := v.Light; l != nil {
		d.LightDir = l.Direction()
		d.Ambient = l.Ambient
	}
	v.Frame.DrawMesh(d)
	v.rendered++
}

// DirectionalLight lights MeshRenderers from its node's -Z axis, as the sun
// does; Ambient (0..1) is added everywhere.
type DirectionalLight struct {
	Component
	Ambient float32
}

// Direction returns the direction the light travels, in world space.
func (l *DirectionalLight) Direction() mgl32.Vec3 {
	m := l.node.WorldMatrix()
	return mgl32.Vec3{-m[8], -m[9], -m[10]}.Normalize()
}

// OnEnable registers the light with its scene.
func (l *DirectionalLight) OnEnable() { l.node.scene.lights = append(l.node.scene.lights, l) }

// OnDisable unregisters the light.
func (l *DirectionalLight) OnDisable() { l.node.scene.lights = removeItem(l.node.scene.lights, l) }
