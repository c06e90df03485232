// <tact/material.glsl>: the metallic-roughness material of the built-in mesh
// program (render.Material), as the backend loads it for every mesh draw:
// the base color and material maps on texture units 0 to 4, the factors,
// and tactSurfaceNormal, which applies the normal map.
#pragma once

// Texture units 0 to 4.
uniform sampler2D u_tex;                   // base color
uniform sampler2D u_metallicRoughnessMap;  // G roughness, B metallic
uniform sampler2D u_normalMap;             // tangent space, XYZ*0.5+0.5
uniform sampler2D u_emissiveMap;
uniform sampler2D u_occlusionMap;          // R

// Per draw: the base color factor and the material.
uniform vec4 u_color;
uniform float u_metallic;
uniform float u_roughness;
uniform vec3 u_emissive;
uniform float u_normalScale;
uniform float u_occlusionStrength;
uniform bool u_hasNormalMap;
uniform bool u_unlit;

// tactSurfaceNormal applies the normal map to the interpolated normal n at
// world position world and texture coordinates uv, through the vertex
// tangent or, where the mesh has none (a zero tangent), a tangent frame
// found from screen-space derivatives of position and texture coordinates.
vec3 tactSurfaceNormal(vec3 n, vec3 world, vec2 uv, vec4 tangent) {
    if (!u_hasNormalMap) {
        return n;
    }
    vec3 t = texture(u_normalMap, uv).xyz * 2.0 - 1.0;
    t.xy *= u_normalScale;
    vec3 T, B;
    if (dot(tangent.xyz, tangent.xyz) > 1e-12) {
        T = normalize(tangent.xyz - n * dot(n, tangent.xyz));
        B = cross(n, T) * (tangent.w < 0.0 ? -1.0 : 1.0);
    } else {
        // Schüler's cotangent frame. B is the direction of decreasing v:
        // texture rows run top-down, and normal maps store +Y up (glTF).
        vec3 dp1 = dFdx(world), dp2 = dFdy(world);
        vec2 duv1 = dFdx(uv), duv2 = dFdy(uv);
        vec3 dp2perp = cross(dp2, n);
        vec3 dp1perp = cross(n, dp1);
        vec3 T0 = dp2perp * duv1.x + dp1perp * duv2.x;
        vec3 B0 = dp2perp * duv1.y + dp1perp * duv2.y;
        float m = max(dot(T0, T0), dot(B0, B0));
        if (m <= 0.0) {
            return n; // no texture coordinate gradient: no frame
        }
        float s = inversesqrt(m);
        T = T0 * s;
        B = -B0 * s;
    }
    return normalize(mat3(T, B, n) * t);
}
