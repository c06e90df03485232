package asset

import (
	"bytes"
	"fmt"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/ibl"
)

// EnvironmentExt is the extension New registers EnvironmentFormat for:
// Radiance HDR images, the format HDRI sites ship environments in.
const EnvironmentExt = ".hdr"

// EnvironmentFormat loads a Radiance .hdr equirectangular image as
// image-based lighting: a *render.Environment whose textures (the sky
// cubemap, the prefiltered specular levels, the BRDF table) are made by
// package render/ibl with Options. Decoding and prefiltering run on the
// loader's worker, not the main thread (about a second for a 2K image
// with the default sizes). Set it on a scene's Skybox, or on a pass's
// Lights.Environment and Sky. It reloads in place: the textures keep
// their handles. Register it with other sizes with
// Manager.RegisterFormat(".hdr", &EnvironmentFormat{Options: ...}).
type EnvironmentFormat struct {
	Options ibl.Options
}

// Environment returns the asset's image-based lighting, or nil if it is
// not a loaded .hdr file.
func (x *Asset) Environment() *render.Environment {
	e, _ := x.Value().(*render.Environment)
	return e
}

// Decode reads the image and computes the environment's images.
func (f *EnvironmentFormat) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	m, err := ibl.DecodeHDR(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	env, err := ibl.NewEnvironment(m, f.Options)
	if err != nil {
		return nil, fmt.Errorf("%dx%d image: %w", m.Width, m.Height, err)
	}
	return env, nil
}

// Create uploads the environment's textures.
func (f *EnvironmentFormat) Create(ctx *CreateContext, decoded any) (any, error) {
	e := ibl.Upload(ctx.Frame, decoded.(*ibl.Environment))
	return &e, nil
}

// Free deletes the textures.
func (f *EnvironmentFormat) Free(fr *render.Frame, value any) {
	ibl.Free(fr, *value.(*render.Environment))
}

// Reload gives the textures the new file's images under the same handles.
func (f *EnvironmentFormat) Reload(fr *render.Frame, value, decoded any) error {
	e := value.(*render.Environment)
	*e = ibl.Replace(fr, *e, decoded.(*ibl.Environment))
	return nil
}
