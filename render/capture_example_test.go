package render_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// Capture one frame into a folder and open its index.html in a browser.
// With render/gl every pass also leaves a picture, pass-NN.png; render/null
// has no pixels, so the page lists the passes and draws alone.
func ExampleFrame_CaptureFrame() {
	r, _ := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	defer r.Close()
	dir, _ := os.MkdirTemp("", "capture")
	defer os.RemoveAll(dir)

	f := r.Frame()
	f.SetScreenSize(320, 240)
	mesh := f.CreateMesh(render.CubeMesh())
	f.CaptureFrame(dir, func(err error) { fmt.Println("captured:", err) })
	f.BeginPass(render.Pass{Name: "world", Clear: render.ClearColor | render.ClearDepth})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Ident4(), State: render.RenderState{Cull: render.CullBack}})
	r.Submit()

	_, err := os.Stat(filepath.Join(dir, "index.html"))
	fmt.Println("index.html written:", err == nil)
	// Output:
	// captured: <nil>
	// index.html written: true
}
