package breakout

import (
	"errors"
	"io/fs"

	"github.com/tact-engine/tact"
	"github.com/tact-engine/tact/runtime/director"
	"github.com/tact-engine/tact/runtime/transition"
)

// Settings are the player's choices, saved between runs.
type Settings struct {
	// FastBall starts the ball at FastSpeed instead of NormalSpeed.
	FastBall bool
	// WidePaddle makes the paddle half as wide again.
	WidePaddle bool
	// Best is the best score so far.
	Best int
}

// settingsName is the save that holds the Settings.
const settingsName = "settings"

// LoadSettings returns the saved settings, or the defaults on a first run.
// A save that cannot be read is reported and replaced by the defaults.
func LoadSettings(g *tact.Game) Settings {
	var s Settings
	st, err := g.Saves()
	if err == nil {
		err = st.Load(settingsName, &s)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		g.Config().Logger.Printf("breakout: settings: %v; using the defaults", err)
		s = Settings{}
	}
	return s
}

// SaveSettings keeps s for the next run; a failure is reported, not fatal.
func SaveSettings(g *tact.Game, s Settings) {
	st, err := g.Saves()
	if err == nil {
		err = st.Save(settingsName, s)
	}
	if err != nil {
		g.Config().Logger.Printf("breakout: saving settings: %v", err)
	}
}

func findFade(d *director.Director) (*transition.Transition, bool) {
	return director.Find[*transition.Transition](d)
}
