package shaders

import (
	"strings"
	"testing"
)

func TestBuiltinsEmbedded(t *testing.T) {
	for _, name := range []string{Sprite, SpriteInstanced, SpritePoint, Mesh, Depth, Post, "toon", "vignette"} {
		v, f, err := Load(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range []string{v, f} {
			if !strings.HasPrefix(src, "#version 330 core") {
				t.Errorf("%s: source does not start with #version 330 core", name)
			}
		}
	}
}

func TestDevFSMatchesEmbedded(t *testing.T) {
	for _, name := range []string{Sprite, SpriteInstanced, SpritePoint, Mesh, Depth, Post, "toon", "vignette"} {
		v1, f1, err := Load(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		v2, f2, err := Load(DevFS("."), name)
		if err != nil {
			t.Fatal(err)
		}
		if v1 != v2 || f1 != f2 {
			t.Errorf("%s: embedded and on-disk sources differ", name)
		}
	}
	if _, _, err := Load(FS(), "missing"); err == nil {
		t.Error("Load of a missing program did not fail")
	}
}
