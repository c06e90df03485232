#version 330 core
// Tone mapping (package post): maps linear HDR light (u_tex) to display
// colors. The light is scaled by the exposure, mapped by ACES filmic (the
// RRT and sRGB ODT as fitted by Stephen Hill), and sRGB-encoded for an
// RGBA8 image.
//
// u_params[0].x = exposure.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_params[4];

out vec4 o_color;

// sRGB => the ACES working space (AP1), with the RRT's saturation.
const mat3 acesIn = mat3(
    0.59719, 0.07600, 0.02840,
    0.35458, 0.90834, 0.13383,
    0.04823, 0.01566, 0.83777);
// Back to linear sRGB, with the ODT's saturation.
const mat3 acesOut = mat3(
     1.60475, -0.10208, -0.00327,
    -0.53108,  1.10813, -0.07276,
    -0.07367, -0.00605,  1.07602);

vec3 rrtAndODT(vec3 v) {
    vec3 a = v * (v + 0.0245786) - 0.000090537;
    vec3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
    return a / b;
}

vec3 encodeSRGB(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    vec3 lo = c * 12.92;
    vec3 hi = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
    return mix(hi, lo, lessThanEqual(c, vec3(0.0031308)));
}

void main() {
    vec3 c = max(texture(u_tex, v_uv).rgb, vec3(0.0)) * u_params[0].x;
    c = acesOut * rrtAndODT(acesIn * c);
    o_color = vec4(encodeSRGB(c), 1.0);
}
