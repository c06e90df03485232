package render_test

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/tact-engine/tact/render"
	"github.com/tact-engine/tact/render/null"
)

// lineVertex is a custom vertex: a 3D position and a packed color.
type lineVertex struct {
	Pos   [3]float32
	Color render.Color
}

var lineLayout = []render.VertexAttribute{
	{Name: "a_pos", Location: 0, Format: render.AttribFloat32, Components: 3, Offset: 0},
	{Name: "a_color", Location: 3, Format: render.AttribUint8Norm, Components: 4, Offset: 12},
}

func vertexBytes[T any](vs []T) []byte {
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(&vs[0])), len(vs)*int(unsafe.Sizeof(z)))
}

func TestMeshDescCheck(t *testing.T) {
	good := render.MeshDesc{Attributes: lineLayout, Stride: 16, Primitive: render.LineList}
	if err := good.Check(64, nil); err != nil {
		t.Errorf("good layout: %v", err)
	}
	if err := (&render.MeshDesc{}).Check(52*3, []uint32{0, 1, 2}); err != nil {
		t.Errorf("MeshVertex layout: %v", err)
	}
	with := func(f func(d *render.MeshDesc)) *render.MeshDesc {
		d := good
		d.Attributes = append([]render.VertexAttribute(nil), lineLayout...)
		f(&d)
		return &d
	}
	cases := []struct {
		d       *render.MeshDesc
		bytes   int
		indices []uint32
		want    string
	}{
		{with(func(d *render.MeshDesc) { d.Stride = 0 }), 64, nil, "stride 0"},
		{with(func(d *render.MeshDesc) { d.Attributes[1].Offset = 14 }), 64, nil, `attribute "a_color": bytes 14..18 outside the 16-byte vertex`},
		{with(func(d *render.MeshDesc) { d.Attributes[1].Location = 0 }), 64, nil, `attribute "a_color": location 0 used twice`},
		{with(func(d *render.MeshDesc) { d.Attributes[1].Location = 10 }), 64, nil, `location 10 outside 0..9`},
		{with(func(d *render.MeshDesc) { d.Attributes[0].Components = 5 }), 64, nil, `"a_pos": 5 components`},
		{with(func(d *render.MeshDesc) { d.Attributes[0].Format = 9 }), 64, nil, `"a_pos": unknown format 9`},
		{with(func(d *render.MeshDesc) { d.Attributes[1].Name = "a_pos" }), 64, nil, `attribute "a_pos" twice`},
		{with(func(d *render.MeshDesc) { d.Attributes[1].Name = "" }), 64, nil, `attribute 1 has no name`},
		{with(func(d *render.MeshDesc) { d.Attributes[0].Offset = 2; d.Stride = 20 }), 80, nil, `offset 2 is not a multiple of 4`},
		{with(func(d *render.MeshDesc) { d.Primitive = 9 }), 64, nil, "unknown primitive mode 9"},
		{with(func(d *render.MeshDesc) { d.Attributes = d.Attributes[:0] }), 64, nil, "no attributes"},
		{&good, 60, nil, "60 vertex bytes: not a whole"},
		{&good, 48, nil, "3 elements do not make whole lines"},
		{&good, 64, []uint32{0, 4}, "index 1 (4) out of 4 vertices"},
		{&render.MeshDesc{}, 104, []uint32{0, 1}, "2 elements do not make whole triangles"},
		{&render.MeshDesc{Stride: 16}, 64, nil, "stride 16 without attributes"},
	}
	for _, c := range cases {
		err := c.d.Check(c.bytes, c.indices)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check: %v, want %q", err, c.want)
		}
	}
	// CreateMeshFrom panics with the reason, naming itself.
	defer func() {
		if p := fmt.Sprint(recover()); !strings.Contains(p, "CreateMeshFrom: stride 0") {
			t.Errorf("panic %q", p)
		}
	}()
	render.NewFrame().CreateMeshFrom(render.MeshDesc{Attributes: lineLayout}, make([]byte, 32), nil)
}

// FuzzMeshDescCheck feeds Check layouts and data from outside (a model
// file's): it must never panic, and whatever it accepts must describe
// attributes inside the vertex and indices inside the vertices.
func FuzzMeshDescCheck(f *testing.F) {
	f.Add(uint8(3), uint8(0), uint8(0), uint8(12), uint8(16), uint8(2), 64, []byte{0, 1})
	f.Add(uint8(4), uint8(1), uint8(9), uint8(3), uint8(4), uint8(0), 4, []byte{})
	f.Add(uint8(0), uint8(2), uint8(255), uint8(200), uint8(0), uint8(7), -1, []byte{9, 9, 9})
	f.Fuzz(func(t *testing.T, comps, format, loc, off, stride, prim uint8, nbytes int, idx []byte) {
		d := render.MeshDesc{
			Attributes: []render.VertexAttribute{
				{Name: "a_pos", Location: int(loc) % 12, Format: render.AttribFormat(format % 4), Components: int(comps), Offset: int(off)},
			},
			Stride: int(stride), Primitive: render.PrimitiveMode(prim % 7),
		}
		is := make([]uint32, len(idx))
		for i, b := range idx {
			is[i] = uint32(b)
		}
		if d.Check(nbytes, is) != nil {
			return
		}
		a := d.Attributes[0]
		if a.Offset+a.Components*a.Format.Size() > d.Stride || nbytes%d.Stride != 0 {
			t.Fatalf("accepted %+v for %d bytes", d, nbytes)
		}
		for _, ix := range is {
			if int(ix) >= nbytes/d.Stride {
				t.Fatalf("accepted index %d of %d vertices", ix, nbytes/d.Stride)
			}
		}
	})
}

func TestPrimitiveCounts(t *testing.T) {
	for _, c := range []struct {
		m       render.PrimitiveMode
		n, want int
	}{{render.TriangleList, 9, 3}, {render.PointList, 5, 5}, {render.LineList, 6, 3}, {render.LineStrip, 4, 3},
		{render.LineStrip, 0, 0}, {render.TriangleStrip, 5, 3}, {render.TriangleStrip, 1, 0}} {
		if got := c.m.Primitives(c.n); got != c.want {
			t.Errorf("%v.Primitives(%d) = %d, want %d", c.m, c.n, got, c.want)
		}
	}
}

// Meshes get model-space bounds at creation (for culling instances),
// and UpdateMesh grows them with new positions.
func TestMeshBounds(t *testing.T) {
	f := render.NewFrame()
	cube := f.CreateMesh(render.CubeMesh())
	if b := f.MeshBounds(cube); b.Min != (mgl32.Vec3{-0.5, -0.5, -0.5}) || b.Max != (mgl32.Vec3{0.5, 0.5, 0.5}) {
		t.Errorf("cube bounds %+v", b)
	}
	vs := []lineVertex{{Pos: [3]float32{1, 2, 3}}, {Pos: [3]float32{-1, 0, 5}}}
	line := f.CreateMeshFrom(render.MeshDesc{Attributes: lineLayout, Stride: 16, Primitive: render.LineList}, vertexBytes(vs), nil)
	if b := f.MeshBounds(line); b.Min != (mgl32.Vec3{-1, 0, 3}) || b.Max != (mgl32.Vec3{1, 2, 5}) {
		t.Errorf("line bounds %+v", b)
	}
	f.UpdateMesh(line, 1, vertexBytes([]lineVertex{{Pos: [3]float32{0, -7, 4}}}), 0, nil)
	if b := f.MeshBounds(line); b.Min != (mgl32.Vec3{-1, -7, 3}) || b.Max != (mgl32.Vec3{1, 2, 5}) {
		t.Errorf("bounds after UpdateMesh %+v", b)
	}
	given := render.Bounds{Min: mgl32.Vec3{-9, -9, -9}, Max: mgl32.Vec3{9, 9, 9}}
	big := f.CreateMeshFrom(render.MeshDesc{Attributes: lineLayout, Stride: 16, Primitive: render.LineList, Bounds: given}, vertexBytes(vs), nil)
	if b := f.MeshBounds(big); b != given {
		t.Errorf("given bounds %+v", b)
	}
	noPos := []render.VertexAttribute{{Name: "a_p", Location: 0, Format: render.AttribFloat32, Components: 3}}
	free := f.CreateMeshFrom(render.MeshDesc{Attributes: noPos, Stride: 12, Primitive: render.PointList}, make([]byte, 24), nil)
	if b := f.MeshBounds(free); !b.Empty() {
		t.Errorf("a mesh without a_pos has bounds %+v", b)
	}
}

// Culling keeps exactly the instances whose boxes reach into the view
// volume, in order, and skips none of a mesh without bounds.
func TestCommitMeshInstancesCulls(t *testing.T) {
	f := render.NewFrame()
	cube := f.CreateMesh(render.CubeMesh())
	noPos := []render.VertexAttribute{{Name: "a_p", Location: 0, Format: render.AttribFloat32, Components: 3}}
	free := f.CreateMeshFrom(render.MeshDesc{Attributes: noPos, Stride: 12, Primitive: render.PointList}, make([]byte, 24), nil)
	f.BeginPass(render.Pass{ViewProj: mgl32.Perspective(mgl32.DegToRad(90), 1, 1, 100)}) // looking down -z
	at := func(x, y, z float32) render.MeshInstance {
		return render.MeshInstance{Model: mgl32.Translate3D(x, y, z), Data: [4]float32{x, y, z}}
	}
	ins := f.ReserveMeshInstances(7)
	copy(ins, []render.MeshInstance{
		at(0, 0, -10),    // in view
		at(0, 0, 10),     // behind
		at(11.5, 0, -10), // beyond the right plane (x = -z)
		at(10.4, 0, -10), // its box reaches into the view
		at(0, 0, -101),   // beyond the far plane
		at(0, 0, -0.6),   // its box crosses the near plane
		at(0, -20, -10),  // below
	})
	if n := f.CommitMeshInstances(&render.MeshDraw{Mesh: cube}, 7); n != 3 {
		for _, in := range f.MeshInstances(0) {
			t.Log(in.Data)
		}
		t.Fatalf("kept %d instances, want 3", n)
	}
	got := f.MeshInstances(0)
	if len(got) != 3 || got[0].Data[2] != -10 || got[1].Data[0] != 10.4 || got[2].Data[2] != -0.6 {
		t.Errorf("kept %+v", got)
	}
	if f.CulledInstances() != 4 {
		t.Errorf("CulledInstances %d, want 4", f.CulledInstances())
	}
	if n := f.DrawMeshInstanced(&render.MeshDraw{Mesh: free}, []render.MeshInstance{at(0, 0, 50), at(0, 0, 60)}); n != 2 {
		t.Errorf("a mesh without bounds kept %d of 2 instances", n)
	}
	f.DrawMesh(&render.MeshDraw{Mesh: cube})
	if n := f.DrawMeshInstanced(&render.MeshDraw{Mesh: cube}, []render.MeshInstance{at(0, 0, 50)}); n != 0 {
		t.Errorf("an instance behind the camera kept")
	}
	if len(f.MeshDraws()) != 3 || f.MeshInstances(2) != nil || len(f.MeshInstances(1)) != 2 || f.InstanceOffset(1) != 3 {
		t.Errorf("%d mesh draws; instances of draw 1: %d at %d, of draw 2: %v", len(f.MeshDraws()), len(f.MeshInstances(1)), f.InstanceOffset(1), f.MeshInstances(2))
	}
	if len(f.AllMeshInstances()) != 5 {
		t.Errorf("%d instances in all", len(f.AllMeshInstances()))
	}
}

// The culling test is exactly "all eight corners outside one plane of
// the clip volume", checked corner by corner over a grid seen in
// perspective.
func TestCullingMatchesCornerTest(t *testing.T) {
	eye := mgl32.Vec3{0, 20, 40}
	vp := mgl32.Perspective(mgl32.DegToRad(30), 1, 0.5, 100).Mul4(mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0}))
	f := render.NewFrame()
	cube := f.CreateMesh(render.CubeMesh())
	f.BeginPass(render.Pass{ViewProj: vp})
	var all []render.MeshInstance
	want := 0
	for i := range 100 * 100 {
		x, z := float32(i%100)-50, float32(i/100)-50
		m := mgl32.Translate3D(x*2, 0, z*2).Mul4(mgl32.HomogRotate3DY(float32(i)))
		all = append(all, render.MeshInstance{Model: m, Data: [4]float32{float32(i)}})
		var out [6]int
		for c := range 8 {
			p := mgl32.Vec4{float32(c&1) - 0.5, float32(c>>1&1) - 0.5, float32(c>>2&1) - 0.5, 1}
			q := vp.Mul4(m).Mul4x1(p)
			for k := range 3 {
				if q[k] > q[3] {
					out[2*k]++
				}
				if q[k] < -q[3] {
					out[2*k+1]++
				}
			}
		}
		visible := true
		for _, n := range out {
			visible = visible && n < 8
		}
		if visible {
			want++
		}
	}
	if got := f.DrawMeshInstanced(&render.MeshDraw{Mesh: cube}, all); got != want || got == 0 || got == len(all) {
		t.Errorf("kept %d of %d instances, the corner test %d", got, len(all), want)
	}
}

// Recording instanced draws, custom-layout draws and mesh updates
// allocates nothing in a steady frame, and render/null counts their
// primitives (instances times the mesh's).
func TestSteadyMeshFrameAllocatesNothing(t *testing.T) {
	r, err := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f := r.Frame()
	cube := f.CreateMesh(render.CubeMesh())
	vs := []lineVertex{{Pos: [3]float32{0, 0, -5}}, {Pos: [3]float32{1, 0, -5}}, {Pos: [3]float32{1, 1, -5}}}
	strip := f.CreateMeshFrom(render.MeshDesc{Attributes: lineLayout, Stride: 16, Primitive: render.LineStrip, Dynamic: true}, vertexBytes(vs), nil)
	sh := f.CreateShader(render.ShaderDesc{})
	if err := r.Submit(); err != nil {
		t.Fatal(err)
	}
	vp := mgl32.Perspective(1, 1, 1, 100)
	frame := func() {
		f := r.Frame()
		f.SetScreenSize(64, 64)
		f.BeginPass(render.Pass{ViewProj: vp})
		ins := f.ReserveMeshInstances(100)
		for i := range ins {
			ins[i] = render.MeshInstance{Model: mgl32.Translate3D(float32(i%10)-5, float32(i/10)-5, -20)}
		}
		f.CommitMeshInstances(&render.MeshDraw{Mesh: cube}, len(ins))
		vs[0].Pos[1] = float32(f.Number() % 3)
		f.UpdateMesh(strip, 0, vertexBytes(vs[:1]), 0, nil)
		f.DrawMesh(&render.MeshDraw{Mesh: strip, Shader: sh})
		if err := r.Submit(); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		frame()
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per steady mesh frame", n)
	}
	if st := r.Stats(); st.DrawCalls != 2 || st.Triangles != 100*12+2 || st.BytesUploaded != 100*84+16 {
		t.Errorf("stats %+v: want 2 draw calls, 1202 primitives, 100 instances and one vertex uploaded", st)
	}
}

// ExampleFrame_CreateMeshFrom creates a mesh of a custom vertex layout (a
// position and a byte color) drawn as a line strip, for a program that
// declares the same attributes.
func ExampleFrame_CreateMeshFrom() {
	type vertex struct {
		Pos   [3]float32
		Color render.Color
	}
	verts := []vertex{
		{[3]float32{0, 0, 0}, render.RGBA(255, 0, 0, 255)},
		{[3]float32{1, 0, 0}, render.RGBA(0, 255, 0, 255)},
		{[3]float32{1, 1, 0}, render.RGBA(0, 0, 255, 255)},
	}
	desc := render.MeshDesc{
		// layout(location = 0) in vec3 a_pos; layout(location = 3) in vec4 a_color;
		Attributes: []render.VertexAttribute{
			{Name: "a_pos", Location: 0, Format: render.AttribFloat32, Components: 3, Offset: 0},
			{Name: "a_color", Location: 3, Format: render.AttribUint8Norm, Components: 4, Offset: 12},
		},
		Stride:    int(unsafe.Sizeof(vertex{})),
		Primitive: render.LineStrip,
	}
	bytes := unsafe.Slice((*byte)(unsafe.Pointer(&verts[0])), len(verts)*desc.Stride)

	r, _ := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	defer r.Close()
	f := r.Frame()
	mesh := f.CreateMeshFrom(desc, bytes, nil) // no indices: drawn in order
	shader := f.CreateShader(render.ShaderDesc{ /* a program reading a_pos and a_color */ })
	f.BeginPass(render.Pass{ViewProj: mgl32.Ident4()})
	f.DrawMesh(&render.MeshDraw{Mesh: mesh, Shader: shader, Model: mgl32.Ident4()})
	if err := r.Submit(); err != nil {
		fmt.Println(err)
	}
	fmt.Println("lines:", r.Stats().Triangles, "bounds:", f.MeshBounds(mesh))
	// Output: lines: 2 bounds: {[0 0 0] [1 1 0]}
}

// ExampleFrame_UpdateMesh rewrites part of a dynamic mesh every frame: the
// buffers keep their size, and only the bytes given are uploaded.
func ExampleFrame_UpdateMesh() {
	r, _ := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	defer r.Close()
	f := r.Frame()
	verts, idx := render.CubeMesh()
	mesh := f.CreateMeshFrom(render.MeshDesc{Dynamic: true}, render.MeshVertexBytes(verts), idx)
	_ = r.Submit()

	f = r.Frame()
	top := verts[8:12] // the +y face
	for i := range top {
		top[i].Position[1] = 0.8 // raise it
	}
	f.UpdateMesh(mesh, 8, render.MeshVertexBytes(top), 0, nil)
	fmt.Println(r.Submit(), r.Stats().BytesUploaded, "bytes; bounds now", f.MeshBounds(mesh).Max)

	f = r.Frame()
	f.UpdateMesh(mesh, 22, render.MeshVertexBytes(top), 0, nil) // 4 vertices from 22: past the 24
	fmt.Println(r.Submit())
	// Output:
	// <nil> 208 bytes; bounds now [0.5 0.8 0.5]
	// render/null: frame 3: UpdateMesh: mesh#1.0: vertices 22..26 outside its 24 vertices
}

// ExampleFrame_DrawMeshInstanced draws a grid of cubes as one instanced
// draw: instances are filled in the frame's arena, culled against the
// pass while recording, and lit by the built-in program as DrawMesh lights
// each cube.
func ExampleFrame_DrawMeshInstanced() {
	r, _ := render.NewRenderer(null.New(), render.Options{OnMainThread: true})
	defer r.Close()
	f := r.Frame()
	cube := f.CreateMesh(render.CubeMesh())
	_ = r.Submit()

	f = r.Frame()
	eye := mgl32.Vec3{0, 20, 40}
	view := mgl32.LookAtV(eye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	f.BeginPass(render.Pass{ViewProj: mgl32.Perspective(mgl32.DegToRad(30), 1, 0.5, 100).Mul4(view),
		Lights: render.Lights{Eye: eye, Ambient: mgl32.Vec3{0.1, 0.1, 0.1}}})
	ins := f.ReserveMeshInstances(100 * 100) // no allocation once the arena has grown
	for i := range ins {
		x, z := float32(i%100)-50, float32(i/100)-50
		ins[i] = render.MeshInstance{Model: mgl32.Translate3D(x*2, 0, z*2), Color: render.White}
	}
	kept := f.CommitMeshInstances(&render.MeshDraw{Mesh: cube, Material: render.Material{Roughness: 0.6}}, len(ins))
	_ = r.Submit()
	fmt.Println("in view:", kept, "culled:", f.CulledInstances(), "draw calls:", r.Stats().DrawCalls)
	// Output: in view: 710 culled: 9290 draw calls: 1
}
