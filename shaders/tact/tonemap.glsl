// <tact/tonemap.glsl>: ACES tone mapping, sRGB encoding, and tactOutput,
// which a lit program's fragment ends with: targets that store display
// colors (the screen, RGBA8 targets) get the exposed, tone-mapped and
// encoded color, linear targets the light itself.
#pragma once

uniform float u_exposure;
uniform bool u_linearOut; // the target keeps linear colors: no tone mapping here

// ACES filmic tone mapping: the RRT and sRGB ODT as fitted by Stephen
// Hill, the same curve as the post chain's tone mapping pass (shaders/
// tonemap.frag), so a scene looks alike drawn straight to the screen or
// through an HDR target.
const mat3 acesIn = mat3(
    0.59719, 0.07600, 0.02840,
    0.35458, 0.90834, 0.13383,
    0.04823, 0.01566, 0.83777);
const mat3 acesOut = mat3(
     1.60475, -0.10208, -0.00327,
    -0.53108,  1.10813, -0.07276,
    -0.07367, -0.00605,  1.07602);

vec3 toneMap(vec3 x) {
    vec3 v = acesIn * x;
    vec3 a = v * (v + 0.0245786) - 0.000090537;
    vec3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
    return clamp(acesOut * (a / b), 0.0, 1.0);
}

vec3 srgbEncode(vec3 c) {
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// tactOutput returns the fragment color for linear light color and alpha a.
vec4 tactOutput(vec3 color, float a) {
    if (!u_linearOut) {
        color = srgbEncode(toneMap(color * u_exposure));
    }
    return vec4(color, a);
}
