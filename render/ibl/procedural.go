package ibl

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// SkyOptions describes a procedural sky (see ProceduralSky); zero
// colours take the defaults: a clear blue day.
type SkyOptions struct {
	Zenith, Horizon, Ground mgl32.Vec3 // linear radiance
	// SunDir points towards the sun (zero: none); SunColor is its
	// radiance (default 50 × white, a disc bright enough to light a
	// scene), SunSize its angular radius in degrees (default 2).
	SunDir, SunColor mgl32.Vec3
	SunSize          float32
}

// ProceduralSky returns a w x h equirectangular environment (the mapping
// of EquirectUV): a gradient from the horizon to the zenith, a ground of
// one colour below the horizon and a sun disc, for scenes without an HDR
// file (and tests, which need no file).
func ProceduralSky(w, h int, o SkyOptions) *HDR {
	def := func(v *mgl32.Vec3, d mgl32.Vec3) {
		if *v == (mgl32.Vec3{}) {
			*v = d
		}
	}
	def(&o.Zenith, mgl32.Vec3{0.15, 0.35, 0.9})
	def(&o.Horizon, mgl32.Vec3{0.8, 0.85, 0.95})
	def(&o.Ground, mgl32.Vec3{0.25, 0.2, 0.15})
	def(&o.SunColor, mgl32.Vec3{50, 50, 50})
	if o.SunSize == 0 {
		o.SunSize = 2
	}
	sun := o.SunDir
	if sun != (mgl32.Vec3{}) {
		sun = sun.Normalize()
	}
	cosSun := float32(math.Cos(float64(o.SunSize) * math.Pi / 180))
	m := &HDR{Width: w, Height: h, Pix: make([]float32, 3*w*h)}
	for y := 0; y < h; y++ {
		theta := math.Pi * (float64(y) + 0.5) / float64(h) // 0 at the zenith
		for x := 0; x < w; x++ {
			phi := 2*math.Pi*((float64(x)+0.5)/float64(w)) - math.Pi // EquirectUV: u = 0.5 + atan2(x, -z)/2π
			d := mgl32.Vec3{float32(math.Sin(theta) * math.Sin(phi)), float32(math.Cos(theta)), float32(-math.Sin(theta) * math.Cos(phi))}
			var c mgl32.Vec3
			if d[1] >= 0 {
				t := float32(math.Pow(float64(d[1]), 0.5))
				c = o.Horizon.Mul(1 - t).Add(o.Zenith.Mul(t))
			} else {
				c = o.Ground
			}
			if sun != (mgl32.Vec3{}) && d.Dot(sun) >= cosSun {
				c = o.SunColor
			}
			copy(m.Pix[3*(y*w+x):], c[:])
		}
	}
	return m
}
