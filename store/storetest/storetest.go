// Package storetest opens stores for tests, as net/http/httptest starts
// servers: in a temporary directory, or in a given one for a test that
// reads what a command wrote, and closed when the test ends.
package storetest

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// Open opens a new store in a temporary directory for langs.
func Open(t testing.TB, langs ...listing.Lang) *store.Store {
	t.Helper()
	return OpenIn(t, t.TempDir(), langs...)
}

// OpenIn opens the store of the storage directory dir (its estate.db, as
// storage.dir lays it out) for langs. A test may close it early, to let a
// command open it: closing twice is harmless.
func OpenIn(t testing.TB, dir string, langs ...listing.Lang) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(dir, "estate.db"), langs, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// WithdrawOne reads the active properties of st in each of langs and
// withdraws, the way a sync run does (the store only), the first one in
// langs[0] that pick accepts. It returns the active properties left per
// language and the withdrawn one as langs[0] reads it now.
func WithdrawOne(t testing.TB, st *store.Store, langs []listing.Lang, pick func(listing.Property) bool) (map[listing.Lang][]listing.Property, listing.Property) {
	t.Helper()
	active := map[listing.Lang][]listing.Property{}
	for _, l := range langs {
		ids, err := st.ActivePropertyIDs(l)
		if err != nil {
			t.Fatal(err)
		}
		if active[l], err = st.PropertiesByID(l, ids); err != nil {
			t.Fatal(err)
		}
	}
	i := slices.IndexFunc(active[langs[0]], pick)
	if i < 0 {
		t.Fatalf("no active %s property to withdraw", langs[0])
	}
	victim := active[langs[0]][i].ID
	for _, l := range langs {
		if _, err := st.ApplyLanguage(store.LangUpdate{Lang: l, Withdraw: []int{victim}, Now: time.Now()}); err != nil {
			t.Fatal(err)
		}
		active[l] = slices.DeleteFunc(active[l], func(p listing.Property) bool { return p.ID == victim })
	}
	withdrawn, err := st.Property(langs[0], victim)
	if err != nil || !withdrawn.Withdrawn {
		t.Fatalf("withdrawn listing: %+v, %v", withdrawn.Withdrawn, err)
	}
	return active, withdrawn
}
