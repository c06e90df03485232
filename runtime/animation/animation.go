package animation

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// ClipMode says what a clip does after its last frame.
type ClipMode uint8

const (
	// ClipOnce stops on the last frame and emits Animation.Finished.
	ClipOnce ClipMode = iota
	// ClipLoop starts again from the first frame.
	ClipLoop
	// ClipPingPong plays back to the first frame, then forward again, without
	// showing the end frames twice (0 1 2 3 2 1 0 1 ...).
	ClipPingPong
)

// ClipEvent names a frame of a clip; Animation.Event is emitted when
// playback enters that frame.
type ClipEvent struct {
	// Frame is the frame index (0-based).
	Frame int
	// Name is what listeners receive.
	Name string
}

// AnimationClip is a sprite animation: texture regions shown one after
// another at FrameRate frames per second.
type AnimationClip struct {
	// Name identifies the clip in Animation.Play.
	Name string
	// Texture is the sprite sheet; 0 keeps the Sprite's texture.
	Texture render.TextureID
	// Frames are the UV rectangles {u0, v0, u1, v1} (v0 the top edge) of the
	// frames, in order.
	Frames []mgl32.Vec4
	// FrameRate is the number of frames shown per second.
	FrameRate float64
	// Mode is what happens after the last frame.
	Mode ClipMode
	// Events are the named frames.
	Events []ClipEvent
}

// NewGridClip returns a clip of count cells of a sprite sheet cut into a grid
// of cellW×cellH texels, starting at cell first (row-major, from the top
// left) of a texW×texH texture. Bad sizes are an error naming the clip.
func NewGridClip(name string, tex render.TextureID, texW, texH, cellW, cellH, first, count int, fps float64, mode ClipMode) (*AnimationClip, error) {
	if texW <= 0 || texH <= 0 || cellW <= 0 || cellH <= 0 || cellW > texW || cellH > texH {
		return nil, fmt.Errorf("animation: clip %q: cell %dx%d does not fit texture %dx%d", name, cellW, cellH, texW, texH)
	}
	cols, rows := texW/cellW, texH/cellH
	if first < 0 || count <= 0 || first+count > cols*rows {
		return nil, fmt.Errorf("animation: clip %q: cells %d..%d outside the %dx%d grid", name, first, first+count-1, cols, rows)
	}
	c := &AnimationClip{Name: name, Texture: tex, FrameRate: fps, Mode: mode, Frames: make([]mgl32.Vec4, count)}
	tw, th := float32(texW), float32(texH)
	for i := range count {
		x, y := (first+i)%cols*cellW, (first+i)/cols*cellH
		c.Frames[i] = mgl32.Vec4{float32(x) / tw, float32(y) / th, float32(x+cellW) / tw, float32(y+cellH) / th}
	}
	return c, c.Validate()
}

// Validate reports what makes the clip unplayable: no frames, a frame rate
// that is not positive, an event on a frame the clip does not have.
func (c *AnimationClip) Validate() error {
	switch {
	case c == nil:
		return errors.New("animation: nil animation clip")
	case len(c.Frames) == 0:
		return fmt.Errorf("animation: clip %q has no frames", c.Name)
	case !(c.FrameRate > 0) || math.IsInf(c.FrameRate, 0):
		return fmt.Errorf("animation: clip %q: frame rate %v is not positive", c.Name, c.FrameRate)
	}
	for _, e := range c.Events {
		if e.Frame < 0 || e.Frame >= len(c.Frames) {
			return fmt.Errorf("animation: clip %q: event %q on frame %d of %d", c.Name, e.Name, e.Frame, len(c.Frames))
		}
	}
	return nil
}

// Duration returns the time of one pass through the frames, in seconds.
func (c *AnimationClip) Duration() float64 { return float64(len(c.Frames)) / c.FrameRate }

// frameAt maps a step count from the start of playback to a frame index.
func (c *AnimationClip) frameAt(step int64) int {
	n := int64(len(c.Frames))
	switch {
	case step < 0:
		return 0
	case c.Mode == ClipOnce:
		return int(min(step, n-1))
	case c.Mode == ClipPingPong && n > 1:
		p := step % (2*n - 2)
		if p >= n {
			p = 2*n - 2 - p
		}
		return int(p)
	}
	return int(step % n)
}

// AnimationEvent is what Animation.Event carries.
type AnimationEvent struct {
	// Animation is the component that played the frame.
	Animation *Animation
	// Clip is the clip playing.
	Clip *AnimationClip
	// Frame is the frame entered.
	Frame int
	// Name is the ClipEvent's name.
	Name string
}

// Animation plays AnimationClips on the Sprite of its node (Cocos'
// Animation component for sprite frames). It is advanced by the
// System of its scene while enabled, in that system's Update.
//
// CrossFade switches clips at the next frame boundary of the clip playing,
// so a frame is never cut short; with a blend time, the last frame of the
// old clip is drawn over the new clip, fading out over that time (a sprite
// cannot mix two frames any other way).
type Animation struct {
	scenegraph.Component

	// Clips are the clips Play can name.
	Clips []*AnimationClip
	// DefaultClip is played when the component is first enabled, if
	// PlayOnLoad is set ("" is the first clip).
	DefaultClip string
	// PlayOnLoad starts DefaultClip on the first OnEnable.
	PlayOnLoad bool
	// Speed scales playback time: NewAnimation sets 1; 0 freezes the
	// animation; negative values count as 0.
	Speed float64
	// Event is emitted when playback enters a frame named by a ClipEvent (in
	// frame order, also for frames a long dt skipped). Events of a clip's
	// first frame are emitted in the first update after Play.
	Event core.Signal[AnimationEvent]
	// Finished is emitted when a ClipOnce clip has shown its last frame for
	// a full frame time.
	Finished core.Signal[*Animation]

	sprite  *scenegraph.Sprite
	sys     *System
	slot    int
	cur     *AnimationClip
	next    *AnimationClip
	blend   float64 // of next
	time    float64
	step    int64 // steps entered since the clip started; -1 before the first
	playing bool
	played  bool // PlayOnLoad done
	gen     uint32

	fadeUV    mgl32.Vec4
	fadeTex   render.TextureID
	fadeLeft  float64
	fadeTotal float64
	draw      render.Sprite
}

func (a *Animation) index() *int { return &a.slot }

// NewAnimation returns an Animation of clips at Speed 1.
func NewAnimation(clips ...*AnimationClip) *Animation {
	return &Animation{Clips: clips, Speed: 1, slot: -1}
}

// Clip returns the clip named name, or nil.
func (a *Animation) Clip(name string) *AnimationClip {
	for _, c := range a.Clips {
		if c != nil && c.Name == name {
			return c
		}
	}
	return nil
}

// OnLoad finds the node's Sprite.
func (a *Animation) OnLoad() {
	a.sprite = scenegraph.GetComponent[*scenegraph.Sprite](a.Node())
	if a.sprite == nil {
		scenegraph.LoggerOf(a.Node()).Printf("animation: Animation on %q: the node has no Sprite to animate", a.Node().Path())
	}
}

// OnEnable joins the scene's System and, the first time, plays the
// default clip if PlayOnLoad is set.
func (a *Animation) OnEnable() {
	if a.sys == nil {
		if s := SystemOf(a.Node()); s != nil {
			a.sys = s
		} else {
			scenegraph.LoggerOf(a.Node()).Printf("animation: Animation on %q: its scene is run by no Director; it will not play", a.Node().Path())
			return
		}
	}
	a.sys.anims.add(a)
	if a.PlayOnLoad && !a.played {
		a.played = true
		name := a.DefaultClip
		if name == "" && len(a.Clips) > 0 && a.Clips[0] != nil {
			name = a.Clips[0].Name
		}
		if err := a.Play(name); err != nil {
			scenegraph.LoggerOf(a.Node()).Printf("%v", err)
		}
	}
}

// OnDisable leaves the System: a disabled animation does not advance.
func (a *Animation) OnDisable() {
	if a.sys != nil {
		a.sys.anims.remove(a)
	}
}

// Play starts the clip named name from its first frame, at once. An unknown
// or invalid clip is an error and changes nothing.
func (a *Animation) Play(name string) error {
	c := a.Clip(name)
	if c == nil {
		return fmt.Errorf("animation: Animation.Play(%q) on %v: no such clip", name, a.Node())
	}
	if err := c.Validate(); err != nil {
		return err
	}
	a.start(c)
	return nil
}

func (a *Animation) start(c *AnimationClip) {
	a.cur, a.next = c, nil
	a.time, a.step = 0, -1
	a.playing = true
	a.played = true
	a.gen++
	a.show(0)
}

// CrossFade switches to the clip named name at the next frame boundary of
// the clip playing (at once if none is), then draws the old clip's last
// frame over the new one, fading out over blend seconds (0: a plain switch).
func (a *Animation) CrossFade(name string, blend float64) error {
	c := a.Clip(name)
	if c == nil {
		return fmt.Errorf("animation: Animation.CrossFade(%q) on %v: no such clip", name, a.Node())
	}
	if err := c.Validate(); err != nil {
		return err
	}
	if !a.playing || a.cur == nil {
		a.start(c)
		return nil
	}
	a.next, a.blend = c, max(blend, 0)
	return nil
}

// Stop stops playback on the frame shown.
func (a *Animation) Stop() {
	a.playing = false
	a.next = nil
	a.gen++
}

// Pause stops advancing; Resume goes on from the same time.
func (a *Animation) Pause() { a.playing = false }

// Resume undoes Pause (it does not restart a finished ClipOnce clip).
func (a *Animation) Resume() {
	if a.cur != nil && !(a.cur.Mode == ClipOnce && a.step >= int64(len(a.cur.Frames))) {
		a.playing = true
	}
}

// Playing reports whether a clip is advancing.
func (a *Animation) Playing() bool { return a.playing }

// Current returns the clip playing or last played, or nil.
func (a *Animation) Current() *AnimationClip { return a.cur }

// Frame returns the index of the frame shown.
func (a *Animation) Frame() int {
	if a.cur == nil {
		return 0
	}
	return a.cur.frameAt(a.step)
}

// Time returns the playback time within the current clip, in seconds.
func (a *Animation) Time() float64 { return a.time }

func (a *Animation) show(frame int) {
	if s := a.sprite; s != nil {
		s.UV = a.cur.Frames[frame]
		if a.cur.Texture != 0 {
			s.Texture = a.cur.Texture
		}
	}
}

// stepEpsilon keeps summed frame times from missing a frame boundary by a
// rounding error (5 frames of 1/60 s are one 12 fps frame).
const stepEpsilon = 1e-9

// advance moves playback dt seconds on, entering every frame boundary
// crossed: events, a pending cross-fade, the end of a ClipOnce clip.
func (a *Animation) advance(dt float64) {
	if a.fadeLeft > 0 {
		a.fadeLeft -= dt
	}
	if !a.playing || a.cur == nil {
		return
	}
	a.time += dt * max(a.Speed, 0)
	gen := a.gen
	for {
		c := a.cur
		n := int64(len(c.Frames))
		step := int64(math.Floor(a.time*c.FrameRate + stepEpsilon))
		if step <= a.step {
			return
		}
		if a.next != nil && a.step >= 0 {
			// The shown frame ends here: switch, keeping the overshoot.
			tb := float64(a.step+1) / c.FrameRate
			a.fadeUV, a.fadeTex = c.Frames[c.frameAt(a.step)], a.sprite0Texture()
			over := max(a.time-tb, 0)
			a.fadeLeft, a.fadeTotal = a.blend-over/max(a.Speed, 1e-9), a.blend
			a.start(a.next)
			gen = a.gen
			a.time = over
			continue
		}
		for s := a.step + 1; s <= step; s++ {
			if c.Mode == ClipOnce && s >= n {
				a.step = n
				a.playing = false
				a.show(int(n - 1))
				a.Finished.Emit(a)
				return
			}
			a.step = s
			f := c.frameAt(s)
			a.show(f)
			for _, e := range c.Events {
				if e.Frame == f {
					a.Event.Emit(AnimationEvent{Animation: a, Clip: c, Frame: f, Name: e.Name})
					if a.gen != gen || !a.playing {
						return // a listener played, stopped or paused
					}
				}
			}
			if a.next != nil && s < step {
				break // switch at this frame's end, in the outer loop
			}
		}
	}
}

func (a *Animation) sprite0Texture() render.TextureID {
	if a.sprite != nil {
		return a.sprite.Texture
	}
	return 0
}

// Fading reports whether a cross-fade overlay is being drawn.
func (a *Animation) Fading() bool { return a.fadeLeft > 0 && a.fadeTotal > 0 }

// Render draws the fading old frame of a cross-fade over the Sprite; it
// draws nothing otherwise.
func (a *Animation) Render(v *scenegraph.View) {
	s := a.sprite
	if !a.Fading() || s == nil || !s.EnabledInHierarchy() {
		return
	}
	m := a.Node().WorldMatrix()
	center := mgl32.Vec3{m[12], m[13], m[14]}
	sx := m[0]*m[0] + m[1]*m[1]
	sy := m[4]*m[4] + m[5]*m[5]
	r := float32(math.Sqrt(float64((s.Size[0]*s.Size[0] + s.Size[1]*s.Size[1]) * max(sx, sy))))
	if !v.Visible(center, r) {
		v.CountCulled()
		return
	}
	d := &a.draw
	d.Transform = m
	d.Size, d.Pivot = s.Size, s.Anchor
	d.UV = a.fadeUV
	if s.FlipX {
		d.UV[0], d.UV[2] = d.UV[2], d.UV[0]
	}
	if s.FlipY {
		d.UV[1], d.UV[3] = d.UV[3], d.UV[1]
	}
	k := float32(a.fadeLeft / a.fadeTotal)
	c := s.Color
	d.Color = render.RGBA(c.R(), c.G(), c.B(), uint8(float32(c.A())*k))
	d.Texture, d.Shader, d.Blend = a.fadeTex, s.Shader, render.BlendAlpha
	d.Layer, d.Order = s.SortLayer, s.Order
	d.Depth = v.Depth(center)
	v.Frame.DrawSprite(d)
	v.CountRendered()
}
