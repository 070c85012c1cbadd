// Package storetest opens stores for tests, as net/http/httptest starts
// servers: in a temporary directory, or in a given one for a test that
// reads what a command wrote, and closed when the test ends.
package storetest

import (
	"path/filepath"
	"testing"

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
