// <tact/pbr.glsl>: physically based lighting, the model of glTF 2.0's
// reference renderer (GGX distribution, height-correlated Smith
// visibility, Schlick Fresnel), under the pass's lights (render.Lights): an
// ambient term, the sun with its shadow, up to MAX_POINTS point lights and
// the image-based light of an environment (<tact/ibl.glsl>).
// tactLit is the whole of it; the pieces are there for programs that
// light differently.
#pragma once
#include <tact/shadow.glsl>
#include <tact/ibl.glsl>

const int MAX_POINTS = 8; // render.MaxPointLights
const float PI = 3.14159265359;

// Per pass: the lights.
uniform bool u_lit;
uniform vec3 u_eye;
uniform vec3 u_ambient;
uniform vec3 u_lightDir;   // direction the sun's light travels; zero: no sun
uniform vec3 u_lightColor;
uniform vec3 u_pointPos[MAX_POINTS];
uniform vec3 u_pointColor[MAX_POINTS];
uniform float u_pointRange[MAX_POINTS]; // 0 or less: no range
uniform int u_numPoints;

// Trowbridge-Reitz (GGX) normal distribution; a2 is roughness^4.
float distributionGGX(float NdotH, float a2) {
    float f = NdotH * NdotH * (a2 - 1.0) + 1.0;
    return a2 / (PI * f * f);
}

// Height-correlated Smith visibility (the G term over 4 N.L N.V).
float visibilitySmith(float NdotL, float NdotV, float a2) {
    float v = NdotL * sqrt(NdotV * NdotV * (1.0 - a2) + a2);
    float l = NdotV * sqrt(NdotL * NdotL * (1.0 - a2) + a2);
    float s = v + l;
    return s > 0.0 ? 0.5 / s : 0.0;
}

vec3 fresnelSchlick(vec3 f0, float VdotH) {
    return f0 + (1.0 - f0) * pow(1.0 - VdotH, 5.0);
}

// light is the light arriving from direction L (towards the light). Diffuse
// is Lambert without the 1/pi, so a white surface facing a light of color C
// is lit to C; specular is scaled by pi to match.
vec3 tactShade(vec3 N, vec3 V, vec3 L, vec3 light, vec3 cdiff, vec3 f0, float a2) {
    float NdotL = dot(N, L);
    if (NdotL <= 0.0) {
        return vec3(0.0);
    }
    vec3 H = normalize(L + V);
    float NdotV = max(dot(N, V), 1e-4);
    float NdotH = max(dot(N, H), 0.0);
    float VdotH = max(dot(V, H), 0.0);
    vec3 spec = fresnelSchlick(f0, VdotH) * (PI * distributionGGX(NdotH, a2) * visibilitySmith(NdotL, NdotV, a2));
    return (cdiff + spec) * light * NdotL;
}

// Karis's analytic fit of the split-sum environment BRDF, for a little
// specular from the ambient light.
vec3 ambientSpecular(vec3 f0, float roughness, float NdotV) {
    const vec4 c0 = vec4(-1.0, -0.0275, -0.572, 0.022);
    const vec4 c1 = vec4(1.0, 0.0425, 1.04, -0.04);
    vec4 r = roughness * c0 + c1;
    float a004 = min(r.x * r.x, exp2(-9.28 * NdotV)) * r.x + r.y;
    vec2 ab = vec2(-1.04, 1.04) * a004 + r.zw;
    return f0 * ab.x + ab.y;
}

// tactLit returns the linear light leaving a surface towards the camera:
// at world position world, with geometric normal ng and shading normal N
// (normal mapped), base color base, metallic and roughness (clamped
// already) and ambient occlusion ao. Emission is the caller's to add.
vec3 tactLit(vec3 world, vec3 ng, vec3 N, vec3 base, float metallic, float roughness, float ao) {
    float a = roughness * roughness;
    float a2 = a * a;
    vec3 cdiff = base * (1.0 - metallic);
    vec3 f0 = mix(vec3(0.04), base, metallic);
    vec3 V = normalize(u_eye - world);

    vec3 color = vec3(0.0);
    if (dot(u_lightDir, u_lightDir) > 0.0) {
        vec3 L = -normalize(u_lightDir);
        color += tactShade(N, V, L, u_lightColor * tactSunShadow(world, ng, L), cdiff, f0, a2);
    }
    for (int i = 0; i < u_numPoints; i++) {
        vec3 d = u_pointPos[i] - world;
        float dist2 = dot(d, d);
        float atten = 1.0 / max(dist2, 0.0001);
        if (u_pointRange[i] > 0.0) {
            // KHR_lights_punctual's window: reaches zero at the range.
            float q = dist2 / (u_pointRange[i] * u_pointRange[i]);
            float w = clamp(1.0 - q * q, 0.0, 1.0);
            atten *= w * w;
        }
        color += tactShade(N, V, d * inversesqrt(max(dist2, 1e-12)), u_pointColor[i] * atten, cdiff, f0, a2);
    }
    float NdotV = max(dot(N, V), 1e-4);
    color += u_ambient * (cdiff + ambientSpecular(f0, roughness, NdotV)) * ao;
    if (u_envOn) {
        color += tactEnvLight(N, V, cdiff, f0, roughness) * ao;
    }
    return color;
}
