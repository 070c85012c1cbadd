package images

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// Fetcher downloads a source photo, bounded in size and time, and only
// when it is an image in a format the pipeline reads.
type Fetcher struct {
	// Client makes the requests; its Timeout bounds each one.
	Client *http.Client
	// Local answers addresses on our own origin ("/demo/photos/…"), which
	// the demo agency's records use; nil refuses them.
	Local http.Handler
	// MaxBytes bounds a photo's size.
	MaxBytes int64
}

// sourceTypes are the media types the pipeline decodes.
var sourceTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}

// errNotImage is a response that is not a photo the pipeline reads.
var errNotImage = errors.New("not a JPEG, PNG or WebP image")

// Fetch returns the photo's bytes.
func (f Fetcher) Fetch(ctx context.Context, rawURL string) ([]byte, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("fetch %q: %w", rawURL, err)
	}
	var resp *http.Response
	switch {
	case u.Scheme == "" && u.Host == "" && strings.HasPrefix(u.Path, "/") && f.Local != nil:
		resp = f.local(ctx, u)
	case u.Scheme == "http" || u.Scheme == "https":
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, fmt.Errorf("fetch %s: %w", rawURL, err)
		}
		req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
		if resp, err = f.Client.Do(req); err != nil {
			return nil, fmt.Errorf("fetch %s: %w", rawURL, err)
		}
	default:
		return nil, fmt.Errorf("fetch %q: only http and https addresses are fetched", rawURL)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch %s: status %s", rawURL, resp.Status)
	}
	media, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if !sourceTypes[media] {
		return nil, fmt.Errorf("fetch %s: content type %q: %w", rawURL, resp.Header.Get("Content-Type"), errNotImage)
	}
	if resp.ContentLength > f.MaxBytes {
		return nil, fmt.Errorf("fetch %s: %d bytes, more than the %d allowed (images.max_bytes)", rawURL, resp.ContentLength, f.MaxBytes)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, f.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetch %s: %w", rawURL, err)
	}
	if int64(len(b)) > f.MaxBytes {
		return nil, fmt.Errorf("fetch %s: more than the %d bytes allowed (images.max_bytes)", rawURL, f.MaxBytes)
	}
	// The header is the server's word; the bytes must agree with it.
	if sniffed := http.DetectContentType(b); !sourceTypes[sniffed] {
		return nil, fmt.Errorf("fetch %s: the bytes are %s: %w", rawURL, sniffed, errNotImage)
	}
	return b, nil
}

// local serves a same-origin address through the site's own handler, in
// memory: the demo photos need no listener and no loopback request.
func (f Fetcher) local(ctx context.Context, u *url.URL) *http.Response {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u.RequestURI(), nil)
	rec := &memResponse{header: http.Header{}, max: f.MaxBytes + 1}
	f.Local.ServeHTTP(rec, req)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return &http.Response{
		Status: fmt.Sprintf("%d %s", rec.status, http.StatusText(rec.status)), StatusCode: rec.status,
		Header: rec.header, ContentLength: -1, Body: io.NopCloser(&rec.body),
	}
}

// memResponse is an http.ResponseWriter into memory, keeping at most max
// bytes (the rest would be refused anyway).
type memResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
	max    int64
}

func (m *memResponse) Header() http.Header { return m.header }

func (m *memResponse) WriteHeader(status int) {
	if m.status == 0 {
		m.status = status
	}
}

func (m *memResponse) Write(b []byte) (int, error) {
	m.WriteHeader(http.StatusOK)
	if room := m.max - int64(m.body.Len()); room < int64(len(b)) {
		m.body.Write(b[:max(room, 0)])
		return len(b), nil
	}
	return m.body.Write(b)
}
