package tact

import (
	"os"

	"github.com/tact-engine/tact/runtime/inspector"
)

// inspectAddr is the inspector's address: Config.Inspector, else
// TACT_INSPECT; "" is off.
func (c Config) inspectAddr() string {
	if c.Inspector != "" {
		return c.Inspector
	}
	return os.Getenv("TACT_INSPECT")
}

// startInspector starts the inspector that Config.Inspector or TACT_INSPECT
// asks for, at the end of boot, and logs its URL.
func (g *Game) startInspector() error {
	addr := g.cfg.inspectAddr()
	if addr == "" {
		return nil
	}
	o := inspector.Options{Addr: addr, AllowRemote: g.cfg.InspectorAllowRemote, ReadOnly: g.cfg.InspectorReadOnly,
		Director: g.director, Scenes: g.Scenes(), Logger: g.cfg.Logger, Log: g.inspLog}
	if !g.cfg.NoGraphics {
		o.Screenshot = g.Screenshot
	}
	s, err := inspector.New(o)
	if err != nil {
		return err
	}
	g.inspector = s
	g.cfg.Logger.Printf("inspector at %s", s.URL())
	return nil
}

// Inspector returns the running inspector (Config.Inspector), or nil when
// it is off or before Run.
func (g *Game) Inspector() *inspector.Server { return g.inspector }
