package animation

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Interp is how a track's value goes from one keyframe to the next.
type Interp uint8

const (
	// Linear interpolates each component in a straight line (the default).
	Linear Interp = iota
	// Step holds a key's value until the next key's time, then jumps.
	Step
	// Hermite is a cubic Hermite spline through the keys, its slope at each
	// key given by the key's tangents (Keyframe.In and Keyframe.Out, in
	// value units per second), as Cocos' curve editor's cubic mode stores
	// them.
	Hermite
	// Bezier eases each segment along the cubic Bézier timing curve of the
	// key that starts it (Keyframe.Curve, {x1, y1, x2, y2} as in CSS and in
	// Cocos' curve editor), between the two keys' values.
	Bezier
)

var interpNames = [...]string{Linear: "linear", Step: "step", Hermite: "hermite", Bezier: "bezier"}

// String returns the name the clip format uses ("linear", "step", ...).
func (i Interp) String() string {
	if int(i) < len(interpNames) {
		return interpNames[i]
	}
	return fmt.Sprintf("Interp(%d)", i)
}

// WrapMode says how a clip's playback time maps to its time line.
type WrapMode uint8

const (
	// WrapNormal plays once, forward, then stops on the last pose and
	// emits Player.Finished (Cocos' WrapMode.Normal).
	WrapNormal WrapMode = iota
	// WrapLoop plays forward again and again; at each whole duration the
	// time line starts over (time Duration samples time 0).
	WrapLoop
	// WrapPingPong plays forward, then backward, then forward again.
	WrapPingPong
	// WrapReverse plays once, backward from the end, then stops on the
	// first pose and emits Player.Finished.
	WrapReverse
	// WrapClamp plays once, forward, then holds the last pose and goes on
	// contributing it to blends: it never finishes (Cocos' ClampForever).
	WrapClamp
)

var wrapNames = [...]string{WrapNormal: "normal", WrapLoop: "loop", WrapPingPong: "pingpong", WrapReverse: "reverse", WrapClamp: "clamp"}

// String returns the name the clip format uses ("normal", "loop", ...).
func (w WrapMode) String() string {
	if int(w) < len(wrapNames) {
		return wrapNames[w]
	}
	return fmt.Sprintf("WrapMode(%d)", w)
}

// Keyframe is one key of a Track: a time and a value, with what the
// track's interpolation needs.
type Keyframe struct {
	// Time is the key's time on the clip's time line, in seconds.
	Time float64
	// Value holds the key's numeric value: as many components as the
	// property has (1 for a number or an angle, 3 for a position, 4 for a
	// colour in 0..255 per channel); the others are ignored.
	Value mgl32.Vec4
	// Text is the value of a string property (a Label's text).
	Text string
	// Frame is the value of a Sprite's "frame" property. A frame with no
	// Texture and no Size sets only the Sprite's UV region, keeping its
	// texture and size (the cells of a sprite sheet).
	Frame scenegraph.SpriteFrame
	// FrameName names an atlas frame for the "frame" property of a clip
	// file; Clip.ResolveFrames turns it into Frame.
	FrameName string
	// In and Out are the tangents (slopes, value units per second) on the
	// key's left and right, for Hermite tracks.
	In, Out mgl32.Vec4
	// Curve is the timing curve {x1, y1, x2, y2} of the segment that
	// starts at this key, for Bezier tracks; the zero value is a straight
	// line (as {0, 0, 1, 1} is).
	Curve mgl32.Vec4
}

// Track animates one property of one target: a node under the animated
// node (Path), or one of its components (Component), over keyframes.
type Track struct {
	// Path is the slash-separated path of the target node, relative to
	// the node of the component that plays the clip ("" is that node).
	Path string
	// Component is the Go type name of the target component on that node
	// ("Sprite", "Label", "Mover"); "" targets the node itself.
	Component string
	// Property names what is animated. Of a node: "position" (3 values),
	// "scale" (3), "rotation" (3 Euler angles in degrees, applied as
	// SetRotationEuler), "quaternion" (4: the rotation as a quaternion
	// {x, y, z, w}, slerped between keys, blended normalized; what glTF
	// rotation channels become), "angle" (1, degrees about z). Of a component:
	// "frame" (a Sprite's frame, stepped), "opacity" (1, the alpha
	// 0..255 of the component's Color field), or any exported state field
	// a scene file can set (see internal/fields), matched without regard
	// to case: float32, float64 and integer fields (1 value, integers
	// rounded), bool (1 value, true from 0.5), mgl32.Vec2/Vec3/Vec4 (2, 3,
	// 4), render.Color (4, 0..255 each) and string (Keyframe.Text,
	// stepped).
	Property string
	// Interp is the interpolation between keys; strings, frames and bools
	// always step.
	Interp Interp
	// Keys are the keyframes, in strictly increasing time order.
	Keys []Keyframe

	width int // values per key as a clip file gave them; 0: not known
}

// Event is a named moment of a clip. When playback passes Time, the
// player emits its Event signal and calls every method named Name, of
// signature func() or func(string) (given Arg), on the components of its
// node, as Cocos' animation events do.
type Event struct {
	// Time is when the event fires, in seconds on the clip's time line.
	Time float64
	// Name is the method called, and what the signal carries.
	Name string
	// Arg is passed to methods of signature func(string).
	Arg string
}

// Clip is a keyframe animation: tracks, each on one property of a node or
// a component, over a time line of Duration seconds, with events (Cocos'
// AnimationClip; not this package's sprite-sheet AnimationClip). A Clip is
// data: one clip can be played by many Players and Controllers at once. It
// must not be changed while it plays, except through Reload.
type Clip struct {
	// Name identifies the clip in Player.Play and in error messages.
	Name string
	// Duration is the length of the time line, in seconds: positive, and
	// not before the last key or event.
	Duration float64
	// Wrap is the wrap mode states of this clip start with.
	Wrap WrapMode
	// Speed scales the clip's playback (0 means 1).
	Speed float64
	// Tracks are the animated properties.
	Tracks []Track
	// Events are the clip's events, in time order.
	Events []Event
	// Atlas is the asset path of the atlas whose frames the FrameName keys
	// name, as a clip file gave it ("" for none).
	Atlas string

	gen uint32 // bumped by Reload: players rebind
}

// speed returns the clip's speed, 0 counting as 1.
func (c *Clip) speed() float64 {
	if c.Speed == 0 {
		return 1
	}
	return c.Speed
}

// Validate reports what makes the clip unplayable, naming the clip and the
// track or event: a duration that is not positive and finite, a track with
// no target property or no keys, keys out of time order or outside the
// time line, non-finite values, an unknown interpolation or wrap mode, a
// negative speed, events out of order.
func (c *Clip) Validate() error {
	if c == nil {
		return errors.New("animation: nil clip")
	}
	if !(c.Duration > 0) || math.IsInf(c.Duration, 0) {
		return fmt.Errorf("animation: clip %q: duration %v is not positive", c.Name, c.Duration)
	}
	if int(c.Wrap) >= len(wrapNames) {
		return fmt.Errorf("animation: clip %q: unknown wrap mode %d", c.Name, c.Wrap)
	}
	if !(c.Speed >= 0) || math.IsInf(c.Speed, 0) {
		return fmt.Errorf("animation: clip %q: speed %v is negative or not finite", c.Name, c.Speed)
	}
	for i := range c.Tracks {
		if err := c.Tracks[i].validate(c.Duration); err != nil {
			return fmt.Errorf("animation: clip %q: track %d (%s): %w", c.Name, i, c.Tracks[i].describe(), err)
		}
	}
	for i, e := range c.Events {
		switch {
		case !(e.Time >= 0) || e.Time > c.Duration:
			return fmt.Errorf("animation: clip %q: event %d (%q) at %v is outside the time line 0..%v", c.Name, i, e.Name, e.Time, c.Duration)
		case e.Name == "":
			return fmt.Errorf("animation: clip %q: event %d has no name", c.Name, i)
		case i > 0 && e.Time < c.Events[i-1].Time:
			return fmt.Errorf("animation: clip %q: event %d (%q) at %v is before the event before it", c.Name, i, e.Name, e.Time)
		}
	}
	return nil
}

// describe names a track the way error messages do: "Body/Arm:Sprite.color".
func (t *Track) describe() string {
	s := t.Path
	if t.Component != "" {
		s += ":" + t.Component
	}
	if s != "" {
		s += "."
	}
	return s + t.Property
}

func (t *Track) validate(duration float64) error {
	switch {
	case t.Property == "":
		return errors.New("no property")
	case len(t.Keys) == 0:
		return errors.New("no keys")
	case int(t.Interp) >= len(interpNames):
		return fmt.Errorf("unknown interpolation %d", t.Interp)
	}
	for i := range t.Keys {
		k := &t.Keys[i]
		switch {
		case !(k.Time >= 0) || k.Time > duration:
			return fmt.Errorf("key %d at %v is outside the time line 0..%v", i, k.Time, duration)
		case i > 0 && !(k.Time > t.Keys[i-1].Time):
			return fmt.Errorf("key %d at %v is not after key %d at %v", i, k.Time, i-1, t.Keys[i-1].Time)
		case !finite4(k.Value) || !finite4(k.In) || !finite4(k.Out) || !finite4(k.Curve):
			return fmt.Errorf("key %d has a value that is not finite", i)
		case k.Curve[0] < 0 || k.Curve[0] > 1 || k.Curve[2] < 0 || k.Curve[2] > 1:
			return fmt.Errorf("key %d: curve x values %v, %v must lie in 0..1", i, k.Curve[0], k.Curve[2])
		}
	}
	return nil
}

func finite4(v mgl32.Vec4) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}

// ResolveFrames sets the Frame of every key that names an atlas frame
// (FrameName) from lookup, as the clip asset loader does with the clip's
// atlas. A name lookup does not know is an error naming the clip and the
// track.
func (c *Clip) ResolveFrames(lookup func(name string) (scenegraph.SpriteFrame, bool)) error {
	for i := range c.Tracks {
		t := &c.Tracks[i]
		if !t.isFrame() {
			continue
		}
		for j := range t.Keys {
			k := &t.Keys[j]
			if k.FrameName == "" {
				continue
			}
			f, ok := lookup(k.FrameName)
			if !ok {
				return fmt.Errorf("animation: clip %q: track %d (%s): key %d: no frame %q in atlas %q", c.Name, i, t.describe(), j, k.FrameName, c.Atlas)
			}
			k.Frame = f
		}
	}
	return nil
}

// isFrame reports whether t drives a Sprite's frame, whose string keys
// name atlas frames.
func (t *Track) isFrame() bool {
	return t.Component == "Sprite" && strings.EqualFold(t.Property, "frame")
}

// Reload replaces c's content with that of next, in place, so that
// everything playing c rebinds to the new tracks at its next sample (hot
// reload). next must be valid; c keeps its content otherwise.
func (c *Clip) Reload(next *Clip) error {
	if err := next.Validate(); err != nil {
		return err
	}
	gen := c.gen + 1
	*c = *next
	c.gen = gen
	return nil
}

// seek returns the index i of the key segment holding t: keys[i].Time <= t
// < keys[i+1].Time, 0 before the first key, len-1 from the last. hint is
// the index found last time, so playback forward finds it in a step or two.
func seek(keys []Keyframe, t float64, hint int) int {
	n := len(keys)
	i := min(max(hint, 0), n-1)
	if keys[i].Time > t {
		for i > 0 && keys[i].Time > t {
			i--
		}
		return i
	}
	for i+1 < n && keys[i+1].Time <= t {
		i++
		if i-hint > 4 { // a jump: binary search the rest
			lo, hi := i, n-1
			for lo < hi {
				m := (lo + hi + 1) / 2
				if keys[m].Time <= t {
					lo = m
				} else {
					hi = m - 1
				}
			}
			return lo
		}
	}
	return i
}

// sampleNum returns the track's numeric value at time t, and the segment
// index for the next hint.
func (t *Track) sampleNum(at float64, hint int, step bool) (vec4, int) {
	keys := t.Keys
	i := seek(keys, at, hint)
	k0 := &keys[i]
	if i+1 >= len(keys) || at <= k0.Time || step || t.Interp == Step {
		return v4(k0.Value), i
	}
	k1 := &keys[i+1]
	h := k1.Time - k0.Time
	s := (at - k0.Time) / h
	switch t.Interp {
	case Hermite:
		s2, s3 := s*s, s*s*s
		h00 := float32(2*s3 - 3*s2 + 1)
		h10 := float32((s3 - 2*s2 + s) * h)
		h01 := float32(-2*s3 + 3*s2)
		h11 := float32((s3 - s2) * h)
		a, o, b, n := &k0.Value, &k0.Out, &k1.Value, &k1.In
		return vec4{
			h00*a[0] + h10*o[0] + h01*b[0] + h11*n[0],
			h00*a[1] + h10*o[1] + h01*b[1] + h11*n[1],
			h00*a[2] + h10*o[2] + h01*b[2] + h11*n[2],
			h00*a[3] + h10*o[3] + h01*b[3] + h11*n[3],
		}, i
	case Bezier:
		if k0.Curve != (mgl32.Vec4{}) {
			s = bezierEase(k0.Curve, s)
		}
	}
	return lerpv(v4(k0.Value), v4(k1.Value), float32(s)), i
}

// sampleQuat returns the track's rotation {x, y, z, w} at time at, as a
// unit quaternion, and the segment index for the next hint: Step holds a
// key; Linear (and Bezier, along its timing curve) slerps the shorter way
// between keys; Hermite interpolates the components with the keys'
// tangents and normalizes the result, as glTF's CUBICSPLINE rotations do.
func (t *Track) sampleQuat(at float64, hint int) (vec4, int) {
	keys := t.Keys
	i := seek(keys, at, hint)
	k0 := &keys[i]
	if i+1 >= len(keys) || at <= k0.Time || t.Interp == Step || t.Interp == Hermite {
		v, i := t.sampleNum(at, i, false)
		return normv(v), i
	}
	k1 := &keys[i+1]
	s := (at - k0.Time) / (k1.Time - k0.Time)
	if t.Interp == Bezier && k0.Curve != (mgl32.Vec4{}) {
		s = bezierEase(k0.Curve, s)
	}
	return slerpv(unitv(v4(k0.Value)), unitv(v4(k1.Value)), float32(s)), i
}

// normQuat returns q scaled to unit length (the identity for a zero q).
func normQuat(q mgl32.Vec4) mgl32.Vec4 {
	l := q.Len()
	if l < 1e-12 {
		return mgl32.Vec4{0, 0, 0, 1}
	}
	return q.Mul(1 / l)
}

// slerp4 interpolates the unit quaternions a and b (as {x, y, z, w}) the
// shorter way round, along the great arc at constant speed (slerp), to
// within 1.5e-6 of the exact result (see slerpExact) but with no
// trigonometry: David Eberly's polynomial ("A Fast and Accurate
// Algorithm for Computing SLERP", 2011), 12 terms, the last scaled so
// that the error is at most 7.2e-7 over every angle and fraction (8
// terms leave 2e-5 between nearly perpendicular keys). Sampling slerps
// every rotation track of every skeleton every frame, and three sines
// and an arccosine were most of that cost.
//
// Keys close together need fewer terms: the series' error falls with the
// angle between them as a power of the term count, so the sum stops at
// the first count that slerpTerms says is within 2e-7 for the keys' dot
// product. Keys a frame or two apart (a few degrees) take one or two
// terms instead of twelve.
func slerp4(a, b mgl32.Vec4, s float32) mgl32.Vec4 { return slerpv(v4(a), v4(b), s).mgl() }

// slerpv is slerp4 on vec4s, the form sampling calls.
func slerpv(a, b vec4, s float32) vec4 {
	x := a.dot(b)
	sign := float32(1)
	if x < 0 {
		x, sign = -x, -1
	}
	n := len(slerpU)
	for k, least := range slerpTerms {
		if x >= least {
			n = k + 1
			break
		}
	}
	xm1 := x - 1
	d := 1 - s
	ss, dd := s*s, d*d
	cs, cd := float32(1), float32(1)
	for i := n - 1; i >= 0; i-- {
		cs = 1 + (slerpU[i]*ss-slerpV[i])*xm1*cs
		cd = 1 + (slerpU[i]*dd-slerpV[i])*xm1*cd
	}
	ws, wd := sign*s*cs, d*cd
	return vec4{a.x*wd + b.x*ws, a.y*wd + b.y*ws, a.z*wd + b.z*ws, a.w*wd + b.w*ws}
}

// slerpTerms[k] is the least dot product of two keys at which k+1 terms
// of Eberly's series (unscaled) keep both weights within 2e-7 of exact
// at every fraction (found by search in float64 over x and s, and checked
// band by band by TestSlerpTermBands); below the last, slerp4 takes all
// 12 terms, the last one scaled.
var slerpTerms = [...]float32{0.99795, 0.9784, 0.93105, 0.8628, 0.7839, 0.70175, 0.6208, 0.54335, 0.47045, 0.4024, 0.33925}

// slerpU and slerpV are Eberly's coefficients: u_i = 1/(i(2i+1)) and
// v_i = i/(2i+1) for i = 1..12, the last pair scaled by 1 + µ, the µ
// (found by search) that makes the truncated series' worst error least.
var slerpU, slerpV = func() (u, v [12]float32) {
	const onePlusMu = 1.8937
	for k := range len(u) {
		i := float64(k + 1)
		uu, vv := 1/(i*(2*i+1)), i/(2*i+1)
		if k == len(u)-1 {
			uu, vv = onePlusMu/(i*(2*i+1)), onePlusMu*i/(2*i+1)
		}
		u[k], v[k] = float32(uu), float32(vv)
	}
	return u, v
}()

// slerpExact is slerp by its definition, in float64: the reference the
// tests hold slerp4 to.
func slerpExact(a, b mgl32.Vec4, s float32) mgl32.Vec4 {
	d := float64(a.Dot(b))
	if d < 0 {
		b, d = b.Mul(-1), -d
	}
	if d > 0.9999999 {
		return normQuat(lerp4(a, b, s))
	}
	th := math.Acos(min(d, 1))
	sn := math.Sin(th)
	wa := float32(math.Sin((1-float64(s))*th) / sn)
	wb := float32(math.Sin(float64(s)*th) / sn)
	return a.Mul(wa).Add(b.Mul(wb))
}

// sampleKey returns the index of the key whose discrete value (text,
// frame, bool) shows at time at.
func (t *Track) sampleKey(at float64, hint int) int { return seek(t.Keys, at, hint) }

func lerp4(a, b mgl32.Vec4, s float32) mgl32.Vec4 {
	return mgl32.Vec4{a[0] + (b[0]-a[0])*s, a[1] + (b[1]-a[1])*s, a[2] + (b[2]-a[2])*s, a[3] + (b[3]-a[3])*s}
}

// bezierEase maps the fraction x of a segment's time to the fraction of
// its value change, along the cubic Bézier from (0,0) to (1,1) with
// control points (c[0],c[1]) and (c[2],c[3]): it solves x(s) = x for the
// curve parameter s (Newton's method, bisection where the slope is flat)
// and returns y(s).
func bezierEase(c mgl32.Vec4, x float64) float64 {
	x1, y1, x2, y2 := float64(c[0]), float64(c[1]), float64(c[2]), float64(c[3])
	bx := func(s float64) float64 { return 3*(1-s)*(1-s)*s*x1 + 3*(1-s)*s*s*x2 + s*s*s }
	s := x
	for range 8 {
		d := 3*(1-s)*(1-s)*x1 + 6*(1-s)*s*(x2-x1) + 3*s*s*(1-x2)
		e := bx(s) - x
		if math.Abs(e) < 1e-7 {
			break
		}
		if math.Abs(d) < 1e-6 {
			s = -1 // flat: bisect
			break
		}
		s -= e / d
		if s < 0 || s > 1 {
			s = -1
			break
		}
	}
	if s < 0 || math.Abs(bx(s)-x) >= 1e-7 {
		lo, hi := 0.0, 1.0
		s = x
		for range 40 {
			if bx(s) < x {
				lo = s
			} else {
				hi = s
			}
			s = (lo + hi) / 2
		}
	}
	return 3*(1-s)*(1-s)*s*y1 + 3*(1-s)*s*s*y2 + s*s*s
}

// localTime maps an unwrapped playback time (seconds since the start,
// never negative) to the clip's time line, by wrap mode.
func localTime(w WrapMode, d, t float64) float64 {
	// t - n*floor(t/n) rather than math.Mod: several times faster, and the
	// same for the non-negative, moderate times of playback.
	switch w {
	case WrapLoop:
		return max(t-d*math.Floor(t/d), 0)
	case WrapPingPong:
		p := max(t-2*d*math.Floor(t/(2*d)), 0)
		if p > d {
			p = 2*d - p
		}
		return p
	case WrapReverse:
		return d - min(t, d)
	}
	return min(t, d)
}

// once reports whether a wrap mode ends after one pass.
func (w WrapMode) once() bool { return w == WrapNormal || w == WrapReverse }
