// Package gltf loads glTF 2.0 models (".gltf" JSON with external or data:
// buffers, and ".glb" binary files) as assets, and builds scene nodes from
// them.
//
// The file is read with the maintained module github.com/qmuntal/gltf:
// its document model decodes the JSON (and checks its types, required
// properties and enumerations), and its modeler package reads accessors.
// This package splits GLB containers and reads buffers and images itself,
// through the asset Source, so that they stay under the asset root and
// are watched with the model; it checks every index, accessor and buffer
// range before the module reads them, within memory budgets; and it
// names the JSON path of every fault. Register the formats with a
// Manager, load the model, and instantiate it:
//
//	gltf.Register(assets)
//	x, err := assets.Load("models/crate.glb")
//	...
//	root, err := gltf.ModelOf(x).Instantiate()
//	scene.AddChild(root)
//
// What is read: the default scene's node hierarchy (names, translation,
// rotation and scale, or a matrix decomposed into them), and every mesh's
// TRIANGLES primitives with POSITION, NORMAL (flat normals are computed when
// it is missing), TANGENT, TEXCOORD_0 and COLOR_0, indexed or not (indices
// are then generated). Each primitive becomes one render mesh, and one
// scenegraph.MeshRenderer on the node that uses it.
//
// Materials are metallic-roughness (glTF's core model): baseColorFactor and
// baseColorTexture become the renderer's Color and Texture; metallicFactor,
// roughnessFactor, metallicRoughnessTexture, normalTexture (with scale),
// occlusionTexture (with strength), emissiveFactor and emissiveTexture
// become its render.Material. A primitive without a material gets glTF's
// default material (white, metallic 1, roughness 1). alphaMode BLEND draws
// with render.BlendAlpha. MASK does too, cut in advance since the renderer
// has no alpha test: the base colour map's alpha becomes 0 or 1 against
// alphaCutoff (with the factor's alpha folded in), and so does the
// factor's alpha where there is no map; vertex colours' alpha is not cut.
// Extensions read: KHR_materials_unlit (Material.Unlit; the other maps
// are then not loaded) and KHR_materials_emissive_strength; files may
// require these two, any other required extension is an error.
//
// Images are PNG or JPEG (told apart by content), from a file under the
// asset root (a relative uri), a base64 data: URI or a bufferView (GLB).
// The model decodes them itself, on the loading worker, and owns the
// textures it makes (Model.Textures; Free deletes them): colour maps (base
// colour, emissive) are FormatSRGB8A8 textures and data maps
// (metallic-roughness, normal, occlusion) FormatRGBA8, so an image used
// both ways makes two textures. Image files are not asset dependencies (no
// shared asset texture could have both formats): they are read through the
// model's Source, so that with Options.Watch a change to the .gltf, a
// buffer or an image reloads the model (see Format.Reload). Images are
// limited to asset.DefaultMaxTextureSize on a side and
// asset.DefaultMaxDecodedBytes decoded each, and one model's textures to
// 1 GiB of pixels.
//
// Samplers: magFilter NEAREST gives render.FilterNearest, anything else
// linear filtering; textures are mipmapped (render.TextureDesc.Mipmaps)
// unless minFilter is NEAREST or LINEAR. The renderer has one wrap mode
// for both axes: a texture clamps (render.WrapClamp) when wrapS and wrapT
// are both CLAMP_TO_EDGE and repeats otherwise; MIRRORED_REPEAT repeats
// (it is not mirrored).
//
// Tangents: TANGENT is read where the primitive has normals. A primitive
// with a normal map, texture coordinates and no TANGENT gets generated
// tangents: per-triangle directions of increasing U accumulated per vertex,
// made orthogonal to the normal (Gram-Schmidt), with the handedness in W.
// This is not MikkTSpace, the method glTF exporters bake normal maps
// against: smooth, unmirrored surfaces match it, UV seams may show.
// Vertices left without a usable direction get a zero tangent, for which
// the mesh program derives one per pixel.
//
// Animations: every glTF animation becomes an animation.Clip
// (Model.Clips), its translation, rotation, scale and weights channels tracks on
// the nodes Instantiate builds, by their paths below the returned node
// ("Body/Arm"): play them with an animation.Player on that node. Rotations
// become "quaternion" tracks, slerped; STEP, LINEAR and CUBICSPLINE
// become Step, Linear and Hermite. Key times must be strictly increasing
// floats and values the accessor types glTF allows (rotations may be
// normalized integers); a fault is an error naming the channel or
// sampler.
//
// Skins: a skin's joints and inverseBindMatrices become a scenegraph.Skin
// on each node that uses it (Skin.Palette gives the joint matrices of the
// current pose), and every primitive's JOINTS_0 and WEIGHTS_0 are checked:
// both or neither, VEC4, unsigned byte or short joints, float or
// normalized weights, finite and not negative, every weighted joint index
// within the skin of each node drawing the mesh. A skin may have at most
// scenegraph.MaxJoints (64) joints; more is an error naming the file and
// the skin. Skinned primitives are drawn skinned on the GPU: they become
// render.Frame.CreateSkinnedMesh meshes (weights normalized to sum 1; a
// vertex of no weight follows joint 0), and the MeshRenderers of a node
// with a skin get its Skin (MeshRenderer.Skin), so that they draw, and
// cast their shadows, in the current pose. The Skin's Radii are fitted to
// the node's mesh (Skin.Fit), so culling follows the pose. A node without
// a skin drawing a skinned mesh draws a plain copy of it in the bind pose
// (Primitive.Unskinned), as glTF says.
//
// Morph targets: each primitive's targets (POSITION, NORMAL and TANGENT
// deltas; float VEC3 accessors, which may be sparse or have no bufferView)
// become its mesh's render.Frame.CreateMorphTargets, morphed on the GPU
// before skinning, in the camera's passes and in shadow maps. A mesh may
// have at most render.MaxMorphTargets (64) targets, every primitive of a
// mesh the same number, and only the attributes the base has are read
// (normal deltas where it has NORMAL, tangent deltas where it has TANGENT;
// with flat normals computed, positions only). mesh.weights, or a node's
// weights, become the Weights of the node's MeshRenderers (zeros without
// either), which the primitives of one node share, and MorphRadii grow
// their culling spheres by the targets' reach. An animation channel on
// "weights" becomes one track a target, on property "weights[i]" of the
// node's MeshRenderer (STEP, LINEAR and CUBICSPLINE, the spline's
// tangents per target as glTF stores them). Counts that disagree (deltas
// per vertex, weights per target, keys × targets), deltas that are not
// finite and sparse data outside its bufferView are errors naming the
// JSON path.
//
// Not read: sparse accessors other than morph targets', other primitive
// modes (points, lines, strips and fans are an error),
// cameras,
// lights, other texture coordinate sets (a map on TEXCOORD_1 is left out),
// doubleSided (the renderer draws both sides of every mesh), the kind of
// mipmap filtering minFilter names, KHR_texture_transform and other
// extensions (images only an extension gives, as KHR_texture_basisu's,
// are left out). The module's document model still checks what is not
// read, so a file with, say, a camera without its projection or an
// alphaCutoff without an alphaMode is refused.
// Texture coordinates pass through unchanged: glTF's (0,0) is the image's
// top-left corner, which is the first row of a render texture.
//
// Layer: runtime/, tier 4 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text, sound, transition, tween, animation,
// collision, particle, physics2d, vector, replay, ui, profiler, asset).
package gltf
