#version 330 core
// Built-in skinned depth-only program: what a skinned mesh draws with in a
// pass into a shadow map, posed as mesh_skinned.vert poses it, so that it
// casts the shadow of its current pose. Its fragment stage is depth.frag.
layout(location = 0) in vec3 a_pos;
layout(location = 5) in uvec4 a_joints;
layout(location = 6) in vec4 a_weights;

uniform mat4 u_viewProj;
uniform mat4 u_model;

#include <tact/morph.glsl>

layout(std140) uniform Joints {
    mat4 u_joints[64];
};

void main() {
    mat4 skin = a_weights.x * u_joints[a_joints.x] + a_weights.y * u_joints[a_joints.y] +
                a_weights.z * u_joints[a_joints.z] + a_weights.w * u_joints[a_joints.w];
    vec3 pos = a_pos;
    tactMorphPosition(pos); // before skinning, as glTF orders them
    gl_Position = u_viewProj * u_model * skin * vec4(pos, 1.0);
}
