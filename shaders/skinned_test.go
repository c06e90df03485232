package shaders

import (
	"io/fs"
	"strings"
	"testing"
)

// The skinned variants' vertex stages are embedded, read the palette
// block and the skin attributes, and match the files on disk.
func TestSkinnedVertexStages(t *testing.T) {
	for _, name := range []string{"mesh_skinned.vert", "depth_skinned.vert"} {
		b, err := fs.ReadFile(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for _, want := range []string{"#version 330 core", "uniform Joints", "mat4 u_joints[64]", "location = 5) in uvec4 a_joints", "location = 6) in vec4 a_weights"} {
			if !strings.Contains(src, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		disk, err := fs.ReadFile(DevFS("."), name)
		if err != nil || string(disk) != src {
			t.Errorf("%s: embedded and on-disk sources differ (%v)", name, err)
		}
	}
}
