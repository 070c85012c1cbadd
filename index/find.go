package index

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"slices"
	"strconv"
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

// Load builds the columns of a language from the documents of the store without touching Bleve.
// Bleve stores no field values, so an index opened from disk has text but no columns until Load
// (or Rebuild) runs: Find answers ErrNotLoaded meanwhile. A stale index is refused (ErrStale): it
// must be rebuilt. Apply calls for the language wait until Load returns, as for Rebuild.
func (ix *Index) Load(lang listing.Lang, docs Docs) error {
	sh, err := ix.shard(lang)
	if err != nil {
		return err
	}
	if docs.Properties == nil {
		return fmt.Errorf("index %s: load: Docs.Properties is nil", lang)
	}
	if err := checkLang(lang, nil, docs.Projects, docs.Cities); err != nil {
		return err
	}
	sh.write.Lock()
	defer sh.write.Unlock()
	sh.mu.RLock()
	closed, stale := sh.idx == nil, sh.stale
	sh.mu.RUnlock()
	switch {
	case closed:
		return ErrClosed
	case stale:
		return fmt.Errorf("index %s: load: %w", lang, ErrStale)
	}
	cols := newColumns(sh.fold, docs.Total)
	err = docs.Properties(func(p listing.Property) error {
		if p.Withdrawn {
			return nil
		}
		if p.Lang != "" && p.Lang != lang {
			return fmt.Errorf("property %d is in language %q", p.ID, p.Lang)
		}
		cols.putProperty(p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("index %s: load: %w", lang, err)
	}
	for _, pr := range docs.Projects {
		if !pr.Withdrawn {
			cols.putProject(pr)
		}
	}
	for _, c := range docs.Cities {
		cols.putCity(c)
	}
	sh.cols.Store(cols.finish())
	ix.warmSegments(sh)
	return nil
}

// Loaded reports whether Find can answer for the language.
func (ix *Index) Loaded(lang listing.Lang) bool {
	sh, ok := ix.shards[lang]
	return ok && sh.cols.Load() != nil
}

// CityCounts returns, per town ("zip|name", as the ids of town hits), the number of indexed
// properties for sale and for rent there. Properties match a town on the postcode and the name
// folded (case and accents ignored). Towns of properties missing from the town list appear under
// the properties' spelling. Nil when the language's columns are not loaded.
func (ix *Index) CityCounts(lang listing.Lang) map[string][2]int {
	sh, ok := ix.shards[lang]
	if !ok {
		return nil
	}
	cols := sh.cols.Load()
	if cols == nil {
		return nil
	}
	out := make(map[string][2]int, len(cols.cityCounts))
	for k, v := range cols.cityCounts {
		out[k] = v
	}
	return out
}

// SliceDocs serves documents held in memory as Docs, for Rebuild and Load in tests and tools.
func SliceDocs(props []listing.Property, projects []listing.Project, cities []listing.City) Docs {
	return Docs{
		Total: len(props),
		Properties: func(yield func(listing.Property) error) error {
			for _, p := range props {
				if err := yield(p); err != nil {
					return err
				}
			}
			return nil
		},
		Projects: projects,
		Cities:   cities,
	}
}

// eval evaluates a filter to a bitmap of ordinals (not yet restricted to the kind). neg asks for
// the complement, pushed down to the leaves (De Morgan) so that a negated numeric range still
// requires the attribute: "NOT price:0 TO 1000" must not match a listing whose price is hidden.
// The result may be a column's own bitmap: owned says whether the caller may change it.
func (c *columns) eval(f Filter, kind Kind, neg bool) (bm *roaring.Bitmap, owned bool) {
	universe := c.live[kind]
	switch f := f.(type) {
	case nil:
		if neg {
			return roaring.New(), true
		}
		return universe, false
	case And:
		if neg {
			return c.union(Or(f), kind, true)
		}
		return c.intersect([]Filter(f), kind, false)
	case Or:
		if neg {
			return c.intersect([]Filter(f), kind, true)
		}
		return c.union(f, kind, false)
	case Not:
		return c.eval(f.F, kind, !neg)
	case *Not:
		if f == nil {
			return c.eval(nil, kind, neg)
		}
		return c.eval(f.F, kind, !neg)
	case Term:
		bm := c.term(f, kind)
		if neg {
			return roaring.AndNot(universe, bm), true
		}
		return bm, false
	case NumRange:
		bm := c.numRange(f, kind)
		if neg {
			a, ok := attrIndex[kind][f.Attr]
			if !ok || a.kind != attrNumber {
				return roaring.New(), true
			}
			out := roaring.And(universe, c.num[a.slot].has)
			out.AndNot(bm)
			return out, true
		}
		return bm, true
	case Absent:
		a, ok := attrIndex[kind][f.Attr]
		if !ok || a.kind != attrNumber {
			// An unknown attribute is absent everywhere.
			if neg {
				return roaring.New(), true
			}
			return universe, false
		}
		if neg {
			return roaring.And(universe, c.num[a.slot].has), true
		}
		return roaring.AndNot(universe, c.num[a.slot].has), true
	}
	// An unknown node type matches nothing: failing closed shows the bug in the results.
	return roaring.New(), true
}

func (c *columns) intersect(fs []Filter, kind Kind, neg bool) (*roaring.Bitmap, bool) {
	if len(fs) == 0 {
		return c.live[kind], false
	}
	return c.reduce(fs, kind, neg, true)
}

func (c *columns) union(fs []Filter, kind Kind, neg bool) (*roaring.Bitmap, bool) {
	if len(fs) == 0 {
		return roaring.New(), true
	}
	return c.reduce(fs, kind, neg, false)
}

// reduce combines the bitmaps of fs (one or more): their intersection when
// and, else their union. owned says the result is a new bitmap, which the
// caller may change; it copies a column's bitmap only when a second one
// comes.
func (c *columns) reduce(fs []Filter, kind Kind, neg, and bool) (*roaring.Bitmap, bool) {
	acc, owned := c.eval(fs[0], kind, neg)
	for _, f := range fs[1:] {
		if and && acc.IsEmpty() {
			break
		}
		b, _ := c.eval(f, kind, neg)
		switch {
		case and && owned:
			acc.And(b)
		case and:
			acc, owned = roaring.And(acc, b), true
		case owned:
			acc.Or(b)
		default:
			acc, owned = roaring.Or(acc, b), true
		}
	}
	return acc, owned
}

// term matches a keyword exactly as spelled if any document has that spelling, else ignoring case
// and accents ("liege" finds "Liège"). Exact first keeps a refinement consistent with its facet
// count when the data holds two spellings ("Liège" and "Liege" are two facet values, and picking
// one must give its count); the folded fallback serves hand-written filters and links. A number
// is compared numerically ("3" = "3.0").
func (c *columns) term(t Term, kind Kind) *roaring.Bitmap {
	a, ok := attrIndex[kind][t.Attr]
	if !ok {
		return roaring.New()
	}
	if a.kind == attrNumber {
		v, err := strconv.ParseFloat(strings.TrimSpace(t.Value), 64)
		if err != nil || math.IsNaN(v) {
			return roaring.New()
		}
		col := c.num[a.slot]
		if col.dict != nil {
			if id, ok := col.dict.byVal[numText(v)]; ok {
				return col.dict.bms[id]
			}
			return roaring.New()
		}
		return c.scan(col.v, func(x float64) bool { return x == v })
	}
	d := c.kw[a.slot]
	if id, ok := d.byVal[t.Value]; ok {
		return d.bms[id]
	}
	ids := d.byFold[c.fold(t.Value)]
	switch len(ids) {
	case 0:
		return roaring.New()
	case 1:
		return d.bms[ids[0]]
	}
	out := roaring.New()
	for _, id := range ids {
		out.Or(d.bms[id])
	}
	return out
}

// numRange matches documents whose attribute lies within the bounds; absent values (NaN) fail
// every comparison, so they never match.
func (c *columns) numRange(r NumRange, kind Kind) *roaring.Bitmap {
	a, ok := attrIndex[kind][r.Attr]
	if !ok || a.kind != attrNumber || math.IsNaN(r.Min) || math.IsNaN(r.Max) {
		return roaring.New()
	}
	// Exclusive bounds become inclusive ones on the next representable number.
	lo, hi := r.Min, r.Max
	if !r.MinIncl {
		lo = math.Nextafter(lo, math.Inf(1))
	}
	if !r.MaxIncl {
		hi = math.Nextafter(hi, math.Inf(-1))
	}
	col := c.num[a.slot]
	if d := col.dict; d != nil {
		// Few distinct values (bedrooms): union their bitmaps.
		out := roaring.New()
		for id, x := range d.nums {
			if x >= lo && x <= hi {
				out.Or(d.bms[id])
			}
		}
		return out
	}
	return scanRange(col.v, lo, hi).bitmap()
}

// b2u is 1 for true; the compiler makes it a flag move, not a branch.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// scanRange sets the ordinals whose value lies in [lo, hi]. Branch free: with values in random
// order a branch per value mispredicts so often that it cost ten times the loop (1 ms instead of
// 0.1 ms at 100,000 documents).
func scanRange(vals []float64, lo, hi float64) dense {
	d := newDense(len(vals))
	for w := range d {
		chunk := vals[w*64 : min(w*64+64, len(vals))]
		var bits uint64
		for j, x := range chunk {
			bits |= (b2u(x >= lo) & b2u(x <= hi)) << j
		}
		d[w] = bits
	}
	return d
}

// scanBox sets the ordinals whose position lies in the box (lng bounds ignored when wide open).
func scanBox(lat, lng []float64, latLo, latHi, lngLo, lngHi float64) dense {
	d := newDense(len(lat))
	for w := range d {
		end := min(w*64+64, len(lat))
		la, lo := lat[w*64:end], lng[w*64:end]
		var bits uint64
		for j := range la {
			bits |= (b2u(la[j] >= latLo) & b2u(la[j] <= latHi) & b2u(lo[j] >= lngLo) & b2u(lo[j] <= lngHi)) << j
		}
		d[w] = bits
	}
	return d
}

// scan collects the ordinals whose value passes (numeric terms on numbers without dictionary).
func (c *columns) scan(vals []float64, pass func(float64) bool) *roaring.Bitmap {
	d := newDense(len(vals))
	for ord, x := range vals {
		if pass(x) {
			d.set(uint32(ord))
		}
	}
	return d.bitmap()
}

// dense is a plain bitset over ordinals. Results built bit by bit (a scan, the geo test, text
// hits) go through one, because adding to a roaring bitmap one value at a time costs a search per
// value, and converting a bitset costs one pass over its words.
type dense []uint64

func newDense(n int) dense { return make(dense, (n+63)/64) }

func (d dense) set(i uint32) { d[i>>6] |= 1 << (i & 63) }

func (d dense) clear(i uint32) { d[i>>6] &^= 1 << (i & 63) }

func (d dense) and(o dense) {
	for i := range d {
		if i < len(o) {
			d[i] &= o[i]
		} else {
			d[i] = 0
		}
	}
}

func (d dense) or(o dense) {
	for i := range min(len(d), len(o)) {
		d[i] |= o[i]
	}
}

// each calls f for every set bit, in increasing order.
func (d dense) each(f func(uint32)) {
	for w, word := range d {
		for word != 0 {
			f(uint32(w*64 + bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
}

func (d dense) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(d) && d[w]&(1<<(i&63)) != 0
}

// bitmap converts; d must not change afterwards (dense containers share its words).
func (d dense) bitmap() *roaring.Bitmap { return roaring.FromDense(d, false) }

// denseOf copies a bitmap of ordinals below n into a bitset, for membership tests in tight loops.
func denseOf(bm *roaring.Bitmap, n int) dense {
	d := newDense(n)
	if bm.IsEmpty() {
		return d
	}
	if int(bm.Maximum()) < n {
		bm.WriteDenseTo(d)
		return d
	}
	it := bm.Iterator()
	for it.HasNext() {
		if x := it.Next(); int(x) < n {
			d.set(x)
		}
	}
	return d
}

// earthRadius is the mean Earth radius in metres (IUGG), as used for haversine distances.
const earthRadius = 6371008.8

// withinDistance returns a test of "the great-circle (haversine) distance is at most radius" that
// compares the haversine term itself: no inverse sine or square root, and the centre's cosine
// computed once.
func withinDistance(lat0, lng0, radius float64) func(lat, lng float64) bool {
	const rad = math.Pi / 180
	if radius >= math.Pi*earthRadius {
		return func(float64, float64) bool { return true }
	}
	limit := math.Pow(math.Sin(radius/(2*earthRadius)), 2)
	cos0 := math.Cos(lat0 * rad)
	return func(lat, lng float64) bool {
		sLat := math.Sin((lat - lat0) * rad / 2)
		sLng := math.Sin((lng - lng0) * rad / 2)
		return sLat*sLat+cos0*math.Cos(lat*rad)*sLng*sLng <= limit
	}
}

// insidePolygon is the even-odd rule on (lng, lat) as plane coordinates, which is what Algolia
// does for insidePolygon.
func insidePolygon(lat, lng float64, poly []listing.Geo) bool {
	if len(poly) < 3 {
		return false
	}
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Lat > lat) != (b.Lat > lat) &&
			lng < (b.Lng-a.Lng)*(lat-a.Lat)/(b.Lat-a.Lat)+a.Lng {
			in = !in
		}
	}
	return in
}

// geo keeps the documents of set whose displayed position passes the geo filter. Boxes (and the
// box around a circle) are branch-free scans of the position arrays; the exact tests (distance,
// polygon) run only on what the boxes let through.
func (c *columns) geo(set *roaring.Bitmap, g *GeoFilter) *roaring.Bitmap {
	out := denseOf(set, c.n)
	around := g.Around != nil && g.Around.Radius > 0
	if !around && len(g.Boxes) == 0 {
		// A document without a position fails any box, as NaN compares false; without boxes,
		// this one keeps the documents with a position.
		out.and(scanBox(c.lat, c.lng, math.Inf(-1), math.Inf(1), math.Inf(-1), math.Inf(1)))
	}
	if around {
		a := g.Around
		dLat := a.Radius / earthRadius * 180 / math.Pi * 1.01
		lngLo, lngHi := math.Inf(-1), math.Inf(1)
		if cos := math.Cos(a.Lat * math.Pi / 180); cos > 1e-6 && dLat/cos < 180 {
			lngLo, lngHi = a.Lng-dLat/cos, a.Lng+dLat/cos
		}
		out.and(scanBox(c.lat, c.lng, a.Lat-dLat, a.Lat+dLat, lngLo, lngHi))
		within := withinDistance(a.Lat, a.Lng, a.Radius)
		out.each(func(ord uint32) {
			if !within(c.lat[ord], c.lng[ord]) {
				out.clear(ord)
			}
		})
	}
	if len(g.Boxes) > 0 {
		inAny := newDense(c.n)
		for _, b := range g.Boxes {
			inAny.or(scanBox(c.lat, c.lng, min(b.Lat1, b.Lat2), max(b.Lat1, b.Lat2), min(b.Lng1, b.Lng2), max(b.Lng1, b.Lng2)))
		}
		out.and(inAny)
	}
	if len(g.Polygons) > 0 {
		out.each(func(ord uint32) {
			lat, lng := c.lat[ord], c.lng[ord]
			if !slices.ContainsFunc(g.Polygons, func(p []listing.Geo) bool { return insidePolygon(lat, lng, p) }) {
				out.clear(ord)
			}
		})
	}
	return out.bitmap()
}

// iterPerValue: below this many hits per dictionary value, counting by walking the hits beats
// intersecting every value's bitmap with them (measured by BenchmarkFacetCount).
const iterPerValue = 64

// facets counts the requested attributes over set.
func (c *columns) facets(kind Kind, names []string, set *roaring.Bitmap, maxValues int) (map[string]map[string]int, map[string]Stats) {
	if maxValues <= 0 {
		maxValues = DefaultMaxValuesPerFacet
	}
	out := map[string]map[string]int{}
	var stats map[string]Stats
	for _, name := range names {
		a, ok := attrIndex[kind][name]
		if !ok {
			continue
		}
		if _, done := out[name]; done {
			continue
		}
		var d *dict
		var col *numCol
		if a.kind == attrKeyword {
			d = c.kw[a.slot]
		} else {
			col = c.num[a.slot]
			d = col.dict
		}
		var st Stats
		var hasStats bool
		if d != nil {
			counts := c.countDict(d, set)
			out[name] = topValues(d.vals, counts, maxValues, d.number)
			if d.number {
				st, hasStats = statsOf(d.nums, counts)
			}
		} else {
			out[name], st, hasStats = c.countNumbers(col, set, maxValues)
		}
		if hasStats {
			if stats == nil {
				stats = map[string]Stats{}
			}
			stats[name] = st
		}
	}
	return out, stats
}

// statsOf derives the stats of a numeric attribute from the count of each of its values.
func statsOf[N int | int32](vals []float64, counts []N) (Stats, bool) {
	s := Stats{Min: math.Inf(1), Max: math.Inf(-1)}
	n := 0
	for id, k := range counts[:len(vals)] {
		if k == 0 {
			continue
		}
		x := vals[id]
		n += int(k)
		s.Sum += x * float64(k)
		s.Min, s.Max = min(s.Min, x), max(s.Max, x)
	}
	if n == 0 {
		return Stats{}, false
	}
	s.Avg = s.Sum / float64(n)
	return s, true
}

// batches yields the members of set in ascending order, read into buf a
// batch at a time: a loop over a batch stays as tight as over a slice.
func batches(set *roaring.Bitmap, buf []uint32) iter.Seq[[]uint32] {
	return func(yield func([]uint32) bool) {
		it := set.ManyIterator()
		for {
			n := it.NextMany(buf)
			if n == 0 || !yield(buf[:n]) {
				return
			}
		}
	}
}

func (c *columns) countDict(d *dict, set *roaring.Bitmap) []int {
	counts := make([]int, len(d.vals))
	if !d.multi && set.GetCardinality() < uint64(len(d.vals))*iterPerValue {
		for batch := range batches(set, make([]uint32, 256)) {
			for _, ord := range batch {
				if id := d.one[ord]; id >= 0 {
					counts[id]++
				}
			}
		}
		return counts
	}
	for id, bm := range d.bms {
		counts[id] = int(set.AndCardinality(bm))
	}
	return counts
}

// topValues keeps the maxValues most frequent values, ties broken by value.
func topValues(vals []string, counts []int, maxValues int, numeric bool) map[string]int {
	ids := make([]int, 0, len(vals))
	for id, n := range counts {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) > maxValues {
		slices.SortFunc(ids, func(a, b int) int {
			if r := cmp.Compare(counts[b], counts[a]); r != 0 {
				return r
			}
			if numeric {
				x, _ := strconv.ParseFloat(vals[a], 64)
				y, _ := strconv.ParseFloat(vals[b], 64)
				return cmp.Compare(x, y)
			}
			return strings.Compare(vals[a], vals[b])
		})
		ids = ids[:maxValues]
	}
	out := make(map[string]int, len(ids))
	for _, id := range ids {
		out[vals[id]] = counts[id]
	}
	return out
}

// countNumbers counts the distinct values of a number without a dictionary (price, surfaces):
// often as many values as hits, so no map and no sort of the hits. Counts go into an array over
// the column's sorted distinct values; the top maxValues are cut at a count threshold found with
// a histogram, ties taken in ascending value order as the array is.
func (c *columns) countNumbers(col *numCol, set *roaring.Bitmap, maxValues int) (map[string]int, Stats, bool) {
	vi := col.valueIndex()
	// One more slot, where absent values (vi.id -1 is stored as len) are counted: no branch.
	counts := make([]int32, len(vi.vals)+1)
	for batch := range batches(set, make([]uint32, 256)) {
		for _, ord := range batch {
			counts[vi.id[ord]]++
		}
	}
	counts = counts[:len(vi.vals)]
	distinct, top := 0, int32(0)
	for _, n := range counts {
		distinct += int(b2u(n > 0))
		top = max(top, n)
	}
	threshold, atThreshold := int32(1), distinct
	if distinct > maxValues {
		hist := make([]int, top+1)
		for _, n := range counts {
			hist[n]++
		}
		above := 0
		for threshold = top; threshold > 1 && above+hist[threshold] < maxValues; threshold-- {
			above += hist[threshold]
		}
		atThreshold = maxValues - above
	}
	out := make(map[string]int, min(distinct, maxValues))
	for id, n := range counts {
		switch {
		case n > threshold:
		case n == threshold && atThreshold > 0:
			atThreshold--
		default:
			continue
		}
		out[numText(vi.vals[id])] = int(n)
	}
	st, ok := statsOf(vi.vals, counts)
	return out, st, ok
}

// hit is a candidate of the window with its sort key (lower first).
type hit struct {
	hi  uint64
	lo  uint32
	ord uint32
}

func (a hit) less(b hit) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

// window returns the ordinals of set at positions [off, off+length) of the sort. A rank-ordered
// sort either walks the precomputed order (cheap when the result is a large share of the
// documents and the page is near the top) or keeps the best off+length of the result in a heap;
// a text relevance sort always uses the heap with keys computed from the scores.
func (c *columns) window(set *roaring.Bitmap, s Sort, tm *textMatch, off, length int) []uint32 {
	off, length = max(off, 0), min(max(length, 0), MaxLength)
	total := int(set.GetCardinality())
	if length == 0 || off >= total {
		return nil
	}
	if s < 0 || int(s) >= nSorts {
		s = SortRelevance
	}
	k := min(off+length, total)
	byText := tm != nil && tm.score != nil && s == SortRelevance
	if !byText && float64(k)*float64(len(c.order[s]))/float64(total) < float64(total) {
		out := make([]uint32, 0, k-off)
		i := 0
		for _, ord := range c.order[s] {
			if !set.Contains(ord) {
				continue
			}
			if i >= off {
				out = append(out, ord)
			}
			i++
			if i == k {
				break
			}
		}
		return out
	}
	rank := c.rank[s]
	newest := c.rank[SortNewest]
	key := func(ord uint32) hit {
		if byText {
			hi, lo := scoreKey(tm.refs.Contains(ord), c.available.Contains(ord), tm.score[ord], newest[ord])
			return hit{hi, lo, ord}
		}
		return hit{uint64(rank[ord]), 0, ord}
	}
	// A max-heap of the best k so far: its root is the worst kept hit.
	h := make([]hit, 0, k)
	for batch := range batches(set, make([]uint32, 256)) {
		for _, ord := range batch {
			x := key(ord)
			if len(h) < k {
				h = append(h, x)
				siftUp(h, len(h)-1)
				continue
			}
			if x.less(h[0]) {
				h[0] = x
				siftDown(h, 0)
			}
		}
	}
	slices.SortFunc(h, func(a, b hit) int {
		if a.less(b) {
			return -1
		}
		if b.less(a) {
			return 1
		}
		return 0
	})
	out := make([]uint32, 0, k-off)
	for _, x := range h[off:] {
		out = append(out, x.ord)
	}
	return out
}

func siftUp(h []hit, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h[p].less(h[i]) {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func siftDown(h []hit, i int) {
	for {
		l, r, big := 2*i+1, 2*i+2, i
		if l < len(h) && h[big].less(h[l]) {
			big = l
		}
		if r < len(h) && h[big].less(h[r]) {
			big = r
		}
		if big == i {
			return
		}
		h[i], h[big] = h[big], h[i]
		i = big
	}
}
