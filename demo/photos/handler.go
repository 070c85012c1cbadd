package photos

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// URL prefixes the Handler answers under.
const (
	PhotosPrefix    = "/demo/photos/"
	DocumentsPrefix = "/demo/documents/"
)

// Handler serves the demo media from the full request path, so mount it on
// /demo/ without stripping the prefix:
//
//	/demo/photos/{key}/{n}/{width}.jpg      a picture (Render)
//	/demo/documents/{id}/{name}.pdf         a one-page demo PDF (Document)
//
// key and id are 1–16 of [a-z0-9]; n is 1–20; width one of Widths; name 1–64
// of [a-z0-9-]. Anything else is 404, which also shuts out path traversal.
//
// Pictures are rendered on first request and kept in CacheDir (created when
// missing; empty CacheDir renders every time). Cache files are written to a
// temporary name and renamed, so concurrent first requests for one picture
// may both render but readers never see a partial file. Responses carry a
// one-year immutable Cache-Control and an ETag, and honour Range and
// If-None-Match through http.ServeContent.
type Handler struct {
	CacheDir string
	Log      *slog.Logger
}

func (h Handler) log() *slog.Logger {
	if h.Log != nil {
		return h.Log
	}
	return slog.New(slog.DiscardHandler)
}

// ServeHTTP implements http.Handler.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, PhotosPrefix); ok {
		h.servePhoto(w, r, rest)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, DocumentsPrefix); ok {
		h.serveDocument(w, r, rest)
		return
	}
	http.NotFound(w, r)
}

func (h Handler) servePhoto(w http.ResponseWriter, r *http.Request, rest string) {
	key, n, width, ok := parsePhotoPath(rest)
	if !ok {
		http.NotFound(w, r)
		return
	}
	b, err := h.photo(key, n, width)
	if err != nil {
		h.log().Error("demo photo", "path", r.URL.Path, "err", err)
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	etag := fmt.Sprintf(`"%s-%s-%d-%d"`, renderVersion, key, n, width)
	serve(w, r, "image/jpeg", etag, b)
}

func (h Handler) serveDocument(w http.ResponseWriter, r *http.Request, rest string) {
	id, name, ok := strings.Cut(rest, "/")
	name, isPDF := strings.CutSuffix(name, ".pdf")
	if !ok || !isPDF || !validKey(id) || !validName(name) {
		http.NotFound(w, r)
		return
	}
	b := Document(id, name)
	serve(w, r, "application/pdf", fmt.Sprintf(`"%s-%s-%s"`, documentVersion, id, name), b)
}

func serve(w http.ResponseWriter, r *http.Request, contentType, etag string, b []byte) {
	hd := w.Header()
	hd.Set("Content-Type", contentType)
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	hd.Set("ETag", etag)
	hd.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// photo returns the JPEG bytes, from the cache when it has them.
func (h Handler) photo(key string, n, width int) ([]byte, error) {
	if h.CacheDir == "" {
		var buf bytes.Buffer
		err := Render(&buf, key, n, width)
		return buf.Bytes(), err
	}
	dir := filepath.Join(h.CacheDir, renderVersion, key)
	path := filepath.Join(dir, fmt.Sprintf("%d-%d.jpg", n, width))
	b, err := os.ReadFile(path)
	if err == nil {
		return b, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("photos: read cache: %w", err)
	}
	var buf bytes.Buffer
	if err := Render(&buf, key, n, width); err != nil {
		return nil, err
	}
	// A cache that cannot be written costs a render per request, not the
	// picture, so the error is only logged.
	if err := writeAtomic(dir, path, buf.Bytes()); err != nil {
		h.log().Warn("demo photo cache", "path", path, "err", err)
	}
	return buf.Bytes(), nil
}

func writeAtomic(dir, path string, b []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("photos: cache dir: %w", err)
	}
	f, err := os.CreateTemp(dir, ".tmp-*.jpg")
	if err != nil {
		return fmt.Errorf("photos: cache temp: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("photos: cache write: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("photos: cache rename: %w", err)
	}
	return nil
}

// parsePhotoPath parses "{key}/{n}/{width}.jpg". Numbers must be canonical
// (no sign, no leading zero) so each picture has exactly one URL and one
// cache file.
func parsePhotoPath(rest string) (key string, n, width int, ok bool) {
	parts := strings.Split(rest, "/")
	if len(parts) != 3 || !validKey(parts[0]) {
		return "", 0, 0, false
	}
	n, ok = canonicalInt(parts[1])
	if !ok || n < 1 || n > MaxN {
		return "", 0, 0, false
	}
	ws, isJPG := strings.CutSuffix(parts[2], ".jpg")
	width, ok = canonicalInt(ws)
	if !isJPG || !ok || !slices.Contains(Widths(), width) {
		return "", 0, 0, false
	}
	return parts[0], n, width, true
}

func canonicalInt(s string) (int, bool) {
	if s == "" || len(s) > 5 || s[0] == '0' {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}

func validKey(s string) bool {
	if len(s) == 0 || len(s) > 16 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func validName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
