package ui

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// LayoutType is how a Layout places its children.
type LayoutType uint8

// Layout types.
const (
	// Horizontal places the children in a row.
	Horizontal LayoutType = iota
	// Vertical places the children in a column.
	Vertical
	// Grid places the children in rows, wrapping after Columns children or
	// when the next one would pass the container's right (or left) inner
	// edge.
	Grid
)

// CrossAlign places a Horizontal layout's children vertically, or a
// Vertical layout's horizontally, inside the padded container.
type CrossAlign uint8

// Cross-axis alignments.
const (
	// CrossKeep leaves the children's cross-axis position alone.
	CrossKeep CrossAlign = iota
	// CrossStart aligns the children to the top (Horizontal) or the left
	// (Vertical).
	CrossStart
	// CrossCenter centers them.
	CrossCenter
	// CrossEnd aligns them to the bottom (Horizontal) or the right
	// (Vertical).
	CrossEnd
)

// Layout places the children of its node, after Cocos Creator's Layout:
// in a row, a column or a grid, inside the node's Rect less Padding, with
// Spacing between them, each by the size of its own Rect times its scale
// (a child without a Rect is a point). Inactive children are skipped. With
// ResizeContainer the node's Rect is resized to fit the children: along the
// row for Horizontal, the column for Vertical, and in height for Grid (and
// in width when Columns fixes it).
//
// It lays out again only when something it depends on changed: its
// settings, the container's size or anchor, the children (added, removed,
// reordered, activated) or their size, anchor, scale or position (a child
// moved by hand is put back). The System checks this once per drawn frame,
// innermost layouts first, so a nested layout that resizes its container
// is seen by the outer one in the same frame; an unchanged layout costs one
// comparison per child and allocates nothing. UpdateLayout lays out at
// once. Without an enabled Rect on its node it does nothing.
type Layout struct {
	scenegraph.Component

	// Type is the arrangement.
	Type LayoutType
	// Padding is kept free inside the container's edges.
	Padding Insets
	// Spacing is the gap between neighbours: X between columns, Y between
	// rows.
	Spacing mgl32.Vec2
	// ResizeContainer resizes the node's Rect to fit the children.
	ResizeContainer bool
	// RightToLeft fills rows from the right (Horizontal, Grid).
	RightToLeft bool
	// BottomToTop fills columns from the bottom (Vertical, Grid); the
	// default is top to bottom, as in Cocos.
	BottomToTop bool
	// Columns fixes the number of columns of a Grid; 0 wraps by the
	// container's width.
	Columns int
	// CrossAlign places the children across a Horizontal or Vertical
	// layout's axis.
	CrossAlign CrossAlign

	sys       *System
	at        int // place in the System's list (see listed)
	valid     bool
	cfg       layoutConfig
	container childSnap
	snaps     []childSnap
	relayouts int
}

// layoutConfig is a Layout's settings, to notice changes.
type layoutConfig struct {
	typ         LayoutType
	pad         Insets
	spacing     mgl32.Vec2
	resize, rtl bool
	btt         bool
	columns     int
	cross       CrossAlign
}

// childSnap is what a Layout read of one node.
type childSnap struct {
	node         *scenegraph.Node
	active       bool
	size, anchor mgl32.Vec2
	scale, pos   mgl32.Vec2
	hasRect      bool
}

func (l *Layout) config() layoutConfig {
	return layoutConfig{typ: l.Type, pad: l.Padding, spacing: l.Spacing, resize: l.ResizeContainer, rtl: l.RightToLeft,
		btt: l.BottomToTop, columns: l.Columns, cross: l.CrossAlign}
}

func snapOf(n *scenegraph.Node) childSnap {
	r := rectOf(n)
	s := childSnap{node: n, active: n.Active(), hasRect: r != nil}
	if r != nil {
		s.size, s.anchor = r.ContentSize, r.AnchorPoint
	}
	sc, p := n.Scale(), n.Position()
	s.scale, s.pos = mgl32.Vec2{sc[0], sc[1]}, mgl32.Vec2{p[0], p[1]}
	return s
}

// OnEnable registers the layout with its scene's System and marks it for
// laying out.
func (l *Layout) OnEnable() {
	l.valid = false
	if s := SystemOf(l.Node()); s != nil {
		s.addLayout(l)
	}
}

// OnDisable unregisters the layout.
func (l *Layout) OnDisable() {
	if l.sys != nil {
		l.sys.removeLayout(l)
	}
}

// Relayouts returns how many times the layout has placed its children.
func (l *Layout) Relayouts() int { return l.relayouts }

// UpdateLayout places the children now, whether or not anything changed.
func (l *Layout) UpdateLayout() {
	l.valid = false
	l.arrange()
}

// arrange lays out if something changed since the last layout, and reports
// whether it did.
func (l *Layout) arrange() bool {
	n := l.Node()
	if n == nil {
		return false
	}
	r := rectOf(n)
	if r == nil {
		return false
	}
	if l.valid && !l.changed(n) {
		return false
	}
	l.layout(n, r)
	l.relayouts++
	// Remember what the layout left.
	l.cfg = l.config()
	l.container = snapOf(n)
	l.snaps = l.snaps[:0]
	for _, c := range n.Children() {
		l.snaps = append(l.snaps, snapOf(c))
	}
	l.valid = true
	return true
}

func (l *Layout) changed(n *scenegraph.Node) bool {
	if l.cfg != l.config() || snapOf(n).sizeDiffers(l.container) {
		return true
	}
	ch := n.Children()
	if len(ch) != len(l.snaps) {
		return true
	}
	for i, c := range ch {
		if snapOf(c) != l.snaps[i] {
			return true
		}
	}
	return false
}

// sizeDiffers compares what of the container matters: its Rect.
func (s childSnap) sizeDiffers(o childSnap) bool {
	return s.size != o.size || s.anchor != o.anchor || s.hasRect != o.hasRect
}

// layout places n's active children in n's Rect r.
func (l *Layout) layout(n *scenegraph.Node, r *Rect) {
	switch l.Type {
	case Horizontal:
		l.line(n, r, 0)
	case Vertical:
		l.line(n, r, 1)
	case Grid:
		l.grid(n, r)
	}
}

// inner returns the container's padded bounds.
func (l *Layout) inner(r *Rect) (x0, y0, x1, y1 float32) {
	lo, hi := r.Bounds()
	return lo[0] + l.Padding.Left, lo[1] + l.Padding.Bottom, hi[0] - l.Padding.Right, hi[1] - l.Padding.Top
}

// line lays the children out along axis 0 (a row) or 1 (a column).
func (l *Layout) line(n *scenegraph.Node, r *Rect, axis int) {
	total, count := float32(0), 0
	for _, c := range n.Children() {
		if !c.Active() {
			continue
		}
		sz, _ := extent(c, rectOf(c))
		total += sz[axis]
		count++
	}
	gap := l.Spacing[axis]
	if count > 1 {
		total += gap * float32(count-1)
	}
	if l.ResizeContainer {
		sz := r.Size()
		if axis == 0 {
			sz[0] = total + l.Padding.Left + l.Padding.Right
		} else {
			sz[1] = total + l.Padding.Top + l.Padding.Bottom
		}
		r.SetSize(sz[0], sz[1])
	}
	x0, y0, x1, y1 := l.inner(r)
	// The cursor runs from the start edge; reverse runs from the end.
	var cur float32
	reverse := false
	if axis == 0 {
		cur, reverse = x0, l.RightToLeft
		if reverse {
			cur = x1
		}
	} else {
		cur, reverse = y1, !l.BottomToTop // top to bottom runs down the y axis
		if !reverse {
			cur = y0
		}
	}
	for _, c := range n.Children() {
		if !c.Active() {
			continue
		}
		sz, an := extent(c, rectOf(c))
		p := c.Position()
		if reverse {
			p[axis] = cur - (1-an[axis])*sz[axis]
			cur -= sz[axis] + gap
		} else {
			p[axis] = cur + an[axis]*sz[axis]
			cur += sz[axis] + gap
		}
		other := 1 - axis
		lo, hi := [2]float32{x0, y0}, [2]float32{x1, y1}
		switch a := l.CrossAlign; {
		case a == CrossCenter:
			p[other] = (lo[other]+hi[other])/2 + (an[other]-0.5)*sz[other]
		case a == CrossStart && axis == 0, a == CrossEnd && axis == 1:
			// the top, or the right
			p[other] = hi[other] - (1-an[other])*sz[other]
		case a == CrossEnd && axis == 0, a == CrossStart && axis == 1:
			// the bottom, or the left
			p[other] = lo[other] + an[other]*sz[other]
		}
		setPos(c, p)
	}
}

// grid lays the children out in rows.
func (l *Layout) grid(n *scenegraph.Node, r *Rect) {
	x0, _, x1, _ := l.inner(r)
	width := x1 - x0
	// First pass: the rows' heights and the widest row, for resizing.
	var rowsH, maxW, rowW, rowH float32
	rows, inRow := 0, 0
	for _, c := range n.Children() {
		if !c.Active() {
			continue
		}
		sz, _ := extent(c, rectOf(c))
		if inRow > 0 && l.wraps(inRow, rowW+l.Spacing[0]+sz[0], width) {
			rowsH += rowH
			maxW = max(maxW, rowW)
			rows++
			rowW, rowH, inRow = 0, 0, 0
		}
		if inRow > 0 {
			rowW += l.Spacing[0]
		}
		rowW += sz[0]
		rowH = max(rowH, sz[1])
		inRow++
	}
	if inRow > 0 {
		rowsH += rowH
		maxW = max(maxW, rowW)
		rows++
	}
	if l.ResizeContainer {
		sz := r.Size()
		if rows > 0 {
			sz[1] = rowsH + l.Spacing[1]*float32(rows-1)
		} else {
			sz[1] = 0
		}
		sz[1] += l.Padding.Top + l.Padding.Bottom
		if l.Columns > 0 {
			sz[0] = maxW + l.Padding.Left + l.Padding.Right
		}
		r.SetSize(sz[0], sz[1])
		x0, _, x1, _ = l.inner(r)
		width = x1 - x0
	}
	_, y0, _, y1 := l.inner(r)
	// Second pass: place, row by row.
	var rowStart int
	children := n.Children()
	yCur := y1 // top edge of the current row (bottom edge with BottomToTop)
	if l.BottomToTop {
		yCur = y0
	}
	for rowStart < len(children) {
		// Find the row: its end and height.
		end, inRow := rowStart, 0
		var w, h float32
		for end < len(children) {
			c := children[end]
			if !c.Active() {
				end++
				continue
			}
			sz, _ := extent(c, rectOf(c))
			if inRow > 0 && l.wraps(inRow, w+l.Spacing[0]+sz[0], width) {
				break
			}
			if inRow > 0 {
				w += l.Spacing[0]
			}
			w += sz[0]
			h = max(h, sz[1])
			inRow++
			end++
		}
		if inRow == 0 {
			break
		}
		xCur := x0
		if l.RightToLeft {
			xCur = x1
		}
		for _, c := range children[rowStart:end] {
			if !c.Active() {
				continue
			}
			sz, an := extent(c, rectOf(c))
			p := c.Position()
			if l.RightToLeft {
				p[0] = xCur - (1-an[0])*sz[0]
				xCur -= sz[0] + l.Spacing[0]
			} else {
				p[0] = xCur + an[0]*sz[0]
				xCur += sz[0] + l.Spacing[0]
			}
			if l.BottomToTop {
				p[1] = yCur + an[1]*sz[1]
			} else {
				p[1] = yCur - (1-an[1])*sz[1]
			}
			setPos(c, p)
		}
		if l.BottomToTop {
			yCur += h + l.Spacing[1]
		} else {
			yCur -= h + l.Spacing[1]
		}
		rowStart = end
	}
}

// wraps reports whether a grid row of inRow children must wrap before the
// next one, given the row's width with it.
func (l *Layout) wraps(inRow int, widthWith, limit float32) bool {
	if l.Columns > 0 {
		return inRow >= l.Columns
	}
	return widthWith > limit+1e-4
}

// setPos moves c to p unless it is there already (so that an unchanged
// layout does not mark transforms changed).
func setPos(c *scenegraph.Node, p mgl32.Vec3) {
	if c.Position() != p {
		c.SetPosition(p)
	}
}
