#version 330 core
// Built-in point-sprite program: texture times the instance tint.
// With CUTOUT defined, texels of alpha below one half are left out.
flat in vec4 v_uv;
flat in vec4 v_color;

uniform sampler2D u_tex;

out vec4 o_color;

void main() {
    vec2 pc = gl_PointCoord;
    vec2 uv = vec2(v_uv.x + (v_uv.z - v_uv.x) * pc.x, v_uv.y + (v_uv.w - v_uv.y) * pc.y);
    o_color = texture(u_tex, uv) * v_color;
#ifdef CUTOUT
    // render/gl draws with this variant the batches whose texels are each
    // fully opaque or fully clear and whose tints are opaque: there,
    // blending would either keep the framebuffer or replace it.
    if (o_color.a < 0.5) {
        discard;
    }
#endif
}
