package scenegraph

import (
	"slices"

	"github.com/tact-engine/tact/render"
)

func removeItem[T comparable](list []T, x T) []T {
	if i := slices.Index(list, x); i >= 0 {
		return slices.Delete(list, i, i+1)
	}
	return list
}

func (s *Scene) addCamera(c *Camera) {
	// Stable by priority: after every camera of lower or equal priority.
	i := len(s.cameras)
	for i > 0 && s.cameras[i-1].Priority > c.Priority {
		i--
	}
	s.cameras = slices.Insert(s.cameras, i, c)
}

func (s *Scene) removeCamera(c *Camera) { s.cameras = removeItem(s.cameras, c) }

// Cameras returns the enabled cameras in drawing order. The slice belongs to
// the scene.
func (s *Scene) Cameras() []*Camera { return s.cameras }

// RenderStats returns what the last Extract recorded and culled.
func (s *Scene) RenderStats() RenderStats { return s.renderStats }

// Extract records the scene into f: for each enabled camera, in ascending
// Priority, a pass, then every enabled Renderable on an active node whose
// Layer the camera sees, in tree pre-order, culled against the camera's
// frustum. Each camera's pass is lit by the scene's lights (see
// render.Pass.Lights); when the first DirectionalLight casts shadows, a
// shadow pass comes first; a camera with a Post graph draws into its scene
// image and the graph's passes follow. World matrices are read from the
// nodes' caches, recomputed only where something moved; an unrotated leaf
// under an identity parent (a bunny, a bullet, a tile) is placed from its
// local transform, which is its world matrix, and its cached matrix is left
// to be computed when something asks for it (Node.WorldMatrix). It
// allocates nothing in steady state. Extract on an unloaded scene records
// only the deletion of the shadow maps its lights released.
func Extract(s *Scene, f *render.Frame) {
	st := RenderStats{}
	sw, sh := f.ScreenSize()
	for _, c := range s.cameras {
		if c.Priority != c.sortedPriority {
			s.resortCameras()
			break
		}
	}
	v := &s.view
	v.Frame = f
	v.Light = nil
	if len(s.lights) > 0 {
		v.Light = s.lights[0]
	}
	s.beginShadows(f) // shadow.go: deletes released shadow maps, finds the casters
	for _, c := range s.cameras {
		mask := c.Visibility
		if mask == 0 {
			mask = ^EngineLayer
		}
		s.beginCamera(c, v, mask, sw, sh) // camera_post.go: shadow pass, then the camera's pass
		extractNode(&s.Node, v, mask)
		s.endCamera(c, f) // the camera's post-processing graph
		st.Cameras++
		st.Rendered += v.rendered
		st.Culled += v.culled
	}
	st.ShadowCasters = s.shadows.rendered
	s.endShadows()
	v.Frame, v.Camera, v.Light = nil, nil, nil
	s.renderStats = st
}

func (s *Scene) resortCameras() {
	slices.SortStableFunc(s.cameras, func(a, b *Camera) int { return a.Priority - b.Priority })
	for _, c := range s.cameras {
		c.sortedPriority = c.Priority
	}
}

// extractNode records n's subtree for the view (extract_sprites.go). No
// sprite run outlives it, not even one a panicking renderable left open.
func extractNode(n *Node, v *View, mask uint32) {
	v.run = spriteRun{}
	v.fade = 0
	extractTree(n, v, mask)
	v.flushSprites()
}

func colorVec(c render.Color) [4]float32 {
	return [4]float32{float32(c.R()) / 255, float32(c.G()) / 255, float32(c.B()) / 255, float32(c.A()) / 255}
}
