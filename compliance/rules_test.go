package compliance

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
)

func base(region listing.Region, goal listing.Goal) listing.Property {
	zip, country := map[listing.Region]string{
		listing.Flanders: "1640", listing.Wallonia: "6830", listing.Brussels: "1050", listing.Luxembourg: "L-9530",
	}[region], listing.CountryBelgium
	if region == listing.Luxembourg {
		country = listing.CountryLuxembourg
	}
	return listing.Property{
		ID: 1, Lang: listing.NL, Goal: goal, WebID: 8, Type: "Woning", MainType: "Villa/Huis/Hoeve",
		Address: listing.Address{Zip: zip, CountryID: country},
		Energy:  listing.Energy{Region: region},
		Price:   listing.Price{Amount: 1000, Published: true},
	}
}

// complete is a property carrying every mention of its region.
func complete(region listing.Region, goal listing.Goal) listing.Property {
	p := base(region, goal)
	d := time.Date(2024, 3, 12, 0, 0, 0, 0, time.UTC)
	p.Energy.Value, p.Energy.Total, p.Energy.CO2 = 245, 30000, 40
	p.Energy.LabelText, p.Energy.Label, p.Energy.CertNumber = "C", "c", "20240315-0001234-01"
	p.Layout.ConstructionYear = 1978
	p.Legal = listing.Legal{
		Permit: "Vg", Planning: "Wg: woongebied", Summons: "GDv", PreemptiveRights: "GVkr", AllotmentPermit: "GVv",
		PScore: "A", GScore: "B", AsbestosType: "Asbestattest: asbestveilig", AsbestosDate: &d, FloodZone: "Niet in overstromingsgebied",
	}
	p.Costs.ChargesRenter = 50
	p.Costs.RegistrationType = "Registratierechten"
	if region == listing.Luxembourg {
		p.Energy.LabelText = "C/D"
	}
	return p
}

func TestRules(t *testing.T) {
	type tc struct {
		name string
		rule string
		prop func() listing.Property
		miss bool
	}
	cases := []tc{
		{"flemish epc complete", "flanders.epc", func() listing.Property { return complete(listing.Flanders, listing.Sale) }, false},
		{"flemish epc without code", "flanders.epc", func() listing.Property {
			p := complete(listing.Flanders, listing.Rent)
			p.Energy.CertNumber = ""
			return p
		}, true},
		{"flemish epc without code beside the published address", "flanders.epc", func() listing.Property {
			p := complete(listing.Flanders, listing.Rent)
			p.Energy.CertNumber = ""
			p.Address.Street, p.Address.Published = "Kerkstraat", true
			return p
		}, false},
		{"flemish epc without a label", "flanders.epc", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Energy.LabelText, p.Energy.Label = "", ""
			return p
		}, false},
		{"flemish epc pending", "flanders.epc", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Energy.LabelText, p.Energy.Value = "In aanvraag", 0
			return p
		}, true},
		{"flemish permit missing", "flanders.permit", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.Permit = " "
			return p
		}, true},
		{"flemish planning missing", "flanders.planning", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.Planning = ""
			return p
		}, true},
		{"flemish summons missing", "flanders.summons", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.Summons = ""
			return p
		}, true},
		{"flemish preemption missing", "flanders.preemption", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.PreemptiveRights = ""
			return p
		}, true},
		{"flemish subdivision missing", "flanders.subdivision", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.AllotmentPermit = ""
			return p
		}, true},
		{"flemish flood without g-score on built", "flanders.flood", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.GScore = ""
			return p
		}, true},
		{"flemish flood land needs p-score only", "flanders.flood", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.WebID, p.Legal.GScore = webIDLand, ""
			return p
		}, false},
		{"flemish asbestos is never reported", "flanders.asbestos", func() listing.Property {
			p := complete(listing.Flanders, listing.Sale)
			p.Legal.AsbestosType = ""
			return p
		}, false},
		{"walloon peb without total", "wallonia.peb", func() listing.Property {
			p := complete(listing.Wallonia, listing.Sale)
			p.Energy.Total = 0
			return p
		}, true},
		{"walloon peb en cours", "wallonia.peb", func() listing.Property {
			p := complete(listing.Wallonia, listing.Sale)
			p.Energy.LabelText, p.Energy.Value = "PEB en cours", 0
			return p
		}, true},
		{"walloon peb garage", "wallonia.peb", func() listing.Property {
			p := base(listing.Wallonia, listing.Sale)
			p.WebID = webIDGarage
			return p
		}, false},
		{"walloon planning is not asked of the advertisement", "wallonia.planning", func() listing.Property {
			p := complete(listing.Wallonia, listing.Sale)
			p.Legal.Planning = ""
			return p
		}, false},
		{"walloon flood is optional", "wallonia.flood", func() listing.Property { return base(listing.Wallonia, listing.Sale) }, false},
		{"brussels peb without co2", "brussels.peb", func() listing.Property {
			p := complete(listing.Brussels, listing.Sale)
			p.Energy.CO2 = 0
			return p
		}, true},
		{"luxembourg one class", "luxembourg.passport", func() listing.Property {
			p := complete(listing.Luxembourg, listing.Rent)
			p.Energy.LabelText = "D"
			return p
		}, true},
		{"luxembourg two classes", "luxembourg.passport", func() listing.Property { return complete(listing.Luxembourg, listing.Sale) }, false},
		{"flemish rent without charges", "flanders.rent", func() listing.Property {
			p := complete(listing.Flanders, listing.Rent)
			p.Costs.ChargesRenter = 0
			return p
		}, true},
		{"walloon rent without charges", "wallonia.rent", func() listing.Property {
			p := complete(listing.Wallonia, listing.Rent)
			p.Costs.ChargesRenter = 0
			return p
		}, true},
		{"brussels rent on request", "brussels.rent", func() listing.Property {
			p := complete(listing.Brussels, listing.Rent)
			p.Price.Published = false
			return p
		}, true},
		{"luxembourg rent complete", "luxembourg.rent", func() listing.Property { return complete(listing.Luxembourg, listing.Rent) }, false},
		{"new build regime unknown", "newbuild.price", func() listing.Property {
			p := complete(listing.Wallonia, listing.Sale)
			p.ProjectID, p.Costs.RegistrationType = 7, ""
			return p
		}, true},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.rule] = true
		t.Run(c.name, func(t *testing.T) {
			p := c.prop()
			got := false
			for _, m := range Check(&p) {
				if m.Rule.ID == c.rule {
					got = true
				}
			}
			if got != c.miss {
				t.Errorf("%s missed = %v, want %v (misses %v)", c.rule, got, c.miss, Check(&p))
			}
		})
	}
	for _, r := range Rules {
		if !covered[r.ID] {
			t.Errorf("rule %s has no test case", r.ID)
		}
		if r.Source == "" || r.SourceTitle == "" || r.Title == "" {
			t.Errorf("rule %s lacks its title or source", r.ID)
		}
		if _, err := time.Parse(time.DateOnly, r.SourceDate); err != nil {
			t.Errorf("rule %s: source date %q: %v", r.ID, r.SourceDate, err)
		}
	}
}

func TestCompleteRegionsMissNothing(t *testing.T) {
	for _, r := range []listing.Region{listing.Flanders, listing.Wallonia, listing.Brussels, listing.Luxembourg} {
		for _, g := range []listing.Goal{listing.Sale, listing.Rent} {
			p := complete(r, g)
			if m := Check(&p); len(m) != 0 {
				t.Errorf("%s %s misses %v", r, g, m)
			}
		}
	}
}

func TestCode(t *testing.T) {
	cases := []struct{ rule, text, want string }{
		{"flanders.permit", "GVg", "GVg"},
		{"flanders.permit", "vg", "Vg"},
		{"flanders.permit", "Vergunning uitgereikt", "Vg"},
		{"flanders.permit", "Permis délivré", "Vg"},
		{"flanders.planning", "Wg: woongebied", "Wg"},
		{"flanders.planning", "Wg : zone d'habitat", "Wg"},
		{"flanders.planning", "WgLk – landelijk", "WgLk"},
		{"flanders.planning", "Woongebied", "Wg"},
		{"flanders.summons", "GDv (geen dagvaarding)", "GDv"},
		{"flanders.summons", "Gmo\u202f: aucune mesure imposée", "Gmo"},
		{"flanders.preemption", "gvkr", "GVkr"},
		{"flanders.subdivision", "GVv-geen", "GVv"},
		{"flanders.subdivision", "Wg", ""},
		{"flanders.planning", "Wgx", ""},
		{"flanders.permit", "", ""},
	}
	for _, c := range cases {
		t.Run(c.rule+" "+c.text, func(t *testing.T) {
			if got := Code(c.rule, c.text); got != c.want {
				t.Errorf("Code(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

func TestBlockOf(t *testing.T) {
	p := complete(listing.Flanders, listing.Sale)
	b := BlockOf(&p, Options{})
	raw, _ := json.Marshal(b)
	want := `{"region":"flanders","rows":[{"rule":"flanders.epc","field":"epcValue","number":245},{"rule":"flanders.epc","field":"epcLabel","value":"C","label":"c"},{"rule":"flanders.epc","field":"epcCode","value":"20240315-0001234-01"},{"rule":"flanders.permit","field":"permit","value":"Vg","code":"Vg"},{"rule":"flanders.planning","field":"planning","value":"Wg: woongebied","code":"Wg"},{"rule":"flanders.summons","field":"summons","value":"GDv","code":"GDv"},{"rule":"flanders.preemption","field":"preemption","value":"GVkr","code":"GVkr"},{"rule":"flanders.subdivision","field":"subdivision","value":"GVv","code":"GVv"},{"rule":"flanders.flood","field":"pScore","value":"A"},{"rule":"flanders.flood","field":"gScore","value":"B"},{"rule":"flanders.flood","field":"floodZone","value":"Niet in overstromingsgebied"},{"rule":"flanders.asbestos","field":"asbestos","value":"Asbestattest: asbestveilig","date":"12/3/2024"}],"priceNote":""}`
	if string(raw) != want {
		t.Errorf("block\n got %s\nwant %s", raw, want)
	}
	p.Legal.AsbestosType = ""
	p.Costs.VATRegime = true
	b = BlockOf(&p, Options{NewBuildPricesIncludeVAT: true})
	if last := b.Rows[len(b.Rows)-1]; !last.NotCommunicated || b.PriceNote != PriceNoteVATIncluded {
		t.Errorf("asbestos row %+v, price note %q", last, b.PriceNote)
	}
	w := complete(listing.Wallonia, listing.Sale)
	w.ProjectID = 3
	if b := BlockOf(&w, Options{}); b.PriceNote != PriceNoteRegistrationExcluded {
		t.Errorf("walloon new build price note %q", b.PriceNote)
	}
	w.Energy.LabelText = "PEB en cours"
	for _, r := range BlockOf(&w, Options{}).Rows {
		if r.Field == "pebClass" {
			t.Errorf("pending label shown: %+v", r)
		}
	}
	o := base(listing.OtherLand, listing.Sale)
	if BlockOf(&o, Options{}) != nil {
		t.Error("a property abroad got a block")
	}
}

func TestReport(t *testing.T) {
	nl := complete(listing.Wallonia, listing.Rent)
	nl.ID = 4104
	fr := nl
	fr.Lang = listing.FR
	nl.Costs.ChargesRenter, fr.Costs.ChargesRenter = 0, 0
	ok := complete(listing.Flanders, listing.Sale)
	got := Report([]listing.Property{fr, nl, ok})
	if len(got) != 1 || got[0].ID != 4104 || got[0].Rule != "wallonia.rent" || len(got[0].Languages) != 2 || got[0].Languages[0] != listing.FR {
		t.Errorf("report %+v", got)
	}
}
