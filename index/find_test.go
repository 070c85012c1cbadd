package index

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
)

// The expectations of the Find tests (this file, and filter_, facets_, geo_, window_ and load_test.go)
// are computed from the []listing.Property given to the index, with code written for the tests
// (predicates, counters, sorts), never by asking the index.

func find(t *testing.T, ix *Index, lang listing.Lang, req SearchRequest) SearchResult {
	t.Helper()
	res, err := ix.Find(context.Background(), lang, req)
	if err != nil {
		t.Fatalf("Find(%+v): %v", req, err)
	}
	return res
}

// findFixture is genProps with the edge cases the tests need: towns with accents, hidden prices
// and addresses (genProps has them), no position, no bedrooms, equal creation dates.
func findFixture() []listing.Property {
	props := genProps(400)
	for i := range props {
		p := &props[i]
		switch {
		case i%17 == 0:
			p.Geo = nil
		case i%10 == 3:
			p.Created = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC) // ties: id decides
		}
		if i%13 == 0 {
			p.Energy.Label = ""
		}
		if i%7 == 0 {
			p.Price.Amount = 250000 // a price many share, for the price facet
		}
		p.Marquee = i % 3
	}
	return props
}

func findProjects() []listing.Project {
	return []listing.Project{
		{ID: 45, Lang: listing.NL, Name: "Residentie De Linde", Address: listing.Address{City: "Gent", Zip: "9000", CountryID: 10},
			PriceMin: 250000, PriceMax: 400000, Types: []string{"Appartement", "Studio"}},
		{ID: 46, Lang: listing.NL, Name: "Les Jardins d'Arlon", Address: listing.Address{City: "Arlon", Zip: "6700", CountryID: 10},
			SoldOut: true, Types: []string{"Villa"}},
		{ID: 47, Lang: listing.NL, Name: "Gone", Withdrawn: true},
	}
}

func openFind(t *testing.T, props []listing.Property) *Index {
	t.Helper()
	ix := openTest(t, t.TempDir(), listing.NL)
	if err := ix.Apply(listing.NL, props, nil, findProjects(), benchCities()); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return ix
}

func visiblePrice(p listing.Property) (float64, bool) {
	return p.Price.Amount, p.Price.Published && p.Price.Amount > 0
}

func idsWhere(props []listing.Property, pred func(listing.Property) bool) []string {
	var out []string
	for _, p := range props {
		if pred(p) {
			out = append(out, strconv.Itoa(p.ID))
		}
	}
	slices.Sort(out)
	return out
}

func head(s []string) []string { return s[:min(len(s), 8)] }

func where(props []listing.Property, pred func(listing.Property) bool) []listing.Property {
	var out []listing.Property
	for _, p := range props {
		if pred(p) {
			out = append(out, p)
		}
	}
	return out
}

func TestFindText(t *testing.T) {
	ix := openTest(t, t.TempDir())
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"town with accent", SearchRequest{Text: "Bièvre"}, []string{"101"}},
		{"town without accent", SearchRequest{Text: "Bievre"}, []string{"101"}},
		{"liege finds Liège", SearchRequest{Text: "liege"}, []string{"102"}},
		{"upper case", SearchRequest{Text: "LIÈGE"}, []string{"102"}},
		{"postcode", SearchRequest{Text: "6800"}, []string{"103"}},
		{"reference id", SearchRequest{Text: "123456"}, []string{"123456"}},
		{"reference with leading zeros", SearchRequest{Text: "0123456"}, []string{"123456"}},
		{"typo in a long town name", SearchRequest{Text: "Libramnt"}, []string{"103"}},
		{"typo in a short town name", SearchRequest{Text: "Gnet "}, []string{"123456"}},
		{"no typo below 4 letters", SearchRequest{Text: "Gnt "}, nil},
		{"unfinished last word", SearchRequest{Text: "Libra"}, []string{"103"}},
		{"finished word is not a prefix", SearchRequest{Text: "Libra "}, nil},
		{"dutch stemming: plural finds singular", SearchRequest{Text: "tuinen"}, []string{"101"}},
		{"text from html with entities", SearchRequest{Text: "terras"}, []string{"101"}},
		{"plural the stemmer leaves a letter off", SearchRequest{Text: "terrassen"}, []string{"101"}},
		{"no typo on short description words", SearchRequest{Text: "tuig "}, nil},
		{"published street", SearchRequest{Text: "stationsstraat"}, []string{"101"}},
		{"unpublished street is not searchable", SearchRequest{Text: "Kerkstraat"}, nil},
		{"main type", SearchRequest{Text: "huis"}, []string{"101"}},
		{"type and town", SearchRequest{Text: "villa gent"}, []string{"123456"}},
		{"stop words need not match", SearchRequest{Text: "villa in gent"}, []string{"123456"}},
		{"a stop word alone is not in the description", SearchRequest{Text: "het "}, nil},
		{"all words must match", SearchRequest{Text: "villa liege"}, nil},
		{"punctuation only", SearchRequest{Text: "!!! ?"}, nil},
		{"empty text matches all", SearchRequest{}, []string{"101", "102", "103", "123456"}},
		{"text and filter", SearchRequest{Text: "villa", Filter: Term{"status", string(listing.Available)}}, []string{"101"}},
		{"text and folded town filter", SearchRequest{Text: "appartement", Filter: Term{"city", "liege"}}, []string{"102"}},
		{"projects are another kind", SearchRequest{Kind: KindProject, Text: "villa"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			res := find(t, ix, listing.NL, tt.req)
			if got := sorted(res.IDs); !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.req.Text, got, tt.want)
			}
			if res.Total != len(tt.want) {
				t.Errorf("Total = %d, want %d", res.Total, len(tt.want))
			}
		})
	}

	t.Run("words for highlighting", func(t *testing.T) {
		for _, tc := range []struct {
			text string
			want []string
		}{
			{"Liège", []string{"liege"}},
			{"tuinen", []string{"tuinen", "tuin"}},
			{"Libramnt", []string{"libramnt", "libramont"}},
			{"bie", []string{"bie", "bievre"}},
			{"", nil},
		} {
			got := find(t, ix, listing.NL, SearchRequest{Text: tc.text, Length: 10}).Words
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("Words(%q) = %v, want %q among them", tc.text, got, w)
				}
			}
			if tc.want == nil && got != nil {
				t.Errorf("Words(%q) = %v, want none", tc.text, got)
			}
		}
	})
}

func TestFindTextFrench(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.FR)
	props := []listing.Property{
		prop(1, "Namur", "5000", "Maison", withLang(listing.FR), withBody("Belle maison avec jardin, proche de l'église.")),
		prop(2, "Arlon", "6700", "Appartement", withLang(listing.FR), withBody("Appartements neufs au centre.")),
		prop(3, "Neufchâteau", "6840", "Villa", withLang(listing.FR), withBody("Villa avec piscine.")),
	}
	if err := ix.Apply(listing.FR, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"maisons", []string{"1"}},
		{"jardins", []string{"1"}},
		{"eglise", []string{"1"}},
		{"l'Église", []string{"1"}},
		{"appartement", []string{"2"}},
		{"maison à namur", []string{"1"}},
		{"neufchateau", []string{"3"}},
		{"Neufchatau", []string{"3"}}, // a typo and no accent
		{"neufch", []string{"3"}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			if got := sorted(find(t, ix, listing.FR, SearchRequest{Text: tt.text, Length: 10}).IDs); !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindRanking(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	props := []listing.Property{
		prop(6800, "Gent", "9000", "Villa", withStatus(listing.Sold)), // its id is the others' postcode
		prop(7, "Libramont", "6800", "Villa"),
		prop(8, "Libramont", "6800", "Villa", withStatus(listing.Sold)),
		prop(20, "Arlon", "6700", "Woning", withBody("Een villa met tuin.")), // villa in the text only
		prop(21, "Arlon", "6700", "Villa", withStatus(listing.Rented)),       // a villa, not available
		prop(22, "Arlon", "6700", "Villa"),
		prop(23, "Arlon", "6700", "Villa", func(p *listing.Property) { p.Created = p.Created.Add(time.Hour) }),
		prop(30, "De Panne", "8660", "Studio", withBody("Studio aan de zee.")),
	}
	// Created: 2025-01-(id%28+1), so 23 and 22 are the newest of the Arlon villas.
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		want []string
	}{
		// The typed reference first even though sold, then available before sold.
		{"6800", []string{"6800", "7", "8"}},
		// Available first; among them the type beats the description; equal scores: newest first.
		{"villa arlon", []string{"23", "22", "20", "21"}},
		// Only stop words: they match in town names (the description drops them).
		{"de ", []string{"30"}},
		{"de panne", []string{"30"}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			if got := find(t, ix, listing.NL, SearchRequest{Text: tt.text, Length: 10}).IDs; !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindTextFiltersFacetsCombined(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	// genProps writes "Te koop: {type} in {town}" in every summary, so "villa" finds the villas (and
	// any body with the word villa): the expectation comes from the same text.
	hasWord := func(p listing.Property, w string) bool {
		return strings.Contains(strings.ToLower(p.Type+" "+p.MainType+" "+p.Summary+" "+p.Body), w)
	}
	geo := &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 80000}}
	filter := And{NumRange{"price", 100000, 700000, true, true}, Term{"goal", "sale"}}
	pred := func(p listing.Property) bool {
		v, ok := visiblePrice(p)
		lat, lng, has := shownPos(p)
		return hasWord(p, "villa") && ok && v >= 100000 && v <= 700000 && p.Goal == listing.Sale &&
			has && testDistance(50.5, 4.4, lat, lng) <= 80000
	}
	match := where(props, pred)
	if len(match) < 10 {
		t.Fatalf("fixture gives %d matches: too few to mean anything", len(match))
	}
	res := find(t, ix, listing.NL, SearchRequest{Text: "villa", Filter: filter, Geo: geo, Length: 1000,
		Facets: []string{"type", "city", "bedrooms", "epcLabel", "price"}})
	if got, want := sorted(res.IDs), idsWhere(props, pred); !slices.Equal(got, want) {
		t.Errorf("ids: got %d, want %d", len(got), len(want))
	}
	for _, f := range []string{"type", "city", "bedrooms", "epcLabel"} {
		if got, want := res.Facets[f], countFacets(match, f); !maps.Equal(got, want) {
			t.Errorf("facet %s = %v, want %v", f, got, want)
		}
	}
	if want, _ := testStats(match, "price"); !statsClose(res.FacetStats["price"], want) {
		t.Errorf("price stats = %+v, want %+v", res.FacetStats["price"], want)
	}
	// Available hits come first.
	seenOther := false
	byID := map[string]listing.Property{}
	for _, p := range props {
		byID[strconv.Itoa(p.ID)] = p
	}
	for _, id := range res.IDs {
		avail := byID[id].Status == listing.Available
		if avail && seenOther {
			t.Fatalf("available %s after a non-available hit", id)
		}
		seenOther = seenOther || !avail
	}
	// A typo in a town with filters.
	res = find(t, ix, listing.NL, SearchRequest{Text: "Bastgne", Filter: Term{"goal", "sale"}, Length: 1000})
	want := idsWhere(props, func(p listing.Property) bool { return p.Address.City == "Bastogne" && p.Goal == listing.Sale })
	if got := sorted(res.IDs); !slices.Equal(got, want) {
		t.Errorf("Bastgne: got %d, want %d", len(got), len(want))
	}
}

func TestFindProjectsAndCities(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	tests := []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"all projects, withdrawn left out", SearchRequest{Kind: KindProject}, []string{"45", "46"}},
		{"sold out", SearchRequest{Kind: KindProject, Filter: Term{"soldOut", "true"}}, []string{"46"}},
		{"project type", SearchRequest{Kind: KindProject, Filter: Term{"types", "studio"}}, []string{"45"}},
		{"project price", SearchRequest{Kind: KindProject, Filter: NumRange{"priceMin", 0, 300000, true, true}}, []string{"45"}},
		{"project by name", SearchRequest{Kind: KindProject, Text: "linde"}, []string{"45"}},
		{"project by town", SearchRequest{Kind: KindProject, Text: "arlon"}, []string{"46"}},
		{"town by folded name", SearchRequest{Kind: KindCity, Text: "liege"}, []string{"4000|Liège"}},
		{"town by postcode", SearchRequest{Kind: KindCity, Text: "6800"}, []string{"6800|Libramont"}},
		{"town prefix", SearchRequest{Kind: KindCity, Text: "bou"}, []string{"6830|Bouillon"}},
		{"town typo", SearchRequest{Kind: KindCity, Text: "Bouilon"}, []string{"6830|Bouillon"}},
		{"town filter", SearchRequest{Kind: KindCity, Filter: Term{"zip", "9000"}}, []string{"9000|Gent"}},
		{"properties are not towns", SearchRequest{Kind: KindCity, Filter: Term{"goal", "sale"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			if got := sorted(find(t, ix, listing.NL, tt.req).IDs); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}

	t.Run("city counts", func(t *testing.T) {
		want := map[string][2]int{}
		for _, tw := range benchTowns {
			want[tw.zip+"|"+tw.name] = [2]int{}
		}
		for _, p := range props {
			k := p.Address.Zip + "|" + p.Address.City
			n := want[k]
			if p.Goal == listing.Sale {
				n[0]++
			} else {
				n[1]++
			}
			want[k] = n
		}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts = %v, want %v", got, want)
		}
		// The same counts are filterable attributes of the towns.
		liege := want["4000|Liège"]
		res := find(t, ix, listing.NL, SearchRequest{Kind: KindCity, Filter: And{
			Term{"saleCount", strconv.Itoa(liege[0])}, Term{"rentCount", strconv.Itoa(liege[1])}, Term{"zip", "4000"}}, Length: 10})
		if !slices.Equal(res.IDs, []string{"4000|Liège"}) {
			t.Errorf("town by its counts = %v", res.IDs)
		}
		if got := ix.CityCounts("xx"); got != nil {
			t.Errorf("CityCounts(xx) = %v", got)
		}
	})

	t.Run("city counts fold the name and follow Apply", func(t *testing.T) {
		ix := openTest(t, t.TempDir(), listing.NL)
		cities := []listing.City{{Name: "Liège", Zip: "4000"}}
		props := []listing.Property{
			prop(1, "Liège", "4000", "Villa"),
			prop(2, "LIEGE", "4000", "Villa", withGoal(listing.Rent)),
			prop(3, "Liège", "4020", "Villa"),
		}
		if err := ix.Apply(listing.NL, props, nil, nil, cities); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]int{"4000|Liège": {1, 1}, "4020|Liège": {1, 0}}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts = %v, want %v", got, want)
		}
		if err := ix.Apply(listing.NL, nil, []int{1}, nil, nil); err != nil {
			t.Fatal(err)
		}
		want["4000|Liège"] = [2]int{0, 1}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts after a removal = %v, want %v", got, want)
		}
	})
}

func TestFindFollowsApply(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	gone := prop(101, "Bièvre", "5555", "Villa", func(p *listing.Property) { p.Withdrawn = true })
	moved := prop(103, "Gent", "9000", "Woning", withPrice(450000, true))
	added := prop(104, "Arlon", "6700", "Studio", withGoal(listing.Rent), withPrice(700, true))
	if err := ix.Apply(listing.NL, []listing.Property{gone, moved, added}, []int{102, 999}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"withdrawn and removed are gone", SearchRequest{}, []string{"103", "104", "123456"}},
		{"text follows", SearchRequest{Text: "gent"}, []string{"103", "123456"}},
		{"old text is gone", SearchRequest{Text: "libramont"}, nil},
		{"columns follow", SearchRequest{Filter: Term{"city", "Gent"}}, []string{"103", "123456"}},
		{"old values are gone", SearchRequest{Filter: Term{"city", "Libramont"}}, nil},
		{"new document", SearchRequest{Filter: Term{"goal", "rent"}}, []string{"104"}},
		{"new price", SearchRequest{Filter: NumRange{"price", 400000, 500000, true, true}}, []string{"103"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			res := find(t, ix, listing.NL, tt.req)
			if got := sorted(res.IDs); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	res := find(t, ix, listing.NL, SearchRequest{Facets: []string{"city"}})
	if want := map[string]int{"Gent": 2, "Arlon": 1}; !maps.Equal(res.Facets["city"], want) {
		t.Errorf("facet city = %v, want %v (values without documents left out)", res.Facets["city"], want)
	}
	// A withdrawn property comes back.
	back := prop(101, "Bièvre", "5555", "Villa")
	if err := ix.Apply(listing.NL, []listing.Property{back}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "bievre", Length: 10}).IDs; !slices.Equal(got, []string{"101"}) {
		t.Errorf("property back: %v", got)
	}
}

// TestFindDuringApplyAndRebuild runs searches while the index changes (meant for -race): every
// answer is whole, from the index before or after a change.
func TestFindDuringApplyAndRebuild(t *testing.T) {
	props := findFixture()
	ix := openTest(t, t.TempDir(), listing.NL)
	ix.batchSize = 50
	if err := ix.Apply(listing.NL, props[:200], nil, nil, benchCities()); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var searches, failures atomic.Int64
	var firstErr atomic.Value
	for g := range 3 {
		wg.Go(func() {
			reqs := []SearchRequest{
				{Length: 20, Facets: []string{"city", "price"}},
				{Text: "villa", Length: 20, Facets: []string{"type"}},
				{Filter: Term{"goal", "sale"}, Sort: SortNewest, Offset: 30, Length: 10},
			}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				r := (i + g) % len(reqs)
				res, err := ix.Find(context.Background(), listing.NL, reqs[r])
				searches.Add(1)
				// Apply adds 50 at a time: every total is a whole step.
				if err == nil && r == 0 && (res.Total%50 != 0 || res.Total < 200) {
					err = fmt.Errorf("total %d", res.Total)
				}
				if err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
				}
			}
		})
	}
	for i := 200; i < 400; i += 50 {
		if err := ix.Apply(listing.NL, props[i:i+50], nil, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := ix.Rebuild(context.Background(), listing.NL, SliceDocs(props[:300], nil, benchCities()), nil); err != nil {
		t.Fatal(err)
	}
	// Some searches on the rebuilt index too, before they stop.
	for after := searches.Load(); searches.Load() < after+30; {
		runtime.Gosched()
	}
	close(stop)
	wg.Wait()
	if f := failures.Load(); f > 0 {
		t.Errorf("%d of %d concurrent searches failed; first: %v", f, searches.Load(), firstErr.Load())
	}
	if got := find(t, ix, listing.NL, SearchRequest{}).Total; got != 300 {
		t.Errorf("Total after the rebuild = %d, want 300", got)
	}
}
