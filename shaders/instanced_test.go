package shaders

import (
	"io/fs"
	"strings"
	"testing"
)

// The instanced vertex stages (paired with mesh.frag and depth.frag by
// render/gl) are embedded, match the files on disk, and declare the
// instance attributes at render's locations.
func TestInstancedStagesEmbedded(t *testing.T) {
	for _, name := range []string{"mesh_instanced.vert", "depth_instanced.vert"} {
		src, err := fs.ReadFile(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		disk, err := fs.ReadFile(DevFS("."), name)
		if err != nil || string(disk) != string(src) {
			t.Errorf("%s: embedded and on-disk sources differ (%v)", name, err)
		}
		if !strings.HasPrefix(string(src), "#version 330 core") || !strings.Contains(string(src), "layout(location = 10) in mat4 a_instanceModel;") {
			t.Errorf("%s: no #version 330 core, or no a_instanceModel at location 10", name)
		}
	}
}
