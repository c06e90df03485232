package platform

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/veandco/go-sdl2/sdl"
)

// Audio output defaults, used by AudioConfig.WithDefaults (and so by
// OpenAudio and the Game) for a field left at 0. They are the one place
// these defaults live; audio.DefaultRate and audio.DefaultChannels, the
// mixer's own defaults (package audio may not import platform), equal them,
// which the tact package checks when it compiles.
const (
	DefaultAudioFrequency = 48000
	DefaultAudioChannels  = 2
	DefaultAudioBuffer    = 512
)

// AudioConfig describes an audio output for [Platform.OpenAudio].
type AudioConfig struct {
	// Frequency is the output rate in frames per second (0:
	// DefaultAudioFrequency). The device runs at exactly this rate: where
	// the hardware differs, SDL converts.
	Frequency int
	// Channels is 1 or 2 (0: DefaultAudioChannels).
	Channels int
	// BufferFrames is SDL's device buffer in frames, a power of two (0:
	// DefaultAudioBuffer). Smaller buffers lower latency and raise the risk
	// of gaps on a busy machine.
	BufferFrames int
	// QueueFrames is how far ahead of the device the feeding goroutine keeps
	// SDL's queue filled (0: 2×BufferFrames, so that the queue still holds a
	// whole buffer right after the device took one). Latency is about
	// BufferFrames plus QueueFrames: 32 ms with the defaults at 48 kHz.
	QueueFrames int
	// Driver names the SDL audio driver ("pulseaudio", "alsa", "disk",
	// "dummy", ...); "" lets SDL choose, honoring SDL_AUDIODRIVER, except
	// on a Platform with no display (its video driver is "offscreen" or
	// "dummy", or it is NoVideo on a Linux or BSD machine without DISPLAY
	// and WAYLAND_DISPLAY) and with SDL_AUDIODRIVER unset: there "" means
	// "dummy", which plays (and paces) the source into nothing, so CI and
	// headless runs neither probe for sound hardware (ALSA's messages on
	// standard error) nor depend on it. A desktop keeps its real output.
	// (SDL_AUDIODRIVER counts as set even when empty.)
	// It applies when no device is open yet: SDL starts one audio driver.
	Driver string
	// Device names the output device; "" is the system default.
	Device string
}

// WithDefaults returns c with its zero fields set as OpenAudio sets them:
// Frequency DefaultAudioFrequency, Channels DefaultAudioChannels,
// BufferFrames DefaultAudioBuffer and QueueFrames twice BufferFrames. It
// changes no field that is not zero, and validates nothing: OpenAudio
// rejects bad values.
func (c AudioConfig) WithDefaults() AudioConfig {
	if c.Frequency == 0 {
		c.Frequency = DefaultAudioFrequency
	}
	if c.Channels == 0 {
		c.Channels = DefaultAudioChannels
	}
	if c.BufferFrames == 0 {
		c.BufferFrames = DefaultAudioBuffer
	}
	if c.QueueFrames == 0 {
		c.QueueFrames = 2 * c.BufferFrames
	}
	return c
}

// SampleSource produces the samples an AudioDevice plays: interleaved float32
// frames of the device's channel count, in [-1, 1]. Read fills dst (its
// length is a whole number of frames) and returns how many samples it wrote;
// the rest of dst plays as silence. Read is called from the device's own
// goroutine, never from the main thread, so it must be safe to call
// concurrently with the rest of the program. audio.Mixer satisfies it.
type SampleSource interface {
	Read(dst []float32) int
}

// AudioDevice is an open SDL audio output fed from a SampleSource.
//
// SDL plays from a queue. A goroutine of the device's own reads the source
// in small blocks and tops the queue up whenever it falls under
// QueueFrames, so the main thread never waits for audio and never runs the
// source. Open and Close it on the main thread, like the rest of platform;
// its other methods are safe from any goroutine.
type AudioDevice struct {
	id           sdl.AudioDeviceID
	driver       string
	freq, chans  int
	bufferFrames int
	queueFrames  int
	src          SampleSource

	stop    chan struct{}
	done    chan struct{}
	closed  bool
	started atomic.Bool // the feeder has filled the queue and started SDL
	paused  atomic.Bool // Pause(true) is in force

	mu        sync.Mutex
	err       error
	underruns atomic.Uint64
}

// hintAudioDriver is SDL_HINT_AUDIODRIVER (SDL 2.0.22), which go-sdl2
// v0.4.39 does not define. SDL reads it, or the environment variable of the
// same name, when the audio subsystem starts.
const hintAudioDriver = "SDL_AUDIODRIVER"

// OpenAudio opens an audio output for cfg (zero fields filled in by
// cfg.WithDefaults) that plays src, and starts it.
// It never panics: an audio subsystem or device that does not start is an
// error, and the rest of the Platform goes on without sound. Close the
// device before the Platform: SDL's audio must stop before SDL quits.
func (p *Platform) OpenAudio(cfg AudioConfig, src SampleSource) (*AudioDevice, error) {
	if p.closed {
		return nil, errors.New("platform: OpenAudio on a closed Platform")
	}
	if src == nil {
		return nil, errors.New("platform: OpenAudio with a nil SampleSource")
	}
	cfg = cfg.WithDefaults()
	switch {
	case cfg.Frequency < 1000 || cfg.Frequency > 384000:
		return nil, fmt.Errorf("platform: audio frequency %d Hz out of range [1000, 384000]", cfg.Frequency)
	case cfg.Channels != 1 && cfg.Channels != 2:
		return nil, fmt.Errorf("platform: audio with %d channels (want 1 or 2)", cfg.Channels)
	case cfg.BufferFrames < 64 || cfg.BufferFrames > 32768 || cfg.BufferFrames&(cfg.BufferFrames-1) != 0:
		return nil, fmt.Errorf("platform: audio buffer of %d frames (want a power of two in [64, 32768])", cfg.BufferFrames)
	case cfg.QueueFrames < 0:
		return nil, fmt.Errorf("platform: audio queue of %d frames", cfg.QueueFrames)
	}

	requested := cfg.Driver
	if requested == "" && sdl.WasInit(sdl.INIT_AUDIO) == 0 {
		cfg.Driver = defaultAudioDriver(p.noDisplay, os.LookupEnv)
	}
	if cfg.Driver != "" {
		// A hint rather than os.Setenv: it leaves the environment alone and
		// SDL_Quit clears it. Restored at once, so it affects only this start.
		old := sdl.GetHint(hintAudioDriver)
		sdl.SetHint(hintAudioDriver, cfg.Driver)
		defer sdl.SetHint(hintAudioDriver, old)
	}
	if err := sdl.InitSubSystem(sdl.INIT_AUDIO); err != nil {
		return nil, fmt.Errorf("platform: init SDL audio (driver %q): %w", cfg.Driver, err)
	}
	driver := sdl.GetCurrentAudioDriver()
	if requested != "" && driver != requested {
		sdl.QuitSubSystem(sdl.INIT_AUDIO)
		return nil, fmt.Errorf("platform: audio driver %q requested, but SDL's audio already runs on %q", cfg.Driver, driver)
	}
	want := sdl.AudioSpec{
		Freq:     int32(cfg.Frequency),
		Format:   sdl.AUDIO_F32SYS,
		Channels: uint8(cfg.Channels),
		Samples:  uint16(cfg.BufferFrames),
	}
	var got sdl.AudioSpec
	// No allowed changes: SDL converts to whatever the hardware wants, so
	// the source always renders exactly the format asked for.
	id, err := sdl.OpenAudioDevice(cfg.Device, false, &want, &got, 0)
	if err != nil {
		sdl.QuitSubSystem(sdl.INIT_AUDIO)
		return nil, fmt.Errorf("platform: open audio device %q (driver %q, %d Hz, %d channels): %w",
			cfg.Device, driver, cfg.Frequency, cfg.Channels, err)
	}
	d := &AudioDevice{
		id: id, driver: driver, freq: cfg.Frequency, chans: cfg.Channels,
		bufferFrames: cfg.BufferFrames, queueFrames: cfg.QueueFrames, src: src,
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	go d.feed()
	return d, nil
}

// defaultAudioDriver returns the driver OpenAudio asks for when the
// AudioConfig names none: "" (SDL's choice) when SDL_AUDIODRIVER is set (to
// anything: SDL reads the variable before any hint) or there is a display,
// "dummy" on a Platform with no display.
func defaultAudioDriver(noDisplay bool, lookupEnv func(string) (string, bool)) string {
	if _, set := lookupEnv(hintAudioDriver); noDisplay && !set {
		return "dummy"
	}
	return ""
}

// Frequency returns the output rate in frames per second.
func (d *AudioDevice) Frequency() int { return d.freq }

// Channels returns the output's channel count.
func (d *AudioDevice) Channels() int { return d.chans }

// Driver returns the SDL audio driver in use, such as "pulseaudio" or "disk".
func (d *AudioDevice) Driver() string { return d.driver }

// Latency returns roughly how long a sample takes from the source to the
// speaker: SDL's buffer plus the queue kept ahead of it.
func (d *AudioDevice) Latency() time.Duration {
	return time.Duration(float64(d.bufferFrames+d.queueFrames) / float64(d.freq) * float64(time.Second))
}

// Underruns counts the checks (about two per block of up to 512 frames)
// that found SDL's queue empty while playing: with QueueFrames at least
// twice BufferFrames that means the feeder fell a whole buffer behind and
// the device is playing silence, because the machine was too busy or the
// queue is too short.
func (d *AudioDevice) Underruns() uint64 { return d.underruns.Load() }

// Err returns the error that stopped feeding the device, if any. The device
// then plays silence until closed.
func (d *AudioDevice) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// Pause stops or restarts the device's playback. While paused the source
// is not read, so what it plays waits rather than being skipped.
func (d *AudioDevice) Pause(paused bool) {
	d.paused.Store(paused)
	if !d.closed && d.started.Load() {
		sdl.PauseAudioDevice(d.id, paused)
	}
}

// Paused reports whether Pause(true) is in force.
func (d *AudioDevice) Paused() bool { return d.paused.Load() }

// Close stops feeding, closes the SDL device and releases the audio
// subsystem. It is idempotent. Call it on the main thread, before the
// Platform's Close.
func (d *AudioDevice) Close() error {
	if d.closed {
		return nil
	}
	d.closed = true
	close(d.stop)
	<-d.done
	sdl.CloseAudioDevice(d.id)
	sdl.QuitSubSystem(sdl.INIT_AUDIO)
	return nil
}

// feed keeps SDL's queue between QueueFrames and QueueFrames plus one block
// ahead of the device. It starts the device once the queue first holds
// QueueFrames, so playback begins with sound, not with an underrun.
func (d *AudioDevice) feed() {
	defer close(d.done)
	block := max(64, min(d.bufferFrames/4, 512))
	buf := make([]float32, block*d.chans)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(buf)*4)
	frameBytes := uint32(4 * d.chans)
	// Poll about twice per block: the queue never drains by more than half
	// a block between checks.
	tick := time.NewTicker(time.Duration(float64(block) / float64(d.freq) / 2 * float64(time.Second)))
	defer tick.Stop()
	for {
		queued := int(sdl.GetQueuedAudioSize(d.id) / frameBytes)
		if queued == 0 && d.started.Load() && !d.paused.Load() {
			d.underruns.Add(1)
		}
		for queued < d.queueFrames {
			n := min(max(d.src.Read(buf), 0), len(buf))
			clear(buf[n:])
			if err := sdl.QueueAudio(d.id, raw); err != nil {
				d.mu.Lock()
				d.err = fmt.Errorf("platform: queue audio: %w", err)
				d.mu.Unlock()
				<-d.stop
				return
			}
			queued += block
		}
		if !d.started.Load() {
			d.started.Store(true)
			if !d.paused.Load() {
				sdl.PauseAudioDevice(d.id, false)
			}
		}
		select {
		case <-d.stop:
			return
		case <-tick.C:
		}
	}
}
