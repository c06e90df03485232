package null

import "github.com/tact-engine/tact/render"

// Slot states.
const (
	slotUnused uint8 = iota
	slotAlive
	slotDeleted
)

// info is what the backend remembers about a resource.
type info struct {
	w, h    int
	indices int
	texs    [render.MaxColorAttachments]render.TextureID // a target's textures
	target  render.TargetID                              // the target owning a texture
	shadow  bool                                         // a shadow map (DepthShadow target) or its depth texture
	skinned bool                                         // a mesh from CreateSkinnedMesh (skin.go)
	joints  int                                          // a skinned mesh's palette entries needed
	morphs  int                                          // a mesh's morph targets (morph.go)

	mesh mesh        // a mesh's layout and counts (meshes.go)
	prog *shaderInfo // a shader's name and vertex inputs (inputs.go)

	// desc is a texture's description (textures.go); zero for the
	// textures of 8-bit targets.
	desc render.TextureDesc
	// samples, format and depthTex are a target's (readback.go; depthTex
	// is its DepthTexture's depth texture, and set on that texture too).
	samples  int
	format   render.Format
	depthTex render.TextureID
}

// table tracks the resources of one kind, densely by handle slot. Each slot
// remembers the last handle value it held and whether that one is alive or
// deleted, so errors can tell a deleted handle from an unknown one.
type table struct {
	ids    []uint32
	states []uint8
	infos  []info
	live   int
}

func slot(id uint32) int { return int(id & (1<<24 - 1)) }

func (t *table) alive(id uint32) bool {
	s := slot(id)
	return s < len(t.ids) && t.ids[s] == id && t.states[s] == slotAlive
}

// state describes id for an error message: "deleted" or "unknown".
func (t *table) state(id uint32) string {
	s := slot(id)
	if s < len(t.ids) && t.ids[s] == id && t.states[s] == slotDeleted {
		return "deleted"
	}
	return "unknown"
}

func (t *table) info(id uint32) info { return t.infos[slot(id)] }

func (t *table) setInfo(id uint32, in info) { t.infos[slot(id)] = in }

func (t *table) create(id uint32, in info) {
	s := slot(id)
	for len(t.ids) <= s {
		t.ids = append(t.ids, 0)
		t.states = append(t.states, slotUnused)
		t.infos = append(t.infos, info{})
	}
	if t.states[s] == slotAlive {
		t.live-- // replaced a live resource in the slot (a bug the caller reports)
	}
	t.ids[s], t.states[s], t.infos[s] = id, slotAlive, in
	t.live++
}

func (t *table) remove(id uint32) {
	if !t.alive(id) {
		return
	}
	s := slot(id)
	t.states[s] = slotDeleted
	t.infos[s] = info{}
	t.live--
}

func (t *table) clear() {
	for s := range t.states {
		if t.states[s] == slotAlive {
			t.states[s] = slotDeleted
		}
	}
	t.live = 0
}
