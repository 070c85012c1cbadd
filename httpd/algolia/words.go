package algolia

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/registry"

	"github.com/estate-agency/estate/listing"
)

// Highlighting and facet search split, fold and stem text as the index does
// (index/mapping.go: the asciifolding char filter, the unicode tokenizer,
// lower case, the language's stemmer), so that what is highlighted is what
// the index matched: "liege" finds and highlights "Liège", "Liège-Sud" is
// two words, "maisons" highlights "maison".

// word is one word of a text: its byte span in the text and its folded form.
type word struct {
	start, end int
	folded     string
}

var (
	tokenizer = unicode.NewUnicodeTokenizer()
	folder    = asciifolding.New()
)

// words splits s into words.
func words(s string) []word {
	toks := tokenizer.Tokenize([]byte(s))
	out := make([]word, 0, len(toks))
	for _, t := range toks {
		out = append(out, word{start: t.Start, end: t.End, folded: fold(s[t.Start:t.End])})
	}
	return out
}

// frenchArticles are the articles French elides before an apostrophe ("l'",
// "qu'"): the index drops them from names in every language (index/mapping.go).
var frenchArticles = func() analysis.TokenMap {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(fr.FrenchArticles); err != nil {
		panic(err) // a list compiled into bleve
	}
	return tm
}()

// elide returns the word w of s without its elided French article
// ("l'Église" → "Église"); false when it has none.
func elide(s string, w word) (word, bool) {
	i := strings.IndexAny(s[w.start:w.end], "'’")
	if i <= 0 || !frenchArticles[fold(s[w.start:w.start+i])] {
		return w, false
	}
	_, size := utf8.DecodeRuneInString(s[w.start+i:])
	rest := w.start + i + size
	if rest >= w.end {
		return w, false
	}
	return word{start: rest, end: w.end, folded: fold(s[rest:w.end])}, true
}

// fold removes accents and case: "Liège" → "liege", "Straße" → "strasse".
func fold(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ToLower(string(folder.Filter([]byte(s))))
		}
	}
	// ASCII folds to itself; most words are ASCII, and the folding filter
	// allocates four runes per byte.
	return strings.ToLower(s)
}

// foldedPrefixEnd returns how many bytes of the original word w make up
// the first n bytes of its folded form, so that a prefix match on the folded
// form ("lie" in "liege") highlights the right part of the original ("Liè").
func foldedPrefixEnd(w string, n int) int {
	folded := 0
	for i, r := range w {
		if folded >= n {
			return i
		}
		folded += len(fold(string(r)))
	}
	return len(w)
}

// stemChains are the token filters that stem words in the index's text
// analyzer, per language (index/mapping.go, chainFor); keep them in step.
var stemChains = map[listing.Lang][]string{
	listing.NL: {nl.SnowballStemmerName},
	listing.FR: {fr.ElisionName, fr.LightStemmerName},
	listing.EN: {porter.Name},
	listing.DE: {de.NormalizeName, de.LightStemmerName},
}

// stemFilters are the chains built once from bleve's registry; a chain that
// fails to build is left out, and its language is highlighted unstemmed.
var stemFilters = sync.OnceValue(func() map[listing.Lang][]analysis.TokenFilter {
	cache := registry.NewCache()
	out := map[listing.Lang][]analysis.TokenFilter{}
	for lang, names := range stemChains {
		var chain []analysis.TokenFilter
		for _, name := range names {
			f, err := cache.TokenFilterNamed(name)
			if err != nil {
				chain = nil
				break
			}
			chain = append(chain, f)
		}
		if chain != nil {
			out[lang] = chain
		}
	}
	return out
})

// stemmer returns the stemming of folded words in a language, nil when the
// language has none.
func stemmer(lang listing.Lang) func(string) string {
	chain := stemFilters()[lang]
	if chain == nil {
		return nil
	}
	return func(folded string) string {
		ts := analysis.TokenStream{&analysis.Token{Term: []byte(folded), Start: 0, End: len(folded), Position: 1, Type: analysis.AlphaNumeric}}
		for _, f := range chain {
			ts = f.Filter(ts)
		}
		if len(ts) != 1 {
			return folded
		}
		return string(ts[0].Term)
	}
}
