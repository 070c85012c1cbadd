package config

import (
	"net/url"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// Supervisor is the authority that supervises the agency's profession,
// named with its address as the law asks it to be written.
type Supervisor struct {
	Name    Text `mapstructure:"name" json:"name"`
	Address Text `mapstructure:"address" json:"address"`
}

// Insurer is who covers the agency's professional liability and surety,
// and the policy's number.
type Insurer struct {
	Name   string `mapstructure:"name" json:"name"`
	Policy string `mapstructure:"policy" json:"policy"`
}

// demoMentions are the bundled demo agency's mentions, which the demo
// fills in where its config leaves them out. The supervisor, the insurer,
// its policy and the code's address are the real ones every BIV/IPI agent
// states (www.biv.be, "Wat je op je website moet en mag vermelden" and
// "De BIV-verzekering uitgelegd"); the numbers of the agency are fictional.
func demoMentions() Agency {
	return Agency{
		IPI: "512.345",
		IPITitle: Text{
			"nl": "Erkend vastgoedmakelaar-bemiddelaar en vastgoedmakelaar-syndicus",
			"fr": "Agent immobilier intermédiaire et syndic agréé",
			"en": "Licensed real estate agent (intermediary and syndic)",
			"de": "Zugelassener Immobilienmakler (Vermittler und Syndikus)",
		},
		CompanyNumber: "0712.345.678",
		Supervisor: Supervisor{
			Name: Text{
				"nl": "Beroepsinstituut van Vastgoedmakelaars (BIV)",
				"fr": "Institut professionnel des agents immobiliers (IPI)",
				"en": "Professional Institute of Real Estate Agents (IPI/BIV)",
				"de": "Berufsinstitut der Immobilienmakler (IPI/BIV)",
			},
			Address: Text{
				"nl": "Luxemburgstraat 16B, 1000 Brussel",
				"fr": "rue du Luxembourg 16B, 1000 Bruxelles",
				"en": "Rue du Luxembourg 16B, 1000 Brussels",
				"de": "Rue du Luxembourg 16B, 1000 Brüssel",
			},
		},
		Insurer: Insurer{Name: "AXA Belgium", Policy: "730.390.160"},
		DeontologyURL: Text{
			"nl": "https://www.biv.be/plichtenleer",
			"fr": "https://www.ipi.be/",
			"en": "https://www.ipi.be/",
			"de": "https://www.ipi.be/",
		},
	}
}

// agencyMentions checks what the law makes an agency state on its website
// (Code of Economic Law art. XII.6 §1 and art. III.74, BIV/IPI deontology
// code of 29 June 2018 art. 20): the BIV/IPI number with the professional
// title, the company number, the supervising authority, the insurer of the
// professional liability with the policy's number and a link to the
// deontology code. The VAT number is stated when the agency has one (an
// exempt agency has none). A site that publishes no page (no routes) shows
// no mention and needs none. The demo fills in what its config leaves out
// with the demo agency's values, so a trimmed demo config still starts.
func (p *parser) agencyMentions(a *Agency, langs []listing.Lang, demo, publishes bool) {
	if demo {
		fillMentions(a, demoMentions())
	}
	if !publishes {
		return
	}
	const key = "site.agency"
	required := func(k, v, why string) {
		if strings.TrimSpace(v) == "" {
			p.fail(key+"."+k, "required (BIV/IPI: %s)", why)
		}
	}
	text := func(k string, t Text, why string) {
		for _, l := range langs {
			required(k+"."+string(l), t.Get(l), why)
		}
	}
	required("ipi", a.IPI, "the BIV/IPI number must be stated")
	text("ipi_title", a.IPITitle, "the professional title must be stated with the BIV/IPI number")
	required("company_number", a.CompanyNumber, "the KBO/BCE company number must be stated")
	if a.CompanyNumber != "" && !companyNumber(a.CompanyNumber) {
		p.fail(key+".company_number", "%q is not a KBO/BCE number like 0712.345.678 (10 digits starting with 0 or 1)", a.CompanyNumber)
	}
	text("supervisor.name", a.Supervisor.Name, "the supervising authority must be stated")
	text("supervisor.address", a.Supervisor.Address, "the supervising authority's address must be stated")
	required("insurer.name", a.Insurer.Name, "professional liability insurance must be stated")
	required("insurer.policy", a.Insurer.Policy, "professional liability insurance must be stated")
	text("deontology_url", a.DeontologyURL, "the deontology code must be linked")
	for _, l := range langs {
		s := a.DeontologyURL.Get(l)
		if s == "" {
			continue
		}
		if u, err := url.Parse(s); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			p.fail(key+".deontology_url."+string(l), "%q is not an absolute http(s) URL", s)
		}
	}
}

// fillMentions gives a what it lacks of d, per language for the texts.
func fillMentions(a *Agency, d Agency) {
	str := func(v *string, d string) {
		if strings.TrimSpace(*v) == "" {
			*v = d
		}
	}
	txt := func(t *Text, d Text) {
		for l, s := range d {
			if strings.TrimSpace(t.Get(listing.Lang(l))) != "" {
				continue
			}
			if *t == nil {
				*t = Text{}
			}
			(*t)[l] = s
		}
	}
	str(&a.IPI, d.IPI)
	txt(&a.IPITitle, d.IPITitle)
	str(&a.CompanyNumber, d.CompanyNumber)
	txt(&a.Supervisor.Name, d.Supervisor.Name)
	txt(&a.Supervisor.Address, d.Supervisor.Address)
	str(&a.Insurer.Name, d.Insurer.Name)
	str(&a.Insurer.Policy, d.Insurer.Policy)
	txt(&a.DeontologyURL, d.DeontologyURL)
}

// companyNumber reports whether s has the shape of a KBO/BCE enterprise
// number: ten digits, the first 0 or 1, written with or without dots,
// spaces or a BE prefix. The check digits are the KBO's to verify.
func companyNumber(s string) bool {
	s = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(s)), "BE")
	var digits []rune
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, r)
		case r == '.' || r == ' ':
		default:
			return false
		}
	}
	return len(digits) == 10 && (digits[0] == '0' || digits[0] == '1')
}
