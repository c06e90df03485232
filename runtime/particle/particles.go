package particle

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// Emitter is a 2D particle system (Cocos' ParticleSystem2D): it
// emits textured quads at a rate or in bursts, moves them with a speed, an
// angle and gravity, and changes their size and color over their life. It
// updates in LateUpdate, as in Cocos, and draws every live particle through
// the sprite batcher with one texture, so they become one draw call.
//
// Particles live in a pool of MaxParticles made once: steady emission
// allocates nothing. When the pool is full, new particles wait for old ones
// to die. Randomness comes from the emitter's own generator (Seed), so a
// run is repeatable.
type Emitter struct {
	scenegraph.Component

	// Texture is the particle image (0: a white square); UV its region
	// (zero: the whole texture).
	Texture render.TextureID
	UV      mgl32.Vec4
	// Blend is the blend mode (NewEmitter: additive).
	Blend render.BlendMode
	// SortLayer and Order sort the particles like a Sprite's.
	SortLayer uint8
	Order     int16

	// MaxParticles is the size of the pool. Changing it reallocates the pool
	// at the next update (keeping the particles that fit).
	MaxParticles int
	// Emitting turns continuous emission at Rate on and off.
	Emitting bool
	// Duration, if positive, stops continuous emission after that many
	// seconds of it (Cocos' duration); 0 emits until Emitting is cleared.
	Duration float64
	// AutoDestroy destroys the emitter's node once it has finished (Cocos'
	// autoRemoveOnFinish): for one-shot effects such as an explosion.
	AutoDestroy bool
	// Finished is emitted once each time the emitter finishes: it emitted
	// (a Burst or continuous emission), is no longer emitting, and its last
	// particle died. A listener's panic is reported with the emitter's node
	// path and the listener stays (scenegraph.Listeners).
	Finished scenegraph.Listeners[*Emitter]
	// Rate is the number of particles emitted per second.
	Rate float64
	// Lifetime is each particle's life in seconds, ± LifetimeVar.
	Lifetime, LifetimeVar float64
	// Speed is the start speed in world units per second, ± SpeedVar.
	Speed, SpeedVar float32
	// Angle is the direction of emission in degrees (0: +X, 90: up),
	// ± AngleVar.
	Angle, AngleVar float32
	// PosVar spreads the emission point over ±PosVar around the node.
	PosVar mgl32.Vec2
	// StartSize (± StartSizeVar) and EndSize are the quad's side at birth
	// and at death, in world units; it changes linearly in between.
	StartSize, StartSizeVar, EndSize float32
	// StartColor and EndColor are the tint at birth and at death.
	StartColor, EndColor render.Color
	// Gravity accelerates every particle, in world units per second².
	Gravity mgl32.Vec2
	// WorldSpace leaves particles where they were emitted when the node
	// moves (Cocos' FREE position type); otherwise they move with the node.
	WorldSpace bool
	// Seed seeds the emitter's random generator; it is read when the
	// component loads (0 is a fixed default).
	Seed uint64

	parts  []particle
	live   int
	acc    float64
	rng    uint64
	minX   float32
	minY   float32
	maxX   float32
	maxY   float32
	draw   render.Sprite
	seeded bool

	emitted    bool    // emitted since it last finished
	emittedFor float64 // seconds of continuous emission, for Duration
}

type particle struct {
	x, y, vx, vy float32
	age, life    float32
	size         float32
}

// NewEmitter returns an emitter of max particles that emits rate per
// second for lifetime seconds each, upward at speed, shrinking from size to
// nothing and fading from white to transparent, with additive blending.
func NewEmitter(max int, rate, lifetime float64, speed, size float32) *Emitter {
	return &Emitter{
		MaxParticles: max, Emitting: true, Rate: rate, Lifetime: lifetime,
		Speed: speed, Angle: 90, StartSize: size,
		StartColor: render.White, EndColor: render.RGBA(255, 255, 255, 0),
		Blend: render.BlendAdditive, WorldSpace: true,
	}
}

// Live returns the number of live particles.
func (e *Emitter) Live() int { return e.live }

// OnLoad makes the pool and seeds the generator.
func (e *Emitter) OnLoad() {
	e.seed()
	e.ensurePool()
}

func (e *Emitter) seed() {
	if !e.seeded {
		e.seeded = true
		e.rng = e.Seed*0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D
		if e.rng == 0 {
			e.rng = 1
		}
	}
}

func (e *Emitter) ensurePool() {
	n := max(e.MaxParticles, 0)
	if len(e.parts) == n {
		return
	}
	parts := make([]particle, n)
	e.live = copy(parts, e.parts[:min(e.live, len(e.parts))])
	e.parts = parts
}

// Reset kills every particle.
func (e *Emitter) Reset() { e.live, e.acc = 0, 0 }

// Burst emits n particles at once (as many as the pool has room for).
func (e *Emitter) Burst(n int) {
	e.seed()
	e.ensurePool()
	if e.Node() == nil {
		return
	}
	m := e.Node().WorldMatrix()
	for ; n > 0 && e.live < len(e.parts); n-- {
		e.spawn(&m)
		e.emitted = true
	}
}

// finish reports the end of an effect: Finished, then AutoDestroy.
func (e *Emitter) finish() {
	e.emitted = false
	e.emittedFor = 0
	e.Finished.Emit(e)
	if e.AutoDestroy && e.Node() != nil {
		e.Node().Destroy()
	}
}

// rand returns a float in [0, 1) (xorshift64*).
func (e *Emitter) rand() float32 {
	e.rng ^= e.rng >> 12
	e.rng ^= e.rng << 25
	e.rng ^= e.rng >> 27
	return float32((e.rng*0x2545F4914F6CDD1D)>>40) / (1 << 24)
}

// spread returns v ± dv.
func (e *Emitter) spread(v, dv float32) float32 {
	if dv == 0 {
		return v
	}
	return v + dv*(2*e.rand()-1)
}

func (e *Emitter) spawn(m *mgl32.Mat4) {
	p := &e.parts[e.live]
	e.live++
	x, y := e.spread(0, e.PosVar[0]), e.spread(0, e.PosVar[1])
	ang := float64(mgl32.DegToRad(e.spread(e.Angle, e.AngleVar)))
	sp := e.spread(e.Speed, e.SpeedVar)
	vx, vy := sp*float32(math.Cos(ang)), sp*float32(math.Sin(ang))
	if e.WorldSpace {
		x, y = m[0]*x+m[4]*y+m[12], m[1]*x+m[5]*y+m[13]
	}
	*p = particle{x: x, y: y, vx: vx, vy: vy,
		life: float32(max(float64(e.spread(float32(e.Lifetime), float32(e.LifetimeVar))), 1e-3)),
		size: max(e.spread(e.StartSize, e.StartSizeVar), 0)}
}

// LateUpdate ages and moves the particles, lets the dead go and emits new
// ones.
func (e *Emitter) LateUpdate(dt float64) {
	e.seed()
	e.ensurePool()
	fdt := float32(dt)
	gx, gy := e.Gravity[0]*fdt, e.Gravity[1]*fdt
	minX, minY := float32(math.MaxFloat32), float32(math.MaxFloat32)
	maxX, maxY := -minX, -minY
	for i := 0; i < e.live; {
		p := &e.parts[i]
		p.age += fdt
		if p.age >= p.life {
			e.live--
			e.parts[i] = e.parts[e.live]
			continue
		}
		p.vx += gx
		p.vy += gy
		p.x += p.vx * fdt
		p.y += p.vy * fdt
		minX, maxX = min(minX, p.x), max(maxX, p.x)
		minY, maxY = min(minY, p.y), max(maxY, p.y)
		i++
	}
	if e.Emitting && e.Duration > 0 {
		e.emittedFor += dt
		if e.emittedFor+1e-9 >= e.Duration {
			e.Emitting = false
		}
	}
	if e.Emitting && e.Rate > 0 {
		e.emitted = true
		e.acc += e.Rate * dt
		if n := math.Floor(e.acc); n >= 1 {
			e.acc -= n
			m := e.Node().WorldMatrix()
			for k := int(n); k > 0 && e.live < len(e.parts); k-- {
				e.spawn(&m)
				p := &e.parts[e.live-1]
				minX, maxX = min(minX, p.x), max(maxX, p.x)
				minY, maxY = min(minY, p.y), max(maxY, p.y)
			}
		}
	}
	e.minX, e.minY, e.maxX, e.maxY = minX, minY, maxX, maxY
	if e.emitted && e.live == 0 && !(e.Emitting && e.Rate > 0) {
		e.finish()
	}
}

// Render draws every live particle as a sprite quad of the emitter's
// texture; the emitter is culled as a whole.
func (e *Emitter) Render(v *scenegraph.View) {
	if e.live == 0 {
		return
	}
	m := e.Node().WorldMatrix()
	size := max(e.StartSize+e.StartSizeVar, e.EndSize)
	cx, cy := (e.minX+e.maxX)/2, (e.minY+e.maxY)/2
	r := float32(math.Hypot(float64(e.maxX-e.minX), float64(e.maxY-e.minY)))/2 + size
	if !e.WorldSpace {
		cx, cy = m[0]*cx+m[4]*cy+m[12], m[1]*cx+m[5]*cy+m[13]
		r *= float32(math.Sqrt(float64(max(m[0]*m[0]+m[1]*m[1], m[4]*m[4]+m[5]*m[5]))))
	}
	center := mgl32.Vec3{cx, cy, m[14]}
	if !v.Visible(center, r) {
		v.CountCulled()
		return
	}
	d := &e.draw
	d.Transform = mgl32.Ident4()
	d.Transform[14] = m[14]
	d.Pivot = mgl32.Vec2{0.5, 0.5}
	d.UV = e.UV
	d.Texture, d.Blend, d.Shader = e.Texture, e.Blend, 0
	d.Layer, d.Order = e.SortLayer, e.Order
	d.Depth = v.Depth(center)
	c0, c1 := e.StartColor.Vec4(), e.EndColor.Vec4()
	for i := 0; i < e.live; i++ {
		p := &e.parts[i]
		t := p.age / p.life
		s := p.size + (e.EndSize-p.size)*t
		d.Size = mgl32.Vec2{s, s}
		x, y := p.x, p.y
		if !e.WorldSpace {
			x, y = m[0]*x+m[4]*y+m[12], m[1]*x+m[5]*y+m[13]
		}
		d.Transform[12], d.Transform[13] = x, y
		d.Color = render.ColorFromVec4(c0.Add(c1.Sub(c0).Mul(t)))
		v.Frame.DrawSprite(d)
	}
	v.CountRendered()
}
