package camera2d

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// Bounds is an axis-aligned rectangle in world units. An axis whose Max is
// not above its Min is unbounded, so the zero Bounds bounds nothing.
type Bounds struct {
	Min, Max mgl32.Vec2
}

// ViewSize returns the size in world units of what cam showed at its last
// extraction: 2·OrthoHeight high (or its viewport's pixel height, when
// OrthoHeight is 0) and as wide as its viewport's aspect makes that. It is
// (0, 0) before the camera's first extraction and for a perspective camera
// (which has no single view size); the camera node's scale is not counted.
func ViewSize(cam *scenegraph.Camera) mgl32.Vec2 {
	if cam == nil || cam.Projection != scenegraph.Orthographic {
		return mgl32.Vec2{}
	}
	r := cam.ScreenRect()
	if r.W <= 0 || r.H <= 0 {
		return mgl32.Vec2{}
	}
	hh := cam.OrthoHeight
	if hh <= 0 {
		hh = float32(r.H) / 2
	}
	return mgl32.Vec2{2 * hh * float32(r.W) / float32(r.H), 2 * hh}
}

// Follow moves its node (a 2D camera's) after a target node, once per
// unpaused frame in the camera2d System's PostUpdate, after physics
// interpolation (see the package documentation). Each frame, in this order:
//
//  1. the aim point is the target's world position plus Offset, plus its
//     velocity over the last frame times LookAhead;
//  2. the goal is the current focus moved just enough to bring the aim
//     point inside the DeadZone centered on it (the goal is the focus itself
//     while the aim point is inside);
//  3. the focus moves toward the goal, closing half the distance every
//     Smoothing seconds (exponential, so the same at any frame rate;
//     Smoothing 0 jumps);
//  4. the focus is kept inside Bounds, such that the camera's whole view
//     (ViewSize) stays inside them, centered on an axis the view is larger
//     than;
//  5. the node goes to the focus plus the shake offset, rounded to whole
//     screen pixels of the camera with PixelSnap (the focus itself is kept
//     unrounded, so slow smoothing still arrives).
//
// The node's z is kept. The first frame after the Follow is enabled (and
// after Snap) puts the focus on the aim point at once. The node should be
// a child of an unmoved parent (the scene root) or the parent's motion adds
// to it.
type Follow struct {
	scenegraph.Component

	// Target is the node followed; nil leaves the camera where it is.
	Target *scenegraph.Node
	// Offset is added to the target's position (world units).
	Offset mgl32.Vec2
	// Smoothing is the half-life, in seconds, of the distance to the goal;
	// 0 follows exactly.
	Smoothing float64
	// DeadZone is the width and height of the rectangle around the focus
	// in which the target moves without moving the camera.
	DeadZone mgl32.Vec2
	// LookAhead is how many seconds of the target's velocity to lead it by.
	LookAhead float64
	// Bounds keeps the camera's view inside a rectangle (a tile map's:
	// its world position to position plus its size); zero: unbounded.
	Bounds Bounds
	// PixelSnap rounds the camera's position to whole screen pixels.
	PixelSnap bool
	// Camera is the camera whose view size Bounds and PixelSnap use; nil
	// means the Camera on the Follow's node.
	Camera *scenegraph.Camera
	// Seed seeds the shake's pseudo-random sequence (0 is a fixed seed),
	// so a replayed run shakes the same.
	Seed uint32

	sys      *System
	started  bool
	focus    mgl32.Vec2
	prev     mgl32.Vec2
	shakeAmp float32
	shakeDur float64
	shakeT   float64
	rng      uint32
}

// OnEnable registers the Follow with its Director's System; its next step
// snaps to the target.
func (f *Follow) OnEnable() {
	f.started = false
	if f.sys = SystemOf(f.Node()); f.sys != nil {
		f.sys.follows = add(f.sys.follows, f)
	}
}

// OnDisable unregisters the Follow.
func (f *Follow) OnDisable() {
	if f.sys != nil {
		f.sys.follows = remove(f.sys.follows, f)
	}
}

// Snap makes the next step jump to the aim point, without smoothing or
// look-ahead (after a teleport or a scene cut).
func (f *Follow) Snap() { f.started = false }

// Focus returns the camera's position before shake and pixel snapping.
func (f *Follow) Focus() mgl32.Vec2 { return f.focus }

// Shake shakes the camera for duration seconds by up to amplitude world
// units on each axis, fading linearly to nothing. A new shake replaces one
// under way; amplitude or duration not positive stops shaking.
func (f *Follow) Shake(amplitude float32, duration float64) {
	if !(amplitude > 0) || !(duration > 0) {
		f.shakeAmp, f.shakeDur, f.shakeT = 0, 0, 0
		return
	}
	f.shakeAmp, f.shakeDur, f.shakeT = amplitude, duration, duration
	if f.rng == 0 {
		f.rng = f.Seed
		if f.rng == 0 {
			f.rng = 0x9e3779b9
		}
	}
}

// Shaking reports whether a shake is under way.
func (f *Follow) Shaking() bool { return f.shakeT > 0 }

// camera returns the camera whose view the Follow keeps in bounds.
func (f *Follow) camera() *scenegraph.Camera {
	if f.Camera != nil {
		return f.Camera
	}
	return scenegraph.GetComponent[*scenegraph.Camera](f.Node())
}

// Step moves the node by one frame of dt seconds, as the System does in
// its PostUpdate (see Follow for the steps). Call it yourself only for a
// Follow whose scene no Director runs.
func (f *Follow) Step(dt float64) {
	n := f.Node()
	t := f.Target
	if n == nil || t == nil || !t.IsValid() {
		return
	}
	tp := t.WorldPosition()
	tgt := mgl32.Vec2{tp[0], tp[1]}
	aim := tgt.Add(f.Offset)
	if !f.started || !(dt > 0) {
		if !f.started {
			f.focus = aim
		}
		f.started = true
	} else {
		if f.LookAhead != 0 {
			aim = aim.Add(tgt.Sub(f.prev).Mul(float32(f.LookAhead / dt)))
		}
		goal := f.focus
		for i := 0; i < 2; i++ {
			if hz := f.DeadZone[i] / 2; aim[i] > goal[i]+hz {
				goal[i] = aim[i] - hz
			} else if aim[i] < goal[i]-hz {
				goal[i] = aim[i] + hz
			}
		}
		k := float32(1)
		if f.Smoothing > 0 {
			k = float32(1 - math.Exp2(-dt/f.Smoothing))
		}
		f.focus = f.focus.Add(goal.Sub(f.focus).Mul(k))
	}
	f.prev = tgt
	cam := f.camera()
	view := ViewSize(cam)
	f.focus = clampView(f.focus, view, f.Bounds)
	out := f.focus.Add(f.shake(dt))
	if f.PixelSnap {
		if r := cam.ScreenRect(); view[1] > 0 && r.H > 0 {
			upp := view[1] / float32(r.H) // world units per screen pixel
			for i := 0; i < 2; i++ {
				out[i] = float32(math.Round(float64(out[i]/upp))) * upp
			}
		} else {
			out[0], out[1] = float32(math.Round(float64(out[0]))), float32(math.Round(float64(out[1])))
		}
	}
	p := n.WorldPosition()
	n.SetWorldPosition(mgl32.Vec3{out[0], out[1], p[2]})
}

// clampView keeps a view of size view centered on c inside b.
func clampView(c, view mgl32.Vec2, b Bounds) mgl32.Vec2 {
	for i := 0; i < 2; i++ {
		if !(b.Max[i] > b.Min[i]) {
			continue
		}
		half := view[i] / 2
		lo, hi := b.Min[i]+half, b.Max[i]-half
		switch {
		case lo > hi:
			c[i] = (b.Min[i] + b.Max[i]) / 2
		case c[i] < lo:
			c[i] = lo
		case c[i] > hi:
			c[i] = hi
		}
	}
	return c
}

// shake advances the shake by dt and returns this frame's offset.
func (f *Follow) shake(dt float64) mgl32.Vec2 {
	if f.shakeT <= 0 {
		return mgl32.Vec2{}
	}
	amp := f.shakeAmp * float32(f.shakeT/f.shakeDur)
	f.shakeT -= dt
	return mgl32.Vec2{amp * f.rand(), amp * f.rand()}
}

// rand returns the next value of the xorshift32 sequence in [-1, 1].
func (f *Follow) rand() float32 {
	x := f.rng
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	f.rng = x
	return float32(x)/float32(math.MaxUint32)*2 - 1
}
