#version 330 core
// Bloom bright pass (package post): downsamples the HDR scene (u_tex) to the
// half-size image it draws into and keeps only the light above a threshold.
//
// u_params[0] = (threshold, knee, 0, 0): light below threshold - knee is
// dropped, above threshold + knee kept whole, with a quadratic ramp between
// (a soft knee, so that bloom fades in rather than popping).
// u_params[1].xy = the size of one source texel in texture coordinates.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform vec4 u_params[4];

out vec4 o_color;

void main() {
    vec2 t = u_params[1].xy;
    // Four bilinear taps, each on a corner shared by four source texels,
    // average the 4x4 texels around this pixel: a smooth downsample that
    // does not shimmer as small highlights move.
    vec3 c = texture(u_tex, v_uv + vec2(-t.x, -t.y)).rgb
           + texture(u_tex, v_uv + vec2( t.x, -t.y)).rgb
           + texture(u_tex, v_uv + vec2(-t.x,  t.y)).rgb
           + texture(u_tex, v_uv + vec2( t.x,  t.y)).rgb;
    // Half floats hold up to 65504; a stray infinity or NaN would spread
    // over the whole blur.
    c = clamp(c * 0.25, vec3(0.0), vec3(65000.0));

    float threshold = u_params[0].x;
    float knee = max(u_params[0].y, 1e-5);
    float brightness = max(c.r, max(c.g, c.b));
    float soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
    soft = soft * soft / (4.0 * knee);
    float keep = max(soft, brightness - threshold) / max(brightness, 1e-5);
    o_color = vec4(c * keep, 1.0);
}
