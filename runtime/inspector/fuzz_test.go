package inspector

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/scenegraph"
)

// FuzzSetFields feeds arbitrary set requests to the params decoder and the
// field decoder over a Sprite and a Label: they return errors, never panic,
// and a value they accept encodes back as JSON.
func FuzzSetFields(f *testing.F) {
	for _, s := range []string{
		`{"id": 1, "component": 0, "fields": {"Color": [1, 2, 3, 4], "Size": [5, 6]}}`,
		`{"id": 1, "component": 0, "fields": {"Color": "red"}}`,
		`{"id": 1, "component": 0, "fields": {"Order": 70000, "FlipX": true, "Text": "x"}}`,
		`{"id": 1, "position": [1, 2, 3], "angle": 1e40}`,
		`{"id": 1, "component": 0, "fields": {"UV": [1, 2, 3]}}`,
		`{"fields": null}`, `[]`, `{`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p setParams
		if decode("tact.set", b, &p) != nil || len(p.Fields) == 0 {
			return
		}
		var obj map[string]any
		d := json.NewDecoder(bytes.NewReader(p.Fields))
		d.UseNumber()
		if d.Decode(&obj) != nil {
			return
		}
		for _, c := range []scenegraph.Behavior{scenegraph.NewSprite(0, 1, 1), text.NewLabel("", 0, render.White)} {
			if decodeFields(reflect.ValueOf(c).Elem(), obj, "fuzz", nil) == nil {
				if _, err := json.Marshal(componentFields(c, nil)); err != nil {
					t.Fatalf("accepted %s, cannot encode it: %v", p.Fields, err)
				}
			}
		}
	})
}

// FuzzAddComponentParams feeds arbitrary tact.addComponent params to the
// params decoder and the field decoder (with no game to resolve asset and
// node paths): errors, never panics.
func FuzzAddComponentParams(f *testing.F) {
	for _, s := range []string{
		`{"id": 1, "type": "Sprite", "fields": {"Size": [5, 6], "Blend": 1}}`,
		`{"id": 1, "type": "Sprite", "fields": {"Texture": "a.png"}}`,
		`{"id": 1, "type": "Label", "fields": {"Font": null, "Text": 5}}`,
		`{"id": 1, "fields": []}`, `{"type": 7}`, `null`, `{`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var p addComponentParams
		if decode("tact.addComponent", b, &p) != nil || len(p.Fields) == 0 {
			return
		}
		var obj map[string]any
		d := json.NewDecoder(bytes.NewReader(p.Fields))
		d.UseNumber()
		if d.Decode(&obj) != nil {
			return
		}
		for _, c := range []scenegraph.Behavior{scenegraph.NewSprite(0, 1, 1), text.NewLabel("", 0, render.White)} {
			if err := decodeFields(reflect.ValueOf(c).Elem(), obj, "fuzz", nil); err == nil {
				if _, err := json.Marshal(componentFields(c, nil)); err != nil {
					t.Fatalf("accepted %s, cannot encode it: %v", p.Fields, err)
				}
			}
		}
	})
}
