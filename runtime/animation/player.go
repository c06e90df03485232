package animation

import (
	"fmt"
	"math"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/scenegraph"
)

// FiredEvent is what Player.Event and Controller.Event carry.
type FiredEvent struct {
	// State is the clip state whose playback passed the event.
	State *ClipState
	// Event is the clip's event.
	Event Event
}

// maxEventPasses bounds the passes of a looping clip whose events one
// frame fires: a frame longer than this many durations fires the events
// of the last ones only (a 1 ms clip in a 1 s stall must not fire 1000
// times).
const maxEventPasses = 16

// boundTrack is one track of a bound state: the mixer slot it drives and
// the key segment it was last sampled in (the next sample's seek hint).
type boundTrack struct{ slot, cursor int32 }

// ClipState is one clip as a Player or Controller plays it (Cocos'
// AnimationState): its playback time, speed, wrap mode and blend weight.
type ClipState struct {
	// Speed scales this state's playback on top of the clip's Speed;
	// states start at 1, and values below 0 count as 0.
	Speed float64
	// Wrap is how playback time maps to the time line; states start with
	// the clip's Wrap.
	Wrap WrapMode
	// Weight is the state's share of the blend, 0..1 (more is allowed;
	// weights over 1 in sum are normalized). Play sets 1, CrossFade ramps
	// it; set it directly to blend states played with ClipState.Play. A
	// property whose states' weights sum to less than 1 keeps the rest as
	// the value it had before it was first animated.
	Weight float32

	clip    *Clip
	mix     *mixer
	slot    int // in mix.active, -1 when inactive
	time    float64
	playing bool
	paused  bool
	fresh   bool   // the next advance fires events at exactly time too
	done    bool   // a once clip ended this frame: Finished is due
	playGen uint32 // bumped by every Play, Stop and Seek

	fadeFrom, fadeTo float32
	fadeLeft, fadeDu float64

	bound     bool
	exclusive bool         // no two tracks share a slot (sampleOne may be used)
	gen       uint32       // clip.gen bound
	tracks    []boundTrack // by track of the clip
	events    []boundEvent
}

func newClipState(c *Clip, m *mixer) *ClipState {
	return &ClipState{clip: c, mix: m, slot: -1, Speed: 1, Wrap: c.Wrap}
}

// Clip returns the clip.
func (s *ClipState) Clip() *Clip { return s.clip }

// Name returns the clip's name.
func (s *ClipState) Name() string { return s.clip.Name }

// Time returns the playback time since Play, in seconds of the clip's
// time line (scaled by speed), not wrapped: a looping clip of 1 s
// played for 2.5 s is at 2.5; a once clip stops at its duration.
func (s *ClipState) Time() float64 { return s.time }

// LocalTime returns where on the clip's time line (0..Duration) the state
// is, after the wrap mode.
func (s *ClipState) LocalTime() float64 { return localTime(s.Wrap, s.clip.Duration, s.time) }

// NormalizedTime returns Time divided by the clip's duration: 1 at the end
// of the first pass.
func (s *ClipState) NormalizedTime() float64 { return s.time / s.clip.Duration }

// Playing reports whether the state is active (playing or paused).
func (s *ClipState) Playing() bool { return s.playing }

// Paused reports whether the state is paused.
func (s *ClipState) Paused() bool { return s.paused }

// Play starts the state from time 0 without stopping the others, so that
// several states blend by their Weights (a state not playing starts at
// Weight 1 if its Weight is 0). Events at time 0 fire in the next update.
func (s *ClipState) Play() {
	if !s.playing && s.Weight == 0 {
		s.Weight = 1
	}
	s.time, s.fresh, s.paused, s.done = 0, true, false, false
	s.fadeLeft = 0
	s.playing = true
	s.playGen++
	s.mix.add(s)
}

// Stop stops the state: it no longer contributes to the blend, and its
// properties keep the last values applied. Its weight goes to 0.
func (s *ClipState) Stop() { s.stop() }

func (s *ClipState) stop() {
	s.playing, s.paused, s.done = false, false, false
	s.Weight, s.fadeLeft = 0, 0
	s.playGen++
	s.mix.remove(s)
}

// Pause keeps the state in the blend, holding its time.
func (s *ClipState) Pause() { s.paused = true }

// Resume undoes Pause.
func (s *ClipState) Resume() { s.paused = false }

// Seek moves the state to time t (Time's scale: clamped to 0..Duration for
// the once and clamp modes), firing no events; the pose shows at the next
// sample (Player.Sample for now). Events after t fire as playback passes
// them.
func (s *ClipState) Seek(t float64) {
	t = max(t, 0)
	if s.Wrap.once() || s.Wrap == WrapClamp {
		t = min(t, s.clip.Duration)
	}
	s.time, s.fresh, s.done = t, false, false
	s.playGen++
}

// fade ramps Weight from its value now to to over d seconds.
func (s *ClipState) fade(to float32, d float64) {
	s.fadeFrom, s.fadeTo = s.Weight, to
	s.fadeLeft, s.fadeDu = d, d
}

// Fading reports whether a cross-fade is ramping the state's weight.
func (s *ClipState) Fading() bool { return s.fadeLeft > 0 }

// advanceFade moves a cross-fade dt on; a fade to 0 that ends stops the
// state.
func (s *ClipState) advanceFade(dt float64) {
	if s.fadeLeft <= 0 {
		return
	}
	s.fadeLeft -= dt
	if s.fadeLeft <= 0 {
		s.fadeLeft = 0
		s.Weight = s.fadeTo
		if s.fadeTo == 0 {
			s.stop()
		}
		return
	}
	k := float32(1 - s.fadeLeft/s.fadeDu)
	s.Weight = s.fadeFrom + (s.fadeTo-s.fadeFrom)*k
}

// advance moves playback dt seconds on (before speed), firing the events
// passed.
func (s *ClipState) advance(dt float64) {
	if !s.playing || s.paused {
		return
	}
	s.moveTo(s.time+dt*max(s.Speed, 0)*s.clip.speed(), true)
}

// moveTo moves playback to unwrapped time t1 (not before the time now),
// firing the events passed when events is set, and marks a once clip that
// reached its end as done.
func (s *ClipState) moveTo(t1 float64, events bool) {
	d := s.clip.Duration
	t0 := s.time
	if s.Wrap.once() || s.Wrap == WrapClamp {
		t1 = min(t1, d)
	}
	fresh := s.fresh
	s.time, s.fresh = t1, false
	if s.Wrap.once() && t1 >= d && (t0 < d || fresh) {
		s.done = true
	}
	if events && len(s.clip.Events) > 0 && (t1 > t0 || fresh) {
		s.fireEvents(t0, t1, fresh)
	}
}

// fireEvents fires, in playback order, each event whose moment lies in
// (t0, t1] of unwrapped time ([t0, t1] when incl), once per pass of the
// time line.
func (s *ClipState) fireEvents(t0, t1 float64, incl bool) {
	d := s.clip.Duration
	gen := s.playGen
	switch s.Wrap {
	case WrapLoop, WrapPingPong:
		k0, k1 := math.Floor(t0/d), math.Floor(t1/d)
		if k1-k0 >= maxEventPasses {
			k0, incl = k1-maxEventPasses+1, true
			t0 = k0 * d
		}
		for k := k0; k <= k1; k++ {
			back := s.Wrap == WrapPingPong && math.Mod(k, 2) == 1
			if !s.firePass(k*d, d, back, k > 0 && s.Wrap == WrapPingPong, t0, t1, incl, gen) {
				return
			}
		}
	case WrapReverse:
		s.firePass(0, d, true, false, t0, t1, incl, gen)
	default:
		s.firePass(0, d, false, false, t0, t1, incl, gen)
	}
}

// firePass fires the events of one pass of the time line, starting at
// unwrapped time start, forward or back; skipStart skips an event at the
// pass's first moment (a ping-pong turn fires it at the end of the pass
// before). It returns false when a listener changed the state.
func (s *ClipState) firePass(start, d float64, back, skipStart bool, t0, t1 float64, incl bool, gen uint32) bool {
	evs := s.clip.Events
	n := len(evs)
	for j := range n {
		i := j
		if back {
			i = n - 1 - j
		}
		e := &evs[i]
		u := start + e.Time
		if back {
			u = start + d - e.Time
		}
		if skipStart && u == start {
			continue
		}
		if u > t1 || u < t0 || u == t0 && !incl {
			continue
		}
		s.fire(i)
		if s.playGen != gen || !s.playing {
			return false
		}
	}
	return true
}

func (s *ClipState) fire(i int) {
	e := s.clip.Events[i]
	if s.mix.event != nil {
		s.mix.event.Emit(FiredEvent{State: s, Event: e})
	}
	if i < len(s.events) {
		for _, f := range s.events[i].calls {
			f()
		}
		for _, f := range s.events[i].callsArg {
			f(e.Arg)
		}
	}
}

// Player plays keyframe Clips on its node and the nodes under it (Cocos'
// Animation component for AnimationClips; this package's Animation is the
// sprite-sheet player and keeps its name). It plays, pauses, stops, seeks
// and cross-fades clips, and blends any number of clip states by weight.
//
// Players are advanced and sampled by the animation System of their
// scene's Director, in the System's Update: after every component's
// Update and before any LateUpdate, as in Cocos, so a LateUpdate sees the
// pose of this frame. Tracks are bound to their targets at a state's first
// sample (call Rebind after changing the node tree); sampling then
// allocates nothing.
type Player struct {
	scenegraph.Component

	// Clips are the clips Play can name.
	Clips []*Clip
	// DefaultClip is played when the component is first enabled, if
	// PlayOnLoad is set ("" is the first clip).
	DefaultClip string
	// PlayOnLoad starts DefaultClip on the first OnEnable.
	PlayOnLoad bool
	// Event is emitted for each clip event that playback passes, in
	// order, before the event's methods are called.
	Event core.Signal[FiredEvent]
	// Finished is emitted when a once clip (WrapNormal, WrapReverse)
	// reaches its end, after its last pose is applied.
	Finished core.Signal[*ClipState]

	mix    mixer
	states []*ClipState
	cur    *ClipState
	sys    *System
	slot   int
	paused bool
	played bool
}

// NewPlayer returns a Player of clips.
func NewPlayer(clips ...*Clip) *Player {
	p := &Player{Clips: clips, slot: -1}
	return p
}

func (p *Player) index() *int { return &p.slot }

// State returns the state of the clip named name (Cocos' getState),
// creating it the first time, or nil if the Player has no such clip.
func (p *Player) State(name string) *ClipState {
	for _, s := range p.states {
		if s.clip.Name == name {
			return s
		}
	}
	for _, c := range p.Clips {
		if c != nil && c.Name == name {
			p.mix.event = &p.Event
			s := newClipState(c, &p.mix)
			p.states = append(p.states, s)
			return s
		}
	}
	return nil
}

// ready returns the state of name, bound, or an error naming the clip and
// the track that does not bind.
func (p *Player) ready(op, name string) (*ClipState, error) {
	s := p.State(name)
	if s == nil {
		return nil, fmt.Errorf("animation: Player.%s(%q) on %v: no such clip", op, name, p.Node())
	}
	p.mix.root = p.Node()
	if !s.bound || s.gen != s.clip.gen {
		if err := p.mix.bind(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Play stops every state and plays the clip named name from its start, at
// weight 1. An unknown clip, or one with a track that does not bind to a
// property under the node, is an error naming the clip and the track, and
// changes nothing.
func (p *Player) Play(name string) error {
	s, err := p.ready("Play", name)
	if err != nil {
		return err
	}
	for _, o := range p.states {
		if o != s && o.playing {
			o.stop()
		}
	}
	s.Weight = 1
	s.Play()
	p.cur, p.paused = s, false
	return nil
}

// CrossFade plays the clip named name (from its start, unless it is
// playing already) and ramps its weight linearly to 1 over duration
// seconds, while the weights of every other playing state ramp to 0, each
// from its weight now; a state whose weight reaches 0 stops. A duration of
// 0 or less is Play.
func (p *Player) CrossFade(name string, duration float64) error {
	if !(duration > 0) {
		return p.Play(name)
	}
	s, err := p.ready("CrossFade", name)
	if err != nil {
		return err
	}
	if !s.playing {
		s.Weight = 0
		s.Play()
		s.Weight = 0
	}
	s.fade(1, duration)
	for _, o := range p.states {
		if o != s && o.playing {
			o.fade(0, duration)
		}
	}
	p.cur, p.paused = s, false
	return nil
}

// Stop stops every state; the animated properties keep their values.
func (p *Player) Stop() {
	for _, s := range p.states {
		if s.playing {
			s.stop()
		}
	}
	p.paused = false
}

// Pause freezes every state and cross-fade; Resume goes on.
func (p *Player) Pause() { p.paused = true }

// Resume undoes Pause.
func (p *Player) Resume() { p.paused = false }

// Paused reports whether Pause froze the Player.
func (p *Player) Paused() bool { return p.paused }

// Playing reports whether any state is playing.
func (p *Player) Playing() bool { return len(p.mix.active) > 0 }

// Current returns the state Play or CrossFade started last, or nil.
func (p *Player) Current() *ClipState { return p.cur }

// Seek moves the current state to time t (ClipState.Seek) and applies the
// pose at once. Without a current state it does nothing.
func (p *Player) Seek(t float64) {
	if p.cur != nil {
		p.cur.Seek(t)
		p.Sample()
	}
}

// Sample applies the blended pose of the playing states now, as the System
// does after advancing them.
func (p *Player) Sample() {
	p.mix.root = p.Node()
	p.mix.sample()
}

// Rebind makes every state bind its tracks again at its next sample: call
// it after adding, removing or renaming nodes or components that tracks
// name.
func (p *Player) Rebind() {
	for _, s := range p.states {
		s.bound = false
	}
	p.mix.slots, p.mix.acc, p.mix.index = p.mix.slots[:0], p.mix.acc[:0], nil
}

// OnEnable joins the scene's System and, the first time, plays the
// default clip if PlayOnLoad is set.
func (p *Player) OnEnable() {
	if p.sys == nil {
		if p.sys = SystemOf(p.Node()); p.sys == nil {
			scenegraph.LoggerOf(p.Node()).Printf("animation: Player on %q: its scene is run by no Director; it will not play", p.Node().Path())
			return
		}
	}
	p.sys.animators.add(p)
	if p.PlayOnLoad && !p.played {
		p.played = true
		name := p.DefaultClip
		if name == "" && len(p.Clips) > 0 && p.Clips[0] != nil {
			name = p.Clips[0].Name
		}
		if err := p.Play(name); err != nil {
			scenegraph.LoggerOf(p.Node()).Printf("%v", err)
		}
	}
}

// OnDisable leaves the System: a disabled Player neither advances nor
// samples.
func (p *Player) OnDisable() {
	if p.sys != nil {
		p.sys.animators.remove(p)
	}
}

// step advances the playing states dt seconds, applies the blended pose,
// then emits Finished for once clips that ended.
func (p *Player) step(dt float64) {
	if p.paused || len(p.mix.active) == 0 {
		return
	}
	m := &p.mix
	m.root = p.Node()
	m.walking = true
	n := len(m.active)
	for i := 0; i < n; i++ {
		if s := m.active[i]; s != nil {
			s.advanceFade(dt)
			s.advance(dt)
		}
	}
	m.walking = false
	m.compact()
	m.sample()
	for _, s := range p.states {
		if s.done && s.playing {
			s.done = false
			s.playing = false
			s.mix.remove(s)
			s.playGen++
			p.Finished.Emit(s)
		}
	}
}
