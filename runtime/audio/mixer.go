package audio

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/tact-engine/tact/core"
)

// Bus is a group of voices with a volume of its own, applied on top of each
// voice's volume and below the master volume.
type Bus uint8

// The buses every Mixer has.
const (
	// Effects is for short sounds: hits, coins, clicks.
	Effects Bus = iota
	// Music is for music and ambience.
	Music
	numBuses
)

// String returns "effects", "music" or "Bus(n)".
func (b Bus) String() string {
	switch b {
	case Effects:
		return "effects"
	case Music:
		return "music"
	}
	return fmt.Sprintf("Bus(%d)", uint8(b))
}

// Pitch limits: a voice's pitch is clamped to this range.
const (
	MinPitch = 1.0 / 16
	MaxPitch = 4.0
)

// Mixer defaults for a zero MixerConfig (MixerConfig.WithDefaults). The
// rate and channel count equal platform's audio output defaults
// (platform.DefaultAudioFrequency, platform.DefaultAudioChannels), so that a
// zero mixer suits a zero output; package tact checks this when it compiles.
const (
	DefaultRate     = 48000
	DefaultChannels = 2
	DefaultVoices   = 64
)

// MixerConfig configures NewMixer. Its zero value is a DefaultRate mixer
// with DefaultChannels channels and DefaultVoices voices.
type MixerConfig struct {
	// Rate is the output rate in frames per second (0: DefaultRate): the
	// rate of the device that reads the Mixer.
	Rate int
	// Channels is the output's channel count, 1 or 2 (0: DefaultChannels). The mix is
	// stereo inside; a mono output is the mean of both sides.
	Channels int
	// Voices is how many voices may sound at once (0: DefaultVoices). They
	// are allocated once, here; Play past the limit plays nothing.
	Voices int
	// Logger receives errors met while streaming a file (nil drops them).
	// It is called from streaming goroutines, so it must be safe for
	// concurrent use, as core.Logger implementations are.
	Logger core.Logger
}

// VoiceID names one playing of a clip. The zero VoiceID names nothing, and
// an ID whose voice has ended names nothing either, even when its slot in
// the pool is playing something else by then: commands to it do nothing.
type VoiceID uint64

// PlayOptions says how a voice plays; DefaultPlayOptions fills in the
// neutral values.
type PlayOptions struct {
	// Bus is the voice's bus.
	Bus Bus
	// Volume is the voice's gain: 1 plays the clip as recorded, 0 is silent.
	Volume float32
	// Pan places the voice between left (-1) and right (1). Panning is a
	// balance: at 0 both sides play at full gain, and moving toward one side
	// lowers the other linearly.
	Pan float32
	// Pitch is the playback-rate factor (1: as recorded; 2: an octave up and
	// twice as fast); 0 (or NaN) means 1. It is clamped to [MinPitch, MaxPitch].
	Pitch float32
	// Loop starts the clip over when it ends, without a gap.
	Loop bool
	// FadeIn, in seconds, ramps the volume up from 0 to Volume.
	FadeIn float64
}

// DefaultPlayOptions returns the options Play uses: bus b, volume 1,
// centered, normal pitch, played once.
func DefaultPlayOptions(b Bus) PlayOptions {
	return PlayOptions{Bus: b, Volume: 1, Pitch: 1}
}

// MixerStats are counters for tuning and tests.
type MixerStats struct {
	// Voices is the number of voices sounding after the last Read.
	Voices int
	// Dropped counts Play calls that found every voice busy.
	Dropped uint64
	// Underruns counts chunks in which a streamed voice had no decoded
	// audio ready and was silent for part of the chunk.
	Underruns uint64
}

// chunkFrames is how many frames Read mixes at a time. Gain changes
// (volume, pan, pause, stop) ramp over one chunk, about 5 ms at 48 kHz,
// so that none of them clicks.
const chunkFrames = 256

// Mixer mixes playing clips into one stream of float32 samples.
//
// A device calls Read from its own goroutine; the game calls everything else
// from any goroutine, normally its main thread. Those calls do not wait for
// mixing: they reserve a voice or queue a command under a short lock, and
// the next Read applies the commands in order. In steady playback (voices
// started, played and ended, bus and voice settings changed) neither side
// allocates; starting a streamed clip allocates its buffers and goroutine.
type Mixer struct {
	rate, channels int
	logger         core.Logger

	// Guarded by mu: the game's side.
	mu      sync.Mutex
	pending []command
	slots   []slotInfo
	free    []int32
	buses   [numBuses]float32
	master  float32
	closed  bool
	dropped uint64

	// The mixing side, owned by whoever holds readMu (the device's goroutine).
	readMu     sync.Mutex
	work       []command
	voices     []voice
	ended      []int32
	acc        []float32
	busGain    [numBuses]float32
	masterGain float32

	sounding  atomic.Int64
	underruns atomic.Uint64
}

// slotInfo is the game side's view of one voice slot: busy from Play until
// the mixing side reports the voice ended.
type slotInfo struct {
	gen  uint32
	busy bool
	st   *stream
}

type opcode uint8

const (
	opPlay opcode = iota + 1
	opStop
	opPause
	opResume
	opVolume
	opFade
	opPan
	opPitch
	opLoop
	opBusVolume
	opMaster
)

// command is one queued change; a plain value, so queuing boxes nothing.
type command struct {
	op   opcode
	slot int32
	gen  uint32
	clip *Clip
	st   *stream
	win  []float32
	opts PlayOptions
	f    float32
	sec  float64
	flag bool
}

// WithDefaults returns c with its zero fields set as NewMixer sets them:
// Rate DefaultRate, Channels DefaultChannels, Voices DefaultVoices. It
// changes no field that is not zero (Logger included), and validates
// nothing: NewMixer rejects bad values.
func (c MixerConfig) WithDefaults() MixerConfig {
	if c.Rate == 0 {
		c.Rate = DefaultRate
	}
	if c.Channels == 0 {
		c.Channels = DefaultChannels
	}
	if c.Voices == 0 {
		c.Voices = DefaultVoices
	}
	return c
}

// NewMixer returns a Mixer for cfg (zero fields filled in by
// cfg.WithDefaults) with all its voices allocated. It fails on a rate
// outside [MinRate, MaxRate], a channel count other than 1 or 2, or a
// negative voice count.
func NewMixer(cfg MixerConfig) (*Mixer, error) {
	cfg = cfg.WithDefaults()
	switch {
	case cfg.Rate < MinRate || cfg.Rate > MaxRate:
		return nil, fmt.Errorf("audio: mixer rate %d Hz out of range [%d, %d]", cfg.Rate, MinRate, MaxRate)
	case cfg.Channels != 1 && cfg.Channels != 2:
		return nil, fmt.Errorf("audio: mixer with %d channels (want 1 or 2)", cfg.Channels)
	case cfg.Voices < 0:
		return nil, fmt.Errorf("audio: mixer with %d voices", cfg.Voices)
	}
	if cfg.Logger == nil {
		cfg.Logger = core.DiscardLogger{}
	}
	n := cfg.Voices
	m := &Mixer{
		rate: cfg.Rate, channels: cfg.Channels, logger: cfg.Logger,
		pending:    make([]command, 0, 4*n+16),
		work:       make([]command, 0, 4*n+16),
		slots:      make([]slotInfo, n),
		free:       make([]int32, n),
		voices:     make([]voice, n),
		ended:      make([]int32, 0, n),
		acc:        make([]float32, 2*chunkFrames),
		master:     1,
		masterGain: 1,
	}
	for i := range m.free {
		// Hand out low slots first: the mixing loop then touches fewer.
		m.free[i] = int32(n - 1 - i)
	}
	for b := range m.buses {
		m.buses[b], m.busGain[b] = 1, 1
	}
	return m, nil
}

// Rate returns the output rate in frames per second.
func (m *Mixer) Rate() int { return m.rate }

// Channels returns the output's channel count.
func (m *Mixer) Channels() int { return m.channels }

// Play plays c once on bus b at full volume, centered, at normal pitch, and
// returns its voice; see PlayWith.
func (m *Mixer) Play(c *Clip, b Bus) VoiceID { return m.PlayWith(c, DefaultPlayOptions(b)) }

// PlayWith starts a voice of c with o and returns it. It returns 0 (and
// counts a drop) when c is nil, every voice is busy, or the Mixer is
// closed. It also returns 0, counts a drop and reports the reason, naming
// the clip, to the Mixer's Logger, for a clip it cannot play: one with no
// frames, or a zero Clip value not made by this package (no sample rate,
// no channels). The voice is heard from the next Read on; a streamed clip
// starts once its first decoded audio is ready (a few milliseconds), silent
// until then rather than skipping its beginning.
func (m *Mixer) PlayWith(c *Clip, o PlayOptions) VoiceID {
	if err := playable(c); c == nil || err != nil {
		if err != nil {
			m.logger.Printf("audio: clip %q not played: %v", c.name, err)
		}
		m.mu.Lock()
		m.dropped++
		m.mu.Unlock()
		return 0
	}
	var st *stream
	var win []float32
	if c.Streamed() {
		st, win = newStream(c, m.rate, o.Loop)
	}
	m.mu.Lock()
	if m.closed || len(m.free) == 0 {
		m.dropped++
		m.mu.Unlock()
		return 0
	}
	slot := m.free[len(m.free)-1]
	m.free = m.free[:len(m.free)-1]
	s := &m.slots[slot]
	s.gen++
	s.busy = true
	s.st = st
	m.pending = append(m.pending, command{op: opPlay, slot: slot, gen: s.gen, clip: c, st: st, win: win, opts: o})
	id := VoiceID(uint64(s.gen)<<32 | uint64(slot+1))
	m.mu.Unlock()
	if st != nil {
		go st.produce(c, m.logger)
	}
	return id
}

// playable reports why the mixing side could not play c, or nil. Every
// division the mixing side makes by a clip's channels or rate, and every
// read of its first frame, relies on this check (start repeats it).
func playable(c *Clip) error {
	switch {
	case c == nil:
		return nil
	case c.channels != 1 && c.channels != 2:
		return fmt.Errorf("%d channels", c.channels)
	case c.rate < MinRate || c.rate > MaxRate:
		return fmt.Errorf("sample rate %d Hz", c.rate)
	case c.frames == 0, !c.Streamed() && len(c.data) < c.channels:
		return errNoFrames
	}
	return nil
}

// Active reports whether voice id still exists: started and neither ended
// nor stopped yet (a voice fading out to a stop, or paused, is active). It
// turns false in the Read that finishes the voice.
func (m *Mixer) Active(id VoiceID) bool {
	slot, gen := id.split()
	m.mu.Lock()
	defer m.mu.Unlock()
	return slot >= 0 && int(slot) < len(m.slots) && m.slots[slot].busy && m.slots[slot].gen == gen
}

// Stop stops voice id: at once (after a ramp of a few milliseconds, so it
// does not click) when fadeOut <= 0, else after fading to silence over
// fadeOut seconds.
func (m *Mixer) Stop(id VoiceID, fadeOut float64) { m.post(id, command{op: opStop, sec: fadeOut}) }

// Pause silences voice id and holds its position; Resume goes on from there.
func (m *Mixer) Pause(id VoiceID) { m.post(id, command{op: opPause}) }

// Resume continues a paused voice.
func (m *Mixer) Resume(id VoiceID) { m.post(id, command{op: opResume}) }

// SetVolume sets voice id's volume at once, ending any fade under way.
func (m *Mixer) SetVolume(id VoiceID, v float32) { m.post(id, command{op: opVolume, f: v}) }

// FadeTo ramps voice id's volume linearly to v over seconds.
func (m *Mixer) FadeTo(id VoiceID, v float32, seconds float64) {
	m.post(id, command{op: opFade, f: v, sec: seconds})
}

// SetPan sets voice id's pan (-1 left to 1 right); see PlayOptions.Pan.
func (m *Mixer) SetPan(id VoiceID, pan float32) { m.post(id, command{op: opPan, f: pan}) }

// SetPitch sets voice id's pitch; see PlayOptions.Pitch.
func (m *Mixer) SetPitch(id VoiceID, pitch float32) { m.post(id, command{op: opPitch, f: pitch}) }

// SetLoop turns looping of voice id on or off. For a streamed clip, audio
// already decoded ahead (up to half a second) plays first.
func (m *Mixer) SetLoop(id VoiceID, loop bool) { m.post(id, command{op: opLoop, flag: loop}) }

// StopAll stops every voice, like Stop.
func (m *Mixer) StopAll(fadeOut float64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range m.slots {
		if s := &m.slots[i]; s.busy {
			m.pending = append(m.pending, command{op: opStop, slot: int32(i), gen: s.gen, sec: fadeOut})
		}
	}
}

// SetBusVolume sets bus b's volume (1: unchanged), ramped over a few
// milliseconds.
func (m *Mixer) SetBusVolume(b Bus, v float32) {
	if b >= numBuses {
		return
	}
	m.mu.Lock()
	m.buses[b] = v
	m.pending = append(m.pending, command{op: opBusVolume, slot: int32(b), f: v})
	m.mu.Unlock()
}

// BusVolume returns bus b's volume as last set.
func (m *Mixer) BusVolume(b Bus) float32 {
	if b >= numBuses {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.buses[b]
}

// SetMasterVolume sets the volume applied to the whole mix.
func (m *Mixer) SetMasterVolume(v float32) {
	m.mu.Lock()
	m.master = v
	m.pending = append(m.pending, command{op: opMaster, f: v})
	m.mu.Unlock()
}

// MasterVolume returns the master volume as last set.
func (m *Mixer) MasterVolume() float32 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.master
}

// Stats returns the Mixer's counters.
func (m *Mixer) Stats() MixerStats {
	m.mu.Lock()
	dropped := m.dropped
	m.mu.Unlock()
	return MixerStats{Voices: int(m.sounding.Load()), Dropped: dropped, Underruns: m.underruns.Load()}
}

// Close stops every streaming goroutine and makes Play return 0 from then
// on. Close the device that reads the Mixer first. Close is idempotent.
func (m *Mixer) Close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	for i := range m.slots {
		if st := m.slots[i].st; st != nil {
			st.halt()
			m.slots[i].st = nil
		}
	}
}

func (id VoiceID) split() (slot int32, gen uint32) {
	return int32(uint32(id)) - 1, uint32(id >> 32)
}

// post queues c for voice id, if id names a voice the game side still
// knows; commands for a voice that ends before they apply do nothing.
func (m *Mixer) post(id VoiceID, c command) {
	slot, gen := id.split()
	m.mu.Lock()
	if slot >= 0 && int(slot) < len(m.slots) && m.slots[slot].busy && m.slots[slot].gen == gen {
		c.slot, c.gen = slot, gen
		m.pending = append(m.pending, c)
	}
	m.mu.Unlock()
}

// Read mixes the next len(dst)/Channels() frames into dst (interleaved,
// clamped to [-1, 1]) and returns len(dst) rounded down to whole frames:
// the Mixer always produces, silence when nothing plays. It is for one
// device goroutine; concurrent Reads take turns. Read allocates nothing.
func (m *Mixer) Read(dst []float32) int {
	m.readMu.Lock()
	defer m.readMu.Unlock()

	m.mu.Lock()
	m.work, m.pending = m.pending, m.work[:0]
	m.mu.Unlock()
	for i := range m.work {
		m.apply(&m.work[i])
	}
	clear(m.work) // let finished clips be collected

	frames := len(dst) / m.channels
	for off := 0; off < frames; off += chunkFrames {
		n := min(chunkFrames, frames-off)
		acc := m.acc[:2*n]
		clear(acc)
		for i := range m.voices {
			if v := &m.voices[i]; v.active {
				if !m.mixVoice(v, acc, n) {
					m.retire(int32(i))
				}
			}
		}
		if m.channels == 2 {
			out := dst[2*off : 2*(off+n)]
			for i, s := range acc {
				out[i] = min(max(s, -1), 1)
			}
		} else {
			out := dst[off : off+n]
			for i := range out {
				out[i] = min(max(0.5*(acc[2*i]+acc[2*i+1]), -1), 1)
			}
		}
	}

	if len(m.ended) > 0 {
		m.mu.Lock()
		for _, slot := range m.ended {
			s := &m.slots[slot]
			s.busy = false
			s.st = nil
			m.free = append(m.free, slot)
		}
		m.mu.Unlock()
		m.ended = m.ended[:0]
	}
	var sounding int64
	for i := range m.voices {
		if m.voices[i].active {
			sounding++
		}
	}
	m.sounding.Store(sounding)
	return frames * m.channels
}

// retire ends voice slot on the mixing side; Read hands the slot back to
// the game side.
func (m *Mixer) retire(slot int32) {
	v := &m.voices[slot]
	if v.st != nil {
		v.st.halt()
	}
	*v = voice{}
	m.ended = append(m.ended, slot)
}

// apply carries out one queued command on the mixing side.
func (m *Mixer) apply(c *command) {
	switch c.op {
	case opBusVolume:
		m.busGain[c.slot] = c.f
		return
	case opMaster:
		m.masterGain = c.f
		return
	case opPlay:
		m.start(c)
		return
	}
	v := &m.voices[c.slot]
	if !v.active || v.gen != c.gen {
		return
	}
	switch c.op {
	case opStop:
		if c.sec <= 0 {
			v.stopping = true
		} else {
			v.fade(0, c.sec, m.rate)
			v.stopAfterFade = true
		}
	case opPause:
		v.paused = true
	case opResume:
		v.paused = false
		v.silent = false
	case opVolume:
		v.vol, v.fadeLeft = c.f, 0
	case opFade:
		v.fade(c.f, c.sec, m.rate)
		v.stopAfterFade = false
	case opPan:
		v.pan = min(max(c.f, -1), 1)
	case opPitch:
		v.setPitch(c.f)
	case opLoop:
		v.loop = c.flag
		if v.st != nil {
			v.st.loop.Store(c.flag)
		}
	}
}

// start sets up voice c.slot to play c.clip. PlayWith has refused any clip
// that cannot play; start checks again rather than divide by zero on the
// device's goroutine, where a panic would end the process.
func (m *Mixer) start(c *command) {
	v := &m.voices[c.slot]
	if c.clip == nil || playable(c.clip) != nil {
		if c.st != nil {
			c.st.halt()
		}
		*v = voice{}
		m.ended = append(m.ended, c.slot)
		return
	}
	o := c.opts
	*v = voice{
		active:   true,
		gen:      c.gen,
		clip:     c.clip,
		ch:       c.clip.channels,
		baseStep: float64(c.clip.rate) / float64(m.rate),
		loop:     o.Loop,
		bus:      min(o.Bus, numBuses-1),
		vol:      o.Volume,
		pan:      min(max(o.Pan, -1), 1),
		st:       c.st,
	}
	v.setPitch(o.Pitch)
	if c.st != nil {
		v.data = c.win
	} else {
		v.data = c.clip.data
		v.frames = len(v.data) / v.ch
	}
	if o.FadeIn > 0 {
		v.vol = 0
		v.fade(o.Volume, o.FadeIn, m.rate)
	}
	v.curL, v.curR = v.gains(m.busGain[v.bus] * m.masterGain)
}
