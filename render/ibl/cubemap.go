package ibl

import (
	"fmt"
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl32"
)

// Cube faces, in the order OpenGL numbers them
// (GL_TEXTURE_CUBE_MAP_POSITIVE_X + face).
const (
	FacePosX = iota
	FaceNegX
	FacePosY
	FaceNegY
	FacePosZ
	FaceNegZ
)

// Cubemap is a floating-point RGB cubemap: six square faces of Size x
// Size texels, three float32 each. Faces[f][3*(t*Size+s)] is the texel in
// column s, row t of face f in OpenGL's texel order (row 0 is t = 0, the
// first row glTexImage2D reads), so a face uploads as it is; [Direction]
// gives the world direction a texel looks along.
type Cubemap struct {
	Size  int
	Faces [6][]float32
}

// NewCubemap returns a black cubemap of the given face size.
func NewCubemap(size int) *Cubemap {
	c := &Cubemap{Size: size}
	for f := range c.Faces {
		c.Faces[f] = make([]float32, 3*size*size)
	}
	return c
}

// Direction returns the unit direction through the texel at column s, row
// t of face f of a cubemap of the given size (the texel's centre), by the
// OpenGL specification's cube-map face table.
func Direction(face, s, t, size int) mgl32.Vec3 {
	sc := 2*(float32(s)+0.5)/float32(size) - 1
	tc := 2*(float32(t)+0.5)/float32(size) - 1
	return faceDir(face, sc, tc).Normalize()
}

// faceDir inverts the table: the (unnormalized) direction whose major axis
// is face's and whose projected coordinates are sc, tc in [-1, 1].
func faceDir(face int, sc, tc float32) mgl32.Vec3 {
	switch face {
	case FacePosX:
		return mgl32.Vec3{1, -tc, -sc}
	case FaceNegX:
		return mgl32.Vec3{-1, -tc, sc}
	case FacePosY:
		return mgl32.Vec3{sc, 1, tc}
	case FaceNegY:
		return mgl32.Vec3{sc, -1, -tc}
	case FacePosZ:
		return mgl32.Vec3{sc, -tc, 1}
	default:
		return mgl32.Vec3{-sc, -tc, -1}
	}
}

// faceCoords maps a direction to its face and the face's s, t in [0, 1].
func faceCoords(d mgl32.Vec3) (face int, s, t float32) {
	ax, ay, az := abs(d[0]), abs(d[1]), abs(d[2])
	var sc, tc, ma float32
	switch {
	case ax >= ay && ax >= az:
		ma = ax
		if d[0] > 0 {
			face, sc, tc = FacePosX, -d[2], -d[1]
		} else {
			face, sc, tc = FaceNegX, d[2], -d[1]
		}
	case ay >= az:
		ma = ay
		if d[1] > 0 {
			face, sc, tc = FacePosY, d[0], d[2]
		} else {
			face, sc, tc = FaceNegY, d[0], -d[2]
		}
	default:
		ma = az
		if d[2] > 0 {
			face, sc, tc = FacePosZ, d[0], -d[1]
		} else {
			face, sc, tc = FaceNegZ, -d[0], -d[1]
		}
	}
	if ma == 0 {
		return FacePosX, 0.5, 0.5
	}
	return face, (sc/ma + 1) / 2, (tc/ma + 1) / 2
}

func abs(x float32) float32 { return float32(math.Abs(float64(x))) }

// Sample returns the cubemap's colour along direction d (any length but
// zero), filtered bilinearly within the face (clamped at its edges).
func (c *Cubemap) Sample(d mgl32.Vec3) mgl32.Vec3 {
	face, s, t := faceCoords(d)
	return bilinear(c.Faces[face], c.Size, c.Size, s*float32(c.Size)-0.5, t*float32(c.Size)-0.5, false)
}

// bilinear samples an RGB float image of w x h at texel coordinates x, y
// (texel centres at integers); it repeats horizontally when wrapX is
// set, and clamps otherwise.
func bilinear(pix []float32, w, h int, x, y float32, wrapX bool) mgl32.Vec3 {
	x0f, y0f := float32(math.Floor(float64(x))), float32(math.Floor(float64(y)))
	fx, fy := x-x0f, y-y0f
	x0, y0 := int(x0f), int(y0f)
	x1, y1 := x0+1, y0+1
	if wrapX {
		x0, x1 = ((x0%w)+w)%w, ((x1%w)+w)%w
	} else {
		x0, x1 = clampInt(x0, w), clampInt(x1, w)
	}
	y0, y1 = clampInt(y0, h), clampInt(y1, h)
	at := func(x, y int) mgl32.Vec3 {
		i := 3 * (y*w + x)
		return mgl32.Vec3{pix[i], pix[i+1], pix[i+2]}
	}
	top := at(x0, y0).Mul(1 - fx).Add(at(x1, y0).Mul(fx))
	bot := at(x0, y1).Mul(1 - fx).Add(at(x1, y1).Mul(fx))
	return top.Mul(1 - fy).Add(bot.Mul(fy))
}

func clampInt(v, n int) int { return min(max(v, 0), n-1) }

// EquirectUV returns where direction d (unit length) falls in an
// equirectangular image: u in [0, 1) runs once around the horizon from
// -Z through +X (u = 0.5 looks along -Z, the default camera's forward),
// and v in [0, 1] from straight up (+Y, the image's top row) to straight
// down.
func EquirectUV(d mgl32.Vec3) (u, v float32) {
	u = 0.5 + float32(math.Atan2(float64(d[0]), float64(-d[2])))/(2*math.Pi)
	v = float32(math.Acos(float64(min(max(d[1], -1), 1)))) / math.Pi
	return u, v
}

// FromEquirect resamples an equirectangular (latitude-longitude)
// environment into a cubemap of the given face size (see [EquirectUV]
// for the mapping), bilinearly. It returns an error for a size below 1 or
// an image of no pixels.
func FromEquirect(m *HDR, size int) (*Cubemap, error) {
	if size < 1 || m == nil || m.Width < 1 || m.Height < 1 || len(m.Pix) != 3*m.Width*m.Height {
		return nil, fmt.Errorf("ibl: FromEquirect: bad image or face size %d", size)
	}
	c := NewCubemap(size)
	forFaces(func(f int) {
		out := c.Faces[f]
		for t := 0; t < size; t++ {
			for s := 0; s < size; s++ {
				u, v := EquirectUV(Direction(f, s, t, size))
				col := bilinear(m.Pix, m.Width, m.Height, u*float32(m.Width)-0.5, v*float32(m.Height)-0.5, true)
				copy(out[3*(t*size+s):], col[:])
			}
		}
	})
	return c, nil
}

// Downsample returns c at half the size (at least 1), each texel the
// mean of the four it covers.
func (c *Cubemap) Downsample() *Cubemap {
	if c.Size == 1 {
		return c
	}
	n := c.Size / 2
	d := NewCubemap(n)
	for f := range d.Faces {
		src, dst := c.Faces[f], d.Faces[f]
		for t := 0; t < n; t++ {
			for s := 0; s < n; s++ {
				for k := 0; k < 3; k++ {
					i := func(s, t int) int { return 3*(t*c.Size+s) + k }
					dst[3*(t*n+s)+k] = (src[i(2*s, 2*t)] + src[i(2*s+1, 2*t)] + src[i(2*s, 2*t+1)] + src[i(2*s+1, 2*t+1)]) / 4
				}
			}
		}
	}
	return d
}

// forFaces runs fn for the six faces in parallel and waits.
func forFaces(fn func(face int)) {
	var wg sync.WaitGroup
	for f := 0; f < 6; f++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(f)
		}()
	}
	wg.Wait()
}

// texelSolidAngle returns the solid angle the texel at s, t of a face of
// the given size covers (exact: the area on the unit sphere of the
// projected square).
func texelSolidAngle(s, t, size int) float32 {
	inv := 1 / float64(size)
	x0, y0 := 2*float64(s)*inv-1, 2*float64(t)*inv-1
	x1, y1 := x0+2*inv, y0+2*inv
	area := func(x, y float64) float64 { return math.Atan2(x*y, math.Sqrt(x*x+y*y+1)) }
	return float32(area(x0, y0) - area(x0, y1) - area(x1, y0) + area(x1, y1))
}
