package scenegraph

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
)

// uvAt returns the texture coordinates of the recorded corner at world
// (x, y) of the only sprite in f.
func uvAt(t *testing.T, f *render.Frame, x, y float32) mgl32.Vec2 {
	t.Helper()
	vs := f.SpriteVertices()
	if len(vs) != 4 {
		t.Fatalf("%d sprite vertices, want 4", len(vs))
	}
	for _, v := range vs {
		if v.X == x && v.Y == y {
			return mgl32.Vec2{v.U, v.V}
		}
	}
	t.Fatalf("no corner at (%v, %v): %+v", x, y, vs)
	return mgl32.Vec2{}
}

// frameSprite returns a sprite at (100, 100) in a 2D scene, and the scene
// and frame to extract it with.
func frameSprite(t *testing.T) (*Scene, *Sprite, *render.Frame) {
	s, _, f := scene2D(t)
	return s, spriteAt(s, "S", 100, 100), f
}

// SetFrame sets texture, region and size; the quad is the region, upright.
func TestSpriteSetFrame(t *testing.T) {
	s, sp, f := frameSprite(t)
	sp.SetFrame(SpriteFrame{Texture: 7, UV: mgl32.Vec4{0.25, 0.5, 0.75, 1}, Size: mgl32.Vec2{20, 10}})
	Extract(s, f)
	if sp.Texture != 7 || sp.Size != (mgl32.Vec2{20, 10}) || sp.UVRotated || sp.Trim != (mgl32.Vec4{}) {
		t.Fatalf("sprite after SetFrame: %+v", sp)
	}
	items := f.Items()
	if len(items) != 1 {
		t.Fatalf("%d items", len(items))
	}
	if tex := f.SpriteInstances()[0]; tex.U0 != 0.25 || tex.V0 != 0.5 || tex.U1 != 0.75 || tex.V1 != 1 {
		t.Fatalf("instance %+v", tex)
	}
	// Centered on (100, 100): bottom-left (90, 95) shows the region's
	// bottom-left (u0, v1); top-right (110, 105) its top-right (u1, v0).
	if uv := uvAt(t, f, 90, 95); uv != (mgl32.Vec2{0.25, 1}) {
		t.Fatalf("bottom-left shows %v", uv)
	}
	if uv := uvAt(t, f, 110, 105); uv != (mgl32.Vec2{0.75, 0.5}) {
		t.Fatalf("top-right shows %v", uv)
	}
}

// A trimmed frame sits in its untrimmed rectangle, which the Anchor places:
// frames trimmed differently stay in place; flips mirror the margins.
func TestSpriteSetFrameTrimmed(t *testing.T) {
	s, sp, f := frameSprite(t)
	// 10x6 of a 16x10 image: 2 cut on the left, 3 below, 4 right, 1 above.
	sp.SetFrame(SpriteFrame{Size: mgl32.Vec2{10, 6}, Trim: mgl32.Vec4{2, 3, 4, 1}})
	Extract(s, f)
	// The untrimmed rectangle is centered: (92, 95)-(108, 105); the quad is
	// (94, 98)-(104, 104).
	vs := f.SpriteVertices()
	if vs[0].X != 94 || vs[0].Y != 98 || vs[2].X != 104 || vs[2].Y != 104 {
		t.Fatalf("trimmed quad %v,%v - %v,%v; want 94,98 - 104,104", vs[0].X, vs[0].Y, vs[2].X, vs[2].Y)
	}

	f.Reset()
	sp.FlipX, sp.FlipY = true, true
	Extract(s, f)
	vs = f.SpriteVertices()
	if vs[0].X != 96 || vs[0].Y != 96 || vs[2].X != 106 || vs[2].Y != 102 {
		t.Fatalf("flipped trimmed quad %v,%v - %v,%v; want 96,96 - 106,102", vs[0].X, vs[0].Y, vs[2].X, vs[2].Y)
	}

	// Anchor at the bottom-left of the untrimmed image: the quad starts at
	// the margins.
	f.Reset()
	sp.FlipX, sp.FlipY = false, false
	sp.Anchor = mgl32.Vec2{0, 0}
	Extract(s, f)
	vs = f.SpriteVertices()
	if vs[0].X != 102 || vs[0].Y != 103 {
		t.Fatalf("anchored at the untrimmed corner: quad starts at %v,%v, want 102,103", vs[0].X, vs[0].Y)
	}

	// An untrimmed frame clears the trim.
	sp.SetFrame(SpriteFrame{Size: mgl32.Vec2{8, 8}})
	if sp.Trim != (mgl32.Vec4{}) {
		t.Fatalf("trim %v after an untrimmed frame", sp.Trim)
	}
}

// A rotated frame's region holds the image turned 90° clockwise: the quad
// is Size upright, and each corner shows the region's corner that the turn
// moved it to (upright top-left at the region's top-right, and so on).
func TestSpriteSetFrameRotated(t *testing.T) {
	s, sp, f := frameSprite(t)
	// A 20x10 image stored as a 10x20 region at u 0.5..0.75, v 0..0.5.
	const u0, v0, u1, v1 = 0.5, 0, 0.75, 0.5
	sp.SetFrame(SpriteFrame{Texture: 3, UV: mgl32.Vec4{u0, v0, u1, v1}, Rotated: true, Size: mgl32.Vec2{20, 10}})
	Extract(s, f)
	if !sp.UVRotated {
		t.Fatal("UVRotated not set")
	}
	// The quad is (90, 95)-(110, 105), as for an upright 20x10 frame.
	corners := []struct {
		name string
		x, y float32
		want mgl32.Vec2
	}{
		{"top-left", 90, 105, mgl32.Vec2{u1, v0}},     // region top-right
		{"top-right", 110, 105, mgl32.Vec2{u1, v1}},   // region bottom-right
		{"bottom-right", 110, 95, mgl32.Vec2{u0, v1}}, // region bottom-left
		{"bottom-left", 90, 95, mgl32.Vec2{u0, v0}},   // region top-left
	}
	for _, c := range corners {
		if uv := uvAt(t, f, c.x, c.y); uv != c.want {
			t.Errorf("rotated: %s corner shows %v, want %v", c.name, uv, c.want)
		}
	}
	// FlipX mirrors the upright image: the bottom-left corner shows what
	// the bottom-right showed.
	f.Reset()
	sp.FlipX = true
	Extract(s, f)
	if uv := uvAt(t, f, 90, 95); uv != (mgl32.Vec2{u0, v1}) {
		t.Errorf("rotated, FlipX: bottom-left shows %v, want %v", uv, mgl32.Vec2{u0, v1})
	}
	if uv := uvAt(t, f, 90, 105); uv != (mgl32.Vec2{u1, v1}) {
		t.Errorf("rotated, FlipX: top-left shows %v, want %v", uv, mgl32.Vec2{u1, v1})
	}
	// FlipY: the bottom-left corner shows what the top-left showed.
	f.Reset()
	sp.FlipX, sp.FlipY = false, true
	Extract(s, f)
	if uv := uvAt(t, f, 90, 95); uv != (mgl32.Vec2{u1, v0}) {
		t.Errorf("rotated, FlipY: bottom-left shows %v, want %v", uv, mgl32.Vec2{u1, v0})
	}
	// Culling sees the same quad: a rotated sprite off screen is culled.
	f.Reset()
	sp.FlipY = false
	sp.Node().SetPositionXY(-30, 100)
	Extract(s, f)
	if st := s.RenderStats(); st.Culled != 1 || st.Rendered != 0 {
		t.Fatalf("off screen: %+v", st)
	}
}
