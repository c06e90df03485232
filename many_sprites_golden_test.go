package tact

import (
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// manySprites returns a scene of 3,000 small sprites in the arrow texture's
// four quadrants, tinted (some translucent), at fractional positions, plus
// rotated and scaled sprites on top: with bulk, the small ones are the
// entries of one SpriteBatch, otherwise a node and a Sprite each. Both give
// the same instances, so the same picture.
func manySprites(bulk bool) StartFunc {
	return func(g *Game) (*scenegraph.Scene, error) {
		s := scenegraph.NewScene("Many")
		cam := scenegraph.NewNode("Camera")
		cam.SetPositionXY(160, 120)
		s.AddChild(cam)
		scenegraph.AddComponent(cam, scenegraph.NewOrthoCamera(render.RGBA(24, 24, 32, 255)))
		tex := g.Renderer().Frame().CreateTexture(render.TextureDesc{Width: 16, Height: 16, Filter: render.FilterNearest}, arrowTexture())
		frames := []mgl32.Vec4{{0, 0, 0.5, 0.5}, {0.5, 0, 1, 0.5}, {0, 0.5, 0.5, 1}, {0.5, 0.5, 1, 1}}

		r := rand.New(rand.NewSource(16))
		root := scenegraph.NewNode("Small")
		s.AddChild(root)
		var sb *scenegraph.SpriteBatch
		if bulk {
			sb = scenegraph.AddComponent(root, scenegraph.NewSpriteBatch(tex, 6, 6))
			sb.Frames = frames
		}
		for i := range 3000 {
			p := mgl32.Vec2{r.Float32() * 316, r.Float32() * 236}
			c := render.RGBA(uint8(128+r.Intn(128)), uint8(128+r.Intn(128)), 255, 255)
			if i%5 == 0 {
				c = c.WithAlpha(uint8(96 + r.Intn(128)))
			}
			f := uint16(r.Intn(4))
			if bulk {
				sb.Positions = append(sb.Positions, p)
				sb.Colors = append(sb.Colors, c)
				sb.FrameOf = append(sb.FrameOf, f)
				continue
			}
			n := scenegraph.NewNode("S")
			n.SetPositionXY(p[0], p[1])
			root.AddChild(n)
			sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex, 6, 6))
			sp.UV, sp.Color = frames[f], c
		}
		for i := range 12 {
			n := scenegraph.NewNode("Big")
			n.SetPositionXY(20+float32(i)*26, 120+float32(i%3)*30)
			n.SetAngle(float32(i) * 15)
			n.SetScale(mgl32.Vec3{1 + float32(i%3)*0.25, 1, 1})
			s.AddChild(n)
			sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex, 20, 14))
			sp.SortLayer = 1
		}
		return s, nil
	}
}

// Thousands of small sprites give the golden picture threaded and on the
// main thread, through nodes and through a SpriteBatch alike (on the
// default sprite paths: point sprites for the small squares, instanced
// quads for the rotated ones).
func TestManySpritesGolden(t *testing.T) {
	nodes := shoot(t, false, manySprites(false))
	checkGolden(t, "manysprites", nodes)
	if *updateGolden {
		return
	}
	for _, c := range []struct {
		name   string
		onMain bool
		bulk   bool
	}{{"nodes on main", true, false}, {"bulk threaded", false, true}, {"bulk on main", true, true}} {
		img := shoot(t, c.onMain, manySprites(c.bulk))
		checkGolden(t, "manysprites", img)
		bad := 0
		for i := range img.Pix {
			if img.Pix[i] != nodes.Pix[i] {
				bad++
			}
		}
		if bad != 0 {
			t.Errorf("%s: %d channel values differ from the threaded node picture", c.name, bad)
		}
	}
}
