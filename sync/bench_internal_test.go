package platformsync

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// BenchmarkReindex50k is the goal "rebuilding the search index of 50,000
// listings from the store takes at most 60 s". The store is filled outside the
// timer with listings mapped by the production mapping (so the documents look
// like synced ones: cleaned descriptions, pictures, derived fields), written
// straight to the store with no index work; then Syncer.Reindex rebuilds the
// Dutch index from it, as `estate reindex` does.
//
//	go test ./sync -run '^$' -bench Reindex50k -benchtime 1x
//	ESTATE_BENCH_N=5000 go test ./sync -run '^$' -bench Reindex50k -benchtime 1x   # quick
func BenchmarkReindex50k(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_N", 50_000)
	lang := listing.NL
	langs := []listing.Lang{lang}
	dir := b.TempDir()
	st := storetest.OpenIn(b, dir, langs...)
	prefill(b, st, lang, n)
	benchmark.ResetPeakRSS()

	log := slog.New(slog.DiscardHandler)
	ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	// No source: a reindex reads only the store, and a call to the platform
	// would panic here rather than go unnoticed in the figures.
	sy := NewSyncer(nil, st, ix, log, Options{Languages: langs})

	for b.Loop() {
		if err := sy.Reindex(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
	if got, err := ix.Count(lang); err != nil || got != uint64(n) {
		b.Fatalf("index holds %d listings (err %v), want %d", got, err, n)
	}
	per := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(per, "s/reindex")
	b.ReportMetric(float64(n)/per, "docs/s")
	b.ReportMetric(benchmark.PeakRSSMB(), "peakRSS-MB")

	// The store's share of a reindex, timed apart after the loop: the count
	// (for the progress total) and the walk each decode every listing.
	start := time.Now()
	if _, err := st.CountProperties(lang); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(time.Since(start).Seconds(), "s-count")
	start = time.Now()
	if err := st.EachProperty(lang, func(listing.Property) error { return nil }); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(time.Since(start).Seconds(), "s-walk")
}

// prefill writes n synthetic listings, mapped as a sync maps them, in
// transactions of a few thousand so the setup itself stays light on memory.
func prefill(b *testing.B, st *store.Store, lang listing.Lang, n int) {
	b.Helper()
	start := time.Now()
	ld := demo.Synthetic(n, []listing.Lang{lang}, 1).Lang(lang)
	upd := store.LangUpdate{Lang: lang}
	upd.Types = mapTypes(platform.DecodeRows[platform.TypeOfProperty](ld.Types).Items,
		platform.DecodeRows[platform.WebCategory](ld.WebCategories).Items, lang)
	m := &mapper{lang: lang, zone: time.UTC, badges: listing.DefaultBadgeRules(), types: newTypeIndex(upd.Types),
		hosts: listing.VideoHosts{Tours: []string{"matterport.com", "nodalview.com", "kuula.co"}}}
	const chunk = 5000
	for i := 0; i < len(ld.Properties); i += chunk {
		rows := platform.DecodeRows[platform.Property](ld.Properties[i:min(i+chunk, len(ld.Properties))])
		upd.Upsert = make([]listing.Property, 0, len(rows.Items))
		for _, d := range rows.Items {
			p, _, err := m.property(d, nil)
			if err != nil {
				b.Fatalf("map %d: %v", d.ID, err)
			}
			upd.Upsert = append(upd.Upsert, p)
		}
		if _, err := st.ApplyLanguage(upd); err != nil {
			b.Fatal(err)
		}
		upd = store.LangUpdate{Lang: lang}
	}
	c, err := st.CountProperties(lang)
	if err != nil || c.Active() != n {
		b.Fatalf("store holds %d active listings (err %v), want %d", c.Active(), err, n)
	}
	b.Logf("prefilled %d listings in %s", n, time.Since(start).Round(time.Millisecond))
}

// BenchmarkCompliance50k is what the once-per-sync compliance check (and
// `estate compliance`, `estate status`) costs on a store of 50,000 mapped
// listings in one language: a walk that decodes every record plus the rules.
//
//	go test ./sync -run '^$' -bench Compliance50k -benchtime 3x
func BenchmarkCompliance50k(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_N", 50_000)
	lang := listing.NL
	st := storetest.OpenIn(b, b.TempDir(), lang)
	prefill(b, st, lang, n)
	benchmark.ResetPeakRSS()
	var rep ComplianceReport
	for b.Loop() {
		var err error
		if rep, err = Compliance(st, []listing.Lang{lang}); err != nil {
			b.Fatal(err)
		}
	}
	if rep.Listings != n {
		b.Fatalf("checked %d listings, want %d", rep.Listings, n)
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/check")
	b.ReportMetric(float64(rep.Missing()), "missing")
	b.ReportMetric(benchmark.PeakRSSMB(), "peakRSS-MB")

	// The store's share, timed apart: the same walk with no rules.
	start := time.Now()
	if err := st.EachActiveProperty(lang, func(listing.Property) error { return nil }); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(time.Since(start).Seconds(), "s-walk")
}
