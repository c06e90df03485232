package text

import (
	"slices"
	"sync"

	"github.com/tact-engine/tact/scenegraph"
)

// Family is one typeface's faces by style. Any field may be nil: Face
// picks the nearest face present, so a Family with only Regular draws every
// style with it (no synthetic bold or slant).
type Family struct {
	Regular, Bold, Italic, BoldItalic *Font
}

// FamilyOf sorts fonts into a Family by the style each declares (Bold,
// Italic); a later font of one style replaces an earlier one.
func FamilyOf(fonts ...*Font) *Family {
	fam := &Family{}
	for _, f := range fonts {
		if f == nil {
			continue
		}
		switch {
		case f.Bold() && f.Italic():
			fam.BoldItalic = f
		case f.Bold():
			fam.Bold = f
		case f.Italic():
			fam.Italic = f
		default:
			fam.Regular = f
		}
	}
	return fam
}

// Face returns the family's face for a style: the exact one if present,
// else for bold italic the bold, then the italic; then the regular; then
// any face. It returns nil only for an empty Family.
func (fam *Family) Face(bold, italic bool) *Font {
	var order [4]*Font
	switch {
	case bold && italic:
		order = [4]*Font{fam.BoldItalic, fam.Bold, fam.Italic, fam.Regular}
	case bold:
		order = [4]*Font{fam.Bold, fam.Regular, fam.BoldItalic, fam.Italic}
	case italic:
		order = [4]*Font{fam.Italic, fam.Regular, fam.BoldItalic, fam.Bold}
	default:
		order = [4]*Font{fam.Regular, fam.Bold, fam.Italic, fam.BoldItalic}
	}
	for _, f := range order {
		if f != nil {
			return f
		}
	}
	return nil
}

// The Go family is parsed face by face, on first use (see defaultFont).
var defaultFamily = sync.OnceValue(func() *Family {
	return &Family{Regular: defaultFont(), Bold: defaultBold(), Italic: defaultItalic(), BoldItalic: defaultBoldItalic()}
})

// DefaultFamily returns the Go fonts (Go Regular, Bold, Italic and Bold
// Italic), the family of Labels whose Font is nil. Every call returns the
// same *Family; do not modify it.
func DefaultFamily() *Family { return defaultFamily() }

// FontChain is an ordered list of families that a Label falls back on:
// for each character cluster the first font that has a glyph for it draws
// it. A FontChain is immutable once made, so one may be shared by any
// number of Labels and scenes; a Label notices a different chain (pointer)
// and lays out again.
type FontChain struct {
	families []*Family
}

// NewFontChain returns a chain of families, tried in order; nil entries are
// dropped.
func NewFontChain(families ...*Family) *FontChain {
	return &FontChain{families: slices.DeleteFunc(slices.Clone(families), func(f *Family) bool { return f == nil || f.Face(false, false) == nil })}
}

// ChainOf returns a chain of single fonts (each its own family), tried in
// order; nil entries are dropped.
func ChainOf(fonts ...*Font) *FontChain {
	fams := make([]*Family, 0, len(fonts))
	for _, f := range fonts {
		if f != nil {
			fams = append(fams, &Family{Regular: f})
		}
	}
	return &FontChain{families: fams}
}

// With returns a new chain: c's families followed by more. c is unchanged.
func (c *FontChain) With(more ...*Family) *FontChain {
	var fams []*Family
	if c != nil {
		fams = slices.Clone(c.families)
	}
	return NewFontChain(append(fams, more...)...)
}

// Len returns the number of families in the chain.
func (c *FontChain) Len() int {
	if c == nil {
		return 0
	}
	return len(c.families)
}

// Family returns the chain's i-th family.
func (c *FontChain) Family(i int) *Family { return c.families[i] }

// fallbackKey is the scenegraph.Scene value under which a scene keeps the
// FontChain its Labels fall back on.
type fallbackKey struct{}

// UseFallback makes chain the fallback of the Labels of s whose Fallback
// is nil: after a label's own font, each character the font lacks is drawn
// by the first font of chain that has it. Games add their CJK, Arabic or
// emoji fonts here once for every label. A nil chain removes it. Labels lay
// out again when they next draw.
func UseFallback(s *scenegraph.Scene, chain *FontChain) {
	if chain == nil {
		s.SetValue(fallbackKey{}, nil)
		return
	}
	s.SetValue(fallbackKey{}, chain)
}

// FallbackOf returns the chain set with UseFallback, or nil.
func FallbackOf(s *scenegraph.Scene) *FontChain {
	c, _ := s.Value(fallbackKey{}).(*FontChain)
	return c
}
