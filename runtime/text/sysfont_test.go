package text

import (
	"os"
	"sync"
	"testing"
)

// System fonts the tests shape with, and the Debian package of each (the
// Makefile installs them). With $TACT_REQUIRE_GL=1 (as in CI) a missing one
// fails the test naming its package; otherwise the test is skipped.
const (
	fontCJK        = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc" // fonts-noto-cjk
	fontWQY        = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"         // fonts-wqy-microhei
	fontDroid      = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"
	fontArabic     = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf" // fonts-noto-core
	fontHebrew     = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
	fontThai       = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
	fontDevanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
	fontEmoji      = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf" // fonts-noto-color-emoji
)

var fontPackages = map[string]string{
	fontCJK: "fonts-noto-cjk", fontWQY: "fonts-wqy-microhei", fontDroid: "fonts-droid-fallback",
	fontArabic: "fonts-noto-core", fontHebrew: "fonts-noto-core", fontThai: "fonts-noto-core", fontDevanagari: "fonts-noto-core",
	fontEmoji: "fonts-noto-color-emoji",
}

// sysFonts caches parsed system fonts across tests (they are immutable).
var sysFonts sync.Map

func readSysFont(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		msg := "system font " + path + " missing: install the Debian package " + fontPackages[path] + " (make deps installs it)"
		if os.Getenv("TACT_REQUIRE_GL") == "1" || os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return b
}

// sysFont returns face 0 (or the face of family, if given) of a system font.
func sysFont(t testing.TB, path string, family ...string) *Font {
	t.Helper()
	key := path
	if len(family) > 0 {
		key += "#" + family[0]
	}
	if f, ok := sysFonts.Load(key); ok {
		return f.(*Font)
	}
	c, err := ParseFontCollection(path, readSysFont(t, path))
	if err != nil {
		t.Fatal(err)
	}
	var f *Font
	if len(family) > 0 {
		f, err = c.Lookup(family[0])
	} else {
		f, err = c.Font(0)
	}
	if err != nil {
		t.Fatal(err)
	}
	sysFonts.Store(key, f)
	return f
}
