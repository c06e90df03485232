// Package blockdash is a small but complete 2D platformer: run, jump,
// collect every coin, stomp the patrolling blobs, and do not touch them from
// the side. It is the sample to read first for game code on Tact.
//
// What it shows:
//   - an orthographic camera where one world unit is one pixel (800×600);
//   - textures drawn in code (textures.go) and sprites that tile them;
//   - keyboard and gamepad input (player.go);
//   - components talking through core.Signal on a shared Level component
//     instead of pointers to each other (level.go, hud.go);
//   - destroying nodes in the middle of a frame (actors.go);
//   - restarting the whole game with Game.Restart (hud.go).
//
// Controls: arrows or A/D to run, Space, Up or W to jump, R to restart; on
// a gamepad, the left stick or D-pad, A to jump, Start to restart.
package blockdash

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/platform"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/runtime/text"
	"github.com/tact-engine/tact/samples/sample"
	"github.com/tact-engine/tact/scenegraph"
)

// Sample is the blockdash sample, as the launcher lists it.
var Sample = sample.Sample{
	Name:        "blockdash",
	Description: "a small platformer: run, jump, collect coins, stomp enemies (arrows/WASD/gamepad, R restarts)",
	Configure: func(cfg *tact.Config) {
		cfg.Width, cfg.Height = Width, Height
		if cfg.Title == "" {
			cfg.Title = "Tact - blockdash"
		}
	},
	Start:  Start,
	Script: Script,
}

// The playfield size in pixels; the window has the same size.
const (
	Width, Height = 800, 600
)

// SkyColor is the background and GrassColor the top of the platforms.
var (
	SkyColor   = render.RGBA(120, 190, 240, 255)
	GrassColor = render.RGBA(90, 190, 80, 255)
)

// Spawn is where the player starts and respawns (the center of its box).
var Spawn = mgl32.Vec2{60, 40 + PlayerHeight/2}

// platforms are the solid boxes: the ground and five ledges, each reachable
// from the one before with a jump (at most 144 px up).
var platforms = []Box{
	{mgl32.Vec2{0, 0}, mgl32.Vec2{800, 40}},
	{mgl32.Vec2{170, 130}, mgl32.Vec2{330, 150}},
	{mgl32.Vec2{400, 230}, mgl32.Vec2{560, 250}},
	{mgl32.Vec2{610, 330}, mgl32.Vec2{770, 350}},
	{mgl32.Vec2{20, 240}, mgl32.Vec2{160, 260}},
	{mgl32.Vec2{290, 360}, mgl32.Vec2{440, 380}},
}

// coins are the coin centers.
var coins = []mgl32.Vec2{
	{180, 60}, {240, 60},
	{220, 172}, {280, 172},
	{450, 272}, {510, 272},
	{690, 372},
	{60, 282}, {120, 282},
	{365, 402},
}

// enemies are patrols: y is the ground the enemy walks on, minX..maxX the
// patrol's extent (of the enemy's center).
var enemies = []struct{ y, minX, maxX float32 }{
	{40, 360, 560},
	{250, 415, 545},
	{350, 625, 755},
}

// Start builds the level. The Game calls it at launch and again on every
// Restart, so everything a run needs is created here, fresh.
func Start(g *tact.Game) (*scenegraph.Scene, error) {
	f := g.Renderer().Frame()
	tex := makeTextures(f)

	s := scenegraph.NewScene("BlockDash")

	// The camera sits at the middle of the playfield: with one unit per
	// pixel, world (0,0) is the bottom-left corner of the window.
	camNode := scenegraph.NewNode("Camera")
	camNode.SetPosition(mgl32.Vec3{Width / 2, Height / 2, 0})
	s.AddChild(camNode)
	scenegraph.AddComponent(camNode, scenegraph.NewOrthoCamera(SkyColor))

	// The Level node carries the event hub; everything in the world is
	// under it.
	levelNode := scenegraph.NewNode("Level")
	s.AddChild(levelNode)
	level := scenegraph.AddComponent(levelNode, &Level{Solids: platforms, Width: Width, Height: Height, Coins: len(coins)})
	scenegraph.AddComponent(levelNode, &textureOwner{renderer: g.Renderer(), textures: tex})

	for _, b := range platforms {
		n := scenegraph.NewNode("Platform")
		n.SetPositionXY(b.Min[0], b.Min[1])
		levelNode.AddChild(n)
		w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex.Brick, w, h))
		// Anchor the bottom-left corner at the node, like the Box, and
		// repeat the 16×16 brick texture every 32 pixels (2× pixel art):
		// UVs past 1 tile with WrapRepeat.
		sp.Anchor = mgl32.Vec2{0, 0}
		sp.UV = mgl32.Vec4{0, 0, w / 32, h / 32}
		// A strip of grass on top: a sprite with no texture is a plain
		// colored rectangle.
		grass := scenegraph.NewNode("Grass")
		grass.SetPositionXY(0, h-4)
		n.AddChild(grass)
		gs := scenegraph.AddComponent(grass, scenegraph.NewSprite(0, w, 4))
		gs.Anchor = mgl32.Vec2{0, 0}
		gs.Color = GrassColor
	}

	// The player: its sprite first, as the Player component tints and flips it.
	playerNode := scenegraph.NewNode("Player")
	playerNode.SetPositionXY(Spawn[0], Spawn[1])
	levelNode.AddChild(playerNode)
	psprite := scenegraph.AddComponent(playerNode, scenegraph.NewSprite(tex.Player, 32, 32))
	psprite.Order = 10 // in front of coins and enemies
	player := scenegraph.AddComponent(playerNode, NewPlayer(g.Input(), level, psprite, Spawn))

	for _, c := range coins {
		n := scenegraph.NewNode("Coin")
		n.SetPositionXY(c[0], c[1])
		levelNode.AddChild(n)
		scenegraph.AddComponent(n, scenegraph.NewSprite(tex.Coin, 24, 24))
		scenegraph.AddComponent(n, NewCoin(level, player, 10))
	}

	for _, e := range enemies {
		n := scenegraph.NewNode("Enemy")
		n.SetPositionXY((e.minX+e.maxX)/2, e.y+EnemyHeight/2)
		levelNode.AddChild(n)
		sp := scenegraph.AddComponent(n, scenegraph.NewSprite(tex.Enemy, 32, 24))
		scenegraph.AddComponent(n, NewEnemy(level, player, sp, e.minX, e.maxX))
	}

	// The rules and the HUD: siblings that only know the Level.
	scenegraph.AddComponent(levelNode, NewScoreKeeper(level))
	addCoinSound(g, levelNode, level)
	hudNode := scenegraph.NewNode("HUD")
	s.AddChild(hudNode)
	score := addLabel(hudNode, "Score", "Score: 0", 24, mgl32.Vec2{16, Height - 12}, mgl32.Vec2{0, 1})
	lives := addLabel(hudNode, "Lives", livesText(StartLives), 24, mgl32.Vec2{Width - 16, Height - 12}, mgl32.Vec2{1, 1})
	lives.HAlign = text.AlignRight
	addLabel(hudNode, "Help", "arrows/WASD/stick: run   space/up/A: jump   R/Start: restart", 14,
		mgl32.Vec2{Width / 2, Height - 20}, mgl32.Vec2{0.5, 0.5}).HAlign = text.AlignCenter
	message := addLabel(hudNode, "Message", "", 28, mgl32.Vec2{Width / 2, Height/2 + 60}, mgl32.Vec2{0.5, 0.5})
	message.HAlign = text.AlignCenter
	message.Color = render.RGBA(190, 30, 40, 255)
	message.Node().SetActive(false)
	scenegraph.AddComponent(hudNode, NewHUD(level, score, lives, message))

	scenegraph.AddComponent(hudNode, NewRestarter(g))
	return s, nil
}

// addLabel adds a child of parent with a Label at pos, anchored by anchor.
func addLabel(parent *scenegraph.Node, name, msg string, size float32, pos, anchor mgl32.Vec2) *text.Label {
	n := scenegraph.NewNode(name)
	n.SetPositionXY(pos[0], pos[1])
	parent.AddChild(n)
	l := scenegraph.AddComponent(n, text.NewLabel(msg, size, render.RGBA(20, 30, 60, 255)))
	l.Anchor = anchor
	return l
}

// textureOwner deletes the level's textures when the level is destroyed
// (on Restart and at exit), so restarting does not leak GPU memory.
type textureOwner struct {
	scenegraph.Component
	renderer *render.Renderer
	textures Textures
}

// OnDestroy records the deletes; they run after the current frame's draws.
func (t *textureOwner) OnDestroy() {
	f := t.renderer.Frame()
	for _, id := range []render.TextureID{t.textures.Player, t.textures.Coin, t.textures.Enemy, t.textures.Brick} {
		f.DeleteTexture(id)
	}
}

// Script plays the start of a run without a person, for tests and for
// `make run` without a display: it holds Right, jumps onto the first ledge
// for its two coins, runs off it, and stomps the enemy patrolling the
// ground by hopping in its way. The run is deterministic with a fixed dt
// (the same frames do the same thing every time), which is what makes a
// frame-numbered script like this one possible.
func Script(g *tact.Game, frame uint64) {
	for _, e := range script {
		if e.frame == frame {
			g.Input().InjectKey(e.key, e.down)
		}
	}
}

// script is the scripted input: at the end of frame, press or release key.
var script = []struct {
	frame uint64
	key   platform.Key
	down  bool
}{
	{0, platform.KeyRight, true},
	{15, platform.KeySpace, true},
	{16, platform.KeySpace, false},
	// Jump straight up in front of the patrolling enemy and let it walk
	// under the player: a stomp.
	{100, platform.KeySpace, true},
	{101, platform.KeySpace, false},
	{110, platform.KeyRight, false},
	{150, platform.KeyRight, true},
}
