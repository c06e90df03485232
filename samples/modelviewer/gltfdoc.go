package modelviewer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
)

// glTF's numbers for the generated documents: component types and buffer
// view targets.
const (
	gltfFloat, gltfUshort, gltfUbyte = 5126, 5123, 5121
	gltfVertices, gltfIndices        = 34962, 34963
)

// gltfBuilder collects a generated glTF document's one binary buffer, its
// buffer views and its accessors (the arm and the morph blob are written
// by code, so that a test can keep the committed files equal to it).
type gltfBuilder struct {
	bin       bytes.Buffer
	views     []map[string]any
	accessors []map[string]any
}

// add appends data (little-endian, 4-byte aligned) as a buffer view and
// an accessor of count elements of glTF type typ and component type comp
// (target 0: no buffer view target), and returns the accessor's index.
func (g *gltfBuilder) add(data any, count int, typ string, comp int, target int) int {
	for g.bin.Len()%4 != 0 {
		g.bin.WriteByte(0)
	}
	off := g.bin.Len()
	binary.Write(&g.bin, binary.LittleEndian, data)
	v := map[string]any{"buffer": 0, "byteOffset": off, "byteLength": g.bin.Len() - off}
	if target != 0 {
		v["target"] = target
	}
	g.views = append(g.views, v)
	g.accessors = append(g.accessors, map[string]any{"bufferView": len(g.views) - 1, "componentType": comp, "count": count, "type": typ})
	return len(g.accessors) - 1
}

// floor adds a 4×4 quad at y = 0 facing up and returns its primitive,
// drawn with material.
func (g *gltfBuilder) floor(material int) map[string]any {
	const fh = 2
	pos := g.add([][3]float32{{-fh, 0, fh}, {fh, 0, fh}, {fh, 0, -fh}, {-fh, 0, -fh}}, 4, "VEC3", gltfFloat, gltfVertices)
	g.accessors[pos]["min"], g.accessors[pos]["max"] = []float32{-fh, 0, -fh}, []float32{fh, 0, fh}
	return map[string]any{"attributes": map[string]any{"POSITION": pos,
		"NORMAL": g.add([][3]float32{{0, 1, 0}, {0, 1, 0}, {0, 1, 0}, {0, 1, 0}}, 4, "VEC3", gltfFloat, gltfVertices)},
		"indices": g.add([]uint16{0, 1, 2, 0, 2, 3}, 6, "SCALAR", gltfUshort, gltfIndices), "material": material}
}

// encode completes doc with the accessors, the buffer views and the
// buffer (in a data: URI) and returns it as indented JSON.
func (g *gltfBuilder) encode(doc map[string]any) []byte {
	doc["accessors"], doc["bufferViews"] = g.accessors, g.views
	doc["buffers"] = []map[string]any{{"byteLength": g.bin.Len(),
		"uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(g.bin.Bytes())}}
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		panic(err) // plain maps and numbers: cannot fail
	}
	return append(b, '\n')
}

// writeGenerated writes doc as dir/name, making dir if needed.
func writeGenerated(dir, name string, doc []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), doc, 0o644)
}
