package audio

// voice is one playing clip on the mixing side. Voices live in the Mixer's
// pool and are reused, so a voice holds no buffers of its own: a decoded
// clip's samples, or a streamed clip's window, allocated by Play.
type voice struct {
	active bool
	gen    uint32
	clip   *Clip
	st     *stream // nil for a decoded clip

	// data holds the source frames: the whole clip, or for a stream a
	// window of winLen frames that pos indexes from its start.
	data   []float32
	ch     int
	frames int // a decoded clip's length
	winLen int

	pos      float64 // source frames
	baseStep float64 // clip rate / mixer rate
	step     float64 // baseStep × pitch
	loop     bool
	bus      Bus
	pan      float32

	vol           float32 // the voice's volume, moving while a fade runs
	fadeTarget    float32
	fadeStep      float32 // per frame
	fadeLeft      int     // frames
	stopAfterFade bool

	paused   bool // asked to pause: ramp to silence, then hold
	silent   bool // paused and ramped down: not mixed, not advanced
	stopping bool // asked to stop: ramp to silence over this chunk, then end

	curL, curR float32 // gains reached at the end of the last chunk
}

// fade starts a linear ramp of the volume to target over seconds.
func (v *voice) fade(target float32, seconds float64, rate int) {
	n := int(seconds * float64(rate))
	if n <= 0 {
		v.vol, v.fadeLeft = target, 0
		return
	}
	v.fadeTarget = target
	v.fadeLeft = n
	v.fadeStep = (target - v.vol) / float32(n)
}

// setPitch sets the step from pitch p. A NaN (which min and max pass
// through) would make the position NaN and the next frame index negative,
// a panic on the device's goroutine: it counts as 1, like 0.
func (v *voice) setPitch(p float32) {
	if p == 0 || p != p {
		p = 1
	}
	v.step = v.baseStep * float64(min(max(p, MinPitch), MaxPitch))
}

// gains returns the left and right gains for the voice's volume and pan
// under a bus-and-master gain g.
func (v *voice) gains(g float32) (l, r float32) {
	g *= v.vol
	return g * min(1, 1-v.pan), g * min(1, 1+v.pan)
}

// mixVoice adds n frames of v into acc (stereo) and reports whether v goes
// on after this chunk.
func (m *Mixer) mixVoice(v *voice, acc []float32, n int) bool {
	if v.silent {
		// Paused: no sound, no progress. Stopping needs no ramp any more.
		return !v.stopping && !v.stopAfterFade
	}
	if v.fadeLeft > 0 {
		k := min(n, v.fadeLeft)
		v.vol += v.fadeStep * float32(k)
		v.fadeLeft -= k
		if v.fadeLeft == 0 {
			v.vol = v.fadeTarget
			if v.stopAfterFade {
				v.stopping = true
			}
		}
	}
	l, r := v.gains(m.busGain[v.bus] * m.masterGain)
	if v.paused || v.stopping {
		l, r = 0, 0
	}
	// Ramp the gains across the chunk: a change of volume, pan, bus or
	// master, a pause or a stop never jumps, so it never clicks.
	gl, gr := v.curL, v.curR
	dl, dr := (l-gl)/float32(n), (r-gr)/float32(n)
	v.curL, v.curR = l, r

	var produced int
	ended := false
	if v.st == nil {
		limit := v.frames
		produced, v.pos = mixFrames(acc, n, v.data, v.ch, v.frames, limit, v.loop, v.pos, v.step, gl, gr, dl, dr)
		ended = produced < n || v.frames == 0
	} else {
		eof := m.fillWindow(v, n)
		limit := v.winLen - 1 // interpolation needs the next frame...
		if eof {
			limit = v.winLen // ...unless there is none to come
		}
		produced, v.pos = mixFrames(acc, n, v.data, v.ch, v.winLen, limit, false, v.pos, v.step, gl, gr, dl, dr)
		if produced < n {
			if eof {
				ended = true
			} else {
				m.underruns.Add(1)
			}
		}
	}
	if v.paused {
		v.silent = true
	}
	return !ended && !v.stopping
}

// fillWindow makes sure v's window holds the source frames the next n
// output frames need, as far as the stream has them, and reports whether
// the stream has ended with everything it decoded already in the window.
func (m *Mixer) fillWindow(v *voice, n int) (eof bool) {
	ch := v.ch
	winCap := len(v.data) / ch
	// Read the flag before pulling: if the producer had finished by then,
	// everything it wrote is visible to the pull below.
	done := v.st.eof.Load()
	if v.winLen < int(v.pos+float64(n)*v.step)+2 {
		// Drop the frames already played; what the chunk needs then fits,
		// since the window has room for a chunk at the highest pitch.
		if k := min(int(v.pos), v.winLen); k > 0 {
			copy(v.data, v.data[k*ch:v.winLen*ch])
			v.winLen -= k
			v.pos -= float64(k)
		}
		v.winLen += v.st.pull(v.data[v.winLen*ch:winCap*ch]) / ch
	}
	return done && v.st.empty()
}

// mixFrames adds n frames of linearly interpolated source into acc, from
// frame position pos advancing by step per output frame, with gains gl, gr
// changing by dl, dr per frame. data holds frames source frames of ch
// channels. Frame i plays only while i < limit; with wrap, pos then jumps
// back by frames (a seamless loop, interpolating across the seam), else
// mixing stops. Past the last frame the source reads as silence. It returns
// the frames produced and the new position.
func mixFrames(acc []float32, n int, data []float32, ch, frames, limit int, wrap bool,
	pos, step float64, gl, gr, dl, dr float32) (int, float64) {
	if frames == 0 {
		return 0, pos
	}
	f := 0
	for f < n {
		// Interior run: frames whose position and next frame lie inside
		// the source, mixed with no boundary checks. One frame of margin
		// absorbs the rounding of pos += step against (end-pos)/step.
		last := min(limit, frames-1) // positions below last are interior
		if run := min(n-f, int((float64(last)-pos)/step)-1); run > 0 {
			if ch == 1 {
				pos, gl, gr = mixMono(acc[2*f:2*(f+run)], data, pos, step, gl, gr, dl, dr)
			} else {
				pos, gl, gr = mixStereo(acc[2*f:2*(f+run)], data, pos, step, gl, gr, dl, dr)
			}
			f += run
			continue
		}
		// One frame at the edge: the end, the loop seam, or the last
		// frames before them.
		i := int(pos)
		if i >= limit {
			if !wrap {
				return f, pos
			}
			for pos >= float64(frames) {
				pos -= float64(frames)
			}
			i = int(pos)
		}
		t := float32(pos - float64(i))
		j := i + 1
		var l0, r0, l1, r1 float32
		if ch == 1 {
			l0 = data[i]
			if j < frames {
				l1 = data[j]
			} else if wrap {
				l1 = data[0]
			}
			r0, r1 = l0, l1
		} else {
			l0, r0 = data[2*i], data[2*i+1]
			if j < frames {
				l1, r1 = data[2*j], data[2*j+1]
			} else if wrap {
				l1, r1 = data[0], data[1]
			}
		}
		acc[2*f] += (l0 + (l1-l0)*t) * gl
		acc[2*f+1] += (r0 + (r1-r0)*t) * gr
		gl += dl
		gr += dr
		pos += step
		f++
	}
	return n, pos
}

// mixMono adds len(acc)/2 frames of mono data from pos into stereo acc; the
// caller guarantees every frame and its next one are inside data.
func mixMono(acc, data []float32, pos, step float64, gl, gr, dl, dr float32) (float64, float32, float32) {
	for f := 0; f+1 < len(acc); f += 2 {
		i := int(pos)
		t := float32(pos - float64(i))
		s0, s1 := data[i], data[i+1]
		s := s0 + (s1-s0)*t
		acc[f] += s * gl
		acc[f+1] += s * gr
		gl += dl
		gr += dr
		pos += step
	}
	return pos, gl, gr
}

// mixStereo is mixMono for interleaved stereo data.
func mixStereo(acc, data []float32, pos, step float64, gl, gr, dl, dr float32) (float64, float32, float32) {
	for f := 0; f+1 < len(acc); f += 2 {
		i := int(pos)
		t := float32(pos - float64(i))
		d := data[2*i : 2*i+4]
		acc[f] += (d[0] + (d[2]-d[0])*t) * gl
		acc[f+1] += (d[1] + (d[3]-d[1])*t) * gr
		gl += dl
		gr += dr
		pos += step
	}
	return pos, gl, gr
}
