package ownerreport

import (
	"cmp"
	"maps"
	"slices"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// PlatformReader is the cache of the listing platform's statistics
// (package ownerstats fills it; *store.Store is one): a property's entry
// in each language it was fetched in (the platform's texts, a history's
// kinds and statuses, are in that language; "" is an entry of before
// languages). A Reports that implements it adds them to a Detail; one that
// does not leaves Detail.Platform null.
type PlatformReader interface {
	PlatformStatsLangs(propertyID int) (map[listing.Lang]store.PlatformStats, error)
}

// PlatformStats are the listing platform's own statistics of a property,
// as last fetched: the JSON the portal reads
// (ui/src/lib/api/account.ts PlatformStats).
type PlatformStats struct {
	FetchedAt     time.Time          `json:"fetchedAt"`
	Visits        VisitTotals        `json:"visits"`
	Media         []MediumDays       `json:"media"`
	Online        []OnlinePeriod     `json:"online"`
	Calendar      []PlatformCalendar `json:"calendar"`
	Communication []PlatformContact  `json:"communication"`
}

// MediumDays are a medium's views on each of the 30 days ending yesterday.
type MediumDays struct {
	Medium string     `json:"medium"`
	Days   []DayViews `json:"days"`
}

// OnlinePeriod is when the property was online on a medium (yyyy-mm-dd);
// To is left out while it still is.
type OnlinePeriod struct {
	Medium string `json:"medium"`
	From   string `json:"from"`
	To     string `json:"to,omitempty"`
}

// PlatformCalendar is an appointment of the platform's calendar.
type PlatformCalendar struct {
	Date   time.Time `json:"date"`
	Kind   string    `json:"kind"`
	Status string    `json:"status"`
}

// PlatformContact is an entry of the platform's communication history.
type PlatformContact struct {
	Date time.Time `json:"date"`
	Kind string    `json:"kind"`
}

// maxHistory is how many entries of each history the portal gets.
const maxHistory = 50

// platform is the cached statistics of a property in the page's language
// made ready for the portal, nil when there are none or the cache cannot
// be read: the platform's figures never keep the portal from answering.
// Without an entry in lang (a language enabled since the last refresh),
// another language's is shown: the counts are the same, only the
// platform's texts are in that language until the next refresh.
func (r *Reporter) platform(lang listing.Lang, id int) *PlatformStats {
	pr, ok := r.reports.(PlatformReader)
	if !ok {
		return nil
	}
	all, err := pr.PlatformStatsLangs(id)
	if err != nil {
		return nil
	}
	s, ok := statsIn(all, lang)
	if !ok {
		return nil
	}
	return platformView(s, r.now(), r.loc)
}

// statsIn is the entry of lang, else the most recently fetched of the
// others (the first language in order on a tie).
func statsIn(all map[listing.Lang]store.PlatformStats, lang listing.Lang) (store.PlatformStats, bool) {
	if s, ok := all[lang]; ok {
		return s, true
	}
	var best store.PlatformStats
	found := false
	for _, l := range slices.Sorted(maps.Keys(all)) {
		if s := all[l]; !found || s.FetchedAt.After(best.FetchedAt) {
			best, found = s, true
		}
	}
	return best, found
}

func platformView(s store.PlatformStats, now time.Time, loc *time.Location) *PlatformStats {
	out := &PlatformStats{
		FetchedAt: s.FetchedAt.In(loc).Truncate(time.Second),
		Visits:    VisitTotals{Today: s.Visits.Today, Week: s.Visits.Week, Month: s.Visits.Month, Total: s.Visits.Total},
		Media:     []MediumDays{}, Online: []OnlinePeriod{}, Calendar: []PlatformCalendar{}, Communication: []PlatformContact{},
	}

	// The 30 days ending yesterday on the agency's clock.
	now = now.In(loc)
	days := make([]string, 30)
	at := map[string]int{}
	for i := range days {
		days[i] = time.Date(now.Year(), now.Month(), now.Day()-30+i, 12, 0, 0, 0, loc).Format(time.DateOnly)
		at[days[i]] = i
	}
	type medium struct {
		name  string
		views []int
		total int
		first int // order of appearance, for ties
	}
	var media []*medium
	byName := map[string]*medium{}
	for _, m := range s.Media {
		i, ok := at[m.Day]
		if !ok {
			continue
		}
		md := byName[m.Medium]
		if md == nil {
			md = &medium{name: m.Medium, views: make([]int, 30), first: len(media)}
			byName[m.Medium] = md
			media = append(media, md)
		}
		md.views[i] += m.Views
		md.total += m.Views
	}
	slices.SortStableFunc(media, func(a, b *medium) int {
		return cmp.Or(cmp.Compare(b.total, a.total), cmp.Compare(a.name, b.name))
	})
	for _, md := range media {
		dv := make([]DayViews, 30)
		for i, d := range days {
			dv[i] = DayViews{Date: d, Views: md.views[i]}
		}
		out.Media = append(out.Media, MediumDays{Medium: md.name, Days: dv})
	}

	for _, o := range s.Online {
		p := OnlinePeriod{Medium: o.Medium, From: o.From.In(loc).Format(time.DateOnly)}
		if !o.To.IsZero() {
			p.To = o.To.In(loc).Format(time.DateOnly)
		}
		out.Online = append(out.Online, p)
	}

	cal := slices.Clone(s.Calendar)
	slices.SortStableFunc(cal, func(a, b store.PlatformEvent) int { return b.Date.Compare(a.Date) })
	for _, e := range cal[:min(len(cal), maxHistory)] {
		out.Calendar = append(out.Calendar, PlatformCalendar{Date: e.Date.In(loc).Truncate(time.Second), Kind: e.Kind, Status: e.Status})
	}
	com := slices.Clone(s.Communication)
	slices.SortStableFunc(com, func(a, b store.PlatformEvent) int { return b.Date.Compare(a.Date) })
	for _, e := range com[:min(len(com), maxHistory)] {
		out.Communication = append(out.Communication, PlatformContact{Date: e.Date.In(loc).Truncate(time.Second), Kind: e.Kind})
	}
	return out
}
