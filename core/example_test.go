package core_test

import (
	"fmt"

	"github.com/tact-engine/tact/core"
)

func ExampleSignal() {
	var resized core.Signal[[2]int] // the zero value is ready
	off := resized.On(func(size [2]int) { fmt.Println("layout for", size) })
	resized.Once(func(size [2]int) { fmt.Println("first size", size) })

	resized.Emit([2]int{800, 600})
	off()
	resized.Emit([2]int{1024, 768}) // nobody listens any more
	fmt.Println("listeners:", resized.Len())
	// Output:
	// layout for [800 600]
	// first size [800 600]
	// listeners: 0
}

type node struct {
	name  string
	alive bool
}

func (n *node) IsValid() bool { return n.alive }

func ExampleEventTarget() {
	var events core.EventTarget
	player := &node{name: "player", alive: true}
	hud := &node{name: "hud", alive: true}

	events.On("hit", func(arg any) { fmt.Println(player.name, "takes", arg) }, player)
	events.On("hit", func(arg any) { fmt.Println(hud.name, "shows", arg) }, hud)
	events.Emit("hit", 10)

	player.alive = false // a destroyed owner's listeners are skipped and dropped
	events.Emit("hit", 5)

	events.TargetOff(hud)
	fmt.Println("has listener:", events.HasListener("hit"))
	// Output:
	// player takes 10
	// hud shows 10
	// hud shows 5
	// has listener: false
}

type mover struct{ x float64 }

func (m *mover) Update(dt float64) { m.x += 100 * dt }

func ExampleScheduler() {
	s := core.NewScheduler()
	m := &mover{}
	s.ScheduleUpdate(m, 0, false)

	// Every 0.5 s, 2 repeats: fires 3 times. The first Update only primes it.
	s.Schedule(m, func(dt float64) { fmt.Printf("tick after %.2fs, x=%.0f\n", dt, m.x) }, 0.5, 2, 0, false)
	s.ScheduleOnce(m, func(float64) { fmt.Println("once") }, 0.75)

	for range 8 {
		s.Update(0.25)
	}
	// Output:
	// tick after 0.50s, x=75
	// once
	// tick after 0.50s, x=125
	// tick after 0.50s, x=175
}
