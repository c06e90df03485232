package gl_test

import (
	"testing"

	"github.com/tact-engine/tact/render/gl"
)

// TACT_HIDDEN_SPRITES turns the hidden-sprite test on or off where the
// options leave it automatic, with the same picture either way; options
// that choose a mode keep it.
func TestHiddenSpritesEnvironment(t *testing.T) {
	var want []byte
	for _, c := range []struct {
		env  string
		mode gl.HiddenSpriteMode
		on   bool
	}{{"off", gl.HiddenSpritesAuto, false}, {"on", gl.HiddenSpritesAuto, true}, {"on", gl.HiddenSpritesOff, false}, {"off", gl.HiddenSpritesOn, true}} {
		t.Setenv(gl.HiddenSpritesEnv, c.env)
		var sc hiddenScene
		img, st, b := picture(t, true, gl.Options{HiddenSprites: c.mode}, sc.record)
		// Of 7,500 sprites that may be left out, more than half are hidden
		// in this scene when the test runs (TestHiddenSpritesSamePicture).
		if n := st.HiddenSprites; n != b.HiddenSprites() || c.on != (n > 3750) {
			t.Errorf("%s=%s, options %v: %d sprites hidden, want the test %v", gl.HiddenSpritesEnv, c.env, c.mode, n, c.on)
		}
		if want == nil {
			want = img.Pix
		} else if string(img.Pix) != string(want) {
			t.Errorf("%s=%s, options %v: another picture", gl.HiddenSpritesEnv, c.env, c.mode)
		}
	}
}
