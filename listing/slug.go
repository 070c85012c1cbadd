package listing

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// maxSlugLen bounds a slug so detail URLs stay readable and shareable.
const maxSlugLen = 80

// ligatures are letters that do not decompose into a base letter plus
// accents, so accent stripping alone would turn them into dashes.
var ligatures = strings.NewReplacer(
	"ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "đ", "d", "ł", "l", "þ", "th", "ð", "d", "ı", "i",
)

// apostrophes are dropped rather than turned into dashes, so "l'église"
// gives "leglise", not "l-eglise".
var apostrophes = strings.NewReplacer("'", "", "’", "", "‘", "", "ʼ", "", "`", "")

// Slug makes a URL path segment of a text (lower case, accents folded, dashes).
// It keeps only a-z and 0-9; every other run of characters becomes one dash.
// It is at most maxSlugLen bytes, cut at a dash when there is one.
func Slug(s string) string {
	s = ligatures.Replace(strings.ToLower(s))
	s = apostrophes.Replace(s)
	// Compatibility decomposition also folds "²" to "2" and "ﬁ" to "fi"; no
	// recomposition is needed since only ASCII is kept. A transformer keeps
	// state, so each call builds its own chain rather than sharing one
	// between goroutines.
	fold := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)))
	if folded, _, err := transform.String(fold, s); err == nil {
		s = folded
	}
	var b strings.Builder
	b.Grow(len(s))
	dash := false
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	slug := b.String()
	if len(slug) > maxSlugLen {
		cut := slug[:maxSlugLen]
		if slug[maxSlugLen] != '-' {
			if i := strings.LastIndexByte(cut, '-'); i > 0 {
				cut = cut[:i]
			}
		}
		slug = strings.TrimRight(cut, "-")
	}
	return slug
}

// goalSegments are the localized path segments for sale and rent.
var goalSegments = map[Lang][2]string{
	NL: {"te-koop", "te-huur"},
	FR: {"a-vendre", "a-louer"},
	EN: {"for-sale", "for-rent"},
	DE: {"zu-verkaufen", "zu-vermieten"},
}

// DetailPath is the localized detail page path of a property:
// /{lang}/{goal}/{city}/{title}/{id}/. The city segment is left out when the
// city has no slug; the title falls back to the type, then to "property",
// so the path always has the same depth before the id. An unknown language
// gives the Dutch path, the site's default language.
func DetailPath(p Property, lang Lang) string {
	segs, ok := goalSegments[lang]
	if !ok {
		lang, segs = NL, goalSegments[NL]
	}
	goal := segs[0]
	if p.Goal == Rent {
		goal = segs[1]
	}
	title := Slug(p.Title)
	if title == "" {
		title = Slug(p.Type)
	}
	if title == "" {
		title = "property"
	}
	var b strings.Builder
	b.WriteString("/" + string(lang) + "/" + goal + "/")
	if city := Slug(p.Address.City); city != "" {
		b.WriteString(city + "/")
	}
	b.WriteString(title + "/" + strconv.Itoa(p.ID) + "/")
	return b.String()
}
