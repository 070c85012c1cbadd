package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/estate-agency/estate/listing"
)

// prop builds a property as the syncer stores it (derived fields such as Energy.Label filled).
func prop(id int, city, zip, typ string, opts ...func(*listing.Property)) listing.Property {
	p := listing.Property{
		ID:     id,
		Lang:   listing.NL,
		WebID:  1,
		Goal:   listing.Sale,
		Type:   typ,
		Status: listing.Available,
		Address: listing.Address{
			City: city, Zip: zip, CountryID: listing.CountryBelgium, Published: true,
		},
		Price:   listing.Price{Amount: 250000, Published: true},
		Energy:  listing.Energy{Value: 150, Label: "b", Region: listing.Wallonia},
		Created: time.Date(2025, 1, id%28+1, 0, 0, 0, 0, time.UTC),
		Changed: time.Date(2025, 2, id%28+1, 0, 0, 0, 0, time.UTC),
	}
	for _, o := range opts {
		o(&p)
	}
	return p
}

func withBody(s string) func(*listing.Property) { return func(p *listing.Property) { p.Body = s } }
func withStreet(s string, published bool) func(*listing.Property) {
	return func(p *listing.Property) { p.Address.Street, p.Address.Published = s, published }
}
func withPrice(amount float64, published bool) func(*listing.Property) {
	return func(p *listing.Property) { p.Price = listing.Price{Amount: amount, Published: published} }
}
func withGoal(g listing.Goal) func(*listing.Property) {
	return func(p *listing.Property) { p.Goal = g }
}
func withStatus(s listing.Status) func(*listing.Property) {
	return func(p *listing.Property) { p.Status = s }
}
func withLang(l listing.Lang) func(*listing.Property) {
	return func(p *listing.Property) { p.Lang = l }
}

// dutchFixture is a small Dutch index: every search test names the ids it expects.
func dutchFixture() []listing.Property {
	return []listing.Property{
		prop(101, "Bièvre", "5555", "Villa", withStreet("Stationsstraat", true),
			withBody("<p>Mooie villa met een grote <b>tuin</b> &amp; terras.</p>"),
			func(p *listing.Property) { p.MainType = "Huis" }),
		prop(102, "Liège", "4000", "Appartement", withStreet("Kerkstraat", false), withPrice(900, false),
			withGoal(listing.Rent), withBody("Ruim appartement vlakbij het station.")),
		prop(103, "Libramont", "6800", "Woning", withStatus(listing.Option),
			withBody("Gezinswoning met drie slaapkamers."), withPrice(180000, true)),
		prop(123456, "Gent", "9000", "Villa", withStatus(listing.Sold),
			withBody("Villa aan het water."), withPrice(990000, true)),
	}
}

func openTest(t *testing.T, dir string, langs ...listing.Lang) *Index {
	t.Helper()
	if len(langs) == 0 {
		langs = []listing.Lang{listing.NL, listing.FR}
	}
	ix, err := Open(dir, langs, nil)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = ix.Close() })
	return ix
}

// writeDutch leaves in dir a closed nl index holding dutchFixture.
func writeDutch(t *testing.T, dir string) {
	t.Helper()
	ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
}

func sorted(ids []string) []string {
	s := slices.Clone(ids)
	slices.Sort(s)
	return s
}

func TestOpenCreatesEmptyStaleIndexes(t *testing.T) {
	dir := t.TempDir()
	ix := openTest(t, dir)
	if got, want := ix.Languages(), []listing.Lang{listing.NL, listing.FR}; !slices.Equal(got, want) {
		t.Errorf("Languages() = %v, want %v", got, want)
	}
	for _, lang := range ix.Languages() {
		if !ix.Stale(lang) {
			t.Errorf("Stale(%s) = false for a new index", lang)
		}
		if n, err := ix.Count(lang); err != nil || n != 0 {
			t.Errorf("Count(%s) = %d, %v; want 0", lang, n, err)
		}
		if _, err := os.Stat(filepath.Join(dir, string(lang)+".bleve")); err != nil {
			t.Errorf("index dir of %s: %v", lang, err)
		}
	}
	if _, err := ix.Count("xx"); !errors.Is(err, ErrUnknownLanguage) {
		t.Errorf("Count(xx) error = %v, want ErrUnknownLanguage", err)
	}
	if _, err := Open(t.TempDir(), []listing.Lang{"xx"}, nil); !errors.Is(err, ErrUnknownLanguage) {
		t.Errorf("Open with language xx: error = %v, want ErrUnknownLanguage", err)
	}
}

// What Find returns for words and filters is the table of find_test.go and filter_test.go
// (TestFindText, TestFindFilters); here, that Apply fills one language only.
func TestApplyCountsPerLanguage(t *testing.T) {
	ix := openTest(t, t.TempDir())
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if n, err := ix.Count(listing.NL); err != nil || n != 4 {
		t.Fatalf("Count(nl) = %d, %v; want 4", n, err)
	}
	if n, _ := ix.Count(listing.FR); n != 0 {
		t.Errorf("Count(fr) = %d, want 0 (languages are separate)", n)
	}
	if got := sorted(find(t, ix, listing.NL, SearchRequest{Length: 100}).IDs); !slices.Equal(got, []string{"101", "102", "103", "123456"}) {
		t.Errorf("Find(nl) = %v, want the four applied", got)
	}
}

func TestSearchRanksExactReferenceFirst(t *testing.T) {
	ix := openTest(t, t.TempDir())
	props := []listing.Property{
		prop(6800, "Gent", "9000", "Villa"), // its id is another property's postcode
		prop(7, "Libramont", "6800", "Villa"),
		prop(8, "Libramont", "6800", "Villa"),
	}
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	res := find(t, ix, listing.NL, SearchRequest{Text: "6800", Length: 20})
	if len(res.IDs) != 3 || res.IDs[0] != "6800" {
		t.Errorf("Find(6800) = %v, want the reference 6800 first, then the two in postcode 6800", res.IDs)
	}
}

// French words are TestFindTextFrench's table; here, that a language's
// index refuses another language's listings, which it would stem wrongly.
func TestApplyRefusesAnotherLanguage(t *testing.T) {
	ix := openTest(t, t.TempDir())
	if err := ix.Apply(listing.FR, dutchFixture(), nil, nil, nil); err == nil {
		t.Error("Apply of Dutch properties to the French index: want an error")
	}
}

func TestUnpublishedPriceIsAbsent(t *testing.T) {
	ix := openTest(t, t.TempDir())
	props := []listing.Property{
		prop(1, "Gent", "9000", "Villa", withPrice(300000, true)),
		prop(2, "Gent", "9000", "Villa", withPrice(1, false)), // would sort first if indexed
		prop(3, "Gent", "9000", "Villa", withPrice(200000, true)),
	}
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  SearchRequest
		want []string // in order
	}{
		{"ascending: no price last", SearchRequest{Sort: SortPriceAsc}, []string{"3", "1", "2"}},
		{"descending: no price last", SearchRequest{Sort: SortPriceDesc}, []string{"1", "3", "2"}},
		{"range excludes it", SearchRequest{Filter: NumRange{"price", 0, 1e9, true, true}, Sort: SortPriceAsc}, []string{"3", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 20
			if got := find(t, ix, listing.NL, tt.req).IDs; !slices.Equal(got, tt.want) {
				t.Errorf("Find(%+v) = %v, want %v", tt.req, got, tt.want)
			}
		})
	}
}

func TestApplyWithdrawnAndRemove(t *testing.T) {
	ix := openTest(t, t.TempDir())
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	gone := prop(101, "Bièvre", "5555", "Villa", func(p *listing.Property) { p.Withdrawn = true })
	changed := prop(103, "Gent", "9000", "Woning") // moved town
	if err := ix.Apply(listing.NL, []listing.Property{gone, changed}, []int{102, 999}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if n, _ := ix.Count(listing.NL); n != 2 {
		t.Errorf("Count = %d, want 2", n)
	}
	for text, want := range map[string][]string{"bievre": nil, "liege": nil, "libramont": nil, "gent": {"103", "123456"}} {
		if got := sorted(find(t, ix, listing.NL, SearchRequest{Text: text, Length: 20}).IDs); !slices.Equal(got, want) {
			t.Errorf("Find(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestFacets(t *testing.T) {
	ix := openTest(t, t.TempDir())
	props := append(dutchFixture(),
		prop(104, "Gent", "9000", "Villa", func(p *listing.Property) { p.Flags.Garden = true }),
		prop(105, "Gent", "9000", "Appartement", func(p *listing.Property) { p.Flags.Garden, p.Flags.Lift = true, true }),
	)
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	res := find(t, ix, listing.NL, SearchRequest{Length: 0, Facets: []string{"city", "type", "goal", "features", "epcLabel"}})
	if len(res.IDs) != 0 || res.Total != 6 {
		t.Errorf("Length 0: %d ids, total %d; want 0 ids, total 6", len(res.IDs), res.Total)
	}
	want := map[string]map[string]int{
		"city":     {"Gent": 3, "Bièvre": 1, "Liège": 1, "Libramont": 1},
		"type":     {"Villa": 3, "Appartement": 2, "Woning": 1},
		"goal":     {"sale": 5, "rent": 1},
		"features": {"garden": 2, "lift": 1},
		"epcLabel": {"b": 6},
	}
	for facet, counts := range want {
		if got := res.Facets[facet]; !mapsEqual(got, counts) {
			t.Errorf("facet %s = %v, want %v", facet, got, counts)
		}
	}
	// Facets follow the query.
	res = find(t, ix, listing.NL, SearchRequest{Text: "gent", Facets: []string{"type"}, Length: 20})
	if got, want := res.Facets["type"], map[string]int{"Villa": 2, "Appartement": 1}; !mapsEqual(got, want) {
		t.Errorf("facet type for gent = %v, want %v", got, want)
	}
}

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestProjectsAndCities(t *testing.T) {
	ix := openTest(t, t.TempDir())
	projects := []listing.Project{
		{ID: 45, Name: "Residentie De Linde", Address: listing.Address{City: "Gent", Zip: "9000"}, PriceMin: 250000},
		{ID: 46, Name: "Les Jardins d'Arlon", Address: listing.Address{City: "Arlon", Zip: "6700"}},
		{ID: 47, Name: "Gone", Withdrawn: true},
	}
	cities := []listing.City{
		{Name: "Liège", Zip: "4000", PropertyCount: 3},
		{Name: "Libramont", Zip: "6800", PropertyCount: 2},
		{Name: "Recogne", Zip: "6800", PropertyCount: 1},
	}
	if err := ix.Apply(listing.NL, dutchFixture(), nil, projects, cities); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"town by folded name", SearchRequest{Kind: KindCity, Text: "liege"}, []string{"4000|Liège"}},
		{"towns by postcode", SearchRequest{Kind: KindCity, Text: "6800"}, []string{"6800|Libramont", "6800|Recogne"}},
		{"town prefix", SearchRequest{Kind: KindCity, Text: "li"}, []string{"4000|Liège", "6800|Libramont"}},
		{"project by name", SearchRequest{Kind: KindProject, Text: "linde"}, []string{"45"}},
		{"project by town", SearchRequest{Kind: KindProject, Text: "arlon"}, []string{"46"}},
		{"all projects, withdrawn left out", SearchRequest{Kind: KindProject}, []string{"45", "46"}},
		{"properties unaffected", SearchRequest{Text: "liege"}, []string{"102"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 20
			if got := sorted(find(t, ix, listing.NL, tt.req).IDs); !slices.Equal(got, tt.want) {
				t.Errorf("Find(%+v) = %v, want %v", tt.req, got, tt.want)
			}
		})
	}
	if n, _ := ix.Count(listing.NL); n != 4 {
		t.Errorf("Count = %d, want 4 (properties only)", n)
	}

	// Non-nil lists replace; nil lists keep.
	if err := ix.Apply(listing.NL, nil, nil, nil, []listing.City{{Name: "Gent", Zip: "9000"}}); err != nil {
		t.Fatal(err)
	}
	if got := sorted(find(t, ix, listing.NL, SearchRequest{Kind: KindCity, Length: 20}).IDs); !slices.Equal(got, []string{"9000|Gent"}) {
		t.Errorf("cities after replace = %v, want [9000|Gent]", got)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Kind: KindProject}).Total; got != 2 {
		t.Errorf("projects after a nil list = %d, want 2 (kept)", got)
	}
	if err := ix.Apply(listing.NL, nil, nil, []listing.Project{}, nil); err != nil {
		t.Fatal(err)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Kind: KindProject}).Total; got != 0 {
		t.Errorf("projects after an empty list = %d, want 0", got)
	}
}

func TestReopenKeepsDocuments(t *testing.T) {
	dir := t.TempDir()
	ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Find after Close: error = %v, want ErrClosed", err)
	}

	ix = openTest(t, dir, listing.NL)
	if ix.Stale(listing.NL) {
		t.Error("Stale after reopening a current index")
	}
	// The text is on disk; the columns come from the store (here the fixture) through Load.
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrNotLoaded) {
		t.Errorf("Find before Load: error = %v, want ErrNotLoaded", err)
	}
	if err := ix.Load(listing.NL, SliceDocs(dutchFixture(), nil, nil)); err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "bievre", Length: 20}).IDs; !slices.Equal(got, []string{"101"}) {
		t.Errorf("Find after reopen = %v, want [101]", got)
	}
}

func TestMappingVersionChangeRecreates(t *testing.T) {
	dir := t.TempDir()
	writeDutch(t, dir)

	// An index written by an older mapping.
	raw, err := bleve.Open(filepath.Join(dir, "nl.bleve"))
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.SetInternal(mappingVersionKey, []byte("0-old")); err != nil {
		t.Fatal(err)
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}

	ix := openTest(t, dir, listing.NL)
	if !ix.Stale(listing.NL) {
		t.Error("Stale = false after a mapping version change")
	}
	if n, err := ix.Count(listing.NL); err != nil || n != 0 {
		t.Errorf("Count = %d, %v; want an empty index", n, err)
	}
}

func TestCorruptIndexIsRecreated(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "nl.bleve"), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "nl.bleve", "index_meta.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	ix := openTest(t, dir, listing.NL)
	if !ix.Stale(listing.NL) {
		t.Error("Stale = false for a recreated index")
	}
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatalf("Apply to the recreated index: %v", err)
	}
}

// docsOf serves properties like the store would, with hooks to act in the middle of a rebuild.
func docsOf(props []listing.Property, each func(i int) error) Docs {
	return Docs{
		Total: len(props),
		Properties: func(yield func(listing.Property) error) error {
			for i, p := range props {
				if each != nil {
					if err := each(i); err != nil {
						return err
					}
				}
				if err := yield(p); err != nil {
					return err
				}
			}
			return nil
		},
		Cities: []listing.City{{Name: "Gent", Zip: "9000"}},
	}
}

func manyProps(n, firstID int, city string) []listing.Property {
	out := make([]listing.Property, n)
	for i := range out {
		out[i] = prop(firstID+i, city, "9000", "Villa")
	}
	return out
}

func TestRebuildSwapsWhileSearchesContinue(t *testing.T) {
	dir := t.TempDir()
	ix := openTest(t, dir, listing.NL)
	ix.batchSize = 50
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}

	// Searches run all along; each must succeed and see either the old or the new index, whole.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var searches, failures atomic.Int64
	var firstErr atomic.Value
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			res, err := ix.Find(context.Background(), listing.NL, SearchRequest{})
			searches.Add(1)
			if err != nil || (res.Total != 4 && res.Total != 500) {
				failures.Add(1)
				firstErr.CompareAndSwap(nil, fmt.Sprintf("total %d, err %v", res.Total, err))
			}
		}
	})

	var midOld []string
	var progressCalls int
	docs := docsOf(manyProps(500, 1000, "Gent"), func(i int) error {
		if i == 250 {
			// Half way: the live index is still the old one.
			midOld = sorted(find(t, ix, listing.NL, SearchRequest{Text: "liege", Length: 20}).IDs)
		}
		return nil
	})
	err := ix.Rebuild(context.Background(), listing.NL, docs, func(done, total int) {
		progressCalls++
		if total != 500 || done > total {
			t.Errorf("progress(%d, %d)", done, total)
		}
	})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("Rebuild: %v", err)
	}
	if !slices.Equal(midOld, []string{"102"}) {
		t.Errorf("search during rebuild = %v, want the old index's [102]", midOld)
	}
	if progressCalls < 10 {
		t.Errorf("progress called %d times, want once per batch of 50", progressCalls)
	}
	if f := failures.Load(); f > 0 {
		t.Errorf("%d of %d concurrent searches failed; first: %v", f, searches.Load(), firstErr.Load())
	}
	if n, _ := ix.Count(listing.NL); n != 500 {
		t.Errorf("Count after rebuild = %d, want 500", n)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "liege", Length: 20}).IDs; len(got) != 0 {
		t.Errorf("old documents still found after rebuild: %v", got)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Kind: KindCity, Length: 20}).IDs; !slices.Equal(got, []string{"9000|Gent"}) {
		t.Errorf("cities after rebuild = %v", got)
	}
	if ix.Stale(listing.NL) {
		t.Error("Stale after a successful rebuild")
	}
	assertNoLeftovers(t, dir)

	// The swapped-in index opens normally (safe batches, current version) after a restart.
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix2 := openTest(t, dir, listing.NL)
	if ix2.Stale(listing.NL) {
		t.Error("rebuilt index reported stale at reopen")
	}
	if n, _ := ix2.Count(listing.NL); n != 500 {
		t.Errorf("Count after reopen = %d, want 500", n)
	}
}

func TestRebuildClearsStale(t *testing.T) {
	for _, unsafe := range []bool{false, true} {
		t.Run(fmt.Sprintf("unsafe=%v", unsafe), func(t *testing.T) {
			dir := t.TempDir()
			ix := openTest(t, dir, listing.NL)
			ix.unsafeRebuild = unsafe
			if !ix.Stale(listing.NL) {
				t.Fatal("new index not stale")
			}
			if err := ix.Rebuild(context.Background(), listing.NL, docsOf(dutchFixture(), nil), nil); err != nil {
				t.Fatal(err)
			}
			if ix.Stale(listing.NL) {
				t.Error("Stale after Rebuild")
			}
			if got := sorted(find(t, ix, listing.NL, SearchRequest{Text: "bievre", Length: 20}).IDs); !slices.Equal(got, []string{"101"}) {
				t.Errorf("Find after rebuild = %v", got)
			}
			// Writes after the swap are safe batches again, and survive a reopen.
			if err := ix.Apply(listing.NL, []listing.Property{prop(9, "Arlon", "6700", "Villa")}, nil, nil, nil); err != nil {
				t.Fatal(err)
			}
			if err := ix.Close(); err != nil {
				t.Fatal(err)
			}
			ix2 := openTest(t, dir, listing.NL)
			if n, _ := ix2.Count(listing.NL); n != 5 {
				t.Errorf("Count after reopen = %d, want 5", n)
			}
		})
	}
}

func TestRebuildFailureKeepsOldIndex(t *testing.T) {
	boom := errors.New("store read failed")
	tests := []struct {
		name    string
		ctx     func() (context.Context, context.CancelFunc)
		each    func(cancel context.CancelFunc) func(int) error
		wantErr error
	}{
		{
			name: "cancelled midway",
			ctx:  func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) },
			each: func(cancel context.CancelFunc) func(int) error {
				return func(i int) error {
					if i == 120 {
						cancel()
					}
					return nil
				}
			},
			wantErr: context.Canceled,
		},
		{
			name: "source error",
			ctx:  func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) },
			each: func(context.CancelFunc) func(int) error {
				return func(i int) error {
					if i == 120 {
						return boom
					}
					return nil
				}
			},
			wantErr: boom,
		},
	}
	for _, tt := range tests {
		for _, unsafe := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/unsafe=%v", tt.name, unsafe), func(t *testing.T) {
				testRebuildFailure(t, unsafe, tt.ctx, tt.each, tt.wantErr)
			})
		}
	}
}

func testRebuildFailure(t *testing.T, unsafe bool, mkCtx func() (context.Context, context.CancelFunc),
	each func(context.CancelFunc) func(int) error, wantErr error) {
	dir := t.TempDir()
	ix := openTest(t, dir, listing.NL)
	ix.batchSize, ix.unsafeRebuild = 50, unsafe
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := mkCtx()
	defer cancel()
	err := ix.Rebuild(ctx, listing.NL, docsOf(manyProps(300, 1000, "Gent"), each(cancel)), nil)
	if !errors.Is(err, wantErr) {
		t.Fatalf("Rebuild error = %v, want %v", err, wantErr)
	}
	if n, _ := ix.Count(listing.NL); n != 4 {
		t.Errorf("Count = %d, want the old 4", n)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "liege", Length: 20}).IDs; !slices.Equal(got, []string{"102"}) {
		t.Errorf("old index search = %v, want [102]", got)
	}
	assertNoLeftovers(t, dir)
	// Still writable.
	if err := ix.Apply(listing.NL, nil, []int{102}, nil, nil); err != nil {
		t.Errorf("Apply after failed rebuild: %v", err)
	}
}

func TestApplyDuringRebuildLandsInNewIndex(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	ix.batchSize = 20
	applied := make(chan error, 1)
	docs := docsOf(manyProps(100, 1000, "Gent"), func(i int) error {
		if i == 50 {
			// The syncer stores a new property after the rebuild read past it, then applies it.
			go func() {
				applied <- ix.Apply(listing.NL, []listing.Property{prop(5, "Liège", "4000", "Villa")}, nil, nil, nil)
			}()
		}
		return nil
	})
	if err := ix.Rebuild(context.Background(), listing.NL, docs, nil); err != nil {
		t.Fatal(err)
	}
	if err := <-applied; err != nil {
		t.Fatal(err)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "liege", Length: 20}).IDs; !slices.Equal(got, []string{"5"}) {
		t.Errorf("property applied during the rebuild: search = %v, want [5]", got)
	}
	if n, _ := ix.Count(listing.NL); n != 101 {
		t.Errorf("Count = %d, want 101", n)
	}
}

func TestOpenRecoversFromInterruptedRebuild(t *testing.T) {
	dir := t.TempDir()
	writeDutch(t, dir)
	live := filepath.Join(dir, "nl.bleve")

	t.Run("unfinished build is removed", func(t *testing.T) {
		junk := live + tmpSuffix + "CRASHED"
		if err := os.MkdirAll(filepath.Join(junk, "store"), 0o750); err != nil {
			t.Fatal(err)
		}
		ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		if ix.Stale(listing.NL) {
			t.Error("Stale: the live index was fine")
		}
		if n, _ := ix.Count(listing.NL); n != 4 {
			t.Errorf("Count = %d, want 4", n)
		}
		assertNoLeftovers(t, dir)
	})

	t.Run("crash between the swap renames", func(t *testing.T) {
		if err := os.Rename(live, live+oldSuffix+"CRASHED"); err != nil {
			t.Fatal(err)
		}
		ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		if n, _ := ix.Count(listing.NL); n != 4 {
			t.Errorf("Count = %d, want the restored 4", n)
		}
		if !ix.Stale(listing.NL) {
			t.Error("Stale = false: the interrupted rebuild should be run again")
		}
		assertNoLeftovers(t, dir)
	})
}

func assertNoLeftovers(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); n != "nl.bleve" && n != "fr.bleve" && n != "index.lock" {
			t.Errorf("leftover in index dir: %s", n)
		}
	}
}

func TestMappingIsStableAndPerLanguage(t *testing.T) {
	seen := map[string]listing.Lang{}
	for _, lang := range []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE} {
		a, err := buildMapping(lang)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		b, _ := buildMapping(lang)
		va, _ := storedVersion(a)
		vb, _ := storedVersion(b)
		if va != vb {
			t.Errorf("%s: version differs between builds (%s, %s): every Open would rebuild", lang, va, vb)
		}
		if other, dup := seen[va]; dup {
			t.Errorf("%s and %s share version %s", lang, other, va)
		}
		seen[va] = lang
		if a.DefaultMapping.Enabled || a.IndexDynamic || a.StoreDynamic || a.DocValuesDynamic {
			t.Errorf("%s: dynamic mapping enabled", lang)
		}
	}
}

func TestAnalyzers(t *testing.T) {
	tests := []struct {
		lang     listing.Lang
		analyzer string
		in       string
		want     []string
	}{
		{listing.NL, analyzerText, "Tuinen en kamers", []string{"tuin", "kamer"}},
		{listing.NL, analyzerText, "één slaapkamer", []string{"slaapkamer"}}, // folded stop word
		{listing.FR, analyzerText, "L'église à côté des maisons", []string{"eglis", "cote", "maison"}},
		{listing.DE, analyzerText, "Häuser für Familien", []string{"haus", "famili"}},
		{listing.EN, analyzerText, "The owner's gardens", []string{"owner", "garden"}},
		{listing.NL, analyzerFolded, "Sint-Niklaas Liège", []string{"sint", "niklaas", "liege"}},
		{listing.NL, analyzerFoldedKeyword, "Liège-Sud", []string{"liege-sud"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.in, func(t *testing.T) {
			im, err := buildMapping(tt.lang)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tok := range im.AnalyzerNamed(tt.analyzer).Analyze([]byte(tt.in)) {
				got = append(got, string(tok.Term))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s(%q) = %q, want %q", tt.analyzer, tt.in, got, tt.want)
			}
		})
	}
}

func TestStripHTML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"<p>Mooie<br>villa</p>", "Mooie villa"},
		{"caf&eacute; &amp; bar", "café & bar"},
		{"<style>p{color:red}</style>tekst<script>alert(1)</script>", "tekst"},
		{"prijs < 300.000", "prijs < 300.000"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := stripHTML(tt.in); got != tt.want {
				t.Errorf("stripHTML(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPropertyDoc(t *testing.T) {
	hidden := prop(1, "Gent", "9000", "Villa", withStreet("Kerkstraat", false), withPrice(100, false),
		func(p *listing.Property) { p.Geo = &listing.Geo{Lat: 51.054321, Lng: 3.726789} })
	d := propertyDoc(hidden)
	for _, f := range []string{fStreet, fPrice} {
		if _, ok := d[f]; ok {
			t.Errorf("unpublished %s indexed: %v", f, d[f])
		}
	}
	if g := d[fGeo].(map[string]any); g["lat"] != 51.05 || g["lon"] != 3.73 {
		t.Errorf("geo of an unpublished address = %v, want rounded to 51.05, 3.73", g)
	}
	shown := hidden
	shown.Address.Published = true
	if g := propertyDoc(shown)[fGeo].(map[string]any); g["lat"] != 51.054321 {
		t.Errorf("geo of a published address = %v, want exact", g)
	}
	if _, ok := d[fEPCLabel]; !ok {
		t.Error("epcLabel missing")
	}
	empty := propertyDoc(listing.Property{ID: 2})
	for _, f := range []string{fEPCLabel, fRegion, fGeo, fBedrooms, fFeatures, fCreatedAt} {
		if _, ok := empty[f]; ok {
			t.Errorf("empty %s indexed as %v: would make an empty facet value or a 0", f, empty[f])
		}
	}
}

func TestGeoPointIsIndexed(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	exact := &listing.Geo{Lat: 49.921234, Lng: 5.378765}
	props := []listing.Property{
		prop(1, "Libramont", "6800", "Villa", func(p *listing.Property) { p.Geo = exact }),
		prop(2, "Libramont", "6800", "Villa", withStreet("Rue X", false), func(p *listing.Property) { p.Geo = exact }),
		prop(3, "Gent", "9000", "Villa"), // no point
	}
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		lat, lng float64
		distance string
		want     []string
	}{
		{"exact point, 50 m", exact.Lat, exact.Lng, "50m", []string{"1"}},
		{"rounded point, 50 m", 49.92, 5.38, "50m", []string{"2"}},
		{"both within 2 km", exact.Lat, exact.Lng, "2km", []string{"1", "2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := bleve.NewGeoDistanceQuery(tt.lng, tt.lat, tt.distance) // Bleve takes lon, lat
			q.SetField(fGeo)
			res, err := ix.shards[listing.NL].idx.Search(bleve.NewSearchRequest(q))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range res.Hits {
				got = append(got, strings.TrimPrefix(h.ID, prefixProperty))
			}
			if got = sorted(got); !slices.Equal(got, tt.want) {
				t.Errorf("geo distance %s = %v, want %v", tt.distance, got, tt.want)
			}
		})
	}
}

func TestOpenLockedIndexIsNotDeleted(t *testing.T) {
	dir := t.TempDir()
	ix := openTest(t, dir, listing.NL)
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	// A second opener (another process, e.g. a CLI while the server runs) must fail, not treat the
	// locked index as corrupt and recreate it.
	start := time.Now()
	if _, err := Open(dir, []listing.Lang{listing.NL}, nil); !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: error = %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("second Open took %v", d)
	}
	if n, _ := ix.Count(listing.NL); n != 4 {
		t.Errorf("Count after a refused second Open = %d, want 4", n)
	}
	// A rebuild's temporary index must survive a second Open attempt.
	tmp := filepath.Join(dir, "nl.bleve"+tmpSuffix+"RUNNING")
	if err := os.MkdirAll(tmp, 0o750); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, []listing.Lang{listing.NL}, nil); !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: error = %v, want ErrLocked", err)
	}
	if _, err := os.Stat(tmp); err != nil {
		t.Errorf("second Open removed a running rebuild's directory: %v", err)
	}
	// Released by Close.
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix2, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	_ = ix2.Close()
}
