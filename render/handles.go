package render

import "strconv"

// Handle layout: the low 24 bits are a slot index (1-based, so that the zero
// handle is never allocated) and the high 8 bits a generation that changes every
// time the slot is freed, so that a stale handle differs from its successor.
const (
	handleIndexBits = 24
	handleIndexMask = 1<<handleIndexBits - 1
)

// TextureID names a texture. The zero TextureID is the backend's built-in 1x1
// opaque white texture; every other value comes from [Frame.CreateTexture] or
// [Frame.CreateTarget].
type TextureID uint32

// MeshID names a mesh (vertex and index buffers). The zero MeshID names nothing.
type MeshID uint32

// ShaderID names a shader program. The zero ShaderID selects the backend's
// built-in program for the draw's kind (sprite, mesh or full-screen).
type ShaderID uint32

// TargetID names an offscreen render target (a color texture plus a depth
// buffer). The zero TargetID is the screen (the default framebuffer).
type TargetID uint32

// Index returns the handle's slot index (1-based; 0 only for the zero handle).
// Backends may use it to index dense tables; the full value tells generations apart.
func (id TextureID) Index() uint32 { return uint32(id) & handleIndexMask }

// Index returns the handle's slot index; see [TextureID.Index].
func (id MeshID) Index() uint32 { return uint32(id) & handleIndexMask }

// Index returns the handle's slot index; see [TextureID.Index].
func (id ShaderID) Index() uint32 { return uint32(id) & handleIndexMask }

// Index returns the handle's slot index; see [TextureID.Index].
func (id TargetID) Index() uint32 { return uint32(id) & handleIndexMask }

// String returns "texture#index.generation", or "texture#white" for the zero value.
func (id TextureID) String() string {
	if id == 0 {
		return "texture#white"
	}
	return handleString("texture", uint32(id))
}

// String returns "mesh#index.generation", or "mesh#none" for the zero value.
func (id MeshID) String() string {
	if id == 0 {
		return "mesh#none"
	}
	return handleString("mesh", uint32(id))
}

// String returns "shader#index.generation", or "shader#builtin" for the zero value.
func (id ShaderID) String() string {
	if id == 0 {
		return "shader#builtin"
	}
	return handleString("shader", uint32(id))
}

// String returns "target#index.generation", or "target#screen" for the zero value.
func (id TargetID) String() string {
	if id == 0 {
		return "target#screen"
	}
	return handleString("target", uint32(id))
}

func handleString(kind string, v uint32) string {
	return kind + "#" + strconv.FormatUint(uint64(v&handleIndexMask), 10) + "." + strconv.FormatUint(uint64(v>>handleIndexBits), 10)
}

// handlePool allocates handles of one kind on the main thread. A freed slot is
// parked until the next Submit, and its generation is bumped, so a stale handle
// never equals a live one (until the 8-bit generation wraps after 256 reuses).
type handlePool struct {
	gen     []uint8 // by slot index; gen[0] unused
	alive   []bool
	free    []uint32
	pending []uint32
}

func (p *handlePool) alloc() uint32 {
	if len(p.gen) == 0 {
		p.gen = append(p.gen, 0)
		p.alive = append(p.alive, false)
	}
	var idx uint32
	if n := len(p.free); n > 0 {
		idx = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		idx = uint32(len(p.gen))
		if idx > handleIndexMask {
			panic("render: more than 16M live handles of one kind")
		}
		p.gen = append(p.gen, 0)
		p.alive = append(p.alive, false)
	}
	p.alive[idx] = true
	return uint32(p.gen[idx])<<handleIndexBits | idx
}

// release frees v and reports whether it was live. A stale or unknown value is
// left alone.
func (p *handlePool) release(v uint32) bool {
	idx := v & handleIndexMask
	if idx == 0 || int(idx) >= len(p.gen) || !p.alive[idx] || uint32(p.gen[idx]) != v>>handleIndexBits {
		return false
	}
	p.alive[idx] = false
	p.gen[idx]++
	p.pending = append(p.pending, idx)
	return true
}

// live reports whether v is a live handle of this pool.
func (p *handlePool) live(v uint32) bool {
	idx := v & handleIndexMask
	return idx != 0 && int(idx) < len(p.gen) && p.alive[idx] && uint32(p.gen[idx]) == v>>handleIndexBits
}

// flush makes the slots freed since the last flush reusable. Called at Submit:
// a slot freed in frame N is reused at the earliest in frame N+1, whose creates
// execute after frame N's deletes.
func (p *handlePool) flush() {
	p.free = append(p.free, p.pending...)
	p.pending = p.pending[:0]
}

// handleSet holds the pools of every handle kind; the Renderer's frames share one.
type handleSet struct {
	textures, meshes, shaders, targets handlePool
	targetTextures                     [][MaxColorAttachments]TextureID // by target slot
	targetDepth                        []TextureID                      // DepthTexture targets' depth textures, by target slot (targetdepth.go)
	meshInfo                           meshTable                        // layouts and bounds of meshes (meshdesc.go)
}

func (h *handleSet) flush() {
	h.textures.flush()
	h.meshes.flush()
	h.shaders.flush()
	h.targets.flush()
}

// setTargetTextures remembers texs as target id's textures.
func (h *handleSet) setTargetTextures(id TargetID, texs [MaxColorAttachments]TextureID) {
	i := int(id.Index())
	for len(h.targetTextures) <= i {
		h.targetTextures = append(h.targetTextures, [MaxColorAttachments]TextureID{})
	}
	h.targetTextures[i] = texs
}
