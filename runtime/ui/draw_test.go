package ui

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

type box struct{ x0, y0, x1, y1, u0, v0, u1, v1 float32 }

func boxOf(q drawnQuad) box { return box{q.x0, q.y0, q.x1, q.y1, q.u0, q.v0, q.u1, q.v1} }

func nearBox(a, b box) bool {
	return near(a.x0, b.x0) && near(a.y0, b.y0) && near(a.x1, b.x1) && near(a.y1, b.y1) &&
		near(a.u0, b.u0) && near(a.v0, b.v0) && near(a.u1, b.u1) && near(a.v1, b.v1)
}

func TestNineSliceQuadsAndUVs(t *testing.T) {
	w := newWorld(t, 400, 300)
	tex := w.sink.f.CreateTexture(render.TextureDesc{Width: 100, Height: 50}, nil)
	n, r := w.add(nil, "Panel", 200, 150, 200, 100) // x 100..300, y 100..200
	s := scenegraph.AddComponent(n, NewNineSlice(tex, 100, 50, Insets{Left: 10, Right: 20, Top: 5, Bottom: 15}))
	s.Color = render.RGBA(1, 2, 3, 255)
	w.tick()
	qs := w.sink.quads()
	if len(qs) != 9 {
		t.Fatalf("%d quads, want 9", len(qs))
	}
	xs := [4]float32{100, 110, 280, 300}
	ys := [4]float32{100, 115, 195, 200}
	us := [4]float32{0, 0.1, 0.8, 1}
	vs := [4]float32{1, 0.7, 0.1, 0} // bottom to top
	k := 0
	for row := 0; row < 3; row++ {
		for col := 0; col < 3; col++ {
			want := box{xs[col], ys[row], xs[col+1], ys[row+1], us[col], vs[row], us[col+1], vs[row+1]}
			if got := boxOf(qs[k]); !nearBox(got, want) {
				t.Fatalf("quad %d (row %d col %d): %+v, want %+v", k, row, col, got, want)
			}
			if qs[k].texture != tex || qs[k].color != s.Color || qs[k].item.Key != qs[0].item.Key {
				t.Fatalf("quad %d: texture %v colour %08x key %x (all nine share texture, colour and sort key)", k, qs[k].texture, uint32(qs[k].color), qs[k].item.Key)
			}
			k++
		}
	}
	// Hollow: no center.
	s.Hollow = true
	w.tick()
	if qs := w.sink.quads(); len(qs) != 8 {
		t.Fatalf("hollow: %d quads, want 8", len(qs))
	}
	// Borders wider than the rect shrink in proportion; the empty middle
	// column and row are left out, the corners keep their UVs.
	s.Hollow = false
	r.SetSize(20, 10) // x 190..210, y 145..155
	w.tick()
	qs = w.sink.quads()
	if len(qs) != 4 {
		t.Fatalf("small rect: %d quads, want the 4 corners", len(qs))
	}
	l, rt, b := float32(20*10.0/30), float32(20*20.0/30), float32(10*15.0/20)
	want := []box{
		{190, 145, 190 + l, 145 + b, 0, 1, 0.1, 0.7},
		{210 - rt, 145, 210, 145 + b, 0.8, 1, 1, 0.7},
		{190, 145 + b, 190 + l, 155, 0, 0.1, 0.1, 0},
		{210 - rt, 145 + b, 210, 155, 0.8, 0.1, 1, 0},
	}
	for i := range want {
		if got := boxOf(qs[i]); !nearBox(got, want[i]) {
			t.Fatalf("corner %d: %+v, want %+v", i, got, want[i])
		}
	}
	// Off the screen: culled, nothing recorded.
	n.SetPositionXY(5000, 150)
	w.tick()
	if qs := w.sink.quads(); len(qs) != 0 || w.s.RenderStats().Culled == 0 {
		t.Fatalf("%d quads off screen, stats %+v", len(qs), w.s.RenderStats())
	}
}

func TestNineSliceFollowsTransform(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, _ := w.add(nil, "Panel", 200, 150, 40, 20)
	n.SetScale(mgl32.Vec3{2, 3, 1})
	scenegraph.AddComponent(n, NewNineSlice(0, 0, 0, Insets{Left: 4, Right: 4, Top: 4, Bottom: 4}))
	w.tick()
	qs := w.sink.quads()
	if len(qs) != 9 {
		t.Fatalf("%d quads", len(qs))
	}
	// The whole: local -20..20 × -10..10, scaled 2×3 around (200, 150).
	minX, minY := float32(math.Inf(1)), float32(math.Inf(1))
	maxX, maxY := float32(math.Inf(-1)), float32(math.Inf(-1))
	for _, q := range qs {
		minX, minY, maxX, maxY = min(minX, q.x0), min(minY, q.y0), max(maxX, q.x1), max(maxY, q.y1)
	}
	if !near(minX, 160) || !near(maxX, 240) || !near(minY, 120) || !near(maxY, 180) {
		t.Fatalf("bounds %v %v %v %v", minX, minY, maxX, maxY)
	}
	// The left border is 4 local units: 8 world units wide.
	if !near(qs[0].x1-qs[0].x0, 8) || !near(qs[0].y1-qs[0].y0, 12) {
		t.Fatalf("corner %+v", boxOf(qs[0]))
	}
}

func TestProgressBarGeometry(t *testing.T) {
	w := newWorld(t, 400, 300)
	n, r := w.add(nil, "Bar", 200, 150, 200, 20) // x 100..300, y 140..160
	p := scenegraph.AddComponent(n, NewProgressBar(0.25))
	p.Padding = 2
	check := func(what string, want ...box) {
		t.Helper()
		w.tick()
		qs := w.sink.quads()
		if len(qs) != len(want) {
			t.Fatalf("%s: %d quads, want %d", what, len(qs), len(want))
		}
		for i := range want {
			if got := boxOf(qs[i]); !nearBox(got, want[i]) {
				t.Fatalf("%s: quad %d %+v, want %+v", what, i, got, want[i])
			}
		}
		if len(qs) == 2 && (qs[0].color != p.BackgroundColor || qs[1].color != p.BarColor) {
			t.Fatalf("%s: the background must come first", what)
		}
	}
	bg := box{100, 140, 300, 160, 0, 1, 1, 0}
	check("a quarter", bg, box{102, 142, 151, 158, 0, 1, 0.25, 0})
	p.Reverse = true
	check("reversed", bg, box{249, 142, 298, 158, 0.75, 1, 1, 0})
	p.Reverse, p.Progress = false, 1.5
	check("clamped to 1", bg, box{102, 142, 298, 158, 0, 1, 1, 0})
	p.Progress = float32(math.NaN())
	check("NaN is empty", bg)
	p.Progress = 0.5
	p.Bar.UV = mgl32.Vec4{0.5, 0, 1, 0.5} // a texture region: cropped, not squeezed
	check("cropped region", bg, box{102, 142, 200, 158, 0.5, 0.5, 0.75, 0})
	p.Bar.UV = mgl32.Vec4{}
	p.Vertical = true
	r.SetSize(20, 200) // x 190..210, y 50..250
	bgV := box{190, 50, 210, 250, 0, 1, 1, 0}
	check("vertical", bgV, box{192, 52, 208, 150, 0, 1, 1, 0.5})
	p.Reverse = true
	check("vertical reversed", bgV, box{192, 150, 208, 248, 0, 0.5, 1, 0})
	p.BackgroundColor = 0
	check("no background", box{192, 150, 208, 248, 0, 0.5, 1, 0})
}
