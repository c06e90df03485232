package director

import "strconv"

// Phase names one step of Director.Tick, as a Tracer sees it.
type Phase uint8

// The phases of a frame, in the order Tick runs them. PhaseFrame encloses
// the whole Tick, PhaseFixedStep is reported once per fixed step, and
// PhaseTimers is nested in PhaseSystems (the timers are a system).
const (
	PhaseFrame Phase = iota
	PhaseBeginFrame
	PhaseInput
	PhaseStart
	PhaseFixedStep
	PhaseUpdate
	PhaseSystems
	PhaseTimers
	PhaseLateUpdate
	PhaseDestroy
	PhasePostUpdate
	PhaseTransforms
	PhaseExtract
	PhaseSubmit
	PhaseEndFrame
	numPhases
)

var phaseNames = [numPhases]string{
	"frame", "begin frame", "input", "start", "fixed step", "update", "systems", "timers",
	"late update", "destroy", "post update", "transforms", "extract", "submit", "end frame",
}

// String returns the phase's name as it appears in traces, e.g. "late update".
func (p Phase) String() string {
	if p < numPhases {
		return phaseNames[p]
	}
	return "phase " + strconv.Itoa(int(p))
}

// Tracer observes the phases of Director.Tick: the Director calls BeginPhase
// as a phase starts and EndPhase as it ends, on the main thread, properly
// nested. A Director without a Tracer pays one nil check per phase.
type Tracer interface {
	BeginPhase(p Phase)
	EndPhase(p Phase)
}
