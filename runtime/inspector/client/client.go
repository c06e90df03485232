package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/tact-engine/tact/runtime/inspector"
)

// Client calls one inspector. It is safe for concurrent use.
type Client struct {
	base  string // http://host:port
	token string
	http  *http.Client
	id    atomic.Int64
}

// Dial returns a Client for the URL a game printed (Server.URL: with its
// token in the query). It checks the URL, not the connection.
func Dial(rawURL string) (*Client, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("inspector client: %q is not an inspector URL (http://host:port/?token=...)", rawURL)
	}
	t := u.Query().Get("token")
	if t == "" {
		return nil, fmt.Errorf("inspector client: %q has no token", rawURL)
	}
	return &Client{base: "http://" + u.Host, token: t, http: &http.Client{}}, nil
}

// Call calls method with params (any JSON-encodable value, or nil) and
// decodes the result into result (nil: discard). A JSON-RPC error comes back
// as an *inspector.Error.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.id.Add(1), "method": method, "params": params})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", c.base+"/rpc", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		return fmt.Errorf("inspector client: %s: %s: %s", method, resp.Status, strings.TrimSpace(string(b)))
	}
	var r struct {
		Result json.RawMessage  `json:"result"`
		Error  *inspector.Error `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return fmt.Errorf("inspector client: %s: bad response: %w", method, err)
	}
	if r.Error != nil {
		return r.Error
	}
	if result != nil && len(r.Result) > 0 {
		return json.Unmarshal(r.Result, result)
	}
	return nil
}

// Query returns the nodes whose name contains name (any case; "" for all)
// and that have a component of type component ("" for any).
func (c *Client) Query(ctx context.Context, name, component string) ([]inspector.NodeSummary, error) {
	var out []inspector.NodeSummary
	err := c.Call(ctx, "tact.query", map[string]any{"name": name, "component": component}, &out)
	return out, err
}

// Get returns node id with its transform and components.
func (c *Client) Get(ctx context.Context, id uint64) (*inspector.NodeDetail, error) {
	var d inspector.NodeDetail
	if err := c.Call(ctx, "tact.get", map[string]any{"id": id}, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// SetFields sets fields of node id's component at index comp (its index in
// the node's component list) and returns the node as it is afterwards.
func (c *Client) SetFields(ctx context.Context, id uint64, comp int, fields map[string]any) (*inspector.NodeDetail, error) {
	var d inspector.NodeDetail
	if err := c.Call(ctx, "tact.set", map[string]any{"id": id, "component": comp, "fields": fields}, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Pick returns the node drawn topmost at pixel (x, y) of the game view, or
// nil.
func (c *Client) Pick(ctx context.Context, x, y float32) (*inspector.NodeSummary, error) {
	var r inspector.PickResult
	err := c.Call(ctx, "tact.pick", map[string]any{"x": x, "y": y}, &r)
	return r.Node, err
}

// Save writes the running scene to path under the game's asset root.
func (c *Client) Save(ctx context.Context, path string) error {
	return c.Call(ctx, "tact.save", map[string]any{"path": path}, nil)
}

// Frame captures the next frame the game draws.
func (c *Client) Frame(ctx context.Context) (image.Image, error) {
	resp, err := c.get(ctx, "/frame.png")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return png.Decode(resp.Body)
}

func (c *Client) get(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		resp.Body.Close()
		return nil, fmt.Errorf("inspector client: GET %s: %s: %s", path, resp.Status, strings.TrimSpace(string(b)))
	}
	return resp, nil
}

// Watch follows the watch stream until ctx ends: the tree's diffs (tree),
// node id's changes (node != 0) and the log (log). The channel closes when
// the stream ends.
func (c *Client) Watch(ctx context.Context, tree bool, node uint64, log bool) (<-chan inspector.Event, error) {
	q := url.Values{}
	if tree {
		q.Set("tree", "1")
	}
	if node != 0 {
		q.Set("node", fmt.Sprint(node))
	}
	if log {
		q.Set("log", "1")
	}
	resp, err := c.get(ctx, "/watch?"+q.Encode())
	if err != nil {
		return nil, err
	}
	ch := make(chan inspector.Event, 16)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 64<<20)
		var ev inspector.Event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.Name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.Data = json.RawMessage(line[len("data: "):])
			case line == "" && ev.Name != "":
				select {
				case ch <- ev:
				case <-ctx.Done():
					return
				}
				ev = inspector.Event{}
			}
		}
	}()
	return ch, nil
}

// AddComponent adds a component of the registered type typ to node id,
// with fields set (nil: the type's defaults), and returns the node as it
// is afterwards.
func (c *Client) AddComponent(ctx context.Context, id uint64, typ string, fields map[string]any) (*inspector.NodeDetail, error) {
	var d inspector.NodeDetail
	if err := c.Call(ctx, "tact.addComponent", map[string]any{"id": id, "type": typ, "fields": fields}, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// RemoveComponent destroys node id's component at index comp.
func (c *Client) RemoveComponent(ctx context.Context, id uint64, comp int) error {
	return c.Call(ctx, "tact.removeComponent", map[string]any{"id": id, "component": comp}, nil)
}

// Reparent moves node id under parent (0: the scene root), at sibling
// index (negative: last).
func (c *Client) Reparent(ctx context.Context, id, parent uint64, index int) (*inspector.NodeSummary, error) {
	p := map[string]any{"id": id, "parent": parent}
	if index >= 0 {
		p["index"] = index
	}
	var s inspector.NodeSummary
	if err := c.Call(ctx, "tact.reparent", p, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// SavePrefab writes node id and its subtree as a prefab file at path under
// the game's asset root.
func (c *Client) SavePrefab(ctx context.Context, id uint64, path string) error {
	return c.Call(ctx, "tact.savePrefab", map[string]any{"id": id, "path": path}, nil)
}

// Assets lists the asset paths of kind ("texture", "shader", "font",
// "sound", "animation", "prefab"): loaded, and files under the asset root.
func (c *Client) Assets(ctx context.Context, kind string) (*inspector.AssetList, error) {
	var l inspector.AssetList
	if err := c.Call(ctx, "tact.assets", map[string]any{"kind": kind}, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

// Stats returns the last frames' times, draw calls and GC figures.
func (c *Client) Stats(ctx context.Context) (*inspector.Stats, error) {
	var s inspector.Stats
	if err := c.Call(ctx, "tact.stats", nil, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Trace records the next frames frames as a Chrome trace (JSON, for
// ui.perfetto.dev) and returns it.
func (c *Client) Trace(ctx context.Context, frames int) ([]byte, error) {
	resp, err := c.get(ctx, fmt.Sprintf("/trace.json?frames=%d", frames))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
