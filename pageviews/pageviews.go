// Package pageviews counts the views of property detail pages for the owner
// portal without cookies or consent: a visitor is a salted hash of their
// address that changes every day and is never stored raw, so the same
// address counts once per property and day, whatever browser it claims,
// and cannot be followed from one day to the next. Counting never makes a page wait: views go
// through a queue that a writer empties into bbolt in batches.
package pageviews

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// View is one page view to count.
type View struct {
	PropertyID int
	// Visitor is the day's salted hash of the visitor's address (Count
	// computes it).
	Visitor [16]byte
	Day     string // yyyy-mm-dd in the agency's time zone
	Source  string
}

// Store keeps the counts: Add records the views a visitor has not made
// yet that day (one transaction per batch); Salt returns the day's salt,
// creating it, and forgets the older ones.
type Store interface {
	AddViews(views []View) error
	DaySalt(day string) ([]byte, error)
}

// Counter turns requests into views and writes them in the background.
type Counter struct {
	store   Store
	log     *slog.Logger
	loc     *time.Location
	ownHost string
	now     func() time.Time
	queue   chan View

	mu   sync.Mutex
	day  string
	salt []byte
	// seen holds today's (visitor, property) pairs already queued, so a
	// reload does not reach the store at all.
	seen map[[20]byte]struct{}

	dropped atomic.Int64
}

// Options tune a counter.
type Options struct {
	// Location is the agency's time zone: a day is its day.
	Location *time.Location
	// BaseURL is the site's address: a referrer on it is the site itself.
	BaseURL string
	// Queue is how many views may wait for the writer (default 4096).
	Queue int
	Now   func() time.Time
}

// New returns a counter; Run writes its views.
func New(st Store, log *slog.Logger, opts Options) *Counter {
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	if opts.Queue <= 0 {
		opts.Queue = 4096
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	host := ""
	if u, err := url.Parse(opts.BaseURL); err == nil {
		host = u.Hostname()
	}
	return &Counter{store: st, log: log, loc: opts.Location, ownHost: host, now: opts.Now,
		queue: make(chan View, opts.Queue), seen: map[[20]byte]struct{}{}}
}

// botWords are in the user agents of crawlers, monitors, scripts and
// headless browsers: views only people make count. Plain substring tests:
// a regular expression of the same words cost a detail page a fifth of its
// throughput under load.
var botWords = []string{"bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "preview", "headless",
	"lighthouse", "pagespeed", "curl", "wget", "python", "go-http-client", "java/", "okhttp", "axios", "node-fetch",
	"httpclient", "libwww", "scrapy", "phantomjs", "monitor", "uptime"}

// IsBot reports whether a user agent is a machine's.
func IsBot(userAgent string) bool {
	ua := strings.ToLower(strings.TrimSpace(userAgent))
	if ua == "" {
		return true
	}
	for _, w := range botWords {
		if strings.Contains(ua, w) {
			return true
		}
	}
	return false
}

// Count queues a view of a property by the visitor at ip with userAgent,
// who came from referrer to a page whose query held utmSource. It never
// blocks: when the writer is far behind, the view is dropped and logged.
//
// The counting rule: one view per address, property and day. The user
// agent only tells bots out; it is not part of the visitor, since anyone
// can send a new one with every request and an owner's statistics would
// count each. People behind one address (an office, a family) count once.
func (c *Counter) Count(propertyID int, ip, userAgent, referrer, utmSource string) {
	if propertyID <= 0 || IsBot(userAgent) {
		return
	}
	day, salt, err := c.today()
	if err != nil {
		c.log.Error("pageviews: day salt", "err", err)
		return
	}
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(ip))
	var v View
	copy(v.Visitor[:], h.Sum(nil))
	v.PropertyID, v.Day, v.Source = propertyID, day, Source(referrer, utmSource, c.ownHost)

	var key [20]byte
	copy(key[:16], v.Visitor[:])
	binary.BigEndian.PutUint32(key[16:], uint32(propertyID))
	c.mu.Lock()
	_, dup := c.seen[key]
	if !dup {
		c.seen[key] = struct{}{}
	}
	c.mu.Unlock()
	if dup {
		return
	}
	select {
	case c.queue <- v:
	default:
		if n := c.dropped.Add(1); n == 1 || n%1000 == 0 {
			c.log.Warn("pageviews: queue full, views dropped", "dropped", n)
		}
	}
}

// today returns the day and its salt, turning the page at midnight: the
// seen set starts empty and yesterday's salt is gone.
func (c *Counter) today() (string, []byte, error) {
	day := c.now().In(c.loc).Format(time.DateOnly)
	c.mu.Lock()
	defer c.mu.Unlock()
	if day == c.day {
		return c.day, c.salt, nil
	}
	salt, err := c.store.DaySalt(day)
	if err != nil {
		return "", nil, err
	}
	c.day, c.salt, c.seen = day, salt, map[[20]byte]struct{}{}
	return day, salt, nil
}

// Run writes queued views in batches until ctx ends, then writes what is
// left.
func (c *Counter) Run(ctx context.Context) {
	const maxBatch = 512
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	batch := make([]View, 0, maxBatch)
	flush := func() {
		if len(batch) == 0 {
			return
		}
		if err := c.store.AddViews(batch); err != nil {
			c.log.Error("pageviews: write", "views", len(batch), "err", err)
		}
		batch = batch[:0]
	}
	for {
		select {
		case v := <-c.queue:
			batch = append(batch, v)
			if len(batch) == maxBatch {
				flush()
			}
		case <-tick.C:
			flush()
		case <-ctx.Done():
			for {
				select {
				case v := <-c.queue:
					batch = append(batch, v)
				default:
					flush()
					return
				}
			}
		}
	}
}

// isTag reports a campaign tag's alphabet: the owner's portal shows it as
// given, so it is never a sentence, a number to call or markup.
func isTag(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' && r != '_' && r != '.' {
			return false
		}
	}
	return true
}

// Source names where a view came from: utm_source when the link carried
// one, else the referrer's site (the spec's list: our site, Immoweb, Zimmo,
// Facebook, Google, …), "direct" without a referrer.
func Source(referrer, utmSource, ownHost string) string {
	if s := strings.ToLower(strings.TrimSpace(utmSource)); s != "" {
		if len(s) > 32 || !isTag(s) {
			return "other"
		}
		return s
	}
	if referrer == "" {
		return "direct"
	}
	u, err := url.Parse(referrer)
	if err != nil || u.Hostname() == "" {
		return "other"
	}
	host := strings.ToLower(u.Hostname())
	if host == ownHost {
		return "site"
	}
	for _, s := range []struct{ match, name string }{
		{"immoweb", "immoweb"}, {"zimmo", "zimmo"}, {"immovlan", "immovlan"}, {"logic-immo", "logic-immo"},
		{"facebook", "facebook"}, {"fb.", "facebook"}, {"instagram", "instagram"}, {"google", "google"},
		{"bing", "bing"}, {"duckduckgo", "duckduckgo"}, {"linkedin", "linkedin"},
		{"mail.", "email"}, {"outlook", "email"},
	} {
		if strings.Contains(host, s.match) {
			return s.name
		}
	}
	return "other"
}

// NewSalt draws a day's salt.
func NewSalt() ([]byte, error) {
	b := make([]byte, 32)
	_, err := rand.Read(b)
	return b, err
}
