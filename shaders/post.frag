#version 330 core
// Built-in full-screen pass: a tinted copy of the source texture.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_color;

out vec4 o_color;

void main() {
    o_color = texture(u_tex, v_uv) * u_color;
}
