package platformsync_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

var langs = []listing.Lang{listing.NL, listing.FR}

const (
	customer = "ardennes-demo"
	password = "s3cret&pass"
)

// env is a platform served over real HTTP, and a store and index on disk fed
// by a Syncer through the HTTP client.
type env struct {
	t        *testing.T
	platform *fakeplatform.Server
	source   *platform.Client
	store    *store.Store
	index    *index.Index
	syncer   *platformsync.Syncer
	logs     *bytes.Buffer
	now      time.Time
}

// brussels is the agency's clock, sync.timezone's default.
var brussels = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		panic(err)
	}
	return loc
}()

// loadDemo reads the committed demo agency.
func loadDemo(t *testing.T) *platform.Dataset {
	t.Helper()
	ds, err := platform.LoadDir(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// newEnv serves ds from the fake platform with a 2 s request timeout, which
// the timeout cases run into.
func newEnv(t *testing.T, ds *platform.Dataset) *env {
	t.Helper()
	return newEnvTimeout(t, ds, 2*time.Second)
}

// syncedEnv is newEnv after a full sync run of ds.
func syncedEnv(t *testing.T, ds *platform.Dataset) *env {
	t.Helper()
	e := newEnv(t, ds)
	if _, err := e.run(true); err != nil {
		t.Fatal(err)
	}
	return e
}

func newEnvTimeout(t *testing.T, ds *platform.Dataset, timeout time.Duration) *env {
	t.Helper()
	e := &env{t: t, platform: fakeplatform.New(ds, customer, password), logs: &bytes.Buffer{},
		now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	srv := httptest.NewServer(e.platform)
	t.Cleanup(srv.Close)
	log := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	src, err := platform.New(platform.Config{
		BaseURL: srv.URL + "/1.12/OmnicasaService.svc", Customer: customer, Password: password, Zone: brussels,
		Timeout: timeout, RetryMax: 2, RetryWaitMin: time.Millisecond, RetryWaitMax: 5 * time.Millisecond,
		MaxRetryAfter: 20 * time.Millisecond, PageSize: 20,
	}, log)
	if err != nil {
		t.Fatal(err)
	}
	e.source = src
	e.store, e.index = openData(t, log)
	e.syncer = platformsync.NewSyncer(src, e.store, e.index, log, platformsync.Options{
		Languages: langs, MinKeepRatio: 0.5, Concurrency: 4,
		VideoHosts: listing.VideoHosts{Tours: []string{"matterport.com"}},
		Zone:       brussels,
		Now:        func() time.Time { return e.now },
	})
	return e
}

// openData opens a store and an index in a temporary folder, closed when
// the test ends.
func openData(t *testing.T, log *slog.Logger) (*store.Store, *index.Index) {
	t.Helper()
	dir := t.TempDir()
	st := storetest.OpenIn(t, dir, langs...)
	ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return st, ix
}

func (e *env) run(full bool) (store.SyncRun, error) {
	e.t.Helper()
	e.now = e.now.Add(15 * time.Minute)
	return e.syncer.Run(context.Background(), platformsync.RunOptions{Full: full})
}

// snapshot is what the site serves: store counts, index counts and a few searches.
type snapshot struct {
	Counts   map[listing.Lang]store.Counts
	Indexed  map[listing.Lang]uint64
	Projects map[listing.Lang]int
	Searches map[string][]string
}

func (e *env) snapshot() snapshot {
	e.t.Helper()
	s := snapshot{Counts: map[listing.Lang]store.Counts{}, Indexed: map[listing.Lang]uint64{},
		Projects: map[listing.Lang]int{}, Searches: map[string][]string{}}
	for _, l := range langs {
		c, err := e.store.CountProperties(l)
		if err != nil {
			e.t.Fatal(err)
		}
		s.Counts[l] = c
		n, err := e.index.Count(l)
		if err != nil {
			e.t.Fatal(err)
		}
		s.Indexed[l] = n
		ps, err := e.store.Projects(l)
		if err != nil {
			e.t.Fatal(err)
		}
		s.Projects[l] = len(ps)
	}
	for _, q := range []struct {
		lang listing.Lang
		text string
	}{{listing.NL, "Bouillon"}, {listing.FR, "Bouillon"}, {listing.NL, "6800"}, {listing.FR, "chalet"}} {
		res, err := e.index.Find(context.Background(), q.lang, index.SearchRequest{Text: q.text, Length: 100})
		if err != nil {
			e.t.Fatal(err)
		}
		ids := slices.Clone(res.IDs)
		slices.Sort(ids)
		s.Searches[string(q.lang)+":"+q.text] = ids
	}
	return s
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestFullSyncOfTheDemoAgency(t *testing.T) {
	e := newEnv(t, loadDemo(t))
	run, err := e.run(false) // never synced: runs full
	if err != nil {
		t.Fatalf("sync: %v\n%s", err, e.logs)
	}
	if !run.OK || run.Added != 152 || run.Removed != 0 || !run.Languages[0].Full {
		t.Errorf("run = %+v", run)
	}
	s := e.snapshot()
	for _, l := range langs {
		if c := s.Counts[l]; c.Sale != 61 || c.Rent != 15 || c.Withdrawn != 0 {
			t.Errorf("%s counts = %+v, want 58 sale 12 rent", l, c)
		}
		if s.Indexed[l] != 76 {
			t.Errorf("%s indexed = %d, want 76", l, s.Indexed[l])
		}
		if s.Projects[l] != 2 {
			t.Errorf("%s projects = %d, want 2", l, s.Projects[l])
		}
	}
	for q, ids := range s.Searches {
		if len(ids) == 0 {
			t.Errorf("search %s found nothing", q)
		}
	}
	if n, _ := e.store.CountVisitSlots(); n == 0 {
		t.Error("no visit slots synced")
	}
	last, err := e.store.LastRun()
	if err != nil || last.ID != run.ID || !last.OK {
		t.Errorf("run log = %+v, %v", last, err)
	}
	if strings.Contains(e.logs.String(), password) {
		t.Error("the platform password reached the log")
	}

	// A second run with nothing changed on the platform changes nothing.
	run, err = e.run(false)
	if err != nil || run.Added+run.Changed+run.Removed != 0 || run.Languages[0].Full {
		t.Errorf("idle incremental run = %+v, %v", run, err)
	}
}

func TestMappedPropertyCarriesDerivedFields(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	for _, id := range ds.Lang(listing.FR).PropertyIDs() {
		d, _ := ds.Lang(listing.FR).Property(id)
		if d.Status.Value != platform.StatusActive && d.Status.Value != platform.StatusSold && d.Status.Value != platform.StatusRented {
			continue // not published
		}
		p, err := e.store.Property(listing.FR, id)
		if err != nil {
			t.Fatal(err)
		}
		// the demo's Ardennes towns are Walloon, its three others are not
		want, far := map[string]listing.Region{"1640": listing.Flanders, "1050": listing.Brussels, "9530": listing.Luxembourg}[p.Address.Zip]
		if !far {
			want = listing.Wallonia
		}
		if p.Energy.Region != want {
			t.Errorf("%d: region %q for zip %s, want %q", p.ID, p.Energy.Region, p.Address.Zip, want)
		}
		if d.EnergyPerformance > 0 && p.Energy.Label == "" {
			t.Errorf("%d: no EPC label for value %v", p.ID, d.EnergyPerformance)
		}
		// Every photo the platform gives, each with every size it gives.
		if len(p.Media.Pictures) != len(d.XLargePictureItems) || p.Media.Thumbnail() == nil {
			t.Errorf("%d: %d pictures of %d", p.ID, len(p.Media.Pictures), len(d.XLargePictureItems))
		}
		for i, pic := range p.Media.Pictures {
			if pic.URL != d.XLargePictureItems[i].Url.String() || len(pic.Variants) != 4 {
				t.Errorf("%d: picture %d is %s with %d sizes, want %s with 4", p.ID, i, pic.URL, len(pic.Variants), d.XLargePictureItems[i].Url)
			}
		}
		if thumb := p.Media.Thumbnail(); thumb.Width != listing.ThumbnailWidth {
			t.Errorf("%d: thumbnail %d px wide", p.ID, thumb.Width)
		}
		if want := listing.GoalFromPlatform(int(d.Goal)); p.Goal != want {
			t.Errorf("%d: goal %s, want %s", p.ID, p.Goal, want)
		}
		if p.Title != d.Ident.String() || p.Body != d.DescriptionB.String() || p.Body == "" {
			t.Errorf("%d: title %q and description of %d runes, want Ident %q and DescriptionB", p.ID, p.Title, len(p.Body), d.Ident)
		}
		if p.Comfort.Kitchen != d.KitchenName.String() || p.Energy.Heating != d.HeatingName.String() ||
			p.Comfort.OrientationTerrace != d.OrientationT.String() || p.Comfort.Condition != d.ConditionName.String() ||
			p.Flags.Furnished != bool(d.HasFurnished) {
			t.Errorf("%d: comfort %+v heating %q furnished %v, from kitchen %q heating %q orientation %q condition %q furnished %v",
				p.ID, p.Comfort, p.Energy.Heating, p.Flags.Furnished, d.KitchenName, d.HeatingName, d.OrientationT, d.ConditionName, d.HasFurnished)
		}
		links := len(d.VideoLinks)
		if d.VirtualTour != "" {
			links++
		}
		if len(p.Media.Videos) != links {
			t.Errorf("%d: %d of %d media links recognised: %+v", p.ID, len(p.Media.Videos), links, p.Media.Videos)
		}
		if d.VirtualTour != "" && !slices.ContainsFunc(p.Media.Videos, func(v listing.Video) bool { return v.Kind == listing.VirtualTour }) {
			t.Errorf("%d: virtual tour %s not recognised", p.ID, d.VirtualTour)
		}
		if want := d.LastChangedDate.In(brussels); !p.Changed.Equal(want) {
			t.Errorf("%d: changed %v, want %v (the platform's wall clock in Brussels)", p.ID, p.Changed, want)
		}
	}
}

func TestIncrementalSyncAppliesChangesAndDeletions(t *testing.T) {
	ds := loadDemo(t)
	e := newEnv(t, ds)
	if _, err := e.run(false); err != nil {
		t.Fatal(err)
	}
	firstMark, _ := e.store.LastGoodSync(listing.NL)

	// On the platform: one price changes, one listing is deleted (in both
	// languages). GetDeletedPropertyIDs lists every id ever deleted, old
	// ones and ones we never held among them.
	changedAt := platform.WallClock(e.now.Add(10 * time.Minute).In(brussels))
	ids := ds.Lang(listing.NL).PropertyIDs()
	changedID, deletedID := ids[0], ids[1]
	var oldPrice platform.Number
	for _, l := range langs {
		ld := ds.Lang(l)
		ld.EditProperty(changedID, func(p *platform.Property) {
			oldPrice = p.Price
			p.Price += 5000
			p.LastChangedDate = changedAt
		})
		ld.RemoveProperty(deletedID)
	}
	ds.DeletedProperties = platform.RawAll([]any{12, "901", deletedID})
	e.platform.SetDataset(ds)

	run, err := e.run(false)
	if err != nil {
		t.Fatalf("incremental: %v\n%s", err, e.logs)
	}
	if run.Languages[0].Full || run.Changed != 2 || run.Removed != 2 || run.Added != 0 {
		t.Errorf("run = %+v", run)
	}
	req, ok := e.platform.LastParams(platform.MethodPropertyList)
	if !ok || req.String("ChangeSince") == "" {
		t.Fatalf("incremental run sent no ChangeSince: %v", req)
	}
	// The platform's own form: a wall clock of the agency, to the second.
	since, err := time.ParseInLocation(platform.DateLayout, req.String("ChangeSince"), brussels)
	if err != nil {
		t.Fatalf("ChangeSince %q is not Y-m-d H:i:s: %v", req.String("ChangeSince"), err)
	}
	if !since.Before(firstMark) || firstMark.Sub(since) > 10*time.Minute {
		t.Errorf("ChangeSince %v, last good run %v", since, firstMark)
	}
	if p, ok := e.platform.LastParams(platform.MethodDeletedProperties); !ok || len(p.Names()) != 0 {
		t.Errorf("GetDeletedPropertyIDs took parameters %v; it takes none", p.Names())
	}
	if n := e.platform.Calls(platform.MethodDeletedProperties); n != 1 {
		t.Errorf("GetDeletedPropertyIDs called %d times in a run; its ids do not depend on the language", n)
	}
	p, err := e.store.Property(listing.NL, deletedID)
	if err != nil || !p.Withdrawn || p.WithdrawnAt == nil {
		t.Errorf("deleted listing must stay, withdrawn: %+v, %v", p.Withdrawn, err)
	}
	if status, _, _ := e.page(listing.NL, deletedID); status != http.StatusGone {
		t.Errorf("the page of the deleted listing answers %d, want 410", status)
	}
	if n, _ := e.index.Count(listing.NL); n != 75 {
		t.Errorf("indexed = %d, want 75", n)
	}
	res, err := e.index.Find(context.Background(), listing.NL, index.SearchRequest{Text: itoa(deletedID), Length: 20})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(res.IDs, itoa(deletedID)) {
		t.Error("a withdrawn listing is still searchable")
	}
	changed, _ := e.store.Property(listing.FR, changedID)
	if changed.Price.Amount != float64(oldPrice+5000) {
		t.Errorf("price not updated: %v", changed.Price.Amount)
	}
}

func itoa(n int) string { return jsonOf(n) }

func TestFullSyncWithdrawsWhatDisappeared(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	for _, l := range langs {
		ld := ds.Lang(l)
		ld.Properties = ld.Properties[3:]
	}
	e.platform.SetDataset(ds)
	run, err := e.run(true)
	if err != nil || run.Removed != 6 {
		t.Fatalf("run = %+v, %v", run, err)
	}
	s := e.snapshot()
	if s.Counts[listing.NL].Withdrawn != 3 || s.Indexed[listing.NL] != 73 {
		t.Errorf("after withdrawal: %+v indexed %d", s.Counts[listing.NL], s.Indexed[listing.NL])
	}
}

// TestBadPlatformAnswersKeepTheLastGoodData is the promise of the sync: a
// failing, truncated, partial or implausible answer changes nothing the site
// serves, and the run log says what failed.
func TestBadPlatformAnswersKeepTheLastGoodData(t *testing.T) {
	tests := []struct {
		name  string
		fault fakeplatform.Fault
		full  bool
		want  string // in the recorded run's error
	}{
		{"500 on every list call", fakeplatform.Status(500).For(platform.MethodPropertyList), true, "500"},
		{"503 on details", fakeplatform.Status(503).For(platform.MethodPropertiesByIDs), true, "503"},
		{"429 with Retry-After, always", fakeplatform.RateLimit(10 * time.Millisecond).For(platform.MethodProject), true, "429"},
		{"timeout", fakeplatform.Delay(3 * time.Second).For(platform.MethodTypes), true, "GetTypeOfPropertyList"},
		{"truncated JSON", fakeplatform.Truncate().For(platform.MethodPropertyList).AtPage(21), true, "GetPropertyList"},
		{"a 500 on the web categories", fakeplatform.Status(500).For(platform.MethodWebCategories), true, "GetWebIDList"},
		{"Success false on the types", fakeplatform.SuccessFalse().For(platform.MethodTypes), true, "GetTypeOfPropertyList"},
		{"Success false on the deleted ids of an incremental run", fakeplatform.SuccessFalse().For(platform.MethodDeletedProperties), false, "GetDeletedPropertyIDs"},
		{"empty list where 76 were", fakeplatform.Empty().For(platform.MethodPropertyList), true, "implausible"},
		{"empty list on an incremental run is fine, empty types are not", fakeplatform.Empty().For(platform.MethodTypes), false, "types"},
		{"a page missing in the middle", fakeplatform.DropPage().For(platform.MethodPropertyList).AtPage(21), true, "GetPropertyList"},
		{"an HTML error page", fakeplatform.Garbage().For(platform.MethodProjectList), true, "GetProjectList"},
		{"a failing project", fakeplatform.Status(500).For(platform.MethodProject), true, "GetProject"},
		{"projects emptied", fakeplatform.Empty().For(platform.MethodProjectList), true, "projects"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each case has its own platform, store and index
			e := syncedEnv(t, loadDemo(t))
			before := e.snapshot()
			e.platform.Fail(tt.fault)
			run, err := e.run(tt.full)
			if err == nil || run.OK {
				t.Fatalf("run with %s succeeded: %+v", tt.fault, run)
			}
			after := e.snapshot()
			if jsonOf(after) != jsonOf(before) {
				t.Errorf("served data changed:\nbefore %s\nafter  %s", jsonOf(before), jsonOf(after))
			}
			last, err := e.store.LastRun()
			if err != nil || last.OK || !strings.Contains(last.Error, tt.want) {
				t.Errorf("run log = %+v, %v; want an error mentioning %q", last, err, tt.want)
			}
			if strings.Contains(e.logs.String(), password) || strings.Contains(last.Error, password) {
				t.Error("the platform password leaked")
			}

			// Once the platform recovers, the next run succeeds.
			e.platform.Clear()
			if run, err := e.run(tt.full); err != nil || !run.OK {
				t.Errorf("recovery run = %+v, %v", run, err)
			}
		})
	}
}

func TestTransientFaultsAreRetried(t *testing.T) {
	tests := []struct {
		name  string
		fault fakeplatform.Fault
	}{
		{"500 twice", fakeplatform.Status(500).For(platform.MethodPropertyList).AtPage(21).First(2)},
		{"429 once with Retry-After", fakeplatform.RateLimit(10 * time.Millisecond).For(platform.MethodPropertiesByIDs).First(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, loadDemo(t))
			e.platform.Fail(tt.fault)
			run, err := e.run(true)
			if err != nil || run.Added != 152 {
				t.Fatalf("run = %+v, %v", run, err)
			}
		})
	}
}

func TestImplausibleShrinkNeedsForce(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	for _, l := range langs {
		ld := ds.Lang(l)
		ld.Properties = ld.Properties[:20] // 20 of 76 left
	}
	e.platform.SetDataset(ds)
	_, err := e.run(true)
	if !errors.Is(err, platformsync.ErrImplausible) && !strings.Contains(errString(err), "implausible") {
		t.Fatalf("err = %v, want implausible", err)
	}
	if c, _ := e.store.CountProperties(listing.NL); c.Active() != 76 {
		t.Errorf("refused run changed the store: %+v", c)
	}
	e.now = e.now.Add(time.Minute)
	run, err := e.syncer.Run(context.Background(), platformsync.RunOptions{Full: true, Force: true})
	if err != nil || run.Removed != 112 {
		t.Errorf("forced run = %+v, %v", run, err)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestReindexEqualsSync(t *testing.T) {
	e := syncedEnv(t, loadDemo(t))
	synced := e.snapshot()
	var stages []string
	err := e.syncer.Reindex(context.Background(), func(stage string, done, total int) {
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(e.snapshot()); got != jsonOf(synced) {
		t.Errorf("reindex differs from sync:\nsync    %s\nreindex %s", jsonOf(synced), got)
	}
	if len(stages) != 2 {
		t.Errorf("progress stages = %v", stages)
	}
	// The platform is not called by a reindex.
	e.platform.ResetCalls()
	_ = e.syncer.Reindex(context.Background(), nil)
	for _, m := range []string{platform.MethodPropertyList, platform.MethodPropertiesByIDs, platform.MethodTypes} {
		if n := e.platform.Calls(m); n != 0 {
			t.Errorf("reindex called %s %d times", m, n)
		}
	}
}

func TestSearchFindsSyncedListings(t *testing.T) {
	ds := loadDemo(t)
	e := syncedEnv(t, ds)
	// Pick a real listing and find it by its town, its postcode and its reference.
	d, _ := ds.Lang(listing.NL).Property(ds.Lang(listing.NL).PropertyIDs()[5])
	city, zip, id := d.City.String(), d.Zip.String(), int(d.ID)
	for _, q := range []string{city, zip, itoa(id), strings.ToLower(city)} {
		res, err := e.index.Find(context.Background(), listing.NL, index.SearchRequest{Text: q, Length: 100})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(res.IDs, itoa(id)) {
			t.Errorf("search %q did not find %d (%s %s)", q, id, zip, city)
		}
	}
	res, err := e.index.Find(context.Background(), listing.NL, index.SearchRequest{Text: itoa(id), Length: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.IDs) == 0 || res.IDs[0] != itoa(id) {
		t.Errorf("reference %d does not rank first: %v", id, res.IDs)
	}
}

func TestConcurrentRunIsRefused(t *testing.T) {
	e := newEnv(t, loadDemo(t))
	// The first run holds its first call until the checks below are done.
	e.platform.Fail(fakeplatform.Delay(time.Second).For(platform.MethodWebCategories).First(1))
	done := make(chan error)
	go func() {
		_, err := e.syncer.Run(context.Background(), platformsync.RunOptions{})
		done <- err
	}()
	// The platform has the call: the first run is under way.
	for deadline := time.Now().Add(10 * time.Second); e.platform.Calls(platform.MethodWebCategories) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the first run never called the platform")
		}
		runtime.Gosched()
	}
	if _, err := e.syncer.Run(context.Background(), platformsync.RunOptions{}); !errors.Is(err, platformsync.ErrBusy) {
		t.Errorf("second run: %v, want ErrBusy", err)
	}
	if err := e.syncer.Reindex(context.Background(), nil); !errors.Is(err, platformsync.ErrBusy) {
		t.Errorf("reindex during run: %v, want ErrBusy", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// The platform keeps no price history: a drop seen between two syncs is what
// the detail page strikes through, and a rise takes it away again.
func TestPriceDropShowsThePreviousPriceUntilItRises(t *testing.T) {
	ds := loadDemo(t)
	e := newEnv(t, ds)
	if _, err := e.run(false); err != nil {
		t.Fatal(err)
	}
	const id = 4009 // available, for sale, bannered 'price reduced' in the demo
	view := func(l listing.Lang) site.PropertyView {
		t.Helper()
		p, err := e.store.Property(l, id)
		if err != nil {
			t.Fatal(err)
		}
		return site.NewPropertyView(p, l)
	}
	if v := view(listing.NL); v.Badge != listing.BadgePriceDrop || v.PreviousPrice != nil {
		t.Fatalf("after the first sync: badge %q, previous price %v", v.Badge, v.PreviousPrice)
	}
	setPrice := func(price float64) {
		t.Helper()
		changedAt := platform.WallClock(e.now.Add(time.Minute).In(brussels))
		for _, l := range langs {
			if !ds.Lang(l).EditProperty(id, func(p *platform.Property) {
				p.Price, p.LastChangedDate = platform.Number(price), changedAt
			}) {
				t.Fatalf("%s: no listing %d in the demo", l, id)
			}
		}
		e.platform.SetDataset(ds)
		if _, err := e.run(false); err != nil {
			t.Fatalf("sync: %v\n%s", err, e.logs)
		}
	}

	setPrice(175000)
	for l, want := range map[listing.Lang]string{listing.NL: "€ 189.000", listing.FR: "189\u202f000\u00a0€"} {
		v := view(l)
		if v.PreviousPrice == nil || *v.PreviousPrice != 189000 || v.PreviousPriceText != want {
			t.Errorf("%s after the drop: previous %v %q, want %q", l, v.PreviousPrice, v.PreviousPriceText, want)
		}
	}
	// A sync that changes nothing else keeps it; a full one re-reads everything.
	if _, err := e.run(true); err != nil {
		t.Fatal(err)
	}
	if v := view(listing.NL); v.PreviousPriceText != "€ 189.000" {
		t.Errorf("after a full sync: previous %q", v.PreviousPriceText)
	}

	setPrice(179000)
	if v := view(listing.NL); v.PreviousPrice != nil || v.PreviousPriceText != "" {
		t.Errorf("after a rise: previous %v %q", v.PreviousPrice, v.PreviousPriceText)
	}
}
