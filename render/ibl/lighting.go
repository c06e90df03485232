package ibl

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// SH is a third-order (nine coefficient) real spherical-harmonic
// projection of an RGB environment, the form [Irradiance] convolves.
type SH [9]mgl32.Vec3

// shBasis returns the nine real spherical-harmonic basis functions at the
// unit direction d (Ramamoorthi and Hanrahan's constants).
func shBasis(d mgl32.Vec3) [9]float32 {
	x, y, z := d[0], d[1], d[2]
	return [9]float32{
		0.282095,
		0.488603 * y, 0.488603 * z, 0.488603 * x,
		1.092548 * x * y, 1.092548 * y * z, 0.315392 * (3*z*z - 1), 1.092548 * x * z, 0.546274 * (x*x - y*y),
	}
}

// ProjectSH projects the cubemap onto the nine basis functions, weighting
// each texel by the solid angle it covers.
func ProjectSH(c *Cubemap) SH {
	var faces [6]SH
	forFaces(func(f int) {
		var sh SH
		pix := c.Faces[f]
		for t := 0; t < c.Size; t++ {
			for s := 0; s < c.Size; s++ {
				w := texelSolidAngle(s, t, c.Size)
				col := mgl32.Vec3{pix[3*(t*c.Size+s)], pix[3*(t*c.Size+s)+1], pix[3*(t*c.Size+s)+2]}.Mul(w)
				for i, b := range shBasis(Direction(f, s, t, c.Size)) {
					sh[i] = sh[i].Add(col.Mul(b))
				}
			}
		}
		faces[f] = sh
	})
	var sh SH
	for _, fs := range faces {
		for i := range sh {
			sh[i] = sh[i].Add(fs[i])
		}
	}
	return sh
}

// Radiance returns the light a white Lambertian surface of unit normal n
// reflects under the environment sh projects: the cosine-weighted
// irradiance divided by π, so that a constant environment of radiance L
// gives L for every normal.
func (sh *SH) Radiance(n mgl32.Vec3) mgl32.Vec3 {
	// The cosine lobe's band factors π, 2π/3, π/4, then divided by π.
	a := [3]float32{1, 2.0 / 3, 0.25}
	var out mgl32.Vec3
	for i, b := range shBasis(n) {
		band := 2
		if i == 0 {
			band = 0
		} else if i < 4 {
			band = 1
		}
		out = out.Add(sh[i].Mul(a[band] * b))
	}
	return mgl32.Vec3{max(out[0], 0), max(out[1], 0), max(out[2], 0)}
}

// Irradiance returns the diffuse lighting cubemap of c at the given face
// size: each texel holds [SH.Radiance] for its direction as a normal (a
// white surface facing that way reflects this much), from c's
// third-order spherical-harmonic projection, which keeps a cosine
// convolution's result within about 1% for typical skies (Ramamoorthi and
// Hanrahan 2001). Multiply it by the albedo for the diffuse term.
func Irradiance(c *Cubemap, size int) (*Cubemap, error) {
	if c == nil || size < 1 {
		return nil, fmt.Errorf("ibl: Irradiance: bad cubemap or face size %d", size)
	}
	sh := ProjectSH(c)
	out := NewCubemap(size)
	forFaces(func(f int) {
		for t := 0; t < size; t++ {
			for s := 0; s < size; s++ {
				col := sh.Radiance(Direction(f, s, t, size))
				copy(out.Faces[f][3*(t*size+s):], col[:])
			}
		}
	})
	return out, nil
}

// PrefilterSamples is how many GGX samples each texel of a rough
// prefiltered level averages.
const PrefilterSamples = 128

// Prefilter returns the prefiltered specular cubemaps of c: levels cubes,
// level i of face size max(size>>i, 1) holding the environment
// convolved with the GGX lobe of roughness i/(levels-1) (level 0 is the
// mirror image, resampled), under the split-sum assumption that the view
// is along the normal. A shader samples level roughness*(levels-1), with
// trilinear filtering across the levels uploaded as a mip chain. Rough
// levels use filtered importance sampling (each sample reads the
// source's mip level whose texels match the sample's solid angle), so
// they show no fireflies from a small bright sun.
func Prefilter(c *Cubemap, size, levels int) ([]*Cubemap, error) {
	if c == nil || size < 1 || levels < 1 || levels > 16 {
		return nil, fmt.Errorf("ibl: Prefilter: bad cubemap, face size %d or level count %d", size, levels)
	}
	chain := []*Cubemap{c}
	for chain[len(chain)-1].Size > 1 {
		chain = append(chain, chain[len(chain)-1].Downsample())
	}
	out := make([]*Cubemap, levels)
	for l := range out {
		n := max(size>>l, 1)
		cube := NewCubemap(n)
		rough := float32(0)
		if levels > 1 {
			rough = float32(l) / float32(levels-1)
		}
		forFaces(func(f int) {
			for t := 0; t < n; t++ {
				for s := 0; s < n; s++ {
					col := prefilterTexel(chain, Direction(f, s, t, n), rough)
					copy(cube.Faces[f][3*(t*n+s):], col[:])
				}
			}
		})
		out[l] = cube
	}
	return out, nil
}

// prefilterTexel convolves the environment around normal n with the GGX
// lobe of the given roughness.
func prefilterTexel(chain []*Cubemap, n mgl32.Vec3, rough float32) mgl32.Vec3 {
	if rough == 0 {
		return chain[0].Sample(n)
	}
	a := rough * rough
	tx, ty := tangentFrame(n)
	texelAngle := 4 * math.Pi / (6 * float64(chain[0].Size) * float64(chain[0].Size))
	var sum mgl32.Vec3
	var weight float32
	for i := 0; i < PrefilterSamples; i++ {
		u1, u2 := hammersley(i, PrefilterSamples)
		h, nh := ggxHalf(u1, u2, a)
		hw := tx.Mul(h[0]).Add(ty.Mul(h[1])).Add(n.Mul(h[2]))
		l := hw.Mul(2 * nh).Sub(n) // reflect n about h (v = n)
		nl := n.Dot(l)
		if nl <= 0 {
			continue
		}
		// pdf of l = D(h)/4 when v = n; the sample covers 1/(N·pdf) sr.
		d := ggxD(nh, a)
		pdf := d / 4
		sampleAngle := 1 / (float64(PrefilterSamples) * float64(pdf))
		lod := max(0.5*math.Log2(sampleAngle/texelAngle)+1, 0)
		sum = sum.Add(sampleChain(chain, l, float32(lod)).Mul(nl))
		weight += nl
	}
	if weight == 0 {
		return chain[0].Sample(n)
	}
	return sum.Mul(1 / weight)
}

// sampleChain samples the mip chain at level lod, interpolating between
// the two nearest levels.
func sampleChain(chain []*Cubemap, d mgl32.Vec3, lod float32) mgl32.Vec3 {
	top := float32(len(chain) - 1)
	lod = min(lod, top)
	i := int(lod)
	f := lod - float32(i)
	c := chain[i].Sample(d)
	if f == 0 || i+1 >= len(chain) {
		return c
	}
	return c.Mul(1 - f).Add(chain[i+1].Sample(d).Mul(f))
}

// tangentFrame returns two unit vectors perpendicular to n and each other.
func tangentFrame(n mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	up := mgl32.Vec3{0, 0, 1}
	if abs(n[2]) > 0.999 {
		up = mgl32.Vec3{1, 0, 0}
	}
	tx := up.Cross(n).Normalize()
	return tx, n.Cross(tx)
}

// hammersley returns point i of the n-point Hammersley set in [0, 1)².
func hammersley(i, n int) (float32, float32) {
	b := uint32(i)
	b = (b << 16) | (b >> 16)
	b = ((b & 0x55555555) << 1) | ((b & 0xAAAAAAAA) >> 1)
	b = ((b & 0x33333333) << 2) | ((b & 0xCCCCCCCC) >> 2)
	b = ((b & 0x0F0F0F0F) << 4) | ((b & 0xF0F0F0F0) >> 4)
	b = ((b & 0x00FF00FF) << 8) | ((b & 0xFF00FF00) >> 8)
	return float32(i) / float32(n), float32(b) * (1.0 / 4294967296.0)
}

// ggxHalf importance-samples a GGX half vector of width a (roughness²)
// in the tangent frame (z is the normal); it returns it and its z.
func ggxHalf(u1, u2, a float32) (mgl32.Vec3, float32) {
	phi := 2 * math.Pi * float64(u1)
	cos := math.Sqrt(float64((1 - u2) / (1 + (a*a-1)*u2)))
	sin := math.Sqrt(1 - cos*cos)
	return mgl32.Vec3{float32(sin * math.Cos(phi)), float32(sin * math.Sin(phi)), float32(cos)}, float32(cos)
}

// ggxD is the GGX (Trowbridge-Reitz) normal distribution.
func ggxD(nh, a float32) float32 {
	a2 := a * a
	d := nh*nh*(a2-1) + 1
	return a2 / (math.Pi * d * d)
}

// BRDFSamples is how many GGX samples each texel of the BRDF table averages.
const BRDFSamples = 512

// BRDFLUT returns the split-sum BRDF table of size x size texels, two
// float32 each: the scale and the bias the prefiltered specular colour
// gets as F0*scale + bias (Karis 2013, with the Smith-Schlick visibility
// term of k = roughness²/2). Texel (i, j), at Pix[2*(j*size+i)], is for
// n·v = (i+0.5)/size and roughness (j+0.5)/size: row 0 is the smoothest,
// the first row glTexImage2D reads, so a shader samples it at
// (n·v, roughness).
func BRDFLUT(size int) ([]float32, error) {
	if size < 1 || size > 1024 {
		return nil, fmt.Errorf("ibl: BRDFLUT: bad size %d", size)
	}
	out := make([]float32, 2*size*size)
	for j := 0; j < size; j++ {
		rough := (float32(j) + 0.5) / float32(size)
		for i := 0; i < size; i++ {
			nv := (float32(i) + 0.5) / float32(size)
			s, b := integrateBRDF(nv, rough)
			out[2*(j*size+i)], out[2*(j*size+i)+1] = s, b
		}
	}
	return out, nil
}

// integrateBRDF integrates the specular BRDF's scale and bias for one
// view angle and roughness.
func integrateBRDF(nv, rough float32) (scale, bias float32) {
	v := mgl32.Vec3{float32(math.Sqrt(float64(1 - nv*nv))), 0, nv}
	a := rough * rough
	k := a / 2
	gv := nv / (nv*(1-k) + k)
	for i := 0; i < BRDFSamples; i++ {
		u1, u2 := hammersley(i, BRDFSamples)
		h, nh := ggxHalf(u1, u2, a)
		vh := v.Dot(h)
		l := h.Mul(2 * vh).Sub(v)
		nl := l[2]
		if nl <= 0 || vh <= 0 {
			continue
		}
		g := gv * nl / (nl*(1-k) + k)
		vis := g * vh / (nh * nv)
		fc := float32(math.Pow(float64(1-vh), 5))
		scale += (1 - fc) * vis
		bias += fc * vis
	}
	return scale / BRDFSamples, bias / BRDFSamples
}
