package gl

import (
	"os"
	"unsafe"

	ogl "github.com/go-gl/gl/v3.3-core/gl"
	"github.com/tact-engine/tact/render"
)

// spritePath is how one sprite batch is drawn.
type spritePath uint8

const (
	pathVertices  spritePath = iota // four streamed vertices per sprite
	pathInstanced                   // one instance per sprite, expanded by the vertex shader
	pathPoints                      // one point sprite per sprite
)

// streamRing is the number of stream buffers of each kind. Execute waits
// for frame N-MaxFramesInFlight's fence before it writes any of frame N, so
// a slot is rewritten only after the frame that last read it has finished
// on the GPU: a frame never writes a buffer the GPU is reading (one slot
// more than MaxFramesInFlight is a spare; fence.go checks the ring is big
// enough).
const streamRing = 3

// instanceSize is the size of render.SpriteInstance, the instance stride.
const instanceSize = int(unsafe.Sizeof(render.SpriteInstance{}))

// streamBuf is one vertex buffer of the ring, with its allocated size.
type streamBuf struct {
	id   uint32
	size int
}

// spriteState holds the sprite batcher's GL objects and per-frame scratch.
type spriteState struct {
	vertVAO, instVAO, pointVAO uint32
	shownVAO                   uint32 // points drawn through this frame's index of shown sprites
	quad, seq                  uint32 // index buffers: 0 1 2 2 3 0 per quad; 0 1 2 3 …
	quadSprites, seqSprites    int    // sprites the index buffers cover
	inst, vert, shownBuf       [streamRing]streamBuf
	slot                       int     // ring slot of this frame
	instBuf                    uint32  // this frame's instance buffer
	maxPoint                   float32 // largest point size the driver draws
	minPoint                   float32 // smallest

	counts  [3]int                // sprite batches drawn on each path in the last frame
	cutouts int                   // sprite batches drawn with a cutout program in the last frame
	hidden  int                   // sprites left out as hidden in the last frame
	paths   []spritePath          // by batch
	vfirst  []int                 // by batch: first sprite in this frame's streamed vertices
	views   []pointView           // by pass: world units to pixels, for points
	scratch []render.SpriteVertex // streamed vertices

	// The hidden-sprite test's results: batch i draws shown[sfirst[i]:]'s
	// first scount[i] sprites (indices from bt.First) when sfirst[i] >= 0.
	sfirst, scount []int
	shown          []uint32
	cover          coverage
	hiddenMode     HiddenSpriteMode // Options.HiddenSprites, or what HiddenSpritesEnv says
	auto           hiddenAuto       // HiddenSpritesAuto's choice of frames (hidden.go)
	autoNow        bool             // this frame may run the test in HiddenSpritesAuto
}

// initSprites creates the four sprite vertex arrays, the two index buffers
// and the stream buffers (storage comes with the first frame that needs it),
// and settles the hidden-sprite mode (Options.HiddenSprites, or
// HiddenSpritesEnv): a bad value of the variable fails Init.
func (b *Backend) initSprites() error {
	sp := &b.sprites
	mode, err := hiddenModeFor(b.opts.HiddenSprites, os.Getenv(HiddenSpritesEnv))
	if err != nil {
		return err
	}
	sp.hiddenMode = mode
	ogl.GenVertexArrays(1, &sp.vertVAO)
	ogl.GenVertexArrays(1, &sp.instVAO)
	ogl.GenVertexArrays(1, &sp.pointVAO)
	ogl.GenVertexArrays(1, &sp.shownVAO)
	ogl.GenBuffers(1, &sp.quad)
	ogl.GenBuffers(1, &sp.seq)
	b.live += 6
	for i := range streamRing {
		ogl.GenBuffers(1, &sp.inst[i].id)
		ogl.GenBuffers(1, &sp.vert[i].id)
		ogl.GenBuffers(1, &sp.shownBuf[i].id)
		b.live += 3
	}
	b.bindVAO(sp.vertVAO)
	for a := uint32(0); a < 3; a++ {
		ogl.EnableVertexAttribArray(a)
	}
	b.fillQuads(b.opts.SpritesPerDraw)
	b.bindVAO(sp.instVAO)
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, sp.quad)
	for a := uint32(0); a < 4; a++ {
		ogl.EnableVertexAttribArray(a)
		ogl.VertexAttribDivisor(a, 1)
	}
	b.bindVAO(sp.pointVAO)
	for a := uint32(0); a < 4; a++ {
		ogl.EnableVertexAttribArray(a)
	}
	b.fillSeq(b.opts.SpritesPerDraw)
	b.bindVAO(sp.shownVAO)
	for a := uint32(0); a < 4; a++ {
		ogl.EnableVertexAttribArray(a)
	}
	var r [2]float32
	ogl.GetFloatv(ogl.POINT_SIZE_RANGE, &r[0])
	sp.minPoint, sp.maxPoint = r[0], r[1]
	return nil
}

// deleteSprites deletes what initSprites created.
func (b *Backend) deleteSprites() {
	sp := &b.sprites
	b.deleteGL(&sp.vertVAO, ogl.DeleteVertexArrays)
	b.deleteGL(&sp.instVAO, ogl.DeleteVertexArrays)
	b.deleteGL(&sp.pointVAO, ogl.DeleteVertexArrays)
	b.deleteGL(&sp.shownVAO, ogl.DeleteVertexArrays)
	b.deleteGL(&sp.quad, ogl.DeleteBuffers)
	b.deleteGL(&sp.seq, ogl.DeleteBuffers)
	for i := range streamRing {
		b.deleteGL(&sp.inst[i].id, ogl.DeleteBuffers)
		b.deleteGL(&sp.vert[i].id, ogl.DeleteBuffers)
		b.deleteGL(&sp.shownBuf[i].id, ogl.DeleteBuffers)
		sp.inst[i].size, sp.vert[i].size, sp.shownBuf[i].size = 0, 0, 0
	}
	b.st.vao = 0
}

// fillQuads (re)fills the quad index buffer for n sprites: 0,1,2, 2,3,0 per
// quad. Called with the vertex-path VAO bound (it holds the element binding;
// the instanced VAO shares the buffer).
func (b *Backend) fillQuads(n int) {
	idx := make([]uint32, 6*n)
	for q := 0; q < n; q++ {
		v := uint32(4 * q)
		copy(idx[6*q:], []uint32{v, v + 1, v + 2, v + 2, v + 3, v})
	}
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, b.sprites.quad)
	ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, 4*len(idx), unsafe.Pointer(&idx[0]), ogl.STATIC_DRAW)
	b.sprites.quadSprites = n
}

// fillSeq (re)fills the point index buffer with 0 … n-1. Called with the
// point VAO bound.
func (b *Backend) fillSeq(n int) {
	idx := make([]uint32, n)
	for i := range idx {
		idx[i] = uint32(i)
	}
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, b.sprites.seq)
	ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, 4*len(idx), unsafe.Pointer(&idx[0]), ogl.STATIC_DRAW)
	b.sprites.seqSprites = n
}

// upload writes data into buffer s, binding it to target (GL_ARRAY_BUFFER,
// or GL_ELEMENT_ARRAY_BUFFER of the bound vertex array), growing it by
// doubling if it is too small. The buffer is never orphaned: a ring slot is
// written again only streamRing frames later.
func (b *Backend) upload(f *render.Frame, target uint32, s *streamBuf, data []byte, initial int) {
	ogl.BindBuffer(target, s.id)
	if s.size < len(data) {
		n := max(s.size, initial)
		for n < len(data) {
			n *= 2
		}
		ogl.BufferData(target, n, nil, ogl.STREAM_DRAW)
		s.size = n
	}
	ogl.BufferSubData(target, 0, len(data), unsafe.Pointer(&data[0]))
	f.Stats.BytesUploaded += int64(len(data))
}

// prepareSprites chooses each sprite batch's path and streams what the
// chosen paths read: the sorted instances once, and four vertices per sprite
// of the vertex-path batches.
func (b *Backend) prepareSprites(f *render.Frame, batches []render.Batch, sprites []render.SpriteInstance) {
	sp := &b.sprites
	sp.counts, sp.cutouts, sp.hidden = [3]int{}, 0, 0
	if len(sprites) == 0 {
		return
	}
	sp.slot = (sp.slot + 1) % streamRing
	b.passViews(f)
	sp.paths = sp.paths[:0]
	sp.vfirst = sp.vfirst[:0]
	sp.sfirst = sp.sfirst[:0]
	sp.scount = sp.scount[:0]
	sp.autoNow = sp.auto.frame()
	nShown, nTested := 0, 0
	nVerts, mostVerts, mostPoints, instanced := 0, 0, 0, false
	for i := range batches {
		bt := &batches[i]
		path := pathVertices
		if bt.Kind == render.KindSprite && bt.Shader == 0 && b.opts.Sprites != SpritesVertices {
			path = pathInstanced
			if b.opts.Sprites == SpritesAuto && bt.Squares {
				sc := sp.views[bt.Pass].kx
				if sc < 0 {
					sc = -sc
				}
				if sc > 0 && bt.SideMin*sc >= sp.minPoint && bt.SideMax*sc <= sp.maxPoint {
					path = pathPoints
				}
			}
		}
		sp.paths = append(sp.paths, path)
		sp.vfirst = append(sp.vfirst, nVerts)
		sfirst, scount := -1, 0
		if path == pathPoints && b.testsHidden(bt) {
			if cap(sp.shown) < nShown+bt.Count {
				sp.shown = append(sp.shown[:nShown], make([]uint32, bt.Count)...)
			}
			out := sp.shown[nShown : nShown+bt.Count]
			sfirst, scount = nShown, visibleSprites(sprites[bt.First:bt.First+bt.Count], &sp.views[bt.Pass], &sp.cover, out)
			nShown += scount
			nTested += bt.Count
			sp.hidden += bt.Count - scount
		}
		sp.sfirst = append(sp.sfirst, sfirst)
		sp.scount = append(sp.scount, scount)
		if bt.Kind != render.KindSprite {
			continue
		}
		sp.counts[path]++
		switch path {
		case pathVertices:
			nVerts += bt.Count
			mostVerts = max(mostVerts, bt.Count)
		case pathPoints:
			mostPoints = max(mostPoints, bt.Count)
			instanced = true
		default:
			instanced = true
		}
	}
	if sp.hiddenMode == HiddenSpritesAuto && sp.autoNow {
		sp.auto.tested(nTested, sp.hidden)
	}
	if instanced {
		s := &sp.inst[sp.slot]
		b.upload(f, ogl.ARRAY_BUFFER, s, render.SpriteInstanceBytes(sprites), b.opts.SpritesPerDraw*instanceSize)
		sp.instBuf = s.id
		if mostPoints > sp.seqSprites {
			b.bindVAO(sp.pointVAO)
			b.fillSeq(grown(sp.seqSprites, mostPoints))
		}
		if nShown > 0 {
			b.bindVAO(sp.shownVAO)
			b.upload(f, ogl.ELEMENT_ARRAY_BUFFER, &sp.shownBuf[sp.slot], uint32Bytes(sp.shown[:nShown]), b.opts.SpritesPerDraw*4)
		}
	}
	if nVerts > 0 {
		if cap(sp.scratch) < 4*nVerts {
			sp.scratch = make([]render.SpriteVertex, 4*nVerts, 8*nVerts)
		}
		vs := sp.scratch[:4*nVerts]
		for i := range batches {
			bt := &batches[i]
			if bt.Kind != render.KindSprite || sp.paths[i] != pathVertices {
				continue
			}
			out := vs[4*sp.vfirst[i]:]
			run := sprites[bt.First : bt.First+bt.Count]
			for k := range run {
				run[k].Vertices((*[4]render.SpriteVertex)(out[4*k:]))
			}
		}
		b.bindVAO(sp.vertVAO)
		if mostVerts > sp.quadSprites {
			b.fillQuads(grown(sp.quadSprites, mostVerts))
		}
		b.upload(f, ogl.ARRAY_BUFFER, &sp.vert[sp.slot], render.SpriteVertexBytes(vs), b.opts.SpritesPerDraw*4*int(unsafe.Sizeof(render.SpriteVertex{})))
		const stride = int32(unsafe.Sizeof(render.SpriteVertex{}))
		ogl.VertexAttribPointerWithOffset(0, 2, ogl.FLOAT, false, stride, 0)
		ogl.VertexAttribPointerWithOffset(1, 2, ogl.FLOAT, false, stride, 8)
		ogl.VertexAttribPointerWithOffset(2, 4, ogl.UNSIGNED_BYTE, true, stride, 16)
	}
}

// grown doubles n until it reaches need.
func grown(n, need int) int {
	n = max(n, 1)
	for n < need {
		n *= 2
	}
	return n
}

// instancePointers points attributes 0-3 of the bound vertex array at the
// instances in GL_ARRAY_BUFFER from instance first on.
func instancePointers(first int) {
	const stride = int32(instanceSize)
	off := uintptr(first * instanceSize)
	ogl.VertexAttribPointerWithOffset(0, 2, ogl.FLOAT, false, stride, off)
	ogl.VertexAttribPointerWithOffset(1, 4, ogl.FLOAT, false, stride, off+8)
	ogl.VertexAttribPointerWithOffset(2, 4, ogl.FLOAT, false, stride, off+24)
	ogl.VertexAttribPointerWithOffset(3, 4, ogl.UNSIGNED_BYTE, true, stride, off+40)
}

// passViews sets, for each pass, the window pixels per world unit along x
// and y when the pass maps both axes alike (so that a square stays a square
// of known side in pixels), zero otherwise, with the rest of the mapping
// from world to viewport pixels that the hidden-sprite test uses.
func (b *Backend) passViews(f *render.Frame) {
	sp := &b.sprites
	sp.views = sp.views[:0]
	for i := range f.Passes() {
		p := &f.Passes()[i]
		var v pointView
		w, h, _, ok := b.surfaceSize(f, p.Target)
		m := &p.ViewProj
		if ok && b.opts.Sprites == SpritesAuto && m[15] > 0 {
			vp := p.Viewport
			if vp.Empty() {
				vp = render.Rect{W: w, H: h}
			}
			sx := m[0] * float32(vp.W) / 2 / m[15]
			sy := m[5] * float32(vp.H) / 2 / m[15]
			ax, ay := max(sx, -sx), max(sy, -sy)
			if d := ax - ay; ax > 0 && d <= 1e-5*ax && -d <= 1e-5*ax {
				v = pointView{kx: sx, ky: sy,
					bx: (m[12]/m[15] + 1) * float32(vp.W) / 2, by: (m[13]/m[15] + 1) * float32(vp.H) / 2,
					w: vp.W, h: vp.H, single: b.singleSampled(p.Target)}
			}
		}
		sp.views = append(sp.views, v)
	}
}

// singleSampled reports whether passes into target id write one sample per
// pixel (the hidden-sprite test reasons about pixel centers).
func (b *Backend) singleSampled(id render.TargetID) bool {
	if id == 0 {
		return b.screen.samples == 0 && !b.screen.defaultMS
	}
	t := b.lookupTarget(id)
	return t != nil && t.samples == 0
}

// testsHidden reports whether the hidden-sprite test runs on sprite batch
// bt, drawn as points: a batch big and crowded enough, in a pass that
// allows it, drawn without blending (Options.HiddenSprites).
func (b *Backend) testsHidden(bt *render.Batch) bool {
	v := &b.sprites.views[bt.Pass]
	if bt.Count < minHiddenBatch || !v.single {
		return false
	}
	side := 0.5 * (bt.SideMin + bt.SideMax) * max(v.kx, -v.kx) // mean side in pixels, about
	if float64(bt.Count)*float64(side*side) < hiddenOverdraw*float64(v.w*v.h) {
		return false
	}
	switch b.sprites.hiddenMode {
	case HiddenSpritesOff:
		return false
	case HiddenSpritesAuto:
		if !b.software || !b.sprites.autoNow {
			return false // on a GPU, or a frame hiddenAuto leaves out
		}
	}
	opaque := true
	if bt.Texture != 0 {
		t := b.lookupTexture(bt.Texture)
		if t == nil {
			return false // draw reports it
		}
		opaque = t.opaque
	}
	return replaces(bt, opaque)
}

// replaces reports whether sprite batch bt, of the built-in program, whose
// texture is opaque or not, is drawn without blending, each fragment
// replacing the framebuffer's color: blend mode BlendOpaque, or opaque
// texels times opaque tints, which alpha or premultiplied blending would
// give back unchanged.
func replaces(bt *render.Batch, opaque bool) bool {
	return bt.Blend == render.BlendOpaque ||
		bt.Opaque && opaque && (bt.Blend == render.BlendAlpha || bt.Blend == render.BlendPremultiplied)
}

// uint32Bytes returns s as raw bytes, for uploading.
func uint32Bytes(s []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), 4*len(s))
}

// flushEvery is the most sprites one GL draw of a point or instanced batch
// covers. A bigger batch is drawn in parts, with a glFlush before each part
// but the first: a software rasterizer (Mesa's llvmpipe) then rasterizes
// one part on its threads while the driver sets up the next, where it
// would otherwise set up the whole batch before rasterizing any of it
// (200,000 point sprites on two cores: about a tenth less frame time). The
// parts draw in order, so the picture is the same; smaller batches are
// drawn as before.
const flushEvery = 32768

// drawSprites issues sprite batch i, whose program is bound, on its path.
func (b *Backend) drawSprites(i int, bt *render.Batch) {
	sp := &b.sprites
	switch sp.paths[i] {
	case pathPoints:
		// Every sprite through the sequence 0 … n-1, or the shown ones
		// through this frame's index of shown sprites; indices count from
		// the batch's first instance.
		vao, base, count := sp.pointVAO, 0, bt.Count
		if sp.sfirst[i] >= 0 {
			vao, base, count = sp.shownVAO, sp.sfirst[i], sp.scount[i]
		}
		b.bindVAO(vao)
		ogl.BindBuffer(ogl.ARRAY_BUFFER, sp.instBuf)
		instancePointers(bt.First)
		for k := 0; k < count; k += flushEvery {
			if k > 0 {
				ogl.Flush()
			}
			ogl.DrawElementsWithOffset(ogl.POINTS, int32(min(flushEvery, count-k)), ogl.UNSIGNED_INT, uintptr(4*(base+k)))
		}
	case pathInstanced:
		b.bindVAO(sp.instVAO)
		ogl.BindBuffer(ogl.ARRAY_BUFFER, sp.instBuf)
		for first := 0; first < bt.Count; first += flushEvery {
			if first > 0 {
				ogl.Flush()
			}
			instancePointers(bt.First + first)
			ogl.DrawElementsInstanced(ogl.TRIANGLES, 6, ogl.UNSIGNED_INT, nil, int32(min(flushEvery, bt.Count-first)))
		}
	default:
		b.bindVAO(sp.vertVAO)
		ogl.DrawElementsBaseVertex(ogl.TRIANGLES, int32(6*bt.Count), ogl.UNSIGNED_INT, nil, int32(4*sp.vfirst[i]))
	}
}

// HiddenSprites returns how many sprites the last executed frame left out
// because later sprites of their batch covered them (Options.HiddenSprites).
// Like LiveObjects, call it only while no method runs.
func (b *Backend) HiddenSprites() int { return b.sprites.hidden }

// CutoutBatches returns how many sprite batches the last executed frame drew
// with a cutout program (see the package documentation). Like LiveObjects,
// call it only while no method runs.
func (b *Backend) CutoutBatches() int { return b.sprites.cutouts }

// SpritePaths returns how many sprite batches the last executed frame drew
// as point sprites, as instanced quads and as streamed vertices. Like
// LiveObjects, call it only while no method runs.
func (b *Backend) SpritePaths() (points, instanced, vertices int) {
	c := &b.sprites.counts
	return c[pathPoints], c[pathInstanced], c[pathVertices]
}
