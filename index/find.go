package index

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"

	"github.com/estate-agency/estate/listing"
)

var (
	// ErrNotLoaded is returned by Find for a language whose columns are not in memory: an index
	// opened from disk needs Load (or Rebuild) first.
	ErrNotLoaded = errors.New("index: columns not loaded")
	// ErrStale is returned by Load for a stale index: its documents do not match the store, so
	// it must be rebuilt instead.
	ErrStale = errors.New("index: stale, rebuild it")
)

const (
	// DefaultMaxValuesPerFacet is used when SearchRequest.MaxValuesPerFacet is 0.
	DefaultMaxValuesPerFacet = 100
	// MaxLength bounds SearchRequest.Length (Algolia's own limit on hitsPerPage).
	MaxLength = 1000
)

// Find answers a search request from the column store and the text index: the documents of the
// kind that match the filter, the geo filter and the words; their count, facets and the requested
// window of ids in order. See columns.go and text.go for why it does not run a Bleve query.
func (ix *Index) Find(ctx context.Context, lang listing.Lang, req SearchRequest) (SearchResult, error) {
	sh, err := ix.shard(lang)
	if err != nil {
		return SearchResult{}, err
	}
	switch req.Kind {
	case KindProperty, KindProject, KindCity:
	default:
		return SearchResult{}, fmt.Errorf("index %s: find: unknown kind %s", lang, req.Kind)
	}
	if err := ctx.Err(); err != nil {
		return SearchResult{}, err
	}
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	if sh.idx == nil {
		return SearchResult{}, ErrClosed
	}
	cols := sh.cols.Load()
	if cols == nil {
		return SearchResult{}, fmt.Errorf("index %s: %w", lang, ErrNotLoaded)
	}

	universe := cols.live[req.Kind]
	set := universe
	if req.Filter != nil {
		f, _ := cols.eval(req.Filter, req.Kind, false)
		set = roaring.And(universe, f)
	}
	if req.Geo != nil {
		set = cols.geo(set, req.Geo)
	}
	var tm *textMatch
	var words []string
	if text := strings.TrimSpace(req.Text); text != "" {
		tm, words, err = ix.matchWords(sh, cols, req, set)
		if err != nil {
			return SearchResult{}, fmt.Errorf("index %s: find %q: %w", lang, req.Text, err)
		}
		defer tm.release(&sh.scores)
		set = tm.hits // within set: matchText keeps only its documents
	}

	res := SearchResult{Total: int(set.GetCardinality()), Words: words}
	if len(req.Facets) > 0 {
		if err := ctx.Err(); err != nil {
			return SearchResult{}, err
		}
		res.Facets, res.FacetStats = cols.facets(req.Kind, req.Facets, set, req.MaxValuesPerFacet)
	}
	for _, ord := range cols.window(set, req.Sort, tm, req.Offset, req.Length) {
		res.IDs = append(res.IDs, cols.ids[ord])
	}
	return res, nil
}

// matchWords runs the text part on the current Bleve snapshot.
func (ix *Index) matchWords(sh *shard, cols *columns, req SearchRequest, set *roaring.Bitmap) (*textMatch, []string, error) {
	adv, err := sh.idx.Advanced()
	if err != nil {
		return nil, nil, err
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		return nil, nil, fmt.Errorf("unexpected index reader %T", r)
	}
	words, err := planText(snap, sh.mapping, req.Kind, req.Text, cols.expansions)
	if err != nil {
		return nil, nil, err
	}
	// Scores only order a relevance sort; an empty candidate set needs no matching at all.
	withScore := req.Sort == SortRelevance && req.Length > 0
	if set.IsEmpty() {
		return &textMatch{hits: roaring.New(), refs: roaring.New()}, wordList(words, nil), nil
	}
	tm, err := matchText(snap, cols, req.Kind, words, set, withScore, &sh.scores)
	if err != nil {
		return nil, nil, err
	}
	cols.segs.prune(snap.Segments())
	return tm, wordList(words, tm.matched), nil
}

// warmSegments maps the live segments to ordinals ahead of the first text search, which would
// otherwise pay for it (about 2 ms per 10,000 documents, see BenchmarkSegmentMap). Segments that
// later merges create are mapped by the first search that meets them.
func (ix *Index) warmSegments(sh *shard) {
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	ix.warmSegmentsLocked(sh)
}

// warmSegmentsLocked is warmSegments for a caller holding sh.mu (a nested RLock could deadlock
// with a waiting Close).
func (ix *Index) warmSegmentsLocked(sh *shard) {
	cols := sh.cols.Load()
	if sh.idx == nil || cols == nil {
		return
	}
	err := func() error {
		adv, err := sh.idx.Advanced()
		if err != nil {
			return err
		}
		r, err := adv.Reader()
		if err != nil {
			return err
		}
		defer r.Close()
		snap, ok := r.(*scorch.IndexSnapshot)
		if !ok {
			return fmt.Errorf("unexpected index reader %T", r)
		}
		for _, ss := range snap.Segments() {
			if seg := ss.Segment(); seg != nil && seg.Count() > 0 {
				if _, err := cols.segs.get(seg, ss.Deleted(), cols); err != nil {
					return err
				}
			}
		}
		cols.segs.prune(snap.Segments())
		return nil
	}()
	if err != nil {
		ix.log.Warn("mapping index segments", "lang", sh.lang, "err", err)
	}
}

// wordList is SearchResult.Words: each folded word, its stems and the typo and prefix variants
// that matched a document.
func wordList(words []textWord, matched map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, w := range words {
		add(w.word)
	}
	for _, w := range words {
		for _, c := range w.classes {
			if !c.expanded && !c.ref && c.field != fZip {
				for _, t := range c.terms {
					add(t)
				}
			}
		}
	}
	for _, w := range words {
		for _, c := range w.classes {
			if c.expanded {
				for _, t := range c.terms {
					if matched[t] {
						add(t)
					}
				}
			}
		}
	}
	return out
}
