#version 330 core
// Bloom combine (package post): adds the blurred bright light of three
// levels (u_tex1: half size, u_tex2: quarter, u_tex3: eighth) to the HDR
// scene (u_tex).
//
// u_params[0].x = intensity; u_params[1].xyz = each level's weight.
in vec2 v_uv;

uniform sampler2D u_tex;
uniform sampler2D u_tex1;
uniform sampler2D u_tex2;
uniform sampler2D u_tex3;
uniform vec4 u_params[4];

out vec4 o_color;

void main() {
    vec4 scene = texture(u_tex, v_uv);
    vec3 w = u_params[1].xyz;
    vec3 bloom = texture(u_tex1, v_uv).rgb * w.x
               + texture(u_tex2, v_uv).rgb * w.y
               + texture(u_tex3, v_uv).rgb * w.z;
    o_color = vec4(scene.rgb + bloom * u_params[0].x, 1.0);
}
