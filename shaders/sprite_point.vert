#version 330 core
// Built-in point-sprite program: one GL point per sprite, for batches of
// axis-aligned square sprites wholly inside the view (render.Batch.Squares).
// It reads the same 44-byte instances as sprite_instanced and covers the
// same pixels: the point is the square, and gl_PointCoord (origin at the
// top-left) interpolates the texture region across it as the quad would.
layout(location = 0) in vec2 i_pos;   // corner (0, 0)
layout(location = 1) in vec4 i_axes;  // edges A (xy) and B (zw); A.y = B.x = 0
layout(location = 2) in vec4 i_uv;    // u0, v0 (the B side), u1, v1
layout(location = 3) in vec4 i_color;

uniform mat4 u_viewProj;
uniform vec2 u_pointScale; // window pixels per world unit along x and y, signed

flat out vec4 v_uv;    // u at the left edge, v at the top, u at the right, v at the bottom
flat out vec4 v_color;

void main() {
    float sx = i_axes.x * u_pointScale.x; // the A edge on screen: rightwards when > 0
    float sy = i_axes.w * u_pointScale.y; // the B edge: upwards when > 0
    v_uv = vec4(sx >= 0.0 ? i_uv.x : i_uv.z,
                sy >= 0.0 ? i_uv.y : i_uv.w,
                sx >= 0.0 ? i_uv.z : i_uv.x,
                sy >= 0.0 ? i_uv.w : i_uv.y);
    v_color = i_color;
    gl_PointSize = abs(sx);
    gl_Position = u_viewProj * vec4(i_pos + 0.5 * vec2(i_axes.x, i_axes.w), 0.0, 1.0);
}
