package scenegraph

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// A MeshRenderer's Uniforms are copied into the frame with its camera-pass
// draw, changes showing the next frame, and stay out of the shadow pass;
// recording them allocates nothing once the frame has grown.
func TestMeshRendererUniforms(t *testing.T) {
	s, _, _, f := shadowScene(t)
	var u render.UniformSet
	u.SetFloat("u_amp", 2.5)
	u.SetVec3s("u_tints", []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}})
	mr := AddComponent(addNode(s, "Wave", mgl32.Vec3{}), &MeshRenderer{Mesh: 1, Radius: 1, Shader: 7, Uniforms: &u})
	AddComponent(addNode(s, "Plain", mgl32.Vec3{}), &MeshRenderer{Mesh: 2, Radius: 1})
	amp := func() (shadow, camera, plain float32, ok bool) {
		shadow, camera, plain = -1, -1, -1
		for _, it := range f.Items() {
			if it.Kind != render.KindMesh || it.Pass > 1 {
				continue
			}
			d := &f.MeshDraws()[it.Index]
			vs, _ := f.UniformValues(d.Uniforms)
			got := float32(0)
			for _, v := range vs {
				if v.Name == "u_amp" {
					got = math.Float32frombits(f.UniformWords(v.Data)[0])
				}
			}
			switch {
			case it.Pass == 0 && d.Mesh == 1:
				shadow = float32(len(vs))
			case d.Mesh == 1:
				camera, ok = got, len(vs) == 2
			default:
				plain = float32(len(vs))
			}
		}
		return
	}
	frame := func() {
		f.Reset()
		Extract(s, f)
	}
	frame()
	if sh, cam, plain, ok := amp(); sh != 0 || cam != 2.5 || !ok || plain != 0 {
		t.Errorf("uniforms: %v in the shadow pass, u_amp %v in the camera's (both set: %v), %v on the plain mesh; want 0, 2.5, true, 0", sh, cam, ok, plain)
	}
	u.SetFloat("u_amp", 4)
	frame()
	if _, cam, _, _ := amp(); cam != 4 {
		t.Errorf("after a change u_amp is %v, want 4", cam)
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
	mr.Uniforms = nil
	frame()
	if _, cam, _, _ := amp(); cam != -1 && cam != 0 {
		t.Errorf("without Uniforms the draw still carries u_amp %v", cam)
	}
}
