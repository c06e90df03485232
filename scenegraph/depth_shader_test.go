package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// A MeshRenderer's DepthShader and Params go with its draw into the
// shadow pass, so that a vertex-animated mesh casts its animated shadow;
// the camera's pass draws its Shader.
func TestMeshRendererDepthShaderInShadowPass(t *testing.T) {
	s, _, _, f := shadowScene(t)
	params := [4]mgl32.Vec4{{1.5, 2, 0, 0}}
	AddComponent(addNode(s, "Wave", mgl32.Vec3{}), &MeshRenderer{Mesh: 1, Radius: 1, Shader: 7, DepthShader: 9, Params: params})
	Extract(s, f)
	var got [2]*render.MeshDraw
	for _, it := range f.Items() {
		if it.Kind == render.KindMesh && it.Pass < 2 {
			got[it.Pass] = &f.MeshDraws()[it.Index]
		}
	}
	if got[0] == nil || got[0].DepthShader != 9 || got[0].Params != params || got[0].Shader != 0 {
		t.Errorf("shadow pass draw %+v, want DepthShader 9 with the Params", got[0])
	}
	if got[1] == nil || got[1].Shader != 7 {
		t.Errorf("camera pass draw %+v, want Shader 7", got[1])
	}
}
