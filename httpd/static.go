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
	"slices"
	"strings"
	"time"

	"github.com/estate-agency/estate/site"
	"github.com/gin-gonic/gin"
)

// staticFile is a built UI file held in memory with its gzip form, so a
// hashed bundle is compressed once at start instead of on every request,
// and with the Brotli form the build wrote beside it (ui's vite.plugins.ts
// precompress): Brotli's best quality is too slow to run at start.
type staticFile struct {
	body        []byte
	gz          []byte // nil when compressing does not pay
	br          []byte // nil when the build wrote none
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
	brotli := map[string][]byte{} // URL path of the file → its Brotli form
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
		if original, ok := strings.CutSuffix(urlPath, ".br"); ok {
			brotli[original] = body
			return nil
		}
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
	for urlPath, br := range brotli {
		if f, ok := files[urlPath]; ok && compressible(f.contentType) {
			f.br = br
		}
	}
	return files, err
}

// localeFiles reads Vite's manifest for the hashed address of each
// language's translations, all its namespaces in one file (ui's
// vite.plugins.ts localeBundles, listed as src/locales/<lang>.json):
// lang → /assets/….json. A build without a manifest (or the fallback)
// gives none, and the UI then simply fetches its texts without the head's
// head start.
func localeFiles(dist fs.FS) map[string]string {
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
	out := map[string]string{}
	for src, entry := range manifest {
		rest, ok := strings.CutPrefix(src, "src/locales/")
		lang, ok2 := strings.CutSuffix(rest, ".json")
		if !ok || !ok2 || strings.Contains(lang, "/") {
			continue
		}
		out[lang] = "/" + entry.File
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

// serve answers a static file in Brotli or gzip when the client accepts it.
func (f *staticFile) serve(c *gin.Context) {
	h := c.Writer.Header()
	if f.immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	h.Set("Content-Type", f.contentType)
	body, etag := f.body, f.etag
	if f.gz != nil || f.br != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	// An encoded body is another representation, so another validator.
	switch {
	case f.br != nil && accepts(c.Request, "br"):
		h.Set("Content-Encoding", "br")
		body, etag = f.br, strings.TrimSuffix(f.etag, `"`)+`-br"`
	case f.gz != nil && accepts(c.Request, "gzip"):
		h.Set("Content-Encoding", "gzip")
		body, etag = f.gz, strings.TrimSuffix(f.etag, `"`)+`-gz"`
	}
	h.Set("ETag", etag)
	http.ServeContent(c.Writer, c.Request, "", time.Time{}, bytes.NewReader(body))
}

// accepts reports whether the request's Accept-Encoding takes coding.
func accepts(r *http.Request, coding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), coding) && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// viewModules are the source modules ui/src/pages/registry.ts imports for
// each view (a test checks the two agree).
var viewModules = map[site.View]string{
	site.ViewHome:              "src/pages/home/HomePage.tsx",
	site.ViewForSale:           "src/pages/listings/ListingsPage.tsx",
	site.ViewForRent:           "src/pages/listings/ListingsPage.tsx",
	site.ViewOffice:            "src/pages/office/OfficePage.tsx",
	site.ViewGuestbook:         "src/pages/guestbook/GuestbookPage.tsx",
	site.ViewLogin:             "src/pages/login/LoginPage.tsx",
	site.ViewDemandRegister:    "src/pages/demand-register/DemandRegisterPage.tsx",
	site.ViewContactDemand:     "src/pages/contact-demand/ContactDemandPage.tsx",
	site.ViewFeedback:          "src/pages/feedback/FeedbackPage.tsx",
	site.ViewArticle:           "src/pages/article/ArticlePage.tsx",
	site.ViewProperty:          "src/pages/property/PropertyPage.tsx",
	site.ViewProjects:          "src/pages/projects/ProjectsPage.tsx",
	site.ViewProject:           "src/pages/projects/ProjectPage.tsx",
	site.ViewNotFound:          "src/pages/not-found/NotFoundPage.tsx",
	site.ViewPasswordForgotten: "src/pages/password-forgotten/PasswordForgottenPage.tsx",
	site.ViewPasswordReset:     "src/pages/password-reset/PasswordResetPage.tsx",
	site.ViewOwnerPortal:       "src/pages/owner-portal/OwnerPortalPage.tsx",
	site.ViewMySearch:          "src/pages/my-search/MySearchPage.tsx",
	site.ViewUnsubscribe:       "src/pages/unsubscribe/UnsubscribePage.tsx",
	site.ViewDemandConfirm:     "src/pages/demand-confirm/DemandConfirmPage.tsx",
	site.ViewFavourites:        "src/pages/favourites/FavouritesPage.tsx",
}

// appModule is the app itself, which the entry (ui/src/main.tsx) imports
// once the server's HTML has painted.
const appModule = "src/app/start.tsx"

// viewAssets are the files a page of a view needs beyond what index.html
// loads: the app's chunks and the view's, and their styles.
type viewAssets struct {
	Scripts, Styles []string
}

// add appends scripts, and the styles not there yet.
func (a *viewAssets) add(scripts, styles []string) {
	a.Scripts = append(a.Scripts, scripts...)
	for _, css := range styles {
		if !slices.Contains(a.Styles, css) {
			a.Styles = append(a.Styles, css)
		}
	}
}

// collect returns a walk's visitor adding an entry's file and styles.
func (a *viewAssets) collect() func(manifestEntry) {
	return func(e manifestEntry) {
		styles := make([]string, len(e.CSS))
		for i, css := range e.CSS {
			styles[i] = "/" + css
		}
		a.add([]string{"/" + e.File}, styles)
	}
}

type manifestEntry struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
}

// viewChunks reads from the Vite manifest what each view loads when it
// renders: the app's chunk, the view's, the chunks they import statically
// and their styles. The styles are real stylesheets in the head, since the
// server's HTML needs them to paint as the app will; the app's come after
// the view's, the order they had when the entry loaded them. The scripts
// are announced as the page's shell decides (headData.ServerRendered).
func viewChunks(dist fs.FS) map[site.View]viewAssets {
	raw, err := fs.ReadFile(dist, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]manifestEntry
	if json.Unmarshal(raw, &manifest) != nil {
		return nil
	}
	// walk visits key and its static imports once each, leaving out skip.
	var walk func(key string, seen, skip map[string]bool, visit func(manifestEntry))
	walk = func(key string, seen, skip map[string]bool, visit func(manifestEntry)) {
		e, ok := manifest[key]
		if !ok || seen[key] || skip[key] {
			return
		}
		seen[key] = true
		visit(e)
		for _, imp := range e.Imports {
			walk(imp, seen, skip, visit)
		}
	}
	loaded := map[string]bool{} // what index.html loads already, then the app
	walk("index.html", loaded, nil, func(manifestEntry) {})
	var app viewAssets
	walk(appModule, loaded, nil, app.collect())
	out := map[site.View]viewAssets{}
	for view, module := range viewModules {
		var a viewAssets
		walk(module, map[string]bool{}, loaded, a.collect())
		a.add(app.Scripts, app.Styles)
		if len(a.Scripts) > 0 {
			out[view] = a
		}
	}
	return out
}
