package images

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/estate-agency/estate/listing"
)

// Library is the processed photos on disk and their index in memory:
//
//	{dir}/sources/{urlKey}.json   an entry: the source address and its renditions
//	{dir}/{hh}/{hash}/{w}.{ext}   the renditions of the photo whose content hash is hash
//
// A photo's renditions are written in a temporary folder and renamed into
// place whole, then its entry is written: an entry always names complete
// renditions, and a crash leaves at most a temporary folder, removed at
// the next Open.
type Library struct {
	dir string
	mu  sync.RWMutex
	// byURL are the entries by source address.
	byURL map[string]entry
}

// OpenLibrary reads the entries under dir (created when missing); an entry
// whose renditions are gone, or that cannot be read, is dropped.
func OpenLibrary(dir string) (*Library, error) {
	l := &Library{dir: dir, byURL: map[string]entry{}}
	if err := os.MkdirAll(l.sourcesDir(), 0o750); err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	files, err := os.ReadDir(l.sourcesDir())
	if err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	for _, f := range files {
		path := filepath.Join(l.sourcesDir(), f.Name())
		if !strings.HasSuffix(f.Name(), ".json") {
			_ = os.Remove(path) // an entry's temporary file
			continue
		}
		var e entry
		b, err := os.ReadFile(path)
		if err == nil {
			err = json.Unmarshal(b, &e)
		}
		if err != nil || !validHash(e.Hash) || !l.complete(e) {
			_ = os.Remove(path)
			continue
		}
		l.byURL[e.URL] = e
	}
	if err := l.removeTemporary(); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Library) sourcesDir() string { return filepath.Join(l.dir, "sources") }

func (l *Library) hashDir(hash string) string { return filepath.Join(l.dir, hash[:2], hash) }

// complete reports whether every rendition an entry names is on disk.
func (l *Library) complete(e entry) bool {
	for _, w := range e.Widths {
		for _, f := range e.Formats {
			if _, err := os.Stat(filepath.Join(l.hashDir(e.Hash), fmt.Sprintf("%d.%s", w, f))); err != nil {
				return false
			}
		}
	}
	return len(e.Widths) > 0 && len(e.Formats) > 0
}

// removeTemporary deletes the folders a stopped run left half written.
func (l *Library) removeTemporary() error {
	tmps, err := filepath.Glob(filepath.Join(l.dir, "??", "*.tmp*"))
	if err != nil {
		return fmt.Errorf("images: %w", err)
	}
	for _, t := range tmps {
		if err := os.RemoveAll(t); err != nil {
			return fmt.Errorf("images: remove %s: %w", t, err)
		}
	}
	return nil
}

// lookup returns the entry of a source address.
func (l *Library) lookup(url string) (entry, bool) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	e, ok := l.byURL[url]
	return e, ok
}

// Len is the number of processed photos.
func (l *Library) Len() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return len(l.byURL)
}

// Done is the number of processed photos made in every format.
func (l *Library) Done() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	n := 0
	for _, e := range l.byURL {
		if e.done() {
			n++
		}
	}
	return n
}

// Optimized is the own-origin renditions of a photo address, nil until it
// is processed.
func (l *Library) Optimized(url string) *listing.Optimized {
	if e, ok := l.lookup(url); ok {
		return e.optimized()
	}
	return nil
}

// Optimize returns m with the renditions of every processed picture (a
// picture is processed from its largest size, Picture.URL). m is not
// changed: records may be shared by a cache.
func (l *Library) Optimize(m listing.Media) listing.Media {
	if len(m.Pictures) == 0 {
		return m
	}
	pics := make([]listing.Picture, len(m.Pictures))
	copy(pics, m.Pictures)
	for i := range pics {
		pics[i].Optimized = l.Optimized(pics[i].URL)
	}
	m.Pictures = pics
	return m
}

// put records a photo whose renditions are in place.
func (l *Library) put(e entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("images: entry: %w", err)
	}
	if err := writeFileSync(filepath.Join(l.sourcesDir(), urlKey(e.URL)+".json"), b); err != nil {
		return err
	}
	l.mu.Lock()
	l.byURL[e.URL] = e
	l.mu.Unlock()
	return nil
}

// hasRenditions reports whether a content hash's renditions are on disk
// (another address gave the same photo).
func (l *Library) hasRenditions(hash string) bool {
	_, err := os.Stat(l.hashDir(hash))
	return err == nil
}

// keepOnly forgets every entry whose address is not in want and deletes
// the renditions no remaining entry names: a listing that goes takes its
// photos with it. It returns the entries and folders removed.
func (l *Library) keepOnly(want map[string]bool) (entries, folders int, err error) {
	l.mu.Lock()
	used := map[string]bool{}
	var gone []string
	for url, e := range l.byURL {
		if want[url] {
			used[e.Hash] = true
			continue
		}
		gone = append(gone, url)
		delete(l.byURL, url)
	}
	l.mu.Unlock()
	for _, url := range gone {
		if err := os.Remove(filepath.Join(l.sourcesDir(), urlKey(url)+".json")); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return len(gone), 0, fmt.Errorf("images: %w", err)
		}
	}
	dirs, err := filepath.Glob(filepath.Join(l.dir, "??", "*"))
	if err != nil {
		return len(gone), 0, fmt.Errorf("images: %w", err)
	}
	for _, d := range dirs {
		if name := filepath.Base(d); validHash(name) && !used[name] {
			if err := os.RemoveAll(d); err != nil {
				return len(gone), folders, fmt.Errorf("images: %w", err)
			}
			folders++
		}
	}
	return len(gone), folders, nil
}

// DiskBytes is the size of every rendition on disk.
func (l *Library) DiskBytes() (int64, error) {
	var n int64
	err := filepath.WalkDir(l.dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	return n, err
}

func validHash(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// writeFileSync writes a file whole: a temporary file, synced, renamed.
func writeFileSync(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("images: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("images: write %s: %w", path, err)
	}
	return nil
}
