#version 330 core
// Built-in mesh program of instanced draws (Frame.DrawMeshInstanced),
// vertex stage; its fragment stage is mesh.frag. It is mesh.vert with the
// model matrix read per instance, so instances are lit exactly as DrawMesh
// lights the same mesh with that matrix. The instance's color multiplies
// the vertex color (zero: white).
layout(location = 0) in vec3 a_pos;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
layout(location = 3) in vec4 a_color;
layout(location = 4) in vec4 a_tangent; // xyz: direction of +u; w: bitangent sign; zero: none
layout(location = 10) in mat4 a_instanceModel; // render.InstanceModelLocation .. +3
layout(location = 14) in vec4 a_instanceColor; // render.InstanceColorLocation

uniform mat4 u_viewProj;

out vec3 v_world;
out vec3 v_normal;
out vec4 v_tangent;
out vec2 v_uv;
out vec4 v_color;

void main() {
    vec4 world = a_instanceModel * vec4(a_pos, 1.0);
    // As mesh.vert: the inverse transpose for normals, the matrix itself
    // for tangents.
    mat3 m = mat3(a_instanceModel);
    v_normal = transpose(inverse(m)) * a_normal;
    v_tangent = vec4(m * a_tangent.xyz, a_tangent.w);
    v_world = world.xyz;
    v_uv = a_uv;
    v_color = a_color * (a_instanceColor == vec4(0.0) ? vec4(1.0) : a_instanceColor);
    gl_Position = u_viewProj * world;
}
