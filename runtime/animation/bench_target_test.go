package animation

import (
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/scenegraph"
)

// targetWorld is issue 26's animation load: 1,000 nodes each playing a
// 5-track clip (benchClip) and 100 characters of a 40-joint chain, each
// with a Skin and a Player looping a clip that bends every joint (40
// slerped quaternion tracks of 3 keys), in one running scene.
type targetWorld struct {
	sys   *System
	skins []*scenegraph.Skin
}

func newTargetWorld(tb testing.TB) *targetWorld {
	d, sys, s := newWorld(tb)
	clip := benchClip()
	for i := range 1000 {
		n := addNode(s, fmt.Sprint("N", i))
		scenegraph.AddComponent(n, scenegraph.NewSprite(0, 4, 4))
		p := scenegraph.AddComponent(n, NewPlayer(clip))
		if err := p.Play("bench"); err != nil {
			tb.Fatal(err)
		}
	}
	const joints = 40
	wiggle := &Clip{Name: "wiggle", Duration: 1, Wrap: WrapLoop}
	var path []string
	for range joints {
		path = append(path, "J")
		q0, q1 := mgl32.QuatIdent(), mgl32.QuatRotate(0.3, mgl32.Vec3{0, 0, 1})
		k := func(t float64, q mgl32.Quat) Keyframe {
			return Keyframe{Time: t, Value: mgl32.Vec4{q.V[0], q.V[1], q.V[2], q.W}}
		}
		wiggle.Tracks = append(wiggle.Tracks, Track{Path: strings.Join(path, "/"), Property: "quaternion",
			Keys: []Keyframe{k(0, q0), k(0.5, q1), k(1, q0)}})
	}
	w := &targetWorld{sys: sys}
	for range 100 {
		root, mesh := scenegraph.NewNode("Character"), scenegraph.NewNode("Mesh")
		root.AddChild(mesh)
		js := make([]*scenegraph.Node, joints)
		ibm := make([]mgl32.Mat4, joints)
		parent := root
		for j := range js {
			js[j] = scenegraph.NewNode("J")
			if j > 0 {
				js[j].SetPosition(mgl32.Vec3{0, 1, 0})
			}
			parent.AddChild(js[j])
			parent = js[j]
			ibm[j] = mgl32.Translate3D(0, -float32(j), 0)
		}
		sk, err := scenegraph.NewSkin(js, ibm)
		if err != nil {
			tb.Fatal(err)
		}
		w.skins = append(w.skins, scenegraph.AddComponent(mesh, sk))
		s.AddChild(root)
		p := scenegraph.AddComponent(root, NewPlayer(wiggle))
		if err := p.Play("wiggle"); err != nil {
			tb.Fatal(err)
		}
	}
	d.Tick(1.0 / 60)
	return w
}

// frame is one frame of the load's main-thread work: every Player
// advanced and sampled, then every palette computed.
func (w *targetWorld) frame() {
	w.sys.Update(1.0 / 60)
	for _, s := range w.skins {
		s.Palette()
	}
}

// BenchmarkAnimationTarget is issue 26's target: 1,000 nodes of 5 tracks
// and 100 skinned characters of 40 joints sampled, and the characters'
// palettes computed, in under 1 ms of main-thread CPU a frame. Besides
// ns/op (wall time, which a loaded machine inflates) it reports
// thread-cpu-ns/op: the CPU time of the benchmark's own OS thread, the
// main thread's cost whatever else runs.
func BenchmarkAnimationTarget(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w := newTargetWorld(b)
	w.frame()
	b.ReportAllocs()
	b.ResetTimer()
	t0 := threadCPU()
	for b.Loop() {
		w.frame()
	}
	b.ReportMetric(float64(threadCPU()-t0)/float64(b.N), "thread-cpu-ns/op")
}

// threadCPU returns the CPU time (user and system) the calling OS
// thread has used (Linux's RUSAGE_THREAD; 0 where unsupported).
func threadCPU() time.Duration {
	const rusageThread = 1
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The target's frame allocates nothing.
func TestAnimationTargetAllocatesNothing(t *testing.T) {
	w := newTargetWorld(t)
	w.frame()
	if n := testing.AllocsPerRun(10, w.frame); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}
