#version 330 core
// Vignette post-process pass, used by the renderlab sample: copies the source
// texture (a render target's color, v_uv from the bottom-left) and darkens it
// towards the corners. Full-screen programs read u_tex and u_color.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_color;

out vec4 o_color;

void main() {
    vec4 c = texture(u_tex, v_uv) * u_color;
    // 0 at the center, about 0.71 in the corners.
    float r = length(v_uv - 0.5);
    // Full brightness inside r = 0.3, fading to 35% at r = 0.8.
    float k = mix(1.0, 0.35, smoothstep(0.3, 0.8, r));
    o_color = vec4(c.rgb * k, c.a);
}
