package platform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

const (
	testCustomer = "agency"
	// The special characters change under each encoding the password meets
	// (JSON, query, path), which is what the redaction tests need.
	testPassword = "p@ss w/rd&x=1"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// testDataset holds n Dutch properties, property i last changed on
// 2024-01-i at 09:30 on the agency's clock, one French one, and a little of
// everything else.
func testDataset(n int) *platform.Dataset {
	var rows, details []platform.Property
	for id := 1; id <= n; id++ {
		p := platform.Property{
			ID: platform.Int(id), Status: platform.Is(platform.StatusActive), Goal: platform.GoalSale, WebID: 1,
			TypeDescription: "Huis", City: "Gent", Zip: "9000", CountryID: platform.CountryBelgium,
			Price: platform.Number(100000 + id), PublishPrice: true,
			LastChangedDate: platform.WallClock(time.Date(2024, 1, id, 9, 30, 0, 0, time.UTC)),
		}
		rows = append(rows, p)
		p.DescriptionB = platform.Text("Huis " + strconv.Itoa(id))
		details = append(details, p)
	}
	picture := func(id int) platform.ListedPicture {
		return platform.ListedPicture{PictureItem: platform.PictureItem{ID: platform.Int(id), Url: platform.Text(fmt.Sprintf("https://img/%d.jpg", id))}}
	}
	nl := &platform.LangData{
		WebCategories: platform.RawAll([]platform.WebCategory{
			{ID: 1, WebID: 1, Name: "Huis", Sale: true, ShowOrder: 1}, {ID: 2, WebID: 2, Name: "Appartement", Rent: true, ShowOrder: 2},
		}),
		Types: platform.RawAll([]platform.TypeOfProperty{
			{ID: 1, Name: "Villa", WebID: 1}, {ID: 2, Name: "Appartement", WebID: 2}, {ID: 3, Name: "Studio", WebID: 2, ParentID: 2},
		}),
		Properties:       platform.RawAll(rows),
		Details:          platform.RawAll(details),
		PropertyPictures: map[int][]json.RawMessage{1: platform.RawAll([]platform.ListedPicture{picture(11), picture(12), picture(13)})},
		Projects: platform.RawAll([]platform.ProjectRow{
			{ID: 7, Name: "Residentie Zon"}, {ID: 8, Name: "Residentie Maan", PublishInternet: platform.Has(false)},
		}),
		ProjectDetails: platform.RawAll([]platform.Project{
			{ProjectRow: platform.ProjectRow{ID: 7, Name: "Residentie Zon"}, ProjectNumber: "P7"},
			{ProjectRow: platform.ProjectRow{ID: 8, Name: "Residentie Maan"}, ProjectNumber: "P8",
				Units: []platform.Unit{{ID: 81, Name: "A1", Price: 250000, Status: platform.Is(platform.StatusSold)}}},
		}),
		ProjectPictures: map[int][]json.RawMessage{7: platform.RawAll([]platform.ListedPicture{picture(71), picture(72)})},
		Appointments: platform.RawAll([]platform.Appointment{{
			ID: 1, ObjectID: 1, Capacity: 4,
			StartDate: platform.WallClock(time.Date(2024, 7, 1, 10, 0, 0, 0, time.UTC)),
			EndDate:   platform.WallClock(time.Date(2024, 7, 1, 11, 0, 0, 0, time.UTC)),
		}}),
	}
	fr := &platform.LangData{Properties: platform.RawAll(rows[:min(1, n)])}
	return &platform.Dataset{
		Langs:             map[listing.Lang]*platform.LangData{listing.NL: nl, listing.FR: fr},
		DeletedProperties: raws(`90`, `"91"`, `{"ID":92}`),
		DeletedProjects:   raws(`6`),
	}
}

// testConfig waits milliseconds where production waits seconds, so retries
// cost nothing, and reads dates on Brussels' clock, as the fake does.
func testConfig(t testing.TB, baseURL string) platform.Config {
	return platform.Config{
		BaseURL:       baseURL,
		Customer:      testCustomer,
		Password:      testPassword,
		Zone:          brussels(t),
		Timeout:       3 * time.Second,
		RetryMax:      3,
		RetryWaitMin:  time.Millisecond,
		RetryWaitMax:  5 * time.Millisecond,
		MaxRetryAfter: 2 * time.Second,
		PageSize:      2,
	}
}

type harness struct {
	c    *platform.Client
	fake *fakeplatform.Server
	logs *lockedBuffer
}

func newHarness(t *testing.T, ds *platform.Dataset, tweak func(*platform.Config)) *harness {
	t.Helper()
	fake := fakeplatform.New(ds, testCustomer, testPassword)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	cfg := testConfig(t, srv.URL)
	if tweak != nil {
		tweak(&cfg)
	}
	c, logs := newClient(t, cfg)
	return &harness{c: c, fake: fake, logs: logs}
}

func newClient(t *testing.T, cfg platform.Config) (*platform.Client, *lockedBuffer) {
	t.Helper()
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c, err := platform.New(cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	return c, logs
}

func last(t *testing.T, fake *fakeplatform.Server, method string) fakeplatform.Params {
	t.Helper()
	p, ok := fake.LastParams(method)
	if !ok {
		t.Fatalf("%s was never called", method)
	}
	return p
}

// answer is what a scripted platform sends: a status (0 for 200) and a body.
type answer struct {
	status int
	body   string
}

// scriptClient serves hand-written answers, for lies the fake does not tell.
func scriptClient(t *testing.T, tweak func(*platform.Config), handle func(method string, p fakeplatform.Params) answer) (*platform.Client, *lockedBuffer) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := strings.TrimSuffix(path.Base(r.URL.Path), "Json")
		var p fakeplatform.Params
		if err := json.Unmarshal([]byte(r.URL.Query().Get("json")), &p); err != nil {
			t.Errorf("request parameters: %v", err)
		}
		a := handle(method, p)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if a.status != 0 {
			w.WriteHeader(a.status)
		}
		_, _ = io.WriteString(w, a.body)
	}))
	t.Cleanup(srv.Close)
	cfg := testConfig(t, srv.URL)
	if tweak != nil {
		tweak(&cfg)
	}
	return newClient(t, cfg)
}

// envelope is a successful answer of method holding value.
func envelope(method, value string) string {
	return `{"` + method + `JsonResult":{"Code":0,"Message":"","Success":true,"Value":` + value + `}}`
}

// scriptValue serves the Values answer returns, each in a successful envelope.
func scriptValue(t *testing.T, value func(method string, p fakeplatform.Params) string) *platform.Client {
	t.Helper()
	c, _ := scriptClient(t, nil, func(method string, p fakeplatform.Params) answer {
		return answer{body: envelope(method, value(method, p))}
	})
	return c
}

// page is a list Value of records with the given IDs.
func page(rowsCount int, recordIDs ...int) string {
	items := make([]string, len(recordIDs))
	for i, id := range recordIDs {
		items[i] = `{"ID":` + strconv.Itoa(id) + `}`
	}
	return fmt.Sprintf(`{"From":1,"Items":[%s],"RowsCount":%d,"To":2}`, strings.Join(items, ","), rowsCount)
}

func propertyIDs(rows platform.Rows[platform.Property]) []int {
	return ids(rows.Items, func(p platform.Property) int { return int(p.ID) })
}

func TestNewConfig(t *testing.T) {
	ok := testConfig(t, "https://platform.example/api")
	tests := []struct {
		name    string
		tweak   func(*platform.Config)
		wantErr string
	}{
		{"valid", func(*platform.Config) {}, ""},
		{"http", func(c *platform.Config) { c.BaseURL = "http://127.0.0.1:8080/svc" }, ""},
		{"empty url", func(c *platform.Config) { c.BaseURL = "" }, "BaseURL"},
		{"relative url", func(c *platform.Config) { c.BaseURL = "/api" }, "BaseURL"},
		{"ftp url", func(c *platform.Config) { c.BaseURL = "ftp://platform.example" }, "BaseURL"},
		{"no host", func(c *platform.Config) { c.BaseURL = "http://" }, "BaseURL"},
		{"query", func(c *platform.Config) { c.BaseURL = "https://platform.example/?a=1" }, "query or fragment"},
		{"fragment", func(c *platform.Config) { c.BaseURL = "https://platform.example/#top" }, "query or fragment"},
		{"bad url", func(c *platform.Config) { c.BaseURL = "http://a b/%zz" }, "BaseURL"},
		{"bad url with a password is not shown", func(c *platform.Config) { c.BaseURL = "http://u:hunter2@a b/%zz" }, "BaseURL"},
		{"no customer", func(c *platform.Config) { c.Customer = "" }, "Customer"},
		{"no password", func(c *platform.Config) { c.Password = "" }, "Password"},
		{"password in url is not shown", func(c *platform.Config) { c.BaseURL = "https://u:hunter2@platform.example/?x=1" }, "BaseURL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := ok
			tt.tweak(&cfg)
			_, err := platform.New(cfg, nil)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one naming %s", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), testPassword) {
				t.Errorf("error shows a password: %v", err)
			}
		})
	}

	t.Run("defaults", func(t *testing.T) {
		c, err := platform.New(platform.Config{BaseURL: "https://platform.example/", Customer: "c", Password: "password"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := platform.Config{
			BaseURL: "https://platform.example/", Customer: "c", Password: "password", Zone: time.UTC,
			Timeout: 30 * time.Second, RetryMax: 4, RetryWaitMin: 500 * time.Millisecond, RetryWaitMax: 30 * time.Second,
			MaxRetryAfter: 5 * time.Minute, PageSize: 100, MaxBodyBytes: 64 << 20,
		}
		if want.Timeout != platform.DefaultTimeout || want.RetryMax != platform.DefaultRetryMax || want.PageSize != platform.DefaultPageSize ||
			want.MaxBodyBytes != platform.DefaultMaxBodyBytes || want.MaxRetryAfter != platform.DefaultMaxRetryAfter {
			t.Errorf("the Default constants are not the documented defaults")
		}
		if got := c.ConfigForTest(); got != want {
			t.Errorf("cfg = %+v\nwant  %+v", got, want)
		}
		if c.Zone() != time.UTC {
			t.Errorf("Zone() = %v, want UTC", c.Zone())
		}
		if got := c.BaseForTest(); got != "https://platform.example" {
			t.Errorf("base = %q", got)
		}
		rc := c.RetryClientForTest()
		tr, ok := rc.HTTPClient.Transport.(*http.Transport)
		if !ok || tr.MaxIdleConnsPerHost < 16 {
			t.Errorf("transport %T does not keep connections for concurrent calls", rc.HTTPClient.Transport)
		}
		if rc.HTTPClient.Timeout != 0 {
			t.Errorf("http.Client.Timeout = %v: the call's deadline is the timeout", rc.HTTPClient.Timeout)
		}
		if rc.RetryMax != 4 || rc.RetryWaitMin != 500*time.Millisecond || rc.RetryWaitMax != 30*time.Second {
			t.Errorf("retry client %d %v %v", rc.RetryMax, rc.RetryWaitMin, rc.RetryWaitMax)
		}
	})

	t.Run("negative RetryMax disables retries", func(t *testing.T) {
		cfg := ok
		cfg.RetryMax = -1
		c, err := platform.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.RetryClientForTest().RetryMax; got != 0 {
			t.Errorf("RetryMax = %d", got)
		}
	})

	t.Run("RetryWaitMax below RetryWaitMin is raised", func(t *testing.T) {
		cfg := ok
		cfg.RetryWaitMin, cfg.RetryWaitMax = time.Second, time.Millisecond
		c, err := platform.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.ConfigForTest().RetryWaitMax; got != time.Second {
			t.Errorf("RetryWaitMax = %v, want 1s", got)
		}
	})

	t.Run("zone and HTTP client kept", func(t *testing.T) {
		cfg := ok
		hc := &http.Client{}
		cfg.HTTPClient = hc
		c, err := platform.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.Zone() != cfg.Zone || c.RetryClientForTest().HTTPClient != hc {
			t.Errorf("zone %v, client %p; want %v, %p", c.Zone(), c.RetryClientForTest().HTTPClient, cfg.Zone, hc)
		}
	})
}

func TestClientMethods(t *testing.T) {
	h := newHarness(t, testDataset(5), nil)
	ctx := context.Background()

	t.Run("web categories", func(t *testing.T) {
		rows, err := h.c.WebCategories(ctx, listing.NL)
		if err != nil || len(rows.Items) != 2 || rows.Items[1].Name != "Appartement" || !rows.Items[1].Rent || rows.Items[1].ShowOrder != 2 {
			t.Fatalf("%+v %v", rows, err)
		}
	})
	t.Run("types", func(t *testing.T) {
		h.fake.ResetCalls()
		rows, err := h.c.Types(ctx, listing.NL)
		if err != nil || !slices.Equal(ids(rows.Items, func(r platform.TypeOfProperty) int { return int(r.ID) }), []int{1, 2, 3}) {
			t.Fatalf("%+v %v", rows, err)
		}
		if rows.Items[2].ParentID != 2 {
			t.Errorf("type 3 = %+v", rows.Items[2])
		}
		if n := h.fake.Calls(platform.MethodTypes); n != 2 {
			t.Errorf("%d calls, want 2 pages of 2", n)
		}
	})
	t.Run("property list pages", func(t *testing.T) {
		h.fake.ResetCalls()
		rows, err := h.c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if got := propertyIDs(rows); !slices.Equal(got, []int{1, 2, 3, 4, 5}) || len(rows.Raw) != 5 || len(rows.Bad) != 0 {
			t.Errorf("IDs %v, %d raw, bad %v", got, len(rows.Raw), rows.Bad)
		}
		if p := rows.Items[0]; p.Price != 100001 || p.Zip != "9000" || p.Status != platform.Is(platform.StatusActive) || p.DescriptionB != "" {
			t.Errorf("row 1 = %+v", p)
		}
		if n := h.fake.Calls(platform.MethodPropertyList); n != 3 {
			t.Errorf("%d calls, want 3 pages of 2", n)
		}
		p := last(t, h.fake, platform.MethodPropertyList)
		if p.Int("Limit1") != 5 || p.Int("Limit2") != 6 || p.Has("ChangeSince") || p.Int("LanguageId") != 1 || p.Int("DescriptionLanguageId") != 1 ||
			p.String("CustomerName") != testCustomer || p.String("CustomerPassword") != testPassword {
			t.Errorf("last request %v", p)
		}
	})
	t.Run("property list since", func(t *testing.T) {
		since := time.Date(2024, 1, 3, 9, 0, 0, 0, time.UTC)
		rows, err := h.c.PropertyList(ctx, listing.NL, since)
		if err != nil {
			t.Fatal(err)
		}
		if got := last(t, h.fake, platform.MethodPropertyList).String("ChangeSince"); got != "2024-01-03 10:00:00" {
			t.Errorf("ChangeSince %q, want 2024-01-03 10:00:00 on Brussels' clock", got)
		}
		// Property 3 changed at 09:30 in Brussels, before 10:00.
		if got := propertyIDs(rows); !slices.Equal(got, []int{4, 5}) {
			t.Errorf("IDs %v, want [4 5]", got)
		}
	})
	t.Run("other language", func(t *testing.T) {
		rows, err := h.c.PropertyList(ctx, listing.FR, time.Time{})
		if err != nil || len(rows.Items) != 1 {
			t.Fatalf("%d rows, %v", len(rows.Items), err)
		}
		if p := last(t, h.fake, platform.MethodPropertyList); p.Int("LanguageId") != 2 || p.Int("DescriptionLanguageId") != 2 {
			t.Errorf("last request %v", p)
		}
	})
	t.Run("language without data", func(t *testing.T) {
		rows, err := h.c.PropertyList(ctx, listing.DE, time.Time{})
		if err != nil || rows.Items == nil || len(rows.Items) != 0 {
			t.Fatalf("rows %+v, err %v; want an empty list", rows, err)
		}
		if p := last(t, h.fake, platform.MethodPropertyList); p.Int("LanguageId") != 4 {
			t.Errorf("LanguageId %d", p.Int("LanguageId"))
		}
	})
	t.Run("unknown language", func(t *testing.T) {
		h.fake.ResetCalls()
		if _, err := h.c.Types(ctx, "xx"); err == nil || !strings.Contains(err.Error(), `unknown language "xx"`) {
			t.Fatalf("err = %v", err)
		}
		if n := h.fake.Calls(platform.MethodTypes); n != 0 {
			t.Errorf("%d calls made in an unknown language", n)
		}
	})
	t.Run("properties in chunks", func(t *testing.T) {
		h.fake.ResetCalls()
		asked := []int{4, 2}
		for id := 100; id < 210; id++ { // unknown ids, to make three chunks
			asked = append(asked, id)
		}
		asked = append(asked, 5)
		got, err := h.c.Properties(ctx, listing.NL, asked)
		if err != nil {
			t.Fatal(err)
		}
		gotIDs := propertyIDs(got)
		slices.Sort(gotIDs)
		if !slices.Equal(gotIDs, []int{2, 4, 5}) || got.Items[0].DescriptionB == "" || len(got.Raw) != 3 {
			t.Errorf("IDs %v, first %+v", gotIDs, got.Items[0])
		}
		if n := h.fake.Calls(platform.MethodPropertiesByIDs); n != 3 {
			t.Errorf("%d calls for %d ids, want 3 chunks of at most 50", n, len(asked))
		}
		parts := make([]string, 0, 13)
		for _, id := range asked[100:] {
			parts = append(parts, strconv.Itoa(id))
		}
		if got := last(t, h.fake, platform.MethodPropertiesByIDs).String("IDs"); got != strings.Join(parts, ",") {
			t.Errorf("IDs of the last chunk %q, want %q", got, strings.Join(parts, ","))
		}
	})
	t.Run("an id asked twice", func(t *testing.T) {
		got, err := h.c.Properties(ctx, listing.NL, []int{1, 2, 1})
		if err != nil || len(got.Items) != 2 {
			t.Fatalf("%v, %v", propertyIDs(got), err)
		}
	})
	t.Run("no properties asked", func(t *testing.T) {
		h.fake.ResetCalls()
		got, err := h.c.Properties(ctx, listing.NL, nil)
		if err != nil || len(got.Items) != 0 || h.fake.Calls(platform.MethodPropertiesByIDs) != 0 {
			t.Fatalf("%+v %v, %d calls", got, err, h.fake.Calls(platform.MethodPropertiesByIDs))
		}
	})
	t.Run("property pictures", func(t *testing.T) {
		h.fake.ResetCalls()
		got, err := h.c.PropertyPictures(ctx, listing.NL, 1)
		if err != nil || !slices.Equal(ids(got.Items, func(p platform.ListedPicture) int { return int(p.ID) }), []int{11, 12, 13}) {
			t.Fatalf("%+v %v", got, err)
		}
		if got.Items[0].Url != "https://img/11.jpg" {
			t.Errorf("picture %+v", got.Items[0])
		}
		if n := h.fake.Calls(platform.MethodPropertyPictures); n != 2 {
			t.Errorf("%d calls, want 2 pages", n)
		}
		p := last(t, h.fake, platform.MethodPropertyPictures)
		if p.Int("ObjectID") != 1 || p.Has("ID") || p.Int("Limit1") != 3 {
			t.Errorf("last request %v, want ObjectID 1 and no ID", p)
		}
	})
	t.Run("pictures of a property without any", func(t *testing.T) {
		got, err := h.c.PropertyPictures(ctx, listing.NL, 2)
		if err != nil || len(got.Items) != 0 {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("deleted property ids", func(t *testing.T) {
		got, err := h.c.DeletedPropertyIDs(ctx)
		if err != nil || !slices.Equal(got, []int{90, 91, 92}) {
			t.Fatalf("%v %v", got, err)
		}
		p := last(t, h.fake, platform.MethodDeletedProperties)
		if names := p.Names(); len(names) != 0 || p.Has("LanguageId") {
			t.Errorf("parameters %v, want none but the credentials", names)
		}
		if p.String("CustomerName") != testCustomer || p.String("CustomerPassword") != testPassword {
			t.Errorf("credentials %v", p)
		}
	})
	t.Run("deleted project ids", func(t *testing.T) {
		got, err := h.c.DeletedProjectIDs(ctx)
		if err != nil || !slices.Equal(got, []int{6}) {
			t.Fatalf("%v %v", got, err)
		}
		if names := last(t, h.fake, platform.MethodDeletedProjects).Names(); len(names) != 0 {
			t.Errorf("parameters %v, want none", names)
		}
	})
	t.Run("projects", func(t *testing.T) {
		got, err := h.c.Projects(ctx, listing.NL)
		if err != nil || !slices.Equal(ids(got.Items, func(p platform.ProjectRow) int { return int(p.ID) }), []int{7, 8}) {
			t.Fatalf("%+v %v", got, err)
		}
		if p := got.Items[1]; !p.PublishInternet.Set || p.PublishInternet.Value || got.Items[0].PublishInternet.Set {
			t.Errorf("PublishInternet %+v %+v", got.Items[0].PublishInternet, p.PublishInternet)
		}
		if p := last(t, h.fake, platform.MethodProjectList); p.Int("DescriptionLanguageId") != 1 {
			t.Errorf("last request %v", p)
		}
	})
	t.Run("project", func(t *testing.T) {
		got, err := h.c.Project(ctx, listing.NL, 8)
		if err != nil || len(got.Items) != 1 || got.Items[0].Name != "Residentie Maan" || got.Items[0].ProjectNumber != "P8" {
			t.Fatalf("%+v %v", got, err)
		}
		if u := got.Items[0].Units; len(u) != 1 || u[0].Status != platform.Is(platform.StatusSold) {
			t.Errorf("units %+v", u)
		}
		p := last(t, h.fake, platform.MethodProject)
		if p.Int("ID") != 8 || p.Int("DescriptionLanguageId") != 1 || p.Int("LanguageId") != 1 {
			t.Errorf("last request %v", p)
		}
	})
	t.Run("unknown project", func(t *testing.T) {
		_, err := h.c.Project(ctx, listing.NL, 99)
		var pe *platform.Error
		if !errors.As(err, &pe) || pe.Code != 600 || pe.Method != platform.MethodProject {
			t.Fatalf("err = %v, want a *platform.Error of GetProject", err)
		}
	})
	t.Run("project pictures", func(t *testing.T) {
		got, err := h.c.ProjectPictures(ctx, listing.NL, 7)
		if err != nil || !slices.Equal(ids(got.Items, func(p platform.ListedPicture) int { return int(p.ID) }), []int{71, 72}) {
			t.Fatalf("%+v %v", got, err)
		}
		if p := last(t, h.fake, platform.MethodProjectPictures); p.Int("ProjectID") != 7 || p.Has("ID") || p.Has("ObjectID") {
			t.Errorf("last request %v", p)
		}
	})
	t.Run("appointments", func(t *testing.T) {
		got, err := h.c.Appointments(ctx, listing.NL, 0)
		if err != nil || len(got.Items) != 1 {
			t.Fatalf("%+v %v", got, err)
		}
		a := got.Items[0]
		if a.Property() != 1 || a.Capacity != 4 || a.StartDate.In(h.c.Zone()).Hour() != 10 {
			t.Errorf("slot %+v", a)
		}
		if p := last(t, h.fake, platform.MethodAppointments); p.Has("ObjectID") {
			t.Errorf("asked %v, want every property's slots", p)
		}
		// Per property, by ObjectID; a slot that names no property is the
		// asked one's.
		got, err = h.c.Appointments(ctx, listing.NL, 1)
		if err != nil || len(got.Items) != 1 || got.Items[0].Property() != 1 {
			t.Fatalf("%+v %v", got, err)
		}
		if p := last(t, h.fake, platform.MethodAppointments); p.Int("ObjectID") != 1 {
			t.Errorf("asked %v, want ObjectID 1", p)
		}
	})
	t.Run("concurrent calls", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if rows, err := h.c.PropertyList(ctx, listing.NL, time.Time{}); err != nil || len(rows.Items) != 5 {
					t.Errorf("%d rows, %v", len(rows.Items), err)
				}
				if rows, err := h.c.Properties(ctx, listing.NL, []int{1, 2, 3}); err != nil || len(rows.Items) != 3 {
					t.Errorf("%d details, %v", len(rows.Items), err)
				}
			})
		}
		wg.Wait()
	})
}

// TestClientParams: each method sends the parameters its fw4 request class
// declares, and nothing else.
func TestClientParams(t *testing.T) {
	h := newHarness(t, testDataset(3), nil)
	ctx := context.Background()
	since := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		method string
		call   func() error
		want   []string
	}{
		{platform.MethodWebCategories, func() error { _, err := h.c.WebCategories(ctx, listing.NL); return err },
			[]string{"LanguageId", "Limit1", "Limit2"}},
		{platform.MethodTypes, func() error { _, err := h.c.Types(ctx, listing.NL); return err },
			[]string{"LanguageId", "Limit1", "Limit2"}},
		{platform.MethodPropertyList, func() error { _, err := h.c.PropertyList(ctx, listing.NL, time.Time{}); return err },
			[]string{"DescriptionLanguageId", "LanguageId", "Limit1", "Limit2"}},
		{platform.MethodPropertyList, func() error { _, err := h.c.PropertyList(ctx, listing.NL, since); return err },
			[]string{"ChangeSince", "DescriptionLanguageId", "LanguageId", "Limit1", "Limit2"}},
		{platform.MethodPropertiesByIDs, func() error { _, err := h.c.Properties(ctx, listing.NL, []int{1, 2}); return err },
			[]string{"IDs", "LanguageId"}},
		{platform.MethodPropertyPictures, func() error { _, err := h.c.PropertyPictures(ctx, listing.NL, 1); return err },
			[]string{"LanguageId", "Limit1", "Limit2", "ObjectID"}},
		{platform.MethodDeletedProperties, func() error { _, err := h.c.DeletedPropertyIDs(ctx); return err },
			nil},
		{platform.MethodProjectList, func() error { _, err := h.c.Projects(ctx, listing.NL); return err },
			[]string{"DescriptionLanguageId", "LanguageId", "Limit1", "Limit2"}},
		{platform.MethodProject, func() error { _, err := h.c.Project(ctx, listing.NL, 7); return err },
			[]string{"DescriptionLanguageId", "ID", "LanguageId"}},
		{platform.MethodProjectPictures, func() error { _, err := h.c.ProjectPictures(ctx, listing.NL, 7); return err },
			[]string{"LanguageId", "Limit1", "Limit2", "ProjectID"}},
		{platform.MethodDeletedProjects, func() error { _, err := h.c.DeletedProjectIDs(ctx); return err },
			nil},
		{platform.MethodAppointments, func() error { _, err := h.c.Appointments(ctx, listing.NL, 0); return err },
			[]string{"LanguageId"}},
		{platform.MethodContactOnMe, func() error {
			return h.c.Contact(ctx, listing.NL, platform.Contact{Person: platform.Person{Email: "a@example.be"}, CustomStr5: platform.LeadReference(1)})
		}, []string{"CustomStr5", "Email", "LanguageId", "LanguageIdFromParameter"}},
		{platform.MethodDemandRegister, func() error {
			return h.c.RegisterDemand(ctx, listing.NL, platform.Demand{Person: platform.Person{Email: "a@example.be"}, Goal: platform.GoalRent})
		}, []string{"Email", "Goal", "IsAlwaysCreatedDemand", "IsReceivedEmail", "LanguageId", "LanguageIdFromParameter", "Password"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s %v", tt.method, tt.want), func(t *testing.T) {
			if err := tt.call(); err != nil {
				t.Fatal(err)
			}
			p := last(t, h.fake, tt.method)
			if got := p.Names(); !slices.Equal(got, tt.want) {
				t.Errorf("%s sent %v, want %v", tt.method, got, tt.want)
			}
			// The credentials travel with every call, by their exact names.
			if _, ok := p["CustomerName"]; !ok {
				t.Errorf("no CustomerName in %v", p)
			}
			if _, ok := p["CustomerPassword"]; !ok {
				t.Errorf("no CustomerPassword in %v", p)
			}
		})
	}
}

// TestClientChangeSince: ChangeSince is written "Y-m-d H:i:s" on the
// client's clock.
func TestClientChangeSince(t *testing.T) {
	bru := brussels(t)
	for _, tt := range []struct {
		name  string
		zone  *time.Location
		since time.Time
		want  string
	}{
		{"Brussels in winter", bru, time.Date(2024, 1, 3, 9, 0, 0, 0, time.UTC), "2024-01-03 10:00:00"},
		{"Brussels in summer", bru, time.Date(2024, 7, 3, 9, 0, 0, 0, time.UTC), "2024-07-03 11:00:00"},
		{"a time in another zone", bru, time.Date(2024, 1, 3, 4, 0, 0, 0, time.FixedZone("EST", -5*3600)), "2024-01-03 10:00:00"},
		{"UTC", time.UTC, time.Date(2024, 1, 3, 9, 0, 0, 0, time.UTC), "2024-01-03 09:00:00"},
		{"no zone is UTC", nil, time.Date(2024, 1, 3, 10, 0, 0, 0, bru), "2024-01-03 09:00:00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, testDataset(1), func(c *platform.Config) { c.Zone = tt.zone })
			if _, err := h.c.PropertyList(context.Background(), listing.NL, tt.since); err != nil {
				t.Fatal(err)
			}
			if got := last(t, h.fake, platform.MethodPropertyList).String("ChangeSince"); got != tt.want {
				t.Errorf("ChangeSince %q, want %q", got, tt.want)
			}
		})
	}
}

func TestClientPaging(t *testing.T) {
	tests := []struct {
		name      string
		rows      int
		pageSize  int
		wantCalls int
	}{
		{"none", 0, 2, 1},
		{"one short page", 1, 2, 1},
		{"exactly one page", 2, 2, 1},
		{"exact pages", 4, 2, 2},
		{"three pages, last short", 5, 2, 3},
		{"default page size", 5, 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, testDataset(tt.rows), func(c *platform.Config) { c.PageSize = tt.pageSize })
			rows, err := h.c.PropertyList(context.Background(), listing.NL, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			if len(rows.Items) != tt.rows || rows.Items == nil {
				t.Errorf("%d rows, want %d", len(rows.Items), tt.rows)
			}
			if n := h.fake.Calls(platform.MethodPropertyList); n != tt.wantCalls {
				t.Errorf("%d calls, want %d", n, tt.wantCalls)
			}
			size := tt.pageSize
			if size == 0 {
				size = platform.DefaultPageSize
			}
			p := last(t, h.fake, platform.MethodPropertyList)
			if first := (tt.wantCalls-1)*size + 1; p.Int("Limit1") != first || p.Int("Limit2") != first+size-1 {
				t.Errorf("last page asked rows %d-%d, want %d-%d", p.Int("Limit1"), p.Int("Limit2"), first, first+size-1)
			}
		})
	}
}

func TestClientFaults(t *testing.T) {
	type outcome struct {
		errHas string // "" means success
		calls  int    // calls of GetPropertyList, 0 to skip the check
		min    time.Duration
		max    time.Duration
	}
	tests := []struct {
		name   string
		fault  fakeplatform.Fault
		tweak  func(*platform.Config)
		want   outcome
		verify func(t *testing.T, rows platform.Rows[platform.Property], err error)
	}{
		{name: "500 twice then OK", fault: fakeplatform.Status(500).First(2),
			want: outcome{calls: 3 + 2}}, // 2 failed attempts, then 3 pages
		{name: "500 on the middle page is retried", fault: fakeplatform.Status(500).AtPage(3).First(1),
			want: outcome{calls: 4}},
		{name: "500 forever gives up", fault: fakeplatform.Status(500),
			want: outcome{errHas: "giving up after 4 attempt(s): HTTP 500 Internal Server Error", calls: 4}},
		{name: "502 is retried", fault: fakeplatform.Status(502).First(1), want: outcome{calls: 4}},
		{name: "503 is retried", fault: fakeplatform.Status(503).First(3), want: outcome{calls: 6}},
		{name: "501 is not retried", fault: fakeplatform.Status(501), want: outcome{errHas: "HTTP 501", calls: 1}},
		{name: "404 is not retried", fault: fakeplatform.Status(404), want: outcome{errHas: "HTTP 404 Not Found", calls: 1}},
		{name: "403 is not retried", fault: fakeplatform.Status(403), want: outcome{errHas: "HTTP 403", calls: 1}},
		{name: "no retries", fault: fakeplatform.Status(500), tweak: func(c *platform.Config) { c.RetryMax = -1 },
			want: outcome{errHas: "giving up after 1 attempt(s)", calls: 1}},
		{name: "429 Retry-After 1 is honoured", fault: fakeplatform.RateLimit(time.Second).First(1),
			want: outcome{calls: 4, min: time.Second}},
		{name: "503 Retry-After 1 is honoured", fault: fakeplatform.Fault{Kind: fakeplatform.KindStatus, Status: 503, RetryAfter: "1", Times: 1},
			want: outcome{calls: 4, min: time.Second}},
		{name: "Retry-After 3600 is capped", fault: fakeplatform.RateLimit(time.Hour).First(1),
			tweak: func(c *platform.Config) { c.MaxRetryAfter = 50 * time.Millisecond },
			want:  outcome{calls: 4, min: 50 * time.Millisecond, max: 2 * time.Second}},
		{name: "Retry-After as HTTP date", fault: fakeplatform.RateLimitUntil(time.Now().Add(time.Hour)).First(1),
			tweak: func(c *platform.Config) { c.MaxRetryAfter = 50 * time.Millisecond },
			want:  outcome{calls: 4, min: 50 * time.Millisecond, max: 2 * time.Second}},
		{name: "Retry-After beyond the deadline fails at once", fault: fakeplatform.RateLimit(time.Hour),
			tweak: func(c *platform.Config) { c.MaxRetryAfter = time.Hour },
			want:  outcome{errHas: "asks to retry in 1h0m0s, after the call's deadline", calls: 1, max: time.Second}},
		{name: "429 forever gives up", fault: fakeplatform.RateLimit(0),
			want: outcome{errHas: "giving up after 4 attempt(s): HTTP 429 Too Many Requests", calls: 4}},
		{name: "delay beyond the timeout", fault: fakeplatform.Delay(10 * time.Second),
			tweak: func(c *platform.Config) { c.Timeout = 200 * time.Millisecond },
			want:  outcome{errHas: "deadline exceeded", calls: 1, min: 200 * time.Millisecond, max: 2 * time.Second},
			verify: func(t *testing.T, _ platform.Rows[platform.Property], err error) {
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("err %v is not a DeadlineExceeded", err)
				}
			}},
		{name: "delay within the timeout", fault: fakeplatform.Delay(50 * time.Millisecond).First(1),
			want: outcome{calls: 3, min: 50 * time.Millisecond}},
		{name: "truncated JSON", fault: fakeplatform.Truncate().AtPage(3),
			want: outcome{errHas: "invalid or truncated JSON answer", calls: 2}},
		{name: "Success false", fault: fakeplatform.SuccessFalse(), want: outcome{errHas: "Error (code 600)", calls: 1},
			verify: func(t *testing.T, _ platform.Rows[platform.Property], err error) {
				var pe *platform.Error
				if !errors.As(err, &pe) || pe.Code != 600 || pe.Message != "Error" || pe.Method != platform.MethodPropertyList {
					t.Errorf("err %v is not the *platform.Error", err)
				}
			}},
		{name: "Success false on the last page", fault: fakeplatform.SuccessFalse().AtPage(5),
			want: outcome{errHas: "(nl, rows 5-6)", calls: 3}},
		{name: "empty", fault: fakeplatform.Empty(), want: outcome{calls: 1},
			verify: func(t *testing.T, rows platform.Rows[platform.Property], _ error) {
				if len(rows.Items) != 0 {
					t.Errorf("%d rows", len(rows.Items))
				}
			}},
		{name: "page dropped in the middle", fault: fakeplatform.DropPage().AtPage(3),
			want: outcome{errHas: "0 items where 2 were due (2 of RowsCount 5 read): page missing or truncated", calls: 2}},
		{name: "first page dropped", fault: fakeplatform.DropPage().AtPage(1),
			want: outcome{errHas: "page missing or truncated", calls: 1}},
		{name: "RowsCount changing", fault: fakeplatform.Empty().AtPage(3),
			want: outcome{errHas: "RowsCount changed from 5 to 0", calls: 2}},
		{name: "HTML with 200", fault: fakeplatform.Garbage(),
			want: outcome{errHas: `answer is not a JSON object (Content-Type "text/html; charset=utf-8", starts "<!DOCTYPE html>`, calls: 1}},
		{name: "answer too big", tweak: func(c *platform.Config) { c.MaxBodyBytes = 100 },
			want: outcome{errHas: "exceeds the limit of 100 bytes", calls: 1}},
		{name: "wrong password", tweak: func(c *platform.Config) { c.Password = "wrong password" },
			want: outcome{errHas: "Error (code 600)", calls: 1},
			verify: func(t *testing.T, _ platform.Rows[platform.Property], err error) {
				var pe *platform.Error
				if !errors.As(err, &pe) || pe.Code != 600 {
					t.Errorf("err %v is not a *platform.Error", err)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, testDataset(5), tt.tweak)
			if tt.fault.Kind != 0 {
				h.fake.Fail(tt.fault)
			}
			start := time.Now()
			rows, err := h.c.PropertyList(context.Background(), listing.NL, time.Time{})
			took := time.Since(start)
			switch {
			case tt.want.errHas == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want.errHas != "" && err == nil:
				t.Fatalf("no error, got %d rows", len(rows.Items))
			case tt.want.errHas != "" && !strings.Contains(err.Error(), tt.want.errHas):
				t.Errorf("error %q does not say %q", err, tt.want.errHas)
			case tt.want.errHas != "" && (len(rows.Items) != 0 || len(rows.Bad) != 0):
				t.Errorf("rows %+v returned with the error", rows)
			case tt.want.errHas == "" && tt.fault.Kind != fakeplatform.KindEmpty && len(rows.Items) != 5:
				t.Errorf("%d rows, want 5", len(rows.Items))
			}
			if err != nil && !strings.Contains(err.Error(), "platform "+platform.MethodPropertyList) {
				t.Errorf("error %q does not name the method", err)
			}
			if n := h.fake.Calls(platform.MethodPropertyList); tt.want.calls != 0 && n != tt.want.calls {
				t.Errorf("%d calls, want %d", n, tt.want.calls)
			}
			if took < tt.want.min || (tt.want.max != 0 && took > tt.want.max) {
				t.Errorf("took %v, want within [%v, %v]", took, tt.want.min, tt.want.max)
			}
			if tt.verify != nil {
				tt.verify(t, rows, err)
			}
		})
	}
}

func TestClientFaultsSingleLists(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		fault  fakeplatform.Fault
		call   func(c *platform.Client) error
		errHas string
	}{
		{"dropped types", fakeplatform.DropPage().For(platform.MethodTypes),
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "0 items where 2 were due"},
		{"truncated appointments", fakeplatform.Truncate().For(platform.MethodAppointments),
			func(c *platform.Client) error { _, err := c.Appointments(ctx, listing.NL, 0); return err }, "invalid or truncated JSON"},
		{"garbage pictures", fakeplatform.Garbage().For(platform.MethodPropertyPictures),
			func(c *platform.Client) error { _, err := c.PropertyPictures(ctx, listing.NL, 1); return err }, "not a JSON object"},
		{"project without a value", fakeplatform.Empty().For(platform.MethodProject),
			func(c *platform.Client) error { _, err := c.Project(ctx, listing.NL, 7); return err }, "successful answer without a Value"},
		{"failing details", fakeplatform.SuccessFalse().For(platform.MethodPropertiesByIDs),
			func(c *platform.Client) error { _, err := c.Properties(ctx, listing.NL, []int{1, 2}); return err }, "platform GetPropertiesByIDs: Error (code 600)"},
		{"failing deleted projects", fakeplatform.SuccessFalse().For(platform.MethodDeletedProjects),
			func(c *platform.Client) error { _, err := c.DeletedProjectIDs(ctx); return err }, "platform GetDeletedProjectIDs: Error (code 600)"},
		{"deleted ids retried", fakeplatform.Status(503).For(platform.MethodDeletedProperties).First(2),
			func(c *platform.Client) error { _, err := c.DeletedPropertyIDs(ctx); return err }, ""},
		{"appointments rate limited", fakeplatform.RateLimit(0).For(platform.MethodAppointments).First(1),
			func(c *platform.Client) error { _, err := c.Appointments(ctx, listing.NL, 0); return err }, ""},
		{"project pictures retried", fakeplatform.Status(500).For(platform.MethodProjectPictures).First(1),
			func(c *platform.Client) error { _, err := c.ProjectPictures(ctx, listing.NL, 7); return err }, ""},
		{"empty details are no details", fakeplatform.Empty().For(platform.MethodPropertiesByIDs),
			func(c *platform.Client) error {
				rows, err := c.Properties(ctx, listing.NL, []int{1, 2})
				if err == nil && len(rows.Items) != 0 {
					return fmt.Errorf("%d details", len(rows.Items))
				}
				return err
			}, ""},
		{"no deleted ids", fakeplatform.Empty().For(platform.MethodDeletedProperties),
			func(c *platform.Client) error {
				got, err := c.DeletedPropertyIDs(ctx)
				if err == nil && (got == nil || len(got) != 0) {
					return fmt.Errorf("deleted %v, want an empty list", got)
				}
				return err
			}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, testDataset(5), nil)
			h.fake.Fail(tt.fault)
			err := tt.call(h.c)
			if tt.errHas == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want %q", err, tt.errHas)
			}
		})
	}
}

// TestClientDamagedRecords: one spoiled record is one bad record, the others
// are kept.
func TestClientDamagedRecords(t *testing.T) {
	ctx := context.Background()
	t.Run("wrong type in row and detail", func(t *testing.T) {
		h := newHarness(t, testDataset(5), nil)
		h.fake.Damage(fakeplatform.WrongType(3, "Price"))
		rows, err := h.c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if got := propertyIDs(rows); !slices.Equal(got, []int{1, 2, 4, 5}) || len(rows.Bad) != 1 {
			t.Fatalf("IDs %v, bad %+v", got, rows.Bad)
		}
		if b := rows.Bad[0]; b.Row != 3 || b.ID != 3 || !strings.Contains(b.Reason, "Price") {
			t.Errorf("bad %+v", b)
		}
		details, err := h.c.Properties(ctx, listing.NL, []int{2, 3})
		if err != nil || len(details.Items) != 1 || len(details.Bad) != 1 || details.Bad[0].ID != 3 {
			t.Fatalf("details %+v, %v", details, err)
		}
	})
	t.Run("rows without an ID", func(t *testing.T) {
		h := newHarness(t, testDataset(5), nil)
		h.fake.Damage(fakeplatform.NoID(2), fakeplatform.BadID(4, -1))
		rows, err := h.c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if got := propertyIDs(rows); !slices.Equal(got, []int{1, 0, 3, -1, 5}) {
			t.Errorf("IDs %v: rows without a usable ID are rows for the syncer to judge", got)
		}
	})
	t.Run("no detail", func(t *testing.T) {
		h := newHarness(t, testDataset(5), nil)
		h.fake.Damage(fakeplatform.NoDetail(3))
		rows, err := h.c.Properties(ctx, listing.NL, []int{2, 3})
		if err != nil || !slices.Equal(propertyIDs(rows), []int{2}) {
			t.Fatalf("%v %v", propertyIDs(rows), err)
		}
	})
}

func TestClientLyingPlatform(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		pages  map[int]string // Values by Limit1
		errHas string
	}{
		{"RowsCount changes between pages", map[int]string{1: page(5, 1, 2), 3: page(6, 3, 4)}, "RowsCount changed from 5 to 6"},
		{"ID on two pages", map[int]string{1: page(4, 1, 2), 3: page(4, 2, 3)}, "ID 2 already seen on an earlier page"},
		{"more items than RowsCount", map[int]string{1: page(1, 1, 2)}, "2 items so far but RowsCount 1"},
		{"items with RowsCount 0", map[int]string{1: page(0, 1)}, "1 items so far but RowsCount 0"},
		{"negative RowsCount", map[int]string{1: page(-1)}, "RowsCount -1"},
		{"absurd RowsCount", map[int]string{1: page(1<<30, 1, 2)}, "needs more than 10000 pages"},
		{"page bigger than asked", map[int]string{1: page(5, 1, 2, 3)}, "3 items on a page of 2"},
		{"short page in the middle", map[int]string{1: page(5, 1, 2), 3: page(5, 3)}, "1 items where 2 were due"},
		{"last page cut short", map[int]string{1: page(4, 1, 2), 3: page(4, 3)}, "page missing or truncated"},
		{"a page without RowsCount after pages with one", map[int]string{1: page(4, 1, 2), 3: `[{"ID":3},{"ID":4}]`},
			"a page without RowsCount after pages with one"},
		{"a plain array with an ID twice", map[int]string{1: `[{"ID":1},{"ID":2},{"ID":1}]`}, "ID 1 listed twice"},
		{"a Value that is no list", map[int]string{1: `{"Foo":1}`}, "neither a list nor {Items, RowsCount}"},
		{"a Value that is a string", map[int]string{1: `"rows"`}, "decode list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := scriptValue(t, func(_ string, p fakeplatform.Params) string {
				if v, ok := tt.pages[p.Int("Limit1")]; ok {
					return v
				}
				return page(0)
			})
			rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v (%d rows), want %q", err, len(rows.Items), tt.errHas)
			}
			if !strings.Contains(err.Error(), "platform GetPropertyList (nl, rows ") {
				t.Errorf("error %q does not say where", err)
			}
		})
	}

	t.Run("rows without an ID are rows, not a repeated ID", func(t *testing.T) {
		c := scriptValue(t, func(_ string, p fakeplatform.Params) string {
			if p.Int("Limit1") == 1 {
				return page(4, 1, 0)
			}
			return page(4, 0, -1)
		})
		rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil || !slices.Equal(propertyIDs(rows), []int{1, 0, 0, -1}) {
			t.Fatalf("rows %+v, %v", rows, err)
		}
	})

	t.Run("never-ending pages stop at RowsCount", func(t *testing.T) {
		var calls atomic.Int32
		c := scriptValue(t, func(_ string, p fakeplatform.Params) string {
			calls.Add(1)
			first := p.Int("Limit1")
			return page(6, first, first+1)
		})
		rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil || len(rows.Items) != 6 || calls.Load() != 3 {
			t.Fatalf("%d rows in %d calls, %v", len(rows.Items), calls.Load(), err)
		}
	})

	t.Run("a plain array to a paged call is the whole list", func(t *testing.T) {
		var calls atomic.Int32
		c := scriptValue(t, func(string, fakeplatform.Params) string {
			calls.Add(1)
			return `[{"ID":1},{"ID":2},{"ID":3},{"ID":4},{"ID":5}]`
		})
		rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil || !slices.Equal(propertyIDs(rows), []int{1, 2, 3, 4, 5}) || calls.Load() != 1 {
			t.Fatalf("IDs %v in %d calls, %v", propertyIDs(rows), calls.Load(), err)
		}
	})

	t.Run("every row at once, limits ignored, is the whole list", func(t *testing.T) {
		var calls atomic.Int32
		c := scriptValue(t, func(string, fakeplatform.Params) string {
			calls.Add(1)
			return `{"From":1,"Items":[{"ID":1},{"ID":2},{"ID":3},{"ID":4},{"ID":5}],"RowsCount":5,"To":5}`
		})
		rows, err := c.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil || !slices.Equal(propertyIDs(rows), []int{1, 2, 3, 4, 5}) || calls.Load() != 1 {
			t.Fatalf("IDs %v in %d calls, %v", propertyIDs(rows), calls.Load(), err)
		}
	})

	t.Run("items without RowsCount are the whole list", func(t *testing.T) {
		c := scriptValue(t, func(string, fakeplatform.Params) string { return `{"Items":[{"ID":1},{"ID":2},{"ID":3}]}` })
		rows, err := c.Types(ctx, listing.NL)
		if err != nil || len(rows.Items) != 3 {
			t.Fatalf("%+v %v", rows, err)
		}
	})

	t.Run("pictures may repeat an ID", func(t *testing.T) {
		c := scriptValue(t, func(string, fakeplatform.Params) string { return `[{"ID":1,"Url":"a"},{"ID":1,"Url":"b"}]` })
		rows, err := c.PropertyPictures(ctx, listing.NL, 9)
		if err != nil || len(rows.Items) != 2 {
			t.Fatalf("%+v %v", rows, err)
		}
	})

	t.Run("records of the wrong shape are bad records", func(t *testing.T) {
		c := scriptValue(t, func(string, fakeplatform.Params) string { return `[1,2]` })
		rows, err := c.Types(ctx, listing.NL)
		if err != nil || len(rows.Items) != 0 || len(rows.Bad) != 2 {
			t.Fatalf("%+v %v", rows, err)
		}
	})

	other := []struct {
		name   string
		body   string // the whole answer; %s is the method
		call   func(c *platform.Client) error
		errHas string
	}{
		{"single list shorter than RowsCount", envelope(platform.MethodAppointments, `{"Items":[{"ID":1}],"RowsCount":3}`),
			func(c *platform.Client) error { _, err := c.Appointments(ctx, listing.NL, 0); return err }, "1 items but RowsCount 3: incomplete answer"},
		{"single list negative RowsCount", envelope(platform.MethodAppointments, `{"Items":[],"RowsCount":-2}`),
			func(c *platform.Client) error { _, err := c.Appointments(ctx, listing.NL, 0); return err }, "RowsCount -2"},
		{"details of an id not asked for", envelope(platform.MethodPropertiesByIDs, `[{"ID":9}]`),
			func(c *platform.Client) error { _, err := c.Properties(ctx, listing.NL, []int{1}); return err }, "answered ID 9"},
		{"details twice", envelope(platform.MethodPropertiesByIDs, `[{"ID":1},{"ID":1}]`),
			func(c *platform.Client) error { _, err := c.Properties(ctx, listing.NL, []int{1, 2}); return err }, "came twice"},
		{"details without an ID", envelope(platform.MethodPropertiesByIDs, `[{"Name":"x"}]`),
			func(c *platform.Client) error { _, err := c.Properties(ctx, listing.NL, []int{1}); return err }, "answered ID 0"},
		{"another project", envelope(platform.MethodProject, `{"ID":3}`),
			func(c *platform.Client) error { _, err := c.Project(ctx, listing.NL, 7); return err }, "asked for project 7, got 3"},
		{"deleted id not a number", envelope(platform.MethodDeletedProperties, `[1,"x"]`),
			func(c *platform.Client) error { _, err := c.DeletedPropertyIDs(ctx); return err }, "item 2"},
		{"deleted ids not a list", envelope(platform.MethodDeletedProperties, `{"Foo":1}`),
			func(c *platform.Client) error { _, err := c.DeletedPropertyIDs(ctx); return err }, "neither a list"},
		{"envelope of another method", `{"GetSomethingJsonResult":{"Success":true}}`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "no GetTypeOfPropertyListJsonResult (keys [GetSomethingJsonResult])"},
		{"success without Value", `{"GetTypeOfPropertyListJsonResult":{"Success":true}}`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "successful answer without a Value"},
		{"success with Value null", `{"GetTypeOfPropertyListJsonResult":{"Success":true,"Value":null}}`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "successful answer without a Value"},
		{"result not an object", `{"GetTypeOfPropertyListJsonResult":[1]}`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "invalid GetTypeOfPropertyListJsonResult"},
		{"empty body", ``,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "empty answer"},
		{"blank body", " \n",
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "empty answer"},
		{"a JSON array", `[1]`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "not a JSON object"},
		{"trailing garbage", `{"GetTypeOfPropertyListJsonResult":{"Success":true,"Value":{"Items":[]}}}}`,
			func(c *platform.Client) error { _, err := c.Types(ctx, listing.NL); return err }, "invalid or truncated JSON"},
	}
	for _, tt := range other {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := scriptClient(t, nil, func(string, fakeplatform.Params) answer { return answer{body: tt.body} })
			if err := tt.call(c); err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want %q", err, tt.errHas)
			}
		})
	}
}

// TestClientEnvelope: an answer without the {Method}JsonResult wrapper but
// with Success and Value at its top is read as the result itself, as fw4's
// ApiAdapter does; Success false is a *platform.Error either way.
func TestClientEnvelope(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		body     string
		wantIDs  []int
		wantCode int // a *platform.Error of this code
		wantMsg  string
	}{
		{"wrapped", envelope(platform.MethodTypes, `[{"ID":1},{"ID":2}]`), []int{1, 2}, 0, ""},
		{"bare", `{"Code":0,"Message":"","Success":true,"Value":{"From":1,"Items":[{"ID":1}],"RowsCount":1,"To":2}}`, []int{1}, 0, ""},
		{"bare, Code as a string", `{"Code":"0","Success":true,"Value":[{"ID":3}]}`, []int{3}, 0, ""},
		{"wrapped failure", `{"GetTypeOfPropertyListJsonResult":{"Code":600,"Message":"Error","Success":false,"Value":null}}`, nil, 600, "Error"},
		{"bare failure", `{"Code":"12","Message":"Login failed","Success":false,"Value":null}`, nil, 12, "Login failed"},
		{"failure with a numeric message", `{"Code":600,"Message":42,"Success":false}`, nil, 600, "42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := scriptClient(t, nil, func(string, fakeplatform.Params) answer { return answer{body: tt.body} })
			rows, err := c.Types(ctx, listing.NL)
			if tt.wantCode != 0 {
				var pe *platform.Error
				if !errors.As(err, &pe) || pe.Code != tt.wantCode || pe.Message != tt.wantMsg || pe.Method != platform.MethodTypes {
					t.Fatalf("err = %#v, want a *platform.Error %d %q", err, tt.wantCode, tt.wantMsg)
				}
				if want := fmt.Sprintf("platform GetTypeOfPropertyList: %s (code %d)", tt.wantMsg, tt.wantCode); pe.Error() != want {
					t.Errorf("Error() = %q, want %q", pe.Error(), want)
				}
				return
			}
			if err != nil || !slices.Equal(ids(rows.Items, func(r platform.TypeOfProperty) int { return int(r.ID) }), tt.wantIDs) {
				t.Fatalf("%+v %v, want IDs %v", rows, err, tt.wantIDs)
			}
		})
	}

	t.Run("Call returns the Value as it came", func(t *testing.T) {
		c, _ := scriptClient(t, nil, func(m string, _ fakeplatform.Params) answer {
			return answer{body: envelope(m, `{"Zip":6830, "X":[1]}`)}
		})
		v, err := c.Call(ctx, "GetAnything", listing.FR, platform.Params{ID: 3})
		if err != nil || string(v) != `{"Zip":6830, "X":[1]}` {
			t.Fatalf("Call = %s, %v", v, err)
		}
	})

	t.Run("a non-2xx answer quotes the start of its body", func(t *testing.T) {
		c, _ := scriptClient(t, nil, func(string, fakeplatform.Params) answer {
			return answer{status: http.StatusBadRequest, body: "bad request: " + strings.Repeat("x", 500)}
		})
		_, err := c.Types(ctx, listing.NL)
		if err == nil || !strings.Contains(err.Error(), `HTTP 400 Bad Request: "bad request: xxx`) || strings.Count(err.Error(), "x") > 250 {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestClientContextCancel(t *testing.T) {
	t.Run("cancelling stops the retry wait", func(t *testing.T) {
		h := newHarness(t, testDataset(5), func(c *platform.Config) {
			c.RetryWaitMin, c.RetryWaitMax, c.Timeout = 10*time.Second, 10*time.Second, time.Minute
		})
		h.fake.Fail(fakeplatform.Status(500))
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		_, err := h.c.PropertyList(ctx, listing.NL, time.Time{})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v: cancelling did not stop the retry wait", d)
		}
		if n := h.fake.Calls(platform.MethodPropertyList); n != 1 {
			t.Errorf("%d calls, want 1", n)
		}
	})
	t.Run("cancelling stops a slow answer", func(t *testing.T) {
		h := newHarness(t, testDataset(5), func(c *platform.Config) { c.Timeout = time.Minute })
		h.fake.Fail(fakeplatform.Delay(time.Minute))
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := h.c.Types(ctx, listing.NL)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
	})
	t.Run("a cancelled context makes no call", func(t *testing.T) {
		h := newHarness(t, testDataset(5), nil)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := h.c.DeletedPropertyIDs(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if n := h.fake.Calls(platform.MethodDeletedProperties); n != 0 {
			t.Errorf("%d calls", n)
		}
	})
}

func TestClientRetryHelpers(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		in     string
		want   time.Duration
		wantOK bool
	}{
		{"1", time.Second, true},
		{" 120 ", 2 * time.Minute, true},
		{"0", 0, true},
		{"-5", 0, false},
		{"", 0, false},
		{"soon", 0, false},
		{"1.5", 0, false},
		{"Wed, 01 Jan 2025 12:00:30 GMT", 30 * time.Second, true},
		{"Wednesday, 01-Jan-25 12:01:00 GMT", time.Minute, true},
		{"Wed Jan  1 12:00:10 2025", 10 * time.Second, true},
		{"Wed, 01 Jan 2025 11:00:00 GMT", 0, true},
		{"99999999999999999999", 0, false},
		{"999999999999", 24 * time.Hour, true},
		{"86401", 24 * time.Hour, true},
	} {
		t.Run("Retry-After "+tt.in, func(t *testing.T) {
			got, ok := platform.ParseRetryAfter(tt.in, now)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("got %v %v, want %v %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}

	c, err := platform.New(platform.Config{BaseURL: "https://platform.example", Customer: "c", Password: testPassword, MaxRetryAfter: 10 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp := func(code int, retryAfter string) *http.Response {
		r := &http.Response{StatusCode: code, Header: http.Header{}}
		if retryAfter != "" {
			r.Header.Set("Retry-After", retryAfter)
		}
		return r
	}
	for _, tt := range []struct {
		name    string
		attempt int
		resp    *http.Response
		want    time.Duration
	}{
		{"connection error", 0, nil, 100 * time.Millisecond},
		{"exponential", 2, resp(500, ""), 400 * time.Millisecond},
		{"exponential capped", 10, resp(500, ""), time.Second},
		{"429 Retry-After", 0, resp(429, "3"), 3 * time.Second},
		{"503 Retry-After", 5, resp(503, "2"), 2 * time.Second},
		{"Retry-After 0", 3, resp(429, "0"), 0},
		{"Retry-After capped", 0, resp(429, "3600"), 10 * time.Second},
		{"Retry-After as a date capped", 0, resp(503, time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)), 10 * time.Second},
		{"Retry-After ignored on 500", 0, resp(500, "3600"), 100 * time.Millisecond},
		{"unreadable Retry-After", 1, resp(429, "soon"), 200 * time.Millisecond},
		{"429 without Retry-After", 1, resp(429, ""), 200 * time.Millisecond},
	} {
		t.Run("backoff "+tt.name, func(t *testing.T) {
			if got := c.BackoffForTest(100*time.Millisecond, time.Second, tt.attempt, tt.resp); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
