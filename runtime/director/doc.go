// Package director runs frames: a Director ticks the running scene one
// frame at a time, in Cocos Creator's order.
//
// Tick(dt) does, in order: BeginFrame and input dispatch (also while
// paused); unless paused, BeforeUpdate, the components' Start, the fixed
// steps (FixedUpdate, then FixedSystems), Update, the systems' Update in
// descending priority (the timers at TimerPriority), LateUpdate,
// AfterUpdate, the deferred destroy step and the systems' PostUpdate; then
// BeforeDraw, extraction of the running scene and of any overlays into the
// frame, Submit and AfterDraw; last the HasChanged reset, EndFrame, a
// pending scene switch and the frame count.
//
// Engine systems (tween, animation, collision, physics2d) register with a
// Director through Install; components reach their Director from their
// node with OfNode, never through globals. A Director is a plain value:
// create as many as you like in one process. Nothing here opens a window
// or touches the GPU: give it a FrameSink (a render.Renderer) to draw.
//
// Layer: runtime/, tier 1 of 5. It may import core, platform, render,
// render/graph and scenegraph, and no other runtime package.
package director
