#version 330 core
// Full-screen pass of the post-processing chain (package post): one
// triangle covering the viewport, generated from gl_VertexID (full-screen
// draws bind no vertex buffer). v_uv runs from (0,0) at the bottom-left.
out vec2 v_uv;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
