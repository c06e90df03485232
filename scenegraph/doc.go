// Package scenegraph holds Tact's scene tree: nodes with transforms, components
// with the Cocos Creator lifecycle, and the machinery that drives them.
//
// A Scene owns everything that would be global in Cocos: the NodeActivator that
// activates and deactivates subtrees, the ComponentScheduler with the start,
// update, late-update and fixed-update lists, the deferred-destroy queue and the
// timer scheduler used by components. Two scenes never share state, so tests can
// build as many as they like.
//
// # Lifecycle
//
// A component embeds Component and implements any of the optional callback
// interfaces (Preloader, Loader, Enabler, Starter, Updater, LateUpdater,
// FixedUpdater, Disabler, Destroyer, ExecutionOrderer). The interfaces are looked
// up once, when the component is added; the per-frame phases call through
// interface values kept in flat lists, never through a type switch.
//
// The rules, each covered by a test in lifecycle_test.go:
//
//   - A component runs only while its node is active in hierarchy. OnLoad runs
//     for a disabled component too; everything after OnLoad needs it enabled.
//   - Activating a subtree is staged: Preload for every component (pre-order),
//     then OnLoad for all, then OnEnable for all, each by execution order
//     (negative ascending, zero in tree pre-order, positive ascending).
//   - OnEnable and OnDisable strictly alternate and OnEnable never precedes
//     OnLoad: a component enabled during the staged Preload or OnLoad phase
//     joins the staged OnEnable phase. Start runs once, before the first
//     Update.
//   - Destroy disables at once and calls OnDestroy in the deferred-destroy step,
//     children before parents.
//   - A panic in a callback is recovered, reported with the node path and the
//     component type, and the component is disabled; a panic in a component's
//     timer or in a node-event listener removes only that timer or listener.
//     Scene.PanicFatal makes them fatal instead.
//
// # Drawing
//
// Extract records a scene into a render.Frame: for each enabled Camera, by
// Priority, a pass, then every Renderable its Visibility mask sees, in tree
// pre-order, culled against the camera's frustum (see View). Consecutive
// Sprites that share texture, shader, blend mode, layer, order and depth
// are written straight into the frame as one draw item, which draws
// exactly what one item per sprite would. World matrices are computed as
// extraction reads them, unless the Director's TransformUpdater computed
// them in parallel first.
//
// Lights are components. The first enabled DirectionalLight is the sun of
// every camera's pass (render.Pass.Lights: its direction and Color, and its
// Ambient as grey light from everywhere); each pass also gets the
// render.MaxPointLights enabled PointLights nearest to its camera, and the
// camera's position as the eye. A scene without lights records passes
// without lights, which draw meshes unlit and leave 2D drawing as it was.
//
// When the sun has Shadows, each camera that sees a layer holding a
// ShadowCaster (a MeshRenderer without NoShadow) is preceded by a shadow
// pass into the light's shadow map, a render.DepthShadow target the light
// owns: created by the first Extract that needs it, recreated when
// ShadowSize changes, and deleted by the Extract after the light is
// disabled or destroyed or stops casting shadows. The shadow pass projects
// orthographically along the light, fitted to a sphere around the part of
// the camera's view volume within ShadowDistance; the sphere's radius
// depends only on the camera's projection, and the projection moves in
// whole shadow-map texels, so shadow edges do not shimmer while the camera
// moves or turns. Only casters draw into it, culled against the light's
// view; the camera's pass samples the result (Lights.Shadow and
// Lights.ShadowMatrix).
//
// A Camera with a Post graph (package render/graph) draws into the graph's
// graph.Scene image, and the graph's passes then end in the camera's own
// target and viewport: post-processing per camera. A graph that cannot run
// is reported once through the scene's logger, and the camera draws
// directly until it is fixed.
//
// Extract allocates nothing in steady state, lights, shadows and post
// graphs included.
//
// Where Cocos Creator 3.8 breaks one of its own invariants (an OnEnable
// without a matching OnDisable when a component is switched off inside its
// own OnEnable, a node left active but not active in hierarchy after being
// re-activated inside its OnDisable, an unstable removal from the update
// lists), Tact keeps the invariant; lifecycle_test.go names each case.
//
// Layer: scenegraph. It may import core, render and render/graph (its tests
// also render/null).
package scenegraph
