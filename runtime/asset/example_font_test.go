package asset_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/asset"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// A font asset's path may choose a face of a .ttc/.otc collection after
// '#', by index or by family name ("fonts/NotoSansCJK-Regular.ttc#Noto
// Sans CJK JP"); without one it is the first face. A face the file lacks
// is an error that lists the faces it has.
func ExampleManager_Load_fontFace() {
	root, _ := os.MkdirTemp("", "ttc")
	defer os.RemoveAll(root)
	os.MkdirAll(filepath.Join(root, "fonts"), 0o755)
	os.WriteFile(filepath.Join(root, "fonts", "go.ttc"), collection(goregular.TTF, gomono.TTF), 0o644)

	a, err := asset.New(asset.Options{Root: root, Frames: oneFrame{render.NewFrame()}})
	if err != nil {
		panic(err)
	}
	defer a.Close()
	for _, p := range []string{"fonts/go.ttc", "fonts/go.ttc#1", "fonts/go.ttc#Go Mono"} {
		x, err := a.Load(p)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %s\n", p, x.Font().Family())
	}
	_, err = a.Load("fonts/go.ttc#Comic Sans")
	fmt.Println(err)
	// Output:
	// fonts/go.ttc: Go
	// fonts/go.ttc#1: Go Mono
	// fonts/go.ttc#Go Mono: Go Mono
	// fonts/go.ttc#Comic Sans: no face of family "Comic Sans" in the file (faces: 0 Go, 1 Go Mono)
}

// collection packs single fonts into a .ttc: a 'ttcf' header, then each
// font with its table offsets made relative to the file's start.
func collection(fonts ...[]byte) []byte {
	be := binary.BigEndian
	out := binary.BigEndian.AppendUint32([]byte("ttcf"), 0x00010000)
	out = be.AppendUint32(out, uint32(len(fonts)))
	out = append(out, make([]byte, 4*len(fonts))...)
	for i, ttf := range fonts {
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
		base := len(out)
		be.PutUint32(out[12+4*i:], uint32(base))
		out = append(out, ttf...)
		for t := range int(be.Uint16(ttf[4:])) {
			rec := out[base+12+16*t+8:]
			be.PutUint32(rec, be.Uint32(rec)+uint32(base))
		}
	}
	return out
}
