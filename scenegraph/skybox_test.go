package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

func TestSkyboxLightsAndDraws(t *testing.T) {
	env := &render.Environment{SH: [9]mgl32.Vec3{{1, 2, 3}}, Specular: 5, Levels: 6, BRDF: 6, Sky: 7}
	s, _, f := scene3D(t, mgl32.Vec3{1, 2, 10})
	ui := AddComponent(addNode(s, "UI", mgl32.Vec3{}), NewOrthoCamera(render.Black))
	ui.Priority = 1
	box := AddComponent(addNode(s, "Sky", mgl32.Vec3{}), &Skybox{Environment: env, Intensity: 0.5})
	Extract(s, f)
	p := f.Passes()
	if len(p) != 2 {
		t.Fatalf("%d passes", len(p))
	}
	if l := p[0].Lights; l.Environment.Specular != 5 || l.Environment.SH != env.SH || l.Environment.Intensity != 0.5 || l.Eye != (mgl32.Vec3{1, 2, 10}) {
		t.Errorf("perspective camera's lights: %+v", l)
	}
	if p[0].Sky != (render.Sky{Texture: 7, Intensity: 0.5}) {
		t.Errorf("perspective camera's sky: %+v", p[0].Sky)
	}
	if p[1].Sky.Texture != 0 {
		t.Errorf("an orthographic camera draws the sky: %+v", p[1].Sky)
	}
	for _, c := range []struct {
		name     string
		set      func()
		env, sky bool
	}{
		{"NoIBL", func() { box.NoIBL = true }, false, true},
		{"NoSky", func() { box.NoIBL, box.NoSky = false, true }, true, false},
		{"disabled", func() { box.NoSky = false; box.SetEnabled(false) }, false, false},
	} {
		c.set()
		f.Reset()
		Extract(s, f)
		pass := f.Passes()[0]
		if got := pass.Lights.Environment.On(); got != c.env {
			t.Errorf("%s: environment on = %v", c.name, got)
		}
		if got := pass.Sky.Texture != 0; got != c.sky {
			t.Errorf("%s: sky drawn = %v", c.name, got)
		}
	}
}
