// Package text draws text: a Label component lays out a line or a
// paragraph (wrapping, alignment, kerning, line height) in a Font and draws
// it as batched glyph sprites from a GlyphCache of alpha atlases, one per
// font and pixel size, bounded per font and freed with the font. ParseFont
// reads TTF and OTF files; DefaultFont and DefaultMonoFont are Go's fonts,
// built in. A scene's Labels share one cache (CacheOf; a Game gives all its
// scenes its own with UseCache).
//
// Layer: runtime/, tier 1 of 5. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package text
