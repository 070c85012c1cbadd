// Package ownerstats keeps the listing platform's statistics of every
// owner's properties in the store: visits, views per medium and day, the
// media online history, the calendar and the communication history. The
// scheduler refreshes them (cmd/estate serve, owner.stats_every); the owner
// portal reads only the cache, so it never waits on the platform nor fails
// with it.
//
// The platform answers its texts (a history's kinds and statuses, maybe
// media names) in the call's LanguageId, so each property is fetched and
// cached in every language of the site: the counts are the same in each,
// the texts are those of the portal's page.
package ownerstats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// Source is where the statistics come from: *platform.Client, or the dir
// source (*platformsync.DirSource) replaying a dataset.
type Source interface {
	VisitStatistic(ctx context.Context, lang listing.Lang, id int) (platform.VisitStatistic, error)
	MediaStatistics(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.MediaDay], error)
	MediaOnline(ctx context.Context, lang listing.Lang, id int) (platform.Rows[platform.MediaOnline], error)
	CalendarHistory(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.HistoryEntry], error)
	AutomaticHistory(ctx context.Context, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.HistoryEntry], error)
}

var _ Source = (*platform.Client)(nil)

// Store is the accounts (whose owners' properties are refreshed) and the cache.
type Store interface {
	Accounts() ([]store.Account, error)
	PlatformStats(propertyID int, lang listing.Lang) (store.PlatformStats, error)
	PutPlatformStats(propertyID int, lang listing.Lang, s store.PlatformStats) error
}

// What is fetched: the media days of the last MediaDays days (the portal
// shows 30, ending yesterday), the histories of the last HistoryYears years
// and the calendar's next months, at most MaxEvents entries of each.
const (
	MediaDays    = 35
	HistoryYears = 2
	MaxEvents    = 200
)

// Schedule is when the server refreshes the statistics (cmd/estate
// newSchedule): every half hour, on the agency's clock.
const Schedule = "*/30 * * * *"

// Refresher fetches and caches the statistics.
type Refresher struct {
	running sync.Mutex // one Run at a time

	src   Source
	st    Store
	langs []listing.Lang // each property is fetched in each
	loc   *time.Location
	now   func() time.Time
	log   *slog.Logger
}

// New is a Refresher asking in each of langs (the site's enabled
// languages; those the platform has no LanguageId for are left out, and
// none is Dutch), on the agency's clock loc; nil now is time.Now, nil log
// logs nothing.
func New(src Source, st Store, langs []listing.Lang, loc *time.Location, now func() time.Time, log *slog.Logger) *Refresher {
	if loc == nil {
		loc = time.UTC
	}
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var ls []listing.Lang
	for _, l := range langs {
		if _, ok := listing.PlatformLanguageID(l); ok && !slices.Contains(ls, l) {
			ls = append(ls, l)
		}
	}
	if len(ls) == 0 {
		ls = []listing.Lang{listing.NL}
	}
	return &Refresher{src: src, st: st, langs: ls, loc: loc, now: now, log: log}
}

// Langs are the languages each property is fetched in.
func (r *Refresher) Langs() []listing.Lang {
	if r == nil {
		return nil
	}
	return slices.Clone(r.langs)
}

// Run refreshes every property of every owner account, each once in each
// language, and returns how many properties were written (in at least one
// language); a nil Refresher does nothing. A property whose fetch fails in
// a language keeps its previous entry in it; the failure is logged, not
// returned.
func (r *Refresher) Run(ctx context.Context) int {
	if r == nil {
		return 0
	}
	if !r.running.TryLock() {
		r.log.Info("owner stats: a refresh is still running; skipped")
		return 0
	}
	defer r.running.Unlock()
	accounts, err := r.st.Accounts()
	if err != nil {
		r.log.Error("owner stats: read accounts", "err", err)
		return 0
	}
	done := map[int]bool{}
	n := 0
	for _, a := range accounts {
		if a.Kind != "owner" {
			continue
		}
		for _, id := range a.Properties {
			if done[id] || ctx.Err() != nil {
				continue
			}
			done[id] = true
			written, err := r.refreshAll(ctx, id)
			if err != nil {
				r.log.Warn("owner stats: refresh failed; keeping the previous ones", "property", id, "err", err)
			}
			if written > 0 {
				n++
			}
		}
	}
	r.log.Debug("owner stats refreshed", "properties", n, "of", len(done))
	return n
}

// RefreshAll is Refresh of one property in each language; the error joins
// those of the languages that failed (the others are written). A nil
// Refresher does nothing.
func (r *Refresher) RefreshAll(ctx context.Context, id int) error {
	if r == nil {
		return nil
	}
	_, err := r.refreshAll(ctx, id)
	return err
}

func (r *Refresher) refreshAll(ctx context.Context, id int) (int, error) {
	var errs []error
	n := 0
	for _, lang := range r.langs {
		if err := ctx.Err(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", lang, err))
			break
		}
		if err := r.Refresh(ctx, lang, id); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", lang, err))
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// Refresh fetches one property's statistics in one language and caches
// them as its entry in that language. A part that fails keeps its previous
// value (the others are replaced); when every part fails nothing is
// written and the error says why.
func (r *Refresher) Refresh(ctx context.Context, lang listing.Lang, id int) error {
	prev, err := r.st.PlatformStats(id, lang)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	now := r.now().In(r.loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, r.loc)
	next := prev
	var errs []error
	ok := 0
	part := func(name string, err error, bad int) bool {
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
			return false
		}
		if bad > 0 {
			r.log.Warn("owner stats: records left out", "property", id, "lang", lang, "method", name, "bad", bad)
		}
		ok++
		return true
	}

	visits, err := r.src.VisitStatistic(ctx, lang, id)
	if part(platform.MethodVisitStatistic, err, 0) {
		next.Visits = store.PlatformVisits{Today: visits.Today, Week: visits.Week, Month: visits.Month, Total: visits.Total}
	}
	media, err := r.src.MediaStatistics(ctx, lang, id, today.AddDate(0, 0, -MediaDays), today.Add(-time.Second))
	if part(platform.MethodMediaStatistics, err, len(media.Bad)) {
		next.Media = mediaOf(media.Items, id, r.loc)
	}
	online, err := r.src.MediaOnline(ctx, lang, id)
	if part(platform.MethodMediaOnline, err, len(online.Bad)) {
		next.Online = make([]store.PlatformOnline, 0, len(online.Items))
		for _, o := range online.Items {
			next.Online = append(next.Online, store.PlatformOnline{Medium: o.Medium, From: o.From, To: o.To})
		}
		slices.SortStableFunc(next.Online, func(a, b store.PlatformOnline) int { return b.From.Compare(a.From) })
	}
	from, until := today.AddDate(-HistoryYears, 0, 0), today.AddDate(1, 0, 0)
	calendar, err := r.src.CalendarHistory(ctx, lang, id, from, until)
	if part(platform.MethodCalendarHistories, err, len(calendar.Bad)) {
		next.Calendar = eventsOf(calendar.Items)
	}
	auto, err := r.src.AutomaticHistory(ctx, lang, id, from, until)
	if part(platform.MethodAutomaticHistories, err, len(auto.Bad)) {
		next.Communication = eventsOf(auto.Items)
		for i := range next.Communication {
			next.Communication[i].Status = ""
		}
	}
	if ok == 0 {
		return errors.Join(errs...)
	}
	if len(errs) > 0 {
		r.log.Warn("owner stats: some parts kept from before", "property", id, "lang", lang, "err", errors.Join(errs...))
	}
	next.FetchedAt = now
	return r.st.PutPlatformStats(id, lang, next)
}

// mediaOf are the days of a property's rows on the agency's clock, one per
// medium and day (rows of the same day and medium summed).
func mediaOf(rows []platform.MediaDay, id int, loc *time.Location) []store.PlatformMedia {
	type key struct{ day, medium string }
	sum := map[key]int{}
	ids := map[string]int{}
	var order []key
	for _, m := range rows {
		if m.ObjectID != 0 && m.ObjectID != id {
			continue
		}
		k := key{m.Date.In(loc).Format(time.DateOnly), m.Medium}
		if _, ok := sum[k]; !ok {
			order = append(order, k)
		}
		sum[k] += m.Views
		ids[m.Medium] = m.MediaID
	}
	out := make([]store.PlatformMedia, 0, len(order))
	for _, k := range order {
		out = append(out, store.PlatformMedia{Day: k.day, MediaID: ids[k.medium], Medium: k.medium, Views: sum[k]})
	}
	slices.SortStableFunc(out, func(a, b store.PlatformMedia) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Medium, b.Medium))
	})
	return out
}

// eventsOf are the entries newest first, at most MaxEvents.
func eventsOf(rows []platform.HistoryEntry) []store.PlatformEvent {
	out := make([]store.PlatformEvent, 0, len(rows))
	for _, h := range rows {
		out = append(out, store.PlatformEvent{Date: h.Date, Kind: h.Kind, Status: h.Status})
	}
	slices.SortStableFunc(out, func(a, b store.PlatformEvent) int { return b.Date.Compare(a.Date) })
	if len(out) > MaxEvents {
		out = out[:MaxEvents]
	}
	return out
}
