package render

import (
	"fmt"
	"math"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// UniformType is the GLSL type of a named uniform (see [UniformSet]).
type UniformType uint8

// The GLSL types a named uniform may have. An array of any of them is set
// with the same type and a count above one.
const (
	UniformFloat UniformType = iota + 1
	UniformVec2
	UniformVec3
	UniformVec4
	UniformMat3
	UniformMat4
	UniformInt
	UniformIVec2
	UniformIVec3
	UniformIVec4
	UniformUint
	UniformUVec2
	UniformUVec3
	UniformUVec4
	UniformBool
	// UniformSampler2D is a sampler2D bound to a texture ([UniformSet.SetTexture]).
	UniformSampler2D
	uniformTypeCount
)

var uniformTypes = [uniformTypeCount]struct {
	name  string
	words int
}{
	{"invalid", 0},
	{"float", 1}, {"vec2", 2}, {"vec3", 3}, {"vec4", 4}, {"mat3", 9}, {"mat4", 16},
	{"int", 1}, {"ivec2", 2}, {"ivec3", 3}, {"ivec4", 4},
	{"uint", 1}, {"uvec2", 2}, {"uvec3", 3}, {"uvec4", 4},
	{"bool", 1}, {"sampler2D", 0},
}

// String returns the type's GLSL name ("vec3").
func (t UniformType) String() string {
	if t == 0 || t >= uniformTypeCount {
		return "UniformType(invalid)"
	}
	return uniformTypes[t].name
}

// Words returns the number of 32-bit values one element of type t holds
// (3 for vec3, 16 for mat4); 0 for samplers and invalid types.
func (t UniformType) Words() int {
	if t >= uniformTypeCount {
		return 0
	}
	return uniformTypes[t].words
}

// isFloat, isInt and isUint tell which setter family a type belongs to.
func (t UniformType) isFloat() bool { return t >= UniformFloat && t <= UniformMat4 }
func (t UniformType) isInt() bool {
	return t >= UniformInt && t <= UniformIVec4 || t == UniformBool
}
func (t UniformType) isUint() bool { return t >= UniformUint && t <= UniformUVec4 }

// UniformValue is one named uniform as recorded into a frame: Count
// elements of Type, their 32-bit words (float32 bits, int32 or uint32; bool
// as 0 or 1; matrices column-major) at Data in the frame's word arena
// ([Frame.UniformWords]), or the Texture of a sampler.
type UniformValue struct {
	Name    string
	Type    UniformType
	Count   int
	Data    Span
	Texture TextureID
}

// UniformSet holds named uniform values on the main thread: a material's
// parameters shared by many draws, a draw's own values, or a pass's. Set a
// name again to change its value; the set keeps its buffers, so a set
// refilled every frame with the same names allocates nothing once grown.
// Record it into a frame with [Frame.RecordUniforms] (which copies it) and
// put the result on draws or passes.
//
// A name is the uniform's name in the program, without an index ("u_colors"
// for uniform vec3 u_colors[4]). Setters panic on an empty name or a value
// count that is not a whole number of elements: recording errors. Whether
// the program declares the uniform with that type and at least that many
// elements is checked by the backend when it draws (see [MeshDraw.Uniforms]).
//
// The zero UniformSet is empty and ready to use. A set is not safe for
// concurrent use.
type UniformSet struct {
	values []UniformValue // Data indexes words
	words  []uint32
}

// Len returns the number of uniforms in s.
func (s *UniformSet) Len() int { return len(s.values) }

// Reset empties s, keeping its buffers.
func (s *UniformSet) Reset() {
	s.values = s.values[:0]
	s.words = s.words[:0]
}

// Values returns s's uniforms in the order first set; their Data locate
// words in Words. The slices are valid until s changes.
func (s *UniformSet) Values() []UniformValue { return s.values }

// Words returns the word buffer that s's Values locate their data in.
func (s *UniformSet) Words() []uint32 { return s.words }

// set stores n words of type t under name and returns them for the caller to fill.
func (s *UniformSet) set(name string, t UniformType, count int, tex TextureID) []uint32 {
	if name == "" {
		panic("render: UniformSet: empty uniform name")
	}
	if count < 1 {
		panic(fmt.Sprintf("render: UniformSet: uniform %q set with no %v values", name, t))
	}
	n := count * t.Words()
	for i := range s.values {
		v := &s.values[i]
		if v.Name != name {
			continue
		}
		v.Type, v.Count, v.Texture = t, count, tex
		switch {
		case v.Data.Off+v.Data.Len == len(s.words): // the last value: resize in place
			s.words = growWords(s.words[:v.Data.Off], n)
		case n > v.Data.Len: // outgrew its place: move to the end (Reset reclaims the hole)
			v.Data.Off = len(s.words)
			s.words = growWords(s.words, n)
		}
		v.Data.Len = n
		return s.words[v.Data.Off : v.Data.Off+n : v.Data.Off+n]
	}
	off := len(s.words)
	s.words = growWords(s.words, n)
	s.values = append(s.values, UniformValue{Name: name, Type: t, Count: count, Data: Span{off, n}, Texture: tex})
	return s.words[off : off+n : off+n]
}

func growWords(w []uint32, n int) []uint32 {
	k := len(w)
	if k+n <= cap(w) {
		return w[:k+n]
	}
	return append(w, make([]uint32, n)...)
}

// SetFloats sets name to the float values vs, read as elements of t
// (UniformFloat .. UniformMat4; matrices column-major): len(vs) must be a
// positive multiple of t.Words(). It panics on another type or length.
func (s *UniformSet) SetFloats(name string, t UniformType, vs []float32) {
	if !t.isFloat() || len(vs) == 0 || len(vs)%t.Words() != 0 {
		panic(fmt.Sprintf("render: UniformSet.SetFloats(%q, %v): %d values", name, t, len(vs)))
	}
	w := s.set(name, t, len(vs)/t.Words(), 0)
	copy(w, unsafe.Slice((*uint32)(unsafe.Pointer(&vs[0])), len(vs)))
}

// SetInts sets name to the int values vs, read as elements of t
// (UniformInt .. UniformIVec4, or UniformBool with 0 false and anything
// else true). It panics on another type or a length that is not a
// positive multiple of t.Words().
func (s *UniformSet) SetInts(name string, t UniformType, vs []int32) {
	if !t.isInt() || len(vs) == 0 || len(vs)%t.Words() != 0 {
		panic(fmt.Sprintf("render: UniformSet.SetInts(%q, %v): %d values", name, t, len(vs)))
	}
	w := s.set(name, t, len(vs)/t.Words(), 0)
	for i, v := range vs {
		if t == UniformBool && v != 0 {
			v = 1
		}
		w[i] = uint32(v)
	}
}

// SetUints sets name to the uint values vs, read as elements of t
// (UniformUint .. UniformUVec4). It panics on another type or a length
// that is not a positive multiple of t.Words().
func (s *UniformSet) SetUints(name string, t UniformType, vs []uint32) {
	if !t.isUint() || len(vs) == 0 || len(vs)%t.Words() != 0 {
		panic(fmt.Sprintf("render: UniformSet.SetUints(%q, %v): %d values", name, t, len(vs)))
	}
	copy(s.set(name, t, len(vs)/t.Words(), 0), vs)
}

// SetFloat sets the float uniform name.
func (s *UniformSet) SetFloat(name string, v float32) {
	s.set(name, UniformFloat, 1, 0)[0] = math.Float32bits(v)
}

// SetVec2 sets the vec2 uniform name.
func (s *UniformSet) SetVec2(name string, v mgl32.Vec2) { s.SetFloats(name, UniformVec2, v[:]) }

// SetVec3 sets the vec3 uniform name.
func (s *UniformSet) SetVec3(name string, v mgl32.Vec3) { s.SetFloats(name, UniformVec3, v[:]) }

// SetVec4 sets the vec4 uniform name.
func (s *UniformSet) SetVec4(name string, v mgl32.Vec4) { s.SetFloats(name, UniformVec4, v[:]) }

// SetMat3 sets the mat3 uniform name.
func (s *UniformSet) SetMat3(name string, m mgl32.Mat3) { s.SetFloats(name, UniformMat3, m[:]) }

// SetMat4 sets the mat4 uniform name.
func (s *UniformSet) SetMat4(name string, m mgl32.Mat4) { s.SetFloats(name, UniformMat4, m[:]) }

// SetVec3s sets the vec3 array uniform name to vs (at least one element).
func (s *UniformSet) SetVec3s(name string, vs []mgl32.Vec3) {
	if len(vs) == 0 {
		panic(fmt.Sprintf("render: UniformSet.SetVec3s(%q): no values", name))
	}
	s.SetFloats(name, UniformVec3, unsafe.Slice(&vs[0][0], 3*len(vs)))
}

// SetVec4s sets the vec4 array uniform name to vs (at least one element).
func (s *UniformSet) SetVec4s(name string, vs []mgl32.Vec4) {
	if len(vs) == 0 {
		panic(fmt.Sprintf("render: UniformSet.SetVec4s(%q): no values", name))
	}
	s.SetFloats(name, UniformVec4, unsafe.Slice(&vs[0][0], 4*len(vs)))
}

// SetMat4s sets the mat4 array uniform name to ms (at least one element).
func (s *UniformSet) SetMat4s(name string, ms []mgl32.Mat4) {
	if len(ms) == 0 {
		panic(fmt.Sprintf("render: UniformSet.SetMat4s(%q): no values", name))
	}
	s.SetFloats(name, UniformMat4, unsafe.Slice(&ms[0][0], 16*len(ms)))
}

// SetInt sets the int uniform name.
func (s *UniformSet) SetInt(name string, v int32) { s.set(name, UniformInt, 1, 0)[0] = uint32(v) }

// SetUint sets the uint uniform name.
func (s *UniformSet) SetUint(name string, v uint32) { s.set(name, UniformUint, 1, 0)[0] = v }

// SetBool sets the bool uniform name.
func (s *UniformSet) SetBool(name string, v bool) {
	w := s.set(name, UniformBool, 1, 0)
	w[0] = 0
	if v {
		w[0] = 1
	}
}

// SetTexture binds texture id to the sampler2D uniform name: the backend
// gives every sampler a program declares its own texture unit (render/gl:
// at least 8 besides the built-in ones) and binds id there for the draws
// that use the set. Texture 0 binds the white texture.
func (s *UniformSet) SetTexture(name string, id TextureID) { s.set(name, UniformSampler2D, 1, id) }

// Uniforms is a [UniformSet] recorded into one frame by
// [Frame.RecordUniforms]: a small value naming the copy in the frame's
// arena, valid for that frame only. The zero value means none. Many draws
// may share one (a material's uniforms are recorded once per frame).
type Uniforms struct{ n int32 } // index+1 into the frame's recorded sets

// IsZero reports whether u records nothing.
func (u Uniforms) IsZero() bool { return u.n == 0 }

// recordedSet is one RecordUniforms call: values[first:first+n], applied
// after those of base.
type recordedSet struct {
	first, n int32
	base     Uniforms
}

// uniformArena is the shader side of a frame: its uniform sets, the time
// of the frame block the backend loads for every pass (see SetTime), and
// the shader compile results the backend reports (shader_results.go).
type uniformArena struct {
	sets    []recordedSet
	values  []UniformValue
	words   []uint32
	results []ShaderResult

	time, delta float64
	timeSet     bool
}

func (a *uniformArena) reset() {
	clear(a.values) // drop the names, so a frame keeps no user string alive
	clear(a.results)
	a.results = a.results[:0]
	a.sets = a.sets[:0]
	a.values = a.values[:0]
	a.words = a.words[:0]
	a.time, a.delta, a.timeSet = 0, 0, false
}

// RecordUniforms copies the uniforms of s into the frame and returns the
// copy's handle for [MeshDraw.Uniforms], [FullscreenDraw.Uniforms] or
// [Pass.Uniforms]. base (the zero value: none) is an earlier result of this
// frame whose values apply first, so that a draw's own uniforms can extend
// or override a material's: record the material once with a zero base,
// then each draw's set with the material's handle as base. s may be nil or
// empty (then the result applies base alone). It allocates nothing once
// the frame's buffers have grown, and panics if base is not from this
// frame.
func (f *Frame) RecordUniforms(base Uniforms, s *UniformSet) Uniforms {
	a := &f.uni
	if base.n < 0 || int(base.n) > len(a.sets) {
		panic(fmt.Sprintf("render: RecordUniforms: base %d is not a uniform set of this frame", base.n))
	}
	first := len(a.values)
	if s != nil {
		off := len(a.words)
		a.words = append(a.words, s.words...)
		for _, v := range s.values {
			v.Data.Off += off
			a.values = append(a.values, v)
		}
	}
	a.sets = append(a.sets, recordedSet{first: int32(first), n: int32(len(a.values) - first), base: base})
	return Uniforms{int32(len(a.sets))}
}

// UniformValues returns the values u recorded (in the order they were
// first set in their UniformSet) and the base recorded with them, whose
// values apply first; for backends. It returns nothing for the zero value
// and for a handle that is not of this frame.
func (f *Frame) UniformValues(u Uniforms) (values []UniformValue, base Uniforms) {
	a := &f.uni
	if u.n <= 0 || int(u.n) > len(a.sets) {
		return nil, Uniforms{}
	}
	s := a.sets[u.n-1]
	return a.values[s.first : s.first+s.n : s.first+s.n], s.base
}

// UniformWords returns the words s locates in the frame's uniform arena
// (a [UniformValue]'s Data).
func (f *Frame) UniformWords(s Span) []uint32 {
	return f.uni.words[s.Off : s.Off+s.Len : s.Off+s.Len]
}

// SetTime records the frame block's time: seconds since the game started
// and the frame's delta time, as shaders read them in cc_time (see
// [FrameBlock]). A Renderer fills in its own clock (seconds since it
// started, and since the previous Submit) for frames that never call it;
// call it with the game's time for pictures that replay exactly.
func (f *Frame) SetTime(seconds, delta float64) {
	f.uni.time, f.uni.delta, f.uni.timeSet = seconds, delta, true
}

// Time returns the time recorded by SetTime (or filled in by the Renderer
// at Submit).
func (f *Frame) Time() (seconds, delta float64) { return f.uni.time, f.uni.delta }

// FrameBlockSize is the size in bytes of the std140 uniform block
// TactFrame that every program may declare (shaders' <tact/frame.glsl>).
const FrameBlockSize = 240

// FrameBlock is the per-frame and per-pass uniform block as a program
// reads it: the std140 layout of block TactFrame, declared by the built-in
// chunk <tact/frame.glsl>:
//
//	layout(std140) uniform TactFrame {
//	    mat4 cc_matView;     // Pass.View (identity when zero)
//	    mat4 cc_matProj;     // Pass.Projection (Pass.ViewProj when zero)
//	    mat4 cc_matViewProj; // Pass.ViewProj
//	    vec4 cc_cameraPos;   // xyz: the camera's world position; w: 1
//	    vec4 cc_screenSize;  // xy: the pass's target size in pixels; zw: 1/xy
//	    vec4 cc_time;        // x: seconds, y: delta seconds, z: frame number, w: 0
//	};
//
// The names are Cocos Creator's. The camera position is the translation of
// the inverse of View, or Lights.Eye when View is zero.
type FrameBlock struct {
	View, Projection, ViewProj mgl32.Mat4
	CameraPos                  mgl32.Vec4
	ScreenSize                 mgl32.Vec4
	Time                       mgl32.Vec4
}

// FrameBlock computes the frame block pass p of f loads, given the size of
// the pass's target in pixels; for backends.
func (f *Frame) FrameBlock(p *Pass, w, h int) FrameBlock {
	fb := FrameBlock{View: p.View, Projection: p.Projection, ViewProj: p.ViewProj}
	if fb.View == (mgl32.Mat4{}) {
		fb.View = mgl32.Ident4()
		fb.CameraPos = p.Lights.Eye.Vec4(1)
	} else {
		fb.CameraPos = fb.View.Inv().Col(3)
		fb.CameraPos[3] = 1
	}
	if fb.Projection == (mgl32.Mat4{}) {
		fb.Projection = p.ViewProj
	}
	if w > 0 && h > 0 {
		fb.ScreenSize = mgl32.Vec4{float32(w), float32(h), 1 / float32(w), 1 / float32(h)}
	}
	fb.Time = mgl32.Vec4{float32(f.uni.time), float32(f.uni.delta), float32(f.number), 0}
	return fb
}

// Bytes returns fb in std140 layout (FrameBlockSize bytes), without copying.
func (fb *FrameBlock) Bytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(fb)), FrameBlockSize)
}

// frameClock is a Renderer's time for frames that never call SetTime.
type frameClock struct {
	start, last time.Time
}

// stamp fills in f's time from the clock unless f set its own.
func (c *frameClock) stamp(f *Frame) {
	now := time.Now()
	if c.start.IsZero() {
		c.start, c.last = now, now
	}
	if !f.uni.timeSet {
		f.uni.time, f.uni.delta = now.Sub(c.start).Seconds(), now.Sub(c.last).Seconds()
	}
	c.last = now
}
