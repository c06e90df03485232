#version 330 core
// Built-in depth-only program of instanced draws in passes into shadow
// maps; its fragment stage is depth.frag.
layout(location = 0) in vec3 a_pos;
layout(location = 10) in mat4 a_instanceModel; // render.InstanceModelLocation .. +3

uniform mat4 u_viewProj;

void main() {
    gl_Position = u_viewProj * a_instanceModel * vec4(a_pos, 1.0);
}
