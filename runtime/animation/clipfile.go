package animation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// ClipExt is the file name ending of clip files (".anim.json"), for which
// the asset manager registers its clip format.
const ClipExt = ".anim.json"

// clipFile is the JSON form of a clip, as ParseClip reads it.
type clipFile struct {
	Name     string      `json:"name"`
	Duration *float64    `json:"duration"`
	Wrap     string      `json:"wrap"`
	Speed    *float64    `json:"speed"`
	Atlas    string      `json:"atlas"`
	Tracks   []trackFile `json:"tracks"`
	Events   []eventFile `json:"events"`
}

type trackFile struct {
	Path      string    `json:"path"`
	Component string    `json:"component"`
	Property  string    `json:"property"`
	Interp    string    `json:"interp"`
	Keys      []keyFile `json:"keys"`
}

type keyFile struct {
	Time  *float64        `json:"time"`
	Value json.RawMessage `json:"value"`
	In    []float64       `json:"in"`
	Out   []float64       `json:"out"`
	Curve []float64       `json:"curve"`
}

type eventFile struct {
	Time *float64 `json:"time"`
	Name string   `json:"name"`
	Arg  string   `json:"arg"`
}

// ParseClip reads a clip file (JSON; the format is in the package
// documentation). file names the clip in errors and, without a "name"
// field, gives the clip its name: the base name without ClipExt (or its
// last extension). Every error names file and, for a bad track, key or
// event, which one and why ("hero.anim.json: tracks[2] (Body:Sprite.color):
// keys[1]: value has 3 numbers, the track's keys have 4"). Properties of
// components are checked when the clip is played, against the components
// found.
func ParseClip(data []byte, file string) (*Clip, error) {
	c, err := parseClip(data, file)
	if err != nil {
		return nil, fmt.Errorf("animation: %s: %w", file, err)
	}
	return c, nil
}

func parseClip(data []byte, file string) (*Clip, error) {
	var f clipFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a clip file: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the clip's JSON object")
	}
	c := &Clip{Name: f.Name, Atlas: f.Atlas}
	if c.Name == "" {
		base := path.Base(strings.ReplaceAll(file, `\`, "/"))
		if strings.HasSuffix(base, ClipExt) {
			c.Name = strings.TrimSuffix(base, ClipExt)
		} else {
			c.Name = strings.TrimSuffix(base, path.Ext(base))
		}
	}
	switch i := slices.Index(wrapNames[:], strings.ToLower(f.Wrap)); {
	case f.Wrap == "":
	case i < 0:
		return nil, fmt.Errorf("wrap %q: want one of %s", f.Wrap, strings.Join(wrapNames[:], ", "))
	default:
		c.Wrap = WrapMode(i)
	}
	if f.Speed != nil {
		if !(*f.Speed > 0) {
			return nil, fmt.Errorf("speed %v is not positive", *f.Speed)
		}
		c.Speed = *f.Speed
	}
	end := 0.0
	for i := range f.Tracks {
		t, err := parseTrack(&f.Tracks[i])
		if err != nil {
			return nil, fmt.Errorf("tracks[%d] (%s): %w", i, t.describe(), err)
		}
		c.Tracks = append(c.Tracks, t)
		end = max(end, t.Keys[len(t.Keys)-1].Time)
	}
	for i, e := range f.Events {
		if e.Time == nil {
			return nil, fmt.Errorf("events[%d] (%q): no time", i, e.Name)
		}
		if e.Name == "" {
			return nil, fmt.Errorf("events[%d]: no name", i)
		}
		c.Events = append(c.Events, Event{Time: *e.Time, Name: e.Name, Arg: e.Arg})
		end = max(end, *e.Time)
	}
	slices.SortStableFunc(c.Events, func(a, b Event) int {
		switch {
		case a.Time < b.Time:
			return -1
		case a.Time > b.Time:
			return 1
		}
		return 0
	})
	c.Duration = end
	if f.Duration != nil {
		c.Duration = *f.Duration
	}
	if !(c.Duration > 0) {
		return nil, fmt.Errorf("duration %v is not positive (give \"duration\", or keys after time 0)", c.Duration)
	}
	for i := range c.Tracks {
		if last := c.Tracks[i].Keys[len(c.Tracks[i].Keys)-1].Time; last > c.Duration {
			return nil, fmt.Errorf("tracks[%d] (%s): a key at %v is after the duration %v", i, c.Tracks[i].describe(), last, c.Duration)
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// nodeWidth is the number of values a node property's keys take, 0 for a
// property nodes do not have.
func nodeWidth(prop string) int {
	switch strings.ToLower(prop) {
	case "position", "scale", "rotation":
		return 3
	case "quaternion":
		return 4
	case "angle", "opacity":
		return 1
	}
	return 0
}

func parseTrack(tf *trackFile) (Track, error) {
	t := Track{Path: tf.Path, Component: tf.Component, Property: tf.Property}
	if t.Property == "" {
		return t, errors.New("no property")
	}
	switch i := slices.Index(interpNames[:], strings.ToLower(tf.Interp)); {
	case tf.Interp == "":
	case strings.EqualFold(tf.Interp, "cubic"):
		t.Interp = Hermite
	case i < 0:
		return t, fmt.Errorf("interp %q: want one of %s", tf.Interp, strings.Join(interpNames[:], ", "))
	default:
		t.Interp = Interp(i)
	}
	if len(tf.Keys) == 0 {
		return t, errors.New("no keys")
	}
	nodeW := 0
	if t.Component == "" {
		if nodeW = nodeWidth(t.Property); nodeW == 0 {
			return t, fmt.Errorf("a node has no property %q (position, scale, rotation, quaternion, angle, opacity; name a component for others)", t.Property)
		}
	}
	prop2D := t.Component == "" && nodeW == 3 // position and scale may give x, y
	for j := range tf.Keys {
		k, w, err := parseKey(&tf.Keys[j], t.isFrame())
		if err != nil {
			return t, fmt.Errorf("keys[%d]: %w", j, err)
		}
		if n := max(w, 0); (tf.Keys[j].In != nil && len(tf.Keys[j].In) != n) || (tf.Keys[j].Out != nil && len(tf.Keys[j].Out) != n) {
			return t, fmt.Errorf("keys[%d]: tangents need %d numbers, as the value has", j, n)
		}
		if prop2D && w == 2 {
			if strings.EqualFold(t.Property, "scale") {
				k.Value[2] = 1
			}
			w = 3
		}
		switch {
		case j == 0 && nodeW != 0 && w != nodeW:
			return t, fmt.Errorf("keys[%d]: value has %s; property %q takes %d numbers", j, widthText(w), t.Property, nodeW)
		case j > 0 && w != t.width:
			return t, fmt.Errorf("keys[%d]: value has %s, the track's first key %s", j, widthText(w), widthText(t.width))
		case j > 0 && !(k.Time > t.Keys[j-1].Time):
			return t, fmt.Errorf("keys[%d]: time %v is not after the key before (%v)", j, k.Time, t.Keys[j-1].Time)
		}
		t.width = w
		t.Keys = append(t.Keys, k)
	}
	return t, nil
}

func widthText(w int) string {
	if w < 0 {
		return "text"
	}
	if w == 1 {
		return "1 number"
	}
	return fmt.Sprintf("%d numbers", w)
}

// parseKey reads one key; w is the number of values (-1: text or a frame
// name).
func parseKey(kf *keyFile, frame bool) (Keyframe, int, error) {
	var k Keyframe
	if kf.Time == nil {
		return k, 0, errors.New("no time")
	}
	k.Time = *kf.Time
	if !(k.Time >= 0) {
		return k, 0, fmt.Errorf("time %v is negative", k.Time)
	}
	raw := bytes.TrimSpace(kf.Value)
	if len(raw) == 0 || string(raw) == "null" {
		return k, 0, errors.New("no value")
	}
	w := 0
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return k, 0, fmt.Errorf("value: %w", err)
		}
		if frame {
			k.FrameName = s
		} else {
			k.Text = s
		}
		w = -1
	case '[':
		var v []float64
		if err := json.Unmarshal(raw, &v); err != nil {
			return k, 0, fmt.Errorf("value: want a number, a list of numbers or a string: %w", err)
		}
		if len(v) == 0 || len(v) > 4 {
			return k, 0, fmt.Errorf("value has %d numbers; 1 to 4 are allowed", len(v))
		}
		if err := put(&k.Value, v, "value"); err != nil {
			return k, 0, err
		}
		w = len(v)
		if frame {
			if w != 4 {
				return k, 0, fmt.Errorf("a frame is an atlas frame name or a UV rectangle [u0, v0, u1, v1], not %d numbers", w)
			}
			k.Frame.UV = k.Value
		}
	default:
		var x float64
		if err := json.Unmarshal(raw, &x); err != nil {
			return k, 0, fmt.Errorf("value: want a number, a list of numbers or a string: %w", err)
		}
		if err := put(&k.Value, []float64{x}, "value"); err != nil {
			return k, 0, err
		}
		w = 1
	}
	if len(kf.In) > 4 || len(kf.Out) > 4 {
		return k, 0, errors.New("tangents have more than 4 numbers")
	}
	if err := put(&k.In, kf.In, "in"); err != nil {
		return k, 0, err
	}
	if err := put(&k.Out, kf.Out, "out"); err != nil {
		return k, 0, err
	}
	if kf.Curve != nil {
		if len(kf.Curve) != 4 {
			return k, 0, fmt.Errorf("curve has %d numbers; want [x1, y1, x2, y2]", len(kf.Curve))
		}
		if err := put(&k.Curve, kf.Curve, "curve"); err != nil {
			return k, 0, err
		}
		if k.Curve[0] < 0 || k.Curve[0] > 1 || k.Curve[2] < 0 || k.Curve[2] > 1 {
			return k, 0, fmt.Errorf("curve x values %v, %v must lie in 0..1", kf.Curve[0], kf.Curve[2])
		}
	}
	return k, w, nil
}

// put stores v in dst as float32s, refusing numbers float32 cannot hold.
func put(dst *mgl32.Vec4, v []float64, what string) error {
	for i, x := range v {
		f := float32(x)
		if math.IsInf(float64(f), 0) || math.IsNaN(x) {
			return fmt.Errorf("%s[%d] = %v is out of range", what, i, x)
		}
		dst[i] = f
	}
	return nil
}
