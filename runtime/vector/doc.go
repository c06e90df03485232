// Package vector draws 2D vector shapes: the Graphics component, after Cocos
// Creator's Graphics (and Ebitengine's vector package).
//
// A Graphics records a path (MoveTo, LineTo, Close, Rect, RoundRect, Circle,
// Ellipse, Polygon) and paints it with Fill and Stroke, each with the
// current FillColor, StrokeColor, LineWidth, LineJoin and LineCap. The
// drawing is tessellated on the CPU into triangles with an anti-aliasing
// fringe (a strip about one pixel wide whose outer vertices have alpha 0,
// as NanoVG does) and uploaded as one mesh, only when it changed. Each
// frame records one unlit, alpha-blended render.MeshDraw at the node.
//
// Graphics is not merged into the sprite batch: sprites are streamed
// parallelogram instances that cannot carry per-vertex alpha. It orders
// with sprites through the same sort key instead (SortLayer, Order, then
// the depth of the node's origin), so a Graphics and a sprite on the same
// layer and order draw back to front as two sprites would.
//
// Layer: runtime/, tier 2 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text).
package vector
