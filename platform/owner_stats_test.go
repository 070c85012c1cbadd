package platform_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func ownerDataset(t *testing.T) *platform.Dataset {
	t.Helper()
	loc := brussels(t)
	ds := testDataset(1)
	var days []json.RawMessage
	for d := 1; d <= 5; d++ {
		day := time.Date(2026, 11, d, 0, 0, 0, 0, loc)
		days = append(days,
			platform.MediaDay{ObjectID: 1, Date: day, MediaID: 1, Medium: "Immoweb", Views: d}.Wire(loc),
			platform.MediaDay{ObjectID: 1, Date: day, MediaID: 2, Medium: "Zimmo", Views: 10 * d}.Wire(loc))
	}
	ds.Owner = platform.OwnerData{
		VisitStatistics: map[int]json.RawMessage{1: json.RawMessage(`{"Today":"2","Week":5,"Month":9,"Total":40}`)},
		MediaStatistics: map[int][]json.RawMessage{1: days},
		MediaOnline: map[int][]json.RawMessage{1: raws(
			`{"MediaID":1,"MediaName":"Immoweb","FromDate":"2026-09-01 09:00:00"}`,
			`{"MediaID":3,"MediaName":"Immovlan","FromDate":"2026-08-01 09:00:00","ToDate":"2026-08-20 09:00:00"}`)},
		CalendarHistories: map[listing.Lang]map[int][]json.RawMessage{listing.NL: {1: raws(
			`{"Date":"2026-11-02 10:00:00","TypeID":1,"TypeName":"Bezichtiging","StatusName":"Uitgevoerd","PersonName":"Jan Peeters","Email":"jan@example.com"}`,
			`{"Date":"2026-12-02 10:00:00","TypeID":1,"TypeName":"Bezichtiging","StatusName":"Gepland"}`)}},
		AutomaticHistories: map[listing.Lang]map[int][]json.RawMessage{listing.NL: {1: raws(
			`{"Date":"2026-11-03 11:00:00","TypeID":4,"Subject":"Uw woning","Description":"Beste Jan"}`,
			`{"Date":"2026-11-04 11:00:00","TypeID":2,"TypeName":"Telefoon inkomend"}`,
			`{"Date":"2026-11-05 11:00:00","TypeID":2}`)}},
	}
	return ds
}

func TestClientOwnerStats(t *testing.T) {
	h := newHarness(t, ownerDataset(t), nil) // PageSize 2: every list takes pages
	ctx := context.Background()
	loc := brussels(t)

	v, err := h.c.VisitStatistic(ctx, listing.NL, 1)
	if err != nil || v != (platform.VisitStatistic{Today: 2, Week: 5, Month: 9, Total: 40}) {
		t.Errorf("VisitStatistic = %+v, %v", v, err)
	}
	if p := last(t, h.fake, platform.MethodVisitStatistic); p.Int("ID") != 1 || p.Int("LanguageId") != 1 {
		t.Errorf("VisitStatistic sent %v", p.Names())
	}

	media, err := h.c.MediaStatistics(ctx, listing.NL, 1, time.Date(2026, 11, 2, 0, 0, 0, 0, loc), time.Date(2026, 11, 4, 23, 59, 59, 0, loc))
	if err != nil || len(media.Items) != 6 || len(media.Bad) != 0 {
		t.Fatalf("MediaStatistics = %d rows, %v, %v", len(media.Items), media.Bad, err)
	}
	if m := media.Items[0]; m.ObjectID != 1 || m.Medium != "Immoweb" || m.Views != 2 || !m.Date.Equal(time.Date(2026, 11, 2, 0, 0, 0, 0, loc)) {
		t.Errorf("first media day %+v", m)
	}
	p := last(t, h.fake, platform.MethodMediaStatistics)
	if p.String("ObjectIDs") != "1" || p.String("StartDate") != "2026-11-02 00:00:00" || p.String("EndDate") != "2026-11-04 23:59:59" ||
		p.String("IsGroupAllPortals") != "false" || p.Int("Limit1") == 0 {
		t.Errorf("MediaStatistics sent %s", mustJSON(t, p))
	}

	online, err := h.c.MediaOnline(ctx, listing.NL, 1)
	if err != nil || len(online.Items) != 2 || !online.Items[0].To.IsZero() || online.Items[1].To.IsZero() {
		t.Errorf("MediaOnline = %+v, %v", online.Items, err)
	}
	if p := last(t, h.fake, platform.MethodMediaOnline); p.Int("ObjectID") != 1 {
		t.Errorf("MediaOnline sent %s", mustJSON(t, p))
	}

	cal, err := h.c.CalendarHistory(ctx, listing.NL, 1, time.Date(2026, 11, 1, 0, 0, 0, 0, loc), time.Date(2026, 11, 30, 0, 0, 0, 0, loc))
	if err != nil || len(cal.Items) != 1 || cal.Items[0].Kind != "Bezichtiging" || cal.Items[0].Status != "Uitgevoerd" {
		t.Errorf("CalendarHistory = %+v, %v", cal.Items, err)
	}
	if p := last(t, h.fake, platform.MethodCalendarHistories); p.String("FromDate") != "2026-11-01 00:00:00" || p.String("ToDate") != "2026-11-30 00:00:00" {
		t.Errorf("CalendarHistory sent %s", mustJSON(t, p))
	}
	for _, raw := range cal.Raw {
		if strings.Contains(string(raw), "Jan") || strings.Contains(string(raw), "example.com") {
			t.Errorf("a person's data kept in %s", raw)
		}
	}

	auto, err := h.c.AutomaticHistory(ctx, listing.NL, 1, time.Time{}, time.Time{})
	if err != nil || len(auto.Items) != 3 {
		t.Fatalf("AutomaticHistory = %+v, %v", auto.Items, err)
	}
	if k := []string{auto.Items[0].Kind, auto.Items[1].Kind, auto.Items[2].Kind}; k[0] != "email-out" || k[1] != "Telefoon inkomend" || k[2] != "phone-in" {
		t.Errorf("kinds %q", k)
	}
	if p := last(t, h.fake, platform.MethodAutomaticHistories); p.Has("FromDate") || p.Has("ToDate") {
		t.Errorf("open range sent dates: %s", mustJSON(t, p))
	}
	for _, raw := range auto.Raw {
		if strings.Contains(string(raw), "Beste") || strings.Contains(string(raw), "Uw woning") {
			t.Errorf("words kept in %s", raw)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDecodeOwnerStatsTolerant(t *testing.T) {
	loc := time.UTC
	nov2 := time.Date(2026, 11, 2, 0, 0, 0, 0, loc)
	t.Run("visits", func(t *testing.T) {
		for _, tt := range []struct {
			in   string
			want platform.VisitStatistic
			bad  bool
		}{
			{`{"Today":1,"Week":2,"Month":3,"Total":4}`, platform.VisitStatistic{Today: 1, Week: 2, Month: 3, Total: 4}, false},
			{`{"visitsToday":"1","VisitsThisWeek":"2","ThisMonth":3,"TotalVisits":"4"}`, platform.VisitStatistic{Today: 1, Week: 2, Month: 3, Total: 4}, false},
			{`[{"Today":1,"NumberOfVisits":9}]`, platform.VisitStatistic{Today: 1, Total: 9}, false},
			{`{"Items":[{"Count":7}],"RowsCount":1}`, platform.VisitStatistic{Total: 7}, false},
			{`{"Today":null,"Total":""}`, platform.VisitStatistic{}, false},
			{`{"Today":{"n":1}}`, platform.VisitStatistic{}, true},
			{`"none"`, platform.VisitStatistic{}, true},
		} {
			got, err := platform.DecodeVisitStatistic(json.RawMessage(tt.in))
			if (err != nil) != tt.bad || got != tt.want {
				t.Errorf("%s: %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		}
	})
	t.Run("media days", func(t *testing.T) {
		for _, tt := range []struct {
			in   string
			want platform.MediaDay
			bad  bool
		}{
			{`{"Date":"2026-11-02 00:00:00","MediaID":1,"MediaName":"Immoweb","Views":3}`, platform.MediaDay{Date: nov2, MediaID: 1, Medium: "Immoweb", Views: 3}, false},
			{`{"Day":"2026-11-02","Media":"Zimmo","Count":"4","ObjectID":"7"}`, platform.MediaDay{ObjectID: 7, Date: nov2, Medium: "Zimmo", Views: 4}, false},
			{`{"StatisticDate":"/Date(1793620800000+0100)/","PortalName":"Immovlan","NumberOfViews":5}`, platform.MediaDay{Date: nov2, Medium: "Immovlan", Views: 5}, false},
			{`{"Date":"2026-11-02T15:04:05","MediumID":9,"Visits":1}`, platform.MediaDay{Date: nov2, MediaID: 9, Medium: "medium 9", Views: 1}, false},
			{`{"date":"2026-11-02 10:00:00","portal":"Logic-Immo","views":-1}`, platform.MediaDay{Date: nov2, Medium: "Logic-Immo"}, false},
			{`{"MediaName":"Immoweb","Views":3}`, platform.MediaDay{}, true},
			{`{"Date":"2026-11-02","Views":3}`, platform.MediaDay{}, true},
			{`{"Date":"yesterday","MediaName":"Immoweb"}`, platform.MediaDay{}, true},
			{`{"Date":"2026-11-02","MediaName":"Immoweb","Views":"many"}`, platform.MediaDay{}, true},
		} {
			rows := platform.DecodeMediaDays([]json.RawMessage{json.RawMessage(tt.in)}, loc)
			if tt.bad {
				if len(rows.Bad) != 1 {
					t.Errorf("%s: decoded %+v", tt.in, rows.Items)
				}
				continue
			}
			if len(rows.Items) != 1 || rows.Items[0] != tt.want {
				t.Errorf("%s: %+v %v; want %+v", tt.in, rows.Items, rows.Bad, tt.want)
			}
		}
	})
	t.Run("online", func(t *testing.T) {
		rows := platform.DecodeMediaOnline(raws(
			`{"Medium":"Zimmo","StartDate":"2026-11-02 09:00:00","EndDate":null}`,
			`{"PortalName":"Immoweb","OnlineFrom":"2026-11-02","OfflineDate":"2026-11-03"}`,
			`{"MediaName":"Immoweb"}`,
		), loc)
		if len(rows.Items) != 2 || len(rows.Bad) != 1 || !rows.Items[0].To.IsZero() || !rows.Items[1].To.Equal(nov2.AddDate(0, 0, 1)) {
			t.Errorf("online %+v, bad %v", rows.Items, rows.Bad)
		}
	})
	t.Run("history", func(t *testing.T) {
		rows := platform.DecodeHistory(raws(
			`{"HistoryDate":"2026-11-02 10:00:00","HistoryTypeName":"Bezoek","Status":3,"PersonFirstName":"Jan"}`,
			`{"StartDate":"2026-11-02 10:00:00","Type":"1"}`,
			`{"Date":"2026-11-02 10:00:00","TypeID":99}`,
			`{"TypeName":"no date"}`,
		), loc)
		if len(rows.Items) != 3 || len(rows.Bad) != 1 {
			t.Fatalf("history %+v, bad %v", rows.Items, rows.Bad)
		}
		if h := rows.Items[0]; h.Kind != "Bezoek" || h.Status != "3" {
			t.Errorf("first %+v", h)
		}
		if rows.Items[1].Kind != "visit" || rows.Items[2].Kind != "other" {
			t.Errorf("kinds by type id: %+v", rows.Items)
		}
		if strings.Contains(string(rows.Raw[0]), "Jan") {
			t.Errorf("a name survived: %s", rows.Raw[0])
		}
	})
}

func TestCheckOwnerStats(t *testing.T) {
	h := newHarness(t, ownerDataset(t), nil)
	reports, ds := h.c.Check(context.Background(), platform.CheckOptions{Langs: []listing.Lang{listing.NL}, Limit: 5})
	seen := map[string]platform.Report{}
	for _, r := range reports {
		seen[r.Method] = r
	}
	for _, m := range []string{platform.MethodVisitStatistic, platform.MethodMediaStatistics, platform.MethodMediaOnline,
		platform.MethodCalendarHistories, platform.MethodAutomaticHistories} {
		r, ok := seen[m]
		if !ok {
			t.Errorf("%s not reported", m)
			continue
		}
		if !r.OK || r.Needed || h.fake.Calls(m) != 1 {
			t.Errorf("%s: %+v, %d call(s)", m, r, h.fake.Calls(m))
		}
	}
	if r := seen[platform.MethodCalendarHistories]; r.Ignored["PersonName"] != 1 || len(r.Mapped) == 0 {
		t.Errorf("calendar report %+v", r)
	}
	if len(ds.Owner.VisitStatistics) != 1 || len(ds.Owner.Histories(platform.MethodCalendarHistories, listing.NL)[1]) == 0 {
		t.Errorf("recorded %+v", ds.Owner)
	}
	for _, raw := range ds.Owner.Histories(platform.MethodCalendarHistories, listing.NL)[1] {
		if strings.Contains(string(raw), "Jan") {
			t.Errorf("recorded a name: %s", raw)
		}
	}
	if err := platform.Summary(reports); err != nil {
		t.Errorf("summary: %v", err)
	}
}
