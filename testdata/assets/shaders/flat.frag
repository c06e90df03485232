#version 330 core
// Test program: a constant color, whatever the texture.
in vec2 v_uv;
in vec4 v_color;
uniform sampler2D u_tex;
out vec4 o_color;
void main() {
    o_color = vec4(0.0, 1.0, 0.0, 1.0);
}
