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

// allowed is the layer table (README's "Layout"): for each package (by path
// inside the module; "" is the module root, package tact), the module
// packages it may import. A prefix ending in "/" covers a package and
// everything below it. The root package may not import physics2d, so that
// games without physics do not link Box2D.
var allowed = map[string][]string{
	"":                    {"core", "audio", "platform", "platform/", "render", "render/", "scenegraph", "text", "ui", "sound", "save", "transition", "director", "asset", "scenefile", "gltf", "tween", "animation", "collision", "particle", "profiler", "replay", "shaders", "vector", "post", "internal/"},
	"core":                {},
	"audio":               {"core"},
	"shaders":             {},
	"platform":            {"core"},
	"platform/":           {"core", "platform"},
	"render":              {"core"},
	"render/":             {"core", "render"},
	"scenegraph":          {"core", "render", "render/graph", "render/null"},
	"sound":               {"core", "audio", "scenegraph"},
	"text":                {"core", "render", "scenegraph"},
	"save":                {},
	"transition":          {"core", "render", "scenegraph", "director"},
	"ui":                  {"core", "render", "scenegraph", "text", "director"},
	"director":            {"core", "render", "scenegraph"},
	"tween":               {"core", "render", "scenegraph", "director", "internal/systemtest"},
	"animation":           {"core", "render", "scenegraph", "director", "internal/systemtest"},
	"collision":           {"core", "render", "scenegraph", "director", "internal/systemtest"},
	"particle":            {"core", "render", "scenegraph", "director"},
	"physics2d":           {"core", "render", "scenegraph", "director", "internal/systemtest"},
	"profiler":            {"core", "render", "scenegraph", "text", "director"},
	"asset":               {"core", "render", "audio", "scenegraph", "text", "director", "internal/assettest"},
	"scenefile":           {"core", "render", "scenegraph", "text", "asset", "internal/fields", "internal/assettest"},
	"gltf":                {"core", "render", "scenegraph", "asset"},
	"replay":              {"core", "platform", "scenegraph", "director", "internal/fields"},
	"vector":              {"core", "render", "scenegraph", "director"},
	"post":                {"core", "render", "render/", "shaders", "internal/golden"},
	"internal/fields":     {"scenegraph"},
	"internal/assettest":  {"core", "render"},
	"internal/systemtest": {"scenegraph", "director"},
	"internal/golden":     {},
	// Samples use the public API only: nothing under internal/ (but their
	// test helper shares the golden-image check).
	"samples/sample/sampletest": {"", "core", "platform", "platform/", "render", "scenegraph", "samples/", "internal/golden"},
	"samples/": {"", "core", "audio", "platform", "platform/", "render", "render/", "scenegraph", "text", "ui", "sound", "save", "transition", "director", "asset", "scenefile", "gltf",
		"tween", "animation", "collision", "particle", "physics2d", "profiler", "replay", "shaders", "vector", "post", "samples/"},
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
			t.Errorf("%s: package %q is not in the layer table (the layer table)", path, pkg)
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
			if strings.HasSuffix(path, "_test.go") && (strings.HasPrefix(rel, pkg+"/") || rel == "render/null") {
				continue // render/null is the GPU-less backend for logic tests
			}
			if !permits(rules, rel) {
				t.Errorf("%s: %q may not import %q (the layer table)", path, pkg, rel)
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
		{"scenegraph", "director", false},
		{"director", "tween", false},
		{"", "render/null", true},
		{"", "physics2d", false},
		{"samples/bunnymark", "", true},
		{"samples/bunnymark", "internal/fields", false},
		{"asset", "scenefile", false},
		{"platform", "render", false},
	} {
		rules, _ := rulesFor(c.pkg)
		if got := permits(rules, c.imp); got != c.ok {
			t.Errorf("%s -> %s: permitted=%v, want %v", c.pkg, c.imp, got, c.ok)
		}
	}
}
