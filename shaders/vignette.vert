#version 330 core
// Vignette post-process pass, used by the renderlab sample. The vertex stage
// is the built-in full-screen one: a single triangle that covers the viewport,
// generated from gl_VertexID (full-screen draws bind no vertex buffer).
out vec2 v_uv;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
