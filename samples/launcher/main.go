// Command launcher is the front door to Tact's samples (`make run`).
//
// With a display it opens a window that lists every sample: Up/Down or the
// mouse choose, Enter or a click runs, Esc goes back to the list (and quits
// from the list), F12 saves a screenshot under -out, F1 toggles a stats
// overlay. Samples run inside the launcher's 800×600 window: a sample's
// Configure applies its fixed step and frame rate there, but not its window
// size (use -scene to run a sample in its own window).
//
// Without a display (or with -headless and no -scene) it renders every sample
// offscreen for a fixed number of frames, driven by its Script, writes one PNG
// per sample under -out and prints each sample's frame statistics.
//
// Flags:
//
//	-list            print the samples (name and description) and exit
//	-scene NAME      run one sample in its own window (Esc quits)
//	-frames N        stop after N frames (headless default: 180)
//	-screenshot DIR  write the last frame as DIR/NAME.png (-scene)
//	-headless        use the offscreen video driver (no window)
//	-out DIR         where screenshots and the headless PNGs go ("out")
//	-renderonmain    render on the main thread instead of a render thread
//	-trace FILE      with -scene: write a Chrome/Perfetto frame trace
//	-trace-callbacks with -trace: record every component callback too
//	-inspect ADDR    serve the browser inspector at ADDR (127.0.0.1:0: any
//	                 free port); the URL with its token is printed
//
// and every sample's own flags (see -h).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"strings"

	"github.com/tact-engine/tact/samples/sample"
)

// options are the launcher's own flags.
type options struct {
	scene          string
	frames         uint64
	screenshot     string
	headless       bool
	list           bool
	out            string
	renderOnMain   bool
	trace          string
	traceCallbacks bool
	inspect        string // -inspect ADDR: the browser inspector
}

// headlessFrames is the length of a headless run when -frames is not given:
// about 3 seconds of game time at 60 frames per second.
const headlessFrames = 180

func main() {
	// Game.Run needs the main goroutine, which package platform has locked to
	// the main OS thread: run everything right here, never in a goroutine.
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main with its arguments and outputs, returning the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := newFlagSet(&o)
	fs.SetOutput(stderr)
	if err := registerFlags(fs, samples); err != nil {
		fmt.Fprintln(stderr, "launcher:", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "launcher: unexpected arguments %q\n", fs.Args())
		return 2
	}

	switch {
	case o.list:
		printList(stdout)
		return 0
	case o.scene != "":
		s, ok := find(o.scene)
		if !ok {
			fmt.Fprintf(stderr, "launcher: no sample named %q; the samples are:\n", o.scene)
			printList(stderr)
			return 2
		}
		return runOne(s, o, stdout, stderr)
	case o.headless || !hasDisplay():
		return renderAll(o, stdout, stderr)
	default:
		return runMenu(o, stderr)
	}
}

// newFlagSet returns a flag set with the launcher's own flags, stored in o.
func newFlagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("launcher", flag.ContinueOnError)
	fs.StringVar(&o.scene, "scene", "", "run the sample `NAME` directly")
	fs.Uint64Var(&o.frames, "frames", 0, "stop after `N` frames (0: run until closed; headless default 180)")
	fs.StringVar(&o.screenshot, "screenshot", "", "write the last frame as a PNG in `DIR`")
	fs.BoolVar(&o.headless, "headless", false, "force the offscreen video driver")
	fs.BoolVar(&o.list, "list", false, "print the samples and exit")
	fs.StringVar(&o.out, "out", "out", "`DIR` for screenshots (F12) and headless renders")
	fs.BoolVar(&o.renderOnMain, "renderonmain", false, "render on the main thread instead of a render thread")
	fs.StringVar(&o.inspect, "inspect", "", "serve the browser inspector at `ADDR` (as in 127.0.0.1:0) and print its URL")
	fs.StringVar(&o.trace, "trace", "", "with -scene: write a frame trace (Chrome JSON, opens in ui.perfetto.dev) to `FILE`")
	fs.BoolVar(&o.traceCallbacks, "trace-callbacks", false, "with -trace: also record every component callback")
	return fs
}

// registerFlags adds every sample's flags to fs. Each sample registers on a
// scratch set first, so that a name already taken (by the launcher or by an
// earlier sample) is reported as an error instead of a panic.
func registerFlags(fs *flag.FlagSet, list []sample.Sample) error {
	owner := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) { owner[f.Name] = "the launcher" })
	var errs []error
	for _, s := range list {
		if s.Flags == nil {
			continue
		}
		scratch := flag.NewFlagSet(s.Name, flag.ContinueOnError)
		s.Flags(scratch)
		scratch.VisitAll(func(f *flag.Flag) {
			if prev, taken := owner[f.Name]; taken {
				errs = append(errs, fmt.Errorf("flag -%s of sample %q is already defined by %s", f.Name, s.Name, prev))
				return
			}
			owner[f.Name] = "sample " + fmt.Sprintf("%q", s.Name)
			fs.Var(f.Value, f.Name, f.Usage)
		})
	}
	return errors.Join(errs...)
}

// find returns the sample called name.
func find(name string) (sample.Sample, bool) {
	for _, s := range samples {
		if s.Name == name {
			return s, true
		}
	}
	return sample.Sample{}, false
}

// printList writes one line per sample: its name, then its description.
func printList(w io.Writer) {
	width := 0
	for _, s := range samples {
		width = max(width, len(s.Name))
	}
	for _, s := range samples {
		fmt.Fprintf(w, "%-*s  %s\n", width, s.Name, s.Description)
	}
}

// hasDisplay reports whether a window can be shown: on Linux and the BSDs,
// DISPLAY or WAYLAND_DISPLAY must be set, and SDL_VIDEODRIVER must not name
// a driver without a screen.
func hasDisplay() bool {
	switch strings.ToLower(os.Getenv("SDL_VIDEODRIVER")) {
	case "offscreen", "dummy":
		return false
	}
	switch goruntime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}
