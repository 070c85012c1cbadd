package listing

import (
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	long := strings.Repeat("maison ", 20) // 139 chars of "maison-maison-..."
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"lower case", "Villa", "villa"},
		{"spaces to dashes", "Belle villa 4 façades", "belle-villa-4-facades"},
		{"french accents", "Élégante propriété à Libramont-Chevigny", "elegante-propriete-a-libramont-chevigny"},
		{"cedilla", "Garçon", "garcon"},
		{"german sharp s", "Straße", "strasse"},
		{"upper-case sharp s", "STRAẞE", "strasse"},
		{"ae ligature", "Cæsar", "caesar"},
		{"oe ligature", "Cœur de ville", "coeur-de-ville"},
		{"upper-case oe ligature", "ŒUVRE", "oeuvre"},
		{"apostrophe removed", "L'église d'Ochamps", "leglise-dochamps"},
		{"typographic apostrophe removed", "Maison d’hôtes", "maison-dhotes"},
		{"punctuation runs collapse", "Villa -- (rénovée) !!", "villa-renovee"},
		{"leading and trailing dashes trimmed", "  --Chalet--  ", "chalet"},
		{"digits kept", "Appartement 2 ch. 85m²", "appartement-2-ch-85m2"},
		{"typographic ligature", "Superﬁcie", "superficie"},
		{"emoji dropped", "Vue 🌊 mer", "vue-mer"},
		{"non-latin script dropped", "Дом", ""},
		{"only punctuation", "!!!", ""},
		{"cut at a dash", long, strings.TrimSuffix(strings.Repeat("maison-", 11), "-")},
		{"cut mid-word without dash", strings.Repeat("a", 100), strings.Repeat("a", 80)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Slug(tt.in)
			if got != tt.want {
				t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if len(got) > maxSlugLen {
				t.Errorf("Slug(%q) is %d bytes, want at most %d", tt.in, len(got), maxSlugLen)
			}
		})
	}
}

func TestDetailPath(t *testing.T) {
	villa := Property{
		ID: 4242, Goal: Sale, Title: "Superbe villa à rénover", Type: "Villa",
		Address: Address{City: "Libramont-Chevigny"},
	}
	with := func(change func(*Property)) Property {
		p := villa
		change(&p)
		return p
	}
	tests := []struct {
		name string
		in   Property
		lang Lang
		want string
	}{
		{"nl sale", villa, NL, "/nl/te-koop/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"fr sale", villa, FR, "/fr/a-vendre/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"en sale", villa, EN, "/en/for-sale/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"de sale", villa, DE, "/de/zu-verkaufen/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"nl rent", with(func(p *Property) { p.Goal = Rent }), NL, "/nl/te-huur/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"fr rent", with(func(p *Property) { p.Goal = Rent }), FR, "/fr/a-louer/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"en rent", with(func(p *Property) { p.Goal = Rent }), EN, "/en/for-rent/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"de rent", with(func(p *Property) { p.Goal = Rent }), DE, "/de/zu-vermieten/libramont-chevigny/superbe-villa-a-renover/4242/"},
		{"no city", with(func(p *Property) { p.Address.City = "" }), FR, "/fr/a-vendre/superbe-villa-a-renover/4242/"},
		{"city without slug", with(func(p *Property) { p.Address.City = "—" }), FR, "/fr/a-vendre/superbe-villa-a-renover/4242/"},
		{"title falls back to type", with(func(p *Property) { p.Title = "" }), NL, "/nl/te-koop/libramont-chevigny/villa/4242/"},
		{"title and type empty", with(func(p *Property) { p.Title, p.Type = "!!", "" }), NL, "/nl/te-koop/libramont-chevigny/property/4242/"},
		{"unknown language is nl", villa, Lang("xx"), "/nl/te-koop/libramont-chevigny/superbe-villa-a-renover/4242/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetailPath(tt.in, tt.lang); got != tt.want {
				t.Errorf("DetailPath(%+v, %q) = %q, want %q", tt.in, tt.lang, got, tt.want)
			}
		})
	}
}
