package render

import (
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Shader includes.
//
// A GLSL source may include others with `#include "file.glsl"` (a file of
// the user's, relative to the including file) or `#include <tact/x.glsl>`
// (a chunk the engine ships in package shaders). [ExpandIncludes] replaces
// each directive by the file's text, between #line directives that give
// every file its own source-string number, so that a compiler's
// "S:LINE" locations name the file and line (see [SourceFiles]). A file
// that says `#pragma once` is included once per source; a file that
// includes itself, directly or not, is refused with the chain of includes.
// Included files may not have a #version line: the including source has.
//
// Two passes share the work, as no single layer can read both kinds of
// files: the asset manager resolves quoted includes through the asset file
// system (and watches those files), and a backend resolves the chunks from
// its shader directory. A pass that cannot read a kind keeps its
// directives ([ErrKeepInclude]) for the next one.

// ErrKeepInclude, returned by an [IncludeResolver], keeps the directive in
// the output for a later pass to resolve.
var ErrKeepInclude = errors.New("include kept for a later pass")

// IncludeResolver reads the file an #include directive in file from names:
// quoted is true for `#include "name"` and false for `#include <name>`. It
// returns the file's name as errors and SourceFiles show it (for a quoted
// include usually path.Join(path.Dir(from), name)) and its text, or
// ErrKeepInclude.
type IncludeResolver func(from, name string, quoted bool) (file string, src []byte, err error)

// IncludeError is a problem with an #include: File and Line locate the
// directive (or, for a #version in an included file, that line).
type IncludeError struct {
	File string
	Line int
	Err  error
}

// Error returns "file:line: message".
func (e *IncludeError) Error() string {
	return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Err.Error()
}

// Unwrap returns the underlying error (a resolver's, as fs.ErrNotExist).
func (e *IncludeError) Unwrap() error { return e.Err }

// maxIncludeDepth bounds nesting, against runaway chains of distinct files.
const maxIncludeDepth = 32

// fileTag starts the comment line that names a source string: "//#file 3 dir/x.glsl".
const fileTag = "//#file "

// ExpandIncludes returns src (the text of file name) with its #include
// directives replaced as described above, and the names of the files it
// read, in order. A directive the resolver keeps stays as it is.
// Directives inside comments or #if blocks are expanded all the same; only
// a line whose first token is #include is one.
func ExpandIncludes(name, src string, resolve IncludeResolver) (string, []string, error) {
	x := expander{resolve: resolve, once: map[string]bool{}}
	// Source strings already named by an earlier pass keep their numbers.
	x.files = SourceFiles(name, src)
	var b strings.Builder
	b.Grow(len(src))
	if err := x.expand(&b, name, 0, src, []string{name}); err != nil {
		return "", nil, err
	}
	return b.String(), x.read, nil
}

type expander struct {
	resolve IncludeResolver
	files   []string // by source-string number
	read    []string
	once    map[string]bool
}

// expand writes src, the text of file (source string num), into b.
func (x *expander) expand(b *strings.Builder, file string, num int, src string, stack []string) error {
	// pos tracks the (line, string) the compiler is at, through #line
	// directives an earlier pass wrote.
	line, str := 1, num
	seenVersion := false
	for len(src) > 0 {
		text, rest, nl := strings.Cut(src, "\n")
		src = rest
		here, hereStr := line, str
		line++
		where := func() (string, int) {
			if hereStr >= 0 && hereStr < len(x.files) {
				return x.files[hereStr], here
			}
			return file, here
		}
		t := strings.TrimSpace(text)
		directive, arg := "", ""
		if strings.HasPrefix(t, "#") {
			d := strings.TrimSpace(t[1:])
			if fs := strings.Fields(d); len(fs) > 0 {
				directive = fs[0]
				arg = strings.TrimSpace(d[len(directive):])
			}
		}
		switch directive {
		case "version":
			seenVersion = true
			if len(stack) > 1 {
				f, l := where()
				return &IncludeError{f, l, errors.New("#version in an included file (only the including source has one)")}
			}
		case "line":
			// #line L [S]: the next line is line L of string S.
			fs := strings.Fields(arg)
			if len(fs) >= 1 {
				if l, err := strconv.Atoi(fs[0]); err == nil {
					line = l
				}
				if len(fs) >= 2 {
					if s, err := strconv.Atoi(fs[1]); err == nil {
						str = s
					}
				}
			}
		case "pragma":
			if arg == "once" {
				x.once[file] = true
				b.WriteByte('\n') // keeps the lines counted
				continue
			}
		case "include":
			f, l := where()
			if !seenVersion && len(stack) == 1 && strings.Contains(src, "#version") {
				return &IncludeError{f, l, errors.New("#include before #version")}
			}
			quoted := strings.HasPrefix(arg, `"`) && strings.HasSuffix(arg, `"`) && len(arg) > 2
			angled := strings.HasPrefix(arg, "<") && strings.HasSuffix(arg, ">") && len(arg) > 2
			if !quoted && !angled {
				return &IncludeError{f, l, fmt.Errorf("#include %s: want \"file\" or <tact/file>", arg)}
			}
			name := arg[1 : len(arg)-1]
			incFile, body, err := x.resolve(f, name, quoted)
			if errors.Is(err, ErrKeepInclude) {
				b.WriteString(text)
				b.WriteByte('\n')
				continue
			}
			if err != nil {
				return &IncludeError{f, l, fmt.Errorf("#include %s: %w", arg, err)}
			}
			for i, s := range stack {
				if s == incFile {
					chain := append(append([]string(nil), stack[i:]...), incFile)
					return &IncludeError{f, l, fmt.Errorf("#include cycle: %s", strings.Join(chain, " -> "))}
				}
			}
			if x.once[incFile] {
				b.WriteByte('\n')
				continue
			}
			if len(stack) >= maxIncludeDepth {
				return &IncludeError{f, l, fmt.Errorf("#include %s: more than %d nested includes", arg, maxIncludeDepth)}
			}
			x.read = append(x.read, incFile)
			n := len(x.files)
			x.files = append(x.files, incFile)
			fmt.Fprintf(b, "%s%d %s\n#line 1 %d\n", fileTag, n, incFile, n)
			if err := x.expand(b, incFile, n, strings.TrimSuffix(string(body), "\n")+"\n", append(stack, incFile)); err != nil {
				return err
			}
			fmt.Fprintf(b, "#line %d %d\n", line, str)
			continue
		}
		b.WriteString(text)
		if nl {
			b.WriteByte('\n')
		}
	}
	return nil
}

// SourceFiles returns the names of src's source strings, by number: name
// (the file the source came from) is string 0, and every "//#file N file"
// line ExpandIncludes wrote names string N. A backend maps a compiler's
// "N:LINE" locations to files with it.
func SourceFiles(name, src string) []string {
	files := []string{name}
	for len(src) > 0 {
		var line string
		line, src, _ = strings.Cut(src, "\n")
		rest, ok := strings.CutPrefix(line, fileTag)
		if !ok {
			continue
		}
		num, file, ok := strings.Cut(rest, " ")
		n, err := strconv.Atoi(num)
		if !ok || err != nil || n <= 0 || n > 1<<16 {
			continue
		}
		for len(files) <= n {
			files = append(files, "")
		}
		files[n] = file
	}
	return files
}

// QuotedIncludes returns a resolver for quoted includes that reads the
// files through read (as an asset file system does), relative to the
// including file, and keeps <chunk> includes for a later pass. Paths are
// slash-separated; one that climbs out of the root ("../x" from the root)
// is refused.
func QuotedIncludes(read func(name string) ([]byte, error)) IncludeResolver {
	return func(from, name string, quoted bool) (string, []byte, error) {
		if !quoted {
			return "", nil, ErrKeepInclude
		}
		p := path.Join(path.Dir(from), name)
		if strings.HasPrefix(name, "/") || p == ".." || strings.HasPrefix(p, "../") {
			return "", nil, fmt.Errorf("%s leaves the root", name)
		}
		b, err := read(p)
		return p, b, err
	}
}
