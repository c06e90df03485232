package scenegraph

import "github.com/tact-engine/tact/render"

// Skybox is a scene's environment, as Cocos Creator's scene Skybox: an
// image-based light (an .hdr file loaded by runtime/asset as a
// *render.Environment) that draws behind what every perspective camera
// sees and lights every MeshRenderer, metals included, from all around.
// The scene's first enabled Skybox is used; further ones are ignored.
type Skybox struct {
	Component

	// Environment is the sky and its light; nil draws and lights nothing.
	Environment *render.Environment `scene:"-"`
	// Intensity scales the sky's light and its look; 0 means 1.
	Intensity float32
	// NoIBL draws the sky without lighting meshes by it (as Cocos' useIBL
	// unset); NoSky lights meshes without drawing it (cameras clear as
	// their Clear says).
	NoIBL, NoSky bool
}

// OnEnable registers the skybox with its scene.
func (b *Skybox) OnEnable() { b.node.scene.skyboxes = append(b.node.scene.skyboxes, b) }

// OnDisable unregisters it.
func (b *Skybox) OnDisable() { b.node.scene.skyboxes = removeItem(b.node.scene.skyboxes, b) }

// skybox fills the environment parts of a camera's pass from the scene's
// first enabled Skybox.
func (s *Scene) skybox(c *Camera, p *render.Pass) {
	if len(s.skyboxes) == 0 {
		return
	}
	b := s.skyboxes[0]
	e := b.Environment
	if e == nil {
		return
	}
	if !b.NoIBL && e.On() {
		p.Lights.Eye = c.node.WorldPosition() // set by the scene's lights too, if any
		p.Lights.Environment = *e
		if b.Intensity != 0 {
			p.Lights.Environment.Intensity = b.Intensity
		}
	}
	if !b.NoSky && e.Sky != 0 && c.Projection == Perspective {
		p.Sky = render.Sky{Texture: e.Sky, Intensity: b.Intensity}
	}
}
