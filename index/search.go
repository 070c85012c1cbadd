package index

import (
	"strconv"
	"unicode/utf8"
)

// Kind selects the document kind a query searches.
type Kind int

const (
	KindProperty Kind = iota // the zero value: a SearchRequest searches properties unless told otherwise
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
