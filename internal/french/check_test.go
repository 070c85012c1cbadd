package french

import (
	"slices"
	"testing"
)

func TestCheck(t *testing.T) {
	const nnbsp, nbsp = "\u202f", "\u00a0"
	tests := []struct {
		name string
		text string
		want []string // rules broken, in order
	}{
		{"narrow space before ; ? !", "Une question" + nnbsp + "? Appelez-nous" + nnbsp + "; merci" + nnbsp + "!", nil},
		{"no-break space before :", "Prix" + nbsp + ": 250 000 €", nil},
		{"narrow space before : too", "Prix" + nnbsp + ": 250 000 €", nil},
		{"normal space before :", "Prix : 250 000 €", []string{RuleSpaceBeforeColon}},
		{"no space before :", "Prix: 250 000 €", []string{RuleSpaceBeforeColon}},
		{"normal space before ?", "Une question ?", []string{RuleSpaceBeforeHigh}},
		{"no-break space before ! is not narrow", "Merci" + nbsp + "!", []string{RuleSpaceBeforeHigh}},
		{"no space before ;", "une cave; un grenier", []string{RuleSpaceBeforeHigh}},
		{"?! is one mark", "Vraiment" + nnbsp + "?!", nil},
		{"times and ratios", "Ouvert de 9:00 à 17:30, plan au 1:100.", nil},
		{"placeholders", "{{count}} biens, {{ctx, de}} et {date} à {time}; $t(common.name)", []string{RuleSpaceBeforeHigh}},
		{"Go template actions", `Bonjour{{with .Name}} {{.}}{{end}},`, nil},
		{"addresses and query strings", "Voir https://example.be/a?b=1&c=2, mailto:info@example.be et /fr/a-vendre/?type=1", nil},
		{"markup", `<a href="https://example.be/?x=1">lien</a>: <strong>ici</strong>`, []string{RuleSpaceBeforeColon}},
		{"Markdown table", "| Zone | Prix |\n|---|---:|\n| Bouillon | 250 000 |", nil},
		{"lines of markup", `+32 84 31 22 40<br><a href="mailto:info@example.be">info@example.be</a><br><a href="https://example.be/">https://example.be/</a>`, nil},
		{"entities", "Prix&nbsp;: ici&#8239;!", nil},
		{"percent with a narrow space", "un acompte de 10" + nnbsp + "% du prix, {{rate}}" + nnbsp + "%", nil},
		{"percent with a space", "un acompte de 10 % du prix", []string{RuleSpaceBeforePercent}},
		{"percent glued", "10% du prix et {{rate}}%", []string{RuleSpaceBeforePercent, RuleSpaceBeforePercent}},
		{"guillemets", "«" + nbsp + "Deux dossiers" + nnbsp + "»", nil},
		{"guillemets without space", "«Deux dossiers»", []string{RuleGuillemets, RuleGuillemets}},
		{"de Les", "Photos de Les Jardins de Libramont", []string{RuleContraction}},
		{"à Le", "Maison à Le Rœulx", []string{RuleContraction}},
		{"de le pronoun", "avant de le publier", nil},
		{"de + vowel", "Photos de Ardenne Immo", []string{RuleElision}},
		{"de La", "Maison de La Roche-en-Ardenne", nil},
		{"quarter", "Livraison Q3 2027", []string{RuleQuarter}},
		{"T quarter and Q-ZEN", "Livraison T3 2027, logements Q-ZEN", nil},
		{"ref.", "Maison (ref. 4003)", []string{RuleReference}},
		{"réf.", "Maison (réf. 4003)", nil},
		{"gendered", "vous tenir informé(e)", []string{RuleGenderedParenthese}},
		{"name after de", "Photos de {{name}}", []string{RuleInsertedName}},
		{"city after à", "{{type}} à {{city}}", []string{RuleInsertedName}},
		{"name through the contraction", "Photos {{name, de}}, {{type}} {{city, à}}", nil},
		{"numbers after de", "de {{min}} à {{max}}, page {{page}} de {{pages}}", nil},
		{"agency after à in a mail", "vous avez demandé à {{.Agency.Name}} de", []string{RuleInsertedName}},
		{"title after de in a mail", "Les documents de {{with .Item}}{{.Title}}{{end}}", []string{RuleInsertedName}},
		{"a person's name does not contract", "directement à {{or .Person.Name .Person.Email}}", nil},
		{"mail through the contraction", `demandé {{contract "à" .Agency.Name}} de`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range Check(tt.text) {
				got = append(got, p.Rule)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Check(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}
