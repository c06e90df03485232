// <tact/shadow.glsl>: the sun's shadow map (Lights.Shadow) and
// tactSunShadow, its percentage-closer filter.
#pragma once

const int MAX_SHADOW_RADIUS = 8; // the backend clamps Lights.ShadowRadius to it

uniform sampler2DShadow u_shadowMap;   // texture unit 5
uniform bool u_shadowOn;
uniform mat4 u_shadowMatrix; // world to the shadow pass's clip space
uniform float u_shadowBias;
uniform int u_shadowRadius;

// tactSunShadow is the fraction of the sun's light reaching this fragment: a
// percentage-closer filter over the (2r+1)^2 texels around it, as (2r)^2
// taps half a texel off the texel grid, each a hardware-filtered (2x2)
// depth comparison; together a tent filter, smooth at a quarter of the
// taps of one comparison per texel. n is the geometric normal, L the
// direction towards the sun, world the fragment's world position.
float tactSunShadow(vec3 world, vec3 n, vec3 L) {
    if (!u_shadowOn) {
        return 1.0;
    }
    if (dot(n, L) <= 0.0) {
        return 0.0; // facing away: unlit by the sun anyway, no taps needed
    }
    vec4 sc = u_shadowMatrix * vec4(world, 1.0);
    vec3 p = sc.xyz / sc.w * 0.5 + 0.5;
    if (p.z >= 1.0) {
        return 1.0; // beyond the shadow camera's far plane
    }
    // Surfaces at a grazing angle to the light span more depth per texel.
    float ndl = clamp(dot(n, L), 0.0, 1.0);
    float tanAngle = sqrt(max(1.0 - ndl * ndl, 0.0)) / max(ndl, 1e-3);
    float ref = p.z - u_shadowBias * (1.0 + min(tanAngle, 5.0));
    vec2 texel = 1.0 / vec2(textureSize(u_shadowMap, 0));
    int r = clamp(u_shadowRadius, 1, MAX_SHADOW_RADIUS);
    float sum = 0.0;
    for (int y = -r; y < r; y++) {
        for (int x = -r; x < r; x++) {
            sum += texture(u_shadowMap, vec3(p.xy + (vec2(x, y) + 0.5) * texel, ref));
        }
    }
    float n2 = float(2 * r);
    return sum / (n2 * n2);
}
