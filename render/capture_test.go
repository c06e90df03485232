package render_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// A capture through a Renderer writes the page after the frame runs; with
// render/null it lists passes, draws, states and uniforms, and says why
// there are no pictures.
func TestCaptureFramePage(t *testing.T) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	dir := filepath.Join(t.TempDir(), "cap")
	var got error = os.ErrInvalid
	f := r.Frame()
	f.SetScreenSize(64, 48)
	mesh := f.CreateMesh(render.CubeMesh())
	f.CaptureFrame(dir, func(err error) { got = err })
	var pass, draw render.UniformSet
	pass.SetFloat("u_time", 1.5)
	draw.SetVec3s("u_colors", []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}})
	draw.SetInts("u_mode", render.UniformInt, []int32{-3})
	pu := f.RecordUniforms(render.Uniforms{}, &pass)
	du := f.RecordUniforms(render.Uniforms{}, &draw)
	f.BeginPass(render.Pass{Name: "world", Clear: render.ClearColor | render.ClearStencil, Uniforms: pu})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(1, 2, 3), Uniforms: du,
		State: render.RenderState{Wireframe: true}})
	if err := r.Submit(); err != nil {
		t.Fatal(err)
	}
	if got != nil {
		t.Fatalf("capture: %v", got)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Pass 0: world", "color [0 0 0 0], stencil", "u_time</td><td class=\"v\">float = 1.5",
		"u_colors[2]</td><td class=\"v\">vec3 = 1 0 0 0 1 0", "int = -3", "Wireframe:true", "1 0 0 1 / 0 1 0 2 / 0 0 1 3",
		"render/null has no pixels", "CreateMesh " + mesh.String() + ": 24 vertices, 36 indices"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	// The next frame is not captured.
	if err := r.Submit(); err != nil {
		t.Fatal(err)
	}
}
