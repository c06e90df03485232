package render_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// A portal: a mesh marks its pixels in the stencil buffer without drawing
// colour, then a full-screen draw fills only the marked pixels; an
// outline hull draws a scaled copy of a mesh's back faces behind it.
func ExampleRenderState() {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	mesh := f.CreateMesh(render.CubeMesh())
	f.BeginPass(render.Pass{Clear: render.ClearColor | render.ClearDepth | render.ClearStencil,
		ViewProj: mgl32.Perspective(1, 1, 0.1, 10).Mul4(mgl32.Translate3D(0, 0, -3))})

	mark := render.RenderState{
		ColorMask:  render.ColorMaskNone,
		DepthWrite: render.Off,
		Stencil:    render.StencilState{Enabled: true, Ref: 1, Pass: render.StencilReplace},
	}
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), State: mark})
	f.DrawFullscreen(&render.FullscreenDraw{Order: 1, Color: mgl32.Vec4{0.2, 0.4, 1, 1},
		State: render.RenderState{Stencil: render.StencilState{Enabled: true, Func: render.CompareEqual, Ref: 1}}})

	hull := render.RenderState{Cull: render.CullFront}
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Scale3D(1.05, 1.05, 1.05), Color: mgl32.Vec4{0, 0, 0, 1}, Order: 2, State: hull})
	fmt.Println(b.Execute(f))

	bad := render.RenderState{ColorMask: render.ColorMaskNone | render.ColorMaskR}
	fmt.Println(bad.Validate())
	// Output:
	// <nil>
	// ColorMask out of range (ColorMaskNone combined with channels)
}
