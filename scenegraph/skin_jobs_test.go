package scenegraph

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
)

// BenchmarkSkinPalettesJobs measures whether computing palettes on the
// job system pays: 100 skins of 40 joints posed (serially, as animation
// sampling does), their world matrices brought up to date, then the 100
// palettes computed serially ("serial") or as 4 jobs on a 2-worker
// JobPool ("jobs"). Palette reads only clean world matrices then, so
// the jobs share nothing. On the 2-core development machine the jobs
// variant is slower (see README), so Skin computes palettes serially,
// during extraction.
func BenchmarkSkinPalettesJobs(b *testing.B) {
	skins := make([]*Skin, 100)
	for i := range skins {
		_, skins[i], _ = skinChain(b, 40)
	}
	pose := func(a float32) {
		for _, s := range skins {
			for _, j := range s.Joints {
				j.SetRotationEuler(0, 0, a)
			}
			s.Joints[len(s.Joints)-1].WorldMatrix() // the chain's matrices, up to date
		}
	}
	b.Run("serial", func(b *testing.B) {
		defer cpuMetrics(b)()
		a := float32(0)
		for b.Loop() {
			a += 0.5
			pose(a)
			for _, s := range skins {
				s.Palette()
			}
		}
	})
	b.Run("jobs", func(b *testing.B) {
		pool := core.NewJobPool(2)
		defer pool.Close()
		g := core.NewJobGraph(pool)
		const parts = 4
		for k := range parts {
			part := skins[k*len(skins)/parts : (k+1)*len(skins)/parts]
			g.Add("palettes", func() {
				for _, s := range part {
					s.Palette()
				}
			})
		}
		a := float32(0)
		b.ReportAllocs()
		defer cpuMetrics(b)()
		for b.Loop() {
			a += 0.5
			pose(a)
			if err := g.Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// cpuMetrics locks the benchmark to its thread and, when the returned
// function runs, reports the CPU time per op of that thread (the main
// thread's cost) and of the whole process (every worker's too): on a
// loaded machine wall time favours whichever variant runs more threads.
func cpuMetrics(b *testing.B) func() {
	runtime.LockOSThread()
	cpu := func(who int) time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	const self, thread = 0, 1
	t0, p0 := cpu(thread), cpu(self)
	return func() {
		b.ReportMetric(float64(cpu(thread)-t0)/float64(b.N), "thread-cpu-ns/op")
		b.ReportMetric(float64(cpu(self)-p0)/float64(b.N), "process-cpu-ns/op")
		runtime.UnlockOSThread()
	}
}

// Palettes computed on the job system, as the benchmark computes them,
// equal the serial ones (and -race finds nothing shared).
func TestSkinPalettesOnJobs(t *testing.T) {
	skins := make([]*Skin, 8)
	for i := range skins {
		_, skins[i], _ = skinChain(t, 10)
		for k, j := range skins[i].Joints {
			j.SetRotationEuler(0, 0, float32(i*k))
		}
		skins[i].Joints[9].WorldMatrix()
	}
	want := make([][]mgl32.Mat4, len(skins))
	for i, s := range skins {
		for _, m := range s.Palette() {
			want[i] = append(want[i], m)
		}
	}
	pool := core.NewJobPool(2)
	defer pool.Close()
	g := core.NewJobGraph(pool)
	for i := range skins {
		s := skins[i]
		g.Add("palette", func() { s.Palette() })
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	for i, s := range skins {
		for j, m := range s.palette[:len(s.Joints)] {
			if m != want[i][j] {
				t.Fatalf("skin %d joint %d: %v, want %v", i, j, m, want[i][j])
			}
		}
	}
}
