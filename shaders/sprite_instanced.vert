#version 330 core
// Built-in instanced sprite program: one 44-byte instance per sprite
// (render.SpriteInstance), expanded here into its quad's four corners.
layout(location = 0) in vec2 i_pos;   // corner (0, 0)
layout(location = 1) in vec4 i_axes;  // edges A (xy) and B (zw)
layout(location = 2) in vec4 i_uv;    // u0, v0 (the B side), u1, v1
layout(location = 3) in vec4 i_color;

uniform mat4 u_viewProj;

out vec2 v_uv;
out vec4 v_color;

void main() {
    // Corners 0..3 are (0,0) (1,0) (1,1) (0,1), drawn as 0 1 2, 2 3 0: the
    // corners and triangles render.SpriteInstance.Vertices gives.
    int c = gl_VertexID;
    bool s = c == 1 || c == 2;
    bool t = c >= 2;
    vec2 p = i_pos;
    if (s) p += i_axes.xy;
    if (t) p += i_axes.zw;
    v_uv = vec2(s ? i_uv.z : i_uv.x, t ? i_uv.y : i_uv.w);
    v_color = i_color;
    gl_Position = u_viewProj * vec4(p, 0.0, 1.0);
}
