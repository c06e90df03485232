package shaders

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
)

//go:embed *.vert *.frag tact/*.glsl
var embedded embed.FS

// Built-in program names.
const (
	Sprite          = "sprite"           // streamed sprite quads, four vertices per sprite
	SpriteInstanced = "sprite_instanced" // one instance per sprite, expanded to a quad
	SpritePoint     = "sprite_point"     // one point sprite per axis-aligned square sprite
	Mesh            = "mesh"             // physically based meshes (metallic-roughness)
	Depth           = "depth"            // depth only: meshes drawn into a shadow map
	Post            = "post"             // full-screen pass
)

// Dir is the directory, relative to the repository root, that holds the
// sources; names in compile errors start with it ("shaders/sprite.frag").
const Dir = "shaders"

// FS returns the embedded sources. The result is read-only and safe for
// concurrent use.
func FS() fs.FS { return embedded }

// DevFS returns the sources in directory dir on disk (for example the
// repository's shaders directory), read afresh on every access, for
// development-mode reloading.
func DevFS(dir string) fs.FS { return os.DirFS(dir) }

// Load reads program name's vertex and fragment sources from fsys.
func Load(fsys fs.FS, name string) (vertex, fragment string, err error) {
	v, err := fs.ReadFile(fsys, name+".vert")
	if err != nil {
		return "", "", fmt.Errorf("shaders: %w", err)
	}
	f, err := fs.ReadFile(fsys, name+".frag")
	if err != nil {
		return "", "", fmt.Errorf("shaders: %w", err)
	}
	return string(v), string(f), nil
}
