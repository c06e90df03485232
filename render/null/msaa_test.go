package null_test

import (
	"strings"
	"testing"

	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

func TestTargetSamples(t *testing.T) {
	b := null.New()
	b.Init()
	defer b.Shutdown()
	f := render.NewFrame()
	for _, n := range []int{0, 1, 4, null.MaxSamples} {
		f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Samples: n})
	}
	if err := run(t, b, f); err != nil {
		t.Fatalf("valid sample counts: %v", err)
	}
	if got := b.Live().Targets; got != 4 {
		t.Errorf("%d targets alive, want 4", got)
	}
	for _, n := range []int{-1, null.MaxSamples + 1} {
		tg, _ := f.CreateTarget(render.TargetDesc{Width: 8, Height: 8, Samples: n})
		err := run(t, b, f)
		if err == nil || !strings.Contains(err.Error(), "CreateTarget") || !strings.Contains(err.Error(), tg.String()) ||
			!strings.Contains(err.Error(), "Samples") {
			t.Errorf("Samples %d: error %v", n, err)
		}
	}
	if got := b.Live().Targets; got != 4 {
		t.Errorf("%d targets alive after invalid creates, want 4", got)
	}
}
