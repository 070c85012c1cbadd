package site

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
)

func detailFixture() listing.Property {
	created := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	asbestos := time.Date(2025, 11, 30, 0, 0, 0, 0, time.UTC)
	return listing.Property{
		ID: 4100, Lang: listing.NL, Goal: listing.Sale, Title: "Woning", Type: "Woning", TypeID: 1,
		Status: listing.Available,
		Address: listing.Address{
			Street: "Kerkstraat", HouseNumber: "12", Box: "3", Zip: "3500", City: "Hasselt", CountryID: listing.CountryBelgium, Published: true,
		},
		Geo:    &listing.Geo{Lat: 50.930512, Lng: 5.337834},
		Price:  listing.Price{Amount: 325000, Published: true},
		Energy: listing.Energy{Value: 450},
		Legal:  listing.Legal{AsbestosDate: &asbestos, FloodZone: "no"},
		Flags:  listing.Flags{Garden: true, Lift: true},
		Media: listing.Media{
			Pictures: []listing.Picture{{Image: listing.Image{URL: "/p/1/1600.jpg", Width: 1600, Height: 1067}, Alt: "Gevel",
				Variants: []listing.Image{{URL: "/p/1/400.jpg", Width: 400, Height: 267}, {URL: "/p/1/1360.jpg", Width: 1360, Height: 907}}}},
			Videos: []listing.Video{
				{Kind: listing.VideoYouTube, URL: "https://youtu.be/aqz-KE-bpKQ", ID: "aqz-KE-bpKQ"},
				{Kind: listing.VideoVimeo, URL: "https://vimeo.com/76979871", ID: "76979871"},
				{Kind: listing.VideoFacebook, URL: "https://www.facebook.com/agency/videos/123/"},
				{Kind: listing.VideoFile, URL: "https://cdn.example/tour.mp4"},
				{Kind: listing.VirtualTour, URL: "https://my.matterport.com/show/?m=X8q"},
			},
		},
		Agent:   &listing.Agent{Name: "Sophie", Phone: "+32 475 12 34 56"},
		Body:    "<p><strong>Ruime woning</strong></p><p>Lichtrijk.<br>Met tuin.</p>",
		Created: created, Changed: created,
	}
}

func TestNewPropertyViewPublished(t *testing.T) {
	v := NewPropertyView(detailFixture(), listing.NL)
	if v.Address.Street != "Kerkstraat" || v.Address.HouseNumber != "12" || v.Address.Box != "3" || v.Address.Formatted != "Kerkstraat 12/3, 3500 Hasselt" {
		t.Errorf("address %+v", v.Address)
	}
	if v.Geo == nil || v.Geo.Approximate || v.Geo.Lat != 50.930512 {
		t.Errorf("geo %+v", v.Geo)
	}
	if v.Price.Amount == nil || *v.Price.Amount != 325000 || v.PriceText != v.Price.Text || v.PriceText == "" {
		t.Errorf("price %+v %q", v.Price, v.PriceText)
	}
	e := v.Energy
	if e.Region != listing.Flanders || e.Label != "e" || e.ImagePath != "/images/epc/flanders/e.png" || !e.RenovationNotice {
		t.Errorf("energy %+v", e)
	}
	if v.Legal.AsbestosDate != "30/11/2025" || v.CreatedAt != "5/1/2026" || v.AvailableFrom != "" {
		t.Errorf("dates %q %q %q", v.Legal.AsbestosDate, v.CreatedAt, v.AvailableFrom)
	}
	if !slices.Equal(v.Features, []string{"lift", "garden"}) {
		t.Errorf("features %v", v.Features)
	}
	if !slices.Equal(v.Paragraphs, []string{"Ruime woning", "Lichtrijk.", "Met tuin."}) {
		t.Errorf("paragraphs %q", v.Paragraphs)
	}
	if v.Agent == nil || v.Agent.Phone != "0475 12 34 56" || v.Agent.PhoneHref != "tel:+32475123456" {
		t.Errorf("agent %+v", v.Agent)
	}
	wantEmbeds := []string{
		"https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
		"https://player.vimeo.com/video/76979871?dnt=1",
		"https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fagency%2Fvideos%2F123%2F",
		"https://cdn.example/tour.mp4",
		"https://my.matterport.com/show/?m=X8q",
	}
	var embeds []string
	for _, vid := range v.Videos {
		embeds = append(embeds, vid.EmbedURL)
	}
	if !slices.Equal(embeds, wantEmbeds) {
		t.Errorf("embeds\n%q\nwant\n%q", embeds, wantEmbeds)
	}
	if len(v.Photos) != 1 || len(v.Photos[0].Variants) != 2 || v.Photo == nil || v.Photo.Src != "/p/1/1600.jpg" {
		t.Errorf("photos %+v %+v", v.Photos, v.Photo)
	}
}

// What the owner keeps private is absent from the view, so from the JSON.
func TestNewPropertyViewPrivate(t *testing.T) {
	p := detailFixture()
	p.Address.Published = false
	p.Price.Published = false
	v := NewPropertyView(p, listing.FR)
	if v.Address.Street != "" || v.Address.HouseNumber != "" || v.Address.Box != "" || v.Address.Formatted != "3500 Hasselt" {
		t.Errorf("address %+v", v.Address)
	}
	if v.Geo == nil || !v.Geo.Approximate || v.Geo.Lat != 50.93 || v.Geo.Lng != 5.34 {
		t.Errorf("geo %+v", v.Geo)
	}
	if v.Price.Amount != nil || v.Price.Published || v.PriceText != listing.PriceText(p.Price, p.Goal, listing.FR) {
		t.Errorf("price %+v %q", v.Price, v.PriceText)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"Kerkstraat", "50.930512", "5.337834", "325000"} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the view's JSON holds %q", secret)
		}
	}
}

// A price on request must not be computable from what is shown: the notary
// fee follows a legal scale of the price, a VAT amount is a share of it, a
// rental's deposit and total cost are multiples of the rent. Costs that do
// not follow the price (charges, cadastral income) stay.
func TestNewPropertyViewHiddenPriceHidesWhatRevealsIt(t *testing.T) {
	costs := listing.Costs{
		NotaryFee: 4321, NotaryFeeVAT: 907.41, VATValue: 68250, TotalCost: 1085, Deposit: 2850,
		ChargesOwner: 55, ChargesRenter: 110, RealEstateTax: 1234, RegistrationType: "12,5%",
	}
	for _, goal := range []listing.Goal{listing.Sale, listing.Rent} {
		p := detailFixture()
		p.Goal, p.Costs, p.Price.Published = goal, costs, false
		v := NewPropertyView(p, listing.NL)
		want := listing.Costs{ChargesOwner: 55, ChargesRenter: 110, RealEstateTax: 1234, RegistrationType: "12,5%"}
		if v.Costs != want {
			t.Errorf("%s on request: costs %+v, want %+v", goal, v.Costs, want)
		}
		p.Price.Published = true
		if v := NewPropertyView(p, listing.NL); v.Costs != costs {
			t.Errorf("%s published: costs %+v, want them all", goal, v.Costs)
		}
	}
}

// The notice follows listing.RenovationObligation, with the region taken
// from the postcode: a Flemish rule, never shown in Wallonia, Brussels or
// Luxembourg (this test once expected it there).
func TestRenovationNotice(t *testing.T) {
	tests := []struct {
		name      string
		goal      listing.Goal
		countryID int
		zip       string
		label     string
		notice    bool
	}{
		{"flanders e", listing.Sale, listing.CountryBelgium, "3500", "e", true},
		{"flanders f", listing.Sale, listing.CountryBelgium, "9000", "f", true},
		{"flanders d", listing.Sale, listing.CountryBelgium, "3500", "d", false},
		{"wallonia e", listing.Sale, listing.CountryBelgium, "6800", "e", false},
		{"wallonia f", listing.Sale, listing.CountryBelgium, "6800", "f", false},
		{"walloon brabant e", listing.Sale, listing.CountryBelgium, "1300", "e", false},
		{"brussels e_plus", listing.Sale, listing.CountryBelgium, "1000", "e_plus", false},
		{"brussels f_sub", listing.Sale, listing.CountryBelgium, "1000", "f_sub", false},
		{"luxembourg e", listing.Sale, listing.CountryLuxembourg, "L-1234", "e", false},
		{"flanders e for rent", listing.Rent, listing.CountryBelgium, "3500", "e", false}, // a tenant renovates nothing
		{"flanders without label", listing.Sale, listing.CountryBelgium, "3500", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := detailFixture()
			p.Goal, p.Address.CountryID, p.Address.Zip, p.Energy = tt.goal, tt.countryID, tt.zip, listing.Energy{Label: tt.label}
			if got := NewPropertyView(p, listing.NL).Energy.RenovationNotice; got != tt.notice {
				t.Errorf("%s %s %q: notice %v, want %v", tt.goal, tt.zip, tt.label, got, tt.notice)
			}
		})
	}
}

// A withdrawn listing is no longer offered: its view, so the page data and
// the 410 page, carries no price, no costs, no availability and no banner,
// only what it was, for the visitor to recognise it.
func TestNewPropertyViewWithdrawn(t *testing.T) {
	p := detailFixture()
	from := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	p.Withdrawn, p.Status, p.Marquee, p.MarqueeName = true, listing.Available, 1, "Nieuw"
	p.Costs = listing.Costs{NotaryFee: 2890, NotaryFeeVAT: 607, TotalCost: 331000}
	p.Viager = &listing.Viager{Bouquet: 95000, MonthlyRent: 1200}
	p.Avail, p.AvailAt = "Onmiddellijk", &from
	p.Media.Documents = []listing.Document{{ID: 1, Name: "EPC", URL: "/d/1.pdf"}}
	v := NewPropertyView(p, listing.NL)
	if !v.Withdrawn || v.Status != StatusWithdrawn {
		t.Errorf("withdrawn %v, status %q", v.Withdrawn, v.Status)
	}
	if v.PriceText != "" || v.Price != (DetailPrice{}) {
		t.Errorf("price %q %+v", v.PriceText, v.Price)
	}
	if v.Marquee != 0 || v.MarqueeName != "" || v.Availability != "" || v.AvailableFrom != "" {
		t.Errorf("banner %d %q, availability %q %q", v.Marquee, v.MarqueeName, v.Availability, v.AvailableFrom)
	}
	if v.Costs != (listing.Costs{}) || v.Viager != nil || len(v.Documents) != 0 || v.Energy.RenovationNotice {
		t.Errorf("costs %+v, viager %+v, documents %v, notice %v", v.Costs, v.Viager, v.Documents, v.Energy.RenovationNotice)
	}
	// Still recognisable: title, place, figures, photo, contact.
	if v.Title != p.Title || v.City != "Hasselt" || v.Energy.Label != "e" || v.Photo == nil || v.Agent == nil {
		t.Errorf("identity lost: %q %q %q %v %v", v.Title, v.City, v.Energy.Label, v.Photo, v.Agent)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"325000", "325.000", `"available"`, "Nieuw", "2890", "95000", "Onmiddellijk", "/d/1.pdf"} {
		if strings.Contains(string(b), gone) {
			t.Errorf("the withdrawn view's JSON holds %s", gone)
		}
	}
}

func TestSimilar(t *testing.T) {
	prop := listing.Property{ID: 1, Lang: listing.NL, Goal: listing.Sale, TypeID: 5, Type: "Villa", Title: "a", Price: listing.Price{Amount: 300000, Published: true}}
	c := func(id, typeID int, amount float64, published bool, mut ...func(*listing.Property)) listing.Property {
		p := listing.Property{ID: id, Lang: listing.NL, Goal: listing.Sale, TypeID: typeID, Title: "b", Price: listing.Price{Amount: amount, Published: published}}
		for _, m := range mut {
			m(&p)
		}
		return p
	}
	candidates := []listing.Property{
		prop,
		c(2, 6, 300000, true), // other type, exact price
		c(3, 5, 500000, true), // same type, far
		c(4, 5, 310000, true), // same type, near
		c(5, 5, 0, false),     // same type, price on request: last of its type
		c(6, 5, 290000, true, func(p *listing.Property) { p.Goal = listing.Rent }), // other goal
		c(7, 5, 300000, true, func(p *listing.Property) { p.Withdrawn = true }),    // withdrawn
		c(8, 5, 300000, true, func(p *listing.Property) { p.Lang = listing.FR }),   // other language
		c(9, 5, 290000, true),  // same type, as near as 4: lower id first
		c(10, 6, 100000, true), // other type, far
	}
	var ids []int
	for _, s := range Similar(prop, candidates, listing.NL) {
		ids = append(ids, s.ID)
	}
	if want := []int{4, 9, 3, 5}; !slices.Equal(ids, want) {
		t.Errorf("similar %v, want %v", ids, want)
	}
	if got := Similar(prop, []listing.Property{prop}, listing.NL); got == nil || len(got) != 0 {
		t.Errorf("no candidates: %v", got)
	}
}

func TestNewPropertyViewMentions(t *testing.T) {
	p := detailFixture() // Hasselt: Flanders
	p.Legal.Permit = "Vg"
	v := NewPropertyView(p, listing.NL)
	if v.Mentions == nil || v.Mentions.Region != listing.Flanders {
		t.Fatalf("mentions %+v, want the Flemish block", v.Mentions)
	}
	if !slices.ContainsFunc(v.Mentions.Rows, func(r compliance.Row) bool { return r.Field == "permit" && r.Code == "Vg" }) {
		t.Errorf("rows %+v lack the permit Vg", v.Mentions.Rows)
	}
	p.Address.CountryID, p.Energy.Region = 20, listing.OtherLand
	if v := NewPropertyView(p, listing.NL); v.Mentions != nil {
		t.Errorf("a listing abroad got mentions %+v", v.Mentions)
	}
}
