package tact

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tact-engine/tact"

// runtimeOrder is the order inside runtime/ (README's "Layout"): a package
// may import the runtime packages of earlier tiers, never those of its own
// tier or later ones, so runtime/ has no cycles by construction and a new
// package's place says what it may build on.
var runtimeOrder = [][]string{
	{"save", "audio", "director", "text"},
	{"sound", "transition", "tween", "animation", "collision", "particle", "physics2d", "vector", "replay", "ui", "profiler", "camera2d"},
	{"asset"},
	{"scenefile", "gltf", "tilemap"},
	{"inspector"},
}

// below is what every runtime package may import from the layers under
// runtime/ and the internal helpers (render/ibl is CPU work on images, as
// an image decoder is); render's backends and post chain are the game's
// (the root package's) to choose, not a runtime package's.
var below = []string{"core", "platform", "render", "render/graph", "render/ibl", "scenegraph", "internal/fields", "internal/assettest", "internal/systemtest"}

// allowed is the layer table for the folders outside runtime/ (README's
// "Layout"): for each package (by path inside the module; "" is the module
// root, package tact), the module packages it may import. A prefix ending
// in "/" covers a package and everything below it. The root package may not
// import runtime/physics2d, so that games without physics do not link
// Box2D.
var allowed = map[string][]string{
	"core":                {},
	"shaders":             {},
	"platform":            {"core"},
	"platform/":           {"core", "platform"},
	"render":              {"core"},
	"render/graph":        {"core", "render"},
	"render/gl":           {"core", "render", "internal/golden", "render/ibl"}, // golden images and IBL environments in its tests
	"render/gl/":          {"core", "render", "render/gl"},
	"render/null":         {"core", "render"},
	"render/ibl":          {"core", "render"},
	"render/post":         {"core", "render", "render/", "shaders", "internal/golden"},
	"scenegraph":          {"core", "render", "render/graph", "render/null"},
	"internal/fields":     {"scenegraph"},
	"internal/assettest":  {"core", "render"},
	"internal/systemtest": {"scenegraph", "runtime/director"},
	"internal/golden":     {},
	// The inspector's Go client speaks only its protocol (inspector).
	"runtime/inspector/client": {"runtime/inspector"},
	// Samples use the public API only: nothing under internal/ (but their
	// test helper shares the golden-image check).
	"samples/sample/sampletest": {"", "core", "platform", "platform/", "render", "scenegraph", "samples/", "internal/golden"},
	"samples/":                  {"", "core", "platform", "platform/", "render", "render/", "scenegraph", "runtime/", "shaders", "samples/"},
}

func init() {
	root := []string{"core", "platform", "platform/", "render", "render/", "scenegraph", "shaders", "internal/"}
	for tier, pkgs := range runtimeOrder {
		for _, p := range pkgs {
			rules := append([]string(nil), below...)
			for _, earlier := range runtimeOrder[:tier] {
				for _, e := range earlier {
					rules = append(rules, "runtime/"+e)
				}
			}
			allowed["runtime/"+p] = rules
			if p != "physics2d" {
				root = append(root, "runtime/"+p)
			}
		}
	}
	allowed[""] = root
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
		{"render/post", "render/graph", true},
		{"render/post", "runtime/director", false},
		{"render/post", "scenegraph", false},
		{"scenegraph", "runtime/director", false},
		{"runtime/director", "runtime/tween", false},
		{"runtime/tween", "runtime/director", true},
		{"runtime/tween", "runtime/animation", false}, // one tier
		{"runtime/asset", "runtime/scenefile", false},
		{"runtime/scenefile", "runtime/asset", true},
		{"runtime/text", "render/gl", false},
		{"", "render/null", true},
		{"", "runtime/physics2d", false},
		{"", "runtime/scenefile", true},
		{"samples/bunnymark", "", true},
		{"samples/bunnymark", "runtime/physics2d", true},
		{"samples/bunnymark", "internal/fields", false},
		{"platform", "render", false},
	} {
		rules, known := rulesFor(c.pkg)
		if !known {
			t.Errorf("%s: not in the layer table", c.pkg)
		}
		if got := permits(rules, c.imp); got != c.ok {
			t.Errorf("%s -> %s: permitted=%v, want %v", c.pkg, c.imp, got, c.ok)
		}
	}
	for _, unknown := range []string{"runtime", "runtime/inspector2", "post", "tween"} {
		if _, known := rulesFor(unknown); known {
			t.Errorf("%q is in the layer table; an unknown package must fail", unknown)
		}
	}
}

// TestRootFolders holds the top level to the design card's layers: every
// folder at the root that holds Go code is one of them, and the old
// one-folder-per-package paths are gone from code and docs alike.
func TestRootFolders(t *testing.T) {
	layers := map[string]bool{"core": true, "platform": true, "render": true, "scenegraph": true, "runtime": true,
		"samples": true, "shaders": true, "internal": true, "testdata": true}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || layers[e.Name()] {
			continue
		}
		hasGo := false
		filepath.WalkDir(e.Name(), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
				hasGo = true
				return filepath.SkipAll
			}
			return nil
		})
		if hasGo {
			t.Errorf("folder %s/ at the root holds Go code but is not a layer (see README's Layout)", e.Name())
		}
	}
	if ents, err := os.ReadDir("runtime"); err != nil {
		t.Fatal(err)
	} else {
		for _, e := range ents {
			if !e.IsDir() {
				t.Errorf("runtime/%s: runtime/ is a folder of packages, not a package", e.Name())
			}
		}
	}

	// An old path is the module path followed by a package that now lives
	// under runtime/ or render/.
	var old []string
	for _, tier := range runtimeOrder {
		old = append(old, tier...)
	}
	old = append(old, "post")
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != "." {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || !(ext == ".go" || ext == ".md" || d.Name() == "Makefile") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for ln, line := range strings.Split(string(b), "\n") {
			for _, p := range old {
				ref := module + "/" + p
				for i := strings.Index(line, ref); i >= 0; {
					end := i + len(ref)
					if end == len(line) || !isPathChar(line[end]) {
						t.Errorf("%s:%d: old import path %s", path, ln+1, ref)
					}
					j := strings.Index(line[end:], ref)
					if j < 0 {
						break
					}
					i = end + j
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func isPathChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// TestPackagesStateTheirLayer: every package in the layer table but the
// samples says its rule in the last paragraph of its doc.go, so go doc
// tells a reader what a package may build on.
func TestPackagesStateTheirLayer(t *testing.T) {
	seen := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata" || path == "samples" {
			return filepath.SkipDir
		}
		gos, _ := filepath.Glob(filepath.Join(path, "*.go"))
		if len(gos) == 0 {
			return nil
		}
		seen++
		b, err := os.ReadFile(filepath.Join(path, "doc.go"))
		if err != nil {
			t.Errorf("%s: no doc.go (a package's doc.go says what it is for and what it may import)", path)
			return nil
		}
		if !strings.Contains(string(b), "\n// Layer: ") {
			t.Errorf("%s/doc.go: no \"Layer:\" paragraph stating what the package may import", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 30 {
		t.Fatalf("found %d packages; the walk missed the tree", seen)
	}
}
