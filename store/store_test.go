package store

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/listing"
)

var langs = []listing.Lang{listing.NL, listing.FR}

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "estate.db"), langs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func prop(id int, goal listing.Goal, city string) listing.Property {
	return listing.Property{ID: id, Goal: goal, Address: listing.Address{City: city, Zip: "6800"}}
}

func TestApplyLanguageCountsChanges(t *testing.T) {
	s := open(t)
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	ch, err := s.ApplyLanguage(LangUpdate{Lang: listing.NL, Upsert: []listing.Property{
		prop(1, listing.Sale, "Bertrix"), prop(2, listing.Sale, "Bouillon"), prop(3, listing.Rent, "Paliseul"),
	}, SyncedAt: now, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.Added) != 3 || len(ch.Changed) != 0 || len(ch.Removed) != 0 {
		t.Fatalf("first apply: %+v", ch)
	}

	tests := []struct {
		name                   string
		upd                    LangUpdate
		added, changed, remove int
		counts                 Counts
	}{
		{"same data changes nothing", LangUpdate{Lang: listing.NL, Upsert: []listing.Property{prop(1, listing.Sale, "Bertrix")}},
			0, 0, 0, Counts{Sale: 2, Rent: 1}},
		{"a changed field is a change", LangUpdate{Lang: listing.NL, Upsert: []listing.Property{prop(1, listing.Sale, "Herbeumont")}},
			0, 1, 0, Counts{Sale: 2, Rent: 1}},
		{"withdraw keeps the record", LangUpdate{Lang: listing.NL, Withdraw: []int{2, 99}, Now: now},
			0, 0, 1, Counts{Sale: 1, Rent: 1, Withdrawn: 1}},
		{"withdrawing twice counts once", LangUpdate{Lang: listing.NL, Withdraw: []int{2}, Now: now},
			0, 0, 0, Counts{Sale: 1, Rent: 1, Withdrawn: 1}},
		{"a withdrawn listing that returns is added", LangUpdate{Lang: listing.NL, Upsert: []listing.Property{prop(2, listing.Sale, "Bouillon")}},
			1, 0, 0, Counts{Sale: 2, Rent: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch, err := s.ApplyLanguage(tt.upd)
			if err != nil {
				t.Fatal(err)
			}
			if len(ch.Added) != tt.added || len(ch.Changed) != tt.changed || len(ch.Removed) != tt.remove {
				t.Errorf("changes = %+v, want %d added %d changed %d removed", ch, tt.added, tt.changed, tt.remove)
			}
			c, err := s.CountProperties(listing.NL)
			if err != nil {
				t.Fatal(err)
			}
			if c != tt.counts {
				t.Errorf("counts = %+v, want %+v", c, tt.counts)
			}
		})
	}

	p, err := s.Property(listing.NL, 1)
	if err != nil || p.Address.City != "Herbeumont" || p.Lang != listing.NL {
		t.Errorf("Property(1) = %+v, %v", p, err)
	}
	if _, err := s.Property(listing.FR, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("other language: err = %v, want ErrNotFound", err)
	}
	mark, err := s.LastGoodSync(listing.NL)
	if err != nil || !mark.Equal(now) {
		t.Errorf("LastGoodSync = %v, %v; want %v", mark, err, now)
	}
	if mark, _ := s.LastGoodSync(listing.FR); !mark.IsZero() {
		t.Errorf("fr never synced, mark = %v", mark)
	}
}

func TestEachPropertyCrossesChunks(t *testing.T) {
	s := open(t)
	var ps []listing.Property
	for id := 1; id <= 2500; id++ {
		ps = append(ps, prop(id*7, listing.Sale, "Libramont"))
	}
	if _, err := s.ApplyLanguage(LangUpdate{Lang: listing.FR, Upsert: ps}); err != nil {
		t.Fatal(err)
	}
	last, n := 0, 0
	err := s.EachProperty(listing.FR, func(p listing.Property) error {
		if p.ID <= last {
			t.Fatalf("order: %d after %d", p.ID, last)
		}
		last = p.ID
		n++
		return nil
	})
	if err != nil || n != 2500 {
		t.Fatalf("EachProperty walked %d, err %v", n, err)
	}
}

func TestReplaceSetsAndWithdrawProjects(t *testing.T) {
	s := open(t)
	upd := LangUpdate{
		Lang:     listing.FR,
		Types:    []listing.PropertyType{{ID: 1, Name: "Chalet"}, {ID: 2, Name: "Terrain"}},
		Projects: []listing.Project{{ID: 10, Name: "A"}, {ID: 11, Name: "B"}},
	}
	if _, err := s.ApplyLanguage(upd); err != nil {
		t.Fatal(err)
	}
	upd = LangUpdate{Lang: listing.FR, Types: []listing.PropertyType{{ID: 2, Name: "Terrain"}}, Projects: []listing.Project{{ID: 11, Name: "B2"}}}
	if _, err := s.ApplyLanguage(upd); err != nil {
		t.Fatal(err)
	}
	types, _ := s.Types(listing.FR)
	if len(types) != 1 || types[0].Lang != listing.FR {
		t.Errorf("types = %+v", types)
	}
	projects, _ := s.Projects(listing.FR)
	if len(projects) != 2 || !projects[0].Withdrawn || projects[1].Withdrawn || projects[1].Name != "B2" {
		t.Errorf("projects = %+v", projects)
	}
}

func TestRunsNewestFirst(t *testing.T) {
	s := open(t)
	if _, err := s.LastRun(); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no run yet: %v", err)
	}
	for i := range 3 {
		r := SyncRun{Added: i, OK: i != 2, Error: map[bool]string{true: "", false: "boom"}[i != 2]}
		if err := s.RecordRun(&r); err != nil {
			t.Fatal(err)
		}
		if r.ID != uint64(i+1) {
			t.Errorf("id = %d", r.ID)
		}
	}
	last, err := s.LastRun()
	if err != nil || last.Added != 2 || last.OK || last.Error != "boom" {
		t.Errorf("LastRun = %+v, %v", last, err)
	}
}

func TestSecondOpenIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "estate.db")
	s, err := Open(path, langs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, err = Open(path, langs, Options{LockTimeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("err = %v, want ErrLocked", err)
	}
}

func TestVisitSlots(t *testing.T) {
	s := open(t)
	at := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	err := s.ReplaceVisitSlots([]listing.VisitSlot{
		{ID: 2, PropertyID: 7, Start: at.Add(time.Hour)}, {ID: 1, PropertyID: 7, Start: at}, {ID: 3, PropertyID: 8, Start: at},
	})
	if err != nil {
		t.Fatal(err)
	}
	slots, err := s.VisitSlots(7)
	if err != nil || len(slots) != 2 || slots[0].ID != 1 {
		t.Errorf("slots = %+v, %v", slots, err)
	}
	if n, _ := s.CountVisitSlots(); n != 3 {
		t.Errorf("count = %d", n)
	}
}

func TestPropertiesByIDSeesEveryWrite(t *testing.T) {
	s := open(t)
	if _, err := s.ApplyLanguage(LangUpdate{Lang: listing.NL, Upsert: []listing.Property{prop(1, listing.Sale, "Bertrix"), prop(2, listing.Rent, "Alle")}}); err != nil {
		t.Fatal(err)
	}
	for i, city := range []string{"Bertrix", "Bouillon", "Paliseul"} {
		if i > 0 {
			if _, err := s.ApplyLanguage(LangUpdate{Lang: listing.NL, Upsert: []listing.Property{prop(1, listing.Sale, city)}}); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 { // the second read comes from the cache
			ps, err := s.PropertiesByID(listing.NL, []int{99, 1, 2})
			if err != nil || len(ps) != 2 || ps[0].ID != 1 || ps[1].ID != 2 {
				t.Fatalf("PropertiesByID = %+v, %v", ps, err)
			}
			if ps[0].Address.City != city {
				t.Errorf("after write %d: city %q, want %q", i, ps[0].Address.City, city)
			}
		}
	}
}

// TestRunsRecordedBeforeQuarantineStillDecode reads a run as the store wrote
// it before runs carried quarantined records and cut texts.
func TestRunsRecordedBeforeQuarantineStillDecode(t *testing.T) {
	s := open(t)
	old, err := os.ReadFile(filepath.Join("testdata", "sync-run-before-quarantine.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSyncRuns)
		if err := b.SetSequence(7); err != nil {
			return err
		}
		return b.Put(u64(7), old)
	}); err != nil {
		t.Fatal(err)
	}
	last, err := s.LastRun()
	if err != nil || last.ID != 7 || last.Changed != 3 || len(last.Languages) != 2 || last.Languages[1].Error == "" {
		t.Fatalf("old run = %+v, %v", last, err)
	}
	if last.Quarantined != nil || last.Languages[0].Quarantined != nil || last.Languages[0].Truncated != nil {
		t.Errorf("old run gained records: %+v", last)
	}

	run := SyncRun{OK: true, Languages: []LangRun{{Lang: listing.NL, OK: true,
		Quarantined: []Quarantined{{Kind: KindProperty, ID: 4003, Reason: "off the globe"}, {Kind: KindProperty, Row: 12, Reason: "no ID"}},
		Truncated:   []Truncated{{Kind: KindProperty, ID: 4005, Field: "description", From: 10_000_000, To: 19_990}}}},
		Quarantined: []Quarantined{{Kind: KindVisitSlot, Row: 3, Reason: "no ID"}}}
	if err := s.RecordRun(&run); err != nil {
		t.Fatal(err)
	}
	last, err = s.LastRun()
	if err != nil || last.ID != 8 || !reflect.DeepEqual(last.Languages, run.Languages) || !reflect.DeepEqual(last.Quarantined, run.Quarantined) {
		t.Errorf("new run = %+v, %v", last, err)
	}
}

func TestQuarantinedIDsMoveWithTheSyncMark(t *testing.T) {
	s := open(t)
	if ids, err := s.Quarantined(listing.NL); err != nil || ids != nil {
		t.Fatalf("fresh store: %v, %v", ids, err)
	}
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	steps := []struct {
		name string
		upd  LangUpdate
		want []int
	}{
		{"a run quarantines two", LangUpdate{Lang: listing.NL, SyncedAt: now, Quarantined: []int{4003, 4007}}, []int{4003, 4007}},
		{"a write without a sync mark keeps them", LangUpdate{Lang: listing.NL, Withdraw: []int{1}, Now: now}, []int{4003, 4007}},
		{"the next run replaces them", LangUpdate{Lang: listing.NL, SyncedAt: now.Add(time.Hour), Quarantined: []int{4007}}, []int{4007}},
		{"a clean run empties them", LangUpdate{Lang: listing.NL, SyncedAt: now.Add(2 * time.Hour)}, nil},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if _, err := s.ApplyLanguage(st.upd); err != nil {
				t.Fatal(err)
			}
			ids, err := s.Quarantined(listing.NL)
			if err != nil || !slices.Equal(ids, st.want) {
				t.Errorf("quarantined = %v, %v; want %v", ids, err, st.want)
			}
			if fr, _ := s.Quarantined(listing.FR); fr != nil {
				t.Errorf("fr quarantined = %v", fr)
			}
		})
	}
}

// TestTownsAreThoseOfTheListings: the towns of a language are those its
// active listings are in, counted, whatever an update adds, moves or
// withdraws, and a store written before towns were kept gets them from
// its listings.
func TestTownsAreThoseOfTheListings(t *testing.T) {
	s := open(t)
	town := func(id int, zip, city string) listing.Property {
		return listing.Property{ID: id, Goal: listing.Sale, Address: listing.Address{Zip: zip, City: city, CountryID: listing.CountryBelgium}}
	}
	towns := func() map[string]int {
		t.Helper()
		cs, err := s.Cities(listing.NL)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, c := range cs {
			out[c.Zip+" "+c.Name] = c.PropertyCount
		}
		return out
	}
	apply := func(u LangUpdate) {
		t.Helper()
		u.Lang = listing.NL
		if _, err := s.ApplyLanguage(u); err != nil {
			t.Fatal(err)
		}
	}
	apply(LangUpdate{Upsert: []listing.Property{town(1, "6830", "Bouillon"), town(2, "6830", "Bouillon"), town(3, "6880", "Bertrix")}})
	if got := towns(); !maps.Equal(got, map[string]int{"6830 Bouillon": 2, "6880 Bertrix": 1}) {
		t.Errorf("after the first update: %v", got)
	}
	// An unchanged listing counts once; a move leaves its old town.
	apply(LangUpdate{Upsert: []listing.Property{town(1, "6830", "Bouillon"), town(3, "6800", "Libramont")}})
	if got := towns(); !maps.Equal(got, map[string]int{"6830 Bouillon": 2, "6800 Libramont": 1}) {
		t.Errorf("after a move: %v", got)
	}
	apply(LangUpdate{Withdraw: []int{1, 2}, Now: time.Now()})
	if got := towns(); !maps.Equal(got, map[string]int{"6800 Libramont": 1}) {
		t.Errorf("after withdrawals: %v", got)
	}
	apply(LangUpdate{Upsert: []listing.Property{town(2, "6830", "Bouillon")}})
	if got := towns(); !maps.Equal(got, map[string]int{"6800 Libramont": 1, "6830 Bouillon": 1}) {
		t.Errorf("after a listing came back: %v", got)
	}

	// A store from before: no town counts kept, a town list of the platform's.
	if err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Delete(langKey(keyTowns, listing.NL))
	}); err != nil {
		t.Fatal(err)
	}
	apply(LangUpdate{Upsert: []listing.Property{town(4, "6880", "Bertrix")}})
	if got := towns(); !maps.Equal(got, map[string]int{"6800 Libramont": 1, "6830 Bouillon": 1, "6880 Bertrix": 1}) {
		t.Errorf("after counting an older store: %v", got)
	}
}
