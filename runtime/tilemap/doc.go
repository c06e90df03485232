// Package tilemap loads maps made with the Tiled editor (mapeditor.org) and
// draws them: Cocos Creator's TiledMap. Both of Tiled's file formats load
// into one model (Map): TMX (XML, with its tilesets read by the maintained
// module github.com/lafriks/go-tiled) and TMJ (JSON, which go-tiled cannot
// read). Register the formats with an asset Manager, load a map, and
// instantiate it:
//
//	tilemap.Register(assets)
//	x, err := assets.Load("maps/level1.tmx")
//	...
//	root, err := tilemap.MapOf(x).Instantiate(tilemap.Options{})
//	scene.AddChild(root)
//	tm := tilemap.TiledMapOf(root)
//	ground := tm.Layer("Ground")
//	ground.SetTileGIDAt(0, 3, 4) // dig a hole at column 3, row 4
//
// What is read: orthogonal, isometric, staggered and hexagonal maps; tile
// layer data as XML tiles, CSV or base64 (uncompressed, gzip or zlib; zstd
// is refused with a clear error, since Go's standard library has no zstd
// decoder and this package adds no module for it); finite and infinite
// (chunked) maps; embedded and external tilesets (.tsx, or .tsj/.json for
// either map format), single-image and image-collection tilesets, tile
// offsets, spacing and margins; flipped and rotated tiles (the three flip
// bits; hexagonal 120° rotation is ignored); animated tiles; layer
// visibility, opacity, tint colours, offsets and parallax factors; group
// layers (folded into their children: offsets add, opacity and tint
// multiply, parallax factors multiply, as Tiled draws them); custom
// properties of the map, tilesets, tiles, layers and objects; object
// layers, whose objects (rectangles, ellipses, points, polygons,
// polylines, tile objects and text) become nodes with a TiledObject
// component; image layers (drawn as a sprite).
//
// Coordinates: the map node's origin is the bottom-left corner of the map
// (Cocos' anchor (0, 0)); x runs right and y up, one unit a pixel, so a
// Tiled pixel (px, py) lies at (px, height-py) in the map node. Tile (0, 0)
// is the top-left tile, as in Tiled and Cocos.
//
// Drawing is culled to the view: each tile layer's TiledLayer component
// computes, from the camera's world rectangle, the range of tiles that can
// be seen, walks that range in Tiled's render order, skipping 16×16-tile
// chunks that are empty, and writes one sprite instance per tile straight
// into the frame, as one draw item per run of tiles of one texture. The
// cost of a frame is the tiles on screen, not the size of the map, and a
// steady frame allocates nothing.
//
// Colliders are opt-in and do not tie this package to a physics engine:
// Options.Colliders is called with a Shape for each object of the object
// layers and each rectangle of solid tiles (tiles whose tileset tile has
// the boolean property named by Options.SolidProperty, "collides" by
// default), merged into few rectangles. CollisionColliders adds colliders
// of package collision; a game using physics2d passes its own function that
// adds bodies, and only that game links Box2D.
//
// Bad files fail with an error naming the file and the fault: a missing
// tileset, a tile GID no tileset holds, a declared size over the limits, a
// tileset or image path outside the asset root, an external tileset that
// names another tileset file.
//
// Layer: runtime/, tier 4 of 5. It may import core, platform, render,
// render/graph and scenegraph, and the runtime packages of earlier tiers
// (save, audio, director, text, sound, transition, tween, animation,
// collision, particle, physics2d, vector, replay, ui, profiler, asset).
package tilemap
