package asset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/fsnotify/fsnotify"
)

// reloadSettle is how long a changed file must stay quiet before it is
// reloaded: editors write a file in several steps (truncate, write, rename).
const reloadSettle = 30 * time.Millisecond

// assetWatcher forwards file changes under the asset root to the main thread.
type assetWatcher struct {
	w     *fsnotify.Watcher
	abs   string
	done  chan struct{}
	dirty map[string]time.Time // asset path -> last change; guarded by Assets.mu
}

// startWatch watches the asset root and every folder under it.
func (a *Manager) startWatch() error {
	abs, err := filepath.Abs(a.rootDir)
	if err != nil {
		return fmt.Errorf("asset: watch %s: %w", a.rootDir, err)
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("asset: watch %s: %w", a.rootDir, err)
	}
	aw := &assetWatcher{w: w, abs: abs, done: make(chan struct{}), dirty: map[string]time.Time{}}
	if err := aw.addTree(abs); err != nil {
		w.Close()
		return fmt.Errorf("asset: watch %s: %w", a.rootDir, err)
	}
	a.watch = aw
	go a.watchLoop(aw)
	return nil
}

// addTree watches dir and the folders under it (symbolic links are not
// followed: they may lead out of the root).
func (aw *assetWatcher) addTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return aw.w.Add(p)
		}
		return nil
	})
}

func (aw *assetWatcher) close() error {
	err := aw.w.Close()
	<-aw.done
	return err
}

// watchLoop runs on its own goroutine: it records which files changed and
// wakes the main thread; it touches no asset.
func (a *Manager) watchLoop(aw *assetWatcher) {
	defer close(aw.done)
	for {
		select {
		case ev, ok := <-aw.w.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := fsStat(ev.Name); err == nil && fi.IsDir() {
					aw.addTree(ev.Name)
				}
			}
			if !ev.Has(fsnotify.Write) && !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Rename) {
				continue
			}
			rel, err := filepath.Rel(aw.abs, ev.Name)
			if err != nil || !filepath.IsLocal(rel) {
				continue
			}
			a.mu.Lock()
			aw.dirty[filepath.ToSlash(rel)] = time.Now()
			a.mu.Unlock()
			a.wake()
		case err, ok := <-aw.w.Errors:
			if !ok {
				return
			}
			a.logf("asset: asset watcher: %v", err)
		}
	}
}

// pollWatch, on the main thread, reloads the loaded assets whose files have
// settled since they changed.
func (a *Manager) pollWatch() {
	now := time.Now()
	var changed []string
	a.mu.Lock()
	for p, t := range a.watch.dirty {
		if now.Sub(t) >= reloadSettle {
			changed = append(changed, p)
			delete(a.watch.dirty, p)
		}
	}
	a.mu.Unlock()
	if len(changed) == 0 {
		return
	}
	slices.Sort(changed)
	for _, k := range a.Loaded() {
		x := a.assets[k]
		if x.state != Loaded {
			continue
		}
		if slices.ContainsFunc(x.files, func(f string) bool { return slices.Contains(changed, f) }) {
			if _, ok := x.loader.(Reloader); ok {
				a.submit(&loadJob{asset: x, reload: true})
			}
		}
	}
}

// Reload reads and decodes the asset at p again and, at a later Poll,
// replaces its content in place (same handles): what the watcher does when
// a file changes. Only loaded assets whose loader is a Reloader (textures,
// shaders) can be reloaded. A failed reload keeps the old content, is logged
// and emits ReloadFailed.
func (a *Manager) Reload(p string) error {
	x := a.Get(p)
	if x == nil || x.state != Loaded {
		return &Error{Path: p, Err: errors.New("not loaded")}
	}
	if _, ok := x.loader.(Reloader); !ok {
		return &Error{Path: x.path, Err: errors.New("this kind of asset does not reload in place")}
	}
	a.submit(&loadJob{asset: x, reload: true})
	return nil
}

// finishReload applies a reload's decoded data on the main thread.
func (a *Manager) finishReload(j *loadJob) {
	x := j.asset
	if x.state != Loaded {
		return // unloaded meanwhile
	}
	err := j.err
	if err == nil {
		err = safeReload(x.loader.(Reloader), a, x, j.data)
	}
	if err != nil {
		var ae *Error
		if !errors.As(err, &ae) || ae.Path != x.path {
			err = &Error{Path: x.path, Err: err}
		}
		a.logf("asset: reload %v (the previous version stays)", err)
		a.ReloadFailed.Emit(ReloadError{Asset: x, Err: err})
		return
	}
	x.files = j.src.files
	x.reloads++
	a.Reloaded.Emit(x)
}

// checkRenderErr turns a GL compile error in a reloaded shader, which the
// backend reports a frame or two after the reload was recorded, into a
// ReloadFailed (the backend keeps the previous program). Attach calls it
// after every frame's draw with the Director's last render error.
func (a *Manager) checkRenderErr(err error) {
	if err == nil || err == a.lastRenderErr {
		return
	}
	a.lastRenderErr = err
	reported := map[*Asset]bool{} // one report per shader: its first error
	var walk func(error)
	walk = func(err error) {
		// A backend's shader compile error (render/gl.ShaderError) names
		// its source file: one of the pair, or a file they include.
		if se, ok := err.(interface{ SourceFile() string }); ok {
			file := se.SourceFile()
			for _, k := range a.Loaded() {
				x := a.assets[k]
				if s := x.Shader(); s != nil && x.reloads > 0 && !reported[x] && (s.Desc.VertexName == file || s.Desc.FragmentName == file || slices.Contains(x.files, file)) {
					reported[x] = true
					rerr := &Error{Path: x.path, Err: err}
					a.logf("asset: reload %v (the previous program stays)", rerr)
					a.ReloadFailed.Emit(ReloadError{Asset: x, Err: rerr})
				}
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			if e := u.Unwrap(); e != nil {
				walk(e)
			}
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		}
	}
	walk(err)
}

func safeReload(r Reloader, a *Manager, x *Asset, data any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("reload panicked: %v", p)
		}
	}()
	return r.Reload(a.frame(), x.value, data)
}

func fsStat(name string) (fs.FileInfo, error) { return os.Stat(name) }
