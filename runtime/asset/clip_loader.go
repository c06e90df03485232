package asset

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/animation"
	"github.com/tact-engine/tact/scenegraph"
)

// ClipExt is the extension New registers ClipFormat for: keyframe clip
// files (".anim.json"; see package animation for the format). It is two
// extensions deep, so that scene files can keep ".json": a Manager looks
// up a file's last two extensions before its last one.
const ClipExt = animation.ClipExt

// ClipFormat loads keyframe animation clips (animation.ParseClip) as
// *animation.Clip values. A clip whose "atlas" names a texture atlas
// (relative to the clip file's folder) depends on it: the atlas loads
// first, and the clip's frame names resolve to its frames; a name the
// atlas lacks fails the load with an error naming the clip file, the
// track and the frame.
//
// It reloads in place: players of the clip rebind to the new tracks at
// their next sample. A reload that would change the atlas fails (the old
// clip stays); load the clip again instead. Register it for another
// extension with Manager.RegisterFormat(ext, &ClipFormat{}).
type ClipFormat struct {
	mu      sync.Mutex
	atlases map[*animation.Clip]*clipAtlas
}

type clipAtlas struct {
	path  string
	atlas *Atlas
}

type clipData struct {
	clip  *animation.Clip
	atlas string // asset path, "" for none
}

// AnimationClip returns the asset's keyframe clip, or nil if it is not a
// loaded clip file.
func (x *Asset) AnimationClip() *animation.Clip { c, _ := x.Value().(*animation.Clip); return c }

// Decode parses the clip and names its atlas as a dependency.
func (f *ClipFormat) Decode(src *Source) (any, error) {
	b, err := src.Read()
	if err != nil {
		return nil, err
	}
	c, err := animation.ParseClip(b, src.Path)
	if err != nil {
		return nil, err
	}
	d := &clipData{clip: c}
	if c.Atlas != "" {
		d.atlas = path.Join(path.Dir(src.Path), c.Atlas)
		src.Depend(d.atlas)
	}
	return d, nil
}

func resolve(d *clipData, a *Atlas) error {
	return d.clip.ResolveFrames(func(name string) (scenegraph.SpriteFrame, bool) {
		fr, ok := a.Frame(name)
		return fr.SpriteFrame, ok
	})
}

// Create resolves the clip's frame names through its atlas.
func (f *ClipFormat) Create(ctx *CreateContext, decoded any) (any, error) {
	d := decoded.(*clipData)
	if d.atlas == "" {
		return d.clip, nil
	}
	a, ok := ctx.Dependency(d.atlas).(*Atlas)
	if !ok {
		return nil, fmt.Errorf("atlas %q (%s) is not a texture atlas", d.clip.Atlas, d.atlas)
	}
	if err := resolve(d, a); err != nil {
		return nil, err
	}
	f.mu.Lock()
	if f.atlases == nil {
		f.atlases = map[*animation.Clip]*clipAtlas{}
	}
	f.atlases[d.clip] = &clipAtlas{d.atlas, a}
	f.mu.Unlock()
	return d.clip, nil
}

// Free forgets the clip's atlas; a clip holds no GPU objects.
func (f *ClipFormat) Free(_ *render.Frame, value any) {
	f.mu.Lock()
	delete(f.atlases, value.(*animation.Clip))
	f.mu.Unlock()
}

// Reload replaces the loaded clip's content with the new file's, in place.
func (f *ClipFormat) Reload(_ *render.Frame, value, decoded any) error {
	old, d := value.(*animation.Clip), decoded.(*clipData)
	f.mu.Lock()
	ca := f.atlases[old]
	f.mu.Unlock()
	switch {
	case ca == nil && d.atlas != "", ca != nil && ca.path != d.atlas:
		return fmt.Errorf("a reload cannot change the clip's atlas (to %q); load the clip again", d.clip.Atlas)
	case ca != nil:
		if err := resolve(d, ca.atlas); err != nil {
			return err
		}
	}
	return old.Reload(d.clip)
}

// formatFor returns the format for the asset at key: the one registered
// for its last two extensions (".anim.json") if any, else for its last.
func (a *Manager) formatFor(key string) Format {
	base := strings.ToLower(path.Base(key))
	ext := path.Ext(base)
	if ext2 := path.Ext(strings.TrimSuffix(base, ext)); ext2 != "" {
		if l := a.loaders[ext2+ext]; l != nil {
			return l
		}
	}
	if l := a.loaders[ext]; l != nil {
		return l
	}
	return a.fontFormatFor(key) // "x.ttc#2": a face of a collection
}
