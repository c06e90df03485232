#version 330 core
// Built-in depth-only program: the depth buffer is written by the fixed
// pipeline, so the fragment stage does nothing.
void main() {
}
