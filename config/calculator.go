package config

import (
	"fmt"
	"time"
)

// Calculator holds the rates of the acquisition-cost calculator on sale
// detail pages (site.calculator). Every value carries the date it applies
// from, so an editor sees what to re-check when a region changes its rules.
// The UI computes with exactly these values (ui/src/lib/api/calculatorRates.ts
// mirrors the JSON shape); without the section the calculator is not shown.
type Calculator struct {
	Registration CalculatorRegions `mapstructure:"registration" json:"registration"`
	NewBuildVAT  DatedRate         `mapstructure:"new_build_vat" json:"newBuildVat"`
	Notary       NotaryTariff      `mapstructure:"notary" json:"notary"`
	// AdminCosts are the deed's costs besides the fee, VAT included: an estimate, not a legal amount.
	AdminCosts DatedAmount `mapstructure:"admin_costs" json:"adminCosts"`
}

// CalculatorRegions are the registration duties of the three Belgian regions.
type CalculatorRegions struct {
	Flanders RegionDuties `mapstructure:"flanders" json:"flanders"`
	Wallonia RegionDuties `mapstructure:"wallonia" json:"wallonia"`
	Brussels RegionDuties `mapstructure:"brussels" json:"brussels"`
}

// RegionDuties are a region's duties for the buyer's only home and for any other purchase.
type RegionDuties struct {
	OnlyHome DutyRate `mapstructure:"only_home" json:"onlyHome"`
	Other    DutyRate `mapstructure:"other" json:"other"`
}

// DutyRate is a rate (0.02 is 2 %) with an optional abatement.
type DutyRate struct {
	Rate      float64    `mapstructure:"rate" json:"rate"`
	ValidFrom string     `mapstructure:"valid_from" json:"validFrom"`
	Abatement *Abatement `mapstructure:"abatement" json:"abatement,omitempty"`
}

// Abatement is a first slice of the price free of duty, granted when the price is at most MaxPrice.
type Abatement struct {
	Amount    float64 `mapstructure:"amount" json:"amount"`
	MaxPrice  float64 `mapstructure:"max_price" json:"maxPrice"`
	ValidFrom string  `mapstructure:"valid_from" json:"validFrom"`
}

// DatedRate is a rate with the date it applies from.
type DatedRate struct {
	Rate      float64 `mapstructure:"rate" json:"rate"`
	ValidFrom string  `mapstructure:"valid_from" json:"validFrom"`
}

// DatedAmount is an amount in euro with the date it applies from.
type DatedAmount struct {
	Amount    float64 `mapstructure:"amount" json:"amount"`
	ValidFrom string  `mapstructure:"valid_from" json:"validFrom"`
}

// NotaryTariff is the notary's sliding scale: each rate applies to the part of the price inside its bracket.
type NotaryTariff struct {
	Brackets     []NotaryBracket `mapstructure:"brackets" json:"brackets"`
	ValidFrom    string          `mapstructure:"valid_from" json:"validFrom"`
	VATRate      float64         `mapstructure:"vat_rate" json:"vatRate"`
	VATValidFrom string          `mapstructure:"vat_valid_from" json:"vatValidFrom"`
}

// NotaryBracket is one bracket; the last one has no upper edge (UpTo 0).
type NotaryBracket struct {
	UpTo float64 `mapstructure:"up_to" json:"upTo,omitempty"`
	Rate float64 `mapstructure:"rate" json:"rate"`
}

// checkCalculator rejects rates a visitor would be misled by: out of range,
// undated, or brackets that do not climb.
func (p *parser) checkCalculator(key string, c *Calculator) {
	if c == nil {
		return
	}
	rate := func(k string, r float64) {
		if r < 0 || r >= 1 {
			p.fail(k, "must be a fraction between 0 and 1 (0.02 is 2 %%), got %v", r)
		}
	}
	date := func(k, d string) {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			p.fail(k, "must be a date as YYYY-MM-DD, got %q", d)
		}
	}
	duty := func(k string, d DutyRate) {
		rate(k+".rate", d.Rate)
		date(k+".valid_from", d.ValidFrom)
		if a := d.Abatement; a != nil {
			if a.Amount <= 0 || a.MaxPrice < a.Amount {
				p.fail(k+".abatement", "needs an amount above 0 and a max_price of at least the amount, got %v and %v", a.Amount, a.MaxPrice)
			}
			date(k+".abatement.valid_from", a.ValidFrom)
		}
	}
	regions := []struct {
		name   string
		duties RegionDuties
	}{{"flanders", c.Registration.Flanders}, {"wallonia", c.Registration.Wallonia}, {"brussels", c.Registration.Brussels}}
	for _, r := range regions {
		duty(key+".registration."+r.name+".only_home", r.duties.OnlyHome)
		duty(key+".registration."+r.name+".other", r.duties.Other)
	}
	rate(key+".new_build_vat.rate", c.NewBuildVAT.Rate)
	date(key+".new_build_vat.valid_from", c.NewBuildVAT.ValidFrom)
	n := c.Notary
	if len(n.Brackets) == 0 {
		p.fail(key+".notary.brackets", "must list the tariff's brackets")
	}
	prev := 0.0
	for i, b := range n.Brackets {
		k := fmt.Sprintf("%s.notary.brackets[%d]", key, i)
		rate(k+".rate", b.Rate)
		last := i == len(n.Brackets)-1
		switch {
		case last && b.UpTo != 0:
			p.fail(k+".up_to", "the last bracket has no upper edge")
		case !last && b.UpTo <= prev:
			p.fail(k+".up_to", "must be above the previous bracket's %v, got %v", prev, b.UpTo)
		}
		prev = b.UpTo
	}
	date(key+".notary.valid_from", n.ValidFrom)
	rate(key+".notary.vat_rate", n.VATRate)
	date(key+".notary.vat_valid_from", n.VATValidFrom)
	if c.AdminCosts.Amount < 0 {
		p.fail(key+".admin_costs.amount", "must not be negative, got %v", c.AdminCosts.Amount)
	}
	date(key+".admin_costs.valid_from", c.AdminCosts.ValidFrom)
}
