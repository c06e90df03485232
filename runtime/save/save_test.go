package save

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

type settings struct {
	Volume  float64
	Name    string
	Scores  []int
	Checked string // a checksum of the rest, to see a torn file
}

func (s settings) sum() string { return fmt.Sprintf("%v|%s|%d", s.Volume, s.Name, len(s.Scores)) }

func TestSaveLoadRoundTrip(t *testing.T) {
	st, err := NewStore(filepath.Join(t.TempDir(), "game"))
	if err != nil {
		t.Fatal(err)
	}
	var got settings
	got.Volume = 0.5 // a default
	if err := st.Load("settings", &got); !errors.Is(err, fs.ErrNotExist) || got.Volume != 0.5 {
		t.Fatalf("Load with no save = %v, value %+v", err, got)
	}
	want := settings{Volume: 0.8, Name: "ada", Scores: []int{3, 1, 4}}
	if err := st.Save("settings", want); err != nil {
		t.Fatal(err)
	}
	if err := st.Load("settings", &got); err != nil || got.Name != "ada" || len(got.Scores) != 3 {
		t.Fatalf("Load = %v, %+v", err, got)
	}
	entries, _ := os.ReadDir(st.Dir())
	if len(entries) != 1 {
		t.Fatalf("files left beside the save: %v", entries)
	}
	if err := st.Delete("settings"); err != nil || st.Delete("settings") != nil {
		t.Fatal("Delete")
	}
}

func TestBadNamesAndFiles(t *testing.T) {
	st, _ := NewStore(t.TempDir())
	for _, name := range []string{"", "..", "a/b", `a\b`, "x:y"} {
		if err := st.Save(name, 1); err == nil {
			t.Errorf("Save(%q) succeeded", name)
		}
	}
	if _, err := Open("../escape"); err == nil {
		t.Error("Open with a path for an app name")
	}
	os.WriteFile(st.Path("broken"), []byte("{not json"), 0o644)
	var v settings
	if err := st.Load("broken", &v); err == nil || !strings.Contains(err.Error(), "broken.json") {
		t.Fatalf("Load of a broken file = %v", err)
	}
	if err := st.Save("fn", func() {}); err == nil {
		t.Fatal("saving a func succeeded")
	}
	if _, err := os.Stat(st.Path("fn")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a failed save left a file")
	}
}

// The crash test: a child process saves big values in a loop and is killed
// at random moments; after each kill the save must load whole (one of the
// values the child wrote, never a torn file).
func TestCrashMidSaveLosesNothing(t *testing.T) {
	if dir := os.Getenv("TACT_SAVE_CHILD"); dir != "" {
		st, err := NewStore(dir)
		if err != nil {
			os.Exit(2)
		}
		for i := 0; ; i++ {
			v := settings{Volume: float64(i), Name: strings.Repeat("x", 1<<16+i%1000), Scores: make([]int, 20000+i%7)}
			v.Checked = v.sum()
			if err := st.Save("progress", v); err != nil {
				os.Exit(3)
			}
		}
	}
	dir := t.TempDir()
	st, _ := NewStore(dir)
	first := settings{Volume: -1, Name: "first"}
	first.Checked = first.sum()
	if err := st.Save("progress", first); err != nil {
		t.Fatal(err)
	}
	for round := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashMidSaveLosesNothing$")
		cmd.Env = append(os.Environ(), "TACT_SAVE_CHILD="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(30+round*17) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		var v settings
		if err := st.Load("progress", &v); err != nil {
			t.Fatalf("round %d: the save does not load after a crash: %v", round, err)
		}
		if v.Checked != v.sum() {
			t.Fatalf("round %d: a torn save: %q vs %q", round, v.Checked, v.sum())
		}
	}
	if _, err := NewStore(dir); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("after reopening, files beside the save: %d", len(entries))
	}
}

// peerSaves is how many saves each side of the two-store tests makes.
const peerSaves = 300

// saveLoop opens a new Store on dir before every save (the opening is what
// used to delete the other store's half-written file) and saves a value
// that carries its own checksum under name, reading the save back after
// each write. It returns the first failure.
func saveLoop(dir, name, who string, n int, more func() bool) error {
	for i := 0; i < n || more(); i++ {
		st, err := NewStore(dir)
		if err != nil {
			return fmt.Errorf("%s: NewStore: %w", who, err)
		}
		v := settings{Volume: float64(i), Name: who + strings.Repeat("x", 4096+i%97), Scores: make([]int, 100+i%13)}
		v.Checked = v.sum()
		if err := st.Save(name, v); err != nil {
			return fmt.Errorf("%s: save %d: %w", who, i, err)
		}
		var back settings
		if err := st.Load(name, &back); err != nil {
			return fmt.Errorf("%s: load after save %d: %w", who, i, err)
		}
		if back.Checked != back.sum() {
			return fmt.Errorf("%s: load after save %d: a torn save: %q vs %q", who, i, back.Checked, back.sum())
		}
	}
	return nil
}

// checkNoTemp fails if a half-written file is left in dir.
func checkNoTemp(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temp file is left behind: %s", e.Name())
		}
	}
}

// Two stores on one folder, saving at the same time (and opening afresh
// before every save), lose no save, and every read sees one whole version.
func TestTwoStoresSaveConcurrently(t *testing.T) {
	dir := t.TempDir()
	errs := make(chan error, 2)
	for _, who := range []string{"a", "b"} {
		go func() { errs <- saveLoop(dir, "progress", who, peerSaves, func() bool { return false }) }()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	checkNoTemp(t, dir)
}

// A second process saving to the same folder at the same time loses no
// save either, on its side or on this one.
func TestTwoProcessesSaveConcurrently(t *testing.T) {
	if dir := os.Getenv("TACT_SAVE_PEER"); dir != "" {
		if err := saveLoop(dir, "progress", "child", peerSaves, func() bool { return false }); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestTwoProcessesSaveConcurrently$")
	cmd.Env = append(os.Environ(), "TACT_SAVE_PEER="+dir)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var childErr error
	childDone := false
	// Keep saving until the child has finished, so the two overlap
	// whatever the child's start-up time.
	err := saveLoop(dir, "progress", "parent", peerSaves, func() bool {
		select {
		case childErr = <-done:
			childDone = true
		default:
		}
		return !childDone
	})
	if !childDone {
		childErr = <-done
	}
	if err != nil {
		t.Error(err)
	}
	if childErr != nil {
		t.Errorf("the second process failed: %v\n%s", childErr, out.String())
	}
	checkNoTemp(t, dir)
}

// Saving onto a folder names the save, the path and the reason.
func TestSaveOntoFolder(t *testing.T) {
	st, _ := NewStore(t.TempDir())
	if err := os.Mkdir(st.Path("slot"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := st.Save("slot", 1)
	if err == nil || !strings.Contains(err.Error(), `save "slot"`) || !strings.Contains(err.Error(), st.Path("slot")) ||
		!strings.Contains(err.Error(), "is a folder, not a save file") {
		t.Fatalf("Save onto a folder = %v", err)
	}
	checkNoTemp(t, st.Dir())
	if err := st.Delete("slot"); err == nil || !strings.Contains(err.Error(), "is a folder, not a save file") {
		t.Fatalf("Delete of a folder = %v", err)
	}
	if fi, err := os.Stat(st.Path("slot")); err != nil || !fi.IsDir() {
		t.Fatalf("Delete removed the folder: %v", err)
	}
	var v int
	if err := st.Load("slot", &v); err == nil || !strings.Contains(err.Error(), "is a folder, not a save file") {
		t.Fatalf("Load of a folder = %v", err)
	}
}

// NewStore leaves a temp file alone while its writer holds it, and removes
// it once the writer is gone (where there are no locks: once it is older
// than StaleTempAge).
func TestCleanupSparesTempInUse(t *testing.T) {
	dir := t.TempDir()
	f, err := createTemp(dir, ".progress.json.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.Name()); err != nil {
		t.Fatalf("NewStore removed a temp file in use: %v", err)
	}
	f.Close()
	if !tempLocks {
		old := time.Now().Add(-StaleTempAge - time.Minute)
		os.Chtimes(f.Name(), old, old)
	}
	if _, err := NewStore(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.Name()); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("NewStore left an abandoned temp file: %v", err)
	}
}
