#version 330 core
// Toon (cel-shaded) mesh program, used by the renderlab sample: the Lambert
// term of the pass's sun, quantized into a few flat bands between the
// ambient light and the sun's color. The uniforms are the mesh program's
// (u_tex, u_color, and from the pass's Lights u_lightDir, u_lightColor and
// u_ambient); it writes display colors as they are, without tone mapping.
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_tex;
uniform vec4 u_color;
uniform vec3 u_lightDir;   // direction the light travels; zero: unlit
uniform vec3 u_lightColor; // the sun's color × intensity
uniform vec3 u_ambient;

out vec4 o_color;

// BANDS is the number of lit tones; the unlit side gets the ambient tone.
const float BANDS = 3.0;

void main() {
    vec4 base = texture(u_tex, v_uv) * v_color * u_color;
    vec3 light = vec3(1.0);
    if (dot(u_lightDir, u_lightDir) > 0.0) {
        float diffuse = max(dot(normalize(v_normal), -normalize(u_lightDir)), 0.0);
        // ceil keeps any lit surface at least one band above ambient.
        float band = ceil(diffuse * BANDS) / BANDS;
        light = mix(u_ambient, u_lightColor, band);
    }
    o_color = vec4(base.rgb * light, base.a);
}
