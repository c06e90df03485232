package save_test

import (
	"fmt"
	"os"

	"github.com/tact-engine/tact/runtime/save"
)

// Settings survive between runs; a missing save leaves the defaults.
func Example() {
	dir, _ := os.MkdirTemp("", "saves")
	defer os.RemoveAll(dir)
	st, err := save.NewStore(dir) // a game uses save.Open("MyGame") or Game.Saves()
	if err != nil {
		fmt.Println(err)
		return
	}
	type Settings struct {
		Volume     float64
		Fullscreen bool
	}
	s := Settings{Volume: 0.7} // defaults
	if err := st.Load("settings", &s); err != nil {
		fmt.Println("first run:", s.Volume)
	}
	s.Volume = 0.3
	if err := st.Save("settings", s); err != nil {
		fmt.Println(err)
	}
	var again Settings
	st.Load("settings", &again)
	fmt.Println("next run:", again.Volume)
	// Output:
	// first run: 0.7
	// next run: 0.3
}
