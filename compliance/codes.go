package compliance

import (
	"slices"
	"strings"
)

// codeInfo is one standard abbreviation of the Flemish planning mentions
// and the standard phrases (nl, fr) that mean it. The UI holds the
// meanings it shows; only the code leaves this package.
type codeInfo struct {
	code    string
	phrases []string
}

// The sector's standard abbreviations (art. 5.2.1 VCRO; e.g. ERA's legend).
var (
	permitCodes = []codeInfo{
		{"Vg", []string{"vergunning uitgereikt", "stedenbouwkundige vergunning uitgereikt", "permis délivré", "permis d'urbanisme délivré"}},
		{"GVg", []string{"geen vergunning", "geen vergunning uitgereikt", "pas de permis", "aucun permis délivré", "pas de permis délivré"}},
	}
	planningCodes = []codeInfo{
		{"Wg", []string{"woongebied", "zone d'habitat"}},
		{"WgLk", []string{"woongebied met landelijk karakter", "zone d'habitat à caractère rural"}},
		{"Wgc", []string{"woongebied met culturele, historische en/of esthetische waarde"}},
		{"Wug", []string{"woonuitbreidingsgebied", "zone d'extension d'habitat"}},
		{"Ag", []string{"agrarisch gebied", "zone agricole"}},
		{"Lwag", []string{"landschappelijk waardevol agrarisch gebied", "zone agricole d'intérêt paysager"}},
		{"Ng", []string{"natuurgebied", "zone naturelle"}},
		{"Rg", []string{"recreatiegebied", "zone de loisirs"}},
		{"Ig", []string{"industriegebied", "zone industrielle"}},
		{"Gmg", []string{"gemengd gebied"}},
		{"Bg", []string{"bosgebied", "zone forestière"}},
		{"Pg", []string{"parkgebied", "zone de parc"}},
		{"Gvg", []string{"gebied voor gemeenschapsvoorzieningen en openbare nutsvoorzieningen"}},
	}
	summonsCodes = []codeInfo{
		{"Dv", []string{"dagvaarding uitgebracht", "citation signifiée"}},
		{"GDv", []string{"geen dagvaarding", "geen dagvaarding uitgebracht", "pas de citation", "aucune citation"}},
		{"Ho", []string{"herstelvordering", "action en réparation"}},
		{"Bo", []string{"bestuurlijke maatregel", "mesure administrative"}},
		{"Lod", []string{"last onder dwangsom", "astreinte"}},
		{"Ms", []string{"minnelijke schikking", "transaction"}},
		{"Gmo", []string{"geen rechterlijke beslissing of maatregel opgelegd"}},
	}
	preemptionCodes = []codeInfo{
		{"Vkr", []string{"voorkooprecht", "droit de préemption"}},
		{"GVkr", []string{"geen voorkooprecht", "pas de droit de préemption", "aucun droit de préemption"}},
	}
	subdivisionCodes = []codeInfo{
		{"Vv", []string{"verkavelingsvergunning", "permis d'urbanisation", "permis de lotir"}},
		{"GVv", []string{"geen verkavelingsvergunning", "pas de permis d'urbanisation", "pas de permis de lotir"}},
	}
)

// Code recognises the standard abbreviation of a Flemish planning mention
// (rule flanders.permit, .planning, .summons, .preemption, .subdivision)
// in its platform text; "" when the text is unrecognised or the rule has
// no codes.
func Code(rule, platformText string) string {
	switch rule {
	case "flanders.permit":
		return recognise(platformText, permitCodes)
	case "flanders.planning":
		return recognise(platformText, planningCodes)
	case "flanders.summons":
		return recognise(platformText, summonsCodes)
	case "flanders.preemption":
		return recognise(platformText, preemptionCodes)
	case "flanders.subdivision":
		return recognise(platformText, subdivisionCodes)
	}
	return ""
}

// recognise finds the code of a text: the text is an abbreviation, starts
// with one and a separator ("Wg: woongebied", "GVg - ..."), or is one of
// the standard phrases. Case does not matter.
func recognise(s string, codes []codeInfo) string {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return ""
	}
	for _, c := range codes {
		lc := strings.ToLower(c.code)
		if t == lc {
			return c.code
		}
		if rest, ok := strings.CutPrefix(t, lc); ok && startsWithSeparator(rest) {
			return c.code
		}
	}
	phrase := strings.TrimRight(strings.Join(strings.Fields(strings.ReplaceAll(t, "\u00a0", " ")), " "), ". ")
	for _, c := range codes {
		if slices.Contains(c.phrases, phrase) {
			return c.code
		}
	}
	return ""
}

func startsWithSeparator(s string) bool {
	for _, sep := range []string{" ", "\u00a0", "\u202f", ":", "-", "–", "("} {
		if strings.HasPrefix(s, sep) {
			return true
		}
	}
	return false
}
