package asset

import (
	"errors"
	"fmt"
	"os"
	"path"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/director"
)

// AssetState is where an Asset is in its life.
type State uint8

const (
	// NotLoaded is the state of a path nobody has asked for (Assets.State).
	NotLoaded State = iota
	// Loading: the file is being read and decoded on a worker, or the asset
	// waits for its dependencies, or for the main thread to create it.
	Loading
	// Loaded: the value is ready (GPU objects recorded) and usable.
	Loaded
	// Failed: the load failed; Err says why. A failed asset holds no
	// reference and no resource; loading its path again retries.
	Failed
	// Unloaded: the last reference was released; its GPU objects were deleted.
	Unloaded
)

// String returns the state's name.
func (s State) String() string {
	switch s {
	case NotLoaded:
		return "not loaded"
	case Loading:
		return "loading"
	case Loaded:
		return "loaded"
	case Failed:
		return "failed"
	case Unloaded:
		return "unloaded"
	}
	return "AssetState(invalid)"
}

// ErrUnloaded is the error given to the callbacks of a load whose asset was
// released (by every holder) before it finished.
var ErrUnloaded = errors.New("released before it finished loading")

// ErrClosed is wrapped by the error every load callback still pending at
// Close receives (Close runs each of them once, with it), and by the error of
// a load of an asset nobody held, asked for after Close.
var ErrClosed = errors.New("asset manager closed")

// ErrOutsideRoot is wrapped by the errors of asset paths that are absolute or
// climb out of the asset root (with "..", or through a symbolic link).
var ErrOutsideRoot = errors.New("path is outside the asset root")

// ErrNotRegular is wrapped by the error of a load that names a file which is
// not a regular file: a named pipe, a device, a socket or a directory. Such
// a file is refused before it is opened for reading, so it cannot block a
// worker. The error says which kind of file it is.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error of a load refused for its size: a file
// over Options.MaxFileSize, or an image whose decoded pixels would take more
// than Options.MaxDecodedBytes. The error gives the size and the limit.
var ErrTooLarge = errors.New("too large")

// Default limits, used where Options leaves them 0.
const (
	// DefaultMaxFileSize is the default Options.MaxFileSize: 512 MiB.
	DefaultMaxFileSize = 512 << 20
	// DefaultMaxDecodedBytes is the default Options.MaxDecodedBytes: 256
	// MiB, an 8192x8192 RGBA8 image (the default MaxTextureSize).
	DefaultMaxDecodedBytes = 256 << 20
	// DefaultMaxTextureSize is the default Options.MaxTextureSize.
	DefaultMaxTextureSize = 8192
)

// AssetError is the error of a failed load, a failed reload or a bad path: the
// asset path (relative to the asset root) and why.
type Error struct {
	Path string
	Err  error
}

// Error returns "path: reason".
func (e *Error) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// ReloadError reports a hot reload that failed; the asset keeps its previous
// content.
type ReloadError struct {
	Asset *Asset
	Err   error
}

// FrameSource gives the frame being recorded on the main thread, where an
// Assets records GPU uploads and deletes. *render.Renderer satisfies it.
type FrameSource interface {
	Frame() *render.Frame
}

// AssetOptions configures an Assets.
type Options struct {
	// Root is the asset folder; every asset path is relative to it and may not
	// leave it. Empty means the current directory.
	Root string
	// Jobs is the pool whose workers read and decode files. Nil: the
	// Manager makes its own pool of Workers workers and closes it in Close.
	// A pool given here stays the caller's: Close leaves it open (and the
	// pool's own Close waits for a decode of the Manager still under way).
	// Once it is closed, loads fail with an error wrapping
	// core.ErrPoolClosed.
	Jobs *core.JobPool
	// Workers bounds how many files are decoded at once. With Jobs nil it is
	// the size of the Manager's own pool (0: min(4, GOMAXPROCS)). With a
	// Jobs pool it is the Manager's share of that pool (0: min(4, the pool's
	// workers - 1), at least 1), so that a loading backlog or a stuck
	// decode leaves the rest of a shared pool to its other jobs.
	Workers int
	// Frames is where GPU commands are recorded (normally the Game's
	// renderer). Nil records into a private frame that is never executed:
	// handles are allocated and nothing reaches a GPU (servers, logic tests).
	Frames FrameSource
	// Logger receives load and reload failures; nil is standard error.
	Logger core.Logger
	// Watch reloads textures and shaders in place when their files change
	// (development mode; needs fsnotify support from the OS).
	Watch bool
	// MaxTextureSize bounds a texture's width and height (0: 8192), so that a
	// bad or hostile header cannot make a decoder allocate gigabytes.
	MaxTextureSize int
	// MaxDecodedBytes bounds the memory an image's decoded pixels may take
	// (0 or less: DefaultMaxDecodedBytes, 256 MiB). It is checked from the
	// image's header before any pixel is decoded: an image is refused,
	// with an error wrapping ErrTooLarge that names the file, its size in
	// pixels and the budget, when width x height x 4 bytes (x 8 for a PNG
	// with 16 bits per channel, which Go decodes at 16 bits) exceeds it.
	// The decoder's image is at most this large; converting it to the RGBA8
	// texture may take as much again at the peak.
	MaxDecodedBytes int64
	// MaxFileSize bounds the size of every file a load reads, by any format
	// (0 or less: DefaultMaxFileSize, 512 MiB). A larger file is refused
	// before it is read, and a file that grows past the limit while it is
	// read is refused too (at most MaxFileSize+1 bytes are read), with an
	// error wrapping ErrTooLarge that names the file and the limit.
	MaxFileSize int64
	// Textures is the project's default texture settings, which a
	// texture's settings file and SetTextureSettings override (see
	// TextureSettings). The zero value samples linearly and clamps; a
	// pixel-art game sets Textures.Filter to render.FilterNearest.
	Textures TextureSettings
}

// Assets loads, shares and unloads assets: textures, shaders, fonts, scene and
// prefab files, and anything a registered Loader decodes. It is a value: create
// as many as you like.
//
// Files are read and decoded on the workers of a core.JobPool
// (Options.Jobs), at most Options.Workers at once; decoding never touches GL
// or a scene. Decoders hand immutable data back, and the main thread
// creates the asset (recording GPU uploads into the current frame) in Poll, at
// the start of a frame. Every method of Assets, and of the Assets it returns,
// must be called on the main thread (the one that records frames); callbacks
// run there too.
//
// Each Load or LoadAsync adds a reference to the asset, and each Release
// drops one; the last Release unloads it (GPU objects deleted through frame
// commands, dependencies released). Requests for an asset that is loading
// share that load.
type Manager struct {
	// Reloaded is emitted after a hot reload replaced an asset's content in
	// place (its handles unchanged).
	Reloaded core.Signal[*Asset]
	// ReloadFailed is emitted when a hot reload failed; the asset keeps its
	// previous content. The error is logged too.
	ReloadFailed core.Signal[ReloadError]

	root     *os.Root
	rootDir  string
	opts     Options
	logger   core.Logger
	loaders  map[string]Format
	frames   FrameSource
	private  *render.Frame
	assets   map[string]*Asset
	byHandle map[any]*Asset // texture and shader IDs, fonts, scene files -> asset, for saving

	jobs       *core.JobPool // where files are decoded
	ownJobs    bool          // the Manager made jobs, and closes it
	maxDecodes int           // decode tasks on jobs at once, at most
	decodeTask func()        // a.decodeNext, made once

	mu      sync.Mutex // guards queue, results, running, closed and the watcher's dirty set
	queue   []*loadJob // waiting for a decode task
	results []*loadJob // decoded, waiting for Poll
	running int        // decode tasks handed to jobs and not yet returned
	closed  bool
	notify  chan struct{} // capacity 1: a result or a file change is waiting

	watch         *assetWatcher
	lastRenderErr error
	unavailable   error // NewUnavailable's reason
}

// Asset is one loaded (or loading) file. Several holders share one Asset; it
// lives until its reference count falls to zero.
type Asset struct {
	m      *Manager
	path   string
	loader Format
	state  State
	refs   int
	value  any
	err    error

	files      []string // files read for it, for the watcher
	deps       []*Asset // each holds one reference
	dependents []*Asset // assets waiting for this one
	pending    int      // dependencies still loading
	reloads    int      // hot reloads applied
	decoded    any      // between decoding and creation
	waiters    []func(*Asset, error)
}

// Path returns the asset's path relative to the asset root, slash-separated
// and cleaned.
func (x *Asset) Path() string { return x.path }

// State returns the asset's state.
func (x *Asset) State() State { return x.state }

// Err returns why the asset failed, or nil.
func (x *Asset) Err() error { return x.err }

// Refs returns the asset's reference count.
func (x *Asset) Refs() int { return x.refs }

// Value returns the loaded value (*Texture, *Shader, *text.Font,
// *audio.Clip, *Atlas, a scene file or a custom loader's value), or nil
// unless Loaded.
func (x *Asset) Value() any {
	if x.state != Loaded {
		return nil
	}
	return x.value
}

// Dependencies returns the assets this one holds a reference to. The slice
// belongs to the asset.
func (x *Asset) Dependencies() []*Asset { return x.deps }

// Retain adds a reference to a loading or loaded asset (for a new holder); it
// does nothing to a failed or unloaded one.
func (x *Asset) Retain() {
	if x.state == Loading || x.state == Loaded {
		x.refs++
	}
}

// Release drops one reference; at zero the asset is unloaded: its GPU
// objects are deleted after the current frame's draws, its dependencies are
// released, and a load in progress is abandoned (its callbacks get
// ErrUnloaded). Releasing a failed or unloaded asset does nothing.
func (x *Asset) Release() {
	if x.refs <= 0 || (x.state != Loading && x.state != Loaded) {
		return
	}
	x.refs--
	if x.refs == 0 {
		x.m.unload(x)
	}
}

// String returns "path (state)".
func (x *Asset) String() string { return x.path + " (" + x.state.String() + ")" }

type loadJob struct {
	asset  *Asset
	reload bool
	src    Source
	data   any
	err    error
}

// New opens the asset root, registers the built-in formats (PNG and JPEG
// textures, GLSL shader pairs, TTF/OTF fonts and TTC/OTC collections, WAV, Ogg and MP3 clips,
// TexturePacker JSON atlases renamed ".atlas" (AtlasFormat), Radiance
// .hdr environments (EnvironmentFormat)), makes
// its job pool unless opts.Jobs gives one, and starts the watcher with
// opts.Watch. Close stops them.
func New(opts Options) (*Manager, error) {
	dir := opts.Root
	if dir == "" {
		dir = "."
	}
	if err := opts.Textures.check(); err != nil {
		return nil, fmt.Errorf("asset: Options.Textures: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("asset: asset root: %w", err)
	}
	if opts.MaxTextureSize <= 0 {
		opts.MaxTextureSize = DefaultMaxTextureSize
	}
	if opts.MaxDecodedBytes <= 0 {
		opts.MaxDecodedBytes = DefaultMaxDecodedBytes
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	a := &Manager{
		root: root, rootDir: dir, opts: opts, logger: opts.Logger, frames: opts.Frames,
		loaders: map[string]Format{},
		assets:  map[string]*Asset{}, byHandle: map[any]*Asset{},
		notify: make(chan struct{}, 1),
	}
	if a.logger == nil {
		a.logger = core.NewLogger(os.Stderr)
	}
	a.handleListenerPanics()
	a.decodeTask = a.decodeNext
	if a.jobs = opts.Jobs; a.jobs == nil {
		if opts.Workers <= 0 {
			opts.Workers = min(4, goruntime.GOMAXPROCS(0))
		}
		a.jobs, a.ownJobs = core.NewJobPool(opts.Workers), true
	} else if opts.Workers <= 0 {
		opts.Workers = max(1, min(4, a.jobs.Workers()-1))
	}
	a.maxDecodes, a.opts.Workers = opts.Workers, opts.Workers
	tex := &textureLoader{maxSize: opts.MaxTextureSize, maxBytes: opts.MaxDecodedBytes}
	tex.settings.def = opts.Textures
	a.loaders[".png"] = tex
	a.loaders[".jpg"] = tex
	a.loaders[".jpeg"] = tex
	a.loaders[".shader"] = shaderLoader{a}
	a.loaders[".ttf"] = fontLoader{}
	a.loaders[".otf"] = fontLoader{}
	a.loaders[".ttc"] = fontLoader{}
	a.loaders[".otc"] = fontLoader{}
	for _, ext := range []string{".wav", ".ogg", ".mp3"} {
		a.loaders[ext] = audioLoader{}
	}
	a.loaders[AtlasExt] = AtlasFormat{}
	a.loaders[BMFontExt] = BMFontFormat{}
	a.loaders[ClipExt] = &ClipFormat{}
	a.loaders[EnvironmentExt] = &EnvironmentFormat{}
	if opts.Watch {
		if err := a.startWatch(); err != nil {
			a.Close()
			return nil, err
		}
	}
	return a, nil
}

// Close stops decoding and the watcher and closes the asset root. Loads in
// progress never finish, but their callbacks are not lost: each load still
// Loading (waiting for a worker, decoding, decoded but not yet polled, or
// waiting for its dependencies) fails with an *Error wrapping ErrClosed
// (state Failed, no reference held), and Close runs every callback waiting
// for it exactly once, with that error, in asset path order, before it
// returns, on the goroutine that calls Close (like every method, the main
// thread). A load asked for after Close (also from such a callback) fails
// at once with ErrClosed, unless its asset is already loaded. Close does
// not wait for a decode under way, so a Decode that is stuck cannot hang
// it; such a decode's result is dropped when it returns (its reads after
// Close fail). A pool the Manager made is closed once none of its decodes
// runs: at once, or when the last decode under way returns. A pool given
// in Options.Jobs stays open. Loaded assets stay loaded and their GPU
// objects are not deleted: they go with the renderer (close the Manager
// when the Game has stopped). A second Close does nothing.
func (a *Manager) Close() error {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return nil
	}
	a.closed = true
	clear(a.queue)
	a.queue = nil
	clear(a.results) // decoded, never to be created: abandoned below
	a.results = nil
	idle := a.running == 0
	a.mu.Unlock()
	a.abandon()
	if a.ownJobs && idle {
		a.jobs.Close() // otherwise the last decode task closes it (taskDone)
	}
	var errs []error
	if a.watch != nil {
		errs = append(errs, a.watch.close())
	}
	if a.root != nil {
		errs = append(errs, a.root.Close())
	}
	return errors.Join(errs...)
}

// abandon fails every asset still loading with ErrClosed and then runs
// their callbacks, once each. All states are settled before the first
// callback runs, so that a callback sees a closed Manager with nothing
// loading. Dependencies already loaded keep their references: Close frees
// no GPU object.
func (a *Manager) abandon() {
	var pending []*Asset
	for _, x := range a.assets {
		if x.state == Loading {
			pending = append(pending, x)
		}
	}
	slices.SortFunc(pending, func(x, y *Asset) int { return strings.Compare(x.path, y.path) })
	for _, x := range pending {
		delete(a.assets, x.path)
		x.state, x.err, x.refs, x.decoded = Failed, &Error{Path: x.path, Err: ErrClosed}, 0, nil
		x.deps, x.dependents, x.pending = nil, nil, 0
	}
	for _, x := range pending {
		waiters := x.waiters
		x.waiters = nil
		for _, w := range waiters {
			a.callback(w, x, x.err)
		}
	}
}

// NewUnavailable returns a Manager that has no files: every load fails at
// once with an *Error wrapping why (which should say what to set), and
// WriteFile and Reload fail the same way. A Game configured without an
// asset root hands one out, so that a game that loads anyway gets that
// message, not a nil Manager.
func NewUnavailable(why error) *Manager {
	a := &Manager{unavailable: why, loaders: map[string]Format{}, assets: map[string]*Asset{},
		byHandle: map[any]*Asset{}, notify: make(chan struct{}, 1), logger: core.NewLogger(os.Stderr)}
	a.handleListenerPanics()
	return a
}

// handleListenerPanics reports a panic in a Reloaded or ReloadFailed
// listener to the logger and removes that listener. The signals are
// emitted from Poll, which runs in a Director's BeginFrame: a core.Signal
// without a handler would hand the panic to that signal, which would then
// remove Poll itself and stop every later load.
func (a *Manager) handleListenerPanics() {
	h := func(p *core.ListenerPanic) { a.logf("asset: %v; the listener is removed\n%s", p, p.Stack) }
	a.Reloaded.SetPanicHandler(h)
	a.ReloadFailed.SetPanicHandler(h)
}

// WriteFile writes b to the file at p under the asset root, replacing it
// atomically: a crash mid-write leaves the old file or the new one, never
// a mix. p follows the rules of every asset path.
func (a *Manager) WriteFile(p string, b []byte) error {
	key, err := CleanPath(p)
	if err != nil {
		return err
	}
	if a.unavailable != nil {
		return &Error{Path: key, Err: a.unavailable}
	}
	tmp := key + ".tmp"
	if err := a.root.WriteFile(tmp, b, 0o644); err != nil {
		return &Error{Path: key, Err: err}
	}
	if err := a.root.Rename(tmp, key); err != nil {
		a.root.Remove(tmp)
		return &Error{Path: key, Err: err}
	}
	return nil
}

// SetFrames sets where GPU commands are recorded (see AssetOptions.Frames).
func (a *Manager) SetFrames(f FrameSource) { a.frames = f }

// Attach makes d drive a: Poll runs at the start of every frame
// (BeginFrame), also while d is paused, and a GL compile error in a
// hot-reloaded shader (reported by the backend after the frame that
// recorded it) emits ReloadFailed. GPU commands go where SetFrames says (a
// Game points them at its renderer). Close a after d has stopped.
func (a *Manager) Attach(d *director.Director) {
	d.BeginFrame.On(func(*director.Director) { a.Poll() })
	d.AfterDraw.On(func(d *director.Director) { a.checkRenderErr(d.RenderErr()) })
}

// Root returns the asset root folder as given.
func (a *Manager) Root() string { return a.rootDir }

// RegisterFormat makes l load the files whose names end in ext (".png";
// case does not matter), replacing any format of that extension.
func (a *Manager) RegisterFormat(ext string, l Format) {
	a.loaders[strings.ToLower(ext)] = l
}

func (a *Manager) frame() *render.Frame {
	if a.frames != nil {
		if f := a.frames.Frame(); f != nil {
			return f
		}
	}
	if a.private == nil {
		a.private = render.NewFrame()
	}
	return a.private
}

func (a *Manager) logf(format string, args ...any) { a.logger.Printf(format, args...) }

// CleanPath returns p as an asset path: slash-separated, cleaned, relative to
// the asset root. An empty, absolute or climbing ("../x") path is an error
// naming it and wrapping ErrOutsideRoot (symbolic links that leave the root
// are refused when the file is opened). A shader's ".vert" or ".frag" file
// names its pair: the result ends in ".shader".
func CleanPath(p string) (string, error) {
	if p == "" {
		return "", &Error{Path: `""`, Err: errors.New("empty asset path")}
	}
	s := strings.ReplaceAll(p, `\`, "/")
	if strings.HasPrefix(s, "/") || (len(s) >= 2 && s[1] == ':') || strings.ContainsRune(s, 0) {
		return "", &Error{Path: p, Err: ErrOutsideRoot}
	}
	s = path.Clean(s)
	if s == ".." || strings.HasPrefix(s, "../") || s == "." {
		return "", &Error{Path: p, Err: ErrOutsideRoot}
	}
	switch path.Ext(s) {
	case ".vert", ".frag":
		s = strings.TrimSuffix(s, path.Ext(s)) + ".shader"
	}
	return s, nil
}

// State returns the state of the asset at p: NotLoaded when nobody holds it.
func (a *Manager) State(p string) State {
	key, err := CleanPath(p)
	if err != nil {
		return NotLoaded
	}
	if x := a.assets[key]; x != nil {
		return x.state
	}
	return NotLoaded
}

// Get returns the asset at p if someone holds it (loading or loaded), without
// adding a reference; nil otherwise.
func (a *Manager) Get(p string) *Asset {
	key, err := CleanPath(p)
	if err != nil {
		return nil
	}
	return a.assets[key]
}

// Load loads the asset at p (and its dependencies) and waits for it: on the
// main thread it runs Poll while it waits, so results of other loads are
// delivered too. It adds one reference (Release it when done). A request for
// an asset that is loading shares that load; one that is loaded returns at
// once. On failure it returns the asset's error and holds no reference.
func (a *Manager) Load(p string) (*Asset, error) {
	x, err := a.acquire(p)
	if err != nil {
		return nil, err
	}
	for x.state == Loading {
		if !a.wait() {
			return nil, &Error{Path: x.path, Err: ErrClosed}
		}
		a.Poll()
	}
	if x.state != Loaded {
		return nil, x.err
	}
	return x, nil
}

// LoadAsync starts loading the asset at p and returns it at once (Loading,
// unless it was loaded already), with one reference added. done, if not nil,
// runs exactly once on the main thread, from Poll (or at once when the asset
// is already loaded, the path is bad or the Manager is closed), with the
// asset and nil, or with the error: on failure, ErrUnloaded when every
// holder released it first, or ErrClosed when Close came first (Close runs
// it). A failed load drops the reference.
func (a *Manager) LoadAsync(p string, done func(*Asset, error)) *Asset {
	x, err := a.acquire(p)
	if err != nil {
		if done != nil {
			done(nil, err)
		}
		return nil
	}
	switch {
	case done == nil:
	case x.state == Loading:
		x.waiters = append(x.waiters, done)
	case x.state == Loaded:
		done(x, nil)
	default:
		done(x, x.err)
	}
	return x
}

// LoadChan is LoadAsync with a channel: it receives the asset (nil on
// failure) and the error once, when Poll delivers the result.
func (a *Manager) LoadChan(p string) <-chan Result {
	ch := make(chan Result, 1)
	a.LoadAsync(p, func(x *Asset, err error) { ch <- Result{x, err} })
	return ch
}

// AssetResult is what LoadChan delivers.
type Result struct {
	Asset *Asset
	Err   error
}

// acquire returns the asset for p with one more reference, starting its
// load if nobody holds it.
func (a *Manager) acquire(p string) (*Asset, error) {
	key, err := CleanPath(p)
	if err != nil {
		return nil, err
	}
	if a.unavailable != nil {
		return nil, &Error{Path: key, Err: a.unavailable}
	}
	if x := a.assets[key]; x != nil {
		x.refs++
		return x, nil
	}
	a.mu.Lock()
	closed := a.closed
	a.mu.Unlock()
	if closed {
		return nil, &Error{Path: key, Err: ErrClosed}
	}
	l := a.formatFor(key)
	if l == nil {
		return nil, &Error{Path: key, Err: fmt.Errorf("no loader for %q files", path.Ext(key))}
	}
	x := &Asset{m: a, path: key, loader: l, state: Loading, refs: 1}
	a.assets[key] = x
	a.submit(&loadJob{asset: x})
	return x, nil
}

// submit queues j for decoding and, below the Manager's share of the pool,
// hands a decode task to the pool.
func (a *Manager) submit(j *loadJob) {
	j.src = Source{Path: j.asset.path, root: a.root, maxFile: a.opts.MaxFileSize}
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return
	}
	a.queue = append(a.queue, j)
	start := a.running < a.maxDecodes
	if start {
		a.running++
	}
	a.mu.Unlock()
	if start {
		a.startTask()
	}
}

// startTask hands a decode task, already counted in running, to the pool.
// If the pool refuses it (closed by its owner), the task is uncounted and
// every queued load fails with the pool's error, so that none waits forever.
func (a *Manager) startTask() {
	err := a.jobs.Go(a.decodeTask)
	if err == nil {
		return
	}
	a.mu.Lock()
	if !a.closed {
		for _, j := range a.queue {
			j.err = fmt.Errorf("cannot decode: %w", err)
			a.results = append(a.results, j)
		}
		clear(a.queue)
		a.queue = a.queue[:0]
	}
	a.taskDone()
	a.mu.Unlock()
	a.wake()
}

// decodeNext is a decode task, run by a pool worker: it decodes the next
// queued load and hands the result to the main thread (or drops it once the
// Manager is closed). It never touches GL or a scene. While loads are
// queued it hands itself back to the pool rather than looping, so that a
// backlog takes turns with the pool's other jobs.
func (a *Manager) decodeNext() {
	a.mu.Lock()
	if a.closed || len(a.queue) == 0 {
		a.taskDone()
		a.mu.Unlock()
		return
	}
	j := a.queue[0]
	a.queue[0] = nil
	a.queue = a.queue[1:]
	a.mu.Unlock()

	j.data, j.err = safeDecode(j.asset.loader, &j.src)

	a.mu.Lock()
	if a.closed { // loads in progress never finish
		a.taskDone()
		a.mu.Unlock()
		return
	}
	a.results = append(a.results, j)
	again := len(a.queue) > 0
	if !again {
		a.taskDone()
	}
	a.mu.Unlock()
	a.wake()
	if again {
		a.startTask()
	}
}

// taskDone, called with a.mu held, uncounts a decode task. The last one to
// end after Close closes the Manager's own pool, from a goroutine of its
// own: the pool's Close waits for the task that calls it.
func (a *Manager) taskDone() {
	a.running--
	if a.running == 0 && a.closed && a.ownJobs {
		go a.jobs.Close()
	}
}

func safeDecode(l Format, src *Source) (data any, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("decoder panicked: %v", p)
		}
	}()
	data, err = l.Decode(src)
	if err == nil && src.err != nil {
		err = src.err
	}
	return data, err
}

func (a *Manager) wake() {
	select {
	case a.notify <- struct{}{}:
	default:
	}
}

// wait blocks until a worker result or a file change may be waiting; false
// when the manager is closed and nothing will come.
func (a *Manager) wait() bool {
	a.mu.Lock()
	closed, ready := a.closed, len(a.results) > 0
	a.mu.Unlock()
	if ready {
		return true
	}
	if closed {
		return false
	}
	<-a.notify
	return true
}

// Poll delivers what the workers finished: on the main thread it creates the
// decoded assets (recording GPU uploads into the current frame), completes
// dependents, runs load callbacks and applies hot reloads. Attach calls it at
// the start of every frame. It never blocks.
func (a *Manager) Poll() {
	if a.watch != nil {
		a.pollWatch()
	}
	for {
		a.mu.Lock()
		if len(a.results) == 0 {
			a.mu.Unlock()
			break
		}
		j := a.results[0]
		a.results[0] = nil
		a.results = a.results[1:]
		a.mu.Unlock()
		if j.reload {
			a.finishReload(j)
		} else {
			a.decoded(j)
		}
	}
	if a.frames == nil && a.private != nil {
		a.private.Reset()
	}
}

// decoded takes a worker's result on the main thread: it acquires the
// dependencies the decoder named, then creates the asset once they are loaded.
func (a *Manager) decoded(j *loadJob) {
	x := j.asset
	if x.state != Loading {
		return // released while it was decoding
	}
	x.files = j.src.files
	if j.err != nil {
		a.fail(x, j.err)
		return
	}
	x.decoded = j.data
	for _, dp := range j.src.deps {
		if dp == x.path || a.reaches(dp, x) {
			a.fail(x, fmt.Errorf("dependency cycle through %q", dp))
			return
		}
		d, err := a.acquire(dp)
		if err != nil {
			a.fail(x, fmt.Errorf("needs %q: %w", dp, err))
			return
		}
		x.deps = append(x.deps, d)
		switch d.state {
		case Loading:
			x.pending++
			d.dependents = append(d.dependents, x)
		case Failed:
			a.fail(x, fmt.Errorf("needs %q: %w", dp, d.err))
			return
		}
	}
	if x.pending == 0 {
		a.create(x)
	}
}

// reaches reports whether the asset at p (if held) depends on x, directly or
// through others: loading p for x would make a cycle.
func (a *Manager) reaches(p string, x *Asset) bool {
	d := a.assets[p]
	if d == nil {
		return false
	}
	seen := map[*Asset]bool{}
	var walk func(*Asset) bool
	walk = func(n *Asset) bool {
		if n == x {
			return true
		}
		if seen[n] {
			return false
		}
		seen[n] = true
		return slices.ContainsFunc(n.deps, walk)
	}
	return walk(d)
}

// create runs the loader's Create on the main thread.
func (a *Manager) create(x *Asset) {
	ctx := &CreateContext{Frame: a.frame(), Path: x.path, asset: x}
	v, err := safeCreate(x.loader, ctx, x.decoded)
	x.decoded = nil
	if err != nil {
		a.fail(x, err)
		return
	}
	x.value = v
	x.state = Loaded
	if k := handleKey(v); k != nil {
		a.byHandle[k] = x
	}
	a.finish(x, nil)
}

func safeCreate(l Format, ctx *CreateContext, data any) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("loader panicked: %v", p)
		}
	}()
	return l.Create(ctx, data)
}

// handleKey is what a value is found by when a scene is saved.
func handleKey(v any) any {
	switch t := v.(type) {
	case *Texture:
		return t.ID
	case *Shader:
		return t.ID
	case nil:
		return nil
	}
	return v
}

// fail marks x failed, drops every reference to it and tells its waiters and
// dependents.
func (a *Manager) fail(x *Asset, err error) {
	var ae *Error
	if (!errors.As(err, &ae) || ae.Path != x.path) && !strings.HasPrefix(err.Error(), x.path+": ") {
		err = &Error{Path: x.path, Err: err}
	}
	x.state = Failed
	x.err = err
	x.refs = 0
	x.decoded = nil
	if a.assets[x.path] == x {
		delete(a.assets, x.path)
	}
	a.releaseDeps(x)
	a.logf("asset: asset %v", err)
	a.finish(x, err)
}

// finish runs x's callbacks and moves its dependents on.
func (a *Manager) finish(x *Asset, err error) {
	waiters := x.waiters
	x.waiters = nil
	for _, w := range waiters {
		a.callback(w, x, err)
	}
	dependents := x.dependents
	x.dependents = nil
	for _, d := range dependents {
		if d.state != Loading {
			continue
		}
		if err != nil {
			a.fail(d, fmt.Errorf("needs %q: %w", x.path, err))
			continue
		}
		d.pending--
		if d.pending == 0 {
			a.create(d)
		}
	}
}

// callback runs a load callback; a panic in it is reported, not spread.
func (a *Manager) callback(fn func(*Asset, error), x *Asset, err error) {
	defer func() {
		if p := recover(); p != nil {
			a.logf("asset: asset %q: load callback panicked: %v", x.path, p)
		}
	}()
	fn(x, err)
}

// unload is the last Release.
func (a *Manager) unload(x *Asset) {
	wasLoaded := x.state == Loaded
	x.state = Unloaded
	if a.assets[x.path] == x {
		delete(a.assets, x.path)
	}
	if wasLoaded {
		if k := handleKey(x.value); k != nil && a.byHandle[k] == x {
			delete(a.byHandle, k)
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					a.logf("asset: asset %q: freeing panicked: %v", x.path, p)
				}
			}()
			x.loader.Free(a.frame(), x.value)
		}()
	}
	x.value = nil
	x.decoded = nil
	a.releaseDeps(x)
	if !wasLoaded {
		err := &Error{Path: x.path, Err: ErrUnloaded}
		waiters := x.waiters
		x.waiters = nil
		for _, w := range waiters {
			a.callback(w, x, err)
		}
		x.dependents = nil
	}
}

func (a *Manager) releaseDeps(x *Asset) {
	deps := x.deps
	x.deps = nil
	x.pending = 0
	for _, d := range deps {
		d.dependents = slices.DeleteFunc(d.dependents, func(e *Asset) bool { return e == x })
		d.Release()
	}
}

// Loaded returns the paths of the assets held (loading or loaded), sorted.
func (a *Manager) Loaded() []string {
	var ps []string
	for p := range a.assets {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	return ps
}

// PathOf returns the path of the loaded asset whose value (or handle: a
// render.TextureID, render.ShaderID) is v, for writers that save
// references to assets as their paths.
func (a *Manager) PathOf(v any) (string, bool) {
	if x := a.byHandle[v]; x != nil {
		return x.path, true
	}
	return "", false
}
