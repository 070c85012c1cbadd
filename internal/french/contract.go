// Package french holds the rules of written French the site follows: how "de" and "à" join a name inserted after
// them, and the typography a French text must respect (Check), so that texts, mails and content can be tested
// against them.
package french

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Contract writes prep ("de" or "à") before a name the way French joins them: the article at the start of the name
// merges with the preposition (de + Les Jardins → des Jardins, à + Le Rœulx → au Rœulx) and "de" elides before a
// vowel or h (d'Ardenne Immo). "La" and "L'" do not merge (de La Roche). ui/src/lib/i18n/french.ts is the same rule for
// the UI; testdata/contractions.json holds the cases both must agree on.
func Contract(prep, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return prep
	}
	article, rest, _ := strings.Cut(name, " ")
	switch strings.ToLower(article) {
	case "le":
		if rest != "" {
			return merged(prep, "du", "au") + " " + rest
		}
	case "les":
		if rest != "" {
			return merged(prep, "des", "aux") + " " + rest
		}
	}
	if prep == "de" && elides(name) {
		return "d'" + name
	}
	return prep + " " + name
}

// merged is the contracted form of prep with an article: "de" gives ofDe, "à" gives ofA.
func merged(prep, ofDe, ofA string) string {
	switch prep {
	case "de":
		return ofDe
	case "à":
		return ofA
	}
	return prep
}

// elides tells whether a word starts with a vowel or an h, before which "de" becomes "d'".
func elides(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return strings.ContainsRune("aeiouyhâàäéèêëîïôöûùüœæ", unicode.ToLower(r))
}
