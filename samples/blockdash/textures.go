package blockdash

import (
	"github.com/tact-engine/tact/render"
)

// Textures are drawn in code from tiny ASCII pictures, so the sample needs
// no files. Each character is one texel: '.' is transparent, the others
// look up the palette. The sprites scale them up 2×, with nearest
// filtering, for crisp pixel art.

// PlayerBody is the player's main color, which the tests look for on screen.
var PlayerBody = render.RGBA(64, 156, 255, 255)

var playerArt = []string{
	"..oooooooooooo..",
	".obbbbbbbbbbbbo.",
	"obbbbbbbbbbbbbbo",
	"obbbwwbbbbwwbbbo",
	"obbbwkbbbbwkbbbo",
	"obbbwkbbbbwkbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	"obbbbbbbbbbbbbbo",
	".obbbbbbbbbbbbo.",
	"..oooooooooooo..",
	"..oo........oo..",
}

var coinArt = []string{
	"....oooo....",
	"..ooyyyyoo..",
	".oyyhhyyyyo.",
	".oyhhyyyyyo.",
	"oyyhyyyyyyyo",
	"oyyyyyyyyyyo",
	"oyyyyyyyyyyo",
	"oyyyyyyyyyyo",
	".oyyyyyyyyo.",
	".oyyyyyyyyo.",
	"..ooyyyyoo..",
	"....oooo....",
}

var enemyArt = []string{
	"......oooo......",
	"....oorrrroo....",
	"...orrrrrrrro...",
	"..orrrrrrrrrro..",
	".orrwwrrrrwwrro.",
	".orrkwrrrrkwrro.",
	"orrrrrrrrrrrrrro",
	"orrrrrrrrrrrrrro",
	"orrrrkkkkkkrrrro",
	"orrrrrrrrrrrrrro",
	".orrorrrrrrorro.",
	"..oo.oo..oo.oo..",
}

var brickArt = []string{
	"mmmmmmmmmmmmmmmm",
	"dddddddmdddddddd",
	"dddddddmdddddddd",
	"dddddddmdddddddd",
	"mmmmmmmmmmmmmmmm",
	"dddmddddddddmddd",
	"dddmddddddddmddd",
	"dddmddddddddmddd",
	"mmmmmmmmmmmmmmmm",
	"dddddddmdddddddd",
	"dddddddmdddddddd",
	"dddddddmdddddddd",
	"mmmmmmmmmmmmmmmm",
	"dddmddddddddmddd",
	"dddmddddddddmddd",
	"mmmmmmmmmmmmmmmm",
}

var palette = map[byte]render.Color{
	'o': render.RGBA(20, 24, 40, 255),    // outline
	'b': PlayerBody,                      // player
	'w': render.RGBA(255, 255, 255, 255), // eye white
	'k': render.RGBA(10, 10, 10, 255),    // pupil
	'y': render.RGBA(255, 204, 40, 255),  // coin
	'h': render.RGBA(255, 248, 200, 255), // coin highlight
	'r': render.RGBA(214, 58, 78, 255),   // enemy
	'd': render.RGBA(150, 92, 60, 255),   // brick
	'm': render.RGBA(105, 62, 42, 255),   // mortar
}

// artPixels turns an ASCII picture into RGBA8 bytes, rows top-down as
// Frame.CreateTexture wants them.
func artPixels(art []string) (w, h int, pix []byte) {
	w, h = len(art[0]), len(art)
	pix = make([]byte, 0, w*h*4)
	for _, row := range art {
		for i := 0; i < w; i++ {
			c := palette[row[i]] // '.' is missing: the zero Color, transparent
			pix = append(pix, c.R(), c.G(), c.B(), c.A())
		}
	}
	return w, h, pix
}

// Textures holds the sample's texture handles.
type Textures struct {
	// Player, Coin and Enemy are the characters; Brick tiles the platforms.
	Player, Coin, Enemy, Brick render.TextureID
}

// makeTextures records the textures' creation into f. The handles are
// valid at once; the pixels reach the GPU before the first draw.
func makeTextures(f *render.Frame) Textures {
	mk := func(art []string, wrap render.Wrap) render.TextureID {
		w, h, pix := artPixels(art)
		return f.CreateTexture(render.TextureDesc{Width: w, Height: h, Filter: render.FilterNearest, Wrap: wrap}, pix)
	}
	return Textures{
		Player: mk(playerArt, render.WrapClamp),
		Coin:   mk(coinArt, render.WrapClamp),
		Enemy:  mk(enemyArt, render.WrapClamp),
		// The brick tiles: platforms repeat it with UVs beyond 1.
		Brick: mk(brickArt, render.WrapRepeat),
	}
}
