package sync

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	gosync "sync"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/sync/wire"
)

// Errors of a run, for errors.Is.
var (
	// ErrBusy: another sync or reindex is running.
	ErrBusy = errors.New("sync: another sync or reindex is running")
	// ErrImplausible: the platform's answer would throw away good data.
	ErrImplausible = errors.New("implausible answer refused")
)

// releaser is a Source that holds data between calls (the dir source) and
// can drop it once a run is over.
type releaser interface{ Release() }

// Indexer is the part of the search index the syncer feeds.
type Indexer interface {
	Apply(lang listing.Lang, upsert []listing.Property, remove []int, projects []listing.Project, cities []listing.City) error
	Rebuild(ctx context.Context, lang listing.Lang, docs index.Docs, progress func(done, total int)) error
}

// Options tune the Syncer.
type Options struct {
	Languages []listing.Lang
	// MinKeepRatio: a full list with fewer than this share of the listings we
	// hold is refused (0.5: at least half). A list of zero is always refused
	// when we hold some.
	MinKeepRatio float64
	// Concurrency of per-property calls (pictures).
	Concurrency int
	VideoHosts  listing.VideoHosts
	// Now is the clock; tests set it.
	Now func() time.Time
	// AfterRun, when set, is called after every sync or reindex, e.g. to hand
	// memory back to the system while the server idles.
	AfterRun func()
}

// Progress reports the advance of a stage of a run.
type Progress func(stage string, done, total int)

// RunOptions choose the kind of run.
type RunOptions struct {
	// Full re-reads everything; otherwise only what changed since the last
	// good run of each language (a language without one runs full).
	Full bool
	// Force accepts an answer the plausibility checks would refuse, for an
	// admin who knows the agency really removed most listings.
	Force    bool
	Progress Progress
}

// Syncer copies the platform into the store and the index.
type Syncer struct {
	src   Source
	store *store.Store
	index Indexer
	log   *slog.Logger
	opt   Options

	running gosync.Mutex
	// stale languages need a rebuild because an index update failed after
	// the store had committed.
	staleMu gosync.Mutex
	stale   map[listing.Lang]bool
}

// incrementalOverlap re-reads a little before the last good run so a change
// stamped by a platform clock running behind ours is not missed.
const incrementalOverlap = 5 * time.Minute

// NewSyncer returns a Syncer. The store and index must be open.
func NewSyncer(src Source, st *store.Store, ix Indexer, log *slog.Logger, opt Options) *Syncer {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Concurrency < 1 {
		opt.Concurrency = 4
	}
	if opt.MinKeepRatio == 0 {
		opt.MinKeepRatio = 0.5
	}
	return &Syncer{src: src, store: st, index: ix, log: log, opt: opt, stale: map[listing.Lang]bool{}}
}

// Run syncs every language and records the run. Each language is committed
// on its own, all or nothing: a failure in French leaves the Dutch update in
// place and the French data as it was. The returned error is the run's
// error (also in the record); ErrBusy means nothing ran.
func (s *Syncer) Run(ctx context.Context, ro RunOptions) (store.SyncRun, error) {
	if !s.running.TryLock() {
		return store.SyncRun{}, ErrBusy
	}
	defer s.running.Unlock()
	defer s.afterRun()

	run := store.SyncRun{StartedAt: s.opt.Now().UTC(), Full: ro.Full}
	log := s.log.With("run", "sync", "full", ro.Full)
	log.Info("sync started")
	var errs []string
	for _, lang := range s.opt.Languages {
		lr := s.syncLang(ctx, lang, run.StartedAt, ro)
		run.Languages = append(run.Languages, lr)
		run.Full = run.Full || lr.Full
		run.Added += lr.Added
		run.Changed += lr.Changed
		run.Removed += lr.Removed
		if lr.Error != "" {
			errs = append(errs, string(lang)+": "+lr.Error)
		}
	}
	if err := s.syncSlots(ctx); err != nil {
		errs = append(errs, "visit slots: "+err.Error())
	}
	if r, ok := s.src.(releaser); ok {
		r.Release()
	}
	run.OK = len(errs) == 0
	run.Error = strings.Join(errs, "; ")
	run.FinishedAt = s.opt.Now().UTC()
	if err := s.store.RecordRun(&run); err != nil {
		log.Error("sync run not recorded", "err", err)
	}
	attrs := []any{"added", run.Added, "changed", run.Changed, "removed", run.Removed, "took", run.FinishedAt.Sub(run.StartedAt).Round(time.Millisecond)}
	if !run.OK {
		log.Error("sync failed; the site keeps serving its last good data", append(attrs, "err", run.Error)...)
		return run, errors.New(run.Error)
	}
	log.Info("sync finished", attrs...)
	return run, nil
}

func (s *Syncer) syncLang(ctx context.Context, lang listing.Lang, started time.Time, ro RunOptions) store.LangRun {
	lr := store.LangRun{Lang: lang}
	log := s.log.With("lang", lang)
	since, err := s.store.LastGoodSync(lang)
	if err != nil {
		lr.Error = err.Error()
		return lr
	}
	lr.Full = ro.Full || since.IsZero()
	if !lr.Full {
		since = since.Add(-incrementalOverlap)
	} else {
		since = time.Time{}
	}
	upd, err := s.fetchLang(ctx, lang, since, ro)
	if err != nil {
		lr.Error = err.Error()
		log.Error("sync refused for language", "err", err)
		return lr
	}
	upd.SyncedAt, upd.Now = started, s.opt.Now().UTC()
	ch, err := s.store.ApplyLanguage(upd)
	if err != nil {
		lr.Error = fmt.Sprintf("store: %v", err)
		return lr
	}
	lr.Added, lr.Changed, lr.Removed = len(ch.Added), len(ch.Changed), len(ch.Removed)
	if err := s.updateIndex(ctx, lang, upd, ch, ro.Progress); err != nil {
		lr.Error = fmt.Sprintf("index: %v", err)
		return lr
	}
	lr.OK = true
	return lr
}

// fetchLang reads everything a language needs from the source and checks it
// before anything is written.
func (s *Syncer) fetchLang(ctx context.Context, lang listing.Lang, since time.Time, ro RunOptions) (store.LangUpdate, error) {
	upd := store.LangUpdate{Lang: lang}
	full := since.IsZero()

	types, err := s.src.Types(ctx, lang)
	if err != nil {
		return upd, fmt.Errorf("types: %w", err)
	}
	cities, err := s.src.Cities(ctx, lang)
	if err != nil {
		return upd, fmt.Errorf("cities: %w", err)
	}
	oldTypes, err := s.store.Types(lang)
	if err != nil {
		return upd, err
	}
	oldCities, err := s.store.Cities(lang)
	if err != nil {
		return upd, err
	}
	if err := s.plausible("types", len(oldTypes), len(types), ro.Force); err != nil {
		return upd, err
	}
	if err := s.plausible("towns", len(oldCities), len(cities), ro.Force); err != nil {
		return upd, err
	}
	for _, t := range types {
		upd.Types = append(upd.Types, mapType(t, lang))
	}
	for _, c := range cities {
		upd.Cities = append(upd.Cities, mapCity(c, lang))
	}
	if upd.Types == nil {
		upd.Types = []listing.PropertyType{}
	}
	if upd.Cities == nil {
		upd.Cities = []listing.City{}
	}

	report(ro.Progress, string(lang)+" list", 0, 0)
	rows, err := s.src.PropertyList(ctx, lang, since)
	if err != nil {
		return upd, fmt.Errorf("property list: %w", err)
	}
	ids := make([]int, 0, len(rows))
	seen := make(map[int]bool, len(rows))
	for _, r := range rows {
		if r.ID <= 0 {
			return upd, fmt.Errorf("property list: %w: a row has no ID", ErrImplausible)
		}
		if seen[r.ID] {
			return upd, fmt.Errorf("property list: %w: ID %d listed twice", ErrImplausible, r.ID)
		}
		seen[r.ID] = true
		ids = append(ids, r.ID)
	}

	if full {
		counts, err := s.store.CountProperties(lang)
		if err != nil {
			return upd, err
		}
		if err := s.plausible("properties", counts.Active(), len(ids), ro.Force); err != nil {
			return upd, err
		}
		// What the platform no longer lists is withdrawn.
		active, err := s.store.ActivePropertyIDs(lang)
		if err != nil {
			return upd, err
		}
		for _, id := range active {
			if !seen[id] {
				upd.Withdraw = append(upd.Withdraw, id)
			}
		}
	} else {
		deleted, err := s.src.DeletedPropertyIDs(ctx, lang, since)
		if err != nil {
			return upd, fmt.Errorf("deleted properties: %w", err)
		}
		for _, id := range deleted {
			if !seen[id] {
				upd.Withdraw = append(upd.Withdraw, id)
			}
		}
	}

	upd.Upsert, err = s.fetchProperties(ctx, lang, ids, ro.Progress)
	if err != nil {
		return upd, err
	}

	projects, err := s.fetchProjects(ctx, lang)
	if err != nil {
		return upd, err
	}
	oldProjects, err := s.store.Projects(lang)
	if err != nil {
		return upd, err
	}
	if err := s.plausible("projects", activeProjects(oldProjects), len(projects), ro.Force); err != nil {
		return upd, err
	}
	upd.Projects = projects
	return upd, nil
}

func activeProjects(ps []listing.Project) int {
	n := 0
	for _, p := range ps {
		if !p.Withdrawn {
			n++
		}
	}
	return n
}

// plausible refuses a full set that shrank suspiciously: empty where we held
// some, or below MinKeepRatio of what we held (when we held enough for a
// ratio to mean something).
func (s *Syncer) plausible(what string, had, got int, force bool) error {
	if force || had == 0 {
		return nil
	}
	if got == 0 {
		return fmt.Errorf("%s: %w: the platform listed 0 where we hold %d", what, ErrImplausible, had)
	}
	if had >= 10 && float64(got) < float64(had)*s.opt.MinKeepRatio {
		return fmt.Errorf("%s: %w: the platform listed %d where we hold %d (below %.0f%%)", what, ErrImplausible, got, had, s.opt.MinKeepRatio*100)
	}
	return nil
}

// detailChunk is how many details are asked per call; the platform client
// splits further if it must.
const detailChunk = 50

// fetchProperties reads the details and pictures of ids with up to
// Concurrency calls in flight: at real platform latency a full sync is bound
// by round trips, not by our CPU.
func (s *Syncer) fetchProperties(ctx context.Context, lang listing.Lang, ids []int, progress Progress) ([]listing.Property, error) {
	stage := string(lang) + " properties"
	total := len(ids) * 2
	var (
		mu      gosync.Mutex
		done    int
		details = make(map[int]wire.PropertyDetail, len(ids))
		pics    = make(map[int][]wire.PictureItem, len(ids))
	)
	// Reported under the lock so the figures arrive in order.
	step := func(n int) {
		mu.Lock()
		defer mu.Unlock()
		before := done
		done += n
		if done/100 != before/100 || done == total {
			report(progress, stage, done, total)
		}
	}
	chunks := (len(ids) + detailChunk - 1) / detailChunk
	err := s.parallel(ctx, chunks, func(ctx context.Context, i int) error {
		chunk := ids[i*detailChunk : min((i+1)*detailChunk, len(ids))]
		got, err := s.src.Properties(ctx, lang, chunk)
		if err != nil {
			return fmt.Errorf("property details: %w", err)
		}
		mu.Lock()
		for _, d := range got {
			details[d.ID] = d
		}
		mu.Unlock()
		step(len(chunk))
		return nil
	})
	if err != nil {
		return nil, err
	}
	var missing []int
	for _, id := range ids {
		if _, ok := details[id]; !ok {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("property details: %w: %d of %d listed properties have no detail (e.g. %d)", ErrImplausible, len(missing), len(ids), missing[0])
	}
	err = s.parallel(ctx, len(ids), func(ctx context.Context, i int) error {
		items, err := s.src.Pictures(ctx, lang, ids[i])
		if err != nil {
			return fmt.Errorf("pictures of %d: %w", ids[i], err)
		}
		mu.Lock()
		pics[ids[i]] = items
		mu.Unlock()
		step(1)
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]listing.Property, 0, len(ids))
	for _, id := range ids {
		p, err := mapProperty(lang, details[id], pics[id], s.opt.VideoHosts)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrImplausible, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// parallel calls fn for 0..n-1 with at most Concurrency calls at once; the
// first error cancels the calls not yet started and is returned.
func (s *Syncer) parallel(ctx context.Context, n int, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	var wg gosync.WaitGroup
	for range min(s.opt.Concurrency, max(n, 1)) {
		wg.Go(func() {
			for i := range jobs {
				if err := fn(ctx, i); err != nil {
					cancel(err)
				}
			}
		})
	}
feed:
	for i := range n {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	return context.Cause(ctx)
}

func (s *Syncer) fetchProjects(ctx context.Context, lang listing.Lang) ([]listing.Project, error) {
	rows, err := s.src.Projects(ctx, lang)
	if err != nil {
		return nil, fmt.Errorf("project list: %w", err)
	}
	out := make([]listing.Project, 0, len(rows))
	for _, r := range rows {
		w, err := s.src.Project(ctx, lang, r.ID)
		if err != nil {
			return nil, fmt.Errorf("project %d: %w", r.ID, err)
		}
		p, err := mapProject(w, lang)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrImplausible, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// syncSlots replaces the visit slots. They do not depend on the language, so
// they are read once, in the first language.
func (s *Syncer) syncSlots(ctx context.Context) error {
	if len(s.opt.Languages) == 0 {
		return nil
	}
	items, err := s.src.Appointments(ctx, s.opt.Languages[0])
	if err != nil {
		return err
	}
	slots := make([]listing.VisitSlot, 0, len(items))
	for _, a := range items {
		if a.ID <= 0 || a.PropertyID <= 0 {
			return fmt.Errorf("%w: a visit slot without ID or property", ErrImplausible)
		}
		slots = append(slots, mapSlot(a))
	}
	return s.store.ReplaceVisitSlots(slots)
}

// updateIndex feeds the index what the store just committed; a language
// marked stale is rebuilt whole instead.
func (s *Syncer) updateIndex(ctx context.Context, lang listing.Lang, upd store.LangUpdate, ch store.Changes, progress Progress) error {
	s.staleMu.Lock()
	stale := s.stale[lang]
	s.staleMu.Unlock()
	var err error
	if stale {
		err = s.reindexLang(ctx, lang, progress)
	} else {
		changed := make(map[int]bool, len(ch.Added)+len(ch.Changed))
		for _, id := range slices.Concat(ch.Added, ch.Changed) {
			changed[id] = true
		}
		var upsert []listing.Property
		for _, p := range upd.Upsert {
			if changed[p.ID] {
				upsert = append(upsert, p)
			}
		}
		var projects []listing.Project
		if upd.Projects != nil {
			projects = upd.Projects
		}
		err = s.index.Apply(lang, upsert, ch.Removed, projects, upd.Cities)
	}
	return s.indexed(lang, err)
}

// indexed records the outcome of an index update: on success the store's
// pending mark is cleared, on failure the language is rebuilt next time.
func (s *Syncer) indexed(lang listing.Lang, err error) error {
	if err == nil {
		err = s.store.MarkIndexed(lang)
	}
	s.staleMu.Lock()
	s.stale[lang] = err != nil
	s.staleMu.Unlock()
	return err
}

// MarkStale makes the next run rebuild a language's index (it was found
// missing or outdated at start).
func (s *Syncer) MarkStale(lang listing.Lang) {
	s.staleMu.Lock()
	s.stale[lang] = true
	s.staleMu.Unlock()
}

// Reindex rebuilds the index of every language from the store, without
// calling the platform.
func (s *Syncer) Reindex(ctx context.Context, progress Progress) error {
	return s.reindex(ctx, s.opt.Languages, progress)
}

// RebuildStale rebuilds the languages marked stale (an index found missing,
// outdated or behind the store at start) and returns them.
func (s *Syncer) RebuildStale(ctx context.Context, progress Progress) ([]listing.Lang, error) {
	var langs []listing.Lang
	s.staleMu.Lock()
	for _, l := range s.opt.Languages {
		if s.stale[l] {
			langs = append(langs, l)
		}
	}
	s.staleMu.Unlock()
	if len(langs) == 0 {
		return nil, nil
	}
	return langs, s.reindex(ctx, langs, progress)
}

func (s *Syncer) reindex(ctx context.Context, langs []listing.Lang, progress Progress) error {
	if !s.running.TryLock() {
		return ErrBusy
	}
	defer s.running.Unlock()
	defer s.afterRun()
	for _, lang := range langs {
		if err := s.indexed(lang, s.reindexLang(ctx, lang, progress)); err != nil {
			return fmt.Errorf("reindex %s: %w", lang, err)
		}
	}
	return nil
}

func (s *Syncer) reindexLang(ctx context.Context, lang listing.Lang, progress Progress) error {
	docs, err := StoreDocs(s.store, lang)
	if err != nil {
		return err
	}
	stage := string(lang) + " index"
	return s.index.Rebuild(ctx, lang, docs, func(done, total int) { report(progress, stage, done, total) })
}

// StoreDocs is what the index of a language holds, read from the store:
// every active property (streamed), the active projects and the towns.
func StoreDocs(st *store.Store, lang listing.Lang) (index.Docs, error) {
	counts, err := st.CountProperties(lang)
	if err != nil {
		return index.Docs{}, err
	}
	projects, err := st.Projects(lang)
	if err != nil {
		return index.Docs{}, err
	}
	projects = slices.DeleteFunc(projects, func(p listing.Project) bool { return p.Withdrawn })
	cities, err := st.Cities(lang)
	if err != nil {
		return index.Docs{}, err
	}
	return index.Docs{
		Properties: func(yield func(listing.Property) error) error {
			return st.EachProperty(lang, func(p listing.Property) error {
				if p.Withdrawn {
					return nil
				}
				return yield(p)
			})
		},
		Projects: projects,
		Cities:   cities,
		Total:    counts.Active(),
	}, nil
}

func (s *Syncer) afterRun() {
	if s.opt.AfterRun != nil {
		s.opt.AfterRun()
	}
}

func report(p Progress, stage string, done, total int) {
	if p != nil {
		p(stage, done, total)
	}
}
