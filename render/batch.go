package render

// Batch is a run of sorted draw items that one draw call can cover: consecutive
// sprites of one pass with the same shader, texture and blend mode, or a single
// mesh or full-screen draw.
type Batch struct {
	Pass    int // index into Frame.Passes
	Kind    ItemKind
	Shader  ShaderID
	Texture TextureID
	Blend   BlendMode
	// First and Count locate the batch's data. Sprites: sprites First..First+Count-1
	// of the sorted sprite vertices (4 vertices each). Meshes and full-screen
	// draws: Count is 1 and First indexes MeshDraws or FullscreenDraws.
	First, Count int
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
	sprites []SpriteVertex
}

// Batches sorts the frame's draw items by key (a stable sort: equal keys keep
// recording order) and groups them into batches, in execution order: passes in
// recording order, each pass's batches contiguous. It also returns the sprite
// vertices in sorted order, so that each sprite batch is one contiguous range
// (Batch.First*4 ..). The result is cached until the next draw is recorded and
// is valid until the frame is reset; once the frame's buffers have grown, it
// allocates nothing.
func (f *Frame) Batches() ([]Batch, []SpriteVertex) {
	s := &f.sorter
	if s.valid {
		return s.batches, s.sprites
	}
	n := len(f.items)
	if cap(s.a) < n {
		s.a = make([]sortEntry, n, 2*n)
		s.b = make([]sortEntry, n, 2*n)
	}
	s.a, s.b = s.a[:n], s.b[:n]
	for i := range f.items {
		s.a[i] = sortEntry{f.items[i].Key, int32(i)}
	}
	sorted := sortEntries(s.a, s.b)

	if cap(s.sprites) < len(f.sprites) {
		s.sprites = make([]SpriteVertex, 0, cap(f.sprites))
	}
	s.batches = s.batches[:0]
	s.sprites = s.sprites[:0]
	for _, e := range sorted {
		it := &f.items[e.idx]
		if it.Kind == KindSprite {
			if nb := len(s.batches); nb > 0 {
				last := &s.batches[nb-1]
				if last.Kind == KindSprite && last.Pass == int(it.Pass) && last.Shader == it.Shader &&
					last.Texture == it.Texture && last.Blend == it.Blend {
					last.Count++
					s.sprites = append(s.sprites, f.sprites[4*it.Index:4*it.Index+4]...)
					continue
				}
			}
			s.batches = append(s.batches, Batch{Pass: int(it.Pass), Kind: KindSprite, Shader: it.Shader,
				Texture: it.Texture, Blend: it.Blend, First: len(s.sprites) / 4, Count: 1})
			s.sprites = append(s.sprites, f.sprites[4*it.Index:4*it.Index+4]...)
			continue
		}
		s.batches = append(s.batches, Batch{Pass: int(it.Pass), Kind: it.Kind, Shader: it.Shader,
			Texture: it.Texture, Blend: it.Blend, First: int(it.Index), Count: 1})
	}
	s.valid = true
	return s.batches, s.sprites
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
