package platform

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
)

// checkOwner calls each owners' statistics method once, for the first
// property listed in the first language, and reports what it answered.
// None is needed to sync; the owner portal shows what they give. The
// dataset gets the records re-encoded in the canonical names (a history's
// people and words are never recorded).
func (c *Client) checkOwner(ctx context.Context, opt CheckOptions, ds *Dataset) []Report {
	methods := []string{MethodVisitStatistic, MethodMediaStatistics, MethodMediaOnline, MethodCalendarHistories, MethodAutomaticHistories}
	var lang listing.Lang
	id := 0
	if len(opt.Langs) > 0 {
		lang = opt.Langs[0]
		if ids := idsOf(ds.Lang(lang).Properties); len(ids) > 0 {
			id = ids[0]
		}
	}
	reports := make([]Report, 0, len(methods))
	if id == 0 {
		for _, m := range methods {
			reports = append(reports, Report{Method: m, Lang: lang, Skipped: "no property listed"})
		}
		return reports
	}
	o := &ds.Owner
	loc := c.cfg.Zone
	now := time.Now().In(loc)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
	p := func(more any) Params { return Params{More: more} }
	for _, m := range methods {
		r := Report{Method: m, Lang: lang}
		var items []json.RawMessage
		var err error
		var rows Rows[json.RawMessage]
		switch m {
		case MethodVisitStatistic:
			var v json.RawMessage
			v, err = c.Call(ctx, m, lang, p(VisitStatisticRequest{ID: id}))
			if err == nil {
				items = []json.RawMessage{v}
				var s VisitStatistic
				if s, err = DecodeVisitStatistic(v); err == nil {
					o.VisitStatistics = map[int]json.RawMessage{id: s.Wire()}
				}
			}
		case MethodMediaStatistics:
			req := MediaStatisticsRequest{ObjectIDs: strconv.Itoa(id), StartDate: FormatDate(today.AddDate(0, 0, -30), loc), EndDate: FormatDate(today.Add(-time.Second), loc)}
			items, err = c.pages(ctx, m, lang, p(req), opt.Limit)
			d := DecodeMediaDays(items, loc)
			rows = Rows[json.RawMessage]{Raw: d.Raw, Bad: d.Bad}
			o.MediaStatistics = map[int][]json.RawMessage{id: d.Raw}
		case MethodMediaOnline:
			items, err = c.pages(ctx, m, lang, p(HistoryRequest{ObjectID: id}), opt.Limit)
			d := DecodeMediaOnline(items, loc)
			rows = Rows[json.RawMessage]{Raw: d.Raw, Bad: d.Bad}
			o.MediaOnline = map[int][]json.RawMessage{id: d.Raw}
		default:
			req := HistoryRequest{ObjectID: id, FromDate: FormatDate(today.AddDate(-1, 0, 0), loc)}
			items, err = c.pages(ctx, m, lang, p(req), opt.Limit)
			d := DecodeHistory(items, loc)
			rows = Rows[json.RawMessage]{Raw: d.Raw, Bad: d.Bad}
			o.SetHistories(m, lang, map[int][]json.RawMessage{id: d.Raw})
		}
		r = statsReport(m, items)
		r.Method, r.Lang, r.Bad = m, lang, rows.Bad
		if m == MethodVisitStatistic && err != nil {
			r.Rows = 0
		}
		finish(&r, err)
		reports = append(reports, r)
	}
	return reports
}

// statsReport measures a statistics method's records against the names
// its decoding reads (statFields): a field is mapped when one of a group's
// names holds it, missing when no record has any name of its group.
func statsReport(method string, items []json.RawMessage) Report {
	r := Report{Rows: len(items), Ignored: map[string]int{}}
	groups := statFields[method]
	known := map[string]bool{}
	for _, g := range groups {
		for _, n := range g {
			known[strings.ToLower(n)] = true
		}
	}
	had := make([]int, len(groups))
	mapped := map[string]bool{}
	for _, raw := range items {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			continue
		}
		for k := range obj {
			if known[strings.ToLower(k)] {
				mapped[k] = true
			} else {
				r.Ignored[k]++
			}
		}
		for i, g := range groups {
			for _, n := range g {
				if _, ok := (record(obj)).pick([]string{n}); ok != "" {
					had[i]++
					break
				}
			}
		}
	}
	for k := range mapped {
		r.Mapped = append(r.Mapped, k)
	}
	slices.Sort(r.Mapped)
	for i, g := range groups {
		if len(items) > 0 && had[i] == 0 {
			r.Missing = append(r.Missing, g[0])
		}
	}
	return r
}

// notNeededWhy says why a method that failed is not needed: the owners'
// statistics only feed the portal; the others, notNeeded.
func notNeededWhy(method string) string {
	if _, ok := statFields[method]; ok {
		return "the owner portal shows what it gives, the sync does not need it"
	}
	return notNeeded(method)
}
