package demo

import "github.com/estate-agency/estate/listing"

// mentionGap is a legal mention the agency has not filled in yet on the
// platform. The demo leaves a few out on purpose so that `estate
// compliance` has something to show; every other listing is complete.
type mentionGap int

const (
	gapNone         mentionGap = iota
	gapEnergyTotal             // a Walloon PEB without the yearly total
	gapPEBPending              // "PEB en cours": the certificate is not there yet
	gapCharges                 // a rental without its monthly charges
	gapCertCode                // a Flemish EPC without its unique code, the address hidden
	gapPassportPair            // a Luxembourg passport with one class only
)

// mentionGaps are the demo's deliberately incomplete listings and what
// each lacks; TestAgencyComplianceReport holds the report they give.
var mentionGaps = map[int]mentionGap{
	4040: gapEnergyTotal,
	4048: gapPEBPending,
	4104: gapCharges,
	4113: gapCertCode,
	4115: gapPassportPair,
}

// pebPending is the label text of a certificate being made. The law
// forbids it in an advertisement; agencies still type it.
var pebPending = text{"EPB in aanvraag", "PEB en cours", "EPC pending", "Energieausweis beantragt"}

// Flemish listings state the five planning mentions in the sector's
// standard wording, negative answers included.
var (
	flemishPermit   = text{"Stedenbouwkundige vergunning uitgereikt", "Permis d'urbanisme délivré", "Planning permission granted", ""}
	flemishSummons  = text{"Gmo: geen rechterlijke herstelmaatregel of bestuurlijke maatregel opgelegd", "Gmo\u202f: aucune mesure de réparation judiciaire ou administrative imposée", "No court or administrative measure imposed", ""}
	flemishAsbestos = text{"Asbestattest: asbestveilig", "Attestation amiante\u00a0: sans risque", "Asbestos certificate: asbestos-safe", ""}
)

// completeMentions gives a listing the values its region's mentions ask
// for, after derive and without drawing from its generator, so no other
// value of the listing moves: charges on every rented dwelling (flats and
// garages got theirs in derive), both classes of a Luxembourg passport,
// then the listing's deliberate gap.
func (p *prop) completeMentions() {
	gap := mentionGaps[p.id]
	if p.goal != 0 && p.kind.built() && p.charges == 0 && p.kind != kGarage {
		// A house's share of common costs: water meter, boiler servicing,
		// chimney sweep; a shop's also covers the building's insurance.
		p.charges = 25 + 5*(p.id%6)
		if p.kind == kShop {
			p.charges = 150
		}
	}
	if p.region == listing.Luxembourg && p.epcText != "" {
		p.epcText += "/" + insulationClass(p.epcText, p.id)
	}
	switch gap {
	case gapEnergyTotal:
		p.noEnergyTotal = true
	case gapPEBPending:
		p.epc, p.epcText, p.certNo, p.pebPending = 0, "", "", true
	case gapCharges:
		p.charges = 0
	case gapCertCode:
		p.certNo = ""
	case gapPassportPair:
		p.epcText = epcLabelText(p.region, float64(p.epc))
	}
}

// insulationClass is the passport's thermal insulation class beside an
// efficiency class: the same or one worse, as for most houses.
func insulationClass(efficiency string, id int) string {
	c := efficiency[0] + byte(id%2)
	if c > 'I' {
		c = 'I'
	}
	return string(c)
}
