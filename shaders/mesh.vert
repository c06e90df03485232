#version 330 core
// Built-in mesh program: model and view-projection transforms, normals to world space.
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
    v_normal = mat3(u_model) * a_normal;
    v_uv = a_uv;
    v_color = a_color;
    gl_Position = u_viewProj * u_model * vec4(a_pos, 1.0);
}
