package tilemap

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Options configures Instantiate.
type Options struct {
	// Colliders, when set, is called for the shape of every object of the
	// object layers and every merged rectangle of solid tiles, with the
	// node the collider belongs on (see Shape). CollisionColliders adds
	// colliders of package collision; a physics game passes a function
	// that adds physics2d bodies. An error stops Instantiate.
	Colliders ColliderFunc
	// SolidProperty names the boolean tile property that makes a tile
	// solid for Colliders ("" means "collides").
	SolidProperty string
}

// TiledMap is the component on a map's root node (Cocos' TiledMap): it
// owns the map's child nodes, one per layer, and animates its tiles. Make
// it with Map.Instantiate.
type TiledMap struct {
	scenegraph.Component

	m       *Map
	opts    Options
	built   int // the Map.Reloads the nodes were built from
	grid    grid
	layers  []*TiledLayer
	groups  []*TiledObjectGroup
	show    []uint32 // animated tiles: the tile each shows now, by GID - baseGID
	animT   float64
	gidEnd  uint32
	buildOK error
}

// Instantiate builds the map's nodes: a root node (named after the map's
// file) with a TiledMap component, and under it, in drawing order, a node
// per visible or hidden layer (hidden ones inactive): a TiledLayer for a
// tile layer, a TiledObjectGroup with a node per object for an object
// layer, a scenegraph.Sprite for an image layer. The root's origin is the
// map's bottom-left corner. The nodes rebuild themselves, on the root's
// next Update, after a hot reload of the map.
func (m *Map) Instantiate(opts Options) (*scenegraph.Node, error) {
	if m == nil {
		return nil, errors.New("tilemap: Instantiate of a nil map")
	}
	name := m.Path
	if name == "" {
		name = "TiledMap"
	}
	root := scenegraph.NewNode(name)
	tm := &TiledMap{m: m, opts: opts}
	if err := tm.build(root); err != nil {
		return nil, err
	}
	scenegraph.AddComponent(root, tm)
	return root, nil
}

// TiledMapOf returns the TiledMap component of a node made by Instantiate,
// or nil.
func TiledMapOf(n *scenegraph.Node) *TiledMap {
	for _, c := range n.Components() {
		if tm, ok := c.(*TiledMap); ok {
			return tm
		}
	}
	return nil
}

// build makes the layer nodes under root.
func (tm *TiledMap) build(root *scenegraph.Node) error {
	m := tm.m
	tm.built = m.Reloads
	tm.grid = newGrid(m)
	tm.layers, tm.groups, tm.show, tm.animT = nil, nil, nil, 0
	tm.gidEnd = m.baseGID + uint32(len(m.tiles))
	if len(m.anims) > 0 {
		tm.show = make([]uint32, len(m.tiles))
		for i := range tm.show {
			tm.show[i] = uint32(i)
		}
	}
	solid := tm.solidTable()
	for i, l := range m.Layers {
		name := l.Name
		if name == "" {
			name = "Layer" + strconv.Itoa(i)
		}
		n := scenegraph.NewNode(name)
		n.SetActive(l.Visible)
		root.AddChild(n)
		switch l.Kind {
		case TileLayer:
			tl := newTiledLayer(tm, l)
			scenegraph.AddComponent(n, tl)
			tm.layers = append(tm.layers, tl)
			if tm.opts.Colliders != nil && solid != nil {
				if err := tm.tileColliders(n, tl, solid); err != nil {
					return fmt.Errorf("%s: layer %q: %w", m.Path, l.Name, err)
				}
			}
		case ObjectLayer:
			og := &TiledObjectGroup{layer: l}
			scenegraph.AddComponent(n, og)
			tm.groups = append(tm.groups, og)
			if err := tm.objects(n, og); err != nil {
				return fmt.Errorf("%s: layer %q: %w", m.Path, l.Name, err)
			}
		case ImageLayer:
			im, ok := m.texture[l.Image]
			if !ok || l.Image == "" {
				continue
			}
			p := tm.grid.toLocal(l.Offset[0], l.Offset[1])
			n.SetPositionXY(p[0], p[1])
			sp := scenegraph.AddComponent(n, scenegraph.NewSprite(im.tex, float32(im.w), float32(im.h)))
			sp.Anchor = mgl32.Vec2{0, 1}
			sp.Color = layerColor(l)
		}
	}
	return nil
}

// Update advances tile animations and rebuilds the nodes after a hot
// reload. It allocates nothing in a steady frame.
func (tm *TiledMap) Update(dt float64) {
	if tm.m.Reloads != tm.built {
		n := tm.Node()
		for _, c := range n.Children() {
			c.Destroy()
		}
		if err := tm.build(n); err != nil {
			tm.buildOK = err
		}
		return
	}
	tm.animT += dt
	tm.animate()
}

// animate sets the frame each animated tile shows at animT.
func (tm *TiledMap) animate() {
	for i := range tm.m.anims {
		a := &tm.m.anims[i]
		total := 0.0
		for _, f := range a.frames {
			total += f.dur
		}
		t := math.Mod(tm.animT, total)
		for _, f := range a.frames {
			if t < f.dur {
				tm.show[a.gid] = f.gid
				break
			}
			t -= f.dur
		}
	}
}

// Err returns why the last rebuild after a hot reload failed, or nil.
func (tm *TiledMap) Err() error { return tm.buildOK }

// Map returns the map the component shows.
func (tm *TiledMap) Map() *Map { return tm.m }

// MapSize returns the map's size in tiles (Cocos' getMapSize).
func (tm *TiledMap) MapSize() (w, h int) { return tm.m.Width, tm.m.Height }

// TileSize returns the grid's cell size in pixels (Cocos' getTileSize).
func (tm *TiledMap) TileSize() (w, h int) { return tm.m.TileWidth, tm.m.TileHeight }

// ContentSize returns the map's size in the root node's units (pixels).
func (tm *TiledMap) ContentSize() mgl32.Vec2 { return mgl32.Vec2{tm.grid.pixW, tm.grid.pixH} }

// Property returns the map's custom property called name (Cocos'
// getProperty).
func (tm *TiledMap) Property(name string) (string, bool) { return tm.m.Properties.Get(name) }

// Layer returns the tile layer called name (Cocos' getLayer), or nil.
func (tm *TiledMap) Layer(name string) *TiledLayer {
	for _, l := range tm.layers {
		if l.layer.Name == name {
			return l
		}
	}
	return nil
}

// Layers returns the tile layers in drawing order. The slice belongs to the
// component.
func (tm *TiledMap) Layers() []*TiledLayer { return tm.layers }

// ObjectGroup returns the object layer called name (Cocos'
// getObjectGroup), or nil.
func (tm *TiledMap) ObjectGroup(name string) *TiledObjectGroup {
	for _, g := range tm.groups {
		if g.layer.Name == name {
			return g
		}
	}
	return nil
}

// layerColor is the tint of a layer's tiles: its tint colour with its
// opacity folded into the alpha.
func layerColor(l *Layer) render.Color {
	a := float32(l.Tint.A()) * l.Opacity
	return l.Tint.WithAlpha(uint8(min(255, max(0, a+0.5))))
}

// TiledObjectGroup is the component of an object layer's node (Cocos'
// TiledObjectGroup); each object is a child node with a TiledObject.
type TiledObjectGroup struct {
	scenegraph.Component
	layer   *Layer
	objects []*TiledObject
}

// Layer returns the layer's data.
func (g *TiledObjectGroup) Layer() *Layer { return g.layer }

// Objects returns the group's objects in the file's order (Cocos'
// getObjects). The slice belongs to the group.
func (g *TiledObjectGroup) Objects() []*TiledObject { return g.objects }

// Object returns the first object called name (Cocos' getObject), or nil.
func (g *TiledObjectGroup) Object(name string) *TiledObject {
	for _, o := range g.objects {
		if o.Object.Name == name {
			return o
		}
	}
	return nil
}

// TiledObject is the component of an object's node. The node sits at the
// object's origin in the map (its top-left corner, a tile object's
// bottom-left one, as in Tiled), turned by its rotation; a tile object's
// node also has a Sprite showing the tile.
type TiledObject struct {
	scenegraph.Component
	// Object is the object's data, in Tiled's pixels.
	Object *Object
}

// objects makes the object layer's nodes.
func (tm *TiledMap) objects(parent *scenegraph.Node, og *TiledObjectGroup) error {
	l := og.layer
	for i := range l.Objects {
		o := &l.Objects[i]
		name := o.Name
		if name == "" {
			name = "Object" + strconv.Itoa(o.ID)
		}
		n := scenegraph.NewNode(name)
		px, py := tm.grid.objectToPixel(o.X+l.Offset[0], o.Y+l.Offset[1])
		p := tm.grid.toLocal(px, py)
		n.SetPositionXY(p[0], p[1])
		n.SetAngle(-o.Rotation)
		n.SetActive(o.Visible)
		parent.AddChild(n)
		to := scenegraph.AddComponent(n, &TiledObject{Object: o})
		og.objects = append(og.objects, to)
		if o.Kind == TileObject {
			g := o.GID &^ FlagMask
			if g >= tm.m.baseGID && g < tm.gidEnd {
				td := &tm.m.tiles[g-tm.m.baseGID]
				w, h := o.Width, o.Height
				if w == 0 || h == 0 {
					w, h = td.w, td.h
				}
				sp := scenegraph.AddComponent(n, scenegraph.NewSprite(td.tex, w, h))
				sp.UV = mgl32.Vec4{td.u0, td.v0, td.u1, td.v1}
				sp.Anchor = mgl32.Vec2{0, 0}
				sp.FlipX, sp.FlipY = o.GID&FlipHorizontal != 0, o.GID&FlipVertical != 0
				sp.Color = layerColor(l)
			}
		}
		if tm.opts.Colliders != nil {
			if s, ok := tm.objectShape(l, o); ok {
				if err := tm.opts.Colliders(n, s); err != nil {
					return fmt.Errorf("object %d (%q): colliders: %w", o.ID, o.Name, err)
				}
			}
		}
	}
	return nil
}
