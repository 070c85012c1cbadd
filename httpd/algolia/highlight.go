package algolia

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/vellum/levenshtein"

	"github.com/estate-agency/estate/listing"
)

// Match levels of a highlighted attribute.
const (
	MatchNone    = "none"
	MatchPartial = "partial"
	MatchFull    = "full"
)

// HighlightResult is one attribute's entry in _highlightResult, in
// Algolia's shape. Value carries the pre and post tags around matched words
// and is not HTML-escaped, as Algolia does not escape either: InstantSearch
// sends its own __ais-highlight__ tags and escapes the rest itself.
type HighlightResult struct {
	Value      string `json:"value"`
	MatchLevel string `json:"matchLevel"`
	// FullyHighlighted is set when the attribute matched: whether every
	// word of it is highlighted.
	FullyHighlighted *bool `json:"fullyHighlighted,omitempty"`
	// MatchedWords are the query words found in the attribute.
	MatchedWords []string `json:"matchedWords"`
}

// SnippetResult is one attribute's entry in _snippetResult.
type SnippetResult struct {
	Value      string `json:"value"`
	MatchLevel string `json:"matchLevel"`
}

// Highlighter marks the words of a query in attribute values. Build one per
// query and use it for every hit; it is safe for concurrent use.
//
// A word of a value matches a query word, in this order of preference,
// when after folding it is equal; when the query word is the last one and a
// prefix of it (the visitor is typing: "Bouil" highlights
// "<em>Bouil</em>lon"); when it is within Algolia's default typo tolerance
// of it (1 typo from 4 letters, 2 from 8, a transposition counting as one:
// the Damerau-Levenshtein automaton the index's fuzzy search uses); when
// both stem alike in the language ("maisons", "maison"); or when the index
// reported it among the words it matched.
type Highlighter struct {
	query     []queryWord
	matched   map[string]bool
	stem      func(string) string // nil: no stemming
	pre, post string
}

type queryWord struct {
	text   string // as the visitor typed it, lower case: reported in matchedWords
	folded string
	stem   string // "" without stemming
	last   bool
	typos  *levenshtein.DFA // nil: exact and prefix matches only
}

// maxQueryWords bounds the words highlighted for; maxFuzzyRunes the length
// of a word matched with typos (longer ones are matched exactly).
const (
	maxQueryWords = 32
	maxFuzzyRunes = 32
	// minStemBytes: shorter words are matched as typed, not stemmed.
	minStemBytes = 3
	// maxElision is the longest elided French word before an apostrophe
	// ("jusqu'"), which the stemming chain removes.
	maxElision = len("jusqu'")
)

// Typo automata builders take milliseconds to make and are safe to share,
// so they are made once, on first use.
var typoBuilders = sync.OnceValues(func() ([2]*levenshtein.LevenshteinAutomatonBuilder, error) {
	var b [2]*levenshtein.LevenshteinAutomatonBuilder
	for d := range b {
		var err error
		if b[d], err = levenshtein.NewLevenshteinAutomatonBuilder(uint8(d+1), true); err != nil {
			return b, err
		}
	}
	return b, nil
})

// NewHighlighter prepares the highlighting of query in a language; matched
// are the words the index matched (index.SearchResult.Words), and pre and
// post the tags.
func NewHighlighter(lang listing.Lang, query string, matched []string, pre, post string) *Highlighter {
	h := &Highlighter{pre: pre, post: post, matched: make(map[string]bool, len(matched)), stem: stemmer(lang)}
	for _, m := range matched {
		h.matched[fold(m)] = true
	}
	seen := map[string]bool{}
	for _, w := range words(query) {
		if seen[w.folded] || len(h.query) == maxQueryWords {
			continue
		}
		seen[w.folded] = true
		h.query = append(h.query, queryWord{text: strings.ToLower(query[w.start:w.end]), folded: w.folded})
	}
	if n := len(h.query); n > 0 {
		// Only a query that ends inside a word is a prefix: "bouil" is,
		// "bouil " (the visitor moved on) is not, as in Algolia.
		last := words(query)
		end := last[len(last)-1].end
		h.query[n-1].last = end == len(query) && h.query[n-1].folded == last[len(last)-1].folded
	}
	builders, err := typoBuilders()
	for i := range h.query {
		q := &h.query[i]
		if h.stem != nil && len(q.folded) >= minStemBytes {
			q.stem = h.stem(q.folded)
		}
		n := utf8.RuneCountInString(q.folded)
		if err != nil || n < 4 || n > maxFuzzyRunes {
			continue
		}
		d := 1
		if n >= 8 {
			d = 2
		}
		if dfa, err := builders[d-1].BuildDfa(q.folded, uint8(d)); err == nil {
			q.typos = dfa
		}
	}
	return h
}

// span is a highlighted part of a value and the query word it matched.
type span struct {
	start, end int
	query      int
	whole      bool // the whole word is highlighted
}

// match finds the query word a word of a value matches, if any, and how
// much of the word to highlight. A word with an elided French article is
// also tried without it, as the index reads names ("eglise" finds "Rue de
// l'Église" in every language); a whole match highlights the article too,
// as the French stemmer's match does.
func (h *Highlighter) match(value string, w word) (span, bool) {
	if s, ok := h.matchWord(value, w); ok {
		return s, true
	}
	if rest, ok := elide(value, w); ok {
		if s, ok := h.matchWord(value, rest); ok {
			if s.whole {
				s.start = w.start
			}
			return s, true
		}
	}
	return span{}, false
}

func (h *Highlighter) matchWord(value string, w word) (span, bool) {
	for i, q := range h.query {
		if w.folded == q.folded {
			return span{w.start, w.end, i, true}, true
		}
	}
	// A prefix before a typo: "vill" highlights "<em>Vill</em>a", as
	// Algolia does, though "villa" is also one typo away.
	if n := len(h.query); n > 0 {
		q := h.query[n-1]
		if q.last && strings.HasPrefix(w.folded, q.folded) {
			end := w.start + foldedPrefixEnd(value[w.start:w.end], len(q.folded))
			return span{w.start, end, n - 1, end == w.end}, true
		}
	}
	for i, q := range h.query {
		if q.typos != nil {
			if ok, _ := q.typos.MatchAndDistance(w.folded); ok {
				return span{w.start, w.end, i, true}, true
			}
		}
	}
	if h.stem != nil && len(w.folded) >= minStemBytes {
		var stem string
		for i, q := range h.query {
			// The stemmers change endings and, in French, drop an elided
			// article ("l'", "qu'"): a word without the stem's first letters
			// near its start cannot share the stem, and is not worth stemming.
			if q.stem == "" {
				continue
			}
			at := strings.Index(w.folded, q.stem[:min(2, len(q.stem))])
			if at < 0 || at > maxElision || (at > 0 && w.folded[at-1] != '\'') {
				continue
			}
			if stem == "" {
				stem = h.stem(w.folded)
			}
			if stem == q.stem {
				return span{w.start, w.end, i, true}, true
			}
		}
	}
	if h.matched[w.folded] {
		return span{w.start, w.end, h.closest(w.folded), true}, true
	}
	return span{}, false
}

// closest is the query word nearest to a word the index matched by a rule
// of its own (a stem, say), to report it in matchedWords.
func (h *Highlighter) closest(folded string) int {
	best, bestD := 0, -1
	for i, q := range h.query {
		if strings.HasPrefix(folded, q.folded) || strings.HasPrefix(q.folded, folded) {
			return i
		}
		if d := search.LevenshteinDistance(folded, q.folded); bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// matching is a value split into words and matched: the costly part of
// highlighting, shared by the highlight and the snippet of one value.
type matching struct {
	words []word
	spans []span // highlighted parts, in order
}

func (h *Highlighter) analyze(value string) matching {
	a := matching{words: words(value)}
	if len(h.query) == 0 {
		return a
	}
	for _, w := range a.words {
		if s, ok := h.match(value, w); ok {
			a.spans = append(a.spans, s)
		}
	}
	return a
}

// Highlight highlights a string value.
func (h *Highlighter) Highlight(value string) HighlightResult {
	return h.highlight(value, h.analyze(value))
}

func (h *Highlighter) highlight(value string, a matching) HighlightResult {
	spans, ws := a.spans, a.words
	level, matched := h.level(spans)
	r := HighlightResult{Value: h.mark(value, 0, len(value), spans), MatchLevel: level, MatchedWords: matched}
	if level != MatchNone {
		full := len(spans) == len(ws)
		for _, s := range spans {
			full = full && s.whole
		}
		r.FullyHighlighted = &full
	}
	return r
}

// Snippet cuts a string value to about n words around its first match (its
// first n words when nothing matched), highlighted, with ellipsis where the
// value was cut.
func (h *Highlighter) Snippet(value string, n int, ellipsis string) SnippetResult {
	return h.snippet(value, h.analyze(value), n, ellipsis)
}

func (h *Highlighter) snippet(value string, a matching, n int, ellipsis string) SnippetResult {
	spans, ws := a.spans, a.words
	level, _ := h.level(spans)
	if n <= 0 || len(ws) <= n {
		return SnippetResult{Value: h.mark(value, 0, len(value), spans), MatchLevel: level}
	}
	first := 0
	if len(spans) > 0 {
		for i, w := range ws {
			if w.start == spans[0].start {
				first = i
				break
			}
		}
	}
	// Show some context before the match, as Algolia does, without running
	// past either end.
	startWord := min(max(first-(n-1)/2, 0), len(ws)-n)
	endWord := startWord + n
	from, to := ws[startWord].start, ws[endWord-1].end
	if startWord == 0 {
		from = 0
	}
	if endWord == len(ws) {
		to = len(value)
	}
	var b strings.Builder
	if startWord > 0 {
		b.WriteString(ellipsis)
	}
	b.WriteString(h.mark(value, from, to, spans))
	if endWord < len(ws) {
		b.WriteString(ellipsis)
	}
	return SnippetResult{Value: b.String(), MatchLevel: level}
}

// level is the match level of an attribute and the query words it matched,
// in query order: full when every query word matched.
func (h *Highlighter) level(spans []span) (string, []string) {
	found := make([]bool, len(h.query))
	for _, s := range spans {
		found[s.query] = true
	}
	matched := []string{}
	for i, ok := range found {
		if ok {
			matched = append(matched, h.query[i].text)
		}
	}
	switch {
	case len(matched) == 0:
		return MatchNone, matched
	case len(matched) == len(h.query):
		return MatchFull, matched
	}
	return MatchPartial, matched
}

// mark returns value[from:to] with the tags around the spans inside it.
func (h *Highlighter) mark(value string, from, to int, spans []span) string {
	var b strings.Builder
	at := from
	for _, s := range spans {
		if s.start < from || s.end > to {
			continue
		}
		b.WriteString(value[at:s.start])
		b.WriteString(h.pre)
		b.WriteString(value[s.start:s.end])
		b.WriteString(h.post)
		at = s.end
	}
	b.WriteString(value[at:to])
	return b.String()
}
