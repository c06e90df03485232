package tact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// Render states in one picture, threaded and on the main thread: a lit
// cube with a black outline hull (its back faces, scaled up: CullFront),
// a stencil portal (a disc marks the stencil without drawing colour, then
// a full-screen tint fills the marked pixels only) and a wireframe sphere.
func TestGoldenRenderStates(t *testing.T) {
	const w, h = 240, 120
	for _, onMain := range []bool{false, true} {
		var tg render.TargetID
		var cube, sphere, disc render.MeshID
		img := shootRecorded(t, onMain, func(f *render.Frame, first bool) render.TargetID {
			if first {
				tg, _ = f.CreateTarget(render.TargetDesc{Width: w, Height: h})
				cube = f.CreateMesh(render.CubeMesh())
				sphere = f.CreateMesh(render.SphereMesh(16, 8))
				disc = f.CreateMesh(render.SphereMesh(24, 12)) // flattened into a disc below
			}
			eye := mgl32.Vec3{0, 0, 6}
			vp := mgl32.Perspective(mgl32.DegToRad(35), float32(w)/h, 0.1, 20).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
			f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth | render.ClearStencil,
				ClearColor: mgl32.Vec4{0.85, 0.85, 0.8, 1}, ViewProj: vp,
				Lights: render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.25, 0.25, 0.25}, SunDir: mgl32.Vec3{-0.4, -0.6, -0.7}, SunColor: mgl32.Vec3{2, 2, 2}}})
			spin := mgl32.Translate3D(-1.9, 0, 0).Mul4(mgl32.HomogRotate3DY(0.6)).Mul4(mgl32.HomogRotate3DX(0.4))
			f.DrawMesh(&render.MeshDraw{Mesh: cube, Model: spin, Color: mgl32.Vec4{0.9, 0.45, 0.2, 1}})
			f.DrawMesh(&render.MeshDraw{Mesh: cube, Model: spin.Mul4(mgl32.Scale3D(1.12, 1.12, 1.12)), Color: mgl32.Vec4{0, 0, 0, 1},
				Material: render.Material{Unlit: true}, State: render.RenderState{Cull: render.CullFront}})
			// The portal: mark, then fill where marked.
			f.DrawMesh(&render.MeshDraw{Mesh: disc, Model: mgl32.Scale3D(1.6, 1.6, 0.01), State: render.RenderState{
				ColorMask: render.ColorMaskNone, DepthWrite: render.Off,
				Stencil: render.StencilState{Enabled: true, Ref: 1, Pass: render.StencilReplace}}})
			f.DrawFullscreen(&render.FullscreenDraw{Order: 1, Color: mgl32.Vec4{0.2, 0.35, 0.8, 1},
				State: render.RenderState{Stencil: render.StencilState{Enabled: true, Func: render.CompareEqual, Ref: 1}}})
			f.DrawMesh(&render.MeshDraw{Mesh: sphere, Model: mgl32.Translate3D(1.9, 0, 0).Mul4(mgl32.Scale3D(1.5, 1.5, 1.5)),
				Color: mgl32.Vec4{0.1, 0.5, 0.2, 1}, Material: render.Material{Unlit: true}, Order: 2,
				State: render.RenderState{Wireframe: true}})
			return tg
		})
		checkGolden(t, "render_states", img)
		if *updateGolden {
			break
		}
	}
}
