#version 330 core
// Built-in instanced sprite program: texture times the instance tint.
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_tex;

out vec4 o_color;

void main() {
    o_color = texture(u_tex, v_uv) * v_color;
}
