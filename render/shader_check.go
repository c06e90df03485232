package render

import "fmt"

// ShaderChecker is implemented by backends that can build a program to
// check it, without keeping it: render/gl compiles and links it (resolving
// its chunks) and deletes it again.
type ShaderChecker interface {
	CheckShader(desc ShaderDesc) error
}

// shaderCheck is a CheckShader request to the render thread.
type shaderCheck struct {
	desc  ShaderDesc
	reply chan error
}

// CheckShader builds desc on the backend's thread and returns the compile,
// link or include error (naming the file and line), or nil when it builds
// or the backend has no compiler (it is no ShaderChecker). Threaded, it
// waits until the render thread has finished the frame it is executing,
// at most one frame: it is for loading and reloading shaders, where the
// caller must know the result before it goes on (the asset manager fails a
// shader's Load with it), not for every frame. After Close it returns
// ErrClosed.
func (r *Renderer) CheckShader(desc ShaderDesc) error {
	if r.closed {
		return ErrClosed
	}
	c, ok := r.backend.(ShaderChecker)
	if !ok {
		return nil
	}
	if r.opts.OnMainThread {
		return safeCheck(c, desc)
	}
	req := shaderCheck{desc: desc, reply: make(chan error, 1)}
	r.checks <- req
	return <-req.reply
}

func safeCheck(c ShaderChecker, desc ShaderDesc) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("render: backend panic: %v", p)
		}
	}()
	return c.CheckShader(desc)
}
