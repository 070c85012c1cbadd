package index

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/listing"
)

var benchTowns = []struct{ name, zip string }{
	{"Liège", "4000"}, {"Bièvre", "5555"}, {"Libramont", "6800"}, {"Gent", "9000"}, {"Antwerpen", "2000"},
	{"Brussel", "1000"}, {"Namur", "5000"}, {"Arlon", "6700"}, {"Bastogne", "6600"}, {"Marche-en-Famenne", "6900"},
	{"Sint-Niklaas", "9100"}, {"Leuven", "3000"}, {"Hasselt", "3500"}, {"Brugge", "8000"}, {"Kortrijk", "8500"},
	{"Mons", "7000"}, {"Tournai", "7500"}, {"Charleroi", "6000"}, {"Wavre", "1300"}, {"Neufchâteau", "6840"},
	{"Virton", "6760"}, {"Durbuy", "6940"}, {"Houffalize", "6660"}, {"Paliseul", "6850"}, {"Bouillon", "6830"},
	{"Saint-Hubert", "6870"}, {"Mechelen", "2800"}, {"Aalst", "9300"}, {"Oostende", "8400"}, {"Genk", "3600"},
}

var benchTypes = []struct{ typ, main string }{
	{"Villa", "Huis"}, {"Appartement", "Appartement"}, {"Woning", "Huis"}, {"Bouwgrond", "Grond"},
	{"Handelspand", "Commercieel"}, {"Studio", "Appartement"}, {"Hoeve", "Huis"}, {"Garage", "Garage"},
}

var benchWords = strings.Fields(`mooie ruime lichtrijke gerenoveerde woning villa appartement met grote tuin
terras garage keuken badkamer slaapkamers living zolder kelder centraal gelegen rustige straat nabij scholen
winkels station openbaar vervoer energiezuinig zonnepanelen warmtepomp dubbele beglazing parket open haard
zuidgerichte zicht op velden bossen instapklaar te renoveren bouwjaar recent vernieuwd dak ramen
eigentijdse afwerking hoogwaardige materialen gezinswoning investering opbrengsteigendom`)

// genProps builds n reproducible properties that look like the real feed: html bodies of 60 to
// 180 words, most fields set, a fifth with the address or the price withheld.
func genProps(n int) []listing.Property {
	r := rand.New(rand.NewPCG(1, 2))
	props := make([]listing.Property, n)
	for i := range props {
		town := benchTowns[r.IntN(len(benchTowns))]
		typ := benchTypes[r.IntN(len(benchTypes))]
		var body strings.Builder
		body.WriteString("<p>")
		for w := range 60 + r.IntN(120) {
			if w > 0 && w%25 == 0 {
				body.WriteString("</p><p>")
			}
			body.WriteString(benchWords[r.IntN(len(benchWords))])
			body.WriteByte(' ')
		}
		body.WriteString("</p>")
		goal := listing.Sale
		price := float64(100000 + r.IntN(900000))
		if r.IntN(4) == 0 {
			goal, price = listing.Rent, float64(500+r.IntN(2000))
		}
		props[i] = listing.Property{
			ID: 100000 + i, Lang: listing.NL, WebID: 1 + r.IntN(10), WebIDs: []int{1 + r.IntN(10)},
			Goal: goal, Type: typ.typ, MainType: typ.main, TypeID: 1 + r.IntN(30),
			Status: []listing.Status{listing.Available, listing.Available, listing.Option, listing.Sold}[r.IntN(4)],
			Address: listing.Address{
				Street: "Stationsstraat", HouseNumber: strconv.Itoa(1 + r.IntN(200)),
				City: town.name, Zip: town.zip, CountryID: listing.CountryBelgium, Published: r.IntN(5) != 0,
			},
			Geo:      &listing.Geo{Lat: 49.5 + r.Float64()*2, Lng: 2.6 + r.Float64()*3.5},
			Price:    listing.Price{Amount: price, Published: r.IntN(5) != 0},
			Surfaces: listing.Surfaces{Living: float64(50 + r.IntN(300)), Ground: float64(r.IntN(3000))},
			Layout:   listing.Layout{Bedrooms: r.IntN(6), Bathrooms: r.IntN(3), Garages: r.IntN(3)},
			Energy:   listing.Energy{Value: float64(r.IntN(600)), Label: string(rune('a' + r.IntN(6))), Region: listing.Wallonia},
			Flags:    listing.Flags{Garden: r.IntN(2) == 0, Terrace: r.IntN(2) == 0, Cellar: r.IntN(3) == 0, Lift: r.IntN(5) == 0},
			Summary:  "Te koop: " + typ.typ + " in " + town.name,
			Body:     body.String(),
			Created:  time.Unix(1700000000+int64(r.IntN(30000000)), 0),
			Changed:  time.Unix(1730000000+int64(r.IntN(1000000)), 0),
		}
	}
	return props
}

func benchCities() []listing.City {
	out := make([]listing.City, len(benchTowns))
	for i, t := range benchTowns {
		out[i] = listing.City{Name: t.name, Zip: t.zip, CountryID: listing.CountryBelgium, PropertyCount: 10}
	}
	return out
}

func dirSizeMB(b *testing.B, dir string) float64 {
	var total int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		total += fi.Size()
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return float64(total) / (1 << 20)
}

// BenchmarkRebuild measures a full rebuild of one language. Sub-benchmarks compare scorch's safe
// batches (each Batch waits for its fsync) with unsafe_batch on the throwaway build index, and
// batch sizes. Run e.g.:
//
//	go test ./index/ -run '^$' -bench 'Rebuild' -benchtime=1x
//	ESTATE_BENCH_DOCS=50000 go test ./index/ -run '^$' -bench 'Rebuild/unsafe/500' -benchtime=1x
func BenchmarkRebuild(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_DOCS", 10000)
	props := genProps(n)
	for _, mode := range []struct {
		name   string
		unsafe bool
	}{{"safe", false}, {"unsafe", true}} {
		for _, batch := range []int{500, 2000} {
			b.Run(fmt.Sprintf("%s/%d", mode.name, batch), func(b *testing.B) {
				ix, err := Open(b.TempDir(), []listing.Lang{listing.NL}, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer ix.Close()
				ix.unsafeRebuild, ix.batchSize = mode.unsafe, batch
				b.ResetTimer()
				for b.Loop() {
					if err := ix.Rebuild(context.Background(), listing.NL, SliceDocs(props, nil, nil), nil); err != nil {
						b.Fatal(err)
					}
				}
				b.StopTimer()
				if got, _ := ix.Count(listing.NL); got != uint64(n) {
					b.Fatalf("Count = %d, want %d", got, n)
				}
				b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "docs/s")
				b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/rebuild")
				b.ReportMetric(benchmark.PeakRSSMB(), "peakRSS-MB")
				b.ReportMetric(dirSizeMB(b, ix.shards[listing.NL].path), "index-MB")
			})
		}
	}
}

// BenchmarkSearch measures typical visitor queries on a rebuilt index of benchDocs properties.
func BenchmarkSearch(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_DOCS", 10000)
	ix, err := Open(b.TempDir(), []listing.Lang{listing.NL}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	if err := ix.Rebuild(context.Background(), listing.NL, SliceDocs(genProps(n), nil, nil), nil); err != nil {
		b.Fatal(err)
	}
	sale := Term{"goal", string(listing.Sale)}
	queries := []struct {
		name string
		req  SearchRequest
	}{
		{"town", SearchRequest{Text: "liege"}},
		{"town-typo", SearchRequest{Text: "Libramnt"}},
		{"town-prefix", SearchRequest{Text: "bast"}},
		{"type-and-town", SearchRequest{Text: "villa gent"}},
		{"postcode", SearchRequest{Text: "6800"}},
		{"description-stem", SearchRequest{Text: "tuinen terrassen"}},
		{"town-facets", SearchRequest{Text: "liege", Facets: []string{"city", "type", "goal", "features"}}},
		{"browse-newest", SearchRequest{Filter: sale, Sort: SortNewest, Facets: []string{"city", "type"}}},
		{"browse-price", SearchRequest{Filter: sale, Sort: SortPriceAsc}},
	}
	for _, tt := range queries {
		b.Run(tt.name, func(b *testing.B) {
			tt.req.Length = 20
			var total int
			for b.Loop() {
				res, err := ix.Find(context.Background(), listing.NL, tt.req)
				if err != nil {
					b.Fatal(err)
				}
				total = res.Total
			}
			if total == 0 {
				b.Fatalf("%s: no hits", tt.name)
			}
			b.ReportMetric(float64(total), "hits")
		})
	}
}
