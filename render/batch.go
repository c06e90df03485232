package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Batch is a run of sorted draw items that one draw call can cover: consecutive
// sprites of one pass with the same shader, texture and blend mode, or a single
// mesh or full-screen draw.
type Batch struct {
	Pass    int // index into Frame.Passes
	Kind    ItemKind
	Shader  ShaderID
	Texture TextureID
	Blend   BlendMode
	// First and Count locate the batch's data. Sprites: instances
	// First..First+Count-1 of the sorted sprite instances Batches returns.
	// Meshes and full-screen draws: Count is 1 and First indexes MeshDraws
	// or FullscreenDraws.
	First, Count int
	// Squares reports, for a sprite batch, that every sprite in it is an
	// axis-aligned square lying wholly inside its pass's clip volume under
	// a 2D orthographic view-projection (no rotation, no perspective): AY
	// and BX are 0, |AX| = |BY|, and all four corners map inside the
	// volume. A backend may then draw each sprite as one point sprite of
	// side |AX| world units centered on the square, covering the pixels a
	// quad would, where the pass maps world units to pixels the same way
	// along both axes (the texel sampled can differ only where a pixel
	// center falls exactly on a texel boundary, where either is right). SideMin and SideMax are then the smallest and the
	// largest side in world units (a backend checks them against its point
	// size range).
	Squares          bool
	SideMin, SideMax float32
	// Opaque reports, for a sprite batch, that every sprite's Color has
	// alpha 255. With a texture whose texels are all opaque, alpha and
	// premultiplied blending then change nothing, and a backend may draw
	// the batch without blending (the same picture, less work).
	Opaque bool
}

// sortEntry pairs a key with its item's index.
type sortEntry struct {
	key uint64
	idx int32
}

// sorter holds the sort and batch results and their scratch buffers, reused
// across frames.
type sorter struct {
	valid   bool
	a, b    []sortEntry
	batches []Batch
	sprites []SpriteInstance // the result: the frame's own instances, or owned
	owned   []SpriteInstance // sorted copies, when the items were out of order
	bounds  []passBounds
}

// passBounds is the world-space rectangle a pass's clip volume covers at
// z = 0, for a 2D orthographic view-projection (ok false otherwise).
type passBounds struct {
	ok                     bool
	minX, maxX, minY, maxY float32
}

func boundsOf(m *mgl32.Mat4) passBounds {
	x0, y0, x1, y1, ok := ClipRect2D(m)
	return passBounds{ok: ok, minX: x0, maxX: x1, minY: y0, maxY: y1}
}

// ClipRect2D returns the world rectangle [x0, x1] × [y0, y1] that viewProj
// maps into the clip volume at z = 0, and true, when viewProj is a 2D
// orthographic transform: world x and y map to clip x and y independently
// (no rotation, no perspective), w is constant and z = 0 lies inside the
// depth range. Otherwise it returns false. Sprites are drawn at z = 0, so
// for a 2D camera this is exactly the region it shows; its edges are exact
// up to float rounding, far less than the half pixel between a viewport's
// border and the nearest pixel center outside it.
func ClipRect2D(viewProj *mgl32.Mat4) (x0, y0, x1, y1 float32, ok bool) {
	m := viewProj
	w := m[15]
	if m[1] != 0 || m[4] != 0 || m[2] != 0 || m[6] != 0 || m[3] != 0 || m[7] != 0 ||
		m[0] == 0 || m[5] == 0 || !(w > 0) || m[14] < -w || m[14] > w {
		return 0, 0, 0, 0, false
	}
	ax, bx := (-w-m[12])/m[0], (w-m[12])/m[0]
	ay, by := (-w-m[13])/m[5], (w-m[13])/m[5]
	return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), true
}

// Batches sorts the frame's draw items by key (a stable sort: equal keys keep
// recording order) and groups them into batches, in execution order: passes in
// recording order, each pass's batches contiguous. It also returns the sprite
// instances in sorted order, so that each sprite batch is one contiguous range
// (Batch.First ..). When the keys are already in order (every sprite of one
// texture and layer, as a 2D scene often is), nothing is sorted or copied: the
// instances returned are the frame's own. The result is cached until the next
// draw is recorded and is valid until the frame is reset; once the frame's
// buffers have grown, it allocates nothing.
func (f *Frame) Batches() ([]Batch, []SpriteInstance) {
	s := &f.sorter
	if s.valid {
		return s.batches, s.sprites
	}
	items := f.items
	inOrder := true
	for i := 1; i < len(items); i++ {
		if items[i].Key < items[i-1].Key {
			inOrder = false
			break
		}
	}
	s.batches = s.batches[:0]
	if inOrder {
		s.sprites = f.SpriteInstances()
		for i := range items {
			s.add(&items[i], int(items[i].Index))
		}
	} else {
		n := len(items)
		if cap(s.a) < n {
			s.a = make([]sortEntry, n, 2*n)
			s.b = make([]sortEntry, n, 2*n)
		}
		s.a, s.b = s.a[:n], s.b[:n]
		for i := range items {
			s.a[i] = sortEntry{items[i].Key, int32(i)}
		}
		sorted := sortEntries(s.a, s.b)
		src := f.SpriteInstances()
		if cap(s.owned) < len(src) {
			s.owned = make([]SpriteInstance, 0, cap(f.sprites))
		}
		out := s.owned[:0]
		for _, e := range sorted {
			it := &items[e.idx]
			if it.Kind == KindSprite {
				s.add(it, len(out))
				out = append(out, src[it.Index:it.Index+it.Count]...)
				continue
			}
			s.add(it, int(it.Index))
		}
		s.owned, s.sprites = out, out
	}
	s.squares(f)
	s.valid = true
	return s.batches, s.sprites
}

// add appends item it, whose data starts at first in the sorted order, to
// the batches: a sprite item joins the last batch when it can.
func (s *sorter) add(it *DrawItem, first int) {
	if it.Kind == KindSprite {
		if nb := len(s.batches); nb > 0 {
			last := &s.batches[nb-1]
			if last.Kind == KindSprite && last.Pass == int(it.Pass) && last.Shader == it.Shader &&
				last.Texture == it.Texture && last.Blend == it.Blend {
				last.Count += int(it.Count)
				return
			}
		}
		s.batches = append(s.batches, Batch{Pass: int(it.Pass), Kind: KindSprite, Shader: it.Shader,
			Texture: it.Texture, Blend: it.Blend, First: first, Count: int(it.Count)})
		return
	}
	s.batches = append(s.batches, Batch{Pass: int(it.Pass), Kind: it.Kind, Shader: it.Shader,
		Texture: it.Texture, Blend: it.Blend, First: first, Count: 1})
}

// squares sets Squares, SideMin, SideMax and Opaque on the sprite batches:
// one pass over each batch's instances, stopping once neither can hold.
func (s *sorter) squares(f *Frame) {
	s.bounds = s.bounds[:0]
	for i := range f.passes {
		s.bounds = append(s.bounds, boundsOf(&f.passes[i].ViewProj))
	}
	for i := range s.batches {
		b := &s.batches[i]
		if b.Kind != KindSprite {
			continue
		}
		b.Squares, b.SideMin, b.SideMax, b.Opaque = scanRun(s.sprites[b.First:b.First+b.Count], &s.bounds[b.Pass])
	}
}

// scanRun reports whether every instance of run is an axis-aligned square
// inside pb (false when pb is not a 2D pass), with the smallest and largest
// side, and whether every tint is opaque.
func scanRun(run []SpriteInstance, pb *passBounds) (square bool, lo, hi float32, opaque bool) {
	square, opaque = pb.ok, true
	lo = float32(math.Inf(1))
	i := 0
	if square {
		// The common case first: upright, unmirrored squares inside the
		// pass, for as long as they last, with the tints' smallest value
		// kept instead of a test each (all are opaque when it is). For
		// these instances the general loop below decides the same: ax and
		// by are positive, so no corner swaps, and ax == by is its
		// |ax| == |by|; lo and hi see only positive sides, so plain
		// compares are min and max.
		minColor := Color(0xffffffff)
		for ; i < len(run); i++ {
			in := &run[i]
			ax, by := in.AX, in.BY
			if in.AY != 0 || in.BX != 0 || !(ax > 0) || ax != by || // negated, so that a NaN ends it
				!(in.X >= pb.minX && in.X+ax <= pb.maxX && in.Y >= pb.minY && in.Y+by <= pb.maxY) {
				break
			}
			if by < lo {
				lo = by
			}
			if by > hi {
				hi = by
			}
			minColor = min(minColor, in.Color)
		}
		opaque = minColor >= 0xff000000
	}
	for ; i < len(run); i++ {
		in := &run[i]
		opaque = opaque && in.Color >= 0xff000000
		if square {
			ax, by := in.AX, in.BY
			x0, x1 := in.X, in.X+ax
			y0, y1 := in.Y, in.Y+by
			if ax < 0 {
				x0, x1 = x1, x0
			}
			if by < 0 {
				y0, y1 = y1, y0
				by = -by
			}
			square = in.AY == 0 && in.BX == 0 && ax != 0 && (ax == in.BY || ax == -in.BY) &&
				x0 >= pb.minX && x1 <= pb.maxX && y0 >= pb.minY && y1 <= pb.maxY
			lo, hi = min(lo, by), max(hi, by)
		}
		if !square && !opaque {
			break
		}
	}
	if !square {
		lo, hi = 0, 0
	}
	return square, lo, hi, opaque
}

// sortEntries sorts a by key, stably, using tmp (same length) as scratch, and
// returns the sorted slice (a or tmp). Small inputs use insertion sort; larger
// ones an LSD radix sort that skips bytes all keys share. Neither allocates.
func sortEntries(a, tmp []sortEntry) []sortEntry {
	n := len(a)
	if n <= 48 {
		for i := 1; i < n; i++ {
			e := a[i]
			j := i
			for j > 0 && a[j-1].key > e.key {
				a[j] = a[j-1]
				j--
			}
			a[j] = e
		}
		return a
	}
	var counts [8][256]int32
	c0, c1, c2, c3 := &counts[0], &counts[1], &counts[2], &counts[3]
	c4, c5, c6, c7 := &counts[4], &counts[5], &counts[6], &counts[7]
	for i := range a {
		k := a[i].key
		c0[byte(k)]++
		c1[byte(k>>8)]++
		c2[byte(k>>16)]++
		c3[byte(k>>24)]++
		c4[byte(k>>32)]++
		c5[byte(k>>40)]++
		c6[byte(k>>48)]++
		c7[byte(k>>56)]++
	}
	src, dst := a, tmp
	for b := 0; b < 8; b++ {
		c := &counts[b]
		shift := uint(8 * b)
		if int(c[byte(src[0].key>>shift)]) == n {
			continue // every key has this byte
		}
		var sum int32
		for j := range c {
			t := c[j]
			c[j] = sum
			sum += t
		}
		for _, e := range src {
			d := byte(e.key >> shift)
			dst[c[d]] = e
			c[d]++
		}
		src, dst = dst, src
	}
	return src
}
