#version 330 core
// Built-in mesh program: physically based metallic-roughness shading, the
// model of glTF 2.0's reference renderer (GGX distribution, height-correlated
// Smith visibility, Schlick Fresnel), lit by an ambient term, a directional
// light with a percentage-closer-filtered shadow map and up to MAX_POINTS
// point lights. Unlit passes and unlit materials draw the base color as it
// is. Colors are linear; for targets that store display colors (the screen,
// RGBA8 targets) the program tone maps (ACES) and sRGB-encodes itself.
in vec3 v_world;
in vec3 v_normal;
in vec4 v_tangent;
in vec2 v_uv;
in vec4 v_color;

const int MAX_POINTS = 8; // render.MaxPointLights
const int MAX_SHADOW_RADIUS = 8; // the backend clamps Lights.ShadowRadius to it
const float PI = 3.14159265359;

// Texture units 0 to 5.
uniform sampler2D u_tex;                   // base color
uniform sampler2D u_metallicRoughnessMap;  // G roughness, B metallic
uniform sampler2D u_normalMap;             // tangent space, XYZ*0.5+0.5
uniform sampler2D u_emissiveMap;
uniform sampler2D u_occlusionMap;          // R
uniform sampler2DShadow u_shadowMap;

// Per draw: the base color factor and the material.
uniform vec4 u_color;
uniform float u_metallic;
uniform float u_roughness;
uniform vec3 u_emissive;
uniform float u_normalScale;
uniform float u_occlusionStrength;
uniform bool u_hasNormalMap;
uniform bool u_unlit;

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
uniform bool u_shadowOn;
uniform mat4 u_shadowMatrix; // world to the shadow pass's clip space
uniform float u_shadowBias;
uniform int u_shadowRadius;
uniform float u_exposure;
uniform bool u_linearOut; // the target keeps linear colors: no tone mapping here

out vec4 o_color;

// surfaceNormal applies the normal map to the interpolated normal n, through
// the vertex tangent or, where the mesh has none, a tangent frame found from
// screen-space derivatives of position and texture coordinates.
vec3 surfaceNormal(vec3 n) {
    if (!u_hasNormalMap) {
        return n;
    }
    vec3 t = texture(u_normalMap, v_uv).xyz * 2.0 - 1.0;
    t.xy *= u_normalScale;
    vec3 T, B;
    if (dot(v_tangent.xyz, v_tangent.xyz) > 1e-12) {
        T = normalize(v_tangent.xyz - n * dot(n, v_tangent.xyz));
        B = cross(n, T) * (v_tangent.w < 0.0 ? -1.0 : 1.0);
    } else {
        // Schüler's cotangent frame. B is the direction of decreasing v:
        // texture rows run top-down, and normal maps store +Y up (glTF).
        vec3 dp1 = dFdx(v_world), dp2 = dFdy(v_world);
        vec2 duv1 = dFdx(v_uv), duv2 = dFdy(v_uv);
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
vec3 shade(vec3 N, vec3 V, vec3 L, vec3 light, vec3 cdiff, vec3 f0, float a2) {
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

// sunShadow is the fraction of the sun's light reaching this fragment: a
// percentage-closer filter over the (2r+1)^2 texels around it, as (2r)^2
// taps half a texel off the texel grid, each a hardware-filtered (2x2)
// depth comparison; together a tent filter, smooth at a quarter of the
// taps of one comparison per texel. n is the geometric normal, L the
// direction towards the sun.
float sunShadow(vec3 n, vec3 L) {
    if (!u_shadowOn) {
        return 1.0;
    }
    if (dot(n, L) <= 0.0) {
        return 0.0; // facing away: unlit by the sun anyway, no taps needed
    }
    vec4 sc = u_shadowMatrix * vec4(v_world, 1.0);
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

void main() {
    vec4 base = texture(u_tex, v_uv) * v_color * u_color;
    if (!u_lit || u_unlit) {
        o_color = base;
        return;
    }
    vec4 mr = texture(u_metallicRoughnessMap, v_uv);
    float metallic = clamp(u_metallic * mr.b, 0.0, 1.0);
    float roughness = clamp(u_roughness * mr.g, 0.045, 1.0);
    float a = roughness * roughness;
    float a2 = a * a;
    vec3 cdiff = base.rgb * (1.0 - metallic);
    vec3 f0 = mix(vec3(0.04), base.rgb, metallic);

    vec3 ng = normalize(v_normal);
    vec3 N = surfaceNormal(ng);
    vec3 V = normalize(u_eye - v_world);

    vec3 color = vec3(0.0);
    if (dot(u_lightDir, u_lightDir) > 0.0) {
        vec3 L = -normalize(u_lightDir);
        color += shade(N, V, L, u_lightColor * sunShadow(ng, L), cdiff, f0, a2);
    }
    for (int i = 0; i < u_numPoints; i++) {
        vec3 d = u_pointPos[i] - v_world;
        float dist2 = dot(d, d);
        float atten = 1.0 / max(dist2, 0.0001);
        if (u_pointRange[i] > 0.0) {
            // KHR_lights_punctual's window: reaches zero at the range.
            float q = dist2 / (u_pointRange[i] * u_pointRange[i]);
            float w = clamp(1.0 - q * q, 0.0, 1.0);
            atten *= w * w;
        }
        color += shade(N, V, d * inversesqrt(max(dist2, 1e-12)), u_pointColor[i] * atten, cdiff, f0, a2);
    }
    float ao = 1.0 + u_occlusionStrength * (texture(u_occlusionMap, v_uv).r - 1.0);
    float NdotV = max(dot(N, V), 1e-4);
    color += u_ambient * (cdiff + ambientSpecular(f0, roughness, NdotV)) * ao;
    color += u_emissive * texture(u_emissiveMap, v_uv).rgb;

    if (!u_linearOut) {
        color = srgbEncode(toneMap(color * u_exposure));
    }
    o_color = vec4(color, base.a);
}
