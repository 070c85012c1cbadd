package sync_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	estsync "github.com/estate-agency/estate/sync"
	"github.com/estate-agency/estate/sync/wire"
)

func TestDirSourceRejectsAFolderWithoutDataset(t *testing.T) {
	for _, dir := range []string{t.TempDir(), filepath.Join(t.TempDir(), "missing")} {
		if _, err := estsync.NewDirSource(dir); err == nil {
			t.Errorf("NewDirSource(%s) accepted a folder without a dataset", dir)
		}
	}
}

// TestDirSourcePicksUpEditedFiles edits the dataset on disk between two
// runs, as an agency would on the platform: the incremental run sees it.
func TestDirSourcePicksUpEditedFiles(t *testing.T) {
	dir := t.TempDir()
	ds := loadDemo(t)
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	src, err := estsync.NewDirSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, ix := openData(t, log)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	s := estsync.NewSyncer(src, st, ix, log, estsync.Options{Languages: langs, Now: func() time.Time { return now }})
	if run, err := s.Run(context.Background(), estsync.RunOptions{}); err != nil || run.Added != 140 {
		t.Fatalf("first run = %+v, %v", run, err)
	}

	fr := ds.Lang(listing.FR)
	fr.Properties[2].Price = 199000
	fr.Properties[2].LastChangedDate = wire.Date{Time: now.Add(time.Hour)}
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	run, err := s.Run(context.Background(), estsync.RunOptions{})
	if err != nil || run.Changed != 1 || run.Added != 0 {
		t.Fatalf("run after the edit = %+v, %v", run, err)
	}
	p, _ := st.Property(listing.FR, fr.Properties[2].ID)
	if p.Price.Amount != 199000 {
		t.Errorf("price = %v", p.Price.Amount)
	}

	// A file the dataset cannot read fails the run and changes nothing.
	if err := os.WriteFile(filepath.Join(dir, wire.MethodProperty, "nl.json"), []byte("[{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(context.Background(), estsync.RunOptions{Full: true}); err == nil {
		t.Error("a broken file did not fail the run")
	}
	if c, _ := st.CountProperties(listing.NL); c.Sale != 58 || c.Rent != 12 {
		t.Errorf("counts after a broken file: %+v", c)
	}
}
