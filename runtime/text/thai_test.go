package text

import (
	"encoding/binary"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/tact-engine/tact/render"
	"golang.org/x/image/math/fixed"
)

// tinyThaiTrie returns a libdatrie file holding the one word "กา": the
// alphabet U+0E01-U+0E5B (trie characters 1-91), a root whose 'ก' leads to
// a separate node, and that node's tail "า".
func tinyThaiTrie() []byte {
	be := binary.BigEndian
	var b []byte
	for _, v := range []uint32{
		alphaMapSignature, 1, 0x0e01, 0x0e5b,
		darraySignature, 4, // cells 0-3
		0xffffffff, 0xffffffff, // 1: the free list (unused)
		2, 0, // 2: the root, base 2
		0xffffffff, 2, // 3: = base 2 + 'ก' (1), check 2; base -1: tail 1
		tailSignature, 0, 1,
		0xffffffff, 0xffffffff, // tail 1: next free, data
	} {
		b = be.AppendUint32(b, v)
	}
	b = be.AppendUint16(b, 1)
	return append(b, 0x32) // 'า' is U+0E32: trie character 0x32
}

func requireThai(t testing.TB) *ThaiDictionary {
	t.Helper()
	d, err := SystemThaiDictionary()
	if err != nil {
		if os.Getenv("TACT_REQUIRE_GL") == "1" || os.Getenv("CI") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return d
}

// breaks returns s with '|' where insertBreaks puts a zero width space.
func breaks(d *ThaiDictionary, s string) string {
	var b thaiBreaker
	out, _ := b.insertBreaks(d, []rune(s))
	return strings.ReplaceAll(string(out), "\u200b", "|")
}

func TestParseThaiDictionaryTiny(t *testing.T) {
	d, err := ParseThaiDictionary("tiny.tri", tinyThaiTrie())
	if err != nil {
		t.Fatal(err)
	}
	if w := d.Words(); !slices.Equal(w, []string{"กา"}) {
		t.Fatalf("words %q, want [กา]", w)
	}
	for in, want := range map[string]string{
		"กากา":      "กา|กา",
		"กาขกา":     "กา|ข|กา", // unknown text between words stands alone
		"ขคกา":      "ขค|กา",   // two unknown clusters in a row stay together
		"hello กา!": "hello กา!",
		"กาก่":      "กา|ก่", // a tone mark stays on its consonant
	} {
		if got := breaks(d, in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestParseThaiDictionaryErrors(t *testing.T) {
	good := tinyThaiTrie()
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{nil, "not a libdatrie trie"},
		{[]byte("hello world, this is no trie"), "not a libdatrie trie"},
		{good[:16], "no double-array signature"},
		{good[:30], "4 double-array cells, file too short"},
		{good[:len(good)-1], "tail block 0: suffix of 1 bytes, file too short"},
		{append(append([]byte(nil), good[:4]...), 0, 0, 0, 2), "the alphabet has 2 character ranges, want one"},
	} {
		_, err := ParseThaiDictionary("x.tri", tc.data)
		if err == nil || !strings.Contains(err.Error(), `text: Thai dictionary "x.tri": `+tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

// libthai's dictionary splits Thai sentences into their words.
func TestThaiWordBreaking(t *testing.T) {
	d := requireThai(t)
	if n := len(d.Words()); n < 20000 {
		t.Fatalf("%d words in %s", n, d.Name())
	}
	for in, want := range map[string]string{
		"ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ": "ภาษา|ไทย|เป็น|ภาษา|ที่|ไม่|มี|การ|เว้น|วรรค|ระหว่าง|คำ",
		"สวัสดีครับ": "สวัสดี|ครับ",
		"แล้วและ":    "แล้ว|และ",
		// The sample's sentence: "และ" is a word, not "แล|ะ".
		"ศักดิ์และสิทธิ ต่างมีเหตุผล": "ศักดิ์|และ|สิทธิ ต่าง|มี|เหตุผล",
	} {
		if got := breaks(d, in); got != want {
			t.Errorf("%q:\n got %q\nwant %q", in, got, want)
		}
	}
}

// A wrapped Thai label breaks its lines between words only, and the
// inserted break opportunities draw nothing: unwrapped, it lays out exactly
// as without a dictionary.
func TestLabelBreaksThaiBetweenWords(t *testing.T) {
	d := requireThai(t)
	th := sysFont(t, fontThai)
	const s = "มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ"
	glyphs := func(txt string, dict *ThaiDictionary, wrap float32) (*Label, []font26) {
		l := NewLabel(txt, 20, render.White)
		l.Font, l.WrapWidth = th, wrap
		l.shaper().thai = dict
		l.layout()
		var g []font26
		for _, q := range l.lay.quads {
			g = append(g, font26{q.glyph, q.fx})
		}
		return l, g
	}
	_, with := glyphs(s, d, 0)
	_, without := glyphs(s, nil, 0)
	if !slices.Equal(with, without) {
		t.Fatal("the zero width spaces changed the unwrapped layout")
	}
	// The glyphs of each word alone.
	var words [][]uint32
	for _, w := range strings.Split(breaks(d, s), "|") {
		_, g := glyphs(w, nil, 0)
		var ids []uint32
		for _, x := range g {
			ids = append(ids, uint32(x.g))
		}
		words = append(words, ids)
	}
	l, _ := glyphs(s, d, 150)
	if l.LineCount() < 3 {
		t.Fatalf("%d lines at 150 px", l.LineCount())
	}
	start, wi := 0, 0
	for li, ln := range l.lay.lines {
		var line []uint32
		for _, q := range l.lay.quads[start:ln.end] {
			line = append(line, uint32(q.glyph))
		}
		start = ln.end
		// The line is whole words, in order.
		for len(line) > 0 {
			if wi >= len(words) || len(words[wi]) > len(line) || !slices.Equal(line[:len(words[wi])], words[wi]) {
				t.Fatalf("line %d does not end between words (at word %d)", li, wi)
			}
			line = line[len(words[wi]):]
			wi++
		}
	}
	if wi != len(words) {
		t.Fatalf("%d of %d words laid out", wi, len(words))
	}
}

// font26 is a quad's glyph and pen position.
type font26 struct {
	g  font.GID
	fx fixed.Int26_6
}

// FuzzThaiDictionary: any bytes parse or fail cleanly, and a dictionary
// that parses breaks any text without panicking, keeping its runes.
func FuzzThaiDictionary(f *testing.F) {
	f.Add(tinyThaiTrie(), "กากา ขคกา")
	if data, err := os.ReadFile(SystemThaiDictionaryPath); err == nil && len(data) > 4096 {
		f.Add(data[:4096], "ภาษาไทย")
	}
	bad := tinyThaiTrie()
	binary.BigEndian.PutUint32(bad[40:], 0xfffffff0) // a base pointing anywhere
	f.Add(bad, "กากาก")
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		d, err := ParseThaiDictionary("fuzz.tri", data)
		if err != nil {
			return
		}
		if len(d.Words()) > 1<<20 {
			t.Fatal("absurd word count")
		}
		var b thaiBreaker
		in := []rune(text)
		out, from := b.insertBreaks(d, in)
		if from == nil {
			if !slices.Equal(out, in) {
				t.Fatalf("%q changed without a map", text)
			}
			return
		}
		// Every rune of the text, in order, and inserted spaces after the
		// rune they map to.
		copied := 0
		for k, r := range out {
			if r == 0x200b && k > 0 && from[k] == from[k-1] {
				continue
			}
			if copied >= len(in) || from[k] != int32(copied) || in[copied] != r {
				t.Fatalf("%q became %q (map %v)", text, string(out), from)
			}
			copied++
		}
		if copied != len(in) {
			t.Fatalf("%q lost runes: %q", text, string(out))
		}
	})
}

// One dictionary serves every shaper at once: it is read-only (run with
// -race).
func TestThaiDictionarySharedAcrossGoroutines(t *testing.T) {
	d := requireThai(t)
	const s = "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ"
	want := breaks(d, s)
	done := make(chan string)
	for range 4 {
		go func() {
			var got string
			for range 50 {
				got = breaks(d, s)
			}
			done <- got
		}()
	}
	for range 4 {
		if got := <-done; got != want {
			t.Errorf("concurrent breaking gave %q, want %q", got, want)
		}
	}
}

// Breaking Thai in a label's layout allocates nothing once its scratch
// has grown.
func TestThaiBreakingAllocatesNothing(t *testing.T) {
	d := requireThai(t)
	in := []rune("มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกันในเกียรติศักดิ์และสิทธิ")
	var b thaiBreaker
	b.insertBreaks(d, in)
	if a := testing.AllocsPerRun(20, func() { b.insertBreaks(d, in) }); a != 0 {
		t.Fatalf("%v allocations per break", a)
	}
}
