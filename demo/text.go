package demo

import (
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
)

// text is one phrase in the site's languages. The demo agency is nl and fr;
// en serves Synthetic datasets in other languages, and de falls back to en
// where it is not written.
type text struct{ nl, fr, en, de string }

func (t text) in(l listing.Lang) string {
	switch l {
	case listing.NL:
		return t.nl
	case listing.FR:
		return t.fr
	case listing.DE:
		if t.de != "" {
			return t.de
		}
	}
	if t.en != "" {
		return t.en
	}
	return t.fr
}

// expand replaces the {name} fields using vars; unknown names are kept so
// a template mistake shows up in the output and in tests.
func expand(tpl string, vars func(string) (string, bool)) string {
	if !strings.Contains(tpl, "{") {
		return tpl
	}
	var b strings.Builder
	b.Grow(len(tpl) + 64)
	for {
		i := strings.IndexByte(tpl, '{')
		if i < 0 {
			b.WriteString(tpl)
			break
		}
		j := strings.IndexByte(tpl[i:], '}')
		if j < 0 {
			b.WriteString(tpl)
			break
		}
		b.WriteString(tpl[:i])
		name := tpl[i+1 : i+j]
		if v, ok := vars(name); ok {
			b.WriteString(v)
		} else {
			b.WriteString(tpl[i : i+j+1])
		}
		tpl = tpl[i+j+1:]
	}
	return b.String()
}

var numberWords = [...]text{
	{"nul", "zéro", "no", "kein"},
	{"één", "une", "one", "ein"},
	{"twee", "deux", "two", "zwei"},
	{"drie", "trois", "three", "drei"},
	{"vier", "quatre", "four", "vier"},
	{"vijf", "cinq", "five", "fünf"},
	{"zes", "six", "six", "sechs"},
	{"zeven", "sept", "seven", "sieben"},
	{"acht", "huit", "eight", "acht"},
}

// count writes small counts in words ("drie slaapkamers"), larger ones in digits.
func count(l listing.Lang, n int, one, many text) string {
	noun := many.in(l)
	if n == 1 {
		noun = one.in(l)
	}
	if n >= 0 && n < len(numberWords) {
		return numberWords[n].in(l) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun
}

// thousands formats an integer with the language's grouping: 1.250 in
// Dutch, 1 250 in French (no-break space), 1,250 in English.
func thousands(l listing.Lang, n int) string {
	sep := "."
	switch l {
	case listing.FR:
		sep = "\u00a0"
	case listing.EN:
		sep = ","
	}
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + thousands(l, -n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// decimal formats a number with one decimal and the language's comma.
func decimal(l listing.Lang, f float64) string {
	s := strconv.FormatFloat(f, 'f', 1, 64)
	if l != listing.EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

func m2(l listing.Lang, n int) string { return thousands(l, n) + "\u00a0m²" }

// area writes a plot size as Belgians do: m² for gardens, ares for fields,
// hectares for farmland.
func area(l listing.Lang, sqm int) string {
	switch {
	case sqm < 2000:
		return m2(l, sqm)
	case sqm < 10000:
		unit := "\u00a0ares"
		if l == listing.NL {
			unit = "\u00a0are"
		}
		return strconv.Itoa((sqm+50)/100) + unit
	default:
		return decimal(l, float64(sqm)/10000) + "\u00a0ha"
	}
}

func euros(l listing.Lang, n int) string {
	switch l {
	case listing.NL:
		return thousands(l, n) + " euro"
	case listing.FR:
		return thousands(l, n) + "\u00a0euros"
	default:
		return "€" + thousands(l, n)
	}
}

var monthNames = [...]text{
	{"januari", "janvier", "January", "Januar"}, {"februari", "février", "February", "Februar"},
	{"maart", "mars", "March", "März"}, {"april", "avril", "April", "April"},
	{"mei", "mai", "May", "Mai"}, {"juni", "juin", "June", "Juni"},
	{"juli", "juillet", "July", "Juli"}, {"augustus", "août", "August", "August"},
	{"september", "septembre", "September", "September"}, {"oktober", "octobre", "October", "Oktober"},
	{"november", "novembre", "November", "November"}, {"december", "décembre", "December", "Dezember"},
}

func longDate(l listing.Lang, t time.Time) string {
	day := strconv.Itoa(t.Day())
	if l == listing.FR && t.Day() == 1 {
		day = "1er"
	}
	return day + " " + monthNames[t.Month()-1].in(l) + " " + strconv.Itoa(t.Year())
}

// lowerFirst lowercases the first letter, to use a field value inside a sentence.
func lowerFirst(s string) string {
	for i, r := range s {
		return strings.ToLower(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// entities writes the accented letters of French and Dutch as HTML entities,
// as some platform descriptions do.
var entityReplacer = strings.NewReplacer(
	"é", "&eacute;", "è", "&egrave;", "ê", "&ecirc;", "à", "&agrave;", "â", "&acirc;",
	"ô", "&ocirc;", "î", "&icirc;", "û", "&ucirc;", "ç", "&ccedil;", "ë", "&euml;",
	"ï", "&iuml;", "É", "&Eacute;", "À", "&Agrave;", "œ", "&oelig;", "\u00a0", "&nbsp;", "²", "&sup2;",
)

var htmlReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
