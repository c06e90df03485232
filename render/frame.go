package render

import (
	"fmt"
	"image"
	"unsafe"
)

// Frame is one frame's command list: resource commands, passes, draw items and
// read-backs, plus the screen size. Its buffers are truncated, never freed,
// between frames, so steady-state recording allocates nothing.
//
// A Frame is recorded on one goroutine (the main thread) and then executed by a
// Backend; it is never used by both at once. Bytes, vertices and indices passed
// to a Frame method are copied into the frame's arenas before the method
// returns: the caller may reuse its slices at once.
type Frame struct {
	// Stats is reset when recording starts. During Execute the backend adds
	// DrawCalls, Triangles and BytesUploaded; the Renderer sets the rest.
	Stats Stats

	number        uint64
	width, height int
	handles       *handleSet

	resources   []ResourceCommand
	deletes     []ResourceCommand
	passes      []Pass
	items       []DrawItem
	sprites     []SpriteInstance
	reserved    int            // instances handed out by ReserveSprites, not yet committed
	vertices    []SpriteVertex // SpriteVertices' expansion, kept for reuse
	meshDraws   []MeshDraw
	fullscreens []FullscreenDraw
	readBacks   []ReadBack
	bytes       []byte
	meshVerts   []MeshVertex
	indices     []uint32
	skin        skinArena // skinned meshes' skin vertices and the joint palettes (skin.go)
	mesh        meshArena // instanced mesh draws' instances (instanced.go)
	morph       morphData // morph targets' deltas and draws' weights (morph.go)

	err     error         // execution error, carried back to the main thread
	capture *frameCapture // CaptureFrame's request (capture.go)

	sorter sorter

	uni uniformArena // uniform sets and the frame block's time (uniforms.go)
}

// NewFrame returns an empty frame with its own handle space, for tools and tests
// that record and execute frames without a [Renderer]. Frames of a Renderer
// share one handle space; get them from [Renderer.Frame].
func NewFrame() *Frame { return newFrame(new(handleSet)) }

func newFrame(h *handleSet) *Frame { return &Frame{handles: h} }

// reset truncates every buffer for the next recording, keeping capacity.
func (f *Frame) reset() {
	clear(f.resources)
	clear(f.deletes)
	clear(f.readBacks)
	f.resources = f.resources[:0]
	f.deletes = f.deletes[:0]
	f.passes = f.passes[:0]
	f.items = f.items[:0]
	f.sprites = f.sprites[:0]
	f.reserved = 0
	f.meshDraws = f.meshDraws[:0]
	f.fullscreens = f.fullscreens[:0]
	f.readBacks = f.readBacks[:0]
	f.bytes = f.bytes[:0]
	f.meshVerts = f.meshVerts[:0]
	f.indices = f.indices[:0]
	f.skin.reset()
	f.mesh.reset()
	f.morph.reset()
	f.err = nil
	f.capture = nil
	f.number = 0
	f.Stats = Stats{}
	f.sorter.valid = false
	f.uni.reset()
}

// Reset empties the frame for a new recording, keeping its buffers, and makes
// the handles deleted in it reusable. It is for NewFrame users, between
// executions; never call it on a Renderer's frame (the Renderer resets its
// frames itself, and dropping recorded deletes would leak device objects).
func (f *Frame) Reset() {
	f.handles.flush()
	f.reset()
}

// Number returns the frame's sequence number, set by [Renderer.Submit]
// (starting at 1); 0 for a frame that was never submitted.
func (f *Frame) Number() uint64 { return f.number }

// SetNumber sets the frame's sequence number; for NewFrame users.
func (f *Frame) SetNumber(n uint64) { f.number = n }

// SetScreenSize records the drawable size of the screen in pixels. A Renderer
// carries it over to the next frame, so it need only be set on resize.
func (f *Frame) SetScreenSize(w, h int) { f.width, f.height = w, h }

// ScreenSize returns the recorded drawable size in pixels.
func (f *Frame) ScreenSize() (w, h int) { return f.width, f.height }

// CreateTexture records the creation of a texture and returns its handle,
// valid at once. pixels holds desc.Bytes() bytes (for a 2D RGBA8 texture
// desc.Width*desc.Height*4, rows top-down; other formats and kinds in the
// layout described above FormatR16F), or is empty for an uninitialized
// texture. It panics on another length or a description that
// desc.Validate refuses.
func (f *Frame) CreateTexture(desc TextureDesc, pixels []byte) TextureID {
	checkTexture("CreateTexture", desc, pixels)
	id := TextureID(f.handles.textures.alloc())
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateTexture, Texture: id, Desc: desc, Data: f.copyBytes(pixels)})
	return id
}

// ReplaceTexture records that texture id gets a new image of desc (another
// size, filter or wrap; pixels as for CreateTexture) under the same handle:
// every holder of the handle draws the new image from this frame's draws on.
// It panics like CreateTexture; an unknown handle is reported by the backend.
func (f *Frame) ReplaceTexture(id TextureID, desc TextureDesc, pixels []byte) {
	checkTexture("ReplaceTexture", desc, pixels)
	f.resources = append(f.resources, ResourceCommand{Op: OpReplaceTexture, Texture: id, Desc: desc, Data: f.copyBytes(pixels)})
}

func checkTexture(op string, desc TextureDesc, pixels []byte) {
	checkTextureDesc(op, desc, pixels) // textures.go: every format and kind
}

// UpdateTexture records the replacement of the rect region of texture id with
// pixels (rect.W*rect.H*4 bytes, rows top-down; rect is in texels, top-left
// origin). It panics on a length mismatch; a rectangle outside the texture is
// reported by the backend. The bytes are in the texture's format, so this
// suits 4-byte formats; [Frame.UpdateTextureLayer] takes any format and
// layer.
func (f *Frame) UpdateTexture(id TextureID, rect Rect, pixels []byte) {
	if rect.Empty() || len(pixels) != rect.W*rect.H*4 {
		panic(fmt.Sprintf("render: UpdateTexture %v: %d bytes for rect %v", id, len(pixels), rect))
	}
	f.resources = append(f.resources, ResourceCommand{Op: OpUpdateTexture, Texture: id, Rect: rect, Data: f.copyBytes(pixels)})
}

// DeleteTexture records the deletion of texture id after this frame's draws.
// The handle must not be used in later frames.
func (f *Frame) DeleteTexture(id TextureID) {
	f.handles.textures.release(uint32(id))
	f.deletes = append(f.deletes, ResourceCommand{Op: OpDeleteTexture, Texture: id})
}

// CreateMesh records the creation of an indexed triangle mesh and returns its
// handle, valid at once. It panics if either slice is empty or the index count
// is not a multiple of 3.
func (f *Frame) CreateMesh(vertices []MeshVertex, indices []uint32) MeshID {
	if len(vertices) == 0 || len(indices) == 0 || len(indices)%3 != 0 {
		panic(fmt.Sprintf("render: CreateMesh: %d vertices, %d indices", len(vertices), len(indices)))
	}
	id := MeshID(f.handles.meshes.alloc())
	vs := Span{len(f.meshVerts), len(vertices)}
	f.meshVerts = append(f.meshVerts, vertices...)
	is := Span{len(f.indices), len(indices)}
	f.indices = append(f.indices, indices...)
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateMesh, Mesh: id, Vertices: vs, Indices: is})
	f.noteMesh(id, &MeshDesc{}, MeshVertexBytes(vertices))
	return id
}

// DeleteMesh records the deletion of mesh id after this frame's draws.
func (f *Frame) DeleteMesh(id MeshID) {
	f.handles.meshes.release(uint32(id))
	f.deletes = append(f.deletes, ResourceCommand{Op: OpDeleteMesh, Mesh: id})
}

// CreateShader records the creation of a shader program and returns its handle,
// valid at once. A compile or link error is reported by the backend (naming
// desc's file names and lines); draws using the handle then use the built-in
// program of their kind.
func (f *Frame) CreateShader(desc ShaderDesc) ShaderID {
	id := ShaderID(f.handles.shaders.alloc())
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateShader, Shader: id, Source: desc})
	return id
}

// UpdateShader records a recompilation of program id from new sources (a
// reload). If they fail to compile or link, the backend reports the error and
// keeps the previous program, so frames still render.
func (f *Frame) UpdateShader(id ShaderID, desc ShaderDesc) {
	f.resources = append(f.resources, ResourceCommand{Op: OpUpdateShader, Shader: id, Source: desc})
}

// DeleteShader records the deletion of program id after this frame's draws.
func (f *Frame) DeleteShader(id ShaderID) {
	f.handles.shaders.release(uint32(id))
	f.deletes = append(f.deletes, ResourceCommand{Op: OpDeleteShader, Shader: id})
}

// CreateTarget records the creation of a render target and returns its handle
// and the handle of its first color texture (a shadow map's depth texture),
// both valid at once. The target's textures may be sampled by draws in passes
// that do not render into the target; they are deleted with the target. It
// panics on a non-positive size, an unknown format or depth mode, more than
// MaxColorAttachments colors, an integer format with samples, or a
// DepthShadow target with color or samples. A DepthTexture target's depth
// texture is [Frame.TargetDepth]'s.
func (f *Frame) CreateTarget(desc TargetDesc) (TargetID, TextureID) {
	if desc.Width <= 0 || desc.Height <= 0 {
		panic(fmt.Sprintf("render: CreateTarget: bad size %dx%d", desc.Width, desc.Height))
	}
	if desc.Format >= formatCount || desc.Colors < 0 || desc.Colors > MaxColorAttachments || desc.Depth > DepthTexture {
		panic(fmt.Sprintf("render: CreateTarget: bad description %+v", desc))
	}
	if desc.Format.Integer() && desc.Samples > 1 {
		panic(fmt.Sprintf("render: CreateTarget: integer format %v is not multisampled: %+v", desc.Format, desc))
	}
	if desc.Depth == DepthShadow && (desc.Format != 0 || desc.Colors != 0 || desc.Samples > 1) {
		panic(fmt.Sprintf("render: CreateTarget: a DepthShadow target has no color and no samples: %+v", desc))
	}
	id := TargetID(f.handles.targets.alloc())
	var texs [MaxColorAttachments]TextureID
	for i := range max(desc.Attachments(), 1) {
		texs[i] = TextureID(f.handles.textures.alloc())
	}
	f.handles.setTargetTextures(id, texs)
	depth := f.handles.newTargetDepth(id, desc.Depth) // targetdepth.go
	f.resources = append(f.resources, ResourceCommand{Op: OpCreateTarget, Target: id, Texture: texs[0], Attachments: texs,
		TargetDesc: desc, Desc: TextureDesc{Width: desc.Width, Height: desc.Height, Filter: desc.Filter, Format: desc.Format},
		DepthTexture: depth})
	return id, texs[0]
}

// TargetTexture returns the texture of target id's color attachment i (0
// is CreateTarget's), or 0 if id is not a live target or has no attachment
// i.
func (f *Frame) TargetTexture(id TargetID, i int) TextureID {
	if !f.handles.targets.live(uint32(id)) || i < 0 || i >= MaxColorAttachments {
		return 0
	}
	return f.handles.targetTextures[id.Index()][i]
}

// DeleteTarget records the deletion of target id and its textures after
// this frame's draws.
func (f *Frame) DeleteTarget(id TargetID) {
	var texs [MaxColorAttachments]TextureID
	if f.handles.targets.live(uint32(id)) {
		texs = f.handles.targetTextures[id.Index()]
		for _, t := range texs {
			if t != 0 {
				f.handles.textures.release(uint32(t))
			}
		}
	}
	depth := f.handles.releaseTargetDepth(id) // targetdepth.go
	f.handles.targets.release(uint32(id))
	f.deletes = append(f.deletes, ResourceCommand{Op: OpDeleteTarget, Target: id, Texture: texs[0], Attachments: texs, DepthTexture: depth})
}

// BeginPass starts a pass; draws recorded after it belong to it. It returns the
// pass index (0 for the first) and panics after MaxPasses passes. A pass
// without a Name is named "pass N", N its index.
func (f *Frame) BeginPass(p Pass) int {
	if len(f.passes) >= MaxPasses {
		panic("render: more than MaxPasses passes in one frame")
	}
	if p.Name == "" {
		p.Name = defaultPassNames[len(f.passes)]
	}
	f.passes = append(f.passes, p)
	return len(f.passes) - 1
}

func (f *Frame) currentPass(kind ItemKind) int {
	n := len(f.passes)
	if n == 0 {
		panic("render: " + kind.String() + " recorded before BeginPass")
	}
	return n - 1
}

// DrawSprite records a sprite in the current pass: its instance is computed
// now, from s.Transform, and s is not retained. It allocates nothing once the
// frame's buffers have grown, and panics if no pass was begun.
func (f *Frame) DrawSprite(s *Sprite) {
	x0 := -s.Pivot[0] * s.Size[0]
	y0 := -s.Pivot[1] * s.Size[1]
	m := &s.Transform
	a, b, c, d := m[0], m[1], m[4], m[5]
	in := SpriteInstance{
		X: a*x0 + c*y0 + m[12], Y: b*x0 + d*y0 + m[13],
		AX: a * s.Size[0], AY: b * s.Size[0],
		BX: c * s.Size[1], BY: d * s.Size[1],
		U0: s.UV[0], V0: s.UV[1], U1: s.UV[2], V1: s.UV[3],
		Color: s.Color,
	}
	if in.U0 == 0 && in.V0 == 0 && in.U1 == 0 && in.V1 == 0 {
		in.U1, in.V1 = 1, 1
	}
	f.DrawSpriteInstance(&SpriteDraw{Texture: s.Texture, Shader: s.Shader, Blend: s.Blend,
		Layer: s.Layer, Order: s.Order, Depth: s.Depth}, &in)
}

// DrawSpriteInstance records one sprite, given as its instance, in the
// current pass; d and in are copied. It is DrawSprite without the matrix:
// the fastest way to record one sprite. It allocates nothing once the
// frame's buffers have grown, and panics if no pass was begun.
func (f *Frame) DrawSpriteInstance(d *SpriteDraw, in *SpriteInstance) {
	pass := f.currentPass(KindSprite)
	f.checkReserved()
	n := len(f.sprites)
	f.sprites = append(f.sprites, *in)
	f.items = append(f.items, DrawItem{
		Key:  SortKey(pass, d.Layer, d.Order, d.Blend, d.Shader, d.Texture, d.Depth),
		Kind: KindSprite, Blend: d.Blend, Pass: uint16(pass), Shader: d.Shader, Texture: d.Texture,
		Index: int32(n), Count: 1,
	})
	f.sorter.valid = false
}

// DrawSprites records the sprites of insts in the current pass as one draw
// item: they share d, sort together as one unit (by d's layer, order and
// depth, like a single sprite) and draw in slice order, in one batch with
// the sprites around them that share d's texture, shader and blend mode.
// The instances are copied. It is the bulk path: the per-sprite cost is one
// copy. It allocates nothing once the frame's buffers have grown, and panics
// if no pass was begun.
func (f *Frame) DrawSprites(d *SpriteDraw, insts []SpriteInstance) {
	copy(f.ReserveSprites(len(insts)), insts)
	f.CommitSprites(d, len(insts))
}

// ReserveSprites returns room for n sprite instances in the frame's arena,
// for the caller to fill in place and then record with CommitSprites: the
// bulk path without a copy. Nothing is recorded until CommitSprites, and the
// slice is valid only until the next call on f; a second ReserveSprites
// replaces the first. It panics if no pass was begun or n < 0.
func (f *Frame) ReserveSprites(n int) []SpriteInstance {
	f.currentPass(KindSprite)
	if n < 0 {
		panic("render: ReserveSprites with a negative count")
	}
	f.sprites = f.sprites[:len(f.sprites)-f.reserved]
	f.reserved = n
	k := len(f.sprites)
	f.sprites = growSprites(f.sprites, n)
	return f.sprites[k : k+n : k+n]
}

// CommitSprites records the first n instances of the last ReserveSprites as
// one draw item of d, like DrawSprites; the rest of the reservation is
// dropped. It panics if n exceeds the reservation.
func (f *Frame) CommitSprites(d *SpriteDraw, n int) {
	pass := f.currentPass(KindSprite)
	if n < 0 || n > f.reserved {
		panic(fmt.Sprintf("render: CommitSprites(%d) after ReserveSprites(%d)", n, f.reserved))
	}
	start := len(f.sprites) - f.reserved
	f.sprites = f.sprites[:start+n]
	f.reserved = 0
	if n == 0 {
		return
	}
	f.items = append(f.items, DrawItem{
		Key:  SortKey(pass, d.Layer, d.Order, d.Blend, d.Shader, d.Texture, d.Depth),
		Kind: KindSprite, Blend: d.Blend, Pass: uint16(pass), Shader: d.Shader, Texture: d.Texture,
		Index: int32(start), Count: int32(n),
	})
	f.sorter.valid = false
}

// checkReserved drops an uncommitted reservation, so that sprite numbers
// stay dense.
func (f *Frame) checkReserved() {
	if f.reserved != 0 {
		f.sprites = f.sprites[:len(f.sprites)-f.reserved]
		f.reserved = 0
	}
}

// growSprites extends s by n elements, doubling its capacity when needed.
func growSprites(s []SpriteInstance, n int) []SpriteInstance {
	k := len(s)
	if cap(s)-k < n {
		t := make([]SpriteInstance, k, max(2*cap(s), k+n, 64))
		copy(t, s)
		s = t
	}
	return s[:k+n]
}

// DrawMesh records a mesh draw in the current pass; d is copied.
func (f *Frame) DrawMesh(d *MeshDraw) {
	pass := f.currentPass(KindMesh)
	vp := &f.passes[pass].ViewProj
	m := &d.Model
	var z, w float32
	for i := 0; i < 4; i++ {
		z += vp[i*4+2] * m[12+i]
		w += vp[i*4+3] * m[12+i]
	}
	depth := z
	if w != 0 {
		depth = z / w
	}
	f.items = append(f.items, DrawItem{
		Key:  SortKey(pass, d.Layer, d.Order, d.Blend, d.Shader, d.Texture, depth),
		Kind: KindMesh, Blend: d.Blend, Pass: uint16(pass), Shader: d.Shader, Texture: d.Texture,
		Index: int32(len(f.meshDraws)), Count: 1,
	})
	f.meshDraws = append(f.meshDraws, *d)
	f.sorter.valid = false
}

// DrawFullscreen records a full-screen triangle in the current pass; d is copied.
func (f *Frame) DrawFullscreen(d *FullscreenDraw) {
	pass := f.currentPass(KindFullscreen)
	f.items = append(f.items, DrawItem{
		Key:  SortKey(pass, d.Layer, d.Order, d.Blend, d.Shader, d.Texture, 0),
		Kind: KindFullscreen, Blend: d.Blend, Pass: uint16(pass), Shader: d.Shader, Texture: d.Texture,
		Index: int32(len(f.fullscreens)), Count: 1,
	})
	f.fullscreens = append(f.fullscreens, *d)
	f.sorter.valid = false
}

// ReadPixels records a read-back of rect (zero: all) of target (0: the screen)
// after the frame's passes; see [ReadBack] for when and where done runs.
func (f *Frame) ReadPixels(target TargetID, rect Rect, done func(*image.RGBA)) {
	f.readBacks = append(f.readBacks, ReadBack{Target: target, Rect: rect, Done: done})
}

func (f *Frame) copyBytes(b []byte) Span {
	s := Span{len(f.bytes), len(b)}
	f.bytes = append(f.bytes, b...)
	return s
}

// Resources returns the frame's create and update commands in recording order;
// backends run them before any draw. The slice is valid until the frame is reset.
func (f *Frame) Resources() []ResourceCommand { return f.resources }

// Deletes returns the frame's delete commands in recording order; backends run
// them after every draw and read-back.
func (f *Frame) Deletes() []ResourceCommand { return f.deletes }

// Passes returns the frame's passes in recording order.
func (f *Frame) Passes() []Pass { return f.passes }

// Items returns the draw items in recording order.
func (f *Frame) Items() []DrawItem { return f.items }

// SpriteInstances returns the recorded sprites in recording order; a sprite
// item's Index and Count locate its run. The slice is valid until the frame
// is reset.
func (f *Frame) SpriteInstances() []SpriteInstance { return f.sprites[:len(f.sprites)-f.reserved] }

// SpriteVertices returns the recorded sprites' corners in recording order,
// four per sprite (see SpriteInstance.Vertices): what the sprites look like
// as quads, for tools and tests. It expands them on each call, into a buffer
// the frame keeps until the next call.
func (f *Frame) SpriteVertices() []SpriteVertex {
	insts := f.SpriteInstances()
	if cap(f.vertices) < 4*len(insts) {
		f.vertices = make([]SpriteVertex, 4*len(insts))
	}
	f.vertices = f.vertices[:4*len(insts)]
	for i := range insts {
		insts[i].Vertices((*[4]SpriteVertex)(f.vertices[4*i:]))
	}
	return f.vertices
}

// MeshDraws returns the recorded mesh draws; DrawItem.Index and Batch.First index it.
func (f *Frame) MeshDraws() []MeshDraw { return f.meshDraws }

// FullscreenDraws returns the recorded full-screen draws; DrawItem.Index and
// Batch.First index it.
func (f *Frame) FullscreenDraws() []FullscreenDraw { return f.fullscreens }

// ReadBacks returns the read-back requests in recording order.
func (f *Frame) ReadBacks() []ReadBack { return f.readBacks }

// Bytes returns the bytes s locates in the frame's byte arena.
func (f *Frame) Bytes(s Span) []byte { return f.bytes[s.Off : s.Off+s.Len : s.Off+s.Len] }

// MeshVertices returns the vertices s locates in the frame's vertex arena.
func (f *Frame) MeshVertices(s Span) []MeshVertex {
	return f.meshVerts[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// Indices returns the indices s locates in the frame's index arena.
func (f *Frame) Indices(s Span) []uint32 { return f.indices[s.Off : s.Off+s.Len : s.Off+s.Len] }

// SpriteInstanceBytes returns s as raw bytes (44 per instance), for uploading.
func SpriteInstanceBytes(s []SpriteInstance) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// SpriteVertexBytes returns vs as raw bytes (20 per vertex), for uploading.
func SpriteVertexBytes(vs []SpriteVertex) []byte {
	if len(vs) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(vs[0])))
}

// MeshVertexBytes returns vs as raw bytes (36 per vertex), for uploading.
func MeshVertexBytes(vs []MeshVertex) []byte {
	if len(vs) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(vs[0])))
}
