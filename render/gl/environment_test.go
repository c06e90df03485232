package gl_test

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/ibl"
)

// testEnvironment is a sky of blue above the horizon and brown below, no sun.
func testEnvironment(t *testing.T) *ibl.Environment {
	t.Helper()
	sky := ibl.ProceduralSky(64, 32, ibl.SkyOptions{Zenith: mgl32.Vec3{0.1, 0.2, 0.9}, Horizon: mgl32.Vec3{0.1, 0.2, 0.9}, Ground: mgl32.Vec3{0.5, 0.3, 0.1}})
	env, err := ibl.NewEnvironment(sky, ibl.Options{SkySize: 16, SpecularSize: 16, SpecularLevels: 4, BRDFSize: 16})
	if err != nil {
		t.Fatal(err)
	}
	return env
}

func TestSkyAndEnvironmentLight(t *testing.T) {
	envData := testEnvironment(t)
	eachMode(t, func(t *testing.T, h *harness) {
		var env render.Environment
		var sphere render.MeshID
		var tg render.TargetID
		got := make(chan []float32, 1)
		for frame := 0; frame < 2; frame++ {
			_, _, err := h.frame(func(f *render.Frame) {
				if frame == 0 {
					env = ibl.Upload(f, envData)
					sphere = f.CreateMesh(render.SphereMesh(32, 16))
					// A linear target: the sky's light as it is, no tone mapping.
					tg, _ = f.CreateTarget(render.TargetDesc{Width: 64, Height: 48, Format: render.FormatRGBA32F})
				}
				eye := mgl32.Vec3{0, 0, 3}
				vp := mgl32.Perspective(mgl32.DegToRad(60), 64.0/48, 0.1, 10).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
				f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ViewProj: vp,
					Lights: render.Lights{Eye: eye, Environment: env}, Sky: render.Sky{Texture: env.Sky}})
				f.DrawMesh(&render.MeshDraw{Mesh: sphere, Model: mgl32.Scale3D(1.2, 1.2, 1.2), Color: mgl32.Vec4{1, 1, 1, 1}, Material: render.Material{Metallic: 1, Roughness: 0.05}})
				if frame == 1 {
					f.ReadTarget(render.TargetRead{Target: tg}, func(r *render.Readout) {
						got <- append([]float32(nil), r.Float32s()...)
					})
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		pix := <-got
		at := func(x, y int) mgl32.Vec3 { i := 4 * (y*64 + x); return mgl32.Vec3{pix[i], pix[i+1], pix[i+2]} }
		near := func(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 0.03 }
		// The sky above and the ground below the sphere, as the environment has them.
		if c := at(2, 2); !near(c, mgl32.Vec3{0.1, 0.2, 0.9}) {
			t.Errorf("sky at the top = %v", c)
		}
		if c := at(2, 45); !near(c, mgl32.Vec3{0.5, 0.3, 0.1}) {
			t.Errorf("ground at the bottom = %v", c)
		}
		// A white mirror sphere reflects them: its top the sky, its bottom the ground.
		if c := at(32, 19); c[2] < 0.5 || c[0] > c[2] {
			t.Errorf("sphere's upper part = %v, want the blue sky", c)
		}
		if c := at(32, 29); c[0] < 0.3 || c[2] > c[0] {
			t.Errorf("sphere's lower part = %v, want the ground", c)
		}
		h.frame(func(f *render.Frame) {
			ibl.Free(f, env)
			f.DeleteMesh(sphere)
			f.DeleteTarget(tg)
		})
	})
}

func TestEnvironmentErrors(t *testing.T) {
	envData := testEnvironment(t)
	eachMode(t, func(t *testing.T, h *harness) {
		var env render.Environment
		_, _, err := h.frame(func(f *render.Frame) {
			env = ibl.Upload(f, envData)
			bad := env
			bad.Specular = env.Sky // a cube where an array belongs
			f.BeginPass(render.Pass{Lights: render.Lights{Environment: bad}, Sky: render.Sky{Texture: env.BRDF}})
		})
		if err == nil || !strings.Contains(err.Error(), "Lights.Environment.Specular: "+env.Sky.String()+" is not an array texture") ||
			!strings.Contains(err.Error(), "Sky: "+env.BRDF.String()+" is not a cube texture") {
			t.Fatalf("err = %v", err)
		}
		h.frame(func(f *render.Frame) { ibl.Free(f, env) })
	})
}
