package platformsync

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
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
	// Concurrency of per-property calls (details, pictures).
	Concurrency int
	VideoHosts  listing.VideoHosts
	// Zone is the agency's clock, on which the platform writes its dates
	// (sync.timezone); nil is UTC.
	Zone *time.Location
	// Badges say what the agency's Marquees and SubStatuses mean
	// (site.marquee_meanings, site.marquee_ignore); the zero value knows
	// the default names.
	Badges *listing.BadgeRules
	// ShowReferences publishes the platform's references (Status 6) as
	// sold or rented listings (site.show_references).
	ShowReferences bool
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

	running sync.Mutex
	// deleted are the platform's deleted ids, asked once per run.
	deletedMu sync.Mutex
	deleted   []int
	// stale languages need a rebuild because an index update failed after
	// the store had committed.
	staleMu sync.Mutex
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
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	if opt.Badges == nil {
		r := listing.DefaultBadgeRules()
		opt.Badges = &r
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

	s.deletedMu.Lock()
	s.deleted = nil
	s.deletedMu.Unlock()
	run := store.SyncRun{StartedAt: s.opt.Now().UTC(), Full: ro.Full}
	log := s.log.With("run", "sync", "full", ro.Full)
	log.Info("sync started")
	var errs []string
	committed := false
	for _, lang := range s.opt.Languages {
		lr, applied := s.syncLang(ctx, lang, run.StartedAt, ro)
		committed = committed || applied
		run.Languages = append(run.Languages, lr)
		run.Full = run.Full || lr.Full
		run.Added += lr.Added
		run.Changed += lr.Changed
		run.Removed += lr.Removed
		if lr.Error != "" {
			errs = append(errs, string(lang)+": "+lr.Error)
		}
	}
	slotsBad, err := s.syncSlots(ctx, ro.Force)
	run.Quarantined = slotsBad
	if len(slotsBad) > 0 {
		log.Warn("sync quarantined invalid visit slots and applied the rest", "quarantined", len(slotsBad), "records", joined(slotsBad))
	}
	if err != nil {
		errs = append(errs, "visit slots: "+err.Error())
	}
	if committed {
		// Once per run, on what the store now serves; a report only.
		s.logCompliance(log)
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

// syncLang syncs one language; applied is set once the store committed its
// update (even when the index update after it failed).
func (s *Syncer) syncLang(ctx context.Context, lang listing.Lang, started time.Time, ro RunOptions) (_ store.LangRun, applied bool) {
	lr := store.LangRun{Lang: lang}
	log := s.log.With("lang", lang)
	since, err := s.store.LastGoodSync(lang)
	if err != nil {
		lr.Error = err.Error()
		return lr, false
	}
	lr.Full = ro.Full || since.IsZero()
	if !lr.Full {
		since = since.Add(-incrementalOverlap)
	} else {
		since = time.Time{}
	}
	upd, rep, err := s.fetchLang(ctx, lang, since, ro)
	lr.Quarantined, lr.Truncated = rep.quarantined, rep.truncated
	if err != nil {
		lr.Error = err.Error()
		log.Error("sync refused for language", append([]any{"err", err}, rep.logAttrs()...)...)
		return lr, false
	}
	if !rep.empty() {
		// Once per run and language, with every record: an admin reads one
		// line, not one per record.
		log.Warn("sync quarantined invalid records or cut long texts and applied the rest", rep.logAttrs()...)
	}
	upd.SyncedAt, upd.Now = started, s.opt.Now().UTC()
	ch, err := s.store.ApplyLanguage(upd)
	if err != nil {
		lr.Error = fmt.Sprintf("store: %v", err)
		return lr, false
	}
	lr.Added, lr.Changed, lr.Removed = len(ch.Added), len(ch.Changed), len(ch.Removed)
	if err := s.updateIndex(ctx, lang, upd, ch, ro.Progress); err != nil {
		lr.Error = fmt.Sprintf("index: %v", err)
		return lr, true
	}
	lr.OK = true
	return lr, true
}

// fetchLang reads everything a language needs from the source and checks it
// before anything is written. An invalid record is quarantined (left out of
// the update, reported) unless there are too many of them; the report comes
// back even with an error, so a refused run says which records were bad.
func (s *Syncer) fetchLang(ctx context.Context, lang listing.Lang, since time.Time, ro RunOptions) (store.LangUpdate, findings, error) {
	upd := store.LangUpdate{Lang: lang}
	var rep findings
	full := since.IsZero()

	cats, err := s.src.WebCategories(ctx, lang)
	switch {
	case platform.Refused(err):
		// Only says which categories are for sale or rent, and in which
		// order: without it every type is offered for both.
		s.log.Warn("the platform refuses GetWebIDList; every type is offered for sale and rent", "lang", lang, "err", err)
	case err != nil:
		return upd, rep, fmt.Errorf("web categories: %w", err)
	}
	types, err := s.src.Types(ctx, lang)
	if err != nil {
		return upd, rep, fmt.Errorf("types: %w", err)
	}
	for _, b := range types.Bad {
		quarantineBad(&rep, store.KindType, b)
	}
	oldTypes, err := s.store.Types(lang)
	if err != nil {
		return upd, rep, err
	}
	if err := s.plausible("types", len(oldTypes), len(types.Items)+len(types.Bad), ro.Force); err != nil {
		return upd, rep, err
	}
	upd.Types = mapTypes(types.Items, cats.Items, lang)
	m := &mapper{lang: lang, zone: s.opt.Zone, hosts: s.opt.VideoHosts, badges: *s.opt.Badges,
		showReferences: s.opt.ShowReferences, types: newTypeIndex(upd.Types)}
	// Bounded once the index has them, so a listing still finds its type by name.
	for i := range upd.Types {
		rep.truncated = append(rep.truncated, boundType(&upd.Types[i])...)
	}

	report(ro.Progress, string(lang)+" list", 0, 0)
	rows, err := s.src.PropertyList(ctx, lang, since)
	if err != nil {
		return upd, rep, fmt.Errorf("property list: %w", err)
	}
	listed := make(map[int]bool, len(rows.Items))
	ids := make([]int, 0, len(rows.Items))
	rowOf := make(map[int][]byte, len(rows.Items))
	for i, r := range rows.Items {
		id := int(r.ID)
		if id <= 0 {
			// Nothing to ask the platform about: named by its place in the list.
			rep.quarantine(store.KindProperty, 0, i+1, idProblem(id))
			continue
		}
		// Pages that shifted while we read them, not one bad record: a row
		// may be missing too, and a full run would withdraw it.
		if listed[id] {
			return upd, rep, fmt.Errorf("property list: %w: ID %d listed twice", ErrImplausible, id)
		}
		listed[id] = true
		ids = append(ids, id)
		rowOf[id] = rows.Raw[i]
	}
	for _, b := range rows.Bad {
		// A row that does not decode is still a listing the platform lists:
		// held as it was, asked again next time.
		quarantineBad(&rep, store.KindProperty, b)
		if b.ID > 0 {
			listed[b.ID] = true
		}
	}
	_, nameless := rep.count(store.KindProperty)
	listedRows := len(rows.Items) + len(rows.Bad)

	counts, err := s.store.CountProperties(lang)
	if err != nil {
		return upd, rep, err
	}
	if full {
		if err := s.plausible("properties", counts.Active(), listedRows, ro.Force); err != nil {
			return upd, rep, err
		}
	} else {
		// The records quarantined last time are asked again: a fix on the
		// platform need not move their LastChangedDate.
		retry, err := s.store.Quarantined(lang)
		if err != nil {
			return upd, rep, err
		}
		for _, id := range retry {
			if !listed[id] {
				listed[id] = true
				ids = append(ids, id)
			}
		}
	}

	fetched, err := s.fetchProperties(ctx, lang, ids, rowOf, m, &rep, ro.Progress)
	if err != nil {
		return upd, rep, err
	}
	invalid, _ := rep.count(store.KindProperty)
	if err := checkInvalid("properties", invalid, max(listedRows, counts.Active()), ro.Force); err != nil {
		return upd, rep, err
	}
	upd.Upsert = fetched.published
	upd.Quarantined = rep.ids(store.KindProperty)
	quarantined := make(map[int]bool, len(upd.Quarantined))
	for _, id := range upd.Quarantined {
		quarantined[id] = true
	}
	// What the platform's Status does not publish is withdrawn: a listing
	// turned prospective, cancelled or inactive leaves the site.
	upd.Withdraw = fetched.unpublished
	if full {
		if err := s.plausible("published properties", counts.Active(), len(upd.Upsert)+len(quarantined), ro.Force); err != nil {
			return upd, rep, err
		}
		// What the platform no longer lists is withdrawn; but while a row
		// has no ID, any listing missing from the list may be that row.
		published := make(map[int]bool, len(upd.Upsert))
		for _, p := range upd.Upsert {
			published[p.ID] = true
		}
		active, err := s.store.ActivePropertyIDs(lang)
		if err != nil {
			return upd, rep, err
		}
		var held []int
		for _, id := range active {
			switch {
			case published[id], quarantined[id], listed[id]:
			case nameless > 0:
				held = append(held, id)
			default:
				upd.Withdraw = append(upd.Withdraw, id)
			}
		}
		if len(held) > 0 {
			s.log.Warn("listings no longer listed stay served while a row has no ID", "lang", lang, "rows", nameless, "held", held)
		}
	} else {
		// The deleted ids are not filtered by time: every one the platform
		// ever deleted that we still hold goes, unless it is listed again.
		deleted, err := s.deletedIDs(ctx)
		if err != nil {
			return upd, rep, fmt.Errorf("deleted properties: %w", err)
		}
		for _, id := range deleted {
			if !listed[id] {
				upd.Withdraw = append(upd.Withdraw, id)
			}
		}
	}

	if upd.Projects, err = s.fetchProjects(ctx, lang, m, &rep, ro.Force); err != nil {
		return upd, rep, err
	}
	return upd, rep, nil
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

// fetched are the listings of one run: those the platform's Status
// publishes, and the ids it withdraws.
type fetched struct {
	published   []listing.Property
	unpublished []int
}

// fetchProperties reads the details of ids, lays each over its list row
// (production clients read whole listings from the rows alone, so either
// may hold a field), asks for the pictures of a listing that embeds none,
// and maps the records, with up to Concurrency calls in flight: at real
// platform latency a full sync is bound by round trips, not by our CPU. A
// listed id without a detail, or whose record cannot be mapped, is
// quarantined in rep; texts over the bound are cut and reported there.
func (s *Syncer) fetchProperties(ctx context.Context, lang listing.Lang, ids []int, rowOf map[int][]byte, m *mapper, rep *findings, progress Progress) (fetched, error) {
	stage := string(lang) + " properties"
	var (
		mu      sync.Mutex
		done    int
		total   = len(ids)
		details = make(map[int][]byte, len(ids))
		decoded = make(map[int]platform.Property, len(ids))
		bad     []platform.BadRecord
	)
	// Reported under the lock so the figures arrive in order.
	step := func(n, more int) {
		mu.Lock()
		defer mu.Unlock()
		before := done
		done += n
		total += more
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
		for j, d := range got.Items {
			details[int(d.ID)], decoded[int(d.ID)] = got.Raw[j], d
		}
		bad = append(bad, got.Bad...)
		mu.Unlock()
		step(len(chunk), 0)
		return nil
	})
	if err != nil {
		return fetched{}, err
	}
	badDetail := map[int]string{}
	for _, b := range bad {
		badDetail[b.ID] = b.Reason
	}

	records := make(map[int]platform.Property, len(ids))
	var needPictures []int
	for _, id := range ids {
		detail, ok := details[id]
		if !ok {
			reason := "listed, but the platform has no detail for it"
			if r, isBad := badDetail[id]; isBad {
				reason = r
			}
			rep.quarantine(store.KindProperty, id, 0, reason)
			continue
		}
		rec := decoded[id]
		// Most platforms answer the detail as the row: nothing to lay over.
		if row, listed := rowOf[id]; listed && !bytes.Equal(row, detail) {
			if rec, err = platform.Decode[platform.Property](row, detail); err != nil {
				rep.quarantine(store.KindProperty, id, 0, err.Error())
				continue
			}
		}
		records[id] = rec
		if !rec.Embedded() {
			needPictures = append(needPictures, id)
		}
	}

	// Rows that embed their photos (XLargePictureItems and the other sizes)
	// need no picture call; only the others ask GetPropertyPictureList.
	pics := make(map[int][]platform.ListedPicture, len(needPictures))
	step(0, len(needPictures))
	err = s.parallel(ctx, len(needPictures), func(ctx context.Context, i int) error {
		id := needPictures[i]
		got, err := s.src.PropertyPictures(ctx, lang, id)
		if err != nil {
			return fmt.Errorf("pictures of %d: %w", id, err)
		}
		mu.Lock()
		pics[id] = got.Items
		mu.Unlock()
		step(1, 0)
		return nil
	})
	if err != nil {
		return fetched{}, err
	}

	var out fetched
	for _, id := range ids {
		rec, ok := records[id]
		if !ok {
			continue
		}
		p, offer, err := m.property(rec, pics[id])
		if err != nil {
			rep.quarantine(store.KindProperty, id, 0, err.Error())
			continue
		}
		if offer == listing.Unpublished {
			out.unpublished = append(out.unpublished, id)
			continue
		}
		out.published = append(out.published, p)
	}
	if err := s.addDocuments(ctx, lang, out.published, step); err != nil {
		return fetched{}, err
	}
	// Bounded once the documents are in: they may come from GetDocumentList.
	for i := range out.published {
		rep.truncated = append(rep.truncated, boundProperty(&out.published[i])...)
	}
	return out, nil
}

// deletedIDs asks the platform once per run for the ids it deleted: they
// do not depend on the language.
func (s *Syncer) deletedIDs(ctx context.Context) ([]int, error) {
	s.deletedMu.Lock()
	defer s.deletedMu.Unlock()
	if s.deleted == nil {
		ids, err := s.src.DeletedPropertyIDs(ctx)
		if err != nil {
			return nil, err
		}
		s.deleted = ids
	}
	return s.deleted, nil
}

// parallel calls fn for 0..n-1 with at most Concurrency calls at once; the
// first error cancels the calls not yet started and is returned.
func (s *Syncer) parallel(ctx context.Context, n int, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	var wg sync.WaitGroup
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

// fetchProjects reads every project, laying its GetProject value over its
// list row and asking for its pictures when it embeds none. A project that
// fails mapping is quarantined in rep and keeps its stored version; one
// whose PublishInternet is off is left out, which withdraws it; a failed
// call refuses the language, as for any other answer.
func (s *Syncer) fetchProjects(ctx context.Context, lang listing.Lang, m *mapper, rep *findings, force bool) ([]listing.Project, error) {
	rows, err := s.src.Projects(ctx, lang)
	if err != nil {
		return nil, fmt.Errorf("project list: %w", err)
	}
	out := make([]listing.Project, 0, len(rows.Items))
	listed := make(map[int]bool, len(rows.Items))
	for _, b := range rows.Bad {
		quarantineBad(rep, store.KindProject, b)
		listed[b.ID] = b.ID > 0
	}
	for i, r := range rows.Items {
		id := int(r.ID)
		if id <= 0 {
			rep.quarantine(store.KindProject, 0, i+1, idProblem(id))
			continue
		}
		listed[id] = true
		if r.PublishInternet.Set && !r.PublishInternet.Value {
			continue // not on the website: withdrawn by the set below
		}
		detail, err := s.src.Project(ctx, lang, id)
		if err != nil {
			return nil, fmt.Errorf("project %d: %w", id, err)
		}
		if len(detail.Bad) > 0 {
			rep.quarantine(store.KindProject, id, 0, detail.Bad[0].Reason)
			continue
		}
		rec, err := platform.Decode[platform.Project](rows.Raw[i], detail.Raw[0])
		if err != nil {
			rep.quarantine(store.KindProject, id, 0, err.Error())
			continue
		}
		var listedPics []platform.ListedPicture
		if !rec.Embedded() {
			got, err := s.src.ProjectPictures(ctx, lang, id)
			if err != nil {
				return nil, fmt.Errorf("pictures of project %d: %w", id, err)
			}
			listedPics = got.Items
		}
		p, published, err := m.project(rec, listedPics)
		if err != nil {
			rep.quarantine(store.KindProject, id, 0, err.Error())
			continue
		}
		if !published {
			continue
		}
		rep.truncated = append(rep.truncated, boundProject(&p)...)
		out = append(out, p)
	}
	old, err := s.store.Projects(lang)
	if err != nil {
		return nil, err
	}
	if err := s.plausible("projects", activeProjects(old), len(rows.Items)+len(rows.Bad), force); err != nil {
		return nil, err
	}
	invalid, nameless := rep.count(store.KindProject)
	if err := checkInvalid("projects", invalid, max(len(rows.Items)+len(rows.Bad), activeProjects(old)), force); err != nil {
		return nil, err
	}
	// The set replaces the stored one, withdrawing what it lacks: a
	// quarantined project keeps its stored version, and while a row has no
	// ID so does every project missing from the list.
	quarantined := map[int]bool{}
	for _, id := range rep.ids(store.KindProject) {
		quarantined[id] = true
	}
	for _, p := range old {
		if !p.Withdrawn && (quarantined[p.ID] || nameless > 0 && !listed[p.ID]) {
			out = append(out, p)
		}
	}
	return out, nil
}

// syncSlots replaces the visit slots. They do not depend on the language, so
// they are read once, in the first language. A slot without ID or property
// is left out and returned; too many of them refuse the answer.
func (s *Syncer) syncSlots(ctx context.Context, force bool) ([]store.Quarantined, error) {
	if len(s.opt.Languages) == 0 {
		return nil, nil
	}
	lang := s.opt.Languages[0]
	rows, err := s.src.Appointments(ctx, lang, 0)
	// A platform may want GetAppointmentObject asked per ObjectID, as
	// fw4's getAppointmentObject(int) asks, and say so by refusing, by
	// slots that name no property, or by listing nothing without one. Each
	// costs a call per listing on offer, only while it answers that way.
	why := ""
	switch {
	case platform.Refused(err):
		why = errString(err)
	case err != nil:
	case len(rows.Items)+len(rows.Bad) == 0:
		why = "no slot listed without ObjectID"
	case !slices.ContainsFunc(rows.Items, func(a platform.Appointment) bool { return a.Property() > 0 }):
		why = "the slots name no property"
	}
	if why != "" {
		s.log.Info("visit slots asked per listing", "lang", lang, "why", why)
		rows, err = s.slotsPerListing(ctx, lang)
	}
	if err != nil {
		return nil, err
	}
	var rep findings
	for _, b := range rows.Bad {
		quarantineBad(&rep, store.KindVisitSlot, b)
	}
	m := &mapper{zone: s.opt.Zone}
	slots := make([]listing.VisitSlot, 0, len(rows.Items))
	for i, a := range rows.Items {
		switch {
		case a.ID <= 0:
			rep.quarantine(store.KindVisitSlot, 0, i+1, idProblem(int(a.ID)))
		case a.Property() <= 0:
			rep.quarantine(store.KindVisitSlot, int(a.ID), 0, "no property")
		default:
			slots = append(slots, m.slot(a))
		}
	}
	if err := checkInvalid("visit slots", len(rep.quarantined), len(rows.Items)+len(rows.Bad), force); err != nil {
		return rep.quarantined, err
	}
	return rep.quarantined, s.store.ReplaceVisitSlots(slots)
}

// slotsPerListing asks the visit slots of every listing on offer.
func (s *Syncer) slotsPerListing(ctx context.Context, lang listing.Lang) (platform.Rows[platform.Appointment], error) {
	ids, err := s.store.ActivePropertyIDs(lang)
	if err != nil {
		return platform.Rows[platform.Appointment]{}, err
	}
	var (
		mu  sync.Mutex
		out platform.Rows[platform.Appointment]
	)
	err = s.parallel(ctx, len(ids), func(ctx context.Context, i int) error {
		rows, err := s.src.Appointments(ctx, lang, ids[i])
		if err != nil {
			return fmt.Errorf("visit slots of %d: %w", ids[i], err)
		}
		mu.Lock()
		out.Items = append(out.Items, rows.Items...)
		out.Bad = append(out.Bad, rows.Bad...)
		mu.Unlock()
		return nil
	})
	slices.SortFunc(out.Items, func(a, b platform.Appointment) int { return cmp.Compare(a.ID, b.ID) })
	return out, err
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
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
		cities, cerr := s.store.Cities(lang)
		if cerr != nil {
			return s.indexed(lang, cerr)
		}
		err = s.index.Apply(lang, upsert, ch.Removed, projects, cities)
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
