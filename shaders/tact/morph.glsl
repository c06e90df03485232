// <tact/morph.glsl>: morph targets (blend shapes) for vertex stages. The
// backend sets these for every mesh draw of a program that declares them:
// u_morph.x is the mesh's morph target count when the draw carries weights
// (MeshDraw.Weights) and 0 otherwise, so a draw without weights, or of a
// mesh without targets, reads nothing and leaves its vertices alone. The
// deltas are one RGBA32F texel per target, vertex and morphed attribute, in
// the layout render.MorphLayout describes, found by gl_VertexID (meshes'
// vertex buffers start at their first vertex). glTF applies morph targets
// before skinning: call tactMorph first.
#pragma once
uniform samplerBuffer u_morphDeltas;
// x: targets (0: not morphed); y: the mesh's vertices; z: texels per
// target and vertex (1 to 3); w: bit 0, normal deltas follow the
// position's; bit 1, tangent deltas come last.
uniform ivec4 u_morph;
uniform vec4 u_morphWeights[16]; // render.MaxMorphTargets weights, four a vec4

// tactMorph adds the draw's weighted deltas to a vertex's position, normal
// and tangent direction. Targets of weight 0 are skipped.
void tactMorph(inout vec3 pos, inout vec3 normal, inout vec3 tangent) {
    for (int t = 0; t < u_morph.x; t++) {
        float w = u_morphWeights[t >> 2][t & 3];
        if (w == 0.0) {
            continue;
        }
        int at = (t * u_morph.y + gl_VertexID) * u_morph.z;
        pos += w * texelFetch(u_morphDeltas, at).xyz;
        if ((u_morph.w & 1) != 0) {
            normal += w * texelFetch(u_morphDeltas, at + 1).xyz;
        }
        if ((u_morph.w & 2) != 0) {
            tangent += w * texelFetch(u_morphDeltas, at + u_morph.z - 1).xyz;
        }
    }
}

// tactMorphPosition is tactMorph for depth-only stages: positions alone.
void tactMorphPosition(inout vec3 pos) {
    for (int t = 0; t < u_morph.x; t++) {
        float w = u_morphWeights[t >> 2][t & 3];
        if (w != 0.0) {
            pos += w * texelFetch(u_morphDeltas, (t * u_morph.y + gl_VertexID) * u_morph.z).xyz;
        }
    }
}
