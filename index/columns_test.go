package index

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
)

func TestAttributes(t *testing.T) {
	got := Attributes(KindProperty)
	for _, a := range []string{"goal", "type", "city", "zip", "region", "epcLabel", "status", "features", "typeId",
		"countryId", "bedrooms", "bathrooms", "garages", "marquee", "webId", "price", "surfaceLiving", "surfaceGround",
		"epcValue", "createdAt", "changedAt", "id", "projectId"} {
		if !slices.Contains(got, a) {
			t.Errorf("Attributes(property) lacks %s", a)
		}
	}
	if !NumericAttribute(KindProperty, "price") || NumericAttribute(KindProperty, "city") || NumericAttribute(KindCity, "price") {
		t.Error("NumericAttribute is wrong")
	}
	if !slices.Contains(Attributes(KindCity), "saleCount") || !slices.Contains(Attributes(KindProject), "soldOut") {
		t.Error("town and project attributes missing")
	}
}

// TestIncrementalOrders checks that the sort orders Apply merges equal a full sort.
func TestIncrementalOrders(t *testing.T) {
	im, err := buildMapping(listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	props := findFixture()
	cols := newColumns(folder(im), 0)
	for _, p := range props {
		cols.putProperty(p)
	}
	cols.finish()
	live := map[int]listing.Property{}
	for _, p := range props {
		live[p.ID] = p
	}
	for round := range 12 {
		next := cols.clone()
		var upsert []listing.Property
		var remove []int
		for i := round; i < len(props); i += 37 {
			p := props[i]
			switch (i + round) % 4 {
			case 0:
				p.Price.Amount += 1000
				p.Price.Published = !p.Price.Published
			case 1:
				p.Status = listing.Sold
				p.Created = p.Created.Add(time.Duration(round) * time.Hour)
			case 2:
				remove = append(remove, p.ID)
				delete(live, p.ID)
				continue
			case 3:
				p.ID = 900000 + round*1000 + i // a new listing
			}
			upsert = append(upsert, p)
			live[p.ID] = p
		}
		applyColumns(next, upsert, remove, nil, nil)
		if len(next.dirty) > next.n/8 {
			t.Fatalf("round %d changes %d of %d: not the incremental path", round, len(next.dirty), next.n)
		}
		cols = next.finish()
	}
	all := slices.Collect(maps.Values(live))
	for s := range Sort(nSorts) {
		want := expectedOrder(all, s)
		var got []string
		for _, ord := range cols.order[s] {
			got = append(got, cols.ids[ord])
		}
		if !slices.Equal(got, want) {
			t.Errorf("sort %d: incremental order differs from a full sort", s)
		}
		for i, ord := range cols.order[s] {
			if cols.rank[s][ord] != uint32(i) {
				t.Fatalf("sort %d: rank of %d is %d, want %d", s, ord, cols.rank[s][ord], i)
			}
		}
	}
}
