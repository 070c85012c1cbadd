package compliance

import (
	"slices"
	"strings"
	"unicode"

	"github.com/estate-agency/estate/listing"
)

// Row is one line of the detail page's block of mentions. Field names what
// the row shows; the UI words it (ui/src/locales/*/property.json "legal").
type Row struct {
	Rule            string  `json:"rule"`
	Field           string  `json:"field"`
	Value           string  `json:"value,omitempty"`
	Number          float64 `json:"number,omitempty"`
	Label           string  `json:"label,omitempty"`
	Code            string  `json:"code,omitempty"`
	Date            string  `json:"date,omitempty"`
	NotCommunicated bool    `json:"notCommunicated,omitempty"`
}

// Block is the legal mentions of one property as the detail page shows them.
type Block struct {
	Region    listing.Region `json:"region"`
	Rows      []Row          `json:"rows"`
	PriceNote string         `json:"priceNote"`
}

// The price notes of a new build (Block.PriceNote).
const (
	PriceNoteVATExcluded          = "vatExcluded"
	PriceNoteVATIncluded          = "vatIncluded"
	PriceNoteRegistrationExcluded = "registrationExcluded"
)

// Options are the agency's choices the block depends on.
type Options struct {
	// NewBuildPricesIncludeVAT is set when the agency publishes new builds'
	// prices VAT included (config site.new_build_prices: including_vat).
	NewBuildPricesIncludeVAT bool
}

// Miss is a mandatory rule a property does not satisfy.
type Miss struct {
	Rule Rule
}

// Check lists the mandatory rules the property misses, in table order.
func Check(p *listing.Property) []Miss {
	var out []Miss
	for _, r := range Rules {
		if r.Mandatory && r.applies(p) && !r.present(p) {
			out = append(out, Miss{Rule: r})
		}
	}
	return out
}

// Finding is one listing missing one mandatory mention, in the languages
// whose record misses it.
type Finding struct {
	ID        int            `json:"id"`
	Region    listing.Region `json:"region"`
	Rule      string         `json:"rule"`
	Source    string         `json:"source"`
	Languages []listing.Lang `json:"languages"`
}

// Report checks every record (a listing once per language) and gives one
// finding per listing and rule, sorted by id then rule. Withdrawn records
// are not on the site, so they are not checked.
func Report(props []listing.Property) []Finding {
	type key struct {
		id   int
		rule string
	}
	found := map[key]*Finding{}
	for i := range props {
		p := &props[i]
		if p.Withdrawn {
			continue
		}
		for _, m := range Check(p) {
			k := key{p.ID, m.Rule.ID}
			f := found[k]
			if f == nil {
				f = &Finding{ID: p.ID, Region: region(p), Rule: m.Rule.ID, Source: m.Rule.Source}
				found[k] = f
			}
			if !slices.Contains(f.Languages, p.Lang) {
				f.Languages = append(f.Languages, p.Lang)
			}
		}
	}
	out := make([]Finding, 0, len(found))
	for _, f := range found {
		slices.Sort(f.Languages)
		out = append(out, *f)
	}
	slices.SortFunc(out, func(a, b Finding) int {
		if a.ID != b.ID {
			return a.ID - b.ID
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return out
}

// Listings counts the distinct listings among findings.
func Listings(findings []Finding) int {
	ids := map[int]bool{}
	for _, f := range findings {
		ids[f.ID] = true
	}
	return len(ids)
}

// BlockOf builds the detail page's mentions; nil for a property outside
// Belgium and Luxembourg. A mandatory mention without a value is left out
// (the report has it); an optional one that allows it says "not
// communicated".
func BlockOf(p *listing.Property, opts Options) *Block {
	reg := region(p)
	switch reg {
	case listing.Flanders, listing.Wallonia, listing.Brussels, listing.Luxembourg:
	default:
		return nil
	}
	b := &Block{Region: reg, Rows: []Row{}}
	for _, r := range Rules {
		if !r.applies(p) {
			continue
		}
		for _, row := range r.rows(p) {
			row.Rule = r.ID
			b.Rows = append(b.Rows, row)
		}
	}
	b.PriceNote = PriceNoteOf(p, opts)
	return b
}

// PriceNoteOf says what a new build's price includes; "" for any other
// listing or when the platform does not say under which regime it is sold.
func PriceNoteOf(p *listing.Property, opts Options) string {
	if !newBuild(p) || p.Goal != listing.Sale {
		return ""
	}
	switch {
	case p.Costs.VATRegime && opts.NewBuildPricesIncludeVAT:
		return PriceNoteVATIncluded
	case p.Costs.VATRegime:
		return PriceNoteVATExcluded
	case text(p.Costs.RegistrationType) != "":
		return PriceNoteRegistrationExcluded
	}
	return ""
}

// region is the stored region, else the one of the address (records
// stored before the sync filled it in).
func region(p *listing.Property) listing.Region {
	if p.Energy.Region != "" {
		return p.Energy.Region
	}
	return listing.RegionOf(p.Address.CountryID, p.Address.Zip)
}

func in(p *listing.Property, r listing.Region) bool { return region(p) == r }

func newBuild(p *listing.Property) bool { return p.ProjectID != 0 || p.Costs.VATRegime }

// Platform categories without a building (the seed's WebIDs): garages and
// parkings, land. Their names back the ids up when a platform numbers its
// categories differently.
const (
	webIDGarage = 5
	webIDLand   = 7
)

var unbuiltWords = []string{"grond", "terrain", "land", "grundstück", "garage", "parking", "stellplatz", "box"}

// built reports whether the property is a building, which has an EPC: not
// land, a garage box or a parking.
func built(p *listing.Property) bool {
	if p.WebID == webIDGarage || p.WebID == webIDLand {
		return false
	}
	for _, name := range []string{p.MainType, p.Type} {
		for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if slices.Contains(unbuiltWords, w) || strings.HasSuffix(w, "grond") {
				return false
			}
		}
	}
	return true
}

// text trims a platform text; an empty one is never an answer.
func text(s string) string { return strings.TrimSpace(s) }

// pendingLabels are label texts saying a certificate is being made: no
// label yet, never shown.
var pendingLabels = []string{"peb en cours", "epc en cours", "en cours", "in aanvraag", "epc in aanvraag", "aangevraagd", "pending", "in progress"}

func labelText(p *listing.Property) string {
	t := text(p.Energy.LabelText)
	if slices.Contains(pendingLabels, strings.ToLower(t)) {
		return ""
	}
	return t
}

func hasLabel(p *listing.Property) bool { return labelText(p) != "" }

func labelRow(p *listing.Property, field string) []Row {
	t := labelText(p)
	if t == "" {
		return nil
	}
	return []Row{{Field: field, Value: t, Label: p.Energy.Label}}
}

func epcRows(value, label, code string) func(*listing.Property) []Row {
	return func(p *listing.Property) []Row {
		var rows []Row
		if p.Energy.Value != 0 {
			rows = append(rows, Row{Field: value, Number: p.Energy.Value})
		}
		rows = append(rows, labelRow(p, label)...)
		if c := text(p.Energy.CertNumber); c != "" {
			rows = append(rows, Row{Field: code, Value: c})
		}
		return rows
	}
}

// score reads a flood score class A–D ("A", "P-score B", "b"); "" when
// the text names none.
func score(s string) string {
	s = strings.ToUpper(text(s))
	for _, pre := range []string{"P-SCORE", "G-SCORE", "PSCORE", "GSCORE", "P", "G"} {
		if rest, ok := strings.CutPrefix(s, pre); ok && len(rest) < len(s) && (rest == "" || !unicode.IsLetter(rune(rest[0]))) {
			s = strings.TrimLeft(rest, " :-")
			break
		}
	}
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'D' {
		return s
	}
	return ""
}
