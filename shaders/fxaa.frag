#version 330 core
// FXAA (package post): fast approximate antialiasing of the tone-mapped,
// display-encoded image (u_tex), after FXAA 3.11's quality algorithm
// (Timothy Lottes): find pixels on a luma edge, tell whether the edge runs
// horizontally or vertically, walk along it to both of its ends, and
// resample across it by how far this pixel is from the nearer end; blend
// in a little of the neighbourhood too against single-pixel (subpixel)
// aliasing.
//
// u_params[0] = (1/width, 1/height, subpixel, edge threshold) of the
// source; u_params[1].x = the darkest edge threshold. A zero subpixel or
// threshold takes FXAA's defaults (0.75, 0.166, 0.0833).
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_params[4];

out vec4 o_color;

// The search steps along an edge, in texels (FXAA's quality preset 29
// less its last tiny steps).
const int steps = 10;
const float stepSize[steps] = float[](1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0);

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }
float lumaAt(vec2 uv) { return luma(texture(u_tex, uv).rgb); }
// textureOffset wants a constant offset, which a function parameter is not.
#define LUMA_OFF(x, y) luma(textureOffset(u_tex, v_uv, ivec2(x, y)).rgb)

void main() {
    vec2 texel = u_params[0].xy;
    float subpixel = u_params[0].z > 0.0 ? u_params[0].z : 0.75;
    float threshold = u_params[0].w > 0.0 ? u_params[0].w : 0.166;
    float thresholdMin = u_params[1].x > 0.0 ? u_params[1].x : 0.0833;

    vec4 center = texture(u_tex, v_uv);
    float lM = luma(center.rgb);
    float lN = LUMA_OFF(0, 1);
    float lS = LUMA_OFF(0, -1);
    float lE = LUMA_OFF(1, 0);
    float lW = LUMA_OFF(-1, 0);
    float lMax = max(max(max(lN, lS), max(lE, lW)), lM);
    float lMin = min(min(min(lN, lS), min(lE, lW)), lM);
    float range = lMax - lMin;
    if (range < max(thresholdMin, lMax * threshold)) {
        o_color = center; // no edge here
        return;
    }
    float lNE = LUMA_OFF(1, 1);
    float lNW = LUMA_OFF(-1, 1);
    float lSE = LUMA_OFF(1, -1);
    float lSW = LUMA_OFF(-1, -1);

    // Subpixel blend: how much this pixel differs from its neighbourhood.
    float average = (2.0 * (lN + lS + lE + lW) + lNE + lNW + lSE + lSW) / 12.0;
    float sub = smoothstep(0.0, 1.0, clamp(abs(average - lM) / range, 0.0, 1.0));
    float subBlend = sub * sub * subpixel;

    // A horizontal edge changes most from north to south.
    float horizontal = 2.0 * abs(lN + lS - 2.0 * lM) + abs(lNE + lSE - 2.0 * lE) + abs(lNW + lSW - 2.0 * lW);
    float vertical = 2.0 * abs(lE + lW - 2.0 * lM) + abs(lNE + lNW - 2.0 * lN) + abs(lSE + lSW - 2.0 * lS);
    bool isHorizontal = horizontal >= vertical;

    // Across the edge: towards the neighbour with the steeper gradient.
    float lP = isHorizontal ? lN : lE;
    float lQ = isHorizontal ? lS : lW;
    float across = isHorizontal ? texel.y : texel.x;
    float gradP = abs(lP - lM);
    float gradQ = abs(lQ - lM);
    float other = lP;
    float gradient = gradP;
    if (gradQ > gradP) {
        across = -across;
        other = lQ;
        gradient = gradQ;
    }

    // Walk both ways along the edge, on the line between the two pixels,
    // until the luma there leaves the edge's.
    vec2 acrossDir = isHorizontal ? vec2(0.0, across) : vec2(across, 0.0);
    vec2 along = isHorizontal ? vec2(texel.x, 0.0) : vec2(0.0, texel.y);
    vec2 uvEdge = v_uv + acrossDir * 0.5;
    float edgeLuma = 0.5 * (lM + other);
    float gradientThreshold = 0.25 * gradient;

    vec2 uvPos = uvEdge;
    float deltaPos = 0.0;
    bool donePos = false;
    for (int i = 0; i < steps && !donePos; i++) {
        uvPos += along * stepSize[i];
        deltaPos = lumaAt(uvPos) - edgeLuma;
        donePos = abs(deltaPos) >= gradientThreshold;
    }
    if (!donePos) {
        uvPos += along * stepSize[steps - 1]; // the end is farther: guess
    }
    vec2 uvNeg = uvEdge;
    float deltaNeg = 0.0;
    bool doneNeg = false;
    for (int i = 0; i < steps && !doneNeg; i++) {
        uvNeg -= along * stepSize[i];
        deltaNeg = lumaAt(uvNeg) - edgeLuma;
        doneNeg = abs(deltaNeg) >= gradientThreshold;
    }
    if (!doneNeg) {
        uvNeg -= along * stepSize[steps - 1];
    }

    float distPos = isHorizontal ? uvPos.x - v_uv.x : uvPos.y - v_uv.y;
    float distNeg = isHorizontal ? v_uv.x - uvNeg.x : v_uv.y - uvNeg.y;
    float dist = min(distPos, distNeg);
    float delta = distPos <= distNeg ? deltaPos : deltaNeg;
    // Only the side of the edge whose luma differs from the nearer end's
    // in the same way as this pixel blends (the other side is the one the
    // edge bends away from).
    float edgeBlend = 0.0;
    if ((delta >= 0.0) != (lM - edgeLuma >= 0.0)) {
        edgeBlend = 0.5 - dist / (distPos + distNeg);
    }

    float blend = max(edgeBlend, subBlend);
    o_color = vec4(texture(u_tex, v_uv + acrossDir * blend).rgb, center.a);
}
