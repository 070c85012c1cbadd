package epcimage

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"
)

// PathPrefix is where the images are served: PathPrefix + region + "/" +
// label + ".png", the path listing.EPCImagePath gives.
const PathPrefix = "/images/epc/"

type rendered struct {
	body []byte
	etag string
}

// images holds every image by "region/label", drawn at the first request
// rather than at start-up so servers and tests that never show a label do
// not pay for it.
var images = sync.OnceValues(func() (map[string]rendered, error) {
	all := map[string]rendered{}
	for _, region := range Regions() {
		for _, label := range Labels(region) {
			body, err := Render(region, label)
			if err != nil {
				return nil, err
			}
			sum := sha256.Sum256(body)
			all[region+"/"+label] = rendered{body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		}
	}
	return all, nil
})

// Handler serves GET and HEAD PathPrefix{region}/{label}.png. Only the known
// regions and labels are looked up, so no request path reaches anything else.
func Handler() http.Handler { return http.HandlerFunc(serve) }

func serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	key, ok := keyOf(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	all, err := images()
	if err != nil {
		http.Error(w, "EPC images unavailable", http.StatusInternalServerError)
		return
	}
	img, ok := all[key]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("ETag", img.etag)
	// ServeContent answers If-None-Match with 304, ranges and HEAD.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(img.body))
}

// keyOf turns PathPrefix{region}/{label}.png into "region/label".
func keyOf(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, PathPrefix)
	if !ok {
		return "", false
	}
	rest, ok = strings.CutSuffix(rest, ".png")
	if !ok || strings.Count(rest, "/") != 1 {
		return "", false
	}
	return rest, true
}
