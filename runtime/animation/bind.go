package animation

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/core"
	"github.com/tact-engine/tact/internal/fields"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/scenegraph"
)

// propKind is how a slot reads and writes its property.
type propKind uint8

const (
	kPosition propKind = iota
	kScale
	kRotation
	kQuat // a node's rotation as a quaternion {x, y, z, w}: slerped, blended on the sphere
	kAngle
	kNodeOpacity
	kFrame
	kOpacity // alpha of a Color field
	kColor
	kFloat // any float kind, through reflect (named types too)
	kInt
	kUint
	kBool
	kVec2
	kVec3
	kVec4
	kString
)

// width is the number of values per key a kind takes (0: discrete, no
// numbers).
func (k propKind) width() int {
	switch k {
	case kPosition, kScale, kRotation, kVec3:
		return 3
	case kColor, kVec4, kQuat:
		return 4
	case kVec2:
		return 2
	case kFrame, kString:
		return 0
	}
	return 1
}

// discrete kinds show one key's value (the heaviest state's) instead of a
// weighted mix.
func (k propKind) discrete() bool { return k == kFrame || k == kString || k == kBool }

type slotKey struct {
	node *scenegraph.Node
	comp scenegraph.Behavior
	prop string
}

// slot is one animated property of a mixer: where it lives and its value
// before animation (what weights below 1 blend with).
//
// Sampling reads every slot of every playing clip every frame, so a slot
// holds only what a node's transform or a colour needs (48 bytes, most of
// a cache line); other component properties are behind ref, and the
// blend's accumulators are in the mixer's acc, used only when states
// blend.
type slot struct {
	kind  propKind
	node  *scenegraph.Node
	base  mgl32.Vec4
	color *render.Color // kColor, kOpacity
	ref   *slotRef      // kFrame, kFloat, kInt, kUint, kBool, kString, kVec2..4
}

// slotRef is where a component property other than a colour lives.
type slotRef struct {
	sprite *scenegraph.Sprite
	field  reflect.Value // addressable, for kFloat, kInt, kUint, kBool, kString
	vec2   *mgl32.Vec2
	vec3   *mgl32.Vec3
	vec4   *mgl32.Vec4
}

// blendAcc is one slot's accumulated contributions in this frame's blend.
type blendAcc struct {
	acc   mgl32.Vec4
	w     float32 // summed weight of numeric contributions
	bestW float32 // weight of the discrete value kept
	text  string
	frame *scenegraph.SpriteFrame
}

// mixer binds clips to the properties under a root node and blends the
// poses of its active clip states into them. Player and Controller each
// own one.
type mixer struct {
	root  *scenegraph.Node
	slots []slot
	acc   []blendAcc // by slot, for the general blend (begin, contribute, apply)
	index map[slotKey]int32
	event *core.Signal[FiredEvent]
	// active are the states sampled each frame; nil entries are holes left
	// by states stopped during a walk.
	active  []*ClipState
	walking bool
	holes   bool
}

// boundEvent is a clip event with the methods it calls.
type boundEvent struct {
	calls    []func()
	callsArg []func(string)
}

// bind resolves every track of s's clip to a slot of m (creating slots as
// needed) and every event to its methods. An unresolvable track is an error
// naming the clip and the track.
func (m *mixer) bind(s *ClipState) error {
	c := s.clip
	if err := c.Validate(); err != nil {
		return err
	}
	if m.root == nil {
		return fmt.Errorf("animation: clip %q: the player is not on a node", c.Name)
	}
	if m.index == nil {
		m.index = map[slotKey]int32{}
	}
	slots := make([]int32, len(c.Tracks))
	for i := range c.Tracks {
		t := &c.Tracks[i]
		idx, err := m.slotFor(t)
		if err != nil {
			return fmt.Errorf("animation: clip %q: track %d (%s) under %q: %w", c.Name, i, t.describe(), m.root.Path(), err)
		}
		slots[i] = idx
	}
	evs := make([]boundEvent, len(c.Events))
	for i, e := range c.Events {
		for _, comp := range m.root.Components() {
			mv := reflect.ValueOf(comp).MethodByName(e.Name)
			if !mv.IsValid() {
				continue
			}
			switch f := mv.Interface().(type) {
			case func():
				evs[i].calls = append(evs[i].calls, f)
			case func(string):
				evs[i].callsArg = append(evs[i].callsArg, f)
			}
		}
	}
	s.exclusive = true
	for i, a := range slots {
		for _, b := range slots[:i] {
			if a == b {
				s.exclusive = false // two tracks on one property blend: the general path
			}
		}
	}
	s.tracks = make([]boundTrack, len(c.Tracks))
	for i, sl := range slots {
		s.tracks[i].slot = sl
	}
	s.events = evs
	s.gen, s.bound = c.gen, true
	return nil
}

func (m *mixer) slotFor(t *Track) (int32, error) {
	n := m.root
	if t.Path != "" {
		if n = m.root.Find(t.Path); n == nil {
			return 0, fmt.Errorf("no node %q", t.Path)
		}
	}
	prop := strings.ToLower(t.Property)
	var comp scenegraph.Behavior
	if t.Component != "" {
		for _, c := range n.Components() {
			if reflect.TypeOf(c).Elem().Name() == t.Component {
				comp = c
				break
			}
		}
		if comp == nil {
			return 0, fmt.Errorf("node %q has no %s component", n.Path(), t.Component)
		}
	}
	key := slotKey{n, comp, prop}
	if i, ok := m.index[key]; ok {
		return i, m.checkWidth(t, m.slots[i].kind)
	}
	sl := slot{node: n}
	if comp == nil {
		switch prop {
		case "position":
			sl.kind, sl.base = kPosition, vec3to4(n.Position())
		case "scale":
			sl.kind, sl.base = kScale, vec3to4(n.Scale())
		case "rotation":
			sl.kind = kRotation
			e := quatEuler(n.Rotation())
			sl.base = mgl32.Vec4{e[0], e[1], e[2], 0}
		case "quaternion":
			q := n.Rotation()
			sl.kind, sl.base = kQuat, mgl32.Vec4{q.V[0], q.V[1], q.V[2], q.W}
		case "angle":
			sl.kind, sl.base = kAngle, mgl32.Vec4{n.Angle()}
		case "opacity":
			sl.kind, sl.base = kNodeOpacity, mgl32.Vec4{float32(n.Opacity())}
		default:
			return 0, fmt.Errorf("a node has no property %q (position, scale, rotation, quaternion, angle, opacity; name a component for others)", t.Property)
		}
	} else if err := bindField(&sl, comp, prop, t.Property); err != nil {
		return 0, err
	}
	if err := m.checkWidth(t, sl.kind); err != nil {
		return 0, err
	}
	for i := range t.Keys {
		if sl.kind == kFrame && t.Keys[i].FrameName != "" && t.Keys[i].Frame == (scenegraph.SpriteFrame{}) {
			return 0, fmt.Errorf("key %d names frame %q, which no atlas resolved (Clip.ResolveFrames)", i, t.Keys[i].FrameName)
		}
	}
	m.slots = append(m.slots, sl)
	m.acc = append(m.acc, blendAcc{})
	i := int32(len(m.slots) - 1)
	m.index[key] = i
	return i, nil
}

// checkWidth compares what a clip file's keys hold (Track.width: a count
// of numbers, -1 for text) with what the property takes.
func (m *mixer) checkWidth(t *Track, k propKind) error {
	switch {
	case t.width == 0, t.width == k.width():
		return nil
	case k == kFrame && (t.width == -1 || t.width == 4):
		return nil // an atlas frame's name, or a UV rectangle
	case k == kString && t.width == -1:
		return nil
	case k == kString:
		return fmt.Errorf("keys hold %d numbers; property %q takes text", t.width, t.Property)
	case k == kFrame:
		return fmt.Errorf("keys hold %d numbers; property %q takes an atlas frame name or a UV rectangle of 4", t.width, t.Property)
	case t.width == -1:
		return fmt.Errorf("keys hold text; property %q takes %d numbers", t.Property, k.width())
	}
	return fmt.Errorf("keys hold %d values; property %q takes %d", t.width, t.Property, k.width())
}

// bindField points sl at the property prop of comp: a Sprite's frame, the
// alpha of a Color field, or a state field (internal/fields) of a kind a
// track can drive.
func bindField(sl *slot, comp scenegraph.Behavior, prop, asWritten string) error {
	if ok, err := bindIndexed(sl, comp, prop, asWritten); ok { // index.go: "weights[2]"
		return err
	}
	if sp, ok := comp.(*scenegraph.Sprite); ok && prop == "frame" {
		sl.kind, sl.ref = kFrame, &slotRef{sprite: sp}
		return nil
	}
	v := reflect.ValueOf(comp).Elem()
	name := prop
	if prop == "opacity" {
		name = "color"
	}
	var f reflect.Value
	for _, sf := range fields.Of(v.Type()) {
		if strings.EqualFold(sf.Name, name) {
			f = v.FieldByIndex(sf.Index)
			break
		}
	}
	if !f.IsValid() {
		return fmt.Errorf("%s has no state field %q", v.Type().Name(), asWritten)
	}
	if prop == "opacity" {
		c, ok := f.Addr().Interface().(*render.Color)
		if !ok {
			return fmt.Errorf("%s.Color is a %v, not a render.Color: it has no opacity", v.Type().Name(), f.Type())
		}
		sl.kind, sl.color, sl.base = kOpacity, c, mgl32.Vec4{float32(c.A())}
		return nil
	}
	switch p := f.Addr().Interface().(type) {
	case *render.Color:
		sl.kind, sl.color, sl.base = kColor, p, colorVec(*p)
		return nil
	case *mgl32.Vec2:
		sl.kind, sl.ref, sl.base = kVec2, &slotRef{vec2: p}, mgl32.Vec4{p[0], p[1]}
		return nil
	case *mgl32.Vec3:
		sl.kind, sl.ref, sl.base = kVec3, &slotRef{vec3: p}, vec3to4(*p)
		return nil
	case *mgl32.Vec4:
		sl.kind, sl.ref, sl.base = kVec4, &slotRef{vec4: p}, *p
		return nil
	}
	sl.ref = &slotRef{field: f}
	switch f.Kind() {
	case reflect.Float32, reflect.Float64:
		sl.kind, sl.base = kFloat, mgl32.Vec4{float32(f.Float())}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		sl.kind, sl.base = kInt, mgl32.Vec4{float32(f.Int())}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		sl.kind, sl.base = kUint, mgl32.Vec4{float32(f.Uint())}
	case reflect.Bool:
		sl.kind = kBool
	case reflect.String:
		sl.kind = kString
	default:
		return fmt.Errorf("%s.%s is a %v, which a track cannot animate", v.Type().Name(), f.Type().Name(), f.Type())
	}
	return nil
}

func vec3to4(v mgl32.Vec3) mgl32.Vec4 { return mgl32.Vec4{v[0], v[1], v[2], 0} }

func colorVec(c render.Color) mgl32.Vec4 {
	return mgl32.Vec4{float32(c.R()), float32(c.G()), float32(c.B()), float32(c.A())}
}

// byte255 rounds x to the nearest of 0..255 (halves up, as math.Round
// does for x ≥ 0). x + 0.5 is exact in float64 for any float32 x in
// range, so truncating it is rounding; math.Round's bit handling was a
// measurable part of sampling a colour track.
func byte255(x float32) uint8 {
	switch {
	case x <= 0 || x != x:
		return 0
	case x >= 255:
		return 255
	}
	return uint8(float64(x) + 0.5)
}

// quatEuler returns the Euler angles (degrees, applied x then y then z as
// SetRotationEuler does) of q.
func quatEuler(q mgl32.Quat) mgl32.Vec3 {
	w, x, y, z := float64(q.W), float64(q.V[0]), float64(q.V[1]), float64(q.V[2])
	sinp := 2 * (w*y - z*x)
	var pitch float64
	if math.Abs(sinp) >= 1 {
		pitch = math.Copysign(math.Pi/2, sinp)
	} else {
		pitch = math.Asin(sinp)
	}
	roll := math.Atan2(2*(w*x+y*z), 1-2*(x*x+y*y))
	yaw := math.Atan2(2*(w*z+x*y), 1-2*(y*y+z*z))
	const deg = 180 / math.Pi
	return mgl32.Vec3{float32(roll * deg), float32(pitch * deg), float32(yaw * deg)}
}

// begin clears the accumulators for a new frame's blend.
func (m *mixer) begin() {
	clear(m.acc)
}

// contribute adds state s's pose at its current time, weighted w.
func (m *mixer) contribute(s *ClipState, w float32) {
	c := s.clip
	at := localTime(s.Wrap, c.Duration, s.time)
	for i := range c.Tracks {
		t := &c.Tracks[i]
		kind := m.slots[s.tracks[i].slot].kind
		b := &m.acc[s.tracks[i].slot]
		if kind.discrete() {
			k := t.sampleKey(at, int(s.tracks[i].cursor))
			s.tracks[i].cursor = int32(k)
			if w >= b.bestW { // ties: the state played last wins
				b.bestW = w
				key := &t.Keys[k]
				switch kind {
				case kFrame:
					b.frame = &key.Frame
				case kString:
					b.text = key.Text
				default:
					b.acc[0] = key.Value[0]
				}
			}
			continue
		}
		var v vec4
		var k int
		if kind == kQuat {
			v, k = t.sampleQuat(at, int(s.tracks[i].cursor))
			if b.w > 0 && v.dot(v4(b.acc)) < 0 {
				v = v.mul(-1) // q and -q are one rotation: add on the same hemisphere
			}
		} else {
			v, k = t.sampleNum(at, int(s.tracks[i].cursor), false)
		}
		s.tracks[i].cursor = int32(k)
		b.acc = v4(b.acc).add(v.mul(w)).mgl()
		b.w += w
	}
}

// apply writes the blended values into the properties that some state
// contributed to this frame; the others keep what they have.
func (m *mixer) apply() {
	for i := range m.slots {
		s, b := &m.slots[i], &m.acc[i]
		if s.kind.discrete() {
			if b.bestW > 0 {
				s.setDiscrete(b.frame, b.text, b.acc[0])
			}
			continue
		}
		if b.w <= 0 {
			continue
		}
		v, base := v4(b.acc), v4(s.base)
		if s.kind == kQuat && v.dot(base) < 0 {
			v = v.mul(-1) // blend with the unanimated rotation on its hemisphere
		}
		if b.w < 1 {
			v = v.add(base.mul(1 - b.w)) // the rest of the weight is the unanimated value
		} else if b.w > 1 {
			v = v.mul(1 / b.w)
		}
		s.set(v)
	}
}

// setDiscrete writes the discrete value kept this frame into the
// property: frame for kFrame, text for kString, v for kBool.
func (s *slot) setDiscrete(f *scenegraph.SpriteFrame, text string, v float32) {
	switch s.kind {
	case kFrame:
		if f.Texture == 0 && f.Size == (mgl32.Vec2{}) {
			s.ref.sprite.UV = f.UV
		} else {
			s.ref.sprite.SetFrame(*f)
		}
	case kString:
		s.ref.field.SetString(text)
	case kBool:
		s.ref.field.SetBool(v >= 0.5)
	}
}

// set writes the blended numeric value v into the property.
func (s *slot) set(v vec4) {
	switch s.kind {
	case kPosition:
		s.node.SetPosition(mgl32.Vec3{v.x, v.y, v.z})
	case kScale:
		s.node.SetScale(mgl32.Vec3{v.x, v.y, v.z})
	case kRotation:
		s.node.SetRotationEuler(v.x, v.y, v.z)
	case kQuat:
		s.setQuat(v)
	case kAngle:
		s.node.SetAngle(v.x)
	case kNodeOpacity:
		s.node.SetOpacity(byte255(v.x))
	case kOpacity:
		*s.color = s.color.WithAlpha(byte255(v.x))
	case kColor:
		*s.color = render.RGBA(byte255(v.x), byte255(v.y), byte255(v.z), byte255(v.w))
	case kFloat:
		s.ref.field.SetFloat(float64(v.x))
	case kInt:
		s.ref.field.SetInt(int64(math.Round(float64(v.x))))
	case kUint:
		s.ref.field.SetUint(uint64(max(math.Round(float64(v.x)), 0)))
	case kVec2:
		*s.ref.vec2 = mgl32.Vec2{v.x, v.y}
	case kVec3:
		*s.ref.vec3 = mgl32.Vec3{v.x, v.y, v.z}
	case kVec4:
		*s.ref.vec4 = v.mgl()
	}
}

// setQuat sets the node's rotation to v, a weighted sum of unit
// quaternions on one hemisphere, normalized (nlerp): the blend of two
// poses, and exact for one. SetRotation does the normalizing; a sum too
// short to have a direction changes nothing.
func (s *slot) setQuat(v vec4) {
	if v.dot(v) > 1e-24 {
		s.node.SetRotation(mgl32.Quat{W: v.w, V: mgl32.Vec3{v.x, v.y, v.z}})
	}
}

// sampleOne is sample for the common case of a single state of weight 1
// whose tracks each drive their own property (ClipState.exclusive): each
// track's value is written as it is sampled, with the same arithmetic as
// contribute and apply (so the same values, to the bit), but without
// clearing, accumulating into and walking every slot a second time.
func (m *mixer) sampleOne(s *ClipState) {
	c := s.clip
	at := localTime(s.Wrap, c.Duration, s.time)
	for i := range c.Tracks {
		t := &c.Tracks[i]
		sl := &m.slots[s.tracks[i].slot]
		if sl.kind.discrete() {
			k := t.sampleKey(at, int(s.tracks[i].cursor))
			s.tracks[i].cursor = int32(k)
			key := &t.Keys[k]
			sl.setDiscrete(&key.Frame, key.Text, key.Value[0])
			continue
		}
		var v vec4
		var k int
		if sl.kind == kQuat {
			v, k = t.sampleQuat(at, int(s.tracks[i].cursor))
			v = vec4{}.add(v) // as accumulated from zero: -0 becomes +0
			if v.dot(v4(sl.base)) < 0 {
				v = v.mul(-1)
			}
			s.tracks[i].cursor = int32(k)
			sl.setQuat(v) // the skeletons' tracks skip set's switch
			continue
		} else {
			v, k = t.sampleNum(at, int(s.tracks[i].cursor), false)
			v = vec4{}.add(v)
		}
		s.tracks[i].cursor = int32(k)
		sl.set(v)
	}
}

// sample blends the active states' poses into their properties.
func (m *mixer) sample() {
	if len(m.active) == 0 {
		return
	}
	if len(m.active) == 1 {
		if s := m.active[0]; s != nil && s.Weight == 1 && s.bound && s.exclusive && s.gen == s.clip.gen {
			m.sampleOne(s)
			return
		}
	}
	m.begin()
	for _, s := range m.active {
		if s != nil && s.Weight > 0 {
			if s.bound && s.gen != s.clip.gen {
				s.bound = false // hot-reloaded: rebind
			}
			if !s.bound {
				if err := m.bind(s); err != nil {
					scenegraph.LoggerOf(m.root).Printf("%v", err)
					s.stop()
					continue
				}
			}
			m.contribute(s, s.Weight)
		}
	}
	m.apply()
}

// add makes s active (sampled each frame), once.
func (m *mixer) add(s *ClipState) {
	if s.slot >= 0 && s.slot < len(m.active) && m.active[s.slot] == s {
		return
	}
	s.slot = len(m.active)
	m.active = append(m.active, s)
}

// remove makes s inactive. During a walk it leaves a hole, closed by
// compact, so the walk neither skips nor repeats a state.
func (m *mixer) remove(s *ClipState) {
	i := s.slot
	if i < 0 || i >= len(m.active) || m.active[i] != s {
		return
	}
	s.slot = -1
	if m.walking {
		m.active[i] = nil
		m.holes = true
		return
	}
	copy(m.active[i:], m.active[i+1:]) // keep play order: later states win discrete ties
	m.active[len(m.active)-1] = nil
	m.active = m.active[:len(m.active)-1]
	for j := i; j < len(m.active); j++ {
		m.active[j].slot = j
	}
}

func (m *mixer) compact() {
	if !m.holes {
		return
	}
	m.holes = false
	kept := m.active[:0]
	for _, s := range m.active {
		if s != nil {
			s.slot = len(kept)
			kept = append(kept, s)
		}
	}
	clear(m.active[len(kept):])
	m.active = kept
}
