package platformsync_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	platformsync "github.com/estate-agency/estate/sync"
)

func TestDirSourceRejectsAFolderWithoutDataset(t *testing.T) {
	for _, dir := range []string{t.TempDir(), filepath.Join(t.TempDir(), "missing")} {
		if _, err := platformsync.NewDirSource(dir, brussels); err == nil {
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
	src, err := platformsync.NewDirSource(dir, brussels)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, ix := openData(t, log)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	s := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: langs, Zone: brussels, Now: func() time.Time { return now }})
	if run, err := s.Run(context.Background(), platformsync.RunOptions{}); err != nil || run.Added != 152 {
		t.Fatalf("first run = %+v, %v", run, err)
	}

	edited := ds.Lang(listing.FR).PropertyIDs()[2]
	ds.Lang(listing.FR).EditProperty(edited, func(p *platform.Property) {
		p.Price, p.LastChangedDate = 199000, platform.WallClock(now.Add(time.Hour).In(brussels))
	})
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Hour)
	run, err := s.Run(context.Background(), platformsync.RunOptions{})
	if err != nil || run.Changed != 1 || run.Added != 0 {
		t.Fatalf("run after the edit = %+v, %v", run, err)
	}
	p, _ := st.Property(listing.FR, edited)
	if p.Price.Amount != 199000 {
		t.Errorf("price = %v", p.Price.Amount)
	}

	// A file the dataset cannot read fails the run and changes nothing.
	if err := os.WriteFile(filepath.Join(dir, platform.MethodPropertyList, "nl.json"), []byte("[{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(context.Background(), platformsync.RunOptions{Full: true}); err == nil {
		t.Error("a broken file did not fail the run")
	}
	if c, _ := st.CountProperties(listing.NL); c.Sale != 61 || c.Rent != 15 {
		t.Errorf("counts after a broken file: %+v", c)
	}
}

// TestDemoSlotsFollowTheCalendar: a demo dataset's visit slots move forward
// by whole weeks once its first slot has passed, keeping weekday and
// Brussels time across summer time; data served as it is never moves.
func TestDemoSlotsFollowTheCalendar(t *testing.T) {
	at := func(y int, m time.Month, d, h int) platform.Date {
		return platform.WallClock(time.Date(y, m, d, h, 0, 0, 0, brussels))
	}
	dir := t.TempDir()
	ds := &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{listing.NL: {
		Properties: platform.RawAll([]platform.Property{{ID: 1}}),
		Appointments: platform.RawAll([]platform.Appointment{
			{ID: 1, ObjectID: 1, StartDate: at(2026, 12, 3, 18), EndDate: at(2026, 12, 3, 19), Capacity: 1},
			{ID: 2, ObjectID: 1, StartDate: at(2027, 1, 9, 10), EndDate: at(2027, 1, 9, 11), Capacity: 2},
		}),
	}}}
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	src, err := platformsync.NewDirSource(dir, brussels)
	if err != nil {
		t.Fatal(err)
	}
	starts := func() []string {
		rows, err := src.Appointments(context.Background(), listing.NL, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(rows.Items))
		for i, a := range rows.Items {
			out[i] = a.StartDate.In(brussels).Format("Mon 2006-01-02 15:04") + "–" + a.EndDate.In(brussels).Format("15:04")
		}
		return out
	}
	want := func(t *testing.T, got []string, want ...string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("slots %q, want %q", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("slot %d = %q, want %q", i+1, got[i], want[i])
			}
		}
	}
	asExported := []string{"Thu 2026-12-03 18:00–19:00", "Sat 2027-01-09 10:00–11:00"}

	t.Run("served as it is without a clock", func(t *testing.T) {
		want(t, starts(), asExported...)
	})
	for _, tc := range []struct {
		name string
		now  time.Time
		want []string
	}{
		{"the first slot still ahead", time.Date(2026, 12, 3, 17, 59, 0, 0, brussels), asExported},
		{"the first slot begun", time.Date(2026, 12, 3, 18, 0, 0, 0, brussels), []string{"Thu 2026-12-10 18:00–19:00", "Sat 2027-01-16 10:00–11:00"}},
		{"months later, in summer time", time.Date(2027, 7, 1, 12, 0, 0, 0, brussels), []string{"Thu 2027-07-01 18:00–19:00", "Sat 2027-08-07 10:00–11:00"}},
		{"the evening of a first slot's weekday", time.Date(2027, 7, 1, 18, 30, 0, 0, brussels), []string{"Thu 2027-07-08 18:00–19:00", "Sat 2027-08-14 10:00–11:00"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src.SlotsClock = func() time.Time { return tc.now }
			want(t, starts(), tc.want...)
		})
	}
}
