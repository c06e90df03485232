#version 330 core
// Built-in mesh program: physically based metallic-roughness shading, the
// model of glTF 2.0's reference renderer (GGX distribution, height-correlated
// Smith visibility, Schlick Fresnel), lit by an ambient term, a directional
// light with a percentage-closer-filtered shadow map and up to MAX_POINTS
// point lights. Unlit passes and unlit materials draw the base color as it
// is. Colors are linear; for targets that store display colors (the screen,
// RGBA8 targets) the program tone maps (ACES) and sRGB-encodes itself.
// The pieces are the chunks in shaders/tact, for custom variants.
#include <tact/material.glsl>
#include <tact/pbr.glsl>
#include <tact/tonemap.glsl>

in vec3 v_world;
in vec3 v_normal;
in vec4 v_tangent;
in vec2 v_uv;
in vec4 v_color;

out vec4 o_color;

void main() {
    vec4 base = texture(u_tex, v_uv) * v_color * u_color;
    if (!u_lit || u_unlit) {
        o_color = base;
        return;
    }
    vec4 mr = texture(u_metallicRoughnessMap, v_uv);
    float metallic = clamp(u_metallic * mr.b, 0.0, 1.0);
    float roughness = clamp(u_roughness * mr.g, 0.045, 1.0);
    vec3 ng = normalize(v_normal);
    vec3 N = tactSurfaceNormal(ng, v_world, v_uv, v_tangent);
    float ao = 1.0 + u_occlusionStrength * (texture(u_occlusionMap, v_uv).r - 1.0);
    vec3 color = tactLit(v_world, ng, N, base.rgb, metallic, roughness, ao);
    color += u_emissive * texture(u_emissiveMap, v_uv).rgb;
    o_color = tactOutput(color, base.a);
}
