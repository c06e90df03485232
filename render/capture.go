package render

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// frameCapture is a CaptureFrame request and the pass images the backend
// hands it while the frame executes.
type frameCapture struct {
	dir    string
	done   func(error)
	images map[int]*image.RGBA // by pass
	notes  map[int]string      // by pass: why there is no image
}

// CaptureFrame asks for a capture of this frame: when it executes, the
// backend hands over each pass's target as it stands at the end of the
// pass, and dir (created if needed) receives index.html, a page a browser
// opens that lists the frame's resource commands, and for each pass its
// target, viewport, clears, matrices and lights, the picture it left
// (pass-NN.png), and every batch in execution order with its state: kind,
// program, textures, blend, render state, material, colour, parameters
// and uniforms, mesh and counts. It is a small RenderDoc for machines
// without one. done, if not nil, receives the result on the thread that
// executed the frame (threaded: the render thread; it must not block),
// once the files are written; a frame executed by a Backend directly,
// not through a Renderer, writes nothing until WriteCapture is called.
//
// Capturing reads every pass back, so the frame is slower; frames not
// captured cost nothing. A second call on one frame replaces the first.
func (f *Frame) CaptureFrame(dir string, done func(error)) {
	f.capture = &frameCapture{dir: dir, done: done, images: map[int]*image.RGBA{}, notes: map[int]string{}}
}

// Capturing reports whether the frame is being captured: a backend then
// calls CapturePass after each pass.
func (f *Frame) Capturing() bool { return f.capture != nil }

// CapturePass is called by the backend executing a captured frame after
// pass p, with a top-down picture of the pass's target (its first colour
// attachment; float targets clamped to [0, 1]), or with nil and why there
// is none (a shadow map, a backend without pixels). The frame keeps img.
func (f *Frame) CapturePass(p int, img *image.RGBA, why string) {
	if f.capture == nil {
		return
	}
	if img != nil {
		f.capture.images[p] = img
	} else {
		f.capture.notes[p] = why
	}
}

// WriteCapture writes the capture CaptureFrame asked for, once the frame
// has executed, and calls its done function; a Renderer calls it itself.
// It returns nil and does nothing for a frame not captured.
func (f *Frame) WriteCapture(execErr error) error {
	c := f.capture
	if c == nil {
		return nil
	}
	f.capture = nil
	err := writeCapture(f, c, execErr)
	if c.done != nil {
		c.done(err)
	}
	return err
}

// capturePage is what index.html shows.
type capturePage struct {
	Frame     uint64
	W, H      int
	Stats     Stats
	Error     string
	Resources []string
	Passes    []capturePass
	Deletes   []string
	ReadBacks []string
}

type capturePass struct {
	Index   int
	Name    string
	Facts   [][2]string
	Image   string
	Note    string
	Batches []captureBatch
}

type captureBatch struct {
	Index int
	Kind  string
	Facts [][2]string
}

func writeCapture(f *Frame, c *frameCapture, execErr error) error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return fmt.Errorf("render: CaptureFrame: %w", err)
	}
	page := capturePage{Frame: f.number, W: f.width, H: f.height, Stats: f.Stats}
	if execErr != nil {
		page.Error = execErr.Error()
	}
	for i := range f.resources {
		page.Resources = append(page.Resources, describeResource(&f.resources[i]))
	}
	for i := range f.deletes {
		page.Deletes = append(page.Deletes, describeResource(&f.deletes[i]))
	}
	for _, rb := range f.readBacks {
		page.ReadBacks = append(page.ReadBacks, fmt.Sprintf("%v rect %v", rb.Target, rb.Rect))
	}
	batches, sprites := f.Batches()
	var errs []error
	for p := range f.passes {
		ps := &f.passes[p]
		cp := capturePass{Index: p, Name: ps.Name, Facts: describePass(ps), Note: c.notes[p]}
		if ps.Sky.Texture != 0 {
			cp.Facts = append(cp.Facts, [2]string{"Sky", fmt.Sprintf("%v × %g", ps.Sky.Texture, ps.Sky.Intensity)})
		}
		if e := &ps.Lights.Environment; e.On() {
			cp.Facts = append(cp.Facts, [2]string{"Environment", fmt.Sprintf("specular %v (%d levels), BRDF %v, intensity %g", e.Specular, e.Levels, e.BRDF, e.Intensity)})
		}
		addUniforms(f, func(k, v string) { cp.Facts = append(cp.Facts, [2]string{k, v}) }, ps.Uniforms)
		if img := c.images[p]; img != nil {
			cp.Image = fmt.Sprintf("pass-%02d.png", p)
			if err := writePNG(filepath.Join(c.dir, cp.Image), img); err != nil {
				errs = append(errs, err)
				cp.Image = ""
			}
		} else if cp.Note == "" {
			cp.Note = "no picture: the backend did not read this pass back"
		}
		for i := range batches {
			if batches[i].Pass == p {
				cp.Batches = append(cp.Batches, describeBatch(f, i, &batches[i], sprites))
			}
		}
		page.Passes = append(page.Passes, cp)
	}
	var buf bytes.Buffer
	if err := captureTemplate.Execute(&buf, &page); err != nil {
		return fmt.Errorf("render: CaptureFrame: %w", err)
	}
	if err := os.WriteFile(filepath.Join(c.dir, "index.html"), buf.Bytes(), 0o644); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("render: CaptureFrame: %w", err)
	}
	return nil
}

func writePNG(name string, img *image.RGBA) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(name, buf.Bytes(), 0o644)
}

func describeResource(c *ResourceCommand) string {
	switch c.Op {
	case OpCreateTexture, OpReplaceTexture:
		return fmt.Sprintf("%v %v %+v, %d bytes", c.Op, c.Texture, c.Desc, c.Data.Len)
	case OpUpdateTexture:
		return fmt.Sprintf("%v %v rect %v, %d bytes", c.Op, c.Texture, c.Rect, c.Data.Len)
	case OpDeleteTexture:
		return fmt.Sprintf("%v %v", c.Op, c.Texture)
	case OpCreateMesh:
		return fmt.Sprintf("%v %v: %d vertices, %d indices", c.Op, c.Mesh, c.Vertices.Len, c.Indices.Len)
	case OpDeleteMesh:
		return fmt.Sprintf("%v %v", c.Op, c.Mesh)
	case OpCreateShader, OpUpdateShader:
		return fmt.Sprintf("%v %v from %s and %s", c.Op, c.Shader, c.Source.VertexName, c.Source.FragmentName)
	case OpDeleteShader:
		return fmt.Sprintf("%v %v", c.Op, c.Shader)
	case OpCreateTarget:
		return fmt.Sprintf("%v %v %+v, texture %v", c.Op, c.Target, c.TargetDesc, c.Texture)
	case OpDeleteTarget:
		return fmt.Sprintf("%v %v", c.Op, c.Target)
	}
	return fmt.Sprintf("%v %+v", c.Op, *c)
}

func describePass(p *Pass) [][2]string {
	facts := [][2]string{{"Target", p.Target.String()}, {"Viewport", rectOrAll(p.Viewport)}}
	if !p.Scissor.Empty() {
		facts = append(facts, [2]string{"Scissor", fmt.Sprint(p.Scissor)})
	}
	var clears []string
	if p.Clear&ClearColor != 0 {
		clears = append(clears, fmt.Sprintf("color %.3g", p.ClearColor))
	}
	if p.Clear&ClearDepth != 0 {
		clears = append(clears, "depth")
	}
	if p.Clear&ClearStencil != 0 {
		clears = append(clears, "stencil")
	}
	if len(clears) == 0 {
		clears = append(clears, "none")
	}
	facts = append(facts, [2]string{"Clear", strings.Join(clears, ", ")}, [2]string{"ViewProj", matrix(p.ViewProj)})
	l := &p.Lights
	if !l.Lit() {
		facts = append(facts, [2]string{"Lights", "unlit"})
	} else {
		facts = append(facts, [2]string{"Lights", fmt.Sprintf("eye %.3g, ambient %.3g, sun %.3g × %.3g, %d point lights, shadow %v, exposure %g",
			l.Eye, l.Ambient, l.SunDir, l.SunColor, l.NumPoints, l.Shadow, l.Exposure)})
	}
	return facts
}

func rectOrAll(r Rect) string {
	if r.Empty() {
		return "all"
	}
	return fmt.Sprint(r)
}

func matrix(m [16]float32) string {
	var sb strings.Builder
	for r := 0; r < 4; r++ {
		if r > 0 {
			sb.WriteString(" / ")
		}
		fmt.Fprintf(&sb, "%.4g %.4g %.4g %.4g", m[r], m[4+r], m[8+r], m[12+r])
	}
	return sb.String()
}

func describeBatch(f *Frame, i int, b *Batch, sprites []SpriteInstance) captureBatch {
	cb := captureBatch{Index: i, Kind: b.Kind.String()}
	add := func(k, v string) { cb.Facts = append(cb.Facts, [2]string{k, v}) }
	add("Program", b.Shader.String())
	add("Texture", b.Texture.String())
	add("Blend", b.Blend.String())
	switch b.Kind {
	case KindSprite:
		add("Sprites", fmt.Sprintf("%d (instances %d..%d), squares %v, opaque %v", b.Count, b.First, b.First+b.Count-1, b.Squares, b.Opaque))
		if b.Count > 0 && b.First < len(sprites) {
			s := &sprites[b.First]
			add("First sprite", fmt.Sprintf("corner (%.4g, %.4g), edges (%.4g, %.4g) (%.4g, %.4g), uv %.3g %.3g %.3g %.3g, color %#08x",
				s.X, s.Y, s.AX, s.AY, s.BX, s.BY, s.U0, s.V0, s.U1, s.V1, uint32(s.Color)))
		}
	case KindMesh:
		d := &f.meshDraws[b.First]
		add("Mesh", d.Mesh.String())
		add("Model", matrix(d.Model))
		add("Color", fmt.Sprintf("%.3g", d.Color))
		m := &d.Material
		add("Material", fmt.Sprintf("metallic %.3g, roughness %.3g, emissive %.3g, unlit %v; maps: metallic-roughness %s, normal %s, emissive %s, occlusion %s",
			m.Metallic, m.Roughness, m.Emissive, m.Unlit, mapName(m.MetallicRoughnessMap), mapName(m.NormalMap), mapName(m.EmissiveMap), mapName(m.OcclusionMap)))
		addState(add, &d.State)
		if d.Params != ([4]mgl32.Vec4{}) {
			add("Params", fmt.Sprintf("%.4g", d.Params))
		}
		addUniforms(f, add, d.Uniforms)
	case KindFullscreen:
		d := &f.fullscreens[b.First]
		add("Inputs", fmt.Sprintf("%v %v %v", d.Inputs[0], d.Inputs[1], d.Inputs[2]))
		add("Color", fmt.Sprintf("%.3g", d.Color))
		addState(add, &d.State)
		if d.Params != ([4]mgl32.Vec4{}) {
			add("Params", fmt.Sprintf("%.4g", d.Params))
		}
		addUniforms(f, add, d.Uniforms)
	}
	return cb
}

// addUniforms lists a draw's named uniforms, its own set's first, then
// those of the sets it builds on.
func addUniforms(f *Frame, add func(k, v string), u Uniforms) {
	for depth := 0; !u.IsZero() && depth < 16; depth++ {
		values, base := f.UniformValues(u)
		for _, v := range values {
			if v.Texture != 0 {
				add(v.Name, fmt.Sprintf("%v = %v", v.Type, v.Texture))
				continue
			}
			words := f.UniformWords(v.Data)
			var sb strings.Builder
			for i, w := range words {
				if i > 0 {
					sb.WriteByte(' ')
				}
				if i == 32 {
					fmt.Fprintf(&sb, "… (%d values)", len(words))
					break
				}
				switch {
				case v.Type.isFloat():
					fmt.Fprintf(&sb, "%.4g", math.Float32frombits(w))
				case v.Type.isUint():
					fmt.Fprintf(&sb, "%d", w)
				default:
					fmt.Fprintf(&sb, "%d", int32(w))
				}
			}
			name := v.Name
			if v.Count > 1 {
				name = fmt.Sprintf("%s[%d]", v.Name, v.Count)
			}
			add(name, fmt.Sprintf("%v = %s", v.Type, sb.String()))
		}
		u = base
	}
}

// mapName names a material map: 0 is no map, not the white texture.
func mapName(id TextureID) string {
	if id == 0 {
		return "none"
	}
	return id.String()
}

func addState(add func(k, v string), s *RenderState) {
	if *s == (RenderState{}) {
		add("State", "defaults")
		return
	}
	add("State", fmt.Sprintf("%+v", *s))
}

var captureTemplate = template.Must(template.New("capture").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Tact frame {{.Frame}}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0; }
td, th { border: 1px solid #ddd; padding: 2px 8px; vertical-align: top; text-align: left; }
td.k { color: #666; white-space: nowrap; }
code, td.v { font-family: ui-monospace, monospace; font-size: 12px; }
img.pass { min-width: 256px; max-width: 640px; image-rendering: pixelated; border: 1px solid #999; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0/16px 16px; }
.err { color: #a00; }
</style></head><body>
<h1>Frame {{.Frame}}</h1>
<p>Screen {{.W}}×{{.H}} · {{.Stats.DrawCalls}} draw calls · {{.Stats.Triangles}} triangles · {{.Stats.BytesUploaded}} bytes uploaded · render time {{.Stats.RenderTime}}</p>
{{if .Error}}<p class="err">Errors: <code>{{.Error}}</code></p>{{end}}
<h2 id="resources">Resource commands</h2>
{{if .Resources}}<ol start="0">{{range .Resources}}<li><code>{{.}}</code></li>{{end}}</ol>{{else}}<p>none</p>{{end}}
{{range .Passes}}
<h2 id="pass-{{.Index}}">Pass {{.Index}}: {{.Name}}</h2>
<table>{{range .Facts}}<tr><td class="k">{{index . 0}}</td><td class="v">{{index . 1}}</td></tr>{{end}}</table>
{{if .Image}}<p><a href="{{.Image}}"><img class="pass" src="{{.Image}}" alt="pass {{.Index}}"></a></p>{{else}}<p><i>{{.Note}}</i></p>{{end}}
{{range .Batches}}
<h3 id="batch-{{.Index}}">Batch {{.Index}}: {{.Kind}}</h3>
<table>{{range .Facts}}<tr><td class="k">{{index . 0}}</td><td class="v">{{index . 1}}</td></tr>{{end}}</table>
{{else}}<p>no draws</p>{{end}}
{{end}}
<h2 id="readbacks">Read-backs</h2>
{{if .ReadBacks}}<ul>{{range .ReadBacks}}<li><code>{{.}}</code></li>{{end}}</ul>{{else}}<p>none</p>{{end}}
<h2 id="deletes">Deletes</h2>
{{if .Deletes}}<ul>{{range .Deletes}}<li><code>{{.}}</code></li>{{end}}</ul>{{else}}<p>none</p>{{end}}
</body></html>
`))
