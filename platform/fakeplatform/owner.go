package fakeplatform

import (
	"encoding/json"
	"sort"
	"strconv"
	"time"

	"github.com/estate-agency/estate/platform"
)

// owner answers the owners' statistics from the dataset's OwnerData, by
// the parameters fw4-bvba/omnicasa-api src/Request/Owner/*Request.php
// declares:
//
//   - GetVisitStatisticOfProperty by ID: one object (zeros for a property
//     without statistics);
//   - GetMediaObjectStatisticsGraphList by ObjectIDs (comma-joined; none:
//     every property), StartDate and EndDate (days, both included, on the
//     agency's clock), MediaIDs, IsGroupAllPortals (one row per day for all
//     media), paged;
//   - GetMediaOnlineHistories, GetCalendarHistories, GetAutomaticHistories
//     by ObjectID (required), FromDate, ToDate and TypeIDs, paged; the two
//     histories in the call's LanguageId (their kinds and statuses are the
//     platform's texts): a language the dataset has none in answers none.
func (a answerer) owner(method string) result {
	o := a.snap.ds.Owner
	switch method {
	case platform.MethodVisitStatistic:
		id := a.params.Int("ID")
		if id <= 0 {
			return failure(600, "Error: ID is required")
		}
		v, ok := o.VisitStatistics[id]
		if !ok {
			v = platform.VisitStatistic{}.Wire()
		}
		return a.object(v)
	case platform.MethodMediaStatistics:
		return a.mediaStatistics(o.MediaStatistics)
	}
	id := a.params.Int("ObjectID")
	if id <= 0 {
		return failure(600, "Error: ObjectID is required")
	}
	from, to, bad := a.dates("FromDate", "ToDate", false)
	if bad != "" {
		return failure(600, "Error: "+bad)
	}
	types, err := idList(a.params.String("TypeIDs"))
	if err != nil {
		return failure(600, "Error: TypeIDs: "+err.Error())
	}
	var items []json.RawMessage
	switch method {
	case platform.MethodMediaOnline:
		for _, raw := range o.MediaOnline[id] {
			rows := platform.DecodeMediaOnline([]json.RawMessage{raw}, a.zone)
			if len(rows.Items) == 0 {
				items = append(items, raw) // a bad record stays bad for the client
				continue
			}
			m := rows.Items[0]
			// A period overlapping [from, to].
			if (!to.IsZero() && m.From.After(to)) || (!from.IsZero() && !m.To.IsZero() && m.To.Before(from)) {
				continue
			}
			items = append(items, raw)
		}
	default:
		for _, raw := range o.Histories(method, a.lang)[id] {
			rows := platform.DecodeHistory([]json.RawMessage{raw}, a.zone)
			if len(rows.Items) == 0 {
				items = append(items, raw)
				continue
			}
			h := rows.Items[0]
			if (!from.IsZero() && h.Date.Before(from)) || (!to.IsZero() && h.Date.After(to)) {
				continue
			}
			if len(types) > 0 && !contains(types, h.TypeID) {
				continue
			}
			items = append(items, raw)
		}
	}
	return a.paged(items)
}

func (a answerer) mediaStatistics(byID map[int][]json.RawMessage) result {
	ids, err := idList(a.params.String("ObjectIDs"))
	if err != nil {
		return failure(600, "Error: ObjectIDs: "+err.Error())
	}
	media, err := idList(a.params.String("MediaIDs"))
	if err != nil {
		return failure(600, "Error: MediaIDs: "+err.Error())
	}
	from, to, bad := a.dates("StartDate", "EndDate", true)
	if bad != "" {
		return failure(600, "Error: "+bad)
	}
	if len(ids) == 0 {
		for id := range byID {
			ids = append(ids, id)
		}
		sort.Ints(ids)
	}
	var items []json.RawMessage
	var days []platform.MediaDay
	for _, id := range ids {
		for _, raw := range byID[id] {
			rows := platform.DecodeMediaDays([]json.RawMessage{raw}, a.zone)
			if len(rows.Items) == 0 {
				items = append(items, raw)
				continue
			}
			m := rows.Items[0]
			if (!from.IsZero() && m.Date.Before(from)) || (!to.IsZero() && m.Date.After(to)) {
				continue
			}
			if len(media) > 0 && !contains(media, m.MediaID) {
				continue
			}
			items = append(items, raw)
			days = append(days, m)
		}
	}
	if grouped, _ := strconv.ParseBool(a.params.String("IsGroupAllPortals")); grouped {
		// One row a day, all media summed.
		sum := map[time.Time]int{}
		var order []time.Time
		for _, d := range days {
			if _, ok := sum[d.Date]; !ok {
				order = append(order, d.Date)
			}
			sum[d.Date] += d.Views
		}
		sort.Slice(order, func(i, j int) bool { return order[i].Before(order[j]) })
		items = items[:0]
		for _, day := range order {
			items = append(items, platform.MediaDay{Date: day, Medium: "All", Views: sum[day]}.Wire(a.zone))
		}
	}
	return a.paged(items)
}

// dates reads a range's parameters ("Y-m-d H:i:s" on the agency's clock);
// days: the range is of whole days, the end's day included.
func (a answerer) dates(fromName, toName string, days bool) (from, to time.Time, bad string) {
	for _, f := range []struct {
		name string
		into *time.Time
	}{{fromName, &from}, {toName, &to}} {
		s := a.params.String(f.name)
		if s == "" {
			continue
		}
		t, err := time.ParseInLocation(platform.DateLayout, s, a.zone)
		if err != nil {
			return from, to, f.name + " " + strconv.Quote(s) + " is not a date"
		}
		*f.into = t
	}
	if days {
		if !from.IsZero() {
			from = time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, a.zone)
		}
		if !to.IsZero() {
			to = time.Date(to.Year(), to.Month(), to.Day(), 0, 0, 0, 0, a.zone)
		}
	}
	return from, to, ""
}

func contains(ids []int, id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
