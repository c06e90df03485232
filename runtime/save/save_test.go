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
