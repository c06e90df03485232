#version 330 core
// Built-in sky (render.Pass.Sky): one triangle covering the viewport at
// the far plane; each corner carries the world direction it looks along.
uniform mat4 u_invViewProj; // the pass's ViewProj without translation, inverted

out vec3 v_dir;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
    vec4 far = u_invViewProj * vec4(p, 1.0, 1.0);
    vec4 near = u_invViewProj * vec4(p, -1.0, 1.0);
    v_dir = far.xyz / far.w - near.xyz / near.w;
    gl_Position = vec4(p, 1.0, 1.0);
}
