package httpd

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// staticFile is a built UI file held in memory with its gzip form, so a
// hashed bundle is compressed once at start instead of on every request.
type staticFile struct {
	body        []byte
	gz          []byte // nil when compressing does not pay
	contentType string
	etag        string
	immutable   bool
}

// staticFiles are the UI build's files by URL path; index.html is the
// page template and is not served as a file.
type staticFiles map[string]*staticFile

// hashedDir holds Vite's content-hashed bundles, which never change under
// the same name and so may be cached for a year.
const hashedDir = "/assets/"

func loadStatic(dist fs.FS) (staticFiles, error) {
	files := staticFiles{}
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir // .vite/manifest.json is for the server, not for visitors
		}
		if d.IsDir() || p == "index.html" || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		body, err := fs.ReadFile(dist, p)
		if err != nil {
			return fmt.Errorf("ui: read %s: %w", p, err)
		}
		urlPath := "/" + p
		sum := sha256.Sum256(body)
		f := &staticFile{
			body:        body,
			contentType: contentTypeOf(p),
			etag:        `"` + hex.EncodeToString(sum[:8]) + `"`,
			immutable:   strings.HasPrefix(urlPath, hashedDir),
		}
		if compressible(f.contentType) && len(body) > 512 {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			_, _ = zw.Write(body)
			if err := zw.Close(); err != nil {
				return fmt.Errorf("ui: gzip %s: %w", p, err)
			}
			if b.Len() < len(body)*9/10 {
				f.gz = b.Bytes()
			}
		}
		files[urlPath] = f
		return nil
	})
	return files, err
}

// localeFiles reads Vite's manifest for the hashed address of each
// translation file: lang → namespace → /assets/….json. A build without a
// manifest (or the fallback) gives none, and the UI then simply fetches
// its texts without the head's head start.
func localeFiles(dist fs.FS) map[string]map[string]string {
	raw, err := fs.ReadFile(dist, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]struct {
		File string `json:"file"`
	}
	if json.Unmarshal(raw, &manifest) != nil {
		return nil
	}
	out := map[string]map[string]string{}
	for src, entry := range manifest {
		rest, ok := strings.CutPrefix(src, "src/locales/")
		lang, file, ok2 := strings.Cut(rest, "/")
		ns, ok3 := strings.CutSuffix(file, ".json")
		if !ok || !ok2 || !ok3 || strings.Contains(ns, "/") {
			continue
		}
		if out[lang] == nil {
			out[lang] = map[string]string{}
		}
		out[lang][ns] = "/" + entry.File
	}
	return out
}

func contentTypeOf(p string) string {
	switch path.Ext(p) {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".json":
		return "application/json"
	case ".svg":
		return "image/svg+xml"
	case ".webmanifest":
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(path.Ext(p)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(contentType string) bool {
	return strings.HasPrefix(contentType, "text/") || strings.Contains(contentType, "json") ||
		strings.Contains(contentType, "svg") || strings.Contains(contentType, "xml")
}

// serve answers a static file, gzipped when the client accepts it.
func (f *staticFile) serve(c *gin.Context) {
	h := c.Writer.Header()
	if f.immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	h.Set("Content-Type", f.contentType)
	body := f.body
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(c.Request) {
			h.Set("Content-Encoding", "gzip")
			body = f.gz
		}
	}
	etag := f.etag
	if len(body) != len(f.body) {
		// The encoded body is another representation, so another validator.
		etag = strings.TrimSuffix(f.etag, `"`) + `-gz"`
	}
	h.Set("ETag", etag)
	http.ServeContent(c.Writer, c.Request, "", time.Time{}, bytes.NewReader(body))
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
