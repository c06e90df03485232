package render

import (
	"image"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
)

// ClearFlags selects what a pass clears before drawing.
type ClearFlags uint8

const (
	// ClearColor clears the color buffer to Pass.ClearColor.
	ClearColor ClearFlags = 1 << iota
	// ClearDepth clears the depth buffer to the far plane.
	ClearDepth
	// ClearStencil clears the stencil buffer to 0 (see RenderState.Stencil).
	ClearStencil
	// ClearAttachments clears each color attachment i of the target to
	// Pass.ClearColors[i] (with or without ClearColor, which it replaces):
	// a G-buffer's normals to (0.5, 0.5, 1), its color to the sky.
	ClearAttachments
	// ClearDepthTo clears the depth buffer to Pass.DepthClear instead of
	// the far plane (with or without ClearDepth, which it replaces).
	ClearDepthTo
)

// MaxPasses is the most passes one frame may hold (the sort key keeps 8 bits).
const MaxPasses = 256

// Pass is a camera setup: where to draw and how to project. Draw items recorded
// after [Frame.BeginPass] belong to that pass; passes execute in recording order.
type Pass struct {
	Target     TargetID   // 0: the screen
	Viewport   Rect       // zero: the whole target or screen
	Scissor    Rect       // zero: no scissor test
	Clear      ClearFlags // what to clear first (inside the scissor, if any)
	ClearColor mgl32.Vec4 // straight RGBA in [0,1]
	ViewProj   mgl32.Mat4 // world to clip space
	// Name labels the pass in GPU timings (Stats.GPUPasses) and traces;
	// BeginPass sets "pass N" (N its index) when it is empty. The string is
	// kept as given: a constant costs nothing per frame.
	Name string
	// Lights lights the pass's meshes; the zero value draws them unlit.
	Lights Lights
	// Sky, when its Texture is set, fills the pass with an environment
	// before its draws (a skybox).
	Sky Sky
	// View and Projection are the camera's matrices for the frame block
	// (FrameBlock: cc_matView, cc_matProj); zero means identity and
	// ViewProj.
	View, Projection mgl32.Mat4
	// Uniforms are offered to every program drawn in the pass: each takes
	// the ones it declares (a wrong type is still an error), and a draw's
	// own Uniforms apply after them.
	Uniforms Uniforms
	// ClearColors are the colors ClearAttachments clears color
	// attachments 0 .. MaxColorAttachments-1 to (straight RGBA; for an
	// integer format, each channel truncated to a uint32), and DepthClear
	// the depth in [0, 1] that ClearDepthTo clears to.
	ClearColors [MaxColorAttachments]mgl32.Vec4
	DepthClear  float32
}

// defaultPassNames holds "pass 0" .. "pass 255", so that unnamed passes get a
// name without allocating.
var defaultPassNames = func() (n [MaxPasses]string) {
	for i := range n {
		n[i] = "pass " + strconv.Itoa(i)
	}
	return n
}()

// Sprite describes one textured quad. The quad spans Size in local units with
// Pivot (0..1 in each axis; the zero value is the bottom-left corner) at the
// local origin, and Transform maps local to world space (only its 2D affine
// part is used). With Y up, the top edge gets texture row v = UV[1].
type Sprite struct {
	Transform mgl32.Mat4
	Size      mgl32.Vec2
	Pivot     mgl32.Vec2
	UV        mgl32.Vec4 // u0, v0 (top), u1, v1 (bottom); the zero value means {0, 0, 1, 1}
	Color     Color      // tint, multiplied with the texture
	Texture   TextureID  // 0: white
	Shader    ShaderID   // 0: built-in sprite program
	Blend     BlendMode
	Layer     uint8   // sorts before Order
	Order     int16   // sorts before material and depth within a layer
	Depth     float32 // view distance for sorting; larger is farther
}

// MeshDraw describes one mesh draw. Its sort depth is the NDC depth of the
// model's origin under the pass's view-projection.
//
// The built-in mesh program shades it with Material under the pass's
// Lights (physically based, metallic-roughness, with the sun's shadow),
// or draws its base color where the pass is unlit. In a pass into a
// DepthShadow target every mesh draws depth alone, with a built-in
// depth-only program whatever its Shader, or with its DepthShader.
type MeshDraw struct {
	Mesh    MeshID
	Shader  ShaderID  // 0: built-in mesh program
	Texture TextureID // base color map (sample sRGB maps from FormatSRGB8A8 textures)
	Blend   BlendMode
	Layer   uint8
	Order   int16
	Model   mgl32.Mat4
	// Color is the base color factor: it multiplies vertex color and
	// Texture. The zero value means white.
	Color    mgl32.Vec4
	Material Material
	// Params are free values for custom programs, as the uniform
	// vec4 u_params[4] (time, tweakables); the built-ins ignore them.
	Params [4]mgl32.Vec4
	// State is the draw's fixed-function state (culling, depth, stencil,
	// wireframe, blend factors, colour mask); the zero value is the
	// defaults RenderState describes.
	State RenderState
	// Palette is the joint palette of a skinned mesh (Frame.AddPalette),
	// which the built-in skinned programs pose it by, in the camera's
	// passes and in shadow maps; 0 for a mesh without skin. A skinned
	// mesh drawn without one, or a palette on another mesh, is an error
	// the backend reports.
	Palette PaletteID
	// Weights are the morph weights of a mesh with morph targets
	// (Frame.AddWeights, one per target, in the targets' order), applied
	// before skinning by the built-in programs in the camera's passes and
	// in shadow maps; 0 draws the base shape. Weights on a mesh without
	// targets, or of another count than its targets, are an error the
	// backend reports.
	Weights WeightsID
	// Uniforms are named uniforms for the draw's program (see
	// Frame.RecordUniforms), set after the pass's. Each must be declared by
	// the program with the same type and at least as many elements, or the
	// backend reports an error naming the program's files and the uniform
	// (once per program and uniform). Shadow passes ignore them.
	Uniforms Uniforms
	// DepthShader is the program that draws the mesh into shadow maps
	// (DepthShadow targets) in place of the built-in depth-only one: a
	// program that moves vertices (waves, wind) gives it the same vertex
	// stage, so that the shadow moves with the mesh. It gets the draw's
	// Params, u_viewProj (the light's), u_model, and a_instanceModel in
	// instanced draws. 0: the built-in depth program.
	DepthShader ShaderID
}

// FullscreenDraw draws one triangle covering the pass's viewport, sampling
// Texture through Shader (0: the built-in post program, a tinted copy).
// Texture coordinates run from (0,0) at the bottom-left, as render targets store them.
// Inputs are further textures a custom program samples as u_tex1 ..
// u_tex3 (0: none bound there), for effects that combine images (bloom).
type FullscreenDraw struct {
	Shader  ShaderID
	Texture TextureID
	Inputs  [3]TextureID
	Blend   BlendMode
	Layer   uint8
	Order   int16
	Color   mgl32.Vec4 // tint; the zero value means white
	// Params are free values for custom programs, as the uniform
	// vec4 u_params[4]; the built-in post program ignores them.
	Params [4]mgl32.Vec4
	// State is the draw's fixed-function state, as MeshDraw.State
	// (Wireframe does not apply; the depth test is off by default).
	State RenderState
	// Uniforms are named uniforms for the draw's program, as for
	// MeshDraw.Uniforms.
	Uniforms Uniforms
}

// ItemKind tells a draw item's kind.
type ItemKind uint8

const (
	// KindSprite is a quad recorded by [Frame.DrawSprite].
	KindSprite ItemKind = iota
	// KindMesh is a mesh recorded by [Frame.DrawMesh].
	KindMesh
	// KindFullscreen is a full-screen triangle recorded by [Frame.DrawFullscreen].
	KindFullscreen
)

// String returns the Frame method that records items of kind k.
func (k ItemKind) String() string {
	switch k {
	case KindSprite:
		return "DrawSprite"
	case KindMesh:
		return "DrawMesh"
	case KindFullscreen:
		return "DrawFullscreen"
	}
	return "ItemKind(invalid)"
}

// DrawItem is one recorded draw: its sort key and the state that decides
// batching. Index locates the item's data: for sprites, the number of its
// first sprite in recording order ([Frame.SpriteInstances]); for meshes and
// full-screen draws, the index into [Frame.MeshDraws] or [Frame.FullscreenDraws].
// Count is the number of sprites a sprite item covers (1 for DrawSprite, the
// run's length for DrawSprites and CommitSprites); it is 1 for other kinds.
type DrawItem struct {
	Key     uint64
	Kind    ItemKind
	Blend   BlendMode
	Pass    uint16
	Shader  ShaderID
	Texture TextureID
	Index   int32
	Count   int32
}

// ReadBack requests a copy of a finished image: Rect (zero: all) of Target
// (0: the screen), read after every pass of the frame. Done receives a new,
// top-down *image.RGBA that it owns. Done runs on the thread that executes the
// frame (the render thread, or the main thread in OnMainThread mode), inside
// Execute: it must not block on the main thread; send the image to a buffered
// channel instead.
type ReadBack struct {
	Target TargetID
	Rect   Rect
	Done   func(*image.RGBA)

	// Deliver, set by Frame.ReadTarget instead of Done, receives the
	// Readout of Request (readback.go).
	Deliver func(*Readout)
	Request TargetRead
}
