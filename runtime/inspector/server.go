package inspector

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"math"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/runtime/asset"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/scenefile"
	"github.com/tact-engine/tact/scenegraph"
)

//go:embed page
var pageFS embed.FS

// Options configure a Server.
type Options struct {
	// Addr is the address to listen on, as in "127.0.0.1:0" (port 0: any
	// free port; see Server.URL). It must be a loopback address unless
	// AllowRemote is set.
	Addr string
	// AllowRemote allows a non-loopback Addr. Anyone who can reach it and
	// holds the token controls the game; New logs a warning saying so.
	AllowRemote bool
	// Director is the game's Director; required. The server runs requests
	// at its BeginFrame.
	Director *director.Director
	// Scenes names component types (its registry), instantiates prefabs
	// and saves scenes (under its asset root); nil: type names are Go's,
	// and spawning prefabs and saving fail.
	Scenes *scenefile.Store
	// Logger receives the server's own reports (nil: none).
	Logger core.Logger
	// Log, if set, is the game's log, which the page shows.
	Log *Log
	// Screenshot captures the next frame and calls done with it on the
	// main thread (Game.Screenshot); nil: no game view.
	Screenshot func(done func(*image.RGBA))
	// Token is the access token; "" makes a random one (128 bits).
	Token string
	// ReadOnly refuses every request that would change the game.
	ReadOnly bool
	// MaxBody limits a request body in bytes (0: 1 MiB).
	MaxBody int64
	// WatchInterval is how often watchers get changes (0: 100 ms, 10 Hz).
	WatchInterval time.Duration
	// Timeout is how long a request waits for the main thread (0: 5 s).
	Timeout time.Duration
}

// Server is a running inspector. New starts it; Close stops it. Its methods
// are safe for concurrent use, except Poll and Close, which belong to the
// main thread.
type Server struct {
	opts  Options
	d     *director.Director
	ln    net.Listener
	http  *http.Server
	token string
	host  string // host:port the server answers to
	port  string
	offs  []func()

	mu      sync.Mutex
	queue   []*call
	spare   []*call // the drained queue's backing array, reused
	pending atomic.Int32
	watchN  atomic.Int32
	watches []*watcher
	closed  bool

	// Main-thread state.
	ids       map[*scenegraph.Node]uint64
	nodes     map[uint64]*scenegraph.Node
	nextID    uint64
	stepping  int // frames to run unpaused, then pause again
	stepArmed bool
	timeScale atomic.Uint64 // float64 bits
	lastWatch time.Time
	tree      treeState
	held      map[string]*asset.Asset // assets set loaded, released at Close
	stats     statsRing
	rec       *traceRec // the trace being recorded, if any
}

// call is a request waiting for the main thread.
type call struct {
	fn   func()
	done chan struct{}
}

// New starts an inspector for o.Director: it listens on o.Addr, serves
// until Close, and runs requests at the Director's BeginFrame. Call it on the
// main thread. It fails on a missing Director, a non-loopback address without
// AllowRemote, or an address it cannot listen on.
func New(o Options) (*Server, error) {
	if o.Director == nil {
		return nil, errors.New("inspector: Options.Director is nil")
	}
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return nil, fmt.Errorf("inspector: address %q: %w", o.Addr, err)
	}
	if !o.AllowRemote && !isLoopback(host) {
		return nil, fmt.Errorf("inspector: address %q is not a loopback address; set AllowRemote to listen on it", o.Addr)
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.WatchInterval <= 0 {
		o.WatchInterval = 100 * time.Millisecond
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Second
	}
	if o.Token == "" {
		var b [16]byte
		rand.Read(b[:])
		o.Token = hex.EncodeToString(b[:])
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, fmt.Errorf("inspector: %w", err)
	}
	s := &Server{opts: o, d: o.Director, ln: ln, token: o.Token,
		ids: map[*scenegraph.Node]uint64{}, nodes: map[uint64]*scenegraph.Node{}, held: map[string]*asset.Asset{}}
	s.stats.init()
	s.timeScale.Store(math.Float64bits(1))
	s.host = ln.Addr().String()
	_, s.port, _ = net.SplitHostPort(s.host)
	if o.AllowRemote && !isLoopback(host) {
		s.logf("inspector: WARNING: listening on %s, reachable from other machines: anyone with the token controls this game", s.host)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.servePage)
	mux.HandleFunc("POST /rpc", s.serveRPC)
	mux.HandleFunc("GET /watch", s.serveWatch)
	mux.HandleFunc("GET /frame.png", s.serveFrame)
	mux.HandleFunc("GET /trace.json", s.serveTrace)
	s.http = &http.Server{Handler: s.guard(mux), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	s.offs = append(s.offs,
		s.d.BeginFrame.On(func(*director.Director) { s.Poll() }),
		s.d.EndFrame.On(s.endFrame))
	go s.http.Serve(ln)
	return s, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logger != nil {
		s.opts.Logger.Printf(format, args...)
	}
}

// Addr returns the address the server listens on, as host:port.
func (s *Server) Addr() string { return s.host }

// Token returns the access token every request must carry.
func (s *Server) Token() string { return s.token }

// URL returns the page's address with its token, to open in a browser.
func (s *Server) URL() string {
	return "http://" + s.host + "/?token=" + url.QueryEscape(s.token)
}

// ReadOnly reports whether the server refuses changes.
func (s *Server) ReadOnly() bool { return s.opts.ReadOnly }

// TimeScale returns the factor the inspector's time scale asks the game to
// multiply frame times by (1 unless a client changed it); a Game applies
// it to the dt it ticks with.
func (s *Server) TimeScale() float64 { return math.Float64frombits(s.timeScale.Load()) }

// Close stops the server: it closes the listener and every connection,
// fails the requests still queued, and detaches from the Director. Call it
// on the main thread.
func (s *Server) Close() error {
	for _, off := range s.offs {
		off()
	}
	s.offs = nil
	s.mu.Lock()
	s.closed = true
	q := s.queue
	s.queue = nil
	ws := s.watches
	s.watches = nil
	s.mu.Unlock()
	for _, c := range q {
		close(c.done) // the handler sees no result: the game stopped
	}
	for _, w := range ws {
		w.stop()
	}
	if s.rec != nil {
		s.finishTrace(errStopped)
	}
	for _, a := range s.held {
		a.Release()
	}
	clear(s.held)
	return s.http.Close()
}

// Poll runs the queued requests and feeds the watchers, on the calling
// (main) thread. The Director's BeginFrame calls it; a Game calls it while it
// is paused and not ticking. With nothing queued and no watcher it costs an
// atomic load and allocates nothing.
func (s *Server) Poll() {
	if s.rec != nil && s.rec.left == 0 {
		s.finishTrace(nil)
	}
	if s.pending.Load() == 0 && s.watchN.Load() == 0 && !s.stepArmed {
		return
	}
	if s.stepArmed {
		// Step: the Director reads Paused after BeginFrame, so resuming
		// here runs exactly this frame's update; endFrame pauses again.
		s.stepArmed = false
		if s.d.Paused() {
			s.d.Resume()
			s.stepping = 1
		}
	}
	if s.pending.Load() > 0 {
		s.mu.Lock()
		q := s.queue
		s.queue = s.spare[:0]
		s.pending.Store(0)
		s.mu.Unlock()
		for i, c := range q {
			c.fn()
			close(c.done)
			q[i] = nil
		}
		s.mu.Lock()
		s.spare = q[:0]
		s.mu.Unlock()
	}
	if s.watchN.Load() > 0 {
		if now := time.Now(); now.Sub(s.lastWatch) >= s.opts.WatchInterval {
			s.lastWatch = now
			s.feedWatchers()
		}
	}
}

func (s *Server) endFrame(*director.Director) {
	s.sample()
	s.traceFrame()
	if s.stepping > 0 {
		s.stepping--
		if s.stepping == 0 {
			s.d.Pause()
		}
	}
}

// errStopped answers requests the game will never run.
var errStopped = errors.New("inspector: the game stopped")

// do runs fn on the main thread and waits for it, up to the timeout.
func (s *Server) do(ctx context.Context, fn func()) error {
	c := &call{fn: fn, done: make(chan struct{})}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errStopped
	}
	s.queue = append(s.queue, c)
	s.pending.Store(int32(len(s.queue)))
	s.mu.Unlock()
	t := time.NewTimer(s.opts.Timeout)
	defer t.Stop()
	select {
	case <-c.done:
		return nil
	case <-t.C:
		return fmt.Errorf("inspector: the game ran no frame in %v (stopped, or stuck in a frame)", s.opts.Timeout)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// guard checks every request: the Host header (DNS rebinding), Origin and
// Fetch metadata (cross-site requests), the token, and the body size.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-store")
		if !s.opts.AllowRemote && !s.hostOK(r.Host) {
			http.Error(w, "inspector: Host "+r.Host+" is not this server (DNS rebinding?)", http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			http.Error(w, "inspector: cross-origin request from "+o+" refused", http.StatusForbidden)
			return
		}
		if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
			http.Error(w, "inspector: cross-site request refused", http.StatusForbidden)
			return
		}
		if !s.tokenOK(r) {
			http.Error(w, "inspector: missing or wrong token (use the URL the game printed)", http.StatusUnauthorized)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
		next.ServeHTTP(w, r)
	})
}

func (s *Server) hostOK(h string) bool {
	host, port, err := net.SplitHostPort(h)
	if err != nil || port != s.port {
		return false
	}
	return isLoopback(strings.Trim(host, "[]"))
}

func (s *Server) tokenOK(r *http.Request) bool {
	t := r.URL.Query().Get("token")
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		t = strings.TrimPrefix(a, "Bearer ")
	}
	return subtle.ConstantTimeCompare([]byte(t), []byte(s.token)) == 1
}

func (s *Server) servePage(w http.ResponseWriter, r *http.Request) {
	b, err := pageFS.ReadFile("page/index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'")
	w.Write(b)
}

// serveFrame captures the next frame and answers it as PNG.
func (s *Server) serveFrame(w http.ResponseWriter, r *http.Request) {
	if s.opts.Screenshot == nil {
		http.Error(w, "inspector: this game has no game view (no graphics)", http.StatusNotFound)
		return
	}
	got := make(chan *image.RGBA, 1)
	if err := s.do(r.Context(), func() { s.opts.Screenshot(func(img *image.RGBA) { got <- img }) }); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	select {
	case img := <-got:
		var buf bytes.Buffer
		(&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
		w.Header().Set("Content-Type", "image/png")
		w.Write(buf.Bytes())
	case <-time.After(s.opts.Timeout):
		http.Error(w, "inspector: no frame was drawn in time", http.StatusServiceUnavailable)
	case <-r.Context().Done():
	}
}

// rpcRequest and rpcResponse are JSON-RPC 2.0's.
type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// Error is a JSON-RPC error: a code (the JSON-RPC ones, and CodeNotFound,
// CodeReadOnly, CodeFailed) and a message saying what and why.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("inspector: %s (code %d)", e.Message, e.Code) }

// The error codes.
const (
	CodeParse          = -32700 // the body is not JSON
	CodeInvalidRequest = -32600 // not a JSON-RPC 2.0 request
	CodeNoMethod       = -32601 // no such method
	CodeInvalidParams  = -32602 // params of the wrong shape or value
	CodeNotFound       = -32001 // no such node, component or type
	CodeReadOnly       = -32002 // the server is read-only
	CodeFailed         = -32003 // the game refused or failed
)

func errf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

func (s *Server) serveRPC(w http.ResponseWriter, r *http.Request) {
	var req rpcRequest
	dec := json.NewDecoder(r.Body)
	resp := rpcResponse{JSONRPC: "2.0", ID: json.RawMessage("null")}
	if err := dec.Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, fmt.Sprintf("inspector: request body over %d bytes", s.opts.MaxBody), http.StatusRequestEntityTooLarge)
			return
		}
		resp.Error = errf(CodeParse, "request is not JSON: %v", err)
	} else if req.JSONRPC != "2.0" || req.Method == "" {
		resp.Error = errf(CodeInvalidRequest, `want {"jsonrpc": "2.0", "method": ..., "params": ..., "id": ...}`)
	} else {
		if len(req.ID) > 0 {
			resp.ID = req.ID
		}
		resp.Result, resp.Error = s.dispatch(r.Context(), req.Method, req.Params)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}
