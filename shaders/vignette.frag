#version 330 core
// Vignette post-process pass, used by the renderlab sample and package
// post: copies the source texture (a render target's color, v_uv from the
// bottom-left) and darkens it towards the corners. Full-screen programs
// read u_tex and u_color.
//
// u_params[0] = (strength, radius, softness, 0): at distance r from the
// centre (0 there, about 0.71 in the corners) the color is scaled by
// mix(1, 1 - strength, smoothstep(radius - softness, radius, r)): full
// strength from radius out, fading in over softness. All zero (a draw
// without Params, as renderlab's) means (0.65, 0.8, 0.5): full brightness
// inside r = 0.3, fading to 35% at r = 0.8.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_color;
uniform vec4 u_params[4];

out vec4 o_color;

void main() {
    vec4 c = texture(u_tex, v_uv) * u_color;
    vec4 p = u_params[0];
    if (p == vec4(0.0)) {
        p = vec4(0.65, 0.8, 0.5, 0.0);
    }
    float r = length(v_uv - 0.5);
    float k = mix(1.0, 1.0 - p.x, smoothstep(p.y - max(p.z, 1e-4), p.y, r));
    o_color = vec4(c.rgb * k, c.a);
}
