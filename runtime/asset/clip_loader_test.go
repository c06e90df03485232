package asset

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

const slideClip = `{"duration": 1, "tracks": [{"property": "position", "keys": [{"time": 0, "value": [0, 0]}, {"time": 1, "value": [100, 0]}]}]}`

// Clip files load as *animation.Clip (not as scene files, whose extension
// ".json" they end in), resolve atlas frame names through their atlas
// dependency, and reload in place.
func TestClipLoad(t *testing.T) {
	root := atlasRoot(t)
	writeFile(t, root, "anim/slide.anim.json", []byte(slideClip))
	writeFile(t, root, "ui/frames.anim.json", []byte(`{"atlas": "sheet.atlas", "duration": 1, "wrap": "loop", "tracks": [
		{"component": "Sprite", "property": "frame", "keys": [{"time": 0, "value": "a.png"}, {"time": 0.25, "value": "b.png"}, {"time": 0.5, "value": "c.png"}]}]}`))
	a, _, _ := newTestAssets(t, root, Options{})
	x, err := a.Load("anim/slide.anim.json")
	if err != nil {
		t.Fatal(err)
	}
	c := x.AnimationClip()
	if c == nil || c.Name != "slide" || c.Duration != 1 || c.Tracks[0].Keys[1].Value != (mgl32.Vec4{100, 0, 0, 0}) {
		t.Fatalf("loaded %+v", c)
	}
	y, err := a.Load("ui/frames.anim.json")
	if err != nil {
		t.Fatal(err)
	}
	fc := y.AnimationClip()
	want := wantFrames()
	// Each key holds its atlas frame whole: a rotated frame (b) and a
	// trimmed one (c) animate as Sprite.SetFrame shows them from the atlas.
	for i, name := range []string{"a.png", "b.png", "c.png"} {
		got, w := fc.Tracks[0].Keys[i].Frame, want[name].SpriteFrame
		if got.Texture == 0 || got.UV != w.UV || got.Rotated != w.Rotated || got.Size != w.Size || got.Trim != w.Trim {
			t.Errorf("key %d (%s): frame %+v, want the atlas's %+v", i, name, got, w)
		}
	}
	if deps := y.Dependencies(); len(deps) != 1 || deps[0].Path() != "ui/sheet.atlas" {
		t.Errorf("dependencies %v", deps)
	}

	// Hot reload: same *Clip, new content; a bad file keeps the old one.
	var failed []ReloadError
	a.ReloadFailed.On(func(e ReloadError) { failed = append(failed, e) })
	reloads := 0
	a.Reloaded.On(func(*Asset) { reloads++ })
	writeFile(t, a.Root(), "anim/slide.anim.json", []byte(strings.Replace(slideClip, "100", "300", 1)))
	if err := a.Reload("anim/slide.anim.json"); err != nil {
		t.Fatal(err)
	}
	pollUntil(t, a, "the reload", func() bool { return reloads == 1 })
	if x.AnimationClip() != c || c.Tracks[0].Keys[1].Value[0] != 300 {
		t.Errorf("reload: same clip %v, x %v", x.AnimationClip() == c, c.Tracks[0].Keys[1].Value[0])
	}
	writeFile(t, a.Root(), "anim/slide.anim.json", []byte(`{"duration": 1, "tracks": [{"property": "spin", "keys": [{"time": 0, "value": 1}]}]}`))
	a.Reload("anim/slide.anim.json")
	pollUntil(t, a, "the failed reload", func() bool { return len(failed) == 1 })
	if msg := failed[0].Err.Error(); !strings.Contains(msg, "anim/slide.anim.json") || !strings.Contains(msg, `tracks[0] (spin)`) || c.Tracks[0].Keys[1].Value[0] != 300 {
		t.Errorf("failed reload: %v; x now %v", msg, c.Tracks[0].Keys[1].Value[0])
	}
}

// A bad clip file fails its load with an error naming the file and the
// track; a frame the atlas lacks names the frame.
func TestClipLoadErrors(t *testing.T) {
	root := atlasRoot(t)
	writeFile(t, root, "bad.anim.json", []byte(`{"tracks": [{"property": "position", "keys": [{"time": 0, "value": "x"}]}], "duration": 1}`))
	writeFile(t, root, "ui/missing.anim.json", []byte(`{"atlas": "sheet.atlas", "duration": 1, "tracks": [
		{"path": "Hero", "component": "Sprite", "property": "frame", "keys": [{"time": 0, "value": "zzz.png"}]}]}`))
	a, _, _ := newTestAssets(t, root, Options{})
	if _, err := a.Load("bad.anim.json"); err == nil || !strings.Contains(err.Error(), "bad.anim.json") || !strings.Contains(err.Error(), "tracks[0] (position): keys[0]: value has text") {
		t.Errorf("bad value: %v", err)
	}
	if _, err := a.Load("ui/missing.anim.json"); err == nil || !strings.Contains(err.Error(), "ui/missing.anim.json") || !strings.Contains(err.Error(), `track 0 (Hero:Sprite.frame): key 0: no frame "zzz.png"`) {
		t.Errorf("missing frame: %v", err)
	}
}
