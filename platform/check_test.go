package platform_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func report(t *testing.T, reports []platform.Report, method string, lang listing.Lang) platform.Report {
	t.Helper()
	for _, r := range reports {
		if r.Method == method && r.Lang == lang {
			return r
		}
	}
	t.Fatalf("no report of %s (%s) in %+v", method, lang, reports)
	return platform.Report{}
}

// checkDataset is testDataset with the personal data a real answer may hold.
func checkDataset() *platform.Dataset {
	ds := testDataset(3)
	nl := ds.Langs[listing.NL]
	nl.Details[0] = json.RawMessage(strings.Replace(string(nl.Details[0]), `{"ID":1,`,
		`{"ID":1,"OwnerEmail":"an@example.be","Owner":{"FirstName":"An","Phone":32470123456,"ID":5},"ManagerEmail":"office@agency.be","Foo":1,`, 1))
	nl.Appointments = raws(`{"ID":1,"ObjectID":1,"StartDate":"2024-07-01 10:00:00","EndDate":"2024-07-01 11:00:00","PersonID":77,"PersonName":"Visitor","Candidates":[{"ID":9,"Email":"v@example.be"}]}`)
	return ds
}

func TestCheck(t *testing.T) {
	h := newHarness(t, checkDataset(), nil)
	reports, ds := h.c.Check(context.Background(), platform.CheckOptions{Langs: []listing.Lang{listing.NL, listing.FR}})

	t.Run("a report per method and language", func(t *testing.T) {
		perLang := []string{
			platform.MethodWebCategories, platform.MethodTypes, platform.MethodPropertyList, platform.MethodPropertiesByIDs,
			platform.MethodPropertyPictures, platform.MethodDocumentList, platform.MethodProjectList, platform.MethodProject,
			platform.MethodProjectPictures, platform.MethodAppointments,
		}
		var want []string
		for _, l := range []listing.Lang{listing.NL, listing.FR} {
			for _, m := range perLang {
				want = append(want, m+" "+string(l))
			}
		}
		want = append(want, platform.MethodDeletedProperties+" ")
		for _, m := range []string{platform.MethodVisitStatistic, platform.MethodMediaStatistics, platform.MethodMediaOnline, platform.MethodCalendarHistories, platform.MethodAutomaticHistories} {
			want = append(want, m+" nl") // owner statistics, for the first property (check_owner.go)
		}
		for _, m := range []string{platform.MethodCheckPersonLogin, platform.MethodRelatedProperties, platform.MethodDemandList,
			platform.MethodContactOnMe, platform.MethodContactOnMeProject, platform.MethodDemandRegister, platform.MethodUnsubscribeDemand,
			platform.MethodForgetPassword} {
			want = append(want, m+" ") // the people's side, asked about nobody or not called (check_writes.go)
		}
		var got []string
		for _, r := range reports {
			got = append(got, r.Method+" "+string(r.Lang))
		}
		if !slices.Equal(got, want) {
			t.Errorf("reports\n%v\nwant\n%v", got, want)
		}
		if err := platform.Summary(reports); err != nil {
			t.Errorf("Summary = %v", err)
		}
	})

	t.Run("what the platform answered", func(t *testing.T) {
		for _, tt := range []struct {
			method string
			lang   listing.Lang
			rows   int
		}{
			{platform.MethodWebCategories, listing.NL, 2},
			{platform.MethodTypes, listing.NL, 3},
			{platform.MethodPropertyList, listing.NL, 3},
			{platform.MethodPropertiesByIDs, listing.NL, 3},
			{platform.MethodPropertyPictures, listing.NL, 3},
			{platform.MethodProjectList, listing.NL, 2},
			{platform.MethodProject, listing.NL, 2},
			{platform.MethodProjectPictures, listing.NL, 2},
			{platform.MethodAppointments, listing.NL, 1},
			{platform.MethodPropertyList, listing.FR, 1},
			{platform.MethodTypes, listing.FR, 0},
			{platform.MethodDeletedProperties, "", 3},
		} {
			r := report(t, reports, tt.method, tt.lang)
			if !r.OK || r.Error != "" || r.Rows != tt.rows || !r.Needed && tt.method != platform.MethodPropertyPictures && tt.method != platform.MethodProjectPictures {
				t.Errorf("%s (%s): %+v, want OK with %d rows", tt.method, tt.lang, r, tt.rows)
			}
		}
		list := report(t, reports, platform.MethodPropertyList, listing.NL)
		if !slices.Contains(list.Mapped, "LastChangedDate") || !slices.Equal(list.Missing, []string{"Ident"}) || len(list.Ignored) != 0 {
			t.Errorf("property list: mapped %v missing %v ignored %v", list.Mapped, list.Missing, list.Ignored)
		}
		if r := list.Result(); r != "answered, see below" {
			t.Errorf("Result = %q", r)
		}
		details := report(t, reports, platform.MethodPropertiesByIDs, listing.NL)
		if !maps.Equal(details.Ignored, map[string]int{"Foo": 1, "Owner": 1, "OwnerEmail": 1}) {
			t.Errorf("details ignored %v", details.Ignored)
		}
		if pics := report(t, reports, platform.MethodPropertyPictures, listing.NL); !pics.Needed {
			t.Errorf("pictures not needed although no record embeds any: %+v", pics)
		}
		if r := report(t, reports, platform.MethodWebCategories, listing.NL).Result(); r != "ok" {
			t.Errorf("Result = %q", r)
		}
		for _, m := range []string{platform.MethodProject, platform.MethodProjectPictures} {
			if r := report(t, reports, m, listing.FR); r.Skipped != "no project listed" || r.OK || r.Failed() || r.Result() != "not asked" {
				t.Errorf("%s (fr): %+v", m, r)
			}
		}
	})

	t.Run("the recording", func(t *testing.T) {
		nl := ds.Lang(listing.NL)
		if len(nl.Properties) != 3 || len(nl.Details) != 3 || len(nl.PropertyPictures[1]) != 3 || len(nl.ProjectDetails) != 2 ||
			len(nl.ProjectPictures[7]) != 2 || len(nl.Appointments) != 1 || len(ds.DeletedProperties) != 3 {
			t.Fatalf("recorded %+v", nl)
		}
		var d map[string]any
		if err := json.Unmarshal(nl.Details[0], &d); err != nil {
			t.Fatal(err)
		}
		owner, _ := d["Owner"].(map[string]any)
		if d["OwnerEmail"] != platform.Redacted || owner["FirstName"] != platform.Redacted || owner["Phone"] != 0.0 || owner["ID"] != 0.0 {
			t.Errorf("personal data kept: %s", nl.Details[0])
		}
		if d["ManagerEmail"] != "office@agency.be" || d["City"] != "Gent" || d["ID"] != 1.0 || d["Zip"] != "9000" || d["Foo"] != 1.0 {
			t.Errorf("more than personal data redacted: %s", nl.Details[0])
		}
		var a map[string]any
		if err := json.Unmarshal(nl.Appointments[0], &a); err != nil {
			t.Fatal(err)
		}
		if a["PersonID"] != 0.0 || a["PersonName"] != platform.Redacted || a["ObjectID"] != 1.0 || a["StartDate"] != "2024-07-01 10:00:00" {
			t.Errorf("appointment %s", nl.Appointments[0])
		}
		if c := a["Candidates"].([]any)[0].(map[string]any); c["Email"] != platform.Redacted || c["ID"] != 0.0 {
			t.Errorf("candidate %v", c)
		}
		for _, r := range reports {
			for _, l := range r.Describe() {
				if strings.Contains(l, "an@example.be") || strings.Contains(l, testPassword) {
					t.Errorf("report line %q holds personal data", l)
				}
			}
		}
	})

	t.Run("the recording replays", func(t *testing.T) {
		dir := t.TempDir()
		if err := ds.WriteDir(dir); err != nil {
			t.Fatal(err)
		}
		loaded, err := platform.LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(fakeplatform.New(loaded, testCustomer, testPassword))
		defer srv.Close()
		c, _ := newClient(t, testConfig(t, srv.URL))
		ctx := context.Background()
		rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil || !slices.Equal(propertyIDs(rows), []int{1, 2, 3}) {
			t.Fatalf("PropertyList = %v, %v", propertyIDs(rows), err)
		}
		details, err := c.Properties(ctx, listing.NL, []int{1})
		if err != nil || len(details.Items) != 1 || details.Items[0].DescriptionB != "Huis 1" {
			t.Fatalf("Properties = %+v, %v", details, err)
		}
		pics, err := c.PropertyPictures(ctx, listing.NL, 1)
		if err != nil || len(pics.Items) != 3 {
			t.Fatalf("PropertyPictures = %+v, %v", pics, err)
		}
		if del, err := c.DeletedPropertyIDs(ctx); err != nil || !slices.Equal(del, []int{90, 91, 92}) {
			t.Fatalf("DeletedPropertyIDs = %v, %v", del, err)
		}
	})
}

func TestCheckLimit(t *testing.T) {
	t.Run("limit asked", func(t *testing.T) {
		h := newHarness(t, testDataset(5), nil)
		reports, ds := h.c.Check(context.Background(), platform.CheckOptions{Langs: []listing.Lang{listing.NL}, Limit: 2})
		if r := report(t, reports, platform.MethodPropertyList, listing.NL); !r.OK || r.Rows != 2 {
			t.Errorf("property list %+v", r)
		}
		if p := last(t, h.fake, platform.MethodPropertyList); p.Int("Limit1") != 1 || p.Int("Limit2") != 2 {
			t.Errorf("asked %v", p)
		}
		if got := last(t, h.fake, platform.MethodPropertiesByIDs).String("IDs"); got != "1,2" {
			t.Errorf("details asked of %q, want the listed 1,2", got)
		}
		if nl := ds.Lang(listing.NL); len(nl.Properties) != 2 || len(nl.Details) != 2 || len(nl.PropertyPictures[1]) != 2 {
			t.Errorf("recorded %d rows, %d details, %d pictures", len(nl.Properties), len(nl.Details), len(nl.PropertyPictures[1]))
		}
	})
	t.Run("a platform that ignores the limit", func(t *testing.T) {
		c := scriptValue(t, func(method string, p fakeplatform.Params) string {
			switch method {
			case platform.MethodPropertyList:
				return `[{"ID":1},{"ID":2},{"ID":3},{"ID":4}]`
			case platform.MethodPropertiesByIDs:
				return `[{"ID":1},{"ID":2}]`
			case platform.MethodDeletedProperties, platform.MethodAppointments:
				return `[]`
			}
			return `{"Items":[],"RowsCount":0}`
		})
		reports, ds := c.Check(context.Background(), platform.CheckOptions{Langs: []listing.Lang{listing.NL}, Limit: 2})
		if r := report(t, reports, platform.MethodPropertyList, listing.NL); !r.OK || r.Rows != 2 || len(ds.Lang(listing.NL).Properties) != 2 {
			t.Errorf("property list %+v", r)
		}
	})
}

func TestCheckFailures(t *testing.T) {
	ctx := context.Background()
	t.Run("a needed method fails", func(t *testing.T) {
		h := newHarness(t, testDataset(3), nil)
		h.fake.Fail(fakeplatform.SuccessFalse().For(platform.MethodPropertiesByIDs))
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		r := report(t, reports, platform.MethodPropertiesByIDs, listing.NL)
		if r.OK || !r.Failed() || r.Result() != "FAILED" || !strings.Contains(r.Error, "Error (code 600)") {
			t.Errorf("details %+v", r)
		}
		if d := r.Describe(); len(d) == 0 || !strings.HasPrefix(d[0], "GetPropertiesByIDs (nl): FAILED: ") {
			t.Errorf("Describe = %q", d)
		}
		err := platform.Summary(reports)
		if err == nil || err.Error() != "the site cannot sync: GetPropertiesByIDs (nl) failed" {
			t.Errorf("Summary = %v", err)
		}
		// The pictures are still asked of the listed rows.
		if r := report(t, reports, platform.MethodPropertyPictures, listing.NL); !r.OK || r.Rows != 3 {
			t.Errorf("pictures %+v", r)
		}
	})
	t.Run("deleted ids fail", func(t *testing.T) {
		h := newHarness(t, testDataset(1), nil)
		h.fake.Fail(fakeplatform.Garbage().For(platform.MethodDeletedProperties))
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		if err := platform.Summary(reports); err == nil || !strings.Contains(err.Error(), "GetDeletedPropertyIDs failed") {
			t.Errorf("Summary = %v", err)
		}
	})
	t.Run("picture lists are not needed when every record embeds its photos", func(t *testing.T) {
		ds := testDataset(2)
		nl := ds.Langs[listing.NL]
		for i := range nl.Properties {
			nl.Properties[i] = json.RawMessage(strings.Replace(string(nl.Properties[i]), `{"ID":`, `{"XLargePictureItems":[{"ID":1,"Url":"u"}],"ID":`, 1))
		}
		h := newHarness(t, ds, nil)
		h.fake.Fail(fakeplatform.Status(404).For(platform.MethodPropertyPictures))
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		r := report(t, reports, platform.MethodPropertyPictures, listing.NL)
		if r.Needed || r.OK || r.Failed() || r.Result() != "failed, not needed" {
			t.Errorf("pictures %+v", r)
		}
		if d := r.Describe(); !strings.HasSuffix(d[0], "(not needed: every record embeds its photos)") {
			t.Errorf("Describe = %q", d)
		}
		if n := h.fake.Calls(platform.MethodPropertyPictures); n != 1 {
			t.Errorf("%d picture calls, want the first property's only", n)
		}
		if err := platform.Summary(reports); err != nil {
			t.Errorf("Summary = %v", err)
		}
	})
	t.Run("project pictures are not asked when the project fails", func(t *testing.T) {
		h := newHarness(t, testDataset(2), nil)
		h.fake.Fail(fakeplatform.SuccessFalse().For(platform.MethodProject))
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		if r := report(t, reports, platform.MethodProject, listing.NL); !r.Failed() {
			t.Errorf("project %+v", r)
		}
		if n := h.fake.Calls(platform.MethodProjectPictures); n != 0 {
			t.Fatalf("%d project picture calls", n)
		}
		if r := report(t, reports, platform.MethodProjectPictures, listing.NL); r.OK || r.Result() == "ok" {
			t.Errorf("project pictures %+v (%s), never asked", r, r.Result())
		}
	})
	t.Run("bad records", func(t *testing.T) {
		h := newHarness(t, testDataset(3), nil)
		h.fake.Damage(fakeplatform.WrongType(2, "Price"))
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		for _, m := range []string{platform.MethodPropertyList, platform.MethodPropertiesByIDs} {
			r := report(t, reports, m, listing.NL)
			if !r.OK || len(r.Bad) != 1 || r.Bad[0].ID != 2 || r.Result() != "answered, see below" {
				t.Errorf("%s: %+v", m, r)
				continue
			}
			if d := r.Describe(); !strings.HasPrefix(d[len(d)-1], "  bad record ID 2: Price: ") {
				t.Errorf("%s: Describe = %q", m, d)
			}
		}
	})
	t.Run("a field missing from some pictures only", func(t *testing.T) {
		ds := testDataset(3)
		ds.Langs[listing.NL].PropertyPictures = map[int][]json.RawMessage{
			1: raws(`{"ID":11,"Link":"u"}`),
			3: raws(`{"ID":31,"Url":"u"}`),
		}
		h := newHarness(t, ds, nil)
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		if r := report(t, reports, platform.MethodPropertyPictures, listing.NL); r.Rows != 2 || len(r.Missing) != 0 || r.Ignored["Link"] != 1 {
			t.Errorf("pictures %+v: Url is missing from one picture, not from all", r)
		}
	})
	t.Run("a field missing from every picture", func(t *testing.T) {
		ds := testDataset(2)
		ds.Langs[listing.NL].PropertyPictures = map[int][]json.RawMessage{1: raws(`{"ID":11,"Link":"u"}`)}
		h := newHarness(t, ds, nil)
		reports, _ := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
		if r := report(t, reports, platform.MethodPropertyPictures, listing.NL); !slices.Equal(r.Missing, []string{"Url"}) {
			t.Errorf("pictures %+v, want Url missing", r)
		}
	})
}

func TestReportWords(t *testing.T) {
	tests := []struct {
		name     string
		r        platform.Report
		result   string
		failed   bool
		describe []string
	}{
		{"ok", platform.Report{Method: "GetX", Lang: listing.NL, Needed: true, OK: true, Rows: 2, Mapped: []string{"ID", "Name"}},
			"ok", false, []string{"GetX (nl): answered, 2 row(s)", "  mapped  (2): ID, Name"}},
		{"with findings", platform.Report{Method: "GetX", Needed: true, OK: true, Rows: 3, Ignored: map[string]int{"B": 3, "A": 1}, Missing: []string{"Url"},
			Bad: []platform.BadRecord{{Row: 2, Reason: "the record: number is not an object"}, {Row: 3, ID: 7, Reason: "Price: {} is not a number"}}},
			"answered, see below", false, []string{
				"GetX: answered, 3 row(s)", "  ignored (2): A ×1, B", "  missing (1): Url",
				"  bad record row 2: the record: number is not an object", "  bad record ID 7: Price: {} is not a number",
			}},
		{"failed", platform.Report{Method: "GetX", Lang: listing.FR, Needed: true, Error: "platform GetX: HTTP 500"},
			"FAILED", true, []string{"GetX (fr): FAILED: platform GetX: HTTP 500"}},
		{"failed, not needed", platform.Report{Method: "GetX", Error: "boom"},
			"failed, not needed", false, []string{"GetX: FAILED: boom (not needed: every record embeds its photos)"}},
		{"skipped", platform.Report{Method: "GetX", Needed: true, Skipped: "no project listed"},
			"not asked", false, []string{"GetX: not asked: no project listed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.Result(); got != tt.result {
				t.Errorf("Result = %q, want %q", got, tt.result)
			}
			if got := tt.r.Failed(); got != tt.failed {
				t.Errorf("Failed = %v, want %v", got, tt.failed)
			}
			if got := tt.r.Describe(); !slices.Equal(got, tt.describe) {
				t.Errorf("Describe =\n%q\nwant\n%q", got, tt.describe)
			}
		})
	}
	if err := platform.Summary(nil); err != nil {
		t.Errorf("Summary(nil) = %v", err)
	}
	err := platform.Summary([]platform.Report{tests[2].r, tests[3].r, {Method: "GetY", Needed: true, Error: "x"}})
	if err == nil || err.Error() != "the site cannot sync: GetX (fr), GetY failed" {
		t.Errorf("Summary = %v", err)
	}
}

// TestCheckWritesNothing: the check asks the owner and demand side about a
// login nobody has and calls no write, so it leaves nothing at the agency.
func TestCheckWritesNothing(t *testing.T) {
	h := newHarness(t, checkDataset(), nil)
	reports, _ := h.c.Check(context.Background(), platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
	if w := h.fake.Writes(""); len(w) != 0 {
		t.Errorf("the check wrote %+v", w)
	}
	for _, r := range reports {
		switch r.Method {
		case platform.MethodCheckPersonLogin, platform.MethodRelatedProperties, platform.MethodDemandList:
			if !r.OK || r.Error != "" {
				t.Errorf("%s: %+v", r.Method, r)
			}
		case platform.MethodContactOnMe, platform.MethodDemandRegister:
			if r.Skipped == "" || h.fake.Calls(r.Method) != 0 {
				t.Errorf("%s called: %+v", r.Method, r)
			}
		}
	}
}
