package images

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"
	"time"
)

// Source is a photo the site shows, by the address the platform gives.
type Source struct {
	URL string
	// Rank orders the work: a listing's first photo (its card and the
	// first thing its page shows) is rank 0, its second 1, and so on.
	Rank int
}

// Pipeline processes the photos the site shows, one at a time, behind the
// site: Want hands it the current list, Run does the work.
type Pipeline struct {
	lib    *Library
	fetch  Fetcher
	limits Limits
	log    *slog.Logger
	// changed is called when a round made photos available (the pages
	// that show them are then rendered again).
	changed func()
	// retryAfter is how long a photo that failed is left alone.
	retryAfter time.Duration

	wants chan []Source // the latest list, at most one waiting

	mu     sync.Mutex
	failed map[string]time.Time
	stats  Stats

	// roundDone, when set (tests), is sent to after each round.
	roundDone chan struct{}
}

// Stats are the pipeline's figures since it started.
type Stats struct {
	Processed int // photos made
	Reused    int // photos whose renditions another address had made
	Failed    int // photos that could not be fetched or read
}

// Options configure a Pipeline.
type Options struct {
	Fetcher Fetcher
	Limits  Limits
	Log     *slog.Logger
	// Changed is called after a round that made photos available.
	Changed func()
	// RetryAfter is how long a failed photo is left alone (default 1 h).
	RetryAfter time.Duration
}

// NewPipeline returns a pipeline over a library.
func NewPipeline(lib *Library, o Options) *Pipeline {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Changed == nil {
		o.Changed = func() {}
	}
	return &Pipeline{
		lib: lib, fetch: o.Fetcher, limits: o.Limits, log: o.Log, changed: o.Changed,
		retryAfter: cmp.Or(o.RetryAfter, time.Hour),
		wants:      make(chan []Source, 1), failed: map[string]time.Time{},
	}
}

// Want replaces the list of photos the site shows; the running round
// finishes its photo and starts over with this list. It never blocks.
func (p *Pipeline) Want(srcs []Source) {
	for {
		select {
		case p.wants <- srcs:
			return
		default:
		}
		select {
		case <-p.wants: // drop the older list, not yet started
		default:
		}
	}
}

// Stats returns the figures so far.
func (p *Pipeline) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stats
}

// Run processes each list Want hands it until ctx ends.
func (p *Pipeline) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case srcs := <-p.wants:
			p.round(ctx, srcs)
			if p.roundDone != nil {
				p.roundDone <- struct{}{}
			}
		}
	}
}

// round collects the photos no longer shown, then makes the missing ones
// in two passes (the first formats of every photo, then AVIF), each by
// rank. A newer list stops it between two photos.
func (p *Pipeline) round(ctx context.Context, srcs []Source) {
	want := make(map[string]bool, len(srcs))
	var shown, first []Source
	for _, s := range srcs {
		if want[s.URL] {
			continue
		}
		want[s.URL] = true
		shown = append(shown, s)
		if _, ok := p.lib.lookup(s.URL); !ok && !p.recentlyFailed(s.URL) {
			first = append(first, s)
		}
	}
	if entries, folders, err := p.lib.keepOnly(want); err != nil {
		p.log.Error("images: remove photos no longer shown", "err", err)
	} else if entries > 0 || folders > 0 {
		p.log.Info("images removed", "sources", entries, "photos", folders)
	}
	if !p.pass(ctx, "first formats", first, p.makeFirst) {
		return
	}
	// AVIF for every photo the first pass made or an earlier round left.
	var later []Source
	for _, s := range shown {
		if e, ok := p.lib.lookup(s.URL); ok && !e.done() {
			later = append(later, s)
		}
	}
	p.pass(ctx, "avif", later, p.makeLater)
	if len(first)+len(later) > 0 {
		// The encoders' memory (hundreds of MB for AVIF) is garbage once a
		// round ends, but the runtime would keep it resident for minutes
		// while the server idles until the next sync.
		debug.FreeOSMemory()
	}
}

// pass makes a list of photos by rank. The first rank (the cards and the
// top of every page) is announced as soon as it is made, then the rest. It
// reports whether it got through the list.
func (p *Pipeline) pass(ctx context.Context, name string, todo []Source, do func(context.Context, string) error) bool {
	if len(todo) == 0 {
		return true
	}
	slices.SortStableFunc(todo, func(a, b Source) int { return cmp.Compare(a.Rank, b.Rank) })
	firstRank := 0
	for firstRank < len(todo) && todo[firstRank].Rank == todo[0].Rank {
		firstRank++
	}
	start := time.Now()
	made, failed, done := p.makeAll(ctx, name, todo[:firstRank], do)
	if done {
		m, f, d := p.makeAll(ctx, name, todo[firstRank:], do)
		made, failed, done = made+m, failed+f, d
	}
	p.log.Info("images processed", "pass", name, "made", made, "failed", failed, "wanted", len(todo),
		"seconds", time.Since(start).Round(time.Millisecond).Seconds())
	return done
}

// makeAll makes photos one after the other and announces them when it
// made any; it stops early, and says so, when ctx ends or a newer list
// waits.
func (p *Pipeline) makeAll(ctx context.Context, name string, todo []Source, do func(context.Context, string) error) (made, failed int, done bool) {
	defer func() {
		if made > 0 {
			p.changed()
		}
	}()
	for _, s := range todo {
		if ctx.Err() != nil || len(p.wants) > 0 {
			return made, failed, false
		}
		if err := do(ctx, s.URL); err != nil {
			failed++
			p.fail(s.URL)
			p.log.Warn("images: photo not processed; the page shows the platform's address", "url", s.URL, "pass", name, "err", err)
			continue
		}
		made++
	}
	return made, failed, true
}

func (p *Pipeline) recentlyFailed(url string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	t, ok := p.failed[url]
	return ok && time.Since(t) < p.retryAfter
}

func (p *Pipeline) fail(url string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failed[url] = time.Now()
	p.stats.Failed++
}

// makeFirst fetches a photo and makes its first formats.
func (p *Pipeline) makeFirst(ctx context.Context, url string) error {
	b, err := p.fetch.Fetch(ctx, url)
	if err != nil {
		return err
	}
	hash := contentHash(b)
	img, err := decode(b, p.limits)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	e := newEntry(url, hash, img.Bounds().Size(), firstFormats)
	if p.lib.hasRenditions(hash) {
		// Another address gave the same photo: its renditions serve both.
		if all := e; p.lib.complete(e) {
			if all.Formats = Formats; p.lib.complete(all) {
				e = all
			}
			p.count(func(s *Stats) { s.Reused++ })
			return p.lib.put(e)
		}
	}
	if err := p.lib.writeRenditions(hash, b, resize(img, e.Widths), e.Formats); err != nil {
		return err
	}
	p.count(func(s *Stats) { s.Processed++ })
	return p.lib.put(e)
}

// makeLater adds AVIF to a photo made in the first pass, from its kept
// source (fetched again when the source is gone).
func (p *Pipeline) makeLater(ctx context.Context, url string) error {
	e, ok := p.lib.lookup(url)
	if !ok || e.done() {
		return nil // removed meanwhile, or made under another address
	}
	b := p.lib.source(e.Hash)
	if b == nil {
		var err error
		if b, err = p.fetch.Fetch(ctx, url); err != nil {
			return err
		}
		if contentHash(b) != e.Hash {
			// The platform changed the photo under its address: start over.
			return p.makeFirst(ctx, url)
		}
	}
	img, err := decode(b, p.limits)
	if err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	if err := p.lib.addRenditions(e.Hash, resize(img, e.Widths), laterFormats); err != nil {
		return err
	}
	e.Formats = Formats
	return p.lib.put(e)
}

func (p *Pipeline) count(fn func(*Stats)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fn(&p.stats)
}

// newEntry is a photo's entry: its widths from its size, its height at
// the largest width as resize makes it.
func newEntry(url, hash string, size image.Point, formats []string) entry {
	widths := widthsFor(size.X)
	top := widths[len(widths)-1]
	return entry{URL: url, Hash: hash, Widths: widths, Formats: formats, Width: top, Height: scaledHeight(size, top)}
}
