package tact

import (
	"bytes"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/ibl"
)

// iblEnvironment is a procedural day sky with a low sun, written as a
// Radiance file and read back, so the golden goes through the decoder.
func iblEnvironment(t *testing.T) *ibl.Environment {
	t.Helper()
	var buf bytes.Buffer
	sky := ibl.ProceduralSky(256, 128, ibl.SkyOptions{SunDir: mgl32.Vec3{-0.6, 0.35, -0.7}, SunSize: 4})
	if err := ibl.EncodeHDR(&buf, sky); err != nil {
		t.Fatal(err)
	}
	m, err := ibl.DecodeHDR(&buf)
	if err != nil {
		t.Fatal(err)
	}
	env, err := ibl.NewEnvironment(m, ibl.Options{SkySize: 64, SpecularSize: 64, SpecularLevels: 6, BRDFSize: 32})
	if err != nil {
		t.Fatal(err)
	}
	return env
}

// A row of gold spheres from mirror (left) to matte (right) and a row of
// white plastic ones under the environment alone, the sky behind them.
func TestGoldenIBLSpheres(t *testing.T) {
	envData := iblEnvironment(t)
	const w, h = 320, 140
	for _, onMain := range []bool{false, true} {
		var tg render.TargetID
		var env render.Environment
		var mesh render.MeshID
		img := shootRecorded(t, onMain, func(f *render.Frame, first bool) render.TargetID {
			if first {
				tg, _ = f.CreateTarget(render.TargetDesc{Width: w, Height: h, Samples: 4})
				env = ibl.Upload(f, envData)
				mesh = f.CreateMesh(render.SphereMesh(48, 24))
			}
			eye := mgl32.Vec3{0, 0.4, 5.2}
			view := mgl32.LookAtV(eye, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 1, 0})
			vp := mgl32.Perspective(mgl32.DegToRad(40), float32(w)/h, 0.1, 50).Mul4(view)
			f.BeginPass(render.Pass{Target: tg, Clear: render.ClearColor | render.ClearDepth, ViewProj: vp,
				Lights: render.Lights{Eye: eye, Environment: env}, Sky: render.Sky{Texture: env.Sky}})
			for i := 0; i < 5; i++ {
				x := float32(i-2) * 1.25
				f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(x, 0.65, 0), Color: mgl32.Vec4{1, 0.78, 0.34, 1},
					Material: render.Material{Metallic: 1, Roughness: float32(i) / 4}})
				f.DrawMesh(&render.MeshDraw{Mesh: mesh, Model: mgl32.Translate3D(x, -0.65, 0), Color: mgl32.Vec4{0.9, 0.9, 0.9, 1},
					Material: render.Material{Roughness: float32(i) / 4}})
			}
			return tg
		})
		checkGolden(t, "ibl_spheres", img)
		if *updateGolden {
			break
		}
	}
}
