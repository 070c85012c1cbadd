package images

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Handler serves the renditions from the full request path, so mount it on
// PathPrefix without stripping it: /img/{hh}/{hash}/{width}.{avif|webp|jpg}.
// Any other path is 404, which also shuts out path traversal. A rendition
// never changes under its address (the hash is its source's content), so
// it is served immutable for a year.
func (l *Library) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		hash, name, ok := parsePath(r.URL.Path)
		if !ok {
			http.NotFound(w, r)
			return
		}
		f, err := os.Open(filepath.Join(l.hashDir(hash), name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || info.IsDir() {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", contentTypes[filepath.Ext(name)[1:]])
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("ETag", `"`+hash+"-"+name+`"`)
		h.Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "", info.ModTime(), f)
	})
}

// parsePath splits /img/{hh}/{hash}/{width}.{ext} into the hash and the
// file name, checking every part.
func parsePath(path string) (hash, name string, ok bool) {
	rest, ok := strings.CutPrefix(path, PathPrefix)
	if !ok {
		return "", "", false
	}
	parts := strings.Split(rest, "/")
	if len(parts) != 3 || !validHash(parts[1]) || parts[0] != parts[1][:2] {
		return "", "", false
	}
	width, ext, ok := strings.Cut(parts[2], ".")
	if _, known := contentTypes[ext]; !ok || !known || len(width) == 0 || len(width) > 5 || width[0] == '0' {
		return "", "", false
	}
	if _, err := strconv.Atoi(width); err != nil {
		return "", "", false
	}
	return parts[1], parts[2], true
}
