package text

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync"
)

// SystemThaiDictionaryPath is where Debian's libthai-data package installs
// libthai's word list (LGPL-2.1+), a libdatrie trie that
// SystemThaiDictionary reads.
const SystemThaiDictionaryPath = "/usr/share/libthai/thbrk.tri"

// ThaiDictionary is a Thai word list for line breaking: Thai is written
// without spaces between words, and Unicode's line breaking rules (UAX #14)
// leave the breaks inside a run of Thai to a dictionary. Labels and
// RichTexts break Thai text between the words it finds (see
// SystemThaiDictionary), preferring the segmentation with the fewest
// letters outside known words, then the fewest words; text it does not know
// stays whole between known words. A ThaiDictionary is immutable and safe
// for concurrent use.
type ThaiDictionary struct {
	name     string
	first    rune     // the alphabet's first character: trie character 1
	size     int      // characters in the alphabet
	cells    []uint32 // base, check pairs of the double array (int32 bits)
	tails    []thaiTail
	suffixes []byte // every tail's suffix, one after another
}

// thaiTail is the rest of a word below a separate node: suffixes[off:off+n],
// trie characters, the terminator not included.
type thaiTail struct{ off, n int32 }

// The libdatrie file signatures.
const (
	alphaMapSignature = 0xD9FCD9FC
	darraySignature   = 0xDAFCDAFC
	tailSignature     = 0xDFFCDFFC
	trieRoot          = 2 // the double array's root cell
)

// ParseThaiDictionary reads a libdatrie trie file (libthai's thbrk.tri, or
// one made with libdatrie's trietool from a word list) whose alphabet is
// one range of characters. Errors read `text: Thai dictionary "name":
// reason`; it never panics on bad bytes. data is not kept.
func ParseThaiDictionary(name string, data []byte) (*ThaiDictionary, error) {
	d := &ThaiDictionary{name: name}
	bad := func(format string, args ...any) (*ThaiDictionary, error) {
		return nil, fmt.Errorf("text: Thai dictionary %q: %s", name, fmt.Sprintf(format, args...))
	}
	be := binary.BigEndian
	p := data
	u32 := func() (uint32, bool) {
		if len(p) < 4 {
			return 0, false
		}
		v := be.Uint32(p)
		p = p[4:]
		return v, true
	}
	if sig, ok := u32(); !ok || sig != alphaMapSignature {
		return bad("not a libdatrie trie (no alphabet signature)")
	}
	ranges, ok := u32()
	if !ok || ranges != 1 {
		return bad("the alphabet has %d character ranges, want one", int32(ranges))
	}
	b, ok1 := u32()
	e, ok2 := u32()
	if !ok1 || !ok2 || int32(b) <= 0 || e < b || e-b >= 255 || e > 0x10ffff {
		return bad("bad alphabet range %#x-%#x", b, e)
	}
	d.first, d.size = rune(b), int(e-b)+1
	if sig, ok := u32(); !ok || sig != darraySignature {
		return bad("no double-array signature")
	}
	n, ok := u32()
	if !ok || n < 3 || uint64(n)*8-8 > uint64(len(p)) {
		return bad("%d double-array cells, file too short", n)
	}
	// Cell 0 was the signature and the count; the rest follow.
	d.cells = make([]uint32, 2*n)
	d.cells[0], d.cells[1] = darraySignature, n
	for i := 2; i < len(d.cells); i++ {
		d.cells[i], _ = u32()
	}
	if sig, ok := u32(); !ok || sig != tailSignature {
		return bad("no tail signature")
	}
	if _, ok := u32(); !ok { // first free block
		return bad("tail header cut short")
	}
	nt, ok := u32()
	if !ok || uint64(nt)*10 > uint64(len(p)) {
		return bad("%d tail blocks, file too short", int32(nt))
	}
	d.tails = make([]thaiTail, nt)
	d.suffixes = make([]byte, 0, max(len(p)-10*int(nt), 0))
	for i := range d.tails {
		if len(p) < 10 {
			return bad("tail block %d cut short", i)
		}
		l := int(int16(be.Uint16(p[8:])))
		p = p[10:]
		if l < 0 || l > len(p) {
			return bad("tail block %d: suffix of %d bytes, file too short", i, l)
		}
		d.tails[i] = thaiTail{off: int32(len(d.suffixes)), n: int32(l)}
		d.suffixes = append(d.suffixes, p[:l]...)
		p = p[l:]
	}
	return d, nil
}

// Name returns the name the dictionary was parsed under.
func (d *ThaiDictionary) Name() string { return d.name }

var systemThai = sync.OnceValues(func() (*ThaiDictionary, error) {
	data, err := os.ReadFile(SystemThaiDictionaryPath)
	if err != nil {
		return nil, fmt.Errorf("text: Thai dictionary: %w (install Debian's libthai-data)", err)
	}
	return ParseThaiDictionary(SystemThaiDictionaryPath, data)
})

// SystemThaiDictionary returns libthai's dictionary, read once from
// SystemThaiDictionaryPath, or an error if it is not installed or does not
// parse. Labels and RichTexts use it when it is there; without it a run of
// Thai wider than the line breaks between character clusters, which may
// split a word. The word list is libthai's (LGPL-2.1+), read at run time
// and not shipped with Tact.
func SystemThaiDictionary() (*ThaiDictionary, error) { return systemThai() }

// defaultThai is the dictionary Labels break Thai with: the system's, or
// nil.
func defaultThai() *ThaiDictionary {
	d, _ := systemThai()
	return d
}

func (d *ThaiDictionary) base(s int) int32  { return int32(d.cells[2*s]) }
func (d *ThaiDictionary) check(s int) int32 { return int32(d.cells[2*s+1]) }

// step follows trie character c from cell s; ok is false if the trie has
// no such transition.
func (d *ThaiDictionary) step(s int, c int) (int, bool) {
	t := int(d.base(s)) + c
	if t <= 0 || t >= len(d.cells)/2 || int(d.check(t)) != s {
		return 0, false
	}
	return t, true
}

// tail returns the suffix of separate node s (base < 0), or nil.
func (d *ThaiDictionary) tail(s int) ([]byte, bool) {
	i := -int(d.base(s)) - 1 // tail blocks count from 1
	if i < 0 || i >= len(d.tails) {
		return nil, false
	}
	t := d.tails[i]
	return d.suffixes[t.off : t.off+t.n], true
}

// trieChar returns r's trie character, or 0 if r is not in the alphabet.
func (d *ThaiDictionary) trieChar(r rune) int {
	if r < d.first || int(r-d.first) >= d.size {
		return 0
	}
	return int(r-d.first) + 1
}

// prefixes calls fn(n) for every word of the dictionary that is the first
// n runes of text, shortest first. It allocates nothing.
func (d *ThaiDictionary) prefixes(text []rune, fn func(n int)) {
	s := trieRoot
	for i := 0; ; i++ {
		if d.base(s) < 0 {
			// A separate node: the rest of one word is in its tail.
			suf, ok := d.tail(s)
			if !ok {
				return
			}
			k := 0
			for k < len(suf) && i+k < len(text) && d.trieChar(text[i+k]) == int(suf[k]) {
				k++
			}
			if k == len(suf) && i+k > 0 {
				fn(i + k)
			}
			return
		}
		// A word ends here if the terminator (trie character 0) leads on.
		if i > 0 {
			if _, ok := d.step(s, 0); ok {
				fn(i)
			}
		}
		if i == len(text) {
			return
		}
		c := d.trieChar(text[i])
		if c == 0 {
			return
		}
		t, ok := d.step(s, c)
		if !ok || t == s {
			return
		}
		s = t
	}
}

// Words returns the words of the dictionary in trie order, for tests and
// tools; it walks the whole trie.
func (d *ThaiDictionary) Words() []string {
	var out []string
	var buf []rune
	var walk func(s, depth int)
	walk = func(s, depth int) {
		if depth > 64 {
			return // a cycle in a broken file
		}
		if d.base(s) < 0 {
			suf, ok := d.tail(s)
			if !ok {
				return
			}
			w := append([]rune(nil), buf...)
			for _, c := range suf {
				if c == 0 {
					break
				}
				w = append(w, d.first+rune(c)-1)
			}
			out = append(out, string(w))
			return
		}
		for c := 0; c <= d.size; c++ {
			t, ok := d.step(s, c)
			if !ok || t == s {
				continue
			}
			if c == 0 {
				if d.base(t) < 0 {
					out = append(out, string(buf))
				}
				continue
			}
			buf = append(buf, d.first+rune(c)-1)
			walk(t, depth+1)
			buf = buf[:len(buf)-1]
		}
	}
	walk(trieRoot, 0)
	return out
}

// isThai reports whether r is in the Thai block.
func isThai(r rune) bool { return r >= 0x0e01 && r <= 0x0e5b }

// thaiBreakable reports whether a line may break before text[i] inside a
// run of Thai (0 < i < len): not before a mark, a following vowel or mai
// yamok, not after a leading vowel, so that no character cluster is split.
func thaiBreakable(text []rune, i int) bool {
	switch r := text[i]; {
	case r == 0x0e30 || r == 0x0e32 || r == 0x0e33 || r == 0x0e45 || r == 0x0e46: // ะ า ำ ๅ ๆ
		return false
	case r == 0x0e31 || r >= 0x0e34 && r <= 0x0e3a || r >= 0x0e47 && r <= 0x0e4e: // marks
		return false
	}
	if p := text[i-1]; p >= 0x0e40 && p <= 0x0e44 { // เ แ โ ใ ไ
		return false
	}
	return true
}

// thaiBreaker is the scratch of Thai word breaking, reused so that breaking
// allocates nothing in steady state.
type thaiBreaker struct {
	cost  []thaiCost // per position of the run: the best segmentation of its prefix
	from  []int32    // where the last segment of that segmentation starts
	known []bool     // whether that segment is a dictionary word
	ends  []int32    // the chosen segmentation's segment ends, ascending
	out   []rune
	spans []int32 // per output rune, its input rune (for RichText's spans)
	run   []rune  // the run being walked (for the prefixes callback)
	at    int
}

// thaiCost orders segmentations: fewer letters outside words, then fewer
// words.
type thaiCost struct{ unknown, words int32 }

func (a thaiCost) less(b thaiCost) bool {
	return a.unknown < b.unknown || a.unknown == b.unknown && a.words < b.words
}

// resize returns s with n zero elements, reusing its array when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// insertBreaks returns text with U+200B ZERO WIDTH SPACE (a line break
// opportunity that draws nothing) between the words of every run of Thai,
// and, per output rune, the index of its input rune (a ZWSP gets the one
// before it). Two pieces of unknown text in a row stay together. It returns
// text itself, and nil, when there is nothing to insert. The slices are
// scratch, valid until the next call.
func (b *thaiBreaker) insertBreaks(d *ThaiDictionary, text []rune) ([]rune, []int32) {
	if d == nil {
		return text, nil
	}
	i := 0
	for i < len(text) && !isThai(text[i]) {
		i++
	}
	if i == len(text) {
		return text, nil
	}
	b.out, b.spans = b.out[:0], b.spans[:0]
	inserted := false
	for j := 0; j < i; j++ {
		b.out = append(b.out, text[j])
		b.spans = append(b.spans, int32(j))
	}
	for i < len(text) {
		if !isThai(text[i]) {
			b.out = append(b.out, text[i])
			b.spans = append(b.spans, int32(i))
			i++
			continue
		}
		end := i
		for end < len(text) && isThai(text[end]) {
			end++
		}
		b.segment(d, text[i:end])
		start := 0
		for si, e := range b.ends {
			if si > 0 && (b.known[e] || b.known[start]) {
				b.out = append(b.out, 0x200b)
				b.spans = append(b.spans, int32(i+start-1))
				inserted = true
			}
			for j := start; j < int(e); j++ {
				b.out = append(b.out, text[i+j])
				b.spans = append(b.spans, int32(i+j))
			}
			start = int(e)
		}
		i = end
	}
	if !inserted {
		return text, nil
	}
	return b.out, b.spans
}

// segment finds the best segmentation of run (all Thai): its segment ends
// in b.ends, ascending, and b.known[e] whether the segment ending at e is a
// word.
func (b *thaiBreaker) segment(d *ThaiDictionary, run []rune) {
	n := len(run)
	b.cost = resize(b.cost, n+1)
	b.from = resize(b.from, n+1)
	b.known = resize(b.known, n+1)
	const inf = 1 << 30
	for k := 1; k <= n; k++ {
		b.cost[k] = thaiCost{inf, inf}
	}
	b.run = run
	for i := 0; i < n; i++ {
		if b.cost[i].unknown >= inf || (i > 0 && !thaiBreakable(run, i)) {
			continue
		}
		c := b.cost[i]
		b.at = i
		d.prefixes(run[i:], b.relax)
		// Unknown text: one character cluster, to the next place a line may
		// break.
		j := i + 1
		for j < n && !thaiBreakable(run, j) {
			j++
		}
		nc := thaiCost{c.unknown + int32(j-i), c.words + 1}
		if nc.less(b.cost[j]) {
			b.cost[j], b.from[j], b.known[j] = nc, int32(i), false
		}
	}
	b.ends = b.ends[:0]
	for k := n; k > 0; k = int(b.from[k]) {
		b.ends = append(b.ends, int32(k))
	}
	for l, r := 0, len(b.ends)-1; l < r; l, r = l+1, r-1 {
		b.ends[l], b.ends[r] = b.ends[r], b.ends[l]
	}
}

// relax is the prefixes callback of segment: a word run[at:at+n].
func (b *thaiBreaker) relax(n int) {
	i, j := b.at, b.at+n
	if j < len(b.run) && !thaiBreakable(b.run, j) {
		return // the word would end inside a cluster
	}
	c := b.cost[i]
	nc := thaiCost{c.unknown, c.words + 1}
	if nc.less(b.cost[j]) {
		b.cost[j], b.from[j], b.known[j] = nc, int32(i), true
	}
}
