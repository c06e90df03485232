package ibl

import "fmt"

// Options sizes the images [NewEnvironment] computes; a zero field takes
// its default.
type Options struct {
	SkySize        int // face size of the sky cubemap; default 256
	SpecularSize   int // side of each octahedral specular level; default 128
	SpecularLevels int // specular levels, roughness 0 to 1; default 6
	BRDFSize       int // BRDF table size; default 32
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.SkySize, 256)
	def(&o.SpecularSize, 128)
	def(&o.SpecularLevels, 6)
	def(&o.BRDFSize, 32)
	return o
}

// Environment holds everything image-based lighting and a skybox sample,
// computed from one environment image: the sky as a cubemap, the diffuse
// light as spherical harmonics (a shader evaluates SH.Radiance for a
// normal: nine vectors, no texture), the prefiltered specular levels as
// octahedral images (the layers of one 2D array texture, see
// OctahedralLevels) and the BRDF table.
type Environment struct {
	Sky          *Cubemap
	SH           SH
	Specular     [][]float32 // SpecularSize² RGB texels per level
	SpecularSize int
	BRDF         []float32 // BRDFSize² texels of two floats (see BRDFLUT)
	BRDFSize     int
}

// NewEnvironment computes an Environment from an equirectangular image.
// Its cost is dominated by the specular levels: about a second for the
// defaults on one core, spread over six.
func NewEnvironment(m *HDR, o Options) (*Environment, error) {
	o = o.withDefaults()
	if o.SpecularLevels < 1 || o.SpecularLevels > 16 || o.SpecularSize < 2 {
		return nil, fmt.Errorf("ibl: NewEnvironment: %d specular levels of %d texels", o.SpecularLevels, o.SpecularSize)
	}
	sky, err := FromEquirect(m, o.SkySize)
	if err != nil {
		return nil, err
	}
	src := sky
	for src.Size > o.SpecularSize && src.Size > 1 {
		src = src.Downsample()
	}
	spec, err := OctahedralLevels(src, o.SpecularSize, o.SpecularLevels)
	if err != nil {
		return nil, err
	}
	lut, err := BRDFLUT(o.BRDFSize)
	if err != nil {
		return nil, err
	}
	return &Environment{Sky: sky, SH: ProjectSH(sky), Specular: spec, SpecularSize: o.SpecularSize, BRDF: lut, BRDFSize: o.BRDFSize}, nil
}
