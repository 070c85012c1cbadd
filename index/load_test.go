package index

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"testing"

	"github.com/estate-agency/estate/listing"
)

// findProbe is a set of requests whose answers must not depend on how the columns were built.
var findProbe = []SearchRequest{
	{Length: 50, Facets: []string{"city", "type", "bedrooms", "features", "price"}},
	{Text: "villa", Length: 30, Facets: []string{"city", "epcLabel"}},
	{Text: "Bastgne", Length: 30},
	{Filter: And{Term{"goal", "sale"}, NumRange{"price", 200000, 600000, true, true}}, Sort: SortPriceAsc, Offset: 10, Length: 20},
	{Geo: &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 50000}}, Sort: SortNewest, Length: 40, Facets: []string{"zip"}},
	{Kind: KindCity, Text: "li", Length: 10},
	{Kind: KindProject, Length: 10, Facets: []string{"types"}},
}

func TestLoadMatchesRebuild(t *testing.T) {
	props := findFixture()
	docs := SliceDocs(props, findProjects(), benchCities())
	dir := t.TempDir()
	ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Rebuild(context.Background(), listing.NL, docs, nil); err != nil {
		t.Fatal(err)
	}
	var want []SearchResult
	for _, req := range findProbe {
		want = append(want, find(t, ix, listing.NL, req))
	}
	applied := openFind(t, props)
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Find after Close: %v, want ErrClosed", err)
	}

	ix = openTest(t, dir, listing.NL)
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrNotLoaded) {
		t.Fatalf("Find before Load: %v, want ErrNotLoaded", err)
	}
	if ix.Loaded(listing.NL) || ix.CityCounts(listing.NL) != nil {
		t.Error("columns reported before Load")
	}
	if err := ix.Load(listing.NL, docs); err != nil {
		t.Fatalf("Load: %v", err)
	}
	for name, other := range map[string]*Index{"load": ix, "apply": applied} {
		for i, req := range findProbe {
			got := find(t, other, listing.NL, req)
			if !sameResult(got, want[i]) {
				t.Errorf("%s: probe %d differs from the rebuilt index:\n got %+v\nwant %+v", name, i, got, want[i])
			}
		}
	}

	t.Run("a document Bleve has and the store lacks is never found", func(t *testing.T) {
		missing := props[0]
		if err := ix.Load(listing.NL, SliceDocs(props[1:], nil, nil)); err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second search reuses the segment maps of this version
			res := find(t, ix, listing.NL, SearchRequest{Text: missing.Address.City, Length: 1000})
			if slices.Contains(res.IDs, strconv.Itoa(missing.ID)) {
				t.Errorf("%d found by text though the columns lack it", missing.ID)
			}
			want := idsWhere(props[1:], func(p listing.Property) bool { return p.Address.City == missing.Address.City })
			if got := sorted(res.IDs); !slices.Equal(got, want) {
				t.Errorf("got %d hits, want %d", len(got), len(want))
			}
		}
	})

	t.Run("stale index is refused", func(t *testing.T) {
		fresh := openTest(t, t.TempDir(), listing.NL)
		if err := fresh.Load(listing.NL, docs); !errors.Is(err, ErrStale) {
			t.Errorf("Load of a new index: %v, want ErrStale", err)
		}
		if _, err := fresh.Find(context.Background(), "xx", SearchRequest{}); !errors.Is(err, ErrUnknownLanguage) {
			t.Errorf("Find(xx): %v", err)
		}
		if _, err := fresh.Find(context.Background(), listing.NL, SearchRequest{Kind: 7}); err == nil {
			t.Error("Find of kind 7: want an error")
		}
	})
}

func sameResult(a, b SearchResult) bool {
	if a.Total != b.Total || !slices.Equal(a.IDs, b.IDs) || len(a.Facets) != len(b.Facets) || !maps.Equal(a.FacetStats, b.FacetStats) {
		return false
	}
	for k, v := range a.Facets {
		if !maps.Equal(v, b.Facets[k]) {
			return false
		}
	}
	return true
}
