package render

// newTargetDepth allocates the depth texture handle of target id when its
// depth mode is DepthTexture, remembering it for TargetDepth; 0 otherwise.
func (h *handleSet) newTargetDepth(id TargetID, mode DepthMode) TextureID {
	i := int(id.Index())
	for len(h.targetDepth) <= i {
		h.targetDepth = append(h.targetDepth, 0)
	}
	h.targetDepth[i] = 0
	if mode == DepthTexture {
		h.targetDepth[i] = TextureID(h.textures.alloc())
	}
	return h.targetDepth[i]
}

// releaseTargetDepth releases the depth texture handle of live target id
// and returns it (0 if it has none).
func (h *handleSet) releaseTargetDepth(id TargetID) TextureID {
	i := int(id.Index())
	if !h.targets.live(uint32(id)) || i >= len(h.targetDepth) || h.targetDepth[i] == 0 {
		return 0
	}
	t := h.targetDepth[i]
	h.textures.release(uint32(t))
	h.targetDepth[i] = 0
	return t
}

// TargetDepth returns the depth texture of target id, a DepthTexture
// target, valid at once and deleted with the target; 0 if id is not a
// live target or has another depth mode. Draws in passes that do not
// render into the target may sample it like any texture.
func (f *Frame) TargetDepth(id TargetID) TextureID {
	i := int(id.Index())
	if !f.handles.targets.live(uint32(id)) || i >= len(f.handles.targetDepth) {
		return 0
	}
	return f.handles.targetDepth[i]
}
