package fakeplatform

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func ownerServer(t *testing.T) string {
	t.Helper()
	ds := testDataset()
	ds.Owner = platform.OwnerData{
		VisitStatistics: map[int]json.RawMessage{1: json.RawMessage(`{"Today":1,"Week":2,"Month":3,"Total":4}`)},
		MediaStatistics: map[int][]json.RawMessage{
			1: raws(`{"ObjectID":1,"Date":"2026-11-01 00:00:00","MediaID":1,"MediaName":"Immoweb","Views":3}`,
				`{"ObjectID":1,"Date":"2026-11-01 00:00:00","MediaID":2,"MediaName":"Zimmo","Views":2}`,
				`{"ObjectID":1,"Date":"2026-11-02 00:00:00","MediaID":1,"MediaName":"Immoweb","Views":5}`,
				`{"ObjectID":1,"Date":"2026-11-03 00:00:00","MediaID":1,"MediaName":"Immoweb","Views":7}`),
			2: raws(`{"ObjectID":2,"Date":"2026-11-01 00:00:00","MediaID":1,"MediaName":"Immoweb","Views":1}`),
		},
		MediaOnline: map[int][]json.RawMessage{1: raws(
			`{"MediaID":1,"MediaName":"Immoweb","FromDate":"2026-09-01 09:00:00"}`,
			`{"MediaID":3,"MediaName":"Immovlan","FromDate":"2026-08-01 09:00:00","ToDate":"2026-08-20 09:00:00"}`)},
		CalendarHistories: map[listing.Lang]map[int][]json.RawMessage{
			listing.NL: {1: raws(
				`{"Date":"2026-10-02 10:00:00","TypeID":1,"TypeName":"Bezichtiging","StatusName":"Uitgevoerd"}`,
				`{"Date":"2026-11-02 10:00:00","TypeID":1,"TypeName":"Bezichtiging","StatusName":"Gepland"}`)},
			listing.FR: {1: raws(
				`{"Date":"2026-10-02 10:00:00","TypeID":1,"TypeName":"Visite","StatusName":"Effectuée"}`,
				`{"Date":"2026-11-02 10:00:00","TypeID":1,"TypeName":"Visite","StatusName":"Planifiée"}`)},
		},
		AutomaticHistories: map[listing.Lang]map[int][]json.RawMessage{listing.NL: {1: raws(
			`{"Date":"2026-11-03 11:00:00","TypeID":4}`, `{"Date":"2026-11-04 11:00:00","TypeID":2}`, `{"Date":"2026-11-05 11:00:00","TypeID":2}`)}},
	}
	srv := httptest.NewServer(New(ds, testCustomer, testPassword))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestOwnerMethods(t *testing.T) {
	base := ownerServer(t)
	r := req(listing.NL)

	v := valueOf[map[string]int](t, platform.MethodVisitStatistic, mustCall(t, base, platform.MethodVisitStatistic, r.with("ID", 1)))
	if v["Total"] != 4 || v["Today"] != 1 {
		t.Errorf("visits %v", v)
	}
	if v := valueOf[map[string]int](t, platform.MethodVisitStatistic, mustCall(t, base, platform.MethodVisitStatistic, r.with("ID", 9))); v["Total"] != 0 {
		t.Errorf("visits of a property without statistics %v", v)
	}
	failed(t, platform.MethodVisitStatistic, mustCall(t, base, platform.MethodVisitStatistic, r), 600, "ID")

	tests := []struct {
		name, method string
		r            request
		rows         int // RowsCount
		items        int // on the page
	}{
		{"media of one property", platform.MethodMediaStatistics, r.with("ObjectIDs", "1"), 4, 4},
		{"media of every property", platform.MethodMediaStatistics, r, 5, 5},
		{"media of two, by string ids", platform.MethodMediaStatistics, r.with("ObjectIDs", "1,2"), 5, 5},
		{"media between days", platform.MethodMediaStatistics, r.with("ObjectIDs", "1", "StartDate", "2026-11-02 00:00:00", "EndDate", "2026-11-02 23:59:59"), 1, 1},
		{"media of one medium", platform.MethodMediaStatistics, r.with("ObjectIDs", "1", "MediaIDs", "2"), 1, 1},
		{"media grouped", platform.MethodMediaStatistics, r.with("ObjectIDs", "1", "IsGroupAllPortals", true), 3, 3},
		{"media paged", platform.MethodMediaStatistics, r.with("ObjectIDs", "1", "Limit1", 3, "Limit2", 4), 4, 2},
		{"online", platform.MethodMediaOnline, r.with("ObjectID", 1), 2, 2},
		{"online since", platform.MethodMediaOnline, r.with("ObjectID", 1, "FromDate", "2026-09-01 00:00:00"), 1, 1},
		{"calendar", platform.MethodCalendarHistories, r.with("ObjectID", 1), 2, 2},
		{"calendar from", platform.MethodCalendarHistories, r.with("ObjectID", 1, "FromDate", "2026-11-01 00:00:00"), 1, 1},
		{"automatic by type", platform.MethodAutomaticHistories, r.with("ObjectID", 1, "TypeIDs", "2"), 2, 2},
		{"automatic until", platform.MethodAutomaticHistories, r.with("ObjectID", 1, "ToDate", "2026-11-04 00:00:00"), 1, 1},
		{"automatic paged", platform.MethodAutomaticHistories, r.with("ObjectID", 1, "Limit1", 1, "Limit2", 2), 3, 2},
		{"no history", platform.MethodCalendarHistories, r.with("ObjectID", 2), 0, 0},
		{"calendar in French", platform.MethodCalendarHistories, req(listing.FR).with("ObjectID", 1), 2, 2},
		{"calendar in a language without one", platform.MethodCalendarHistories, req(listing.DE).with("ObjectID", 1), 0, 0},
		{"automatic in a language without one", platform.MethodAutomaticHistories, req(listing.FR).with("ObjectID", 1), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := valueOf[list](t, tt.method, mustCall(t, base, tt.method, tt.r))
			if l.RowsCount != tt.rows || len(l.Items) != tt.items {
				t.Errorf("RowsCount %d, %d items; want %d, %d: %s", l.RowsCount, len(l.Items), tt.rows, tt.items, l.Items)
			}
		})
	}

	for _, m := range []string{platform.MethodMediaOnline, platform.MethodCalendarHistories, platform.MethodAutomaticHistories} {
		failed(t, m, mustCall(t, base, m, r), 600, "ObjectID")
	}
	failed(t, platform.MethodMediaStatistics, mustCall(t, base, platform.MethodMediaStatistics, r.with("StartDate", "2 Nov")), 600, "StartDate")

	// The histories' texts are those of the call's LanguageId.
	for _, tt := range []struct {
		lang         listing.Lang
		kind, status string
	}{{listing.NL, "Bezichtiging", "Gepland"}, {listing.FR, "Visite", "Planifiée"}} {
		l := valueOf[list](t, platform.MethodCalendarHistories, mustCall(t, base, platform.MethodCalendarHistories, req(tt.lang).with("ObjectID", 1, "FromDate", "2026-11-01 00:00:00")))
		h := platform.DecodeHistory(l.Items, nil)
		if len(h.Items) != 1 || h.Items[0].Kind != tt.kind || h.Items[0].Status != tt.status {
			t.Errorf("%s calendar %+v; want %s, %s", tt.lang, h.Items, tt.kind, tt.status)
		}
	}

	grouped := valueOf[list](t, platform.MethodMediaStatistics, mustCall(t, base, platform.MethodMediaStatistics, r.with("ObjectIDs", "1", "IsGroupAllPortals", true)))
	days := platform.DecodeMediaDays(grouped.Items, nil)
	if len(days.Items) != 3 || days.Items[0].Views != 5 {
		t.Errorf("grouped %+v", days.Items)
	}
}
