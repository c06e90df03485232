package asset

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"strings"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
)

// Loader turns files into assets in two steps: Decode on a worker goroutine
// (read and parse; no GL, no scene, no shared mutable state), then Create on
// the main thread once every dependency Decode named has loaded (GPU uploads
// through the frame). The decoded value must not be changed after Decode
// returns: it crosses goroutines.
type Format interface {
	// Decode reads src (src.Read, src.ReadFile) and returns immutable data.
	// It names dependencies with src.Depend. Errors need not repeat the path.
	Decode(src *Source) (any, error)
	// Create makes the asset's value from the decoded data on the main
	// thread, recording GPU commands into ctx.Frame.
	Create(ctx *CreateContext, decoded any) (any, error)
	// Free releases the value's GPU objects (records deletes into f) when
	// the asset is unloaded.
	Free(f *render.Frame, value any)
}

// Reloader is a Loader that can replace a loaded value's content in place,
// keeping its handles, when its files change (hot reload). On error the old
// content stays.
type Reloader interface {
	Format
	Reload(f *render.Frame, value, decoded any) error
}

// Source is what a Loader's Decode reads: the asset's path and the asset
// root, which it cannot leave.
type Source struct {
	// Path is the asset's path, relative to the asset root.
	Path string

	root    *os.Root
	maxFile int64 // Options.MaxFileSize; 0: DefaultMaxFileSize
	files   []string
	deps    []string
	err     error
}

// Read returns the contents of the asset's own file.
func (s *Source) Read() ([]byte, error) { return s.ReadFile(s.Path) }

// ReadFile returns the contents of the file at p (an asset path, relative to
// the root). The file is watched for hot reload with the asset.
//
// Only regular files are read: a named pipe, a device, a socket or a
// directory is refused at once with an error wrapping ErrNotRegular, before
// it is opened for reading, so that no such file can block a worker. A file
// larger than Options.MaxFileSize is refused before it is read (an error
// wrapping ErrTooLarge), and so is one that grows past the limit while it
// is read.
func (s *Source) ReadFile(p string) ([]byte, error) {
	clean := strings.ReplaceAll(p, `\`, "/")
	if strings.HasPrefix(clean, "/") || strings.Contains("/"+clean+"/", "/../") {
		return nil, &Error{Path: p, Err: ErrOutsideRoot}
	}
	s.files = append(s.files, clean)
	if s.root == nil {
		return nil, &Error{Path: p, Err: fs.ErrNotExist}
	}
	b, err := readRegular(s.root, clean, s.maxFileSize())
	if err != nil {
		return nil, &Error{Path: clean, Err: err}
	}
	return b, nil
}

func (s *Source) maxFileSize() int64 {
	if s.maxFile > 0 {
		return s.maxFile
	}
	return DefaultMaxFileSize
}

// readRegular reads the regular file name under root, refusing any other
// kind of file before opening it, and any file over limit bytes.
func readRegular(root *os.Root, name string, limit int64) ([]byte, error) {
	// Stat first: opening a named pipe for reading blocks until a writer
	// appears, and opening a device may block or act on the device.
	fi, err := root.Stat(name)
	if err != nil {
		return nil, pathErr(err)
	}
	if err := checkFile(fi, limit); err != nil {
		return nil, err
	}
	f, err := root.OpenFile(name, openFlags, 0)
	if err != nil {
		return nil, pathErr(err)
	}
	defer f.Close()
	// Check again what was opened: the file may have been replaced since.
	if fi, err = f.Stat(); err != nil {
		return nil, pathErr(err)
	}
	if err := checkFile(fi, limit); err != nil {
		return nil, err
	}
	// Read at most limit+1 bytes, so that a file that grows while it is read
	// (or whose size was misreported) is caught without reading it all.
	var buf bytes.Buffer
	if sz := fi.Size(); sz < math.MaxInt32 {
		buf.Grow(int(sz) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, pathErr(err)
	}
	if n := int64(buf.Len()); n > limit {
		return nil, fmt.Errorf("%w: grew past the %s limit (Options.MaxFileSize) while being read", ErrTooLarge, sizeString(limit))
	}
	return buf.Bytes(), nil
}

// checkFile refuses anything but a regular file of at most limit bytes.
func checkFile(fi fs.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%w (%s)", ErrNotRegular, fileKind(fi.Mode()))
	}
	if fi.Size() > limit {
		return fmt.Errorf("%w: %s, over the %s limit (Options.MaxFileSize)", ErrTooLarge, sizeString(fi.Size()), sizeString(limit))
	}
	return nil
}

// fileKind names the type of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return "irregular file"
}

// sizeString writes n bytes for a person: "1000 bytes", or "512.0 MiB
// (536870912 bytes)".
func sizeString(n int64) string {
	const ki, mi, gi = 1 << 10, 1 << 20, 1 << 30
	switch {
	case n >= gi:
		return fmt.Sprintf("%.1f GiB (%d bytes)", float64(n)/gi, n)
	case n >= mi:
		return fmt.Sprintf("%.1f MiB (%d bytes)", float64(n)/mi, n)
	case n >= ki:
		return fmt.Sprintf("%.1f KiB (%d bytes)", float64(n)/ki, n)
	}
	return fmt.Sprintf("%d bytes", n)
}

// pathErr strips the *fs.PathError around an os.Root error (the asset path
// is named by the caller) and marks an escape from the root.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
		if strings.Contains(err.Error(), "escapes") {
			err = fmt.Errorf("%w (%v)", ErrOutsideRoot, err)
		}
	}
	return err
}

// Depend names another asset that must be loaded before this one is
// created; the asset holds a reference to it until it is unloaded. A bad
// path fails the load.
func (s *Source) Depend(p string) {
	key, err := CleanPath(p)
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		return
	}
	for _, d := range s.deps {
		if d == key {
			return
		}
	}
	s.deps = append(s.deps, key)
}

// CreateContext is what a Loader's Create gets on the main thread.
type CreateContext struct {
	// Frame is the frame being recorded: GPU uploads go here.
	Frame *render.Frame
	// Path is the asset's path.
	Path  string
	asset *Asset
}

// Asset returns the asset being created.
func (c *CreateContext) Asset() *Asset { return c.asset }

// Dependency returns the loaded value of the dependency at p (named by
// Depend in Decode), or nil.
func (c *CreateContext) Dependency(p string) any {
	key, err := CleanPath(p)
	if err != nil {
		return nil
	}
	for _, d := range c.asset.deps {
		if d.path == key {
			return d.Value()
		}
	}
	return nil
}

// Texture is a loaded image: an RGBA8 texture on the GPU. It never changes
// after loading; a hot reload replaces its pixels (and applies its
// settings again) under the same ID.
type Texture struct {
	ID            render.TextureID
	Width, Height int
	// Settings are the import settings it was made with (see
	// TextureSettings): its filter, wrap, mipmaps, and whether its colors
	// are premultiplied (draw it with render.BlendPremultiplied then).
	Settings TextureSettings
}

// Texture returns the asset's texture, or nil if it is not a loaded texture.
func (x *Asset) Texture() *Texture { t, _ := x.Value().(*Texture); return t }

// textureLoader decodes PNG and JPEG files to straight-alpha RGBA8
// (premultiplied when the texture's settings say so).
type textureLoader struct {
	maxSize  int   // Options.MaxTextureSize
	maxBytes int64 // Options.MaxDecodedBytes
	settings textureSettings
}

type decodedImage struct {
	w, h     int
	pix      []byte // w*h*4 bytes, straight alpha unless set.PremultiplyAlpha, rows top-down
	settings TextureSettings
}

func (l *textureLoader) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	set, err := l.settings.resolve(src)
	if err != nil {
		return nil, err
	}
	d, err := decodeImage(b, l.maxSize, l.maxBytes)
	if err != nil {
		return nil, err
	}
	d.settings = set
	if set.PremultiplyAlpha {
		premultiply(d.pix)
	}
	return d, nil
}

// premultiply multiplies each RGBA8 pixel's color by its alpha, rounding.
func premultiply(pix []byte) {
	for i := 0; i+3 < len(pix); i += 4 {
		a := uint32(pix[i+3])
		for c := i; c < i+3; c++ {
			pix[c] = uint8((uint32(pix[c])*a + 127) / 255)
		}
	}
}

// decodeImage decodes a PNG or JPEG (told apart by content) into RGBA8,
// refusing images larger than maxSize on a side, or whose decoded pixels
// would take more than maxBytes (see Options.MaxDecodedBytes), before
// decoding any pixel.
func decodeImage(b []byte, maxSize int, maxBytes int64) (*decodedImage, error) {
	var (
		decode func([]byte) (image.Image, error)
		config func([]byte) (image.Config, error)
		kind   string
	)
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		kind = "png"
		decode = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
		config = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
	case bytes.HasPrefix(b, []byte("\xff\xd8")):
		kind = "jpeg"
		decode = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
		config = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
	case len(b) == 0:
		return nil, errors.New("empty file, not an image")
	default:
		return nil, errors.New("not a PNG or JPEG image")
	}
	cfg, err := config(b)
	if err != nil {
		return nil, fmt.Errorf("bad %s header: %w", kind, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("%s image is %dx%d", kind, cfg.Width, cfg.Height)
	}
	if cfg.Width > maxSize || cfg.Height > maxSize {
		return nil, fmt.Errorf("%s image is %dx%d, larger than the %d limit", kind, cfg.Width, cfg.Height, maxSize)
	}
	// The decoder's image: 4 bytes a pixel at most (RGBA; JPEG's YCbCr and
	// gray take less), 8 for a PNG of 16 bits per channel.
	bpp, depth := int64(4), ""
	if kind == "png" && pngBitDepth(b) == 16 {
		bpp, depth = 8, " at 16 bits per channel"
	}
	// (px*bpp cannot overflow: DecodeConfig refuses a PNG whose pixels at 8
	// bytes overflow an int, and JPEG sides are 16-bit.)
	if px := int64(cfg.Width) * int64(cfg.Height); px > maxBytes/bpp {
		return nil, fmt.Errorf("%w: %s image is %dx%d%s, %s decoded, over the %s budget (Options.MaxDecodedBytes)",
			ErrTooLarge, kind, cfg.Width, cfg.Height, depth, sizeString(px*bpp), sizeString(maxBytes))
	}
	img, err := decode(b)
	if err != nil {
		return nil, fmt.Errorf("bad %s data: %w", kind, err)
	}
	r := img.Bounds()
	if r.Dx() != cfg.Width || r.Dy() != cfg.Height {
		return nil, fmt.Errorf("%s image decoded to %v, header says %dx%d", kind, r, cfg.Width, cfg.Height)
	}
	var dst *image.NRGBA
	if n, ok := img.(*image.NRGBA); ok && n.Stride == 4*r.Dx() && r.Min == (image.Point{}) {
		dst = n
	} else {
		dst = image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
		draw.Draw(dst, dst.Rect, img, r.Min, draw.Src)
	}
	return &decodedImage{w: r.Dx(), h: r.Dy(), pix: dst.Pix}, nil
}

// pngBitDepth returns the bit depth in a PNG's IHDR chunk (which must come
// first), or 0 if there is none.
func pngBitDepth(b []byte) int {
	if len(b) < 25 || string(b[12:16]) != "IHDR" {
		return 0
	}
	return int(b[24])
}

func (l *textureLoader) Create(ctx *CreateContext, decoded any) (any, error) {
	d := decoded.(*decodedImage)
	id := ctx.Frame.CreateTexture(d.settings.desc(d.w, d.h), d.pix)
	return &Texture{ID: id, Width: d.w, Height: d.h, Settings: d.settings}, nil
}

func (l *textureLoader) Free(f *render.Frame, value any) { f.DeleteTexture(value.(*Texture).ID) }

// Reload replaces the texture's image under the same handle: in place when
// the size and the settings are unchanged, through ReplaceTexture (a new GL
// texture behind the same handle) when either changed, so every holder
// sees the new file and settings.
func (l *textureLoader) Reload(f *render.Frame, value, decoded any) error {
	t, d := value.(*Texture), decoded.(*decodedImage)
	if d.w != t.Width || d.h != t.Height || d.settings != t.Settings {
		f.ReplaceTexture(t.ID, d.settings.desc(d.w, d.h), d.pix)
		t.Width, t.Height, t.Settings = d.w, d.h, d.settings
		return nil
	}
	f.UpdateTexture(t.ID, render.Rect{W: d.w, H: d.h}, d.pix)
	return nil
}

// Shader is a loaded GLSL program: the asset "dir/name.shader" is the pair
// dir/name.vert and dir/name.frag. Their `#include "file.glsl"` directives
// are expanded when the files are read, relative to the including file and
// inside the asset root (render.ExpandIncludes: #pragma once, cycles
// refused with the chain); the watcher reloads the shader when any of them
// changes. `#include <tact/...>` chunks are the backend's. Desc holds the
// expanded sources. Compile and link errors are reported by the GL backend
// (naming the file, included ones too, and line): with a renderer that
// checks programs (render.Renderer.CheckShader: the Game's), Load fails
// with the error and a reload that does not build emits ReloadFailed and
// keeps the previous program; otherwise through the Director's render
// error, and draws then use the built-in program.
type Shader struct {
	ID   render.ShaderID
	Desc render.ShaderDesc
}

// Shader returns the asset's shader, or nil if it is not a loaded shader.
func (x *Asset) Shader() *Shader { s, _ := x.Value().(*Shader); return s }

// shaderLoader loads shader pairs. Where the manager's frames come from a
// renderer that can check programs (render.Renderer.CheckShader, with
// render/gl), Create and Reload build the program first: a shader that does
// not compile fails its Load, or its reload, with the compile error.
type shaderLoader struct{ a *Manager }

// shaderChecker is what render.Renderer offers for checking programs.
type shaderChecker interface {
	CheckShader(render.ShaderDesc) error
}

// check builds desc where the frame source can, returning the compile
// error, which names the file (an included one too) and line.
func (l shaderLoader) check(desc render.ShaderDesc) error {
	c, ok := l.a.frames.(shaderChecker)
	if !ok {
		return nil
	}
	// The backend's error names the file and line itself
	// ("fx/lib/inc.glsl:3: ..."); the manager prefixes the asset's path.
	return c.CheckShader(desc)
}

func (shaderLoader) Decode(src *Source) (any, error) {
	base := strings.TrimSuffix(src.Path, ".shader")
	vn, fn := base+".vert", base+".frag"
	vs, err := src.ReadFile(vn)
	if err != nil {
		return nil, err
	}
	fs, err := src.ReadFile(fn)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		src  []byte
	}{{vn, vs}, {fn, fs}} {
		if len(bytes.TrimSpace(f.src)) == 0 {
			return nil, &Error{Path: f.name, Err: errors.New("empty shader source")}
		}
		if bytes.IndexByte(f.src, 0) >= 0 {
			return nil, &Error{Path: f.name, Err: errors.New("NUL byte in shader source")}
		}
	}
	// Quoted includes are the game's files: read them here, through the
	// asset root (so the watcher reloads the shader when one changes);
	// <tact/...> chunks are left for the backend, which has them.
	desc := render.ShaderDesc{VertexName: vn, FragmentName: fn}
	for _, st := range []struct {
		name string
		src  []byte
		out  *string
	}{{vn, vs, &desc.VertexSource}, {fn, fs, &desc.FragmentSource}} {
		out, _, err := render.ExpandIncludes(st.name, string(st.src), render.QuotedIncludes(src.ReadFile))
		if err != nil {
			var ie *render.IncludeError
			if errors.As(err, &ie) {
				return nil, &Error{Path: ie.File, Err: fmt.Errorf("line %d: %w", ie.Line, ie.Err)}
			}
			return nil, &Error{Path: st.name, Err: err}
		}
		*st.out = out
	}
	return desc, nil
}

func (l shaderLoader) Create(ctx *CreateContext, decoded any) (any, error) {
	d := decoded.(render.ShaderDesc)
	if err := l.check(d); err != nil {
		return nil, err
	}
	return &Shader{ID: ctx.Frame.CreateShader(d), Desc: d}, nil
}

func (shaderLoader) Free(f *render.Frame, value any) { f.DeleteShader(value.(*Shader).ID) }

// Reload recompiles the program under the same handle. Where the program
// can be checked first, a compile error fails the reload (ReloadFailed,
// with the file and line; Reloaded fires only for a program that builds)
// and nothing is recorded; otherwise the backend reports it, keeping the
// previous program.
func (l shaderLoader) Reload(f *render.Frame, value, decoded any) error {
	s := value.(*Shader)
	d := decoded.(render.ShaderDesc)
	if err := l.check(d); err != nil {
		return err
	}
	s.Desc = d
	f.UpdateShader(s.ID, s.Desc)
	return nil
}

// fontLoader parses TTF and OTF fonts, and a face of a TTC/OTC collection
// (the first, or the one the path names after '#': font_loader.go), with
// text.ParseFont (immutable and shareable, so it runs on the worker).
// Fonts do not hot-reload: Labels hold the *Font itself.
type fontLoader struct{}

func (fontLoader) Decode(src *Source) (any, error) { return decodeFont(src) }

func (fontLoader) Create(_ *CreateContext, decoded any) (any, error) { return decoded, nil }

// Free deletes the glyph atlases every label drew with the font (through
// f, after its draws) and drops their pixels.
func (fontLoader) Free(f *render.Frame, v any) {
	if font, ok := v.(*text.Font); ok {
		font.Release(f)
	}
}

// Font returns the asset's font, or nil if it is not a loaded font.
func (x *Asset) Font() *text.Font { f, _ := x.Value().(*text.Font); return f }
