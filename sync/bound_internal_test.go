package platformsync

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// TestBoundProperty: each kind of field of a property is bounded to its
// limit and the cut reported by its name; the addresses the site may not
// link to are dropped and reported; what real records hold is untouched.
func TestBoundProperty(t *testing.T) {
	long := strings.Repeat("Ruime woning met tuin. ", 1000) // 23,000 characters
	street := strings.Repeat("Kerkstraat ", 500)            // 5,500
	many := func(n int, f func(i int) listing.Picture) []listing.Picture {
		out := make([]listing.Picture, n)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	photo := func(urls ...string) listing.Picture {
		var vs []listing.Image
		for i, u := range urls {
			vs = append(vs, listing.Image{URL: u, Width: 280 * (i + 1)})
		}
		return listing.Picture{Image: vs[len(vs)-1], Variants: vs}
	}
	// cut is a reported cut: the field and its bound (0: dropped).
	type cut struct {
		field string
		to    int
	}
	tests := []struct {
		name  string
		prop  listing.Property
		cuts  []cut
		check func(t *testing.T, p listing.Property)
	}{
		{"real values untouched", listing.Property{ID: 1, Title: "Villa", Body: "Mooi", Address: listing.Address{Street: "Kerkstraat", City: "Gent"},
			Legal:   listing.Legal{Planning: "Woongebied"},
			Media:   listing.Media{Pictures: []listing.Picture{photo("/demo/photos/1/1/280.jpg", "https://cdn.example/1/1600.jpg")}, Documents: []listing.Document{{Name: "Plan", URL: "/demo/documents/1/plan.pdf"}, {Name: "Zonder adres"}}},
			Agent:   &listing.Agent{Name: "An", Photo: "https://cdn.example/an.jpg"},
			Comfort: listing.Comfort{Kitchen: "Ingerichte keuken"}},
			nil, func(t *testing.T, p listing.Property) {
				if p.Title != "Villa" || p.Address.Street != "Kerkstraat" || len(p.Media.Pictures[0].Variants) != 2 || len(p.Media.Documents) != 2 || p.Agent.Photo == "" {
					t.Errorf("%+v", p)
				}
			}},
		{"exactly the bound untouched", listing.Property{ID: 1, Body: strings.Repeat("é", maxTextRunes), Address: listing.Address{Street: strings.Repeat("é", maxLineRunes)}}, nil, nil},
		{"a description", listing.Property{ID: 1, Body: long, Summary: "kort"}, []cut{{"description", maxTextRunes}}, func(t *testing.T, p listing.Property) {
			if p.Summary != "kort" || !strings.HasSuffix(p.Body, "Ruime woning…") {
				t.Errorf("summary %q, body ends %q", p.Summary, p.Body[len(p.Body)-20:])
			}
		}},
		{"a short text", listing.Property{ID: 1, Title: long, Avail: long}, []cut{{"title", maxShortRunes}, {"availability", maxShortRunes}}, nil},
		{"one-line texts", listing.Property{ID: 1, Type: street, Address: listing.Address{Street: street, City: street, Zip: street}},
			[]cut{{"type", maxLineRunes}, {"address.street", maxLineRunes}, {"address.zip", maxLineRunes}, {"address.city", maxLineRunes}}, nil},
		{"comfort and legal texts", listing.Property{ID: 1, Comfort: listing.Comfort{Comfort: long, Kitchen: long}, Legal: listing.Legal{Planning: long, Summons: long}},
			[]cut{{"comfort.kitchen", maxLineRunes}, {"comfort.comfort", maxNoteRunes}, {"legal.planning", maxNoteRunes}, {"legal.summons", maxNoteRunes}}, nil},
		{"the agent", listing.Property{ID: 1, Agent: &listing.Agent{Name: street, Email: street, Photo: "javascript:alert(1)"}},
			[]cut{{"agent.name", maxLineRunes}, {"agent.email", maxLineRunes}, {"agent.photo", 0}}, func(t *testing.T, p listing.Property) {
				if p.Agent.Photo != "" {
					t.Errorf("agent photo %q", p.Agent.Photo)
				}
			}},
		{"ten thousand photos", listing.Property{ID: 1, Media: listing.Media{Pictures: many(10_000, func(i int) listing.Picture {
			p := photo("https://cdn.example/p.jpg")
			p.Alt = street
			return p
		})}}, []cut{{"media.pictures", maxPictures}, {"media.pictures[].alt", maxLineRunes}}, func(t *testing.T, p listing.Property) {
			if len(p.Media.Pictures) != maxPictures {
				t.Errorf("%d photos", len(p.Media.Pictures))
			}
		}},
		{"photos at addresses no page may show", listing.Property{ID: 1, Media: listing.Media{Pictures: []listing.Picture{
			photo("https://cdn.example/small.jpg", "javascript:alert(1)"),
			photo("data:image/png;base64,iVBORw0KGgo="),
			photo("//evil.example/x.jpg", " VBScript:x", "/demo/photos/1/1/280.jpg"),
			photo("https://cdn.example/" + strings.Repeat("a", maxURLBytes)),
		}}}, []cut{{"media.pictures[].url", 0}}, func(t *testing.T, p listing.Property) {
			pics := p.Media.Pictures
			if len(pics) != 2 || pics[0].URL != "https://cdn.example/small.jpg" || len(pics[0].Variants) != 1 || pics[1].URL != "/demo/photos/1/1/280.jpg" {
				t.Errorf("photos %+v", pics)
			}
		}},
		{"documents and videos", listing.Property{ID: 1, Media: listing.Media{
			Documents: append([]listing.Document{{Name: street, URL: "data:text/html,<script>alert(1)</script>"}, {Name: "Plan", URL: "https://docs.example/plan.pdf"}},
				make([]listing.Document, 100)...),
			Videos: append([]listing.Video{{Kind: listing.VideoFile, URL: "https://v.example/" + strings.Repeat("a", maxURLBytes) + ".mp4"}},
				slices.Repeat([]listing.Video{{Kind: listing.VideoFile, URL: "https://v.example/a.mp4"}}, 30)...),
		}}, []cut{{"media.videos[].url", 0}, {"media.videos", maxVideos}, {"media.documents[].url", 0}, {"media.documents", maxDocuments}}, func(t *testing.T, p listing.Property) {
			if d := p.Media.Documents[0]; d.URL != "https://docs.example/plan.pdf" || len(p.Media.Documents) != maxDocuments {
				t.Errorf("first document %+v of %d", d, len(p.Media.Documents))
			}
		}},
		{"points of interest", listing.Property{ID: 1, POIs: make([]listing.POI, 10_000)}, []cut{{"pointsOfInterest", maxPOIs}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.prop
			got := boundProperty(&p)
			if len(got) != len(tt.cuts) {
				t.Fatalf("cuts %+v, want %v", got, tt.cuts)
			}
			for i, c := range got {
				want := tt.cuts[i]
				if c.Kind != store.KindProperty || c.ID != p.ID || c.Field != want.field {
					t.Errorf("cut %d %+v, want %v", i, c, want)
				}
				switch {
				case want.to == 0 && c.Dropped == "":
					t.Errorf("cut %+v, want a drop", c)
				case want.to != 0 && (c.To < want.to*4/5 || c.To > want.to+1 || c.From <= want.to):
					t.Errorf("cut %+v, want to %d", c, want.to)
				}
			}
			if tt.check != nil {
				tt.check(t, p)
			}
		})
	}
}

// TestBoundProject: a project's texts, lists and price list address.
func TestBoundProject(t *testing.T) {
	long := strings.Repeat("Nieuwbouw ", 3000)
	p := listing.Project{ID: 7, Name: long, Body: long, PriceList: "javascript:alert(1)", Types: make([]string, 1000),
		Units: make([]listing.Unit, 10_000), Address: listing.Address{Street: long}, Agent: &listing.Agent{Name: long}}
	p.Types[0] = long
	got := boundProject(&p)
	var fields []string
	for _, c := range got {
		fields = append(fields, c.Field)
	}
	want := []string{"name", "description", "priceList", "types", "types[]", "units", "address.street", "agent.name"}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("cuts %v, want %v", fields, want)
	}
	if p.PriceList != "" || len(p.Units) != maxUnits || len(p.Types) != maxNames || len([]rune(p.Name)) > maxShortRunes+1 {
		t.Errorf("price list %q, %d units, %d types, name of %d", p.PriceList, len(p.Units), len(p.Types), len([]rune(p.Name)))
	}

	// A good price list stays.
	p = listing.Project{ID: 7, PriceList: "/demo/documents/p7001/prijslijst.pdf"}
	if got := boundProject(&p); got != nil || p.PriceList != "/demo/documents/p7001/prijslijst.pdf" {
		t.Errorf("cuts %+v, price list %q", got, p.PriceList)
	}
}

// TestBoundReportsAListFieldOnce: the items of a list whose texts are cut
// make one entry, with how many and the longest.
func TestBoundReportsAListFieldOnce(t *testing.T) {
	p := listing.Property{ID: 3, POIs: []listing.POI{{Name: strings.Repeat("a", 300)}, {Name: "School"}, {Name: strings.Repeat("b", 900)}}}
	got := boundProperty(&p)
	want := store.Truncated{Kind: store.KindProperty, ID: 3, Field: "pointsOfInterest[].name", From: 900, To: maxLineRunes + 1, Count: 2}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("cuts %+v, want %+v", got, want)
	}
	if s := got[0].String(); s != "property 3: pointsOfInterest[].name cut from 900 to 201 characters (2 values, the longest shown)" {
		t.Errorf("String %q", s)
	}
}

// TestEveryFieldIsBounded fills every text of a property and a project
// with 64 KB (over every bound) and every list with ten thousand items, found by
// reflection so that a field added to listing later is covered: the bounded
// record stays small.
func TestEveryFieldIsBounded(t *testing.T) {
	const bound = 400 << 10
	var p listing.Property
	fill(reflect.ValueOf(&p).Elem(), 0)
	boundProperty(&p)
	if b, _ := json.Marshal(p); len(b) > bound {
		t.Errorf("bounded property is %d bytes, want at most %d: a field is not bounded", len(b), bound)
	}
	var pr listing.Project
	fill(reflect.ValueOf(&pr).Elem(), 0)
	boundProject(&pr)
	if b, _ := json.Marshal(pr); len(b) > bound {
		t.Errorf("bounded project is %d bytes, want at most %d: a field is not bounded", len(b), bound)
	}
}

// huge is a text over every bound, shared by every field fill sets.
var huge = strings.Repeat("x", 64<<10)

// fill sets every string under v to huge (a short good address for
// fields named as one, so that lists of photos keep their items) and every
// slice to ten thousand items (ten below the top level).
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		// The named kinds (Lang, Status, Region, Badge, ...) are the
		// mapping's own values, not the platform's.
		if v.Type() == reflect.TypeFor[string]() {
			v.SetString(huge)
		}
	case reflect.Struct:
		if v.Type().PkgPath() != "github.com/estate-agency/estate/listing" {
			return // time.Time
		}
		for i := range v.NumField() {
			switch name := v.Type().Field(i).Name; {
			case name == "URL" || name == "Photo" || name == "PriceList":
				v.Field(i).SetString("https://cdn.example/p.jpg")
			default:
				fill(v.Field(i), depth+1)
			}
		}
	case reflect.Pointer:
		if v.Type().Elem().PkgPath() == "github.com/estate-agency/estate/listing" {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), depth+1)
		}
	case reflect.Slice:
		n := 10_000
		if depth > 2 {
			n = 10
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(v.Index(i), depth+1)
		}
	}
}
