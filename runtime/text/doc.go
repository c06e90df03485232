// Package text draws text: a Label component shapes a line or a paragraph
// with HarfBuzz (go-text/typesetting: ligatures, marks, GPOS kerning,
// Arabic joining, Indic and Thai clusters), orders mixed left-to-right and
// right-to-left runs with the Unicode bidi algorithm, breaks lines at
// Unicode (UAX #14) opportunities with the CJK rules, and between Thai
// words with libthai's dictionary when it is installed
// (SystemThaiDictionary), aligns them in a box
// with Cocos' overflow modes (none, clamp with ellipsis, shrink, resize
// height), and draws them as batched glyph sprites from a GlyphCache of
// alpha atlases, one per font and pixel size, bounded per font and freed
// with the font; a full atlas evicts its least recently used shelf of
// glyphs, and GlyphCache.RasterBudget spreads the rasterizing (and shaping)
// of many new glyphs over frames, each label appearing whole. Color emoji
// (CBDT and sbix PNG strikes) keep their colors in the same atlases, and a
// Label's outline and shadow (Cocos enableOutline, enableShadow) are
// bitmaps beside its glyphs, drawn in the same batch.
//
// A Label's font is a chain: its Font (or the Go face of its Bold/Italic
// style), then its Fallback chain of Families (or the scene's, UseFallback),
// then the Go fonts; each character cluster is drawn by the first font that
// has it. ParseFont reads TTF and OTF files and the first face of a
// collection; ParseFontCollection picks a .ttc/.otc face by index or family.
// DefaultFont, DefaultFamily and DefaultMonoFont are Go's fonts, built in.
// A scene's Labels share one cache (CacheOf; a Game gives all its scenes its
// own with UseCache), which also holds the shaping state and a cache of
// finished layouts, so a label or rich text going back to a text it had,
// or a text prepared with Prewarm, lays out without allocating.
//
// A RichText draws Cocos-style markup ([color], [size], [b], [i], [u],
// [outline], [br/], [img], [on click]; ParseRichText) shaped and wrapped as
// one paragraph across its style runs, and reports which clickable run is
// under a point (HitTest). A Label draws with an AngelCode BMFont bitmap
// font instead when its BitmapFont is set (ParseBMFont reads the text, XML
// and binary forms).
//
// Layer: runtime/, tier 1 of 5. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package text
