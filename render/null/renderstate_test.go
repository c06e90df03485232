package null_test

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

func TestRenderStateValidated(t *testing.T) {
	b := null.New()
	b.Init()
	f := render.NewFrame()
	mesh := f.CreateMesh([]render.MeshVertex{{}, {}, {}}, []uint32{0, 1, 2})
	f.BeginPass(render.Pass{})
	good := render.RenderState{Cull: render.CullBack, DepthFunc: render.CompareGreaterEqual, Wireframe: true,
		ColorMask: render.ColorMaskNone, Stencil: render.StencilState{Enabled: true, Pass: render.StencilIncrWrap},
		Blend: render.BlendState{Enabled: true, Color: render.EquationMax, SrcColor: render.FactorOneMinusDstAlpha}}
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, State: good})
	f.DrawFullscreen(&render.FullscreenDraw{State: good})
	if err := run(t, b, f); err != nil {
		t.Fatalf("a valid state: %v", err)
	}
	for _, c := range []struct {
		state render.RenderState
		want  string
	}{
		{render.RenderState{Cull: 3}, "Cull out of range"},
		{render.RenderState{DepthWrite: 3}, "DepthTest or DepthWrite"},
		{render.RenderState{DepthFunc: 9}, "DepthFunc"},
		{render.RenderState{ColorMask: render.ColorMaskNone | render.ColorMaskR}, "ColorMask out of range (ColorMaskNone combined"},
		{render.RenderState{Blend: render.BlendState{DstAlpha: 10}}, "Blend factor"},
		{render.RenderState{Blend: render.BlendState{Alpha: 5}}, "Blend equation"},
		{render.RenderState{Stencil: render.StencilState{Func: 9}}, "Stencil.Func"},
		{render.RenderState{Stencil: render.StencilState{DepthFail: 8}}, "Stencil op"},
	} {
		f.BeginPass(render.Pass{})
		f.DrawMesh(&render.MeshDraw{Mesh: mesh, State: c.state})
		err := run(t, b, f)
		if err == nil || !strings.Contains(err.Error(), "DrawMesh (batch 0, pass 0): State: "+c.want) {
			t.Errorf("%+v: err = %v, want %q", c.state, err, c.want)
		}
	}
}
