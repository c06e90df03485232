#version 330 core
// Built-in mesh program: Lambert diffuse from one directional light plus ambient.
in vec3 v_normal;
in vec2 v_uv;
in vec4 v_color;

uniform sampler2D u_tex;
uniform vec4 u_color;
uniform vec3 u_lightDir; // direction the light travels; zero: unlit
uniform float u_ambient;

out vec4 o_color;

void main() {
    vec4 base = texture(u_tex, v_uv) * v_color * u_color;
    float light = 1.0;
    if (dot(u_lightDir, u_lightDir) > 0.0) {
        float diffuse = max(dot(normalize(v_normal), -normalize(u_lightDir)), 0.0);
        light = clamp(diffuse + u_ambient, 0.0, 1.0);
    }
    o_color = vec4(base.rgb * light, base.a);
}
