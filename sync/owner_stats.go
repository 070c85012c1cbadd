package platformsync

import (
	"context"
	"encoding/json"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// The owners' statistics of the dir source: the dataset's OwnerData
// (platform/dataset_owner.go), read from their files at each call (they
// are small and an edit shows at once), answered as the platform client
// does (ownerstats.Source): the counts and media whatever the language,
// the histories (whose kinds and statuses are the platform's texts) from
// the file of the call's language, none when the dataset has none in it.
//
// A recorded or generated dataset's days are fixed, while the portal shows
// the last 30 days. With StatsClock set (the bundled demo), every date of
// the statistics is moved by whole days on the agency's clock so that the
// newest day of GetMediaObjectStatisticsGraphList is yesterday: the demo
// agency's graph stays current. Unset, the dates are served as they are.

// VisitStatistic is the platform client's VisitStatistic over the folder.
func (s *DirSource) VisitStatistic(_ context.Context, _ listing.Lang, id int) (platform.VisitStatistic, error) {
	var o platform.OwnerData
	if err := platform.LoadOwnerFile(s.Dir, platform.MethodVisitStatistic, &o); err != nil {
		return platform.VisitStatistic{}, err
	}
	raw, ok := o.VisitStatistics[id]
	if !ok {
		return platform.VisitStatistic{}, nil
	}
	return platform.DecodeVisitStatistic(raw)
}

// MediaStatistics is the platform client's MediaStatistics over the folder.
func (s *DirSource) MediaStatistics(_ context.Context, _ listing.Lang, id int, from, to time.Time) (platform.Rows[platform.MediaDay], error) {
	var o platform.OwnerData
	if err := platform.LoadOwnerFile(s.Dir, platform.MethodMediaStatistics, &o); err != nil {
		return platform.Rows[platform.MediaDay]{}, err
	}
	shift := s.statsShift(o.MediaStatistics)
	rows := platform.DecodeMediaDays(o.MediaStatistics[id], s.Zone)
	from, to = day(from, s.Zone), day(to, s.Zone)
	out := rows.Items[:0]
	for _, m := range rows.Items {
		m.Date = m.Date.AddDate(0, 0, shift)
		if m.ObjectID == 0 {
			m.ObjectID = id
		}
		if (!from.IsZero() && m.Date.Before(from)) || (!to.IsZero() && m.Date.After(to)) {
			continue
		}
		out = append(out, m)
	}
	rows.Items = out
	return rows, nil
}

// MediaOnline is the platform client's MediaOnline over the folder.
func (s *DirSource) MediaOnline(_ context.Context, _ listing.Lang, id int) (platform.Rows[platform.MediaOnline], error) {
	var o platform.OwnerData
	if err := platform.LoadOwnerFile(s.Dir, platform.MethodMediaOnline, &o); err != nil {
		return platform.Rows[platform.MediaOnline]{}, err
	}
	shift := s.shiftOfDir()
	rows := platform.DecodeMediaOnline(o.MediaOnline[id], s.Zone)
	for i := range rows.Items {
		rows.Items[i].From = shifted(rows.Items[i].From, shift)
		rows.Items[i].To = shifted(rows.Items[i].To, shift)
	}
	return rows, nil
}

// CalendarHistory is the platform client's CalendarHistory over the folder.
func (s *DirSource) CalendarHistory(_ context.Context, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return s.history(platform.MethodCalendarHistories, lang, id, from, to)
}

// AutomaticHistory is the platform client's AutomaticHistory over the folder.
func (s *DirSource) AutomaticHistory(_ context.Context, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return s.history(platform.MethodAutomaticHistories, lang, id, from, to)
}

func (s *DirSource) history(method string, lang listing.Lang, id int, from, to time.Time) (platform.Rows[platform.HistoryEntry], error) {
	var o platform.OwnerData
	if err := platform.LoadHistoryFile(s.Dir, method, lang, &o); err != nil {
		return platform.Rows[platform.HistoryEntry]{}, err
	}
	items := o.Histories(method, lang)[id]
	shift := s.shiftOfDir()
	rows := platform.DecodeHistory(items, s.Zone)
	out := rows.Items[:0]
	for _, h := range rows.Items {
		h.Date = shifted(h.Date, shift)
		if (!from.IsZero() && h.Date.Before(from)) || (!to.IsZero() && h.Date.After(to)) {
			continue
		}
		out = append(out, h)
	}
	rows.Items = out
	return rows, nil
}

// shiftOfDir is statsShift of the folder's media statistics.
func (s *DirSource) shiftOfDir() int {
	if s.StatsClock == nil {
		return 0
	}
	var o platform.OwnerData
	if platform.LoadOwnerFile(s.Dir, platform.MethodMediaStatistics, &o) != nil {
		return 0
	}
	return s.statsShift(o.MediaStatistics)
}

// statsShift is how many days the statistics move so that their newest
// media day is yesterday on StatsClock (0 without a clock or media days).
func (s *DirSource) statsShift(media map[int][]json.RawMessage) int {
	if s.StatsClock == nil {
		return 0
	}
	var newest time.Time
	for _, items := range media {
		for _, m := range platform.DecodeMediaDays(items, s.Zone).Items {
			if m.Date.After(newest) {
				newest = m.Date
			}
		}
	}
	if newest.IsZero() {
		return 0
	}
	yesterday := day(s.StatsClock(), s.Zone).AddDate(0, 0, -1)
	// Whole calendar days, counted on UTC dates so a DST change does not
	// make a day of 23 or 25 hours round the wrong way.
	a := time.Date(newest.Year(), newest.Month(), newest.Day(), 0, 0, 0, 0, time.UTC)
	b := time.Date(yesterday.Year(), yesterday.Month(), yesterday.Day(), 0, 0, 0, 0, time.UTC)
	return int(b.Sub(a) / (24 * time.Hour))
}

// day is t's midnight in loc; zero stays zero.
func day(t time.Time, loc *time.Location) time.Time {
	if t.IsZero() {
		return t
	}
	t = t.In(loc)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
}

func shifted(t time.Time, days int) time.Time {
	if t.IsZero() || days == 0 {
		return t
	}
	return t.AddDate(0, 0, days)
}
