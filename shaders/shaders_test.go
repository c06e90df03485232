package shaders

import (
	"io/fs"
	"slices"
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

// Every chunk is embedded (at least the ones mesh.frag is built from), matches its file and has #pragma once and no
// #version (render.ExpandIncludes refuses a #version in an included file).
func TestChunksEmbedded(t *testing.T) {
	names, err := fs.Glob(FS(), "tact/*.glsl")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"tact/frame.glsl", "tact/fullscreen.glsl", "tact/material.glsl", "tact/morph.glsl", "tact/pbr.glsl", "tact/shadow.glsl", "tact/tonemap.glsl"}
	for _, w := range want {
		if !slices.Contains(names, w) {
			t.Errorf("chunk %s missing from %v", w, names)
		}
	}
	for _, n := range names {
		a, err := fs.ReadFile(FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		b, err := fs.ReadFile(DevFS("."), n)
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Errorf("%s: embedded and on-disk sources differ", n)
		}
		if !strings.Contains(string(a), "#pragma once") || strings.Contains(string(a), "#version") {
			t.Errorf("%s: want #pragma once and no #version", n)
		}
	}
}
