package listing

import (
	"math"
	"testing"
)

func TestFormatEuro(t *testing.T) {
	tests := []struct {
		name   string
		amount float64
		lang   Lang
		want   string
	}{
		{"nl whole", 250000, NL, "€ 250.000"},
		{"nl cents", 1250.5, NL, "€ 1.250,50"},
		{"nl millions", 1250000, NL, "€ 1.250.000"},
		{"nl below thousand", 950, NL, "€ 950"},
		{"nl one cent", 0.01, NL, "€ 0,01"},
		{"fr whole", 250000, FR, "250\u202f000\u00a0€"},
		{"fr cents", 1250.5, FR, "1\u202f250,50\u00a0€"},
		{"en whole", 250000, EN, "€250,000"},
		{"en cents", 1250.5, EN, "€1,250.50"},
		{"de whole", 250000, DE, "250.000\u00a0€"},
		{"de cents", 1250.05, DE, "1.250,05\u00a0€"},
		{"unknown language is nl", 250000, Lang("xx"), "€ 250.000"},
		{"rounded to cents", 999.999, NL, "€ 1.000"},
		{"zero", 0, NL, "€ 0"},
		{"negative", -1500, NL, "-€ 1.500"},
		{"nan", math.NaN(), NL, ""},
		{"infinity", math.Inf(1), NL, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatEuro(tt.amount, tt.lang); got != tt.want {
				t.Errorf("FormatEuro(%v, %q) = %q, want %q", tt.amount, tt.lang, got, tt.want)
			}
		})
	}
}

func TestPriceText(t *testing.T) {
	published := func(amount float64) Price { return Price{Amount: amount, Published: true} }
	from := func(amount float64) Price {
		return Price{Amount: amount, Published: true, Unit: PriceUnitStartingFrom}
	}
	tests := []struct {
		name  string
		price Price
		goal  Goal
		lang  Lang
		want  string
	}{
		{"nl sale", published(250000), Sale, NL, "€ 250.000"},
		{"fr sale", published(250000), Sale, FR, "250\u202f000\u00a0€"},
		{"en sale", published(250000), Sale, EN, "€250,000"},
		{"de sale", published(250000), Sale, DE, "250.000\u00a0€"},
		{"nl rent", published(850), Rent, NL, "€ 850 / maand"},
		{"fr rent", published(850), Rent, FR, "850\u00a0€ / mois"},
		{"en rent", published(850), Rent, EN, "€850 / month"},
		{"de rent", published(850), Rent, DE, "850\u00a0€ / Monat"},
		{"nl starting from", from(199000), Sale, NL, "Vanaf € 199.000"},
		{"fr starting from", from(199000), Sale, FR, "À partir de 199\u202f000\u00a0€"},
		{"en starting from", from(199000), Sale, EN, "From €199,000"},
		{"de starting from", from(199000), Sale, DE, "Ab 199.000\u00a0€"},
		{"starting from rent", from(700), Rent, NL, "Vanaf € 700 / maand"},
		{"other unit is plain", Price{Amount: 1000, Published: true, Unit: 1}, Sale, NL, "€ 1.000"},
		{"nl on request", Price{Amount: 250000}, Sale, NL, "Prijs op aanvraag"},
		{"fr on request", Price{Amount: 250000}, Sale, FR, "Prix sur demande"},
		{"en on request", Price{}, Rent, EN, "Price on request"},
		{"de on request", Price{}, Sale, DE, "Preis auf Anfrage"},
		{"published zero is on request", published(0), Sale, FR, "Prix sur demande"},
		{"published negative is on request", published(-5), Sale, NL, "Prijs op aanvraag"},
		{"published nan is on request", published(math.NaN()), Sale, EN, "Price on request"},
		{"unknown language is nl", published(850), Rent, Lang(""), "€ 850 / maand"},
		{"unknown language on request is nl", Price{}, Sale, Lang("es"), "Prijs op aanvraag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PriceText(tt.price, tt.goal, tt.lang); got != tt.want {
				t.Errorf("PriceText(%+v, %q, %q) = %q, want %q", tt.price, tt.goal, tt.lang, got, tt.want)
			}
		})
	}
}

func TestNextPreviousPrice(t *testing.T) {
	sale := func(amount float64, badge Badge, previous float64) Property {
		return Property{Goal: Sale, Badge: badge, Price: Price{Amount: amount, Published: true}, PreviousPrice: previous}
	}
	const reduced = BadgePriceDrop
	onRequest := sale(180000, reduced, 0)
	onRequest.Price.Published = false
	rent := sale(180000, reduced, 0)
	rent.Goal = Rent
	from := sale(180000, reduced, 0)
	from.Price.Unit = PriceUnitStartingFrom
	tests := []struct {
		name     string
		was, now Property
		want     float64
	}{
		{"a drop remembers the price it dropped from", sale(200000, BadgeNone, 0), sale(180000, reduced, 0), 200000},
		{"a second drop remembers the last price", sale(190000, reduced, 200000), sale(180000, reduced, 0), 190000},
		{"an unchanged price keeps what was remembered", sale(180000, reduced, 200000), sale(180000, reduced, 0), 200000},
		{"a rise forgets it", sale(180000, reduced, 200000), sale(185000, reduced, 0), 0},
		{"the banner going away forgets it", sale(180000, reduced, 200000), sale(180000, BadgeNone, 0), 0},
		{"a price on request forgets it", sale(180000, reduced, 200000), onRequest, 0},
		{"a price that was on request is no published drop", onRequest, sale(170000, reduced, 0), 0},
		{"a sale becoming a rental forgets it", sale(200000, reduced, 0), rent, 0},
		{"a 'from' price is another kind of price", sale(200000, reduced, 0), from, 0},
		{"a drop before the banner is set is remembered", sale(200000, BadgeNone, 0), sale(180000, BadgeNew, 0), 200000},
	}
	for _, tt := range tests {
		if got := NextPreviousPrice(tt.was, tt.now); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestPreviousPriceShown(t *testing.T) {
	p := Property{Goal: Sale, Badge: BadgePriceDrop, Price: Price{Amount: 180000, Published: true}, PreviousPrice: 200000}
	if got := PreviousPriceShown(p); got != 200000 {
		t.Errorf("price reduced: %v", got)
	}
	notReduced := p
	notReduced.Badge = BadgeNew
	lower := p
	lower.PreviousPrice = 170000
	hidden := p
	hidden.Price.Published = false
	for name, q := range map[string]Property{"another banner": notReduced, "not higher": lower, "price on request": hidden} {
		if got := PreviousPriceShown(q); got != 0 {
			t.Errorf("%s: %v, want 0", name, got)
		}
	}
}
