#version 330 core
// Built-in full-screen pass: one triangle covering the viewport, no vertex buffer.
#include <tact/fullscreen.glsl>
