package platform

import (
	"os"
	"testing"
)

// unsetenv removes the environment variable k for the rest of the test.
func unsetenv(t *testing.T, k string) {
	t.Helper()
	t.Setenv(k, "") // restores the old value (or its absence) at cleanup
	os.Unsetenv(k)
}

func TestDefaultAudioDriver(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	lookup := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	for _, c := range []struct {
		noDisplay bool
		env       map[string]string
		want      string
	}{
		{true, nil, "dummy"}, // CI, headless: no probing
		{false, nil, ""},     // a desktop: SDL's choice
		{true, map[string]string{"SDL_AUDIODRIVER": "disk"}, ""},      // the user's choice wins
		{true, map[string]string{"SDL_AUDIODRIVER": ""}, ""},          // set, if empty: SDL reads it
		{false, map[string]string{"SDL_AUDIODRIVER": "pipewire"}, ""}, // ditto
	} {
		if got := defaultAudioDriver(c.noDisplay, lookup(c.env)); got != c.want {
			t.Errorf("defaultAudioDriver(%v, %v) = %q, want %q", c.noDisplay, c.env, got, c.want)
		}
	}
	for _, c := range []struct {
		goos, display string
		want          bool
	}{
		{"linux", "", true}, {"linux", ":0", false}, {"freebsd", "", true}, {"windows", "", false}, {"darwin", "", false},
	} {
		if got := noDisplayEnv(c.goos, env(map[string]string{"DISPLAY": c.display})); got != c.want {
			t.Errorf("noDisplayEnv(%q, DISPLAY=%q) = %v", c.goos, c.display, got)
		}
	}
}

// On a headless Platform an AudioConfig without a Driver plays through
// SDL's dummy driver; SDL_AUDIODRIVER still wins.
func TestHeadlessAudioIsDummy(t *testing.T) {
	unsetenv(t, "SDL_AUDIODRIVER")
	p := openPlatform(t, Options{}) // headless: the offscreen video driver
	if !p.noDisplay {
		t.Fatalf("video driver %q: no display expected", p.VideoDriver())
	}
	src := &toneSource{freq: 440, amp: 0.1, rate: 48000, ch: 2}
	var d *AudioDevice
	var err error
	onMain(func() { d, err = p.OpenAudio(AudioConfig{}, src) })
	if err != nil {
		t.Fatalf("OpenAudio: %v", err)
	}
	onMain(func() { d.Close() })
	if d.Driver() != "dummy" {
		t.Errorf("headless audio driver %q, want dummy", d.Driver())
	}

	diskAudio(t)
	t.Setenv("SDL_AUDIODRIVER", "disk")
	onMain(func() { d, err = p.OpenAudio(AudioConfig{}, src) })
	if err != nil {
		t.Fatalf("OpenAudio with SDL_AUDIODRIVER=disk: %v", err)
	}
	onMain(func() { d.Close() })
	if d.Driver() != "disk" {
		t.Errorf("SDL_AUDIODRIVER=disk gave driver %q", d.Driver())
	}
}
