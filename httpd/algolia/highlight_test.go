package algolia

import (
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
)

func TestHighlight(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name, query string
		matched     []string
		value       string
		want        HighlightResult
	}{
		{"no query", "", nil, "Gent", HighlightResult{"Gent", MatchNone, nil, []string{}}},
		{"no match", "gent", nil, "Brugge", HighlightResult{"Brugge", MatchNone, nil, []string{}}},
		{"exact word, case folded", "gent", nil, "Gent", HighlightResult{"<em>Gent</em>", MatchFull, &yes, []string{"gent"}}},
		{"accents folded in the value", "liege", nil, "Liège", HighlightResult{"<em>Liège</em>", MatchFull, &yes, []string{"liege"}}},
		{"accents folded in the query", "LIÈGE", nil, "liege", HighlightResult{"<em>liege</em>", MatchFull, &yes, []string{"liège"}}},
		{"prefix of the last word", "bouil", nil, "Bouillon", HighlightResult{"<em>Bouil</em>lon", MatchFull, &no, []string{"bouil"}}},
		{"prefix ending inside a folded letter", "lie", nil, "Liège", HighlightResult{"<em>Liè</em>ge", MatchFull, &no, []string{"lie"}}},
		{"only the last word is a prefix", "bouil gent", nil, "Bouillon Gent",
			HighlightResult{"Bouillon <em>Gent</em>", MatchPartial, &no, []string{"gent"}}},
		{"a finished word is no prefix", "bouil ", nil, "Bouillon", HighlightResult{"Bouillon", MatchNone, nil, []string{}}},
		{"one typo from 4 letters", "bouilon", nil, "Bouillon", HighlightResult{"<em>Bouillon</em>", MatchFull, &yes, []string{"bouilon"}}},
		{"a transposition is one typo", "vlila", nil, "Villa", HighlightResult{"<em>Villa</em>", MatchFull, &yes, []string{"vlila"}}},
		{"no typo under 4 letters", "gnt", nil, "Gent", HighlightResult{"Gent", MatchNone, nil, []string{}}},
		{"two typos from 8 letters", "antwarpan", nil, "Antwerpen", HighlightResult{"<em>Antwerpen</em>", MatchFull, &yes, []string{"antwarpan"}}},
		{"two typos under 8 letters are too many", "bruxels", nil, "Brussel", HighlightResult{"Brussel", MatchNone, nil, []string{}}},
		{"three typos are too many", "bullion", nil, "Bouillon", HighlightResult{"Bouillon", MatchNone, nil, []string{}}},
		{"several words, matchedWords in query order", "gent villa", nil, "Villa in Gent",
			HighlightResult{"<em>Villa</em> in <em>Gent</em>", MatchFull, &no, []string{"gent", "villa"}}},
		{"every word highlighted", "gent", nil, "Gent Gent", HighlightResult{"<em>Gent</em> <em>Gent</em>", MatchFull, &yes, []string{"gent"}}},
		{"words split at hyphens", "sud", nil, "Liège-Sud", HighlightResult{"Liège-<em>Sud</em>", MatchFull, &no, []string{"sud"}}},
		{"a word the index matched (a stem)", "huizen", []string{"huis"}, "Een huis",
			HighlightResult{"Een <em>huis</em>", MatchFull, &no, []string{"huizen"}}},
		{"a prefix the index also reported stays a prefix", "bouil", []string{"bouillon"}, "Bouillon",
			HighlightResult{"<em>Bouil</em>lon", MatchFull, &no, []string{"bouil"}}},
		{"a prefix is preferred to a typo", "vill", nil, "Villa", HighlightResult{"<em>Vill</em>a", MatchFull, &no, []string{"vill"}}},
		{"no HTML escaping, as Algolia", "gent", nil, "a < b & Gent", HighlightResult{"a < b & <em>Gent</em>", MatchFull, &no, []string{"gent"}}},
		{"a reference number", "1234", nil, "1234", HighlightResult{"<em>1234</em>", MatchFull, &yes, []string{"1234"}}},
		{"a postcode prefix", "68", nil, "6800", HighlightResult{"<em>68</em>00", MatchFull, &no, []string{"68"}}},
		{"repeated query words count once", "gent gent", nil, "Gent", HighlightResult{"<em>Gent</em>", MatchFull, &yes, []string{"gent"}}},
		{"punctuation-only query", "!!", nil, "Gent", HighlightResult{"Gent", MatchNone, nil, []string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewHighlighter(listing.NL, tt.query, tt.matched, "<em>", "</em>").Highlight(tt.value)
			if mustJSON(t, got) != mustJSON(t, tt.want) {
				t.Errorf("Highlight(%q) for %q\n got  %s\n want %s", tt.value, tt.query, mustJSON(t, got), mustJSON(t, tt.want))
			}
		})
	}
	stems := []struct {
		name  string
		lang  listing.Lang
		query string
		value string
		want  string
	}{
		{"Dutch plural", listing.NL, "tuinen", "Grote tuin", "Grote <em>tuin</em>"},
		{"Dutch singular finds the plural", listing.NL, "appartement groot", "Twee appartementen", "Twee <em>appartementen</em>"},
		{"a prefix of the last word wins over its stem", listing.NL, "appartement", "Twee appartementen", "Twee <em>appartement</em>en"},
		{"French irregular plural", listing.FR, "chevaux", "Un cheval", "Un <em>cheval</em>"},
		{"French elision", listing.FR, "eglise", "Près de l'église", "Près de <em>l'église</em>"},
		{"English", listing.EN, "houses", "A house", "A <em>house</em>"},
		{"German", listing.DE, "hauser", "Ein Haus", "Ein <em>Haus</em>"},
		{"no stemming in an unknown language", "xx", "chevaux", "Un cheval", "Un cheval"},
		{"stems are per language", listing.NL, "chevaux", "Un cheval", "Un cheval"},
	}
	for _, tt := range stems {
		t.Run("stem: "+tt.name, func(t *testing.T) {
			if got := NewHighlighter(tt.lang, tt.query, nil, "<em>", "</em>").Highlight(tt.value).Value; got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("custom tags", func(t *testing.T) {
		got := NewHighlighter(listing.NL, "gent", nil, "__ais-highlight__", "__/ais-highlight__").Highlight("Gent")
		if got.Value != "__ais-highlight__Gent__/ais-highlight__" {
			t.Errorf("got %q", got.Value)
		}
	})
	t.Run("JSON shape", func(t *testing.T) {
		got := mustJSON(t, NewHighlighter(listing.NL, "bouil", nil, "<em>", "</em>").Highlight("Bouillon"))
		want := `{"value":"<em>Bouil</em>lon","matchLevel":"full","fullyHighlighted":false,"matchedWords":["bouil"]}`
		if got != want {
			t.Errorf("got %s, want %s", got, want)
		}
		got = mustJSON(t, NewHighlighter(listing.NL, "x", nil, "<em>", "</em>").Highlight("Gent"))
		if want := `{"value":"Gent","matchLevel":"none","matchedWords":[]}`; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

func BenchmarkHighlight(b *testing.B) {
	desc := "Prachtige, ruime villa met grote tuin en terras in het centrum van Gent, vlakbij winkels, scholen en openbaar vervoer. " +
		"De woning beschikt over vier slaapkamers, twee badkamers, een garage en een zonnige leefruimte met open keuken."
	b.Run("new highlighter", func(b *testing.B) {
		for b.Loop() {
			NewHighlighter(listing.NL, "ruime vila gent terras", nil, "<em>", "</em>")
		}
	})
	h := NewHighlighter(listing.NL, "ruime vila gent terras", nil, "<em>", "</em>")
	b.Run("highlight a card description", func(b *testing.B) {
		for b.Loop() {
			h.Highlight(desc)
		}
	})
	b.Run("snippet a card description", func(b *testing.B) {
		for b.Loop() {
			h.Snippet(desc, 20, "…")
		}
	})
}

func TestSnippet(t *testing.T) {
	text := "een twee drie vier vijf zes zeven acht negen tien elf twaalf"
	tests := []struct {
		name, query, value string
		words              int
		ellipsis           string
		want               SnippetResult
	}{
		{"short value: whole", "drie", "een twee drie", 10, "…", SnippetResult{"een twee <em>drie</em>", MatchFull}},
		{"exactly n words", "", "een twee drie", 3, "…", SnippetResult{"een twee drie", MatchNone}},
		{"no match: the first words", "", text, 4, "…", SnippetResult{"een twee drie vier…", MatchNone}},
		{"match in the middle: context both sides", "zeven", text, 4, "…", SnippetResult{"…zes <em>zeven</em> acht negen…", MatchFull}},
		{"match at the start", "een", text, 3, "…", SnippetResult{"<em>een</em> twee drie…", MatchFull}},
		{"match at the end", "twaalf", text, 3, "…", SnippetResult{"…tien elf <em>twaalf</em>", MatchFull}},
		{"empty ellipsis", "zeven", text, 2, "", SnippetResult{"<em>zeven</em> acht", MatchFull}},
		{"punctuation at the ends kept only there", "", "« Mooi huis, groot », zegt men.", 3, "…", SnippetResult{"« Mooi huis, groot…", MatchNone}},
		{"the first match decides", "acht drie", text, 3, "…", SnippetResult{"…twee <em>drie</em> vier…", MatchFull}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewHighlighter(listing.NL, tt.query, nil, "<em>", "</em>").Snippet(tt.value, tt.words, tt.ellipsis)
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFacetHits(t *testing.T) {
	values := map[string]int{
		"Bouillon": 4, "Bourg-Léopold": 1, "Liège": 9, "Liège-Sud": 2, "Sint-Niklaas": 3, "Sint-Truiden": 3, "Gent": 9, "Arlon": 1,
	}
	tests := []struct {
		name, query string
		limit       int
		want        []FacetHit
	}{
		{"no query: the most frequent, ties by value", "", 3,
			[]FacetHit{{"Gent", "Gent", 9}, {"Liège", "Liège", 9}, {"Bouillon", "Bouillon", 4}}},
		{"prefix", "bou", 10,
			[]FacetHit{{"Bouillon", "<em>Bou</em>illon", 4}, {"Bourg-Léopold", "<em>Bou</em>rg-Léopold", 1}}},
		{"accents folded", "liege", 10,
			[]FacetHit{{"Liège", "<em>Liège</em>", 9}, {"Liège-Sud", "<em>Liège</em>-Sud", 2}}},
		{"a word inside the value", "sud", 10, []FacetHit{{"Liège-Sud", "Liège-<em>Sud</em>", 2}}},
		{"every query word must start a word", "sint ni", 10,
			[]FacetHit{{"Sint-Niklaas", "<em>Sint</em>-<em>Ni</em>klaas", 3}}},
		{"not inside a word", "illon", 10, []FacetHit{}},
		{"nothing", "xyz", 10, []FacetHit{}},
		{"limit 0 means 10", "", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FacetHits(values, tt.query, tt.limit, "<em>", "</em>")
			if tt.want == nil {
				if len(got) != len(values) {
					t.Errorf("%d hits, want %d", len(got), len(values))
				}
				return
			}
			if mustJSON(t, got) != mustJSON(t, tt.want) {
				t.Errorf("\n got  %s\n want %s", mustJSON(t, got), mustJSON(t, tt.want))
			}
		})
	}
	t.Run("values found otherwise match too, unhighlighted", func(t *testing.T) {
		// What the cities index found: Bouillon despite the typo; for a postcode, its towns, one without listings here.
		got := FacetHitsWith(values, "bouilon", map[string]bool{"Bouillon": true}, 10, "<em>", "</em>")
		want := []FacetHit{{"Bouillon", "Bouillon", 4}}
		if mustJSON(t, got) != mustJSON(t, want) {
			t.Errorf("\n got  %s\n want %s", mustJSON(t, got), mustJSON(t, want))
		}
		got = FacetHitsWith(values, "6700", map[string]bool{"Bouillon": true, "Arlon": true, "Nowhere": true}, 10, "<em>", "</em>")
		want = []FacetHit{{"Bouillon", "Bouillon", 4}, {"Arlon", "Arlon", 1}}
		if mustJSON(t, got) != mustJSON(t, want) {
			t.Errorf("\n got  %s\n want %s", mustJSON(t, got), mustJSON(t, want))
		}
	})
	t.Run("no values: an empty list, not null", func(t *testing.T) {
		if got := mustJSON(t, FacetHits(nil, "a", 5, "", "")); got != "[]" {
			t.Errorf("got %s", got)
		}
	})
	t.Run("at most limit", func(t *testing.T) {
		many := map[string]int{}
		for i := range 50 {
			many[strings.Repeat("a", i+1)] = i
		}
		if got := FacetHits(many, "a", 7, "", ""); len(got) != 7 || got[0].Count != 49 {
			t.Errorf("got %d hits, first %+v", len(got), got[0])
		}
	})
}
