// Package compliance knows which legal mentions Belgian and Luxembourg
// advertising law asks a property listing to carry, checks listings for
// them and builds the detail page's block of mentions.
//
// Every rule lives in one table (Rules) with the legal text it comes from
// and that text's date, like config/calculator.go's dated rates, so an
// editor sees what to re-check when a region changes its law. Nothing here
// unpublishes anything: a missed mention is reported to the agency.
package compliance

import "github.com/estate-agency/estate/listing"

// Rule is one legal duty of an advertisement.
type Rule struct {
	ID     string
	Region listing.Region
	// Title says in English, for the admin, what the rule asks.
	Title string
	// Mandatory rules are reported when missed; the others only add rows
	// when the platform gives a value.
	Mandatory bool
	// AllowsNotCommunicated rules show a "not communicated" row when empty
	// rather than leaving it out.
	AllowsNotCommunicated bool
	Source                string // public URL of the legal text or the authority's page
	SourceTitle           string
	SourceDate            string // date of the legal text or of the page, YYYY-MM-DD

	// applies says whether the rule concerns the property at all.
	applies func(p *listing.Property) bool
	// rows are the block rows the rule produces from the property.
	rows func(p *listing.Property) []Row
	// present says whether the mandatory mention is there.
	present func(p *listing.Property) bool
}

// Applies reports whether the rule concerns the property.
func (r Rule) Applies(p *listing.Property) bool { return r.applies(p) }

// Present reports whether the property carries the rule's mandatory mention.
func (r Rule) Present(p *listing.Property) bool { return r.present(p) }

// Rules is the table of legal mentions, in the order the block shows them.
var Rules = []Rule{
	{
		// The decree asks for the kengetal and the certificate's unique code,
		// or the address when it is published. The label is shown when the
		// platform has it; no source read says an advertisement must carry it.
		ID: "flanders.epc", Region: listing.Flanders, Mandatory: true,
		Title:       "EPC kengetal and the certificate's unique code (or the published address) in every sale or rental advertisement",
		Source:      "https://www.energiesparen.be/epcparticulier/controle",
		SourceTitle: "Energiedecreet 8 mei 2009, art. 11.2.1 §3 (ingevoegd bij decreet 18 november 2011); VEKA: EPC in advertenties",
		SourceDate:  "2011-11-18",
		applies:     func(p *listing.Property) bool { return in(p, listing.Flanders) && built(p) },
		rows:        epcRows("epcValue", "epcLabel", "epcCode"),
		present: func(p *listing.Property) bool {
			addressShown := p.Address.Published && text(p.Address.Street) != ""
			return p.Energy.Value != 0 && (text(p.Energy.CertNumber) != "" || addressShown)
		},
	},
	flemishPlanning("flanders.permit", "permit", "Whether a building permit was issued (Vg / GVg)", func(p *listing.Property) string { return p.Legal.Permit }, permitCodes),
	flemishPlanning("flanders.planning", "planning", "The most recent planning destination (e.g. Wg)", func(p *listing.Property) string { return p.Legal.Planning }, planningCodes),
	flemishPlanning("flanders.summons", "summons", "Whether a summons or court order for an urban-planning breach exists (Dv / GDv ...)", func(p *listing.Property) string { return p.Legal.Summons }, summonsCodes),
	flemishPlanning("flanders.preemption", "preemption", "Whether a right of pre-emption applies (Vkr / GVkr)", func(p *listing.Property) string { return p.Legal.PreemptiveRights }, preemptionCodes),
	flemishPlanning("flanders.subdivision", "subdivision", "Whether a subdivision permit applies (Vv / GVv)", func(p *listing.Property) string { return p.Legal.AllotmentPermit }, subdivisionCodes),
	{
		ID: "flanders.flood", Region: listing.Flanders, Mandatory: true,
		Title:       "Flood scores: P-score of the plot and, for a building, G-score",
		Source:      "https://vmm.vlaanderen.be/beleid/waterbeleid/overstromingen/meerlaagse-waterveiligheid/overstromingsschade-voorkomen",
		SourceTitle: "Decreet Integraal Waterbeleid, art. 17bis (informatieplicht), gewijzigd bij decreet 2022, in werking 1 januari 2023",
		SourceDate:  "2023-01-01",
		applies:     func(p *listing.Property) bool { return in(p, listing.Flanders) && p.Goal == listing.Sale },
		rows: func(p *listing.Property) []Row {
			var rows []Row
			if v := score(p.Legal.PScore); v != "" {
				rows = append(rows, Row{Field: "pScore", Value: v})
			}
			if v := score(p.Legal.GScore); v != "" && built(p) {
				rows = append(rows, Row{Field: "gScore", Value: v})
			}
			if v := text(p.Legal.FloodZone); v != "" {
				rows = append(rows, Row{Field: "floodZone", Value: v})
			}
			return rows
		},
		present: func(p *listing.Property) bool {
			return score(p.Legal.PScore) != "" && (!built(p) || score(p.Legal.GScore) != "")
		},
	},
	{
		ID: "flanders.asbestos", Region: listing.Flanders, AllowsNotCommunicated: true,
		Title:       "Asbestos certificate of a building from before 2001 put up for sale",
		Source:      "https://www.zwevegem.be/asbestattest",
		SourceTitle: "Materialendecreet 23 december 2011, art. 33/13 (asbestattest bij verkoop vanaf 23 november 2022); OVAM",
		SourceDate:  "2022-11-23",
		applies: func(p *listing.Property) bool {
			y := p.Layout.ConstructionYear
			return in(p, listing.Flanders) && p.Goal == listing.Sale && built(p) && y > 0 && y < 2001
		},
		rows: func(p *listing.Property) []Row {
			v := text(p.Legal.AsbestosType)
			if v == "" {
				return []Row{{Field: "asbestos", NotCommunicated: true}}
			}
			r := Row{Field: "asbestos", Value: v}
			if d := p.Legal.AsbestosDate; d != nil {
				r.Date = listing.FormatDate(*d)
			}
			return []Row{r}
		},
		present: func(p *listing.Property) bool { return text(p.Legal.AsbestosType) != "" },
	},
	{
		ID: "wallonia.peb", Region: listing.Wallonia, Mandatory: true,
		Title:       "PEB class, primary energy per m² and total primary energy in every sale or rental advertisement",
		Source:      "https://vlex.be/vid/23-decembre-2014-arrete-553757498",
		SourceTitle: "Décret PEB 28 novembre 2013; AGW 15 mai 2014, art. 48; AM 23 décembre 2014 (annexe : indicateurs par support)",
		SourceDate:  "2014-12-23",
		applies:     func(p *listing.Property) bool { return in(p, listing.Wallonia) && built(p) },
		rows:        pebRows("pebTotal", func(e listing.Energy) float64 { return e.Total }),
		present: func(p *listing.Property) bool {
			return hasLabel(p) && p.Energy.Value != 0 && p.Energy.Total != 0
		},
	},
	{
		// No Walloon text found puts these in the advertisement (CoDT
		// D.IV.99 lists them for the deed and the notary's information), so
		// the block shows them and the report does not ask for them.
		ID: "wallonia.planning", Region: listing.Wallonia,
		Title:       "Planning destination and permits of a sale (no advertising duty found: shown when the platform has them)",
		Source:      "https://wallex.wallonie.be/eli/loi-decret/2016/07/20/2016A24193/2017/06/01",
		SourceTitle: "Code du Développement Territorial, art. D.IV.99 et D.IV.100",
		SourceDate:  "2016-07-20",
		applies:     func(p *listing.Property) bool { return in(p, listing.Wallonia) && p.Goal == listing.Sale },
		rows: func(p *listing.Property) []Row {
			var rows []Row
			if v := text(p.Legal.Planning); v != "" {
				rows = append(rows, Row{Field: "planning", Value: v})
			}
			if v := text(p.Legal.Permit); v != "" {
				rows = append(rows, Row{Field: "permit", Value: v})
			}
			return rows
		},
		present: func(p *listing.Property) bool { return text(p.Legal.Planning) != "" },
	},
	{
		ID: "wallonia.flood", Region: listing.Wallonia,
		Title:       "Flood hazard of the plot (no advertising duty: shown when the platform has it)",
		Source:      "https://inondations.wallonie.be",
		SourceTitle: "SPW : cartographie de l'aléa d'inondation",
		SourceDate:  "2021-03-04",
		applies:     func(p *listing.Property) bool { return in(p, listing.Wallonia) },
		rows: func(p *listing.Property) []Row {
			v := text(p.Legal.FloodZone)
			if v == "" {
				v = text(p.Legal.FloodRisk)
			}
			if v == "" {
				return nil
			}
			return []Row{{Field: "floodHazard", Value: v}}
		},
		present: func(*listing.Property) bool { return true },
	},
	{
		ID: "brussels.peb", Region: listing.Brussels, Mandatory: true,
		Title:       "PEB class, primary energy per m² and CO2 emissions per m² in every sale or rental advertisement",
		Source:      "http://www.environnement.brussels/thematiques/batiment/la-peb/le-certificat-peb/vous-voulez-vendre-ou-louer-votre-bien",
		SourceTitle: "AGRBC 17 février 2011, art. 6 (logements), repris dans le COBRACE (ordonnance 2 mai 2013); Bruxelles Environnement",
		SourceDate:  "2011-02-17",
		applies:     func(p *listing.Property) bool { return in(p, listing.Brussels) && built(p) },
		rows:        pebRows("co2", func(e listing.Energy) float64 { return e.CO2 }),
		present: func(p *listing.Property) bool {
			return hasLabel(p) && p.Energy.Value != 0 && p.Energy.CO2 != 0
		},
	},
	{
		ID: "luxembourg.passport", Region: listing.Luxembourg, Mandatory: true,
		Title:       "Energy efficiency class and thermal insulation class of the energy passport in every advertisement",
		Source:      "http://data.legilux.public.lu/file/eli-etat-leg-rgd-2021-06-09-a439-jo-fr-html.html",
		SourceTitle: "Règlement grand-ducal 9 juin 2021 concernant la performance énergétique des bâtiments (remplace celui du 30 novembre 2007)",
		SourceDate:  "2021-06-09",
		applies:     func(p *listing.Property) bool { return in(p, listing.Luxembourg) && built(p) },
		rows: func(p *listing.Property) []Row {
			e, i := listing.PassportClasses(p.Energy.LabelText)
			var rows []Row
			if e != "" {
				rows = append(rows, Row{Field: "energyClass", Value: e})
			}
			if i != "" {
				rows = append(rows, Row{Field: "insulationClass", Value: i})
			}
			return rows
		},
		present: func(p *listing.Property) bool {
			e, i := listing.PassportClasses(p.Energy.LabelText)
			return e != "" && i != ""
		},
	},
	rentRule("flanders.rent", listing.Flanders, "https://www.oostkamp.be/product/3640/reglement-bekendmaken-huurprijzen",
		"Vlaams Woninghuurdecreet 9 november 2018, art. 4", "2018-11-09"),
	rentRule("wallonia.rent", listing.Wallonia, "https://wallex.wallonie.be/eli/loi-decret/2018/03/15/2018201634",
		"Décret 15 mars 2018 relatif au bail d'habitation, art. 4", "2018-03-15"),
	rentRule("brussels.rent", listing.Brussels, "https://logement.brussels/louer/bail",
		"Code bruxellois du Logement, art. 217", "2017-07-27"),
	rentRule("luxembourg.rent", listing.Luxembourg, "https://legilux.public.lu/eli/etat/leg/loi/2006/09/21/n2/jo",
		"Loi 21 septembre 2006 sur le bail à usage d'habitation, réforme en vigueur le 1er août 2024", "2024-08-01"),
	{
		ID: "newbuild.price", Mandatory: true,
		Title:       "A new build's price says whether VAT or registration duties are included",
		Source:      "https://economie.fgov.be/fr/themes/protection-des-consommateurs/indication-des-prix",
		SourceTitle: "Code de droit économique, art. VI.4 (prix total, taxes comprises); loi Breyne",
		SourceDate:  "2013-12-21",
		applies:     func(p *listing.Property) bool { return p.Goal == listing.Sale && newBuild(p) },
		rows:        func(*listing.Property) []Row { return nil },
		present: func(p *listing.Property) bool {
			return p.Costs.VATRegime || text(p.Costs.RegistrationType) != ""
		},
	},
}

func flemishPlanning(id, field, title string, get func(*listing.Property) string, codes []codeInfo) Rule {
	return Rule{
		ID: id, Region: listing.Flanders, Mandatory: true, Title: title,
		Source:      "https://www.era.be/nl/legende",
		SourceTitle: "Vlaamse Codex Ruimtelijke Ordening, art. 5.2.1 (decreet 27 maart 2009); standaardafkortingen van de sector",
		SourceDate:  "2009-03-27",
		applies:     func(p *listing.Property) bool { return in(p, listing.Flanders) && p.Goal == listing.Sale },
		rows: func(p *listing.Property) []Row {
			v := text(get(p))
			if v == "" {
				return nil
			}
			return []Row{{Field: field, Value: v, Code: recognise(v, codes)}}
		},
		present: func(p *listing.Property) bool { return text(get(p)) != "" },
	}
}

func rentRule(id string, region listing.Region, source, title, date string) Rule {
	return Rule{
		ID: id, Region: region, Mandatory: true,
		Title:  "A rental advertisement states the rent and the common charges",
		Source: source, SourceTitle: title, SourceDate: date,
		// The housing-lease laws concern dwellings: a garage box or a
		// plot let on its own is not one.
		applies: func(p *listing.Property) bool { return in(p, region) && p.Goal == listing.Rent && built(p) },
		rows:    func(*listing.Property) []Row { return nil },
		present: func(p *listing.Property) bool {
			return p.Price.Published && p.Price.Amount > 0 && p.Costs.ChargesRenter > 0
		},
	}
}

// pebRows are a Belgian PEB block: the class, the primary energy per m² and
// the region's third figure (Wallonia's total, Brussels' CO2).
func pebRows(third string, figure func(listing.Energy) float64) func(*listing.Property) []Row {
	return func(p *listing.Property) []Row {
		rows := labelRow(p, "pebClass")
		if p.Energy.Value != 0 {
			rows = append(rows, Row{Field: "pebPrimary", Number: p.Energy.Value})
		}
		if v := figure(p.Energy); v != 0 {
			rows = append(rows, Row{Field: third, Number: v})
		}
		return rows
	}
}
