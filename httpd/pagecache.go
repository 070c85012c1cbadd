package httpd

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2/expirable"
)

// renderedPage is a page's finished HTML, kept so a busy page is rendered
// and compressed once instead of on every request. Only its gzip is kept:
// with the server render and the data a page is 60–150 KB, five times its
// gzip, and every browser and crawler asks for gzip; the rare client that
// does not gets it inflated on the way out.
type renderedPage struct {
	status int
	lang   string
	gz     []byte
	// size is the length of the uncompressed HTML.
	size int
	// propertyID is the listing a detail page shows, whose views count.
	propertyID int
	// serverHTML tells whether #root holds the server render; a page
	// served client-rendered after a failed render is re-rendered in the
	// background at its next request.
	serverHTML bool
	built      time.Time
	guestbook  bool
}

// newRenderedPage compresses the page's HTML.
func newRenderedPage(html []byte) (*renderedPage, error) {
	var b bytes.Buffer
	b.Grow(len(html) / 4)
	zw, err := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(html); err != nil {
		return nil, fmt.Errorf("gzip page: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("gzip page: %w", err)
	}
	return &renderedPage{gz: b.Bytes(), size: len(html)}, nil
}

// writePlain writes the page's HTML uncompressed.
func (p *renderedPage) writePlain(w io.Writer) error {
	zr, err := gzip.NewReader(bytes.NewReader(p.gz))
	if err != nil {
		return err
	}
	_, err = io.Copy(w, zr)
	return err
}

// bytes is what the page holds in memory.
func (p *renderedPage) bytes() int64 { return int64(len(p.gz)) + 256 }

// A sync empties the cache (pageCache.purge), so a page is stale only
// through what a sync does not announce: the visit slots' free places, the
// guestbook, the counts of a language being rebuilt. After freshFor a page
// is still served, and rendered again behind it; after keepFor it is gone.
const (
	pageFreshFor  = 30 * time.Second
	pageKeepFor   = 10 * time.Minute
	pageCacheSize = 4096
	// pageCacheBytes bounds the gzipped HTML kept: a page is 12–30 KB, so
	// this holds the thousand-odd pages most visits go to, not a
	// 10,000-listing catalogue in two languages.
	pageCacheBytes = 24 << 20
)

// pageCache holds rendered pages by address, bounded in entries, bytes and
// age. It counts its hits for `estate status`.
type pageCache struct {
	lru      *lru.LRU[string, *renderedPage]
	bytes    atomic.Int64
	maxBytes int64
	mu       sync.Mutex // serialises add's evictions

	hits, stale, misses atomic.Uint64
}

func newPageCache(maxBytes int64) *pageCache {
	c := &pageCache{maxBytes: maxBytes}
	c.lru = lru.NewLRU(pageCacheSize, func(_ string, p *renderedPage) { c.bytes.Add(-p.bytes()) }, pageKeepFor)
	return c
}

// get returns the page at key and whether it should be built again:
// older than pageFreshFor, or served without the server's render.
func (c *pageCache) get(key string, now time.Time) (p *renderedPage, rebuild bool) {
	p, ok := c.lru.Get(key)
	switch {
	case !ok:
		c.misses.Add(1)
		return nil, true
	case !p.serverHTML || now.Sub(p.built) > pageFreshFor:
		c.stale.Add(1)
		return p, true
	default:
		c.hits.Add(1)
		return p, false
	}
}

// add keeps p, evicting the least recently used pages past the byte budget.
func (c *pageCache) add(key string, p *renderedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// Add would replace a page without telling onEvict: remove it first,
	// so its bytes leave the count.
	c.lru.Remove(key)
	c.bytes.Add(p.bytes())
	c.lru.Add(key, p)
	for c.bytes.Load() > c.maxBytes {
		if _, _, ok := c.lru.RemoveOldest(); !ok {
			break
		}
	}
}

// replace keeps p unless it would take a server-rendered page's place
// with a client-rendered one: a background render that failed leaves the
// older, complete page.
func (c *pageCache) replace(key string, p *renderedPage) {
	if old, ok := c.lru.Peek(key); ok && old.serverHTML && !p.serverHTML {
		return
	}
	c.add(key, p)
}

// purge forgets every page.
func (c *pageCache) purge() { c.lru.Purge() }

// PageCacheStats count the page requests since start by what the cache had.
type PageCacheStats struct {
	// Hits were answered from a fresh page.
	Hits uint64 `json:"hits"`
	// Stale were answered from a page rebuilt behind them.
	Stale uint64 `json:"stale"`
	// Misses waited for the page to be built.
	Misses uint64 `json:"misses"`
	Pages  int    `json:"pages"`
	Bytes  int64  `json:"bytes"`
}

func (c *pageCache) stats() PageCacheStats {
	return PageCacheStats{Hits: c.hits.Load(), Stale: c.stale.Load(), Misses: c.misses.Load(), Pages: c.lru.Len(), Bytes: c.bytes.Load()}
}
