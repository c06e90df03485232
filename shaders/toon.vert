#version 330 core
// Toon (cel-shaded) mesh program, used by the renderlab sample. The vertex
// stage is the built-in mesh one: it follows the mesh conventions of
// render.ShaderDesc (a_pos, a_normal, a_uv, a_color; u_viewProj, u_model) so
// that MeshRenderer can draw with it unchanged.
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in vec4 a_color;

uniform mat4 u_viewProj;
uniform mat4 u_model;

out vec3 v_normal;
out vec2 v_uv;
out vec4 v_color;

void main() {
    // mat3(u_model) is right for rotations and uniform scales; a non-uniform
    // scale would need the inverse transpose.
    v_normal = mat3(u_model) * a_normal;
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_viewProj * u_model * vec4(a_pos, 1.0);
}
