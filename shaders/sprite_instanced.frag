#version 330 core
// Built-in instanced sprite program: texture times the instance tint.
// With CUTOUT defined, texels of alpha below one half are left out.
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_tex;

out vec4 o_color;

void main() {
    o_color = texture(u_tex, v_uv) * v_color;
#ifdef CUTOUT
    // render/gl draws with this variant the batches whose texels are each
    // fully opaque or fully clear and whose tints are opaque: there,
    // blending would either keep the framebuffer or replace it.
    if (o_color.a < 0.5) {
        discard;
    }
#endif
}
