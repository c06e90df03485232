package save

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Store is one folder of saves. Its methods may be called from any
// goroutine, but two concurrent Saves of one name race for the last word.
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
// installs). Half-written files that a crash left behind are removed.
func NewStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	if stale, err := filepath.Glob(filepath.Join(dir, ".*.json.*.tmp")); err == nil {
		for _, f := range stale {
			os.Remove(f)
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
// plain file name without extension ("settings", "slot-1").
func (s *Store) Save(name string, v any) error {
	if err := checkName(name); err != nil {
		return fmt.Errorf("save %q: %w", name, err)
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("save %q: %w", name, err)
	}
	b = append(b, '\n')
	if err := writeAtomic(s.Path(name), b); err != nil {
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
		return fmt.Errorf("load %q: %w", name, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("load %q: %s: %w", name, p, err)
	}
	return nil
}

// Delete removes the save of name; deleting one that does not exist is not
// an error.
func (s *Store) Delete(name string) error {
	if err := checkName(name); err != nil {
		return fmt.Errorf("delete %q: %w", name, err)
	}
	if err := os.Remove(s.Path(name)); err != nil && !errors.Is(err, os.ErrNotExist) {
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

// writeAtomic writes b to a new file beside path, flushes it to disk,
// renames it over path and flushes the folder, so that path always holds a
// whole file: the old one or the new one.
func writeAtomic(path string, b []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	// The rename is durable only once the folder's entry is on disk too.
	if d, derr := os.Open(filepath.Dir(path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
