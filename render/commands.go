package render

// ResourceOp tells what a [ResourceCommand] does.
type ResourceOp uint8

const (
	// OpCreateTexture creates Texture from Desc and the pixels in Data
	// (Desc.Bytes() bytes in Desc.Format's layout, RGBA8 by default, or
	// none for an uninitialized texture).
	OpCreateTexture ResourceOp = iota + 1
	// OpUpdateTexture replaces the Rect region of layer Layer of Texture
	// with the pixels in Data, in the texture's format (RGBA8 by default).
	OpUpdateTexture
	// OpDeleteTexture deletes Texture.
	OpDeleteTexture
	// OpCreateMesh creates Mesh from the vertices in Vertices and the indices in Indices.
	OpCreateMesh
	// OpDeleteMesh deletes Mesh.
	OpDeleteMesh
	// OpCreateShader creates Shader from Shader sources.
	OpCreateShader
	// OpUpdateShader recompiles Shader from new sources; on error the backend keeps
	// the previous program and reports the error.
	OpUpdateShader
	// OpDeleteShader deletes Shader.
	OpDeleteShader
	// OpCreateTarget creates Target from TargetDesc, with Attachments as its
	// textures (Texture, the first, is the color or shadow-map texture).
	OpCreateTarget
	// OpDeleteTarget deletes Target and its textures.
	OpDeleteTarget
	// OpReplaceTexture gives Texture a new image of Desc (another size,
	// filter or wrap) and the RGBA8 pixels in Data, under the same handle.
	OpReplaceTexture
	// OpCreateSkinnedMesh creates Mesh from Vertices, Indices and the
	// skin vertices in Skin (see Frame.CreateSkinnedMesh).
	OpCreateSkinnedMesh
	// OpCreateMeshFrom creates Mesh of layout MeshDesc from the vertex
	// bytes in Data and the indices in Indices (see Frame.CreateMeshFrom).
	OpCreateMeshFrom
	// OpUpdateMesh replaces Mesh's vertices from FirstVertex on with the
	// bytes in Data and its indices from FirstIndex on with Indices.
	OpUpdateMesh
	// OpCreateMorphTargets gives Mesh the morph targets Morph locates
	// (see Frame.CreateMorphTargets).
	OpCreateMorphTargets
)

// String returns the name of the Frame method that records op.
func (op ResourceOp) String() string {
	switch op {
	case OpCreateTexture:
		return "CreateTexture"
	case OpUpdateTexture:
		return "UpdateTexture"
	case OpDeleteTexture:
		return "DeleteTexture"
	case OpCreateMesh:
		return "CreateMesh"
	case OpDeleteMesh:
		return "DeleteMesh"
	case OpCreateShader:
		return "CreateShader"
	case OpUpdateShader:
		return "UpdateShader"
	case OpDeleteShader:
		return "DeleteShader"
	case OpCreateTarget:
		return "CreateTarget"
	case OpDeleteTarget:
		return "DeleteTarget"
	case OpReplaceTexture:
		return "ReplaceTexture"
	case OpCreateSkinnedMesh:
		return "CreateSkinnedMesh"
	case OpCreateMeshFrom:
		return "CreateMeshFrom"
	case OpUpdateMesh:
		return "UpdateMesh"
	case OpCreateMorphTargets:
		return "CreateMorphTargets"
	}
	return "ResourceOp(invalid)"
}

// Span locates a run of elements in one of a Frame's arenas.
type Span struct{ Off, Len int }

// ResourceCommand is one recorded resource operation. Only the fields that Op
// names are meaningful. Data, Vertices and Indices point into the frame's
// arenas; read them with [Frame.Bytes], [Frame.MeshVertices] and [Frame.Indices].
type ResourceCommand struct {
	Op      ResourceOp
	Texture TextureID
	// Attachments are a target's textures, by attachment (OpCreateTarget,
	// OpDeleteTarget); Attachments[0] is Texture.
	Attachments [MaxColorAttachments]TextureID
	Mesh        MeshID
	Shader      ShaderID
	Target      TargetID
	Desc        TextureDesc
	TargetDesc  TargetDesc
	Rect        Rect
	Data        Span
	Vertices    Span
	Indices     Span
	Source      ShaderDesc
	// Skin locates OpCreateSkinnedMesh's skin vertices; read them with
	// [Frame.SkinVertices].
	Skin Span
	// MeshDesc is OpCreateMeshFrom's layout; FirstVertex and FirstIndex
	// are where OpUpdateMesh's data goes.
	MeshDesc                MeshDesc
	FirstVertex, FirstIndex int
	// Layer is OpUpdateTexture's layer, cube face or 3D slice (0 for a
	// 2D texture); see Frame.UpdateTextureLayer.
	Layer int
	// DepthTexture is a DepthTexture target's depth texture
	// (OpCreateTarget, OpDeleteTarget); 0 for other targets.
	DepthTexture TextureID
	// Morph locates OpCreateMorphTargets' targets; read them with
	// [Frame.MorphTarget].
	Morph Span
}
