package render

// ResourceOp tells what a [ResourceCommand] does.
type ResourceOp uint8

const (
	// OpCreateTexture creates Texture from Desc and the RGBA8 pixels in Data
	// (Desc.Width*Desc.Height*4 bytes, or none for an uninitialized texture).
	OpCreateTexture ResourceOp = iota + 1
	// OpUpdateTexture replaces the Rect region of Texture with the RGBA8 pixels in Data.
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
}
