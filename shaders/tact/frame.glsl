// <tact/frame.glsl>: the per-frame and per-camera uniform block, which the
// backend fills for every pass (render.FrameBlock documents each value).
// Names and meanings follow Cocos Creator's cc_* uniforms.
#pragma once
layout(std140) uniform TactFrame {
    mat4 cc_matView;     // world to view space (identity when the pass sets no View)
    mat4 cc_matProj;     // view to clip space (the pass's ViewProj when it sets no Projection)
    mat4 cc_matViewProj; // world to clip space
    vec4 cc_cameraPos;   // xyz: the camera's world position; w: 1
    vec4 cc_screenSize;  // xy: the pass's target size in pixels; zw: 1 / xy
    vec4 cc_time;        // x: seconds since start; y: delta seconds; z: frame number; w: 0
};
