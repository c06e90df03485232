package scenegraph

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// MeshRenderer draws a mesh at its node with depth testing, shaded with its
// Material under the lights of the camera's pass (the scene's first enabled
// DirectionalLight and nearest PointLights; unlit without any). Unless
// NoShadow is set it also casts the sun's shadow (it is a ShadowCaster).
type MeshRenderer struct {
	Component

	Mesh    render.MeshID
	Shader  render.ShaderID // 0: the built-in physically based mesh program
	Texture render.TextureID
	// Color multiplies vertex colors and texture; the zero value is white.
	Color mgl32.Vec4
	Blend render.BlendMode
	// Radius bounds the mesh around the node's origin in local units, for
	// culling; 0 (or less) means never culled.
	Radius    float32
	SortLayer uint8
	Order     int16
	// Material is the mesh's physically based material; Color and Texture
	// are its base color.
	Material render.Material
	// NoShadow keeps the mesh out of shadow maps: it casts no shadow (it
	// still receives them).
	NoShadow bool
	// Params are free values for a custom Shader (uniform vec4 u_params[4]):
	// time, colors, tweakables.
	Params [4]mgl32.Vec4
	// Skin poses a skinned Mesh (render.Frame.CreateSkinnedMesh): each
	// frame its palette goes with the mesh's draws, in the camera's pass
	// and the shadow pass, and its Bounds, which follow the pose, replace
	// Radius for culling (without Radii the mesh is never culled). glTF's
	// Instantiate sets it to the Skin of the mesh's node.
	Skin *Skin `scene:"-"` // a component, set by code (Instantiate), not by scene files
	// DepthShader draws the mesh into shadow maps in place of the
	// built-in depth program (render.MeshDraw.DepthShader), with Params:
	// give a Shader that moves vertices the same vertex stage, and the
	// shadow follows. 0: the built-in depth program.
	DepthShader render.ShaderID
	// Weights are the morph weights of a Mesh with morph targets
	// (render.Frame.CreateMorphTargets): one per target, drawn in the
	// camera's passes and the shadow pass; empty draws the base shape.
	// Set them with SetWeights and SetWeight (Cocos Creator's setWeights
	// and setWeight), or animate them: a track on "weights[i]" drives
	// Weights[i]. glTF's Instantiate sets the mesh's default weights.
	Weights []float32
	// MorphRadii are, per morph target, its longest position delta (see
	// MorphRadii): culling grows the mesh's sphere (Radius, or a Skin's
	// bounds) by Σ |Weights[i]|·MorphRadii[i], so that a morphed mesh is
	// never culled while any of it may be seen.
	MorphRadii []float32
	// Uniforms are named uniforms for a custom Shader (render.UniformSet:
	// any GLSL type, arrays, samplers), beyond Params' four vec4s: they
	// are copied into the frame with each of the mesh's camera-pass draws
	// (shadow passes ignore them, as render.MeshDraw.Uniforms says). The
	// Shader must declare each, or the backend reports it. Share one set
	// between renderers for a material's values. Set by code.
	Uniforms *render.UniformSet `scene:"-"`

	morph morphCache
}

// Render records the mesh if the camera can see it.
func (m *MeshRenderer) Render(v *View) {
	world, ok := m.cull(v)
	if !ok {
		return
	}
	d := &v.mesh
	*d = render.MeshDraw{Mesh: m.Mesh, Shader: m.Shader, Texture: m.Texture, Blend: m.Blend,
		Layer: m.SortLayer, Order: m.Order, Model: world, Color: m.Color, Material: m.Material, Params: m.Params}
	if m.Skin != nil {
		d.Palette = m.Skin.PaletteIn(v.Frame)
	}
	d.Weights = m.weightsIn(v.Frame) // morph.go
	if m.Uniforms != nil && m.Uniforms.Len() > 0 {
		d.Uniforms = v.Frame.RecordUniforms(render.Uniforms{}, m.Uniforms)
	}
	v.Frame.DrawMesh(d)
	v.rendered++
}

// RenderShadow records the mesh into the shadow pass (depth only) unless
// NoShadow is set or the light cannot see it.
func (m *MeshRenderer) RenderShadow(v *View) {
	if m.NoShadow {
		return
	}
	world, ok := m.cull(v)
	if !ok {
		return
	}
	d := &v.mesh
	*d = render.MeshDraw{Mesh: m.Mesh, Model: world, Layer: m.SortLayer, Order: m.Order,
		DepthShader: m.DepthShader, Params: m.Params}
	if m.Skin != nil {
		d.Palette = m.Skin.PaletteIn(v.Frame) // the posed shadow
	}
	d.Weights = m.weightsIn(v.Frame) // the morphed shadow
	v.Frame.DrawMesh(d)
	v.rendered++
}

// cull returns the node's world matrix and whether the mesh's bounding
// sphere (a skinned mesh's: its Skin's, in the current pose), grown by
// its morph targets' reach, may be seen by v; a culled mesh counts in v's
// culled.
func (m *MeshRenderer) cull(v *View) (mgl32.Mat4, bool) {
	world := m.node.WorldMatrix()
	if m.Skin != nil {
		if c, r, ok := m.Skin.BoundsIn(v.Frame); ok && !v.Visible(c, r+m.morphReach()*maxScale(world)) {
			v.culled++
			return world, false
		}
		return world, true
	}
	if m.Radius > 0 {
		if !v.Visible(mgl32.Vec3{world[12], world[13], world[14]}, (m.Radius+m.morphReach())*maxScale(world)) {
			v.culled++
			return world, false
		}
	}
	return world, true
}
