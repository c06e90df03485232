// <tact/ibl.glsl>: image-based lighting from a render.Environment: the
// diffuse light as nine spherical-harmonic coefficients, the specular
// light from octahedral images prefiltered by roughness (one per layer
// of a 2D array), and the split-sum BRDF table (render/ibl makes all
// three).
#pragma once

uniform bool u_envOn;
uniform vec3 u_envSH[9];
uniform float u_envLevels;    // layers of u_envSpecular
uniform float u_envIntensity;
uniform sampler2DArray u_envSpecular;
uniform sampler2D u_envBRDF;

// tactEnvDiffuse is the light a white Lambertian surface of normal n
// reflects (ibl.SH.Radiance: the cosine lobe's band factors 1, 2/3, 1/4).
vec3 tactEnvDiffuse(vec3 n) {
    vec3 c = u_envSH[0] * 0.282095
        + (u_envSH[1] * n.y + u_envSH[2] * n.z + u_envSH[3] * n.x) * (0.488603 * 2.0 / 3.0)
        + (u_envSH[4] * (1.092548 * n.x * n.y) + u_envSH[5] * (1.092548 * n.y * n.z)
           + u_envSH[6] * (0.315392 * (3.0 * n.z * n.z - 1.0)) + u_envSH[7] * (1.092548 * n.x * n.z)
           + u_envSH[8] * (0.546274 * (n.x * n.x - n.y * n.y))) * 0.25;
    return max(c, vec3(0.0));
}

// tactOctahedralUV maps a unit direction into [0, 1]² as ibl.OctahedralUV.
vec2 tactOctahedralUV(vec3 d) {
    d /= abs(d.x) + abs(d.y) + abs(d.z);
    vec2 p = d.xy;
    if (d.z < 0.0) {
        p = (1.0 - abs(d.yx)) * vec2(d.x >= 0.0 ? 1.0 : -1.0, d.y >= 0.0 ? 1.0 : -1.0);
    }
    return p * 0.5 + 0.5;
}

// tactEnvSpecular is the prefiltered light along r for a roughness,
// interpolated between the two nearest layers.
vec3 tactEnvSpecular(vec3 r, float roughness) {
    float l = clamp(roughness, 0.0, 1.0) * (u_envLevels - 1.0);
    float l0 = floor(l);
    vec2 uv = tactOctahedralUV(r);
    vec3 a = texture(u_envSpecular, vec3(uv, l0)).rgb;
    vec3 b = texture(u_envSpecular, vec3(uv, min(l0 + 1.0, u_envLevels - 1.0))).rgb;
    return mix(a, b, l - l0);
}

// tactEnvLight is the environment's light leaving a surface towards V:
// diffuse for its diffuse colour cdiff, specular for its reflectance f0.
vec3 tactEnvLight(vec3 N, vec3 V, vec3 cdiff, vec3 f0, float roughness) {
    float NdotV = max(dot(N, V), 1e-4);
    vec2 ab = texture(u_envBRDF, vec2(NdotV, roughness)).rg;
    vec3 spec = tactEnvSpecular(reflect(-V, N), roughness) * (f0 * ab.x + ab.y);
    return (cdiff * tactEnvDiffuse(N) + spec) * u_envIntensity;
}
