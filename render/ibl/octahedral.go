package ibl

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// OctahedralUV maps a unit direction to [0, 1]² by the octahedral
// mapping (Cigolle et al. 2014): the direction's octant is folded onto a
// square, +Z at the centre and -Z at the four corners. A whole sphere
// fits one 2D image with no faces, so prefiltered levels stack as the
// layers of a 2D array texture.
func OctahedralUV(d mgl32.Vec3) (u, v float32) {
	s := abs(d[0]) + abs(d[1]) + abs(d[2])
	x, y, z := d[0]/s, d[1]/s, d[2]/s
	if z < 0 {
		x, y = (1-abs(y))*sign(x), (1-abs(x))*sign(y)
	}
	return x*0.5 + 0.5, y*0.5 + 0.5
}

// OctahedralDirection is the inverse of OctahedralUV: the unit direction
// at u, v.
func OctahedralDirection(u, v float32) mgl32.Vec3 {
	x, y := 2*u-1, 2*v-1
	z := 1 - abs(x) - abs(y)
	if z < 0 {
		x, y = (1-abs(y))*sign(x), (1-abs(x))*sign(y)
	}
	return mgl32.Vec3{x, y, z}.Normalize()
}

func sign(x float32) float32 {
	if x < 0 {
		return -1
	}
	return 1
}

// OctahedralLevels returns the prefiltered specular levels of c (see
// Prefilter: level i is for roughness i/(levels-1)) as octahedral images
// of size x size texels each (rougher levels are computed at lower
// resolution and scaled up: they hold no detail), RGB float32, texel (s, t) at
// [3*(t*size+s)] for u = (s+0.5)/size, v = (t+0.5)/size; row 0 first, as
// glTexImage3D reads a 2D array's layers.
func OctahedralLevels(c *Cubemap, size, levels int) ([][]float32, error) {
	if c == nil || size < 2 || levels < 1 || levels > 16 {
		return nil, fmt.Errorf("ibl: OctahedralLevels: bad cubemap, size %d or level count %d", size, levels)
	}
	chain := []*Cubemap{c}
	for chain[len(chain)-1].Size > 1 {
		chain = append(chain, chain[len(chain)-1].Downsample())
	}
	out := make([][]float32, levels)
	for l := range out {
		rough := float32(0)
		if levels > 1 {
			rough = float32(l) / float32(levels-1)
		}
		// Rougher levels vary slowly: compute them at a size halved per
		// level (at least 32: smaller ones show the octahedral folds as
		// creases once scaled up) and upscale bilinearly into the layer.
		n := max(size>>l, min(size, 32))
		small := make([]float32, 3*n*n)
		forRows(n, func(t int) {
			for s := 0; s < n; s++ {
				d := OctahedralDirection((float32(s)+0.5)/float32(n), (float32(t)+0.5)/float32(n))
				col := prefilterTexel(chain, d, rough)
				copy(small[3*(t*n+s):], col[:])
			}
		})
		if n == size {
			out[l] = small
			continue
		}
		img := make([]float32, 3*size*size)
		k := float32(n) / float32(size)
		for t := 0; t < size; t++ {
			for s := 0; s < size; s++ {
				col := bilinear(small, n, n, (float32(s)+0.5)*k-0.5, (float32(t)+0.5)*k-0.5, false)
				copy(img[3*(t*size+s):], col[:])
			}
		}
		out[l] = img
	}
	return out, nil
}

// forRows runs fn for rows 0..n-1 on six goroutines and waits.
func forRows(n int, fn func(row int)) {
	forFaces(func(w int) {
		for r := w; r < n; r += 6 {
			fn(r)
		}
	})
}
