package asset

import (
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/audio"
)

// audioLoader decodes WAV, Ogg Vorbis and MP3 files into audio.Clips on the
// asset workers (decoded whole: effects; stream long music with
// audio.StreamFS on the asset folder instead).
type audioLoader struct{}

func (audioLoader) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	return audio.Decode(src.Path, b)
}

func (audioLoader) Create(_ *CreateContext, decoded any) (any, error) { return decoded, nil }

func (audioLoader) Free(*render.Frame, any) {}

// Clip returns the asset's audio clip, or nil if it is not a loaded sound.
func (x *Asset) Clip() *audio.Clip { c, _ := x.Value().(*audio.Clip); return c }
