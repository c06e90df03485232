#version 330 core
// Built-in skinned mesh program, vertex stage: mesh.vert with each vertex
// posed by up to four joints of the draw's palette (linear blend
// skinning), shaded by mesh.frag.
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in vec4 a_color;
layout(location = 4) in vec4 a_tangent; // xyz: direction of +u; w: bitangent sign; zero: none
layout(location = 5) in uvec4 a_joints; // indices into u_joints
layout(location = 6) in vec4 a_weights;

uniform mat4 u_viewProj;
uniform mat4 u_model;

#include <tact/morph.glsl>

// The draw's joint palette (render.MaxJoints matrices, bind-pose mesh
// space to posed mesh space), bound from the frame's palette buffer.
layout(std140) uniform Joints {
    mat4 u_joints[64];
};

out vec3 v_world;
out vec3 v_normal;
out vec4 v_tangent;
out vec2 v_uv;
out vec4 v_color;

void main() {
    mat4 skin = a_weights.x * u_joints[a_joints.x] + a_weights.y * u_joints[a_joints.y] +
                a_weights.z * u_joints[a_joints.z] + a_weights.w * u_joints[a_joints.w];
    mat4 model = u_model * skin;
    // Morph targets first, then skinning, as glTF orders them.
    vec3 pos = a_pos, normal = a_normal, tangent = a_tangent.xyz;
    tactMorph(pos, normal, tangent);
    vec4 world = model * vec4(pos, 1.0);
    // As mesh.vert: the inverse transpose keeps normals perpendicular to
    // surfaces under the posed (blended, possibly non-rigid) transform.
    mat3 m = mat3(model);
    v_normal = transpose(inverse(m)) * normal;
    v_tangent = vec4(m * tangent, a_tangent.w);
    v_world = world.xyz;
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_viewProj * world;
}
