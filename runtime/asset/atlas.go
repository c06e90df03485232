package asset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// AtlasExt is the extension New registers AtlasFormat for: a TexturePacker
// JSON file renamed from ".json" (which is the scene files' extension) to
// ".atlas". Register the format for another extension with
// Manager.RegisterFormat(ext, AtlasFormat{}).
const AtlasExt = ".atlas"

// AtlasFormat loads texture atlases described in TexturePacker's JSON, in
// either of its layouts: "JSON (Hash)", frames an object keyed by name, and
// "JSON (Array)", frames a list whose entries name themselves in
// "filename".
//
// The atlas's image (meta.image, a path relative to the atlas file's
// folder) is a dependency: it loads first, as any texture does (shared and
// reference-counted), and the atlas holds it until the atlas is released.
// It loads with its own texture settings (TextureSettings: the project
// default, the image's settings file "sheet.png.texture.json", code's), so
// a pixel-art sheet stays sharp: Atlas.Texture.Settings says what it got.
// Frames are regions of one texture, so WrapRepeat does not tile a frame,
// and a mipmapped or linear sheet needs padding between frames against
// bleeding (TexturePacker's "extrude"/"shape padding").
//
// Of each frame it reads "frame" (the rectangle in the image, in pixels,
// its size upright), "rotated" (the image is stored turned 90° clockwise;
// the rectangle in the image is then frame.h wide and frame.w tall),
// "trimmed", "spriteSourceSize" and "sourceSize" (where the trimmed image
// lay in the untrimmed one) and "pivot" (0..1 of the untrimmed image, y
// down). Other fields are ignored; meta.scale too: sizes are the image's
// pixels. A bad file fails with an error naming the file and the JSON path
// of what is wrong: a missing meta.image, a frame outside the image, a
// negative or empty size, a duplicate name, meta.size that differs from
// the image.
//
// The zero value is ready to use; the loaded value is an *Atlas.
type AtlasFormat struct{}

// Atlas is a loaded texture atlas: its texture and its frames by name.
// It never changes after loading; a hot reload of its image that changes
// the image's size leaves the frames' UVs stale (load the atlas again).
type Atlas struct {
	// Texture is the atlas's image, a dependency of the atlas asset.
	Texture *Texture
	// Image is the image's asset path.
	Image string

	frames map[string]Frame
	names  []string // sorted
}

// Frame is one image of an atlas. Its embedded SpriteFrame is what a
// Sprite shows (Sprite.SetFrame(f.SpriteFrame)): the texture, the region
// (UV, normalized, v0 the top edge, as the region lies in the texture),
// Rotated, the upright pixel Size and the Trim margins {left, bottom,
// right, top}, whose first two are the trimmed image's offset in the
// untrimmed one, y up.
type Frame struct {
	scenegraph.SpriteFrame
	// Name is the frame's name in the file.
	Name string
	// Rect is the frame's rectangle in the image, in pixels from its
	// top-left corner, as it lies there: for a rotated frame Size[1] wide
	// and Size[0] tall.
	Rect image.Rectangle
	// SourceSize is the untrimmed image's size in pixels: Size plus the
	// Trim margins.
	SourceSize mgl32.Vec2
	// Pivot is the frame's pivot in the untrimmed image, 0..1 from its
	// bottom-left corner (y up, as Sprite.Anchor, which it can be set to);
	// {0.5, 0.5} when the file gives none (HasPivot false).
	Pivot    mgl32.Vec2
	HasPivot bool
}

// Frame returns the frame called name.
func (a *Atlas) Frame(name string) (Frame, bool) {
	f, ok := a.frames[name]
	return f, ok
}

// Names returns the frames' names, sorted. The slice belongs to the atlas.
func (a *Atlas) Names() []string { return a.names }

// Atlas returns the asset's atlas, or nil if it is not a loaded atlas.
func (x *Asset) Atlas() *Atlas { a, _ := x.Value().(*Atlas); return a }

// Decode parses the atlas and names its image as a dependency.
func (AtlasFormat) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	d, err := parseAtlas(src.Path, b)
	if err != nil {
		return nil, err
	}
	src.Depend(d.image)
	return d, nil
}

// Create computes the frames' texture regions from the loaded image,
// refusing frames outside it.
func (AtlasFormat) Create(ctx *CreateContext, decoded any) (any, error) {
	d := decoded.(*atlasData)
	v := ctx.Dependency(d.image)
	tex, ok := v.(*Texture)
	if !ok {
		return nil, fmt.Errorf("meta.image %q (%s) is not a texture: it loaded as %T", d.imageField, d.image, v)
	}
	return buildAtlas(d, tex)
}

// Free does nothing: the atlas owns no GPU object, and its texture is
// released with the atlas, as a dependency.
func (AtlasFormat) Free(*render.Frame, any) {}

// atlasData is a parsed atlas file: immutable once Decode returns.
type atlasData struct {
	image        string // asset path
	imageField   string // meta.image as written
	metaW, metaH int    // meta.size; 0 when absent
	frames       []atlasFrame
}

// atlasFrame is one frame as the file gives it, checked but not yet
// placed in the image.
type atlasFrame struct {
	where      string // JSON path, for errors
	name       string
	x, y, w, h int // frame; w and h upright
	rotated    bool
	trimmed    bool
	trimX      int // spriteSourceSize.x and .y: the offset in the untrimmed image, y down
	trimY      int
	srcW, srcH int // sourceSize
	pivot      mgl32.Vec2
	hasPivot   bool
}

// maxAtlasPixels bounds every pixel value in an atlas file: far past any
// texture, and every int up to it is exact in a float32.
const maxAtlasPixels = 1 << 24

// JSON shapes. Numbers are float64 pointers so that a missing field and a
// fraction are told apart from 0 and named in the error.
type (
	tpFile struct {
		Frames   json.RawMessage `json:"frames"`
		Meta     *tpMeta         `json:"meta"`
		Textures json.RawMessage `json:"textures"`
	}
	tpMeta struct {
		Image *string `json:"image"`
		Size  *tpRect `json:"size"`
	}
	tpRect struct {
		X *float64 `json:"x"`
		Y *float64 `json:"y"`
		W *float64 `json:"w"`
		H *float64 `json:"h"`
	}
	tpPoint struct {
		X *float64 `json:"x"`
		Y *float64 `json:"y"`
	}
	tpFrame struct {
		Filename         *string  `json:"filename"`
		Frame            *tpRect  `json:"frame"`
		Rotated          bool     `json:"rotated"`
		Trimmed          *bool    `json:"trimmed"`
		SpriteSourceSize *tpRect  `json:"spriteSourceSize"`
		SourceSize       *tpRect  `json:"sourceSize"`
		Pivot            *tpPoint `json:"pivot"`
	}
)

// parseAtlas reads a TexturePacker JSON file at the asset path p.
func parseAtlas(p string, b []byte) (*atlasData, error) {
	b = bytes.TrimPrefix(b, []byte("\ufeff")) // a byte-order mark
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		return nil, errors.New(`not a TexturePacker JSON atlas (a JSON object with "frames" and "meta"); libGDX and Spine text atlases are not read`)
	}
	var file tpFile
	if err := json.Unmarshal(b, &file); err != nil {
		return nil, jsonErr("", err)
	}
	d := &atlasData{}
	if len(file.Frames) == 0 && len(file.Textures) > 0 {
		return nil, errors.New(`multi-pack atlases ("textures") are not read: export one JSON file per image`)
	}
	if file.Meta == nil {
		return nil, errors.New("meta: missing (it names the atlas's image)")
	}
	if file.Meta.Image == nil || strings.TrimSpace(*file.Meta.Image) == "" {
		return nil, errors.New("meta.image: missing (the atlas's image file, relative to the atlas)")
	}
	d.imageField = *file.Meta.Image
	img, err := resolveImage(p, d.imageField)
	if err != nil {
		return nil, err
	}
	d.image = img
	if s := file.Meta.Size; s != nil {
		if d.metaW, err = pixels(s.W, "meta.size.w", 1); err != nil {
			return nil, err
		}
		if d.metaH, err = pixels(s.H, "meta.size.h", 1); err != nil {
			return nil, err
		}
	}
	if err := parseFrames(d, file.Frames); err != nil {
		return nil, err
	}
	return d, nil
}

// resolveImage returns the asset path of meta.image, relative to the folder
// of the atlas at p.
func resolveImage(p, image string) (string, error) {
	s := strings.ReplaceAll(image, `\`, "/")
	if strings.HasPrefix(s, "/") || (len(s) >= 2 && s[1] == ':') {
		return "", fmt.Errorf("meta.image %q: %w (give it relative to the atlas's folder)", image, ErrOutsideRoot)
	}
	key, err := CleanPath(path.Join(path.Dir(p), s))
	if err != nil {
		var ae *Error
		if errors.As(err, &ae) {
			err = ae.Err
		}
		return "", fmt.Errorf("meta.image %q: %w", image, err)
	}
	return key, nil
}

// parseFrames reads "frames", an object (hash) or a list (array).
func parseFrames(d *atlasData, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return errors.New("frames: missing")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return jsonErr("frames", err)
	}
	seen := map[string]string{} // name -> where
	add := func(where, name string, tf *tpFrame) error {
		if name == "" {
			return fmt.Errorf("%s: empty frame name", where)
		}
		if first, ok := seen[name]; ok {
			if first == where { // an object's key, twice
				return fmt.Errorf("%s: frame %q named twice", where, name)
			}
			return fmt.Errorf("%s: frame %q named twice (also %s)", where, name, first)
		}
		seen[name] = where
		f, err := checkFrame(where, name, tf)
		if err != nil {
			return err
		}
		d.frames = append(d.frames, f)
		return nil
	}
	switch tok {
	case json.Delim('{'): // JSON (Hash)
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return jsonErr("frames", err)
			}
			name, _ := k.(string)
			where := fmt.Sprintf("frames[%q]", name)
			var tf tpFrame
			if err := dec.Decode(&tf); err != nil {
				return jsonErr(where, err)
			}
			if err := add(where, name, &tf); err != nil {
				return err
			}
		}
	case json.Delim('['): // JSON (Array)
		for i := 0; dec.More(); i++ {
			var tf tpFrame
			if err := dec.Decode(&tf); err != nil {
				return jsonErr(fmt.Sprintf("frames[%d]", i), err)
			}
			if tf.Filename == nil {
				return fmt.Errorf("frames[%d].filename: missing (the frame's name)", i)
			}
			if err := add(fmt.Sprintf("frames[%d] (%q)", i, *tf.Filename), *tf.Filename, &tf); err != nil {
				return err
			}
		}
	default:
		return errors.New("frames: neither an object (JSON Hash) nor a list (JSON Array)")
	}
	if len(d.frames) == 0 {
		return errors.New("frames: no frames")
	}
	return nil
}

// checkFrame checks one frame's numbers and their agreement; where the
// frame lies in the image is checked once the image is loaded.
func checkFrame(where, name string, tf *tpFrame) (atlasFrame, error) {
	f := atlasFrame{where: where, name: name, rotated: tf.Rotated, pivot: mgl32.Vec2{0.5, 0.5}}
	r := tf.Frame
	if r == nil {
		return f, fmt.Errorf("%s.frame: missing (the frame's rectangle in the image)", where)
	}
	var err error
	if f.x, err = pixels(r.X, where+".frame.x", 0); err != nil {
		return f, err
	}
	if f.y, err = pixels(r.Y, where+".frame.y", 0); err != nil {
		return f, err
	}
	if f.w, err = pixels(r.W, where+".frame.w", 1); err != nil {
		return f, err
	}
	if f.h, err = pixels(r.H, where+".frame.h", 1); err != nil {
		return f, err
	}
	f.srcW, f.srcH = f.w, f.h
	trim := tf.Trimmed == nil || *tf.Trimmed
	switch {
	case !trim:
	case tf.SpriteSourceSize != nil && tf.SourceSize != nil:
		ss, src := tf.SpriteSourceSize, tf.SourceSize
		if f.trimX, err = pixels(ss.X, where+".spriteSourceSize.x", 0); err != nil {
			return f, err
		}
		if f.trimY, err = pixels(ss.Y, where+".spriteSourceSize.y", 0); err != nil {
			return f, err
		}
		if f.srcW, err = pixels(src.W, where+".sourceSize.w", 1); err != nil {
			return f, err
		}
		if f.srcH, err = pixels(src.H, where+".sourceSize.h", 1); err != nil {
			return f, err
		}
		if f.trimX+f.w > f.srcW || f.trimY+f.h > f.srcH {
			return f, fmt.Errorf("%s.spriteSourceSize: the %dx%d frame at %d,%d does not fit in sourceSize %dx%d",
				where, f.w, f.h, f.trimX, f.trimY, f.srcW, f.srcH)
		}
		f.trimmed = f.trimX != 0 || f.trimY != 0 || f.srcW != f.w || f.srcH != f.h
	case tf.SpriteSourceSize != nil:
		return f, fmt.Errorf("%s.sourceSize: missing (spriteSourceSize needs it)", where)
	case tf.SourceSize != nil && tf.Trimmed != nil: // "trimmed": true
		return f, fmt.Errorf("%s.spriteSourceSize: missing (a trimmed frame needs it)", where)
	}
	if p := tf.Pivot; p != nil {
		if p.X == nil || p.Y == nil {
			return f, fmt.Errorf("%s.pivot: needs x and y", where)
		}
		x, y := float32(*p.X), float32(1-*p.Y) // y down in the file
		if !finite32(x) || !finite32(y) {
			return f, fmt.Errorf("%s.pivot: %v,%v is out of range", where, *p.X, *p.Y)
		}
		f.pivot, f.hasPivot = mgl32.Vec2{x, y}, true
	}
	return f, nil
}

// pixels returns the whole number of pixels v at the JSON path where, at
// least least.
func pixels(v *float64, where string, least int) (int, error) {
	switch {
	case v == nil:
		return 0, fmt.Errorf("%s: missing", where)
	case *v < 0:
		return 0, fmt.Errorf("%s: %v is negative", where, *v)
	case *v != math.Trunc(*v):
		return 0, fmt.Errorf("%s: %v is not a whole number of pixels", where, *v)
	case *v > maxAtlasPixels:
		return 0, fmt.Errorf("%s: %v is too large", where, *v)
	case int(*v) < least:
		return 0, fmt.Errorf("%s: %v is empty", where, *v)
	}
	return int(*v), nil
}

func finite32(f float32) bool { return !math.IsInf(float64(f), 0) && !math.IsNaN(float64(f)) }

// jsonErr says what encoding/json found wrong at the JSON path where:
// its type errors, which name Go types, are reworded by the JSON field and
// what was found there; its syntax errors get their place in the file.
func jsonErr(where string, err error) error {
	var (
		te *json.UnmarshalTypeError
		se *json.SyntaxError
	)
	if errors.As(err, &te) {
		at := where
		switch {
		case te.Field == "":
		case at == "":
			at = te.Field
		default:
			at += "." + te.Field
		}
		if at == "" {
			at = "the file"
		}
		return fmt.Errorf("%s: a JSON %s where %s belongs", at, te.Value, jsonKind(te.Type.Kind().String()))
	}
	if errors.As(err, &se) {
		err = fmt.Errorf("%w (at byte %d)", err, se.Offset)
	}
	if where == "" {
		return fmt.Errorf("not a TexturePacker JSON atlas: %w", err)
	}
	return fmt.Errorf("%s: %w", where, err)
}

func jsonKind(k string) string {
	switch k {
	case "float64":
		return "a number"
	case "bool":
		return "a boolean"
	case "string":
		return "a string"
	}
	return "an object"
}

// buildAtlas places d's frames in tex, refusing frames outside it.
func buildAtlas(d *atlasData, tex *Texture) (*Atlas, error) {
	tw, th := tex.Width, tex.Height
	if d.metaW != 0 && d.metaH != 0 && (d.metaW != tw || d.metaH != th) {
		return nil, fmt.Errorf("meta.size is %dx%d, but the image %s is %dx%d", d.metaW, d.metaH, d.image, tw, th)
	}
	a := &Atlas{Texture: tex, Image: d.image, frames: make(map[string]Frame, len(d.frames)), names: make([]string, 0, len(d.frames))}
	for i := range d.frames {
		f := &d.frames[i]
		rw, rh := f.w, f.h // the rectangle as it lies in the image
		if f.rotated {
			rw, rh = f.h, f.w
		}
		if f.x+rw > tw || f.y+rh > th {
			turned := ""
			if f.rotated {
				turned = " (rotated)"
			}
			return nil, fmt.Errorf("%s.frame: %dx%d at %d,%d%s lies outside the %dx%d image %s",
				f.where, rw, rh, f.x, f.y, turned, tw, th, d.image)
		}
		fw, fh := float32(tw), float32(th)
		fr := Frame{
			SpriteFrame: scenegraph.SpriteFrame{
				Texture: tex.ID,
				UV:      mgl32.Vec4{float32(f.x) / fw, float32(f.y) / fh, float32(f.x+rw) / fw, float32(f.y+rh) / fh},
				Rotated: f.rotated,
				Size:    mgl32.Vec2{float32(f.w), float32(f.h)},
			},
			Name:       f.name,
			Rect:       image.Rect(f.x, f.y, f.x+rw, f.y+rh),
			SourceSize: mgl32.Vec2{float32(f.srcW), float32(f.srcH)},
			Pivot:      f.pivot,
			HasPivot:   f.hasPivot,
		}
		if f.trimmed {
			// spriteSourceSize is y down; Trim is {left, bottom, right, top}.
			fr.Trim = mgl32.Vec4{
				float32(f.trimX),
				float32(f.srcH - f.trimY - f.h),
				float32(f.srcW - f.trimX - f.w),
				float32(f.trimY),
			}
		}
		a.frames[f.name] = fr
		a.names = append(a.names, f.name)
	}
	slices.Sort(a.names)
	return a, nil
}
