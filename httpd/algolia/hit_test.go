package algolia

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/estate-agency/estate/listing"
)

// villa is a fully published property; tests change copies of it.
func villa() listing.Property {
	return listing.Property{
		ID: 1234, Lang: listing.NL, Goal: listing.Sale, Title: "Ruime villa met tuin", Type: "Villa", TypeID: 7,
		Status: listing.Available, Marquee: 2,
		Address:  listing.Address{Street: "Kerkstraat", HouseNumber: "12", Zip: "9000", City: "Gent", CountryID: listing.CountryBelgium, Published: true},
		Geo:      &listing.Geo{Lat: 51.054342, Lng: 3.717424},
		Price:    listing.Price{Amount: 350000, Published: true},
		Surfaces: listing.Surfaces{Living: 180.5, Ground: 900},
		Layout:   listing.Layout{Bedrooms: 4, Bathrooms: 2, Garages: 1},
		Energy:   listing.Energy{Value: 150, Label: "b", Region: listing.Flanders},
		Flags:    listing.Flags{Garden: true, Terrace: true},
		Media: listing.Media{Pictures: []listing.Picture{{
			Image:    listing.Image{URL: "/p/1.jpg", Width: 1200, Height: 800},
			Variants: []listing.Image{{URL: "/p/1-280.jpg", Width: 280, Height: 187}},
		}}},
		Summary: "<p>Prachtige villa &amp; tuin</p>",
		Body:    "Lange beschrijving",
		Created: time.Unix(1700000000, 0),
	}
}

func TestPropertyHit(t *testing.T) {
	tests := []struct {
		name   string
		change func(p *listing.Property)
		lang   listing.Lang
		want   string
	}{
		{"everything published", nil, listing.NL,
			`{"objectID":"1234","id":1234,"goal":"sale","type":"Villa","typeId":7,"city":"Gent","zip":"9000","region":"flanders","countryId":10,` +
				`"price":350000,"priceText":"€ 350.000","bedrooms":4,"bathrooms":2,"garages":1,"surfaceLiving":180.5,"surfaceGround":900,` +
				`"epcValue":150,"epcLabel":"b","status":"available","marquee":2,"features":["garden","terrace"],` +
				`"url":"/nl/te-koop/gent/ruime-villa-met-tuin/1234/","thumbnail":{"url":"/p/1-280.jpg","width":280,"height":187},` +
				`"description":"Prachtige villa & tuin","descriptionShort":"Prachtige villa & tuin","_geoloc":{"lat":51.054342,"lng":3.717424},` +
				`"street":"Kerkstraat","houseNumber":"12","createdAt":1700000000}`},
		{"French", nil, listing.FR, ""},
		{"price on request: no price at all", func(p *listing.Property) { p.Price.Published = false }, listing.NL, ""},
		{"published price 0: no price", func(p *listing.Property) { p.Price = listing.Price{Published: true} }, listing.NL, ""},
		{"hidden address: no street, rounded position", func(p *listing.Property) { p.Address.Published = false }, listing.NL, ""},
		{"no position", func(p *listing.Property) { p.Geo = nil }, listing.NL, ""},
		{"no pictures", func(p *listing.Property) { p.Media = listing.Media{} }, listing.NL, ""},
		{"no features: an empty list, not null", func(p *listing.Property) { p.Flags = listing.Flags{} }, listing.NL, ""},
		{"unknown counts and surfaces are left out, marquee 0 stays", func(p *listing.Property) {
			p.Layout, p.Surfaces, p.Energy, p.TypeID, p.Marquee = listing.Layout{}, listing.Surfaces{}, listing.Energy{}, 0, 0
		}, listing.NL, ""},
		{"no summary: the body", func(p *listing.Property) { p.Summary = "  <br> " }, listing.NL, ""},
		{"long description", func(p *listing.Property) { p.Summary = strings.Repeat("woord ", 100) }, listing.NL, ""},
		{"no creation date", func(p *listing.Property) { p.Created = time.Time{} }, listing.NL, ""},
		{"for rent", func(p *listing.Property) { p.Goal, p.Price.Amount = listing.Rent, 950 }, listing.NL, ""},
		{"for rent with common charges", func(p *listing.Property) {
			p.Goal, p.Price.Amount, p.Costs.ChargesRenter = listing.Rent, 795, 60
		}, listing.NL, ""},
		{"for rent with charges in cents", func(p *listing.Property) {
			p.Goal, p.Price.Amount, p.Costs.ChargesRenter = listing.Rent, 795, 62.5
		}, listing.NL, ""},
		{"for sale: a renter's charges are no hit attribute", func(p *listing.Property) { p.Costs.ChargesRenter = 60 }, listing.NL, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := villa()
			if tt.change != nil {
				tt.change(&p)
			}
			h := PropertyHit(p, tt.lang)
			js := mustJSON(t, h)
			if tt.want != "" && js != tt.want {
				t.Errorf("\n got  %s\n want %s", js, tt.want)
			}
			get := func(name string) any { v, _ := h.Get(name); return v }
			has := func(name string) bool { _, ok := h.Get(name); return ok }
			if has("price") != (p.Price.Published && p.Price.Amount > 0) {
				t.Errorf("price present = %v with %+v: a hidden price must never leak", has("price"), p.Price)
			}
			if get("priceText") != listing.PriceText(p.Price, p.Goal, tt.lang) {
				t.Errorf("priceText = %v", get("priceText"))
			}
			if has("street") || has("houseNumber") {
				if !p.Address.Published {
					t.Error("street or number of a hidden address")
				}
			}
			if g, ok := get("_geoloc").(*listing.Geo); ok {
				if want := listing.DisplayGeo(p.Geo, p.Address.Published); *g != *want {
					t.Errorf("_geoloc = %+v, want %+v", g, want)
				}
			} else if p.Geo != nil {
				t.Error("no _geoloc for a property with a position")
			}
			if get("url") != listing.DetailPath(p, tt.lang) {
				t.Errorf("url = %v", get("url"))
			}
			if f, ok := get("features").([]string); !ok || f == nil {
				t.Errorf("features = %#v, want a list", get("features"))
			}
			if d, _ := get("description").(string); utf8.RuneCountInString(d) > listing.CardDescriptionLimit+1 {
				t.Errorf("description of %d characters", utf8.RuneCountInString(d))
			}
			if d, _ := get("descriptionShort").(string); utf8.RuneCountInString(d) > listing.QuickSearchDescriptionLimit+1 {
				t.Errorf("descriptionShort of %d characters", utf8.RuneCountInString(d))
			}
			if want := p.Goal == listing.Rent && p.Costs.ChargesRenter > 0; has("charges") != want {
				t.Errorf("charges present = %v, want %v (goal %s, charges %v)", has("charges"), want, p.Goal, p.Costs.ChargesRenter)
			} else if c := `,"charges":` + strconv.FormatFloat(p.Costs.ChargesRenter, 'f', -1, 64) + `,`; want && !strings.Contains(js, c) {
				t.Errorf("no %s in %s", c, js)
			}
			if get("marquee") != p.Marquee {
				t.Errorf("marquee = %v", get("marquee"))
			}
		})
	}
	t.Run("body when the summary is empty", func(t *testing.T) {
		p := villa()
		p.Summary = "<br>"
		if d, _ := PropertyHit(p, listing.NL).Get("description"); d != "Lange beschrijving" {
			t.Errorf("description = %v", d)
		}
	})
	t.Run("rounded position", func(t *testing.T) {
		p := villa()
		p.Address.Published = false
		g, _ := PropertyHit(p, listing.NL).Get("_geoloc")
		if *g.(*listing.Geo) != (listing.Geo{Lat: 51.05, Lng: 3.72}) {
			t.Errorf("_geoloc = %+v", g)
		}
	})
}

func TestProjectHit(t *testing.T) {
	pr := listing.Project{
		ID: 45, Number: "P-45", Name: "De Linde", Summary: "Nieuwbouw in het groen",
		Address:  listing.Address{Street: "Lindelaan", HouseNumber: "3", Zip: "2000", City: "Antwerpen", CountryID: 10},
		Geo:      &listing.Geo{Lat: 51.2194, Lng: 4.4025},
		PriceMin: 250000, PriceMax: 480000, Types: []string{"Appartement"}, Units: make([]listing.Unit, 3),
	}
	tests := []struct {
		name string
		pr   listing.Project
		want string
	}{
		{"address hidden", pr,
			`{"objectID":"45","id":45,"name":"De Linde","number":"P-45","city":"Antwerpen","zip":"2000","countryId":10,` +
				`"priceMin":250000,"priceMax":480000,"types":["Appartement"],"soldOut":false,"unitCount":3,` +
				`"description":"Nieuwbouw in het groen","descriptionShort":"Nieuwbouw in het groen","_geoloc":{"lat":51.22,"lng":4.4}}`},
		{"sold out, published, no types", func() listing.Project {
			p := pr
			p.SoldOut, p.Address.Published, p.Types, p.Units, p.Geo = true, true, nil, nil, nil
			return p
		}(),
			`{"objectID":"45","id":45,"name":"De Linde","number":"P-45","city":"Antwerpen","zip":"2000","countryId":10,` +
				`"priceMin":250000,"priceMax":480000,"types":[],"soldOut":true,"unitCount":0,` +
				`"description":"Nieuwbouw in het groen","descriptionShort":"Nieuwbouw in het groen","street":"Lindelaan","houseNumber":"3"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustJSON(t, ProjectHit(tt.pr, listing.NL)); got != tt.want {
				t.Errorf("\n got  %s\n want %s", got, tt.want)
			}
		})
	}
}

func TestCityHit(t *testing.T) {
	tests := []struct {
		name       string
		c          listing.City
		sale, rent int
		want       string
	}{
		{"town", listing.City{Name: "Liège", Zip: "4000", CountryID: 10, PropertyCount: 5}, 3, 2,
			`{"objectID":"4000|Liège","name":"Liège","zip":"4000","countryId":10,"saleCount":3,"rentCount":2,"propertyCount":5}`},
		{"no country", listing.City{Name: "Recogne", Zip: "6800"}, 0, 0,
			`{"objectID":"6800|Recogne","name":"Recogne","zip":"6800","saleCount":0,"rentCount":0,"propertyCount":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustJSON(t, CityHit(tt.c, tt.sale, tt.rent)); got != tt.want {
				t.Errorf("\n got  %s\n want %s", got, tt.want)
			}
		})
	}
}

func TestRetrieve(t *testing.T) {
	var h Hit
	h.Set("objectID", "1")
	h.Set("city", "Gent")
	h.Set("price", 3)
	h.Set("url", "/x/")
	tests := []struct {
		name  string
		attrs []string
		want  string
	}{
		{"absent: all", nil, `{"objectID":"1","city":"Gent","price":3,"url":"/x/"}`},
		{"star: all", []string{"*"}, `{"objectID":"1","city":"Gent","price":3,"url":"/x/"}`},
		{"star with exclusions", []string{"*", "-price", "-url"}, `{"objectID":"1","city":"Gent"}`},
		{"objectID cannot be excluded", []string{"*", "-objectID"}, `{"objectID":"1","city":"Gent","price":3,"url":"/x/"}`},
		{"a list, objectID kept", []string{"url", "city"}, `{"objectID":"1","city":"Gent","url":"/x/"}`},
		{"exclusion without star keeps nothing else", []string{"-price"}, `{"objectID":"1"}`},
		{"empty list: only objectID", []string{}, `{"objectID":"1"}`},
		{"unknown attribute", []string{"title"}, `{"objectID":"1"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustJSON(t, h.Retrieve(tt.attrs)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	t.Run("Set replaces in place", func(t *testing.T) {
		h2 := h.Retrieve(nil)
		h2.Set("city", "Aalst")
		if got := mustJSON(t, h2); got != `{"objectID":"1","city":"Aalst","price":3,"url":"/x/"}` {
			t.Errorf("got %s", got)
		}
	})
}
