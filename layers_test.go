package tact

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tact-engine/tact"

// allowed is DESIGN.md §1's layer table: for each package (by path inside the
// module), the module packages it may import. A prefix ending in "/" covers a
// package and everything below it.
var allowed = map[string][]string{
	"":           {}, // this package
	"core":       {},
	"audio":      {"core"},
	"shaders":    {},
	"platform":   {"core"},
	"platform/":  {"core", "platform"},
	"render":     {"core"},
	"render/":    {"core", "render"},
	"scenegraph": {"core", "render"},
	"runtime":    {"core", "audio", "platform", "platform/", "render", "render/", "scenegraph", "shaders"},
	"samples/":   {"core", "audio", "platform", "platform/", "render", "render/", "scenegraph", "runtime", "shaders", "samples/"},
}

func rulesFor(pkg string) ([]string, bool) {
	if r, ok := allowed[pkg]; ok {
		return r, true
	}
	for prefix, r := range allowed {
		if strings.HasSuffix(prefix, "/") && strings.HasPrefix(pkg, prefix) {
			return r, true
		}
	}
	return nil, false
}

func permits(rules []string, imp string) bool {
	for _, r := range rules {
		if imp == r || strings.HasSuffix(r, "/") && strings.HasPrefix(imp, r) {
			return true
		}
	}
	return false
}

// TestLayerImports fails on any import, in any Go file of the module (tests
// included), that the layer table does not allow, and on any package the
// table does not know.
func TestLayerImports(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		if pkg == "." {
			pkg = ""
		}
		rules, known := rulesFor(pkg)
		if !known {
			t.Errorf("%s: package %q is not in the layer table (DESIGN.md §1)", path, pkg)
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range f.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			rel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if rel == pkg {
				continue
			}
			checked++
			// A package's tests may also use its own sub-packages, as
			// render's tests use render/null and platform's use
			// platform/platformtest.
			if strings.HasSuffix(path, "_test.go") && strings.HasPrefix(rel, pkg+"/") {
				continue
			}
			if !permits(rules, rel) {
				t.Errorf("%s: %q may not import %q (DESIGN.md §1)", path, pkg, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no in-module import was checked: the walk found nothing")
	}
}

// TestLayerRulesCatchViolations keeps the checker honest.
func TestLayerRulesCatchViolations(t *testing.T) {
	for _, c := range []struct {
		pkg, imp string
		ok       bool
	}{
		{"core", "scenegraph", false},
		{"render", "platform", false},
		{"render/gl", "render", true},
		{"render/gl", "platform", false},
		{"scenegraph", "runtime", false},
		{"runtime", "render/null", true},
		{"samples/bunnymark", "runtime", true},
		{"platform", "render", false},
	} {
		rules, _ := rulesFor(c.pkg)
		if got := permits(rules, c.imp); got != c.ok {
			t.Errorf("%s -> %s: permitted=%v, want %v", c.pkg, c.imp, got, c.ok)
		}
	}
}
