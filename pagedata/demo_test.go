package pagedata_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pagedata"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

var demoLangs = []listing.Lang{listing.NL, listing.FR}

// shipped is the shipped config.yaml's route table and pages.
func shipped(t testing.TB) (config.Config, *site.Routes, *site.Pages) {
	t.Helper()
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := site.NewPages(routes, cfg.Site.Shell)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, routes, pages
}

// demoEnv is the demo agency synced by the real Syncer into a store and
// index of the test's own, one sale listing withdrawn the way a sync run
// withdraws what the platform stopped listing.
type demoEnv struct {
	pages     *pagedata.Assembler
	props     map[listing.Lang][]listing.Property // active ones
	withdrawn listing.Property                    // in nl
}

func newDemoEnv(t *testing.T) *demoEnv {
	t.Helper()
	dir := t.TempDir()
	log := slog.New(slog.DiscardHandler)
	st := storetest.OpenIn(t, dir, demoLangs...)
	ix, err := index.Open(filepath.Join(dir, "index"), demoLangs, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	brussels, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	src, err := platformsync.NewDirSource(filepath.Join("..", "testdata", "platform"), brussels)
	if err != nil {
		t.Fatal(err)
	}
	syncer := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: demoLangs, Zone: brussels})
	if _, err := syncer.Run(context.Background(), platformsync.RunOptions{Full: true}); err != nil {
		t.Fatalf("sync the demo agency: %v", err)
	}
	e := &demoEnv{}
	// The store only, as the httpd tests do: the index may still hold it.
	e.props, e.withdrawn = storetest.WithdrawOne(t, st, demoLangs, func(p listing.Property) bool {
		return p.Goal == listing.Sale && p.Status == listing.Available
	})
	cfg, routes, pages := shipped(t)
	if e.pages, err = pagedata.New(routes, pages, st, ix, pagedata.Options{TypeSort: cfg.Site.Shell.TypeSort, Location: cfg.Sync.Timezone, Texts: uiTexts(t)}, log); err != nil {
		t.Fatal(err)
	}
	return e
}

// The index's candidates rank exactly as a scan of every active listing
// would: the shortcut changes the cost, not the cards.
func TestSimilarMatchesAFullScan(t *testing.T) {
	e := newDemoEnv(t)
	for _, lang := range demoLangs {
		props := e.props[lang]
		if lang == listing.NL {
			props = append(props, e.withdrawn) // a withdrawn page lists similar ones too
		}
		for _, p := range props {
			d, loc, status := e.pages.Page(context.Background(), site.CanonicalDetail(p, lang))
			if loc != "" || status != d.Status || d.View != site.ViewProperty {
				t.Fatalf("%s %d: location %q, status %d, view %q", lang, p.ID, loc, status, d.View)
			}
			want := site.Similar(p, e.props[lang], lang)
			if !reflect.DeepEqual(d.Similar, want) {
				t.Errorf("%s %d (%s, %v): got %v, want %v", lang, p.ID, p.Type, p.Price.Amount, cardIDs(d.Similar), cardIDs(want))
			}
		}
	}
}

func cardIDs(cards []site.SimilarCard) []int {
	ids := []int{}
	for _, c := range cards {
		ids = append(ids, c.ID)
	}
	return ids
}
