package scenegraph

import (
	"github.com/tact-engine/tact/render"
)

// runChunk is how many instances a sprite run reserves in the frame at a
// time. A run longer than that is recorded as several draw items, which
// batch back into one draw call; a larger chunk saves items, a smaller one
// keeps the frame's spare capacity small.
const runChunk = 1024

// spriteRun gathers consecutive Sprites that share their sort key and draw
// state into one draw item, written straight into the frame's instance
// arena (render.Frame.ReserveSprites), instead of recording an item per
// sprite. The picture is the same: draw items with equal keys that are
// recorded one after the other stay adjacent and in order through the
// stable sort, and batching would join them anyway. What changes is the
// per-sprite cost: no draw item, no key, no copy, and nothing for the
// renderer to sort, scan or batch per sprite.
type spriteRun struct {
	buf  []render.SpriteInstance // the reservation being filled; nil when no run is open
	n    int                     // instances of buf filled
	draw render.SpriteDraw       // what every instance of the run shares
}

// openRun closes the open sprite run, if any, and opens one of d with a
// fresh reservation of runChunk instances. Sprite.record calls it when a
// sprite does not continue the open run (another texture, shader, blend
// mode, layer, order or depth) or the run's reservation is full.
func (v *View) openRun(d *render.SpriteDraw) {
	v.flushSprites()
	r := &v.run
	r.buf = v.Frame.ReserveSprites(runChunk)
	r.draw = *d
}

// flushSprites records the open sprite run, if any, as one draw item
// (render.Frame.CommitSprites). Extraction calls it before any other
// renderable records, and at the end of each camera's walk.
func (v *View) flushSprites() {
	r := &v.run
	if r.buf == nil {
		return
	}
	v.Frame.CommitSprites(&r.draw, r.n)
	r.buf, r.n = nil, 0
}

// extractTree records n's subtree for the view (see Extract): Sprites join
// sprite runs (Sprite.record), and every other Renderable records after the
// open run is closed, so that draw items stay in tree order.
func extractTree(n *Node, v *View, mask uint32) {
	if !n.activeInHierarchy {
		return
	}
	fade := v.fade
	if n.fade != 0 {
		v.fade = 1 - (1-fade)*float32(255-n.fade)/255
	}
	if n.Layer&mask != 0 {
		extractComps(n, v)
	}
	for _, ch := range n.children {
		if ch == nil || !ch.activeInHierarchy {
			continue
		}
		if len(ch.children) == 0 && ch.fade == 0 {
			// A leaf without a fade of its own (every bunny, bullet and
			// tile): its components, without a call of extractTree and
			// its fade bookkeeping, and a lone Sprite without a call of
			// extractComps either.
			if ch.Layer&mask == 0 {
				continue
			}
			if len(ch.comps) == 1 {
				if s, ok := ch.comps[0].(*Sprite); ok {
					if s.state&onEnableCalled != 0 {
						s.record(v)
					}
					continue
				}
			}
			extractComps(ch, v)
			continue
		}
		extractTree(ch, v, mask)
	}
	v.fade = fade
}

// extractComps records n's enabled renderables, in order.
func extractComps(n *Node, v *View) {
	for _, b := range n.comps {
		if b == nil {
			continue // a hole (holes.go); extraction only reads
		}
		if s, ok := b.(*Sprite); ok { // the common case, without an interface call
			if s.state&onEnableCalled != 0 {
				s.record(v)
			}
			continue
		}
		c := b.Base()
		if c.renderable != nil && c.state&onEnableCalled != 0 {
			v.flushSprites()
			c.renderable.Render(v)
		}
	}
}
