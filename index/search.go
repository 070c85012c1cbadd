package index

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/estate-agency/estate/listing"
)

// Kind selects the document kind a query searches.
type Kind int

const (
	KindProperty Kind = iota // the zero value: a Query searches properties unless told otherwise
	KindProject
	KindCity
)

func (k Kind) String() string {
	switch k {
	case KindProperty:
		return kindProperty
	case KindProject:
		return kindProject
	case KindCity:
		return kindCity
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Query is the minimal query model; the search API issue will extend it.
type Query struct {
	Kind   Kind
	Text   string
	Goal   listing.Goal // "" = any
	Status []listing.Status
	// City filters on the town name, ignoring case and accents ("Liège" = "liege"), but the whole
	// name ("Liège" does not take "Liège-Sud"). Zip filters on the exact postcode.
	City, Zip string
	// Ranges are numeric filters with inclusive bounds (Algolia numericFilters). A document without
	// the field never matches, e.g. a property whose price is not published.
	Ranges []Range
	// Size is the number of ids returned: 0 means DefaultSize, a negative value none (count and
	// facets only), at most MaxSize. From skips that many hits.
	Size, From int
	SortBy     []string // bleve sort strings, e.g. "-price", "createdAt", "-_score"
	Facets     []string // field names to facet, e.g. "city", "type", "goal"
}

// Range is a numeric filter on Field; a nil bound is open.
type Range struct {
	Field    string
	Min, Max *float64
}

// Result is what a Search found.
type Result struct {
	Total uint64
	// IDs are document ids: a property or project id as a decimal string, a town as "zip|name".
	IDs    []string
	Facets map[string]map[string]int
	Took   time.Duration
}

const (
	DefaultSize = 20
	MaxSize     = 1000
	// facetSize is generous because Algolia clients ask for all values of a facet (the towns of the
	// agency are a few hundred at most) and count them themselves.
	facetSize = 100
)

// Search runs a query on a language's index.
func (ix *Index) Search(ctx context.Context, lang listing.Lang, q Query) (Result, error) {
	sh, err := ix.shard(lang)
	if err != nil {
		return Result{}, err
	}
	req, err := buildRequest(sh.mapping, q)
	if err != nil {
		return Result{}, fmt.Errorf("index %s: %w", lang, err)
	}
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	if sh.idx == nil {
		return Result{}, ErrClosed
	}
	res, err := sh.idx.SearchInContext(ctx, req)
	if err != nil {
		return Result{}, fmt.Errorf("index %s: search %q: %w", lang, q.Text, err)
	}
	out := Result{Total: res.Total, Took: res.Took, IDs: make([]string, len(res.Hits))}
	for i, h := range res.Hits {
		out.IDs[i] = bareID(h.ID)
	}
	if len(res.Facets) > 0 {
		out.Facets = make(map[string]map[string]int, len(res.Facets))
		for name, fr := range res.Facets {
			counts := map[string]int{}
			if fr.Terms != nil {
				for _, t := range fr.Terms.Terms() {
					counts[t.Term] = t.Count
				}
			}
			out.Facets[name] = counts
		}
	}
	return out, nil
}

func buildRequest(im *mapping.IndexMappingImpl, q Query) (*bleve.SearchRequest, error) {
	kind := q.Kind.String()
	switch q.Kind {
	case KindProperty, KindProject, KindCity:
	default:
		return nil, fmt.Errorf("unknown kind %s", kind)
	}

	// The kind term and the text go in Must. Must never reduces to a bare MatchNone (a text of only
	// punctuation, say): Bleve's BooleanQuery drops a MatchNone Must and would then return every
	// document the filters allow.
	must := []query.Query{term(fKind, kind)}
	text := strings.TrimSpace(q.Text)
	if text != "" {
		tq := textQuery(im, q.Kind, q.Text)
		if tq == nil {
			// Nothing searchable in the text: no document can match it.
			tq = query.NewMatchNoneQuery()
		}
		must = append(must, tq)
	}
	bq := query.NewBooleanQuery(nil, nil, nil)
	bq.AddMust(query.NewConjunctionQuery(must))

	// Filters go in Bleve's Filter clause: they restrict without scoring, so a filter on a rare town
	// does not lift its hits above better text matches.
	var filters []query.Query
	if q.Goal != "" {
		filters = append(filters, term(fGoal, string(q.Goal)))
	}
	if len(q.Status) > 0 {
		var st []query.Query
		for _, s := range q.Status {
			st = append(st, term(fStatus, string(s)))
		}
		filters = append(filters, query.NewDisjunctionQuery(st))
	}
	if c := strings.TrimSpace(q.City); c != "" {
		mq := query.NewMatchQuery(c) // analysed by the field's estate_folded_keyword
		mq.SetField(fCityKey)
		filters = append(filters, mq)
	}
	if z := strings.TrimSpace(q.Zip); z != "" {
		filters = append(filters, term(fZip, z))
	}
	for _, r := range q.Ranges {
		if r.Field == "" || (r.Min == nil && r.Max == nil) {
			continue
		}
		incl := true
		rq := query.NewNumericRangeInclusiveQuery(r.Min, r.Max, &incl, &incl)
		rq.SetField(r.Field)
		filters = append(filters, rq)
	}
	if len(filters) > 0 {
		bq.AddFilter(query.NewConjunctionQuery(filters))
	}

	size := q.Size
	switch {
	case size == 0:
		size = DefaultSize
	case size < 0:
		size = 0
	case size > MaxSize:
		size = MaxSize
	}
	req := bleve.NewSearchRequestOptions(bq, size, max(q.From, 0), false)
	if len(q.SortBy) > 0 {
		req.SortBy(q.SortBy)
	}
	// Scoring costs a good part of a query over many hits; skip it when nothing orders by it.
	if text == "" || (len(q.SortBy) > 0 && !sortsByScore(q.SortBy)) {
		req.Score = bleve.ScoreNone
	}
	for _, f := range q.Facets {
		if f == "" {
			continue
		}
		req.AddFacet(f, bleve.NewFacetRequest(f, facetSize))
	}
	return req, nil
}

func sortsByScore(sortBy []string) bool {
	for _, s := range sortBy {
		if strings.TrimLeft(s, "-") == "_score" {
			return true
		}
	}
	return false
}

func term(field, value string) *query.TermQuery {
	t := query.NewTermQuery(value)
	t.SetField(field)
	return t
}

// textQuery turns the visitor's text into a query the way Algolia treats it: every word must be
// found (in some searchable field), typos are tolerated on longer words, the last word may be
// unfinished (prefix), and stop words ("de", "à", "the") do not have to match.
func textQuery(im *mapping.IndexMappingImpl, kind Kind, text string) query.Query {
	folded := im.AnalyzerNamed(analyzerFolded)
	langAn := im.AnalyzerNamed(analyzerText)
	if folded == nil || langAn == nil {
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
	if len(words) == 0 {
		return nil
	}
	// A trailing space means the visitor finished the last word.
	lastOpen := !unicode.IsSpace(lastRune(text))
	var required, optional []query.Query
	for i, w := range words {
		wq := wordQuery(kind, w, lastOpen && i == len(words)-1)
		if len(langAn.Analyze([]byte(w))) == 0 && !isDigits(w) {
			optional = append(optional, wq)
			continue
		}
		required = append(required, wq)
	}
	switch {
	case len(required) == 0:
		// Only stop words ("de", or "le" while typing "Le Roeulx"): any of them will do.
		return query.NewDisjunctionQuery(optional)
	case len(optional) == 0:
		return query.NewConjunctionQuery(required)
	}
	// Stop words still lift hits that have them ("De Panne" for "de panne").
	return query.NewBooleanQuery(required, optional, nil)
}

// fieldWeight says how one field is searched for a word.
type fieldWeight struct {
	field  string
	boost  float64
	folded bool // field uses estate_folded: the word can be used as a term as is
	// typos is the most typos tolerated in the field (0: none), typoFrom the shortest word (runes)
	// that gets any; within those, Algolia's rule applies (see typosFor).
	typos, typoFrom int
	prefix          int // minimum word length (runes) for prefix matching of the last word; 0 = never
}

// searchable lists, per kind, where words are looked for and how much a match counts. Town and
// name first (what visitors type most), then type, street, description.
//
// The description tolerates one typo from 7 letters only: in long free text short fuzzy matches are
// mostly noise ("tuin" ~ "tuig"), but the Dutch snowball stemmer leaves some plurals one letter off
// their singular ("terrassen"→"terrass", "terras"→"terras"), which a typo on long words mends.
//
// Prefix matching is limited to fields with small term dictionaries, or to longer prefixes, since
// a prefix expands to every term it starts.
var searchable = map[Kind][]fieldWeight{
	KindProperty: {
		{field: fCityText, boost: 5, folded: true, typos: 2, typoFrom: 4, prefix: 1},
		{field: fTypeText, boost: 3, typos: 1, typoFrom: 4, prefix: 3},
		{field: fStreet, boost: 1, folded: true, typos: 2, typoFrom: 4, prefix: 3},
		{field: fDescription, boost: 1, typos: 1, typoFrom: 7},
	},
	KindProject: {
		{field: fNameText, boost: 5, folded: true, typos: 2, typoFrom: 4, prefix: 1},
		{field: fCityText, boost: 4, folded: true, typos: 2, typoFrom: 4, prefix: 1},
		{field: fDescription, boost: 1, typos: 1, typoFrom: 7},
	},
	KindCity: {
		{field: fCityText, boost: 5, folded: true, typos: 2, typoFrom: 4, prefix: 1},
	},
}

// typosFor is Algolia's default: one typo from 4 letters, two from 8, capped by the field.
func typosFor(f fieldWeight, n int) int {
	if f.typos == 0 || n < f.typoFrom {
		return 0
	}
	t := 0
	switch {
	case n >= 8:
		t = 2
	case n >= 4:
		t = 1
	}
	return min(t, f.typos)
}

// wordQuery matches one (folded, lower-case) word in any searchable field of the kind.
func wordQuery(kind Kind, w string, open bool) query.Query {
	var qs []query.Query
	n := utf8.RuneCountInString(w)
	digits := isDigits(w)
	if digits {
		// A number is most likely a reference (exact id: the best possible hit) or a postcode.
		// The id is matched as a keyword, not on idNum: a numeric field indexes several terms per
		// value (precision steps), which lowers its norm and the score so much that even a large
		// boost let postcode matches outrank the exact reference.
		if kind != KindCity {
			iq := term(fID, strings.TrimLeft(w, "0"))
			iq.SetBoost(20)
			qs = append(qs, iq)
		}
		zq := term(fZip, w)
		zq.SetBoost(10)
		qs = append(qs, zq)
		if open && n < 4 {
			pq := query.NewPrefixQuery(w)
			pq.SetField(fZip)
			pq.SetBoost(2)
			qs = append(qs, pq)
		}
	}
	for _, f := range searchable[kind] {
		// Never a typo in numbers: that is another postcode or reference.
		fuzziness := 0
		if !digits {
			fuzziness = typosFor(f, n)
		}
		if f.folded {
			tq := term(f.field, w)
			tq.SetBoost(f.boost)
			qs = append(qs, tq)
		} else {
			// The language analyzer stems the word the way the field was stemmed ("tuinen"→"tuin").
			mq := query.NewMatchQuery(w)
			mq.SetField(f.field)
			mq.SetBoost(f.boost)
			qs = append(qs, mq)
		}
		if fuzziness > 0 {
			// Lower boost: an exact match must rank above a near miss.
			if f.folded {
				fq := query.NewFuzzyQuery(w)
				fq.SetField(f.field)
				fq.SetFuzziness(fuzziness)
				fq.SetBoost(f.boost / 3)
				qs = append(qs, fq)
			} else {
				mq := query.NewMatchQuery(w)
				mq.SetField(f.field)
				mq.SetFuzziness(fuzziness)
				mq.SetBoost(f.boost / 3)
				qs = append(qs, mq)
			}
		}
		if open && f.prefix > 0 && n >= f.prefix && !digits {
			pq := query.NewPrefixQuery(w)
			pq.SetField(f.field)
			pq.SetBoost(f.boost / 2)
			qs = append(qs, pq)
		}
	}
	return query.NewDisjunctionQuery(qs)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
