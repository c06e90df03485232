// <tact/fullscreen.glsl>: the vertex stage of full-screen draws: one
// triangle covering the viewport, no vertex buffer, v_uv running from
// (0, 0) at the bottom-left to (1, 1) at the top-right of the viewport.
// A full-screen program's vertex file is the version line and this include.
#pragma once
out vec2 v_uv;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
