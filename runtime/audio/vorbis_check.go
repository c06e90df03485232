package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// MaxVorbisSetupBytes is the most memory, in bytes, that the decoding
// tables of one Ogg Vorbis file (its codebooks, and the scratch space its
// residues need per packet) may take. Real encoders' setup headers need well
// under a megabyte; a corrupt one can claim gigabytes in a few bytes (a
// codebook of 16 million entries costs 30 bits in the ordered encoding), so a
// file past this is refused before the decoder allocates anything.
const MaxVorbisSetupBytes = 16 << 20

// Vorbis block sizes allowed by the Vorbis I specification (exponents of
// two); the decoder's buffers scale with the larger.
const (
	vorbisMinBlockExp = 6
	vorbisMaxBlockExp = 13
)

// maxVorbisSamplesPerByte bounds how many samples an Ogg Vorbis file can
// decode to per byte of the file: every packet costs at least one byte (its
// lacing value) and decodes to at most half the largest block per channel.
const maxVorbisSamplesPerByte = 1 << vorbisMaxBlockExp / 2 * 2

// checkVorbisHeaders reads the three Vorbis header packets from the Ogg
// stream r, packet by packet exactly as jfreymuth/oggvorbis assembles them,
// and checks every field from which that decoder sizes an allocation, so
// that a corrupt header is an error here instead of a multi-gigabyte
// allocation (which kills the process: no recover catches it) or an endless
// loop there. It is stricter than that decoder, never laxer: a file it
// accepts is one whose headers the Vorbis I specification allows.
func checkVorbisHeaders(r io.Reader) error {
	var pk oggPackets
	pk.r = r
	var hdr [3][]byte
	for i := range hdr {
		p, err := pk.next()
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return fmt.Errorf("ogg vorbis: file ends inside header %d of 3", i+1)
			}
			return fmt.Errorf("ogg vorbis: %w", err)
		}
		hdr[i] = p
	}
	for i, want := range [3]byte{1, 3, 5} {
		p := hdr[i]
		if len(p) < 7 || p[0] != want || string(p[1:7]) != "vorbis" {
			if i == 0 && len(p) >= 8 && string(p[:8]) == "OpusHead" {
				return fmt.Errorf("%w: Ogg Opus (only Ogg Vorbis is supported)", ErrUnsupported)
			}
			return fmt.Errorf("ogg vorbis: packet %d is not Vorbis header type %d", i+1, want)
		}
	}
	ch, bs1, err := checkVorbisID(hdr[0][7:])
	if err != nil {
		return err
	}
	if err := checkVorbisComments(hdr[1][7:]); err != nil {
		return err
	}
	return checkVorbisSetup(hdr[2][7:], ch, bs1)
}

// checkVorbisID checks the identification header and returns the channel
// count and the larger block size.
func checkVorbisID(h []byte) (ch, bs1 int, err error) {
	if len(h) <= 22 {
		return 0, 0, errors.New("ogg vorbis: identification header truncated")
	}
	if v := binary.LittleEndian.Uint32(h); v != 0 {
		return 0, 0, fmt.Errorf("%w: Vorbis version %d", ErrUnsupported, v)
	}
	ch = int(h[4])
	if ch == 0 {
		return 0, 0, errors.New("ogg vorbis: 0 channels")
	}
	if ch > 2 {
		return 0, 0, fmt.Errorf("%w: Ogg Vorbis with %d channels (want 1 or 2)", ErrUnsupported, ch)
	}
	if rate := int64(binary.LittleEndian.Uint32(h[5:])); rate < MinRate || rate > MaxRate {
		return 0, 0, fmt.Errorf("ogg vorbis: sample rate %d Hz out of range [%d, %d]", rate, MinRate, MaxRate)
	}
	e0, e1 := int(h[21]&0x0F), int(h[21]>>4)
	if e0 < vorbisMinBlockExp || e1 > vorbisMaxBlockExp || e0 > e1 {
		return 0, 0, fmt.Errorf("ogg vorbis: block sizes %d and %d (want powers of two from %d to %d, short <= long)",
			1<<e0, 1<<e1, 1<<vorbisMinBlockExp, 1<<vorbisMaxBlockExp)
	}
	if h[22]&1 == 0 {
		return 0, 0, errors.New("ogg vorbis: identification header not framed")
	}
	return ch, 1 << e1, nil
}

// checkVorbisComments checks that every length in the comment header lies
// inside it: the decoder allocates one string per claimed comment.
func checkVorbisComments(h []byte) error {
	le := binary.LittleEndian
	bad := errors.New("ogg vorbis: comment header lengths run past its end")
	if len(h) < 4 {
		return bad
	}
	vendor := int64(le.Uint32(h))
	h = h[4:]
	if vendor > int64(len(h))-4 {
		return bad
	}
	h = h[vendor:]
	n := int64(le.Uint32(h))
	h = h[4:]
	if n > int64(len(h))/4 {
		return fmt.Errorf("ogg vorbis: comment header claims %d comments in %d bytes", n, len(h))
	}
	for ; n > 0; n-- {
		if len(h) < 4 {
			return bad
		}
		k := int64(le.Uint32(h))
		h = h[4:]
		if k > int64(len(h)) {
			return bad
		}
		h = h[k:]
	}
	return nil
}

// vorbisBits reads a Vorbis packet's bits, least significant first, as the
// decoder does; past the end it reads zeros and sets eof (the decoder reads
// zeros silently, which is what lets a truncated header claim anything).
type vorbisBits struct {
	b   []byte
	pos int
	bit uint
	eof bool
}

func (r *vorbisBits) read(n uint) uint32 {
	var v uint32
	for i := uint(0); i < n; i++ {
		if r.pos >= len(r.b) {
			r.eof = true
			return 0
		}
		v |= uint32(r.b[r.pos]>>r.bit&1) << i
		if r.bit++; r.bit == 8 {
			r.bit, r.pos = 0, r.pos+1
		}
	}
	return v
}

func (r *vorbisBits) flag() bool { return r.read(1) == 1 }

// left returns how many bits remain.
func (r *vorbisBits) left() int64 { return int64(len(r.b)-r.pos)*8 - int64(r.bit) }

// skip passes over n bits, which must remain.
func (r *vorbisBits) skip(n int64) {
	n += int64(r.bit)
	r.pos += int(n / 8)
	r.bit = uint(n % 8)
}

// vorbisILog is the specification's ilog: the number of bits in x.
func vorbisILog(x int) uint {
	var n uint
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

// checkVorbisSetup walks the setup header field by field, in the decoder's
// order, adding up what the decoder will allocate for it.
func checkVorbisSetup(h []byte, ch, bs1 int) error {
	r := &vorbisBits{b: h}
	var mem int64 // bytes the decoder will allocate for this header
	over := func(what string) error {
		return fmt.Errorf("ogg vorbis: setup header needs more than %d bytes of decoder tables (MaxVorbisSetupBytes) at %s", MaxVorbisSetupBytes, what)
	}
	truncated := func(what string) error {
		return fmt.Errorf("ogg vorbis: setup header truncated in %s", what)
	}

	// Codebooks.
	books := int(r.read(8)) + 1
	bookDims := make([]int64, books)
	bookEntries := make([]int64, books)
	for i := range books {
		what := fmt.Sprintf("codebook %d", i)
		if r.read(24) != 0x564342 {
			return fmt.Errorf("ogg vorbis: %s has no sync pattern", what)
		}
		dims, entries := int64(r.read(16)), int64(r.read(24))
		if r.eof {
			return truncated(what)
		}
		switch {
		case entries < 2:
			// 0 entries made the decoder size its Huffman table as
			// 0*2-2 wrapped around: 16 GiB.
			return fmt.Errorf("ogg vorbis: %s has %d entries (this decoder needs at least 2)", what, entries)
		case dims == 0:
			return fmt.Errorf("ogg vorbis: %s has 0 dimensions", what)
		case vorbisILog(int(dims))+vorbisILog(int(entries)) > 24:
			// libvorbis's own sanity rule: dims × entries stays below 2^24.
			return fmt.Errorf("ogg vorbis: %s has %d entries of %d dimensions (too many)", what, entries, dims)
		}
		bookDims[i], bookEntries[i] = dims, entries
		if mem += 9 * entries; mem > MaxVorbisSetupBytes { // Huffman table: 2 × 4 bytes and 1 byte per entry
			return over(what)
		}
		used := entries
		if !r.flag() { // not ordered
			sparse := r.flag()
			used = 0
			for e := int64(0); e < entries && !r.eof; e++ {
				if !sparse || r.flag() {
					r.read(5)
					used++
				}
			}
		} else {
			length := r.read(5) + 1
			for cur := int64(0); cur < entries && !r.eof; length++ {
				if length > 32 {
					return fmt.Errorf("ogg vorbis: %s has codewords longer than 32 bits", what)
				}
				num := int64(r.read(vorbisILog(int(entries - cur))))
				if cur += num; cur > entries {
					return fmt.Errorf("ogg vorbis: %s assigns lengths to more than its %d entries", what, entries)
				}
			}
		}
		if r.eof {
			return truncated(what)
		}
		if used == 0 {
			// An empty Huffman tree makes the decoder's lookup loop forever.
			return fmt.Errorf("ogg vorbis: %s uses none of its entries", what)
		}
		lookup := r.read(4)
		if lookup == 0 {
			continue
		}
		if lookup > 2 {
			return fmt.Errorf("ogg vorbis: %s has lookup type %d", what, lookup)
		}
		r.read(32) // minimum value
		r.read(32) // delta value
		valueBits := int64(r.read(4)) + 1
		r.flag() // sequence_p
		var mults int64
		if lookup == 1 {
			mults = int64(math.Floor(math.Pow(float64(entries), 1/float64(dims))))
		} else {
			mults = entries * dims
		}
		if mem += 4*mults + 4*entries*dims; mem > MaxVorbisSetupBytes {
			return over(what)
		}
		if r.eof || r.left() < mults*valueBits {
			return truncated(what)
		}
		r.skip(mults * valueBits)
	}

	// Time-domain transforms: placeholders that must be zero.
	for i := int(r.read(6)) + 1; i > 0; i-- {
		if r.read(16) != 0 {
			return errors.New("ogg vorbis: setup header has a nonzero time-domain transform")
		}
	}

	// Floors.
	floors := int(r.read(6)) + 1
	for i := range floors {
		switch typ := r.read(16); typ {
		case 0:
			order, rate, bark := r.read(8), r.read(16), r.read(16)
			r.read(6) // amplitude bits
			r.read(8) // amplitude offset
			for n := r.read(4) + 1; n > 0; n-- {
				if b := r.read(8); int(b) >= books && !r.eof {
					return fmt.Errorf("ogg vorbis: floor %d uses codebook %d of %d", i, b, books)
				}
			}
			if !r.eof && (order == 0 || rate == 0 || bark == 0) {
				return fmt.Errorf("ogg vorbis: floor %d has order %d, rate %d, bark map size %d", i, order, rate, bark)
			}
		case 1:
			parts := make([]uint32, r.read(5))
			maxClass := uint32(0)
			for p := range parts {
				parts[p] = r.read(4)
				maxClass = max(maxClass, parts[p])
			}
			dims := make([]uint32, maxClass+1)
			for c := range dims {
				dims[c] = r.read(3) + 1
				sub := r.read(2)
				if sub != 0 {
					r.read(8) // master book
				}
				for n := 1 << sub; n > 0; n-- {
					r.read(8) // subclass book + 1
				}
			}
			r.read(2) // multiplier - 1
			rangeBits := uint(r.read(4))
			for _, c := range parts {
				for n := dims[c]; n > 0; n-- {
					r.read(rangeBits)
				}
			}
		default:
			if !r.eof {
				return fmt.Errorf("ogg vorbis: floor %d has type %d", i, typ)
			}
		}
		if r.eof {
			return truncated(fmt.Sprintf("floor %d", i))
		}
	}

	// Residues.
	residues := int(r.read(6)) + 1
	for i := range residues {
		what := fmt.Sprintf("residue %d", i)
		if typ := r.read(16); typ > 2 && !r.eof {
			return fmt.Errorf("ogg vorbis: %s has type %d", what, typ)
		}
		r.read(24) // begin
		r.read(24) // end
		r.read(24) // partition size - 1
		classes := int64(r.read(6)) + 1
		classbook := int(r.read(8))
		cascade := make([]uint32, classes)
		for c := range cascade {
			cascade[c] = r.read(3)
			if r.flag() {
				cascade[c] |= r.read(5) << 3
			}
		}
		for _, c := range cascade {
			for j := range 8 {
				if c&(1<<j) != 0 {
					if b := r.read(8); int(b) >= books && !r.eof {
						return fmt.Errorf("ogg vorbis: %s uses codebook %d of %d", what, b, books)
					}
				}
			}
		}
		if r.eof {
			return truncated(what)
		}
		if classbook >= books {
			return fmt.Errorf("ogg vorbis: %s uses codebook %d of %d", what, classbook, books)
		}
		// The classification book's dimensions size a scratch slice that
		// the decoder allocates for every packet.
		if mem += 4 * int64(ch) * (int64(bs1) + bookDims[classbook]); mem > MaxVorbisSetupBytes {
			return over(what)
		}
		// libvorbis's rule: classes^dims classifications must fit the book.
		vals := int64(1)
		for d := bookDims[classbook]; d > 0 && classes > 1; d-- {
			if vals *= classes; vals > bookEntries[classbook] {
				return fmt.Errorf("ogg vorbis: %s has more classifications than codebook %d holds", what, classbook)
			}
		}
	}

	// Mappings.
	mappings := int(r.read(6)) + 1
	for i := range mappings {
		what := fmt.Sprintf("mapping %d", i)
		if r.read(16) != 0 && !r.eof {
			return fmt.Errorf("ogg vorbis: %s has a nonzero type", what)
		}
		submaps := uint32(1)
		if r.flag() {
			submaps = r.read(4) + 1
		}
		if r.flag() {
			bits := vorbisILog(ch - 1)
			for n := r.read(8) + 1; n > 0; n-- {
				mag, ang := r.read(bits), r.read(bits)
				if !r.eof && (mag == ang || int(mag) >= ch || int(ang) >= ch) {
					return fmt.Errorf("ogg vorbis: %s couples channels %d and %d of %d", what, mag, ang, ch)
				}
			}
		}
		if r.read(2) != 0 && !r.eof {
			return fmt.Errorf("ogg vorbis: %s has nonzero reserved bits", what)
		}
		if submaps > 1 {
			for range ch {
				if mux := r.read(4); mux >= submaps && !r.eof {
					return fmt.Errorf("ogg vorbis: %s maps a channel to submap %d of %d", what, mux, submaps)
				}
			}
		}
		for range submaps {
			r.read(8) // unused time configuration
			fl, res := int(r.read(8)), int(r.read(8))
			if !r.eof && (fl >= floors || res >= residues) {
				return fmt.Errorf("ogg vorbis: %s uses floor %d of %d, residue %d of %d", what, fl, floors, res, residues)
			}
		}
		if r.eof {
			return truncated(what)
		}
	}

	// Modes.
	for i := int(r.read(6)) + 1; i > 0; i-- {
		r.read(1) // block flag
		if r.read(16) != 0 || r.read(16) != 0 {
			return errors.New("ogg vorbis: setup header has a mode with nonzero window or transform type")
		}
		if m := int(r.read(8)); m >= mappings && !r.eof {
			return fmt.Errorf("ogg vorbis: a mode uses mapping %d of %d", m, mappings)
		}
	}
	if r.eof {
		return truncated("modes")
	}
	if !r.flag() {
		return errors.New("ogg vorbis: setup header not framed")
	}
	return nil
}

// oggPackets assembles packets from Ogg pages the way jfreymuth/oggvorbis
// does (a continued first page's partial packet skipped; a packet carried
// over into the next page joined to its first), so that the headers checked
// are the ones that decoder reads. Checksums are not checked: a page that
// decoder refuses for its checksum never reaches its Vorbis decoder.
type oggPackets struct {
	r       io.Reader
	ready   bool
	packets [][]byte // the page's complete packets, then its unfinished tail
	index   int
}

func (p *oggPackets) next() ([]byte, error) {
	if !p.ready {
		flags, err := p.page()
		if err != nil {
			return nil, err
		}
		p.index = 0
		if flags&1 != 0 { // continued packet: not ours
			p.index = 1
		}
		p.ready = true
	}
	for p.index == len(p.packets)-1 {
		rest := p.packets[len(p.packets)-1]
		if _, err := p.page(); err != nil {
			return nil, err
		}
		if len(rest) > 0 {
			p.packets[0] = append(rest, p.packets[0]...)
		}
		p.index = 0
	}
	if p.index >= len(p.packets) {
		return nil, errors.New("first page continues a packet it does not hold")
	}
	p.index++
	return p.packets[p.index-1], nil
}

// page reads the next page into p.packets and returns its header flags.
func (p *oggPackets) page() (byte, error) {
	var h [27]byte
	if _, err := io.ReadFull(p.r, h[:]); err != nil {
		return 0, err
	}
	if string(h[:4]) != "OggS" {
		return 0, errors.New("ogg: missing capture pattern")
	}
	if h[4] != 0 {
		return 0, fmt.Errorf("%w Ogg version %d", ErrUnsupported, h[4])
	}
	segs := make([]byte, h[26])
	if len(segs) == 0 {
		return 0, errors.New("ogg: page without segments")
	}
	if _, err := io.ReadFull(p.r, segs); err != nil {
		return 0, io.ErrUnexpectedEOF
	}
	total := 0
	for _, s := range segs {
		total += int(s)
	}
	content := make([]byte, total) // at most 255 × 255 bytes
	if _, err := io.ReadFull(p.r, content); err != nil {
		return 0, io.ErrUnexpectedEOF
	}
	p.packets = p.packets[:0]
	start, size := 0, 0
	for _, s := range segs {
		size += int(s)
		if s < 0xFF {
			p.packets = append(p.packets, content[start:start+size])
			start += size
			size = 0
		}
	}
	p.packets = append(p.packets, content[start:])
	return h[5], nil
}
