package httpd

import (
	"bytes"
	"compress/gzip"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2/expirable"
)

// renderedPage is a page's finished HTML, kept so a busy page is rendered
// and compressed once per pageTTL instead of on every request.
type renderedPage struct {
	status int
	lang   string
	body   []byte
	// propertyID is the listing a detail page shows, whose views count.
	propertyID int

	gzOnce sync.Once
	gz     []byte
}

// gzipped compresses the page on the first request that accepts gzip.
func (p *renderedPage) gzipped() []byte {
	p.gzOnce.Do(func() {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
		_, _ = zw.Write(p.body)
		if zw.Close() == nil {
			p.gz = b.Bytes()
		}
	})
	return p.gz
}

// Pages depend on the listings only through the counts and the property
// pages, which a sync changes at most every few minutes; half a minute of
// staleness after a sync is the price of rendering a page once.
const (
	pageTTL       = 30 * time.Second
	pageCacheSize = 4096
)

func newPageCache() *lru.LRU[string, *renderedPage] {
	return lru.NewLRU[string, *renderedPage](pageCacheSize, nil, pageTTL)
}
