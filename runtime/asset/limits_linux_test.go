package asset

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin loads p and waits for the result at most d: a load that
// blocks a worker fails the test instead of hanging it.
func loadWithin(t *testing.T, a *Manager, p string, d time.Duration) error {
	t.Helper()
	ch := a.LoadChan(p)
	deadline := time.Now().Add(d)
	for {
		a.Poll()
		select {
		case r := <-ch:
			if r.Err == nil {
				r.Asset.Release()
				return nil
			}
			return r.Err
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the load did not finish in %v (blocked on the file?)", p, d)
		}
		time.Sleep(time.Millisecond)
	}
}

// readerFormat decodes ".rd" files by reading, through src.ReadFile, the
// file named in them: any format reading any file gets the same checks.
type readerFormat struct{ gateLoader }

func (*readerFormat) Decode(src *Source) (any, error) {
	name, err := src.Read()
	if err != nil {
		return nil, err
	}
	b, err := src.ReadFile(strings.TrimSpace(string(name)))
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// A named pipe, a socket, a directory or a device fails its load at once,
// for every format (texture, shader pair, audio, a custom format's extra
// file), with an error naming the asset path and the kind of file, rather
// than blocking a worker in open or read: the type is checked before the
// file is opened. A symbolic link to a pipe inside the root is refused the
// same way; one to /dev/zero leaves the root and is refused as such.
func TestNonRegularFilesFailAtOnce(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"pipe.png", "pipe.wav", "sh.frag", "pipe.bin"} {
		if err := syscall.Mkfifo(filepath.Join(root, p), 0o644); err != nil {
			t.Skip("no named pipes here:", err)
		}
	}
	writeFile(t, root, "sh.vert", []byte("void main() {}\n"))
	writeFile(t, root, "extra.rd", []byte("pipe.bin\n"))
	if err := os.Mkdir(filepath.Join(root, "dir.png"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("pipe.png", filepath.Join(root, "linkpipe.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero.png")); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", filepath.Join(root, "sock.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cases := []struct{ load, want string }{
		{"pipe.png", "pipe.png: not a regular file (named pipe)"},
		{"pipe.wav", "pipe.wav: not a regular file (named pipe)"},
		{"sh.shader", "sh.frag: not a regular file (named pipe)"},
		{"extra.rd", "pipe.bin: not a regular file (named pipe)"},
		{"linkpipe.png", "linkpipe.png: not a regular file (named pipe)"},
		{"dir.png", "dir.png: not a regular file (directory)"},
		{"sock.png", "sock.png: not a regular file (socket)"},
	}
	// A character device like /dev/null, where this process may make one
	// (root, a filesystem that allows device nodes).
	if err := syscall.Mknod(filepath.Join(root, "null.png"), syscall.S_IFCHR|0o666, int(mkdev(1, 3))); err == nil {
		cases = append(cases, struct{ load, want string }{"null.png", "null.png: not a regular file (character device)"})
	} else {
		t.Logf("no device node test: mknod: %v", err)
	}
	// One worker: a load that blocked it would stop every later one.
	a, _, _ := newTestAssets(t, root, Options{Workers: 1})
	a.RegisterFormat(".rd", &readerFormat{})
	for _, c := range cases {
		err := loadWithin(t, a, c.load, 5*time.Second)
		if err == nil {
			t.Errorf("%s: loaded", c.load)
			continue
		}
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q, want %q wrapping ErrNotRegular", c.load, err, c.want)
		}
	}
	err = loadWithin(t, a, "zero.png", 5*time.Second)
	if err == nil || !errors.Is(err, ErrOutsideRoot) || !strings.HasPrefix(err.Error(), "zero.png: ") {
		t.Errorf("zero.png (a link to /dev/zero): %v, want an error naming it and wrapping ErrOutsideRoot", err)
	}
	// A regular file still loads after all that (the worker is free).
	writeFile(t, root, "ok.rd", []byte("sh.vert\n"))
	if err := loadWithin(t, a, "ok.rd", 5*time.Second); err != nil {
		t.Fatal(err)
	}
}

func mkdev(major, minor uint32) uint64 {
	return uint64(major)<<8 | uint64(minor&0xff) | uint64(minor&^0xff)<<12
}

// ReadFile opens files without blocking: a file that became a named pipe
// after the type check (opened with no writer) does not hang the open, and
// the check on the opened file refuses it.
func TestReadFileOpenDoesNotBlock(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "p"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan error, 1)
	go func() {
		f, err := r.OpenFile("p", openFlags, 0)
		if err != nil {
			done <- err
			return
		}
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			done <- err
			return
		}
		done <- checkFile(fi, 1<<20)
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || err.Error() != "not a regular file (named pipe)" {
			t.Fatalf("opened pipe: %v, want not a regular file (named pipe)", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("opening a named pipe with no writer blocked")
	}
}

// A file whose size stat does not tell (here a /proc file, which stat says
// is empty), like one growing while it is read, is read through a bounded
// reader: past Options.MaxFileSize it is refused, without being read whole.
func TestReadFileGrowsPastLimit(t *testing.T) {
	r, err := os.OpenRoot("/proc/self")
	if err != nil {
		t.Skip("no /proc:", err)
	}
	defer r.Close()
	if fi, err := r.Stat("status"); err != nil || fi.Size() != 0 || !fi.Mode().IsRegular() {
		t.Skipf("/proc/self/status is not an empty-looking regular file here: %v %v", fi, err)
	}
	src := &Source{Path: "status", root: r, maxFile: 64}
	b, err := src.Read()
	if b != nil || !errors.Is(err, ErrTooLarge) || !strings.HasPrefix(err.Error(), "status: too large: grew past the 64 bytes limit") {
		t.Fatalf("read %d bytes, error %v; want a refusal past 64 bytes", len(b), err)
	}
	src = &Source{Path: "status", root: r, maxFile: 1 << 20}
	if b, err := src.Read(); err != nil || !strings.Contains(string(b), "Pid:") {
		t.Fatalf("under the limit: %v, %q", err, b)
	}
}
