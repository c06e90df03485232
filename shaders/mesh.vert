#version 330 core
// Built-in mesh program, vertex stage: world-space position, normal and
// tangent for physically based shading (mesh.frag).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in vec4 a_color;
layout(location = 4) in vec4 a_tangent; // xyz: direction of +u; w: bitangent sign; zero: none

uniform mat4 u_viewProj;
uniform mat4 u_model;

#include <tact/morph.glsl>

out vec3 v_world;
out vec3 v_normal;
out vec4 v_tangent;
out vec2 v_uv;
out vec4 v_color;

void main() {
    vec3 pos = a_pos, normal = a_normal, tangent = a_tangent.xyz;
    tactMorph(pos, normal, tangent);
    vec4 world = u_model * vec4(pos, 1.0);
    // The inverse transpose keeps normals perpendicular to surfaces under
    // non-uniform scales; tangents lie in the surface and take the model
    // matrix itself.
    mat3 m = mat3(u_model);
    v_normal = transpose(inverse(m)) * normal;
    v_tangent = vec4(m * tangent, a_tangent.w);
    v_world = world.xyz;
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_viewProj * world;
}
