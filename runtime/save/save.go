package save

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// StaleTempAge is how old a half-written temp file must be before NewStore
// removes it, on systems without flock (Windows and others). On Linux, macOS
// and the BSDs a writer holds a lock on its temp file from creation to
// rename, and NewStore removes, at any age, only temp files that nobody
// holds a lock on: those whose writer crashed.
const StaleTempAge = 10 * time.Minute

// maxTempTries bounds how often one Save makes a new temp file because
// another Store's cleanup removed the last one before it was locked.
const maxTempTries = 16

// Store is one folder of saves. Its methods may be called from any
// goroutine. Several Stores on one folder, in one process or in several,
// may save at the same time: none removes another's half-written file, and
// every save file holds one whole version. Two concurrent Saves of one name
// race for the last word.
type Store struct {
	dir string
}

// Open returns the Store of the game app: the folder app under the user's
// configuration directory (os.UserConfigDir: ~/.config on Linux,
// %AppData% on Windows, ~/Library/Application Support on macOS), made if
// missing. app must be a plain folder name.
func Open(app string) (*Store, error) {
	if err := checkName(app); err != nil {
		return nil, fmt.Errorf("save: app name: %w", err)
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return NewStore(filepath.Join(base, app))
}

// NewStore returns a Store in dir, made if missing (tests, portable
// installs). Half-written files that a crashed writer left behind are
// removed; those another Store or process is still writing are not (see
// StaleTempAge).
func NewStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	if stale, err := filepath.Glob(filepath.Join(dir, ".*.json.*.tmp")); err == nil {
		for _, f := range stale {
			removeIfAbandoned(f)
		}
	}
	return &Store{dir: dir}, nil
}

// Dir returns the Store's folder.
func (s *Store) Dir() string { return s.dir }

// Path returns the file a save of name is kept in.
func (s *Store) Path(name string) string { return filepath.Join(s.dir, name+".json") }

// Save writes v (as encoding/json writes it) under name, atomically: after
// an error or a crash, Load returns the previous value whole. name is a
// plain file name without extension ("settings", "slot-1"). A folder in
// the save's place is an error naming it, and is left alone.
func (s *Store) Save(name string, v any) error {
	if err := checkName(name); err != nil {
		return fmt.Errorf("save %q: %w", name, err)
	}
	p := s.Path(name)
	if isFolder(p) {
		return fmt.Errorf("save %q: %s is a folder, not a save file", name, p)
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("save %q: %w", name, err)
	}
	b = append(b, '\n')
	if err := writeAtomic(p, b); err != nil {
		if isFolder(p) { // made while this save was written
			return fmt.Errorf("save %q: %s is a folder, not a save file", name, p)
		}
		return fmt.Errorf("save %q: %w", name, err)
	}
	return nil
}

// Load reads the save of name into v. With no such save it returns an error
// for which errors.Is(err, fs.ErrNotExist) holds, and leaves v as it was
// (so defaults set before Load stay). A file that is not valid JSON for v
// is an error naming the file.
func (s *Store) Load(name string, v any) error {
	if err := checkName(name); err != nil {
		return fmt.Errorf("load %q: %w", name, err)
	}
	p := s.Path(name)
	b, err := os.ReadFile(p)
	if err != nil {
		if isFolder(p) {
			return fmt.Errorf("load %q: %s is a folder, not a save file", name, p)
		}
		return fmt.Errorf("load %q: %w", name, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("load %q: %s: %w", name, p, err)
	}
	return nil
}

// Delete removes the save of name; deleting one that does not exist is not
// an error. A folder in the save's place is an error, and is left alone.
func (s *Store) Delete(name string) error {
	if err := checkName(name); err != nil {
		return fmt.Errorf("delete %q: %w", name, err)
	}
	p := s.Path(name)
	if isFolder(p) {
		return fmt.Errorf("delete %q: %s is a folder, not a save file", name, p)
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("delete %q: %w", name, err)
	}
	return nil
}

// checkName refuses names that are not one plain file name.
func checkName(name string) error {
	if name == "" || name == "." || name == ".." || len(name) > 128 {
		return errors.New("want a plain name of 1 to 128 characters")
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' || r == ' '
		if !ok {
			return fmt.Errorf("%q is not allowed in a name (letters, digits, space, '-', '_', '.')", r)
		}
	}
	return nil
}

// isFolder reports whether path is a folder (and so no save file).
func isFolder(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.IsDir()
}

// writeAtomic writes b to a new file beside path, flushes it to disk,
// renames it over path and flushes the folder, so that path always holds a
// whole file: the old one or the new one. The temp file has a name of its
// own (os.CreateTemp) and stays locked until it is renamed, so neither
// another writer nor another Store's cleanup touches it.
func writeAtomic(path string, b []byte) (err error) {
	f, err := createTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	closed := false
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
		if !closed {
			f.Close()
		}
	}()
	if _, err = f.Write(b); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if !renameBeforeClose {
		closed = true
		if err = f.Close(); err != nil {
			return err
		}
	}
	// Where locks work, the lock (held until Close) must cover the
	// rename: a cleanup that takes it afterwards finds the name gone.
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	if !closed {
		closed = true
		f.Close() // the data is synced and renamed: a failing Close loses nothing
	}
	// The rename is durable only once the folder's entry is on disk too.
	if d, derr := os.Open(filepath.Dir(path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// createTemp makes a new temp file in dir and locks it. Another Store's
// cleanup may remove the file between its creation and the lock (it was not
// locked yet, so it looked abandoned); then createTemp makes another.
func createTemp(dir, pattern string) (*os.File, error) {
	for range maxTempTries {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		if lockTemp(f) != nil {
			// No locks on this file system: the cleanup cannot take
			// one either, so it leaves the file alone.
			return f, nil
		}
		held, err1 := f.Stat()
		named, err2 := os.Lstat(f.Name())
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return f, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("another store removed %d temp files in %s before they could be locked", maxTempTries, dir)
}
