package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// fixOggCRCs recomputes the checksum of every whole page in b, so that a
// mutated header reaches the Vorbis decoder rather than failing the Ogg
// layer's check.
func fixOggCRCs(b []byte) {
	var table [256]uint32
	for i := range table {
		r := uint32(i) << 24
		for range 8 {
			if r&0x80000000 != 0 {
				r = r<<1 ^ 0x04C11DB7
			} else {
				r <<= 1
			}
		}
		table[i] = r
	}
	for i := 0; i+27 <= len(b) && string(b[i:i+4]) == "OggS"; {
		n := int(b[i+26])
		if i+27+n > len(b) {
			return
		}
		end := i + 27 + n
		for _, s := range b[i+27 : i+27+n] {
			end += int(s)
		}
		if end > len(b) {
			return
		}
		clear(b[i+22 : i+26])
		var crc uint32
		for _, c := range b[i:end] {
			crc = crc<<8 ^ table[byte(crc>>24)^c]
		}
		b[i+22], b[i+23], b[i+24], b[i+25] = byte(crc), byte(crc>>8), byte(crc>>16), byte(crc>>24)
		i = end
	}
}

// corpus returns the []byte inputs of a fuzz target's corpus in
// testdata/fuzz, by file name.
func corpus(t testing.TB, target string) map[string][]byte {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", target)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s, ok := strings.CutPrefix(string(b), "go test fuzz v1\n[]byte(")
		s, ok2 := strings.CutSuffix(strings.TrimSpace(s), ")")
		q, err := strconv.Unquote(s)
		if !ok || !ok2 || err != nil {
			t.Fatalf("%s: not a []byte corpus file", e.Name())
		}
		out[e.Name()] = []byte(q)
	}
	return out
}

// allocated returns the bytes f allocates on the heap (all goroutines: run
// it where nothing else allocates much).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// oggPatch returns the test tone with n bytes at the offset of the first
// match of marker (plus skip) replaced by b, checksums repaired.
func oggPatch(t testing.TB, marker string, skip int, b ...byte) []byte {
	t.Helper()
	ogg, err := os.ReadFile(oggTone)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(ogg, []byte(marker))
	if i < 0 {
		t.Fatalf("no %q in %s", marker, oggTone)
	}
	copy(ogg[i+skip:], b)
	fixOggCRCs(ogg)
	return ogg
}

// Corrupt Vorbis headers made jfreymuth/vorbis allocate from what they
// claimed: 16 GiB for a codebook of 0 entries (its Huffman table is sized
// entries*2-2, wrapped around), 64 GiB of strings for a comment count of
// 2^32-1. No recover catches an allocation that size: the process died. The
// mutants in testdata/fuzz/FuzzOggDecode are the 11 of 2,000 random header
// mutations of the test tone that did so.
func TestOggCorruptHeadersAllocateLittle(t *testing.T) {
	cases := corpus(t, "FuzzOggDecode")
	vendorLen := func() []byte { // the comment count follows the vendor string
		ogg, _ := os.ReadFile(oggTone)
		i := bytes.Index(ogg, []byte("\x03vorbis")) + 7
		return ogg[i : i+4]
	}()
	n := int(binary.LittleEndian.Uint32(vendorLen))
	cases["no-entries.ogg"] = oggPatch(t, "BCV", 5, 0, 0, 0)
	cases["one-entry.ogg"] = oggPatch(t, "BCV", 5, 1, 0, 0)
	cases["no-dimensions.ogg"] = oggPatch(t, "BCV", 3, 0, 0)
	cases["many-comments.ogg"] = oggPatch(t, "\x03vorbis", 7+4+n, 0xFF, 0xFF, 0xFF, 0xFF)
	cases["huge-blocks.ogg"] = oggPatch(t, "\x01vorbis", 7+21, 0xFF)
	reasons := map[string]string{
		"no-entries.ogg":    "codebook 0 has 0 entries",
		"one-entry.ogg":     "codebook 0 has 1 entries",
		"no-dimensions.ogg": "codebook 0 has 0 dimensions",
		"many-comments.ogg": "claims 4294967295 comments",
		"huge-blocks.ogg":   "block sizes 32768 and 32768",
	}
	for name, data := range cases {
		var err error
		n := allocated(func() { _, err = Decode(name, data) })
		if n > 4<<20 {
			t.Errorf("%s: decoding allocated %d MiB", name, n>>20)
		}
		if err == nil {
			t.Errorf("%s: decoded a corrupt file", name)
			continue
		}
		if !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
		if r, ok := reasons[name]; ok && !strings.Contains(err.Error(), r) {
			t.Errorf("%s: error %q, want %q", name, err, r)
		}
	}

	// Streaming checks the same headers when it opens the file.
	path := filepath.Join(t.TempDir(), "no-entries.ogg")
	if err := os.WriteFile(path, cases["no-entries.ogg"], 0o644); err != nil {
		t.Fatal(err)
	}
	var err error
	if n := allocated(func() { _, err = Stream(path) }); n > 4<<20 || err == nil || !strings.Contains(err.Error(), "0 entries") {
		t.Errorf("Stream: %d bytes allocated, error %v", n, err)
	}
}

// A setup header may claim decoder tables of any size in a few bytes (an
// ordered codebook of 2^23 entries costs 30 bits); past MaxVorbisSetupBytes
// it is refused, and the error says the limit.
func TestOggSetupTablesLimit(t *testing.T) {
	// The first codebook, made 2^23-1 entries of 1 dimension (as many as
	// libvorbis's rule allows): 72 MiB of Huffman tables. Its length list
	// then runs out of header, which is refused too; the limit comes first.
	data := oggPatch(t, "BCV", 3, 1, 0, 0xFF, 0xFF, 0x7F)
	_, err := Decode("big.ogg", data)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxVorbisSetupBytes)) || !strings.Contains(err.Error(), "MaxVorbisSetupBytes") {
		t.Fatalf("error %v, want the MaxVorbisSetupBytes limit", err)
	}
}

// silenceOgg returns the test tone's three header pages followed by pages
// of zero-length audio packets: each costs one lacing byte and decodes to a
// block of silence, the most samples per byte Ogg Vorbis allows.
func silenceOgg(t testing.TB, pages int) []byte {
	t.Helper()
	ogg, err := os.ReadFile(oggTone)
	if err != nil {
		t.Fatal(err)
	}
	third := bytes.Index(ogg[1:], []byte("OggS")) + 1
	third += bytes.Index(ogg[third+1:], []byte("OggS")) + 1
	out := bytes.Clone(ogg[:third])
	for p := range pages {
		h := make([]byte, 27+255)
		copy(h, "OggS")
		// Granule positions unknown (-1) but the last page's, which lies
		// past the end so that the decoder cuts nothing off.
		binary.LittleEndian.PutUint64(h[6:], ^uint64(0))
		if p == pages-1 {
			h[5] = 4 // end of stream
			binary.LittleEndian.PutUint64(h[6:], 1<<40)
		}
		copy(h[14:], ogg[14:18]) // the stream's serial number
		binary.LittleEndian.PutUint32(h[18:], uint32(p+2))
		h[26] = 255
		out = append(out, h...)
	}
	fixOggCRCs(out)
	return out
}

// A small Ogg Vorbis file can decode to far more samples than a clip in
// memory should hold; decoding stops at the limit with an error saying it.
func TestDecodeStopsAtDecodedSamplesLimit(t *testing.T) {
	data := silenceOgg(t, 8)
	c, err := Decode("silence.ogg", data)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.Samples()); n <= 100*len(data) {
		t.Fatalf("%d bytes decoded to only %d samples; the test needs a file that expands", len(data), n)
	}
	limit := len(c.Samples()) / 2
	_, err = decodeAll("silence.ogg", bytes.NewReader(data), int64(len(data)), limit)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d samples", limit)) || !strings.Contains(err.Error(), `"silence.ogg"`) {
		t.Fatalf("error %v, want the limit of %d samples", err, limit)
	}
}

// checkFuzzDecode decodes data as name and checks what any decoder of this
// package guarantees: an error names the file; a clip is playable, holds no
// NaN or infinity, and has at most perByte samples per byte of input.
func checkFuzzDecode(t *testing.T, name string, data []byte, perByte int) {
	var c *Clip
	var err error
	n := allocated(func() { c, err = Decode(name, data) })
	// Tables and buffers, plus the output with append's slack.
	if limit := uint64(2*MaxVorbisSetupBytes + 12*perByte*len(data) + 8<<20); n > limit {
		t.Fatalf("decoding %d bytes allocated %d bytes (limit %d)", len(data), n, limit)
	}
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) || de.Name != name || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Fatalf("error does not name the file: %v", err)
		}
		return
	}
	if c.Channels() != 1 && c.Channels() != 2 || c.Rate() < MinRate || c.Rate() > MaxRate || c.Frames() <= 0 {
		t.Fatalf("accepted %d channels at %d Hz, %d frames", c.Channels(), c.Rate(), c.Frames())
	}
	if s := len(c.Samples()); s > perByte*len(data) || int64(s) != c.Frames()*int64(c.Channels()) {
		t.Fatalf("%d bytes decoded to %d samples (%d frames): more than %d a byte", len(data), s, c.Frames(), perByte)
	}
	for i, v := range c.Samples() {
		if v != v || math.IsInf(float64(v), 0) {
			t.Fatalf("sample %d is %v", i, v)
		}
	}
	// Whatever decodes must also play.
	m, _ := NewMixer(MixerConfig{Rate: 8000, Voices: 1})
	m.PlayWith(c, PlayOptions{Volume: 1, Pitch: 3, Loop: true})
	m.Read(make([]float32, 64))
}

func FuzzOggDecode(f *testing.F) {
	ogg, err := os.ReadFile(oggTone)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ogg)
	f.Add(ogg[:len(ogg)/2])
	f.Add(silenceOgg(f, 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Repair the checksums, or nearly every mutation would stop at the
		// Ogg layer's check and never reach the Vorbis headers.
		data = bytes.Clone(data)
		fixOggCRCs(data)
		checkFuzzDecode(t, "fuzz.ogg", data, maxVorbisSamplesPerByte)
	})
}

// go-mp3 allocated an ID3v2 tag's claimed size, up to 512 MiB, before
// reading it.
func TestMp3ID3ClaimAllocatesLittle(t *testing.T) {
	mp3, err := os.ReadFile(mp3Tone)
	if err != nil {
		t.Fatal(err)
	}
	data := append([]byte("ID3\x04\x00\x00\x7f\x7f\x7f\x7f"), mp3...)
	n := allocated(func() { _, err = Decode("tagged.mp3", data) })
	if n > 4<<20 {
		t.Errorf("decoding allocated %d MiB", n>>20)
	}
	if err == nil || !strings.Contains(err.Error(), "ID3 tag claims 268435455 bytes") || !strings.Contains(err.Error(), `"tagged.mp3"`) {
		t.Errorf("error %v, want the ID3 claim and the file", err)
	}
	// A tag that fits is skipped as before.
	tag := append([]byte("ID3\x04\x00\x00\x00\x00\x00\x04"), 0, 0, 0, 0)
	if c, err := Decode("small-tag.mp3", append(tag, mp3...)); err != nil || c.Frames() < 13230 {
		t.Errorf("file with a small ID3 tag: %v", err)
	}
}

// mp3MaxSamplesPerByte bounds MP3's expansion: the smallest frame (MPEG-2,
// 8 kbit/s at 24 kHz) is 24 bytes and decodes to 576 stereo frames.
const mp3MaxSamplesPerByte = 576 * 2 / 24

func FuzzMP3Decode(f *testing.F) {
	mp3, err := os.ReadFile(mp3Tone)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(mp3)
	f.Add(mp3[:len(mp3)/3])
	f.Add(append([]byte("ID3\x04\x00\x00\x7f\x7f\x7f\x7f"), mp3[:600]...))
	f.Add([]byte{0xFF, 0xFB, 0x00, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFuzzDecode(t, "fuzz.mp3", data, mp3MaxSamplesPerByte)
	})
}
