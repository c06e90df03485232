#version 330 core
// Built-in point-sprite program: texture times the instance tint.
flat in vec4 v_uv;
flat in vec4 v_color;

uniform sampler2D u_tex;

out vec4 o_color;

void main() {
    vec2 pc = gl_PointCoord;
    vec2 uv = vec2(v_uv.x + (v_uv.z - v_uv.x) * pc.x, v_uv.y + (v_uv.w - v_uv.y) * pc.y);
    o_color = texture(u_tex, uv) * v_color;
}
