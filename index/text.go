package index

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bleveindex "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
)

// Find matches words on Bleve's term dictionaries and postings directly, segment by segment,
// instead of running a Bleve query. A Bleve query over many hits spends its time scoring every hit
// with tf-idf through a tree of searchers and resolving each hit's external id from stored fields;
// Find needs every matching document (for counts and facets), not a top 20. Postings lists in
// scorch segments are roaring bitmaps, so a word becomes a few bitmap unions, and hits are mapped
// to column ordinals through a per-segment array built once per segment (segments are
// immutable). Fuzzy and prefix expansion still use Bleve's dictionaries (Levenshtein automata);
// analysis uses the index mapping's analyzers, so the words match exactly as they were indexed.
//
// Ranking follows Algolia's tie-breaking rather than tf-idf: a word scores the weight of the best
// field and variant it matched (exact over prefix over typo; town over type over street over
// description), the scores of the words add up, and the reference id matched exactly puts a hit
// in front of all others.

// textClass is one way a word can match: some terms of a field, with the weight of that match.
type textClass struct {
	field  string
	terms  []string
	weight float32
	ref    bool // the exact reference id
	// expanded: the terms came from a typo or prefix expansion (reported in Words when they hit).
	expanded bool
}

// textWord is one word of the query with all the ways it can match.
type textWord struct {
	word     string
	optional bool // a stop word: scores when it matches but is not required
	classes  []textClass
}

// maxExpansions bounds the terms one fuzzy or prefix expansion adds, as Bleve's clause limit does.
const maxExpansions = 1024

// textReader is what planning needs from an index snapshot.
type textReader interface {
	FieldDictFuzzy(field string, term string, fuzziness int, prefix string) (bleveindex.FieldDict, error)
	FieldDictPrefix(field string, termPrefix []byte) (bleveindex.FieldDict, error)
}

// queryWords splits a text like the folded analyzer, without duplicates.
func queryWords(im *mapping.IndexMappingImpl, text string) []string {
	folded := im.AnalyzerNamed(analyzerFolded)
	if folded == nil {
		return nil
	}
	var words []string
	seen := map[string]bool{}
	for _, tok := range folded.Analyze([]byte(text)) {
		w := string(tok.Term)
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}

// expansionCache remembers the terms a typo or prefix expansion found. Building the Levenshtein
// automaton of a word is most of the cost of a typo-tolerant search (a third of the query mix at
// 10,000 documents), and visitors type the same town names again and again. A cache belongs to one
// column set version: Apply brings new terms and a new version, hence an empty cache.
type expansionCache struct {
	mu sync.Mutex
	m  map[expansionKey][]string
}

type expansionKey struct {
	field, term string
	fuzziness   int // 0: prefix
}

// maxCachedExpansions bounds the cache; when full it starts over (visitors' words are few).
const maxCachedExpansions = 20000

func newExpansionCache() *expansionCache {
	return &expansionCache{m: map[expansionKey][]string{}}
}

func (ec *expansionCache) get(k expansionKey, expand func() ([]string, error)) ([]string, error) {
	if ec == nil {
		return expand()
	}
	ec.mu.Lock()
	terms, ok := ec.m[k]
	ec.mu.Unlock()
	if ok {
		return terms, nil
	}
	terms, err := expand()
	if err != nil {
		return nil, err
	}
	ec.mu.Lock()
	if len(ec.m) >= maxCachedExpansions {
		clear(ec.m)
	}
	ec.m[k] = terms
	ec.mu.Unlock()
	return terms, nil
}

// planText turns the visitor's text into words and match classes the way Algolia treats it: every
// word must be found (in some searchable field, see search.go), typos are tolerated on longer
// words (never in numbers), the last word may be unfinished (prefix), and stop words ("de", "à",
// "the") need not match. Expansions are resolved against the snapshot's dictionaries.
func planText(r textReader, im *mapping.IndexMappingImpl, kind Kind, text string, cache *expansionCache) ([]textWord, error) {
	expandFuzzy := func(field, term string, fuzziness int) ([]string, error) {
		return cache.get(expansionKey{field, term, fuzziness}, func() ([]string, error) {
			return expandFuzzy(r, field, term, fuzziness)
		})
	}
	expandPrefix := func(field, prefix string) ([]string, error) {
		return cache.get(expansionKey{field, prefix, 0}, func() ([]string, error) {
			return expandPrefix(r, field, prefix)
		})
	}
	langAn := im.AnalyzerNamed(analyzerText)
	if langAn == nil {
		return nil, errors.New("text analyzer missing")
	}
	words := queryWords(im, text)
	lastOpen := !unicode.IsSpace(lastRune(text))
	out := make([]textWord, 0, len(words))
	for i, w := range words {
		open := lastOpen && i == len(words)-1
		n := utf8.RuneCountInString(w)
		digits := isDigits(w)
		var stems []string
		for _, t := range langAn.Analyze([]byte(w)) {
			stems = append(stems, string(t.Term))
		}
		tw := textWord{word: w, optional: len(stems) == 0 && !digits}
		if digits {
			if kind != KindCity {
				if id := strings.TrimLeft(w, "0"); id != "" {
					tw.classes = append(tw.classes, textClass{field: fID, terms: []string{id}, weight: 20, ref: true})
				}
			}
			tw.classes = append(tw.classes, textClass{field: fZip, terms: []string{w}, weight: 10})
			if open && n < 4 {
				terms, err := expandPrefix(fZip, w)
				if err != nil {
					return nil, err
				}
				tw.classes = append(tw.classes, textClass{field: fZip, terms: terms, weight: 2, expanded: true})
			}
		}
		for _, f := range searchable[kind] {
			exact := []string{w}
			if !f.folded {
				exact = stems
			}
			if len(exact) > 0 {
				tw.classes = append(tw.classes, textClass{field: f.field, terms: exact, weight: float32(f.boost)})
			}
			fuzziness := 0
			if !digits {
				fuzziness = typosFor(f, n)
			}
			if fuzziness > 0 {
				var terms []string
				for _, t := range exact {
					more, err := expandFuzzy(f.field, t, fuzziness)
					if err != nil {
						return nil, err
					}
					terms = append(terms, more...)
				}
				if len(terms) > 0 {
					tw.classes = append(tw.classes, textClass{field: f.field, terms: terms, weight: float32(f.boost / 3), expanded: true})
				}
			}
			if open && f.prefix > 0 && n >= f.prefix && !digits {
				terms, err := expandPrefix(f.field, w)
				if err != nil {
					return nil, err
				}
				if len(terms) > 0 {
					tw.classes = append(tw.classes, textClass{field: f.field, terms: terms, weight: float32(f.boost / 2), expanded: true})
				}
			}
		}
		// Best first: scoring gives each hit the weight of the first class it is in.
		sortClasses(tw.classes)
		out = append(out, tw)
	}
	return out, nil
}

func sortClasses(cs []textClass) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].weight > cs[j-1].weight; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

func expandFuzzy(r textReader, field, term string, fuzziness int) ([]string, error) {
	fd, err := r.FieldDictFuzzy(field, term, fuzziness, "")
	if err != nil {
		return nil, fmt.Errorf("fuzzy %q in %s: %w", term, field, err)
	}
	return drainDict(fd)
}

func expandPrefix(r textReader, field, prefix string) ([]string, error) {
	fd, err := r.FieldDictPrefix(field, []byte(prefix))
	if err != nil {
		return nil, fmt.Errorf("prefix %q in %s: %w", prefix, field, err)
	}
	return drainDict(fd)
}

func drainDict(fd bleveindex.FieldDict) ([]string, error) {
	defer fd.Close()
	var out []string
	for len(out) < maxExpansions {
		e, err := fd.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			break
		}
		out = append(out, e.Term)
	}
	return out, nil
}

// textMatch is the outcome of matching the words over a snapshot.
type textMatch struct {
	hits    *roaring.Bitmap // ordinals of the kind matching every required word
	refs    *roaring.Bitmap // ordinals whose reference id was typed (rank first)
	score   []float32       // per ordinal; nil when not asked for
	matched map[string]bool // expanded terms that matched a hit
}

// matchText evaluates planned words on every segment of the snapshot. Only documents in cand
// (the kind's documents that passed the filters) are kept, scored and used to tell which variants
// matched.
func matchText(snap *scorch.IndexSnapshot, cols *columns, kind Kind, words []textWord, cand *roaring.Bitmap, withScore bool, scores *sync.Pool) (*textMatch, error) {
	m := &textMatch{hits: roaring.New(), refs: roaring.New(), matched: map[string]bool{}}
	if len(words) == 0 {
		return m, nil
	}
	if withScore {
		m.score = getScores(scores, cols.n)
	}
	inCand := denseOf(cand, cols.n)
	hits := newDense(cols.n)
	required := 0
	for _, w := range words {
		if !w.optional {
			required++
		}
	}
	n := uint32(cols.n)
	buf := make([]uint32, 0, 256)
	ordBuf := make([]uint32, 256)
	for _, ss := range snap.Segments() {
		seg := ss.Segment()
		if seg == nil || seg.Count() == 0 {
			continue
		}
		sm, err := cols.segs.get(seg, ss.Deleted(), cols)
		if err != nil {
			return nil, err
		}
		dicts := map[string]segment.TermDictionary{}
		dictOf := func(field string) (segment.TermDictionary, error) {
			if d, ok := dicts[field]; ok {
				return d, nil
			}
			d, err := seg.Dictionary(field)
			if err != nil {
				return nil, fmt.Errorf("dictionary %s: %w", field, err)
			}
			dicts[field] = d
			return d, nil
		}
		type expandedHit struct {
			term string
			bm   *roaring.Bitmap
		}
		var expHits []expandedHit
		classBits := make([][]*roaring.Bitmap, len(words))
		var res *roaring.Bitmap
		anyOptional := roaring.New()
		for wi, w := range words {
			wordBits := roaring.New()
			classBits[wi] = make([]*roaring.Bitmap, len(w.classes))
			for ci, c := range w.classes {
				cb := roaring.New()
				d, err := dictOf(c.field)
				if err != nil {
					return nil, err
				}
				for _, t := range c.terms {
					// A variant not yet seen in a hit gets its own bitmap, to tell whether it
					// hits; any other term goes straight into the class.
					if c.expanded && !m.matched[t] {
						tb := roaring.New()
						if err := postingsInto(d, t, tb); err != nil {
							return nil, err
						}
						if !tb.IsEmpty() {
							expHits = append(expHits, expandedHit{t, tb})
							cb.Or(tb)
						}
						continue
					}
					if err := postingsInto(d, t, cb); err != nil {
						return nil, err
					}
				}
				classBits[wi][ci] = cb
				wordBits.Or(cb)
			}
			switch {
			case w.optional:
				anyOptional.Or(wordBits)
			case res == nil:
				res = wordBits
			default:
				res.And(wordBits)
			}
		}
		if required == 0 {
			res = anyOptional
		}
		res.And(sm.kinds[kind])
		if del := ss.Deleted(); del != nil {
			res.AndNot(del)
		}
		if res.IsEmpty() {
			continue
		}
		// Keep the candidates, in local numbers too (for scoring and variants).
		for batch := range batches(res, ordBuf) {
			for _, local := range batch {
				// An ordinal past n comes from a newer version of the lineage (the map was built by
				// a Find that saw a later Apply): this version does not know the document yet.
				if o := sm.ords[local]; o < n && inCand.has(o) {
					hits.set(o)
					buf = append(buf, local)
				}
			}
		}
		res = roaring.New()
		res.AddMany(buf)
		buf = buf[:0]
		if res.IsEmpty() {
			continue
		}
		for _, e := range expHits {
			if !m.matched[e.term] && e.bm.Intersects(res) {
				m.matched[e.term] = true
			}
		}
		if !withScore {
			continue
		}
		for wi, w := range words {
			remaining := res.Clone()
			for ci, c := range w.classes {
				hit := roaring.And(remaining, classBits[wi][ci])
				if hit.IsEmpty() {
					continue
				}
				for batch := range batches(hit, ordBuf) {
					for _, local := range batch {
						if o := sm.ords[local]; o < n {
							m.score[o] += c.weight
							if c.ref {
								m.refs.Add(o)
							}
						}
					}
				}
				remaining.AndNot(hit)
				if remaining.IsEmpty() {
					break
				}
			}
		}
	}
	m.hits = hits.bitmap()
	return m, nil
}

// getScores takes a per-ordinal score array from the shard's pool. They are recycled because one
// is 400 KB at 100,000 documents: allocating one per search made the garbage collector a visible
// part of the tail latency.
func getScores(pool *sync.Pool, n int) []float32 {
	if s, ok := pool.Get().(*[]float32); ok && cap(*s) >= n {
		out := (*s)[:n]
		clear(out)
		return out
	}
	return make([]float32, n)
}

// release returns the score array to the pool; the match's scores are unusable afterwards.
func (m *textMatch) release(pool *sync.Pool) {
	if m != nil && m.score != nil {
		s := m.score
		m.score = nil
		pool.Put(&s)
	}
}

// postingsInto adds the local documents having term to bm (deleted ones included: the caller
// removes them once).
func postingsInto(d segment.TermDictionary, term string, bm *roaring.Bitmap) error {
	pl, err := d.PostingsList([]byte(term), nil, nil)
	if err != nil {
		return fmt.Errorf("postings of %q: %w", term, err)
	}
	if pl == nil {
		return nil
	}
	if o, ok := pl.(interface{ OrInto(*roaring.Bitmap) }); ok {
		o.OrInto(bm)
		return nil
	}
	// Segment formats without OrInto: walk the postings.
	it := pl.Iterator(false, false, false, nil)
	for {
		p, err := it.Next()
		if err != nil {
			return fmt.Errorf("postings of %q: %w", term, err)
		}
		if p == nil {
			return nil
		}
		bm.Add(uint32(p.Number()))
	}
}

// segMap maps one segment's local document numbers to column ordinals.
type segMap struct {
	ords  []uint32           // noOrd: unknown to the columns
	kinds [3]*roaring.Bitmap // local documents per kind, from their id prefix
	// complete: every live document resolved. An incomplete map serves only the column set
	// version it was built for (version).
	complete bool
	version  uint64
}

// segCache holds the segMaps of one ordinal lineage. Segments are immutable, so a map stays
// valid as long as the segment lives; maps of segments gone from the index are dropped when new
// ones are added.
type segCache struct {
	mu       sync.RWMutex
	maps     map[segment.Segment]*segMap
	versions atomic.Uint64 // numbers the column set versions of the lineage
}

func newSegCache() *segCache { return &segCache{maps: map[segment.Segment]*segMap{}} }

// get returns the map of a segment, building it on first use. A map where a live document did not
// resolve is kept for the column set version that built it only: the document may be one Bleve
// already has and the columns get an instant later (Apply writes Bleve first, then swaps the
// columns), and must not stay unknown for good; and if Bleve and the store disagree for good, the
// map is rebuilt once per version rather than by every search.
func (sc *segCache) get(seg segment.Segment, deleted *roaring.Bitmap, cols *columns) (*segMap, error) {
	sc.mu.RLock()
	sm := sc.maps[seg]
	sc.mu.RUnlock()
	if sm != nil && (sm.complete || sm.version == cols.version) {
		return sm, nil
	}
	n := seg.Count()
	sm = &segMap{ords: make([]uint32, n), version: cols.version}
	var lists [3][]uint32
	complete := true
	for i := range n {
		id, err := seg.DocID(i)
		if err != nil {
			return nil, fmt.Errorf("document %d of a segment: %w", i, err)
		}
		ord, ok := cols.byDoc[string(id)]
		if !ok {
			ord = noOrd
			if deleted == nil || !deleted.Contains(uint32(i)) {
				complete = false
			}
		}
		sm.ords[i] = ord
		if k, ok := kindOfDocID(id); ok {
			lists[k] = append(lists[k], uint32(i))
		}
	}
	for k, l := range lists {
		sm.kinds[k] = roaring.New()
		sm.kinds[k].AddMany(l)
	}
	sm.complete = complete
	sc.mu.Lock()
	sc.maps[seg] = sm
	sc.mu.Unlock()
	return sm, nil
}

// prune forgets the maps of segments no longer in the snapshot.
func (sc *segCache) prune(live []*scorch.SegmentSnapshot) {
	sc.mu.RLock()
	n := len(sc.maps)
	sc.mu.RUnlock()
	if n <= len(live) {
		return
	}
	keep := make(map[segment.Segment]bool, len(live))
	for _, ss := range live {
		keep[ss.Segment()] = true
	}
	sc.mu.Lock()
	for s := range sc.maps {
		if !keep[s] {
			delete(sc.maps, s)
		}
	}
	sc.mu.Unlock()
}

func kindOfDocID(id []byte) (Kind, bool) {
	s := string(id)
	switch {
	case strings.HasPrefix(s, prefixProperty):
		return KindProperty, true
	case strings.HasPrefix(s, prefixProject):
		return KindProject, true
	case strings.HasPrefix(s, prefixCity):
		return KindCity, true
	}
	return 0, false
}

// scoreKey orders text hits: exact reference first, then available, then score, then the
// newest-first rank.
func scoreKey(ref, available bool, score float32, rank uint32) (uint64, uint32) {
	var hi uint64
	if !ref {
		hi |= 1 << 63
	}
	if !available {
		hi |= 1 << 62
	}
	// Higher scores first: invert the (non-negative) score's bits, which sort like the value.
	hi |= uint64(math.MaxUint32-math.Float32bits(score)) << 20
	return hi, rank
}
