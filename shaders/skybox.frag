#version 330 core
// Built-in sky: the environment cubemap along the view ray, exposed, tone
// mapped and encoded where the target stores display colours.
#include <tact/tonemap.glsl>

in vec3 v_dir;

uniform samplerCube u_sky;
uniform float u_skyIntensity;

out vec4 o_color;

void main() {
    o_color = tactOutput(texture(u_sky, normalize(v_dir)).rgb * u_skyIntensity, 1.0);
}
