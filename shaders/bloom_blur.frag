#version 330 core
// Bloom blur (package post): one direction of a separable 9-tap Gaussian,
// taken in five bilinear taps (linear sampling between texel pairs).
// The source (u_tex) may be twice the size of the image drawn into: the
// first tap then also averages it down.
//
// u_params[0].xy = one texel of the image drawn into, along the blur's
// direction, in texture coordinates: (1/width, 0) or (0, 1/height).
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_params[4];

out vec4 o_color;

const float offsets[3] = float[](0.0, 1.3846153846, 3.2307692308);
const float weights[3] = float[](0.2270270270, 0.3162162162, 0.0702702703);

void main() {
    vec2 dir = u_params[0].xy;
    vec3 c = texture(u_tex, v_uv).rgb * weights[0];
    for (int i = 1; i < 3; i++) {
        c += texture(u_tex, v_uv + dir * offsets[i]).rgb * weights[i];
        c += texture(u_tex, v_uv - dir * offsets[i]).rgb * weights[i];
    }
    o_color = vec4(c, 1.0);
}
