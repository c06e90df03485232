#version 330 core
// Built-in depth-only program: what every mesh draws with in a pass into a
// shadow map (a DepthShadow target).
layout(location = 0) in vec3 a_pos;

uniform mat4 u_viewProj;
uniform mat4 u_model;

#include <tact/morph.glsl>

void main() {
    // Morphed as mesh.vert morphs, so that the shadow matches the shape.
    vec3 pos = a_pos;
    tactMorphPosition(pos);
    gl_Position = u_viewProj * u_model * vec4(pos, 1.0);
}
