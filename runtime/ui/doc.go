// Package ui holds Tact's user-interface components, after Cocos Creator's:
// a Rect (Cocos' UITransform) giving a node a size and an anchor, pointer
// events on nodes with hit testing and bubbling, Button, Toggle,
// ProgressBar, NineSlice, Layout, Widget, ScrollView, TextInput, and
// Canvas, the root of a screen-space UI with a design resolution.
//
// # The System
//
// A Director gets one ui System with Install (a Game installs it). The
// System turns pointer, wheel, key and text input, fed to it through its
// methods (PointerDown, PointerMove, PointerUp, PointerCancel, Wheel,
// KeyDown, TextInput, TextEditing), into node events on the running
// scene, and in the
// Director's BeforeDraw (every drawn frame, paused ones included) it brings
// widgets, layouts, scroll views and the components' looks up to date. The
// ui package does not read devices: whoever owns the input (the Game, a
// test, a replay) feeds it, in screen pixels with the origin at the
// top-left and y down.
//
// # Hit testing: the topmost node
//
// A pointer event goes to one node: the topmost node under the pointer that
// takes pointer events, and from there bubbles up to the root (Node.Dispatch;
// a listener stops it with Event.StopPropagation). A node takes pointer
// events when it has an enabled Rect, is active in hierarchy, and either
// listens to one of the pointer events below or has Rect.BlockInput set, as
// in Cocos Creator, where only nodes with touch listeners are hit. Nodes
// without listeners (labels on a button, layout containers) are transparent:
// the press reaches what lies under them.
//
// Topmost means drawn last, in the order extraction records and the
// renderer sorts draw items:
//
//  1. cameras in drawing order (ascending Priority, then enabling order):
//     a node seen by a later camera is above one seen by an earlier camera;
//     a camera is considered only where the pointer is inside its viewport
//     on the screen (cameras drawing into a render target are skipped), and
//     only for nodes whose Layer it sees;
//  2. within a camera, by the sort layer, then opaque before transparent,
//     then the order, of the node's renderables (Sprite, text.Label,
//     MeshRenderer, and this package's NineSlice and ProgressBar, or any
//     renderable implementing SortOrderer; the node's highest counts, and a
//     node without renderables counts as layer 0, order 0, transparent);
//  3. then by depth under the camera (farther is below), quantized as the
//     sort key quantizes it;
//  4. then by tree order: later in pre-order (children after their parent,
//     later siblings after earlier ones) is above.
//
// The point is taken through the camera that draws the node
// (Camera.ScreenRay) onto the node's plane, so rotated, scaled and nested
// nodes hit where they are drawn, and only within the camera's depth range.
//
// # Pointer events
//
// Pointers are the mouse (MouseID) and touch fingers, each with its own id.
// A press captures its pointer: its moves, its release and its cancel go to
// the node the press went to (bubbling from there), wherever the pointer
// is; PointerEvent.Over tells whether the pointer is over that node. A
// release over the node that was pressed, with the primary button, is
// followed by a "click" on it. Hover ("pointer-enter"/"pointer-leave", which
// do not bubble) follows the mouse from node to node, and a touch from its
// press to its release; while a pointer is captured its hover does not
// change. System.Capture hands a captured pointer to another node (a
// ScrollView that starts dragging), which sends "pointer-cancel" to the
// node that had it.
//
// The Arg of every pointer event is a *PointerEvent, valid during the
// dispatch only. Keyboard events go to the focused node (System.SetFocus):
// "key-down" and "text-input" bubble from it with a *KeyEvent; "focus" and
// "blur" are emitted on the node that gains or loses focus.
//
// # Navigation without a mouse
//
// With System.Navigation on, the keyboard and a gamepad move focus between
// the focusable controls (enabled, interactable Buttons and Toggles, and
// TextInputs): the arrows and the D-pad to the nearest control in their
// direction (by the Rects' boxes in world space), Tab and Shift-Tab along
// tree order or SetFocusOrder's, Enter and A click the focused control,
// Escape and B dispatch EventCancel from it and emit Canceled. A Game maps
// the keys and every gamepad (virtual ones too) to NavigateKey and
// Navigate; a focused Button shows StateFocused (FocusedColor).
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package ui
