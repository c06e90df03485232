package gl_test

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// This file reimplements the built-in mesh program's shading in float64, so
// that tests can predict lit pixels independently of the GLSL.

// toneMapRGB is ACES filmic tone mapping (Hill's fit of the RRT and sRGB
// ODT), as mesh.frag: into the ACES working space, the curve, back.
func toneMapRGB(c [3]float64) [3]float64 {
	// Rows of the GLSL matrices (which are written column by column).
	in := [3][3]float64{{0.59719, 0.35458, 0.04823}, {0.07600, 0.90834, 0.01566}, {0.02840, 0.13383, 0.83777}}
	out := [3][3]float64{{1.60475, -0.53108, -0.07367}, {-0.10208, 1.10813, -0.00605}, {-0.00327, -0.07276, 1.07602}}
	mul := func(m [3][3]float64, v [3]float64) (r [3]float64) {
		for i := range 3 {
			r[i] = m[i][0]*v[0] + m[i][1]*v[1] + m[i][2]*v[2]
		}
		return r
	}
	v := mul(in, c)
	for i, x := range v {
		v[i] = (x*(x+0.0245786) - 0.000090537) / (x*(0.983729*x+0.4329510) + 0.238081)
	}
	r := mul(out, v)
	for i := range r {
		r[i] = min(max(r[i], 0), 1)
	}
	return r
}

// toneMapRef is toneMapRGB of a grey x (the matrices keep grey grey).
func toneMapRef(x float64) float64 { return toneMapRGB([3]float64{x, x, x})[0] }

// srgbRef encodes a linear value in [0, 1].
func srgbRef(c float64) float64 {
	if c < 0.0031308 {
		return c * 12.92
	}
	return 1.055*math.Pow(c, 1/2.4) - 0.055
}

// byteRef is a [0, 1] value as an 8-bit channel.
func byteRef(c float64) uint8 { return uint8(math.Round(min(max(c, 0), 1) * 255)) }

// displayRGB is the opaque screen color of linear light c (exposure 1).
func displayRGB(c [3]float64) color.RGBA {
	t := toneMapRGB(c)
	return color.RGBA{byteRef(srgbRef(t[0])), byteRef(srgbRef(t[1])), byteRef(srgbRef(t[2])), 255}
}

func dot(a, b mgl32.Vec3) float64 { return float64(a.Dot(b)) }

// sunRef is the light a surface of base color base, metallic and roughness
// reflects towards V (unit, towards the eye) from a light of color c (gray)
// arriving from L (unit, towards the light), with normal N.
func sunRef(base [3]float64, metallic, roughness float64, N, V, L mgl32.Vec3, c float64) [3]float64 {
	NdotL := dot(N, L)
	if NdotL <= 0 {
		return [3]float64{}
	}
	H := L.Add(V).Normalize()
	NdotV := max(dot(N, V), 1e-4)
	NdotH := max(dot(N, H), 0)
	VdotH := max(dot(V, H), 0)
	r := min(max(roughness, 0.045), 1)
	a2 := r * r * r * r
	f := NdotH*NdotH*(a2-1) + 1
	d := a2 / (math.Pi * f * f)
	vis := 0.5 / (NdotL*math.Sqrt(NdotV*NdotV*(1-a2)+a2) + NdotV*math.Sqrt(NdotL*NdotL*(1-a2)+a2))
	var out [3]float64
	for i := range out {
		f0 := 0.04*(1-metallic) + base[i]*metallic
		fr := f0 + (1-f0)*math.Pow(1-VdotH, 5)
		out[i] = (base[i]*(1-metallic) + fr*math.Pi*d*vis) * c * NdotL
	}
	return out
}

// ambientRef is the light a surface reflects from ambient light a (gray),
// seen at NdotV.
func ambientRef(base [3]float64, metallic, roughness, NdotV, a float64) [3]float64 {
	r := min(max(roughness, 0.045), 1)
	c0 := [4]float64{-1, -0.0275, -0.572, 0.022}
	c1 := [4]float64{1, 0.0425, 1.04, -0.04}
	var rr [4]float64
	for i := range rr {
		rr[i] = r*c0[i] + c1[i]
	}
	a004 := min(rr[0]*rr[0], math.Exp2(-9.28*NdotV))*rr[0] + rr[1]
	A, B := -1.04*a004+rr[2], 1.04*a004+rr[3]
	var out [3]float64
	for i := range out {
		f0 := 0.04*(1-metallic) + base[i]*metallic
		out[i] = a * (base[i]*(1-metallic) + f0*A + B)
	}
	return out
}
