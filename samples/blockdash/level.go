package blockdash

import (
	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/scenegraph"
)

// Box is an axis-aligned rectangle in world units (pixels, Y up): the
// collision shape of everything in blockdash.
type Box struct {
	// Min is the bottom-left corner and Max the top-right one.
	Min, Max mgl32.Vec2
}

// BoxAt returns the w×h box centered on c.
func BoxAt(c mgl32.Vec2, w, h float32) Box {
	return Box{Min: mgl32.Vec2{c[0] - w/2, c[1] - h/2}, Max: mgl32.Vec2{c[0] + w/2, c[1] + h/2}}
}

// Overlaps reports whether a and b share some area (touching edges do not
// count, so a player standing on a platform does not overlap it).
func (a Box) Overlaps(b Box) bool {
	return a.Min[0] < b.Max[0] && b.Min[0] < a.Max[0] && a.Min[1] < b.Max[1] && b.Min[1] < a.Max[1]
}

// Level is the game's event hub and its static world. Everything that
// happens in a run is a signal here: coins emit CoinCollected, enemies
// EnemyStomped and PlayerHurt, the score keeper LivesChanged, GameOver and
// Won. Other components subscribe to what they care about, so the HUD, the
// score keeper and the player never hold pointers to each other: they only
// know the Level. Adding a sound or a particle effect on pickup is one more
// listener, not an edit of the coin.
type Level struct {
	scenegraph.Component

	// CoinCollected is emitted by a Coin when the player touches it, with the
	// coin's value.
	CoinCollected core.Signal[int]
	// EnemyStomped is emitted by an Enemy the player lands on, with the
	// enemy's node (destroyed, still valid until the end of the frame).
	EnemyStomped core.Signal[*scenegraph.Node]
	// PlayerHurt is emitted when the player touches an enemy from the side
	// or falls out of the world.
	PlayerHurt core.Signal[struct{}]
	// LivesChanged is emitted by the ScoreKeeper with the lives left.
	LivesChanged core.Signal[int]
	// GameOver is emitted by the ScoreKeeper when no life is left, with the
	// final score.
	GameOver core.Signal[int]
	// Won is emitted by the ScoreKeeper when every coin is collected, with
	// the final score.
	Won core.Signal[int]

	// Solids are the platforms the player stands on and bumps into.
	Solids []Box
	// Width and Height bound the playfield.
	Width, Height float32
	// Coins is the number of coins placed in the level.
	Coins int
}
