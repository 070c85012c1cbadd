package platformsync

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/sync/fakeplatform"
	"github.com/estate-agency/estate/sync/wire"
)

const (
	platTestCustomer = "agency"
	// The special characters change under each encoding the password meets
	// (JSON, query, path), which is what the redaction tests need.
	platTestPassword = "p@ss w/rd&x=1"
)

// platTestLeaks are the spellings of platTestPassword, whole and in parts,
// that must never show up in a log line or an error.
var platTestLeaks = []string{
	platTestPassword, url.QueryEscape(platTestPassword), url.PathEscape(platTestPassword),
	"p@ss", "p%40ss", "w/rd", "w%2Frd", "w%2frd", "rd&x", "rd%26x", `rd\u0026x`, "rd%5Cu0026x",
}

func platAssertNoLeak(t *testing.T, what, s string) {
	t.Helper()
	for _, leak := range platTestLeaks {
		if strings.Contains(s, leak) {
			t.Errorf("%s holds the password as %q:\n%s", what, leak, s)
		}
	}
}

type platLockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *platLockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *platLockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func platDate(s string) wire.Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return wire.Date{Time: t}
}

// platTestDataset holds n Dutch properties changed one day apart from
// 2024-01-01, and a little of everything else.
func platTestDataset(n int) *wire.Dataset {
	nl := &wire.LangData{
		Types:    []wire.PropertyType{{ID: 1, WebID: 1, Name: "Huis", Sale: true}, {ID: 2, WebID: 2, Name: "Appartement", Rent: true}},
		Cities:   []wire.City{{Name: "Gent", Zip: "9000", CountryID: "10", PropertyCount: n}},
		Pictures: map[int][]wire.PictureItem{1: {{ID: 11, Url: "https://img/1.jpg"}, {ID: 12, Url: "https://img/2.jpg"}}},
		Projects: []wire.Project{{ID: 7, Name: "Residentie Zon"}, {ID: 8, Name: "Residentie Maan"}},
		Deleted:  []wire.Deleted{{ID: 90, DeletedDate: platDate("2024-01-01")}, {ID: 91, DeletedDate: platDate("2024-06-01")}},
		Appointments: []wire.Appointment{
			{ID: 1, PropertyID: 1, StartDate: platDate("2024-07-01"), EndDate: platDate("2024-07-01"), Capacity: 4},
		},
	}
	for id := 1; id <= n; id++ {
		nl.Properties = append(nl.Properties, wire.PropertyDetail{
			PropertyListItem: wire.PropertyListItem{
				ID: id, WebID: 1, Goal: 0, TypeDescription: "Huis", City: "Gent", Zip: "9000",
				CountryID: listing.CountryBelgium, Price: wire.Number(100000 + id),
				LastChangedDate: wire.Date{Time: time.Date(2024, 1, id, 0, 0, 0, 0, time.UTC)},
			},
			Description: "Huis " + strconv.Itoa(id),
		})
	}
	fr := &wire.LangData{Properties: nl.Properties[:min(1, n)]}
	return &wire.Dataset{Langs: map[listing.Lang]*wire.LangData{listing.NL: nl, listing.FR: fr}}
}

type platHarness struct {
	src  *PlatformSource
	fake *fakeplatform.Server
	logs *platLockedBuffer
}

// platTestConfig waits milliseconds where production waits seconds, so
// retries cost nothing.
func platTestConfig(baseURL string) PlatformConfig {
	return PlatformConfig{
		BaseURL:       baseURL,
		Customer:      platTestCustomer,
		Password:      platTestPassword,
		Timeout:       3 * time.Second,
		RetryMax:      3,
		RetryWaitMin:  time.Millisecond,
		RetryWaitMax:  5 * time.Millisecond,
		MaxRetryAfter: 2 * time.Second,
		PageSize:      2,
	}
}

func newPlatHarness(t *testing.T, ds *wire.Dataset, tweak func(*PlatformConfig)) *platHarness {
	t.Helper()
	fake := fakeplatform.New(ds, platTestCustomer, platTestPassword)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	cfg := platTestConfig(srv.URL)
	if tweak != nil {
		tweak(&cfg)
	}
	src, logs := newPlatSource(t, cfg)
	return &platHarness{src: src, fake: fake, logs: logs}
}

func newPlatSource(t *testing.T, cfg PlatformConfig) (*PlatformSource, *platLockedBuffer) {
	t.Helper()
	logs := &platLockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	src, err := NewPlatformSource(cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	return src, logs
}

func platIDs[T any](items []T, id func(T) int) []int {
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, id(it))
	}
	return out
}

func TestNewPlatformSourceConfig(t *testing.T) {
	ok := platTestConfig("https://platform.example/api")
	tests := []struct {
		name    string
		tweak   func(*PlatformConfig)
		wantErr string
	}{
		{"valid", func(*PlatformConfig) {}, ""},
		{"empty url", func(c *PlatformConfig) { c.BaseURL = "" }, "BaseURL"},
		{"relative url", func(c *PlatformConfig) { c.BaseURL = "/api" }, "BaseURL"},
		{"ftp url", func(c *PlatformConfig) { c.BaseURL = "ftp://platform.example" }, "BaseURL"},
		{"no host", func(c *PlatformConfig) { c.BaseURL = "http://" }, "BaseURL"},
		{"query", func(c *PlatformConfig) { c.BaseURL = "https://platform.example/?a=1" }, "BaseURL"},
		{"bad url", func(c *PlatformConfig) { c.BaseURL = "http://a b/%zz" }, "BaseURL"},
		{"no customer", func(c *PlatformConfig) { c.Customer = "" }, "Customer"},
		{"no password", func(c *PlatformConfig) { c.Password = "" }, "Password"},
		{"password in url is not shown", func(c *PlatformConfig) { c.BaseURL = "https://u:hunter2@platform.example/?x=1" }, "BaseURL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := ok
			tt.tweak(&cfg)
			_, err := NewPlatformSource(cfg, nil)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one naming %s", err, tt.wantErr)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("error shows the URL's password: %v", err)
			}
		})
	}

	t.Run("defaults", func(t *testing.T) {
		p, err := NewPlatformSource(PlatformConfig{BaseURL: "https://platform.example/", Customer: "c", Password: "p"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := PlatformConfig{
			BaseURL: "https://platform.example/", Customer: "c", Password: "p",
			Timeout: 30 * time.Second, RetryMax: 4, RetryWaitMin: 500 * time.Millisecond, RetryWaitMax: 30 * time.Second,
			MaxRetryAfter: 5 * time.Minute, PageSize: 100, MaxBodyBytes: 64 << 20,
		}
		if p.cfg != want {
			t.Errorf("cfg = %+v\nwant  %+v", p.cfg, want)
		}
		if p.base != "https://platform.example" {
			t.Errorf("base = %q", p.base)
		}
		tr, ok := p.client.HTTPClient.Transport.(*http.Transport)
		if !ok || tr.MaxIdleConnsPerHost < 16 {
			t.Errorf("transport %T does not keep connections for concurrent calls", p.client.HTTPClient.Transport)
		}
	})

	t.Run("negative RetryMax disables retries", func(t *testing.T) {
		cfg := ok
		cfg.RetryMax = -1
		p, err := NewPlatformSource(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.client.RetryMax != 0 {
			t.Errorf("RetryMax = %d", p.client.RetryMax)
		}
	})
}

func TestPlatformSourceMethods(t *testing.T) {
	h := newPlatHarness(t, platTestDataset(5), nil)
	ctx := context.Background()
	listID := func(p wire.PropertyListItem) int { return p.ID }

	t.Run("property list pages", func(t *testing.T) {
		h.fake.ResetCalls()
		rows, err := h.src.PropertyList(ctx, listing.NL, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		if got := platIDs(rows, listID); !slices.Equal(got, []int{1, 2, 3, 4, 5}) {
			t.Errorf("IDs %v", got)
		}
		if n := h.fake.Calls(wire.MethodPropertyList); n != 3 {
			t.Errorf("%d calls, want 3 pages of 2", n)
		}
		last, _ := h.fake.LastRequest(wire.MethodPropertyList)
		if last.Limit1 != 5 || last.Limit2 != 6 || last.ChangeSince != "" || last.LanguageId != 1 ||
			last.CustomerName != platTestCustomer || last.CustomerPassword != platTestPassword {
			t.Errorf("last request %+v", last)
		}
	})
	t.Run("property list since", func(t *testing.T) {
		since := time.Date(2024, 1, 3, 0, 0, 0, 0, time.FixedZone("CET", 3600))
		rows, err := h.src.PropertyList(ctx, listing.NL, since)
		if err != nil {
			t.Fatal(err)
		}
		last, _ := h.fake.LastRequest(wire.MethodPropertyList)
		if last.ChangeSince != wire.FormatChangeSince(since) {
			t.Errorf("ChangeSince %q, want %q", last.ChangeSince, wire.FormatChangeSince(since))
		}
		if got := platIDs(rows, listID); !slices.Equal(got, []int{3, 4, 5}) {
			t.Errorf("IDs %v, want [3 4 5]", got)
		}
	})
	t.Run("other language", func(t *testing.T) {
		rows, err := h.src.PropertyList(ctx, listing.FR, time.Time{})
		if err != nil || len(rows) != 1 {
			t.Fatalf("%d rows, %v", len(rows), err)
		}
		if last, _ := h.fake.LastRequest(wire.MethodPropertyList); last.LanguageId != 2 {
			t.Errorf("LanguageId %d", last.LanguageId)
		}
	})
	t.Run("language without data", func(t *testing.T) {
		rows, err := h.src.PropertyList(ctx, listing.DE, time.Time{})
		if err != nil || rows == nil || len(rows) != 0 {
			t.Fatalf("rows %v, err %v; want an empty list", rows, err)
		}
	})
	t.Run("unknown language", func(t *testing.T) {
		if _, err := h.src.Types(ctx, "xx"); err == nil || !strings.Contains(err.Error(), "language") {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("properties in chunks", func(t *testing.T) {
		h.fake.ResetCalls()
		ids := []int{4, 2}
		for id := 100; id < 210; id++ { // unknown ids, to make three chunks
			ids = append(ids, id)
		}
		ids = append(ids, 5)
		got, err := h.src.Properties(ctx, listing.NL, ids)
		if err != nil {
			t.Fatal(err)
		}
		gotIDs := platIDs(got, func(p wire.PropertyDetail) int { return p.ID })
		slices.Sort(gotIDs)
		if !slices.Equal(gotIDs, []int{2, 4, 5}) || got[0].Description == "" {
			t.Errorf("IDs %v", gotIDs)
		}
		if n := h.fake.Calls(wire.MethodPropertiesByIDs); n != 3 {
			t.Errorf("%d calls for %d ids, want 3", n, len(ids))
		}
	})
	t.Run("no properties asked", func(t *testing.T) {
		got, err := h.src.Properties(ctx, listing.NL, nil)
		if err != nil || len(got) != 0 {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("pictures", func(t *testing.T) {
		got, err := h.src.Pictures(ctx, listing.NL, 1)
		if err != nil || len(got) != 2 {
			t.Fatalf("%v %v", got, err)
		}
		if last, _ := h.fake.LastRequest(wire.MethodPictureList); last.ID != 1 {
			t.Errorf("ID %d", last.ID)
		}
	})
	t.Run("types", func(t *testing.T) {
		if got, err := h.src.Types(ctx, listing.NL); err != nil || len(got) != 2 {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("cities", func(t *testing.T) {
		if got, err := h.src.Cities(ctx, listing.NL); err != nil || len(got) != 1 || got[0].PropertyCount != 5 {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("projects", func(t *testing.T) {
		got, err := h.src.Projects(ctx, listing.NL)
		if err != nil || !slices.Equal(platIDs(got, func(p wire.ProjectListItem) int { return p.ID }), []int{7, 8}) {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("project", func(t *testing.T) {
		if got, err := h.src.Project(ctx, listing.NL, 8); err != nil || got.Name != "Residentie Maan" {
			t.Fatalf("%+v %v", got, err)
		}
	})
	t.Run("unknown project", func(t *testing.T) {
		_, err := h.src.Project(ctx, listing.NL, 99)
		var pe *PlatformError
		if !errors.As(err, &pe) || pe.Code != 404 || pe.Method != wire.MethodProject {
			t.Fatalf("err = %v, want a 404 PlatformError", err)
		}
	})
	t.Run("deleted since", func(t *testing.T) {
		got, err := h.src.DeletedPropertyIDs(ctx, listing.NL, time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))
		if err != nil || !slices.Equal(got, []int{91}) {
			t.Fatalf("%v %v", got, err)
		}
		all, err := h.src.DeletedPropertyIDs(ctx, listing.NL, time.Time{})
		if err != nil || !slices.Equal(all, []int{90, 91}) {
			t.Fatalf("%v %v", all, err)
		}
	})
	t.Run("appointments", func(t *testing.T) {
		if got, err := h.src.Appointments(ctx, listing.NL); err != nil || len(got) != 1 || got[0].Capacity != 4 {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("concurrent calls", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if rows, err := h.src.PropertyList(ctx, listing.NL, time.Time{}); err != nil || len(rows) != 5 {
					t.Errorf("%d rows, %v", len(rows), err)
				}
			})
		}
		wg.Wait()
	})
}

func TestPlatformPaging(t *testing.T) {
	tests := []struct {
		name      string
		rows      int
		wantCalls int
	}{
		{"none", 0, 1},
		{"one short page", 1, 1},
		{"exactly one page", 2, 1},
		{"exact pages", 4, 2},
		{"three pages, last short", 5, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newPlatHarness(t, platTestDataset(tt.rows), nil)
			rows, err := h.src.PropertyList(context.Background(), listing.NL, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != tt.rows || rows == nil {
				t.Errorf("%d rows, want %d", len(rows), tt.rows)
			}
			if n := h.fake.Calls(wire.MethodPropertyList); n != tt.wantCalls {
				t.Errorf("%d calls, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestPlatformFaults(t *testing.T) {
	type outcome struct {
		errHas string // "" means success
		calls  int    // calls of GetPropertyList, 0 to skip the check
		min    time.Duration
		max    time.Duration
	}
	tests := []struct {
		name   string
		fault  fakeplatform.Fault
		tweak  func(*PlatformConfig)
		want   outcome
		verify func(t *testing.T, rows []wire.PropertyListItem, err error)
	}{
		{name: "500 twice then OK", fault: fakeplatform.Status(500).First(2),
			want: outcome{calls: 3 + 2}}, // 2 failed attempts, then 3 pages
		{name: "500 on the middle page is retried", fault: fakeplatform.Status(500).AtPage(3).First(1),
			want: outcome{calls: 4}},
		{name: "500 forever gives up", fault: fakeplatform.Status(500),
			want: outcome{errHas: "giving up after 4 attempt(s): HTTP 500", calls: 4}},
		{name: "502 is retried", fault: fakeplatform.Status(502).First(1), want: outcome{calls: 4}},
		{name: "501 is not retried", fault: fakeplatform.Status(501), want: outcome{errHas: "HTTP 501", calls: 1}},
		{name: "404 is not retried", fault: fakeplatform.Status(404), want: outcome{errHas: "HTTP 404", calls: 1}},
		{name: "403 is not retried", fault: fakeplatform.Status(403), want: outcome{errHas: "HTTP 403", calls: 1}},
		{name: "429 Retry-After 1 is honoured", fault: fakeplatform.RateLimit(time.Second).First(1),
			want: outcome{calls: 4, min: time.Second}},
		{name: "503 Retry-After 1 is honoured", fault: fakeplatform.Fault{Kind: fakeplatform.KindStatus, Status: 503, RetryAfter: "1", Times: 1},
			want: outcome{calls: 4, min: time.Second}},
		{name: "Retry-After 3600 is capped", fault: fakeplatform.RateLimit(time.Hour).First(1),
			tweak: func(c *PlatformConfig) { c.MaxRetryAfter = 50 * time.Millisecond },
			want:  outcome{calls: 4, min: 50 * time.Millisecond, max: 2 * time.Second}},
		{name: "Retry-After as HTTP date", fault: fakeplatform.RateLimitUntil(time.Now().Add(time.Hour)).First(1),
			tweak: func(c *PlatformConfig) { c.MaxRetryAfter = 50 * time.Millisecond },
			want:  outcome{calls: 4, min: 50 * time.Millisecond, max: 2 * time.Second}},
		{name: "Retry-After beyond the deadline fails at once", fault: fakeplatform.RateLimit(time.Hour),
			tweak: func(c *PlatformConfig) { c.MaxRetryAfter = time.Hour },
			want:  outcome{errHas: "asks to retry in 1h0m0s", calls: 1, max: time.Second}},
		{name: "429 forever gives up", fault: fakeplatform.RateLimit(0),
			want: outcome{errHas: "HTTP 429", calls: 4}},
		{name: "delay beyond the timeout", fault: fakeplatform.Delay(10 * time.Second),
			tweak: func(c *PlatformConfig) { c.Timeout = 200 * time.Millisecond },
			want:  outcome{errHas: "deadline exceeded", calls: 1, min: 200 * time.Millisecond, max: 2 * time.Second},
			verify: func(t *testing.T, _ []wire.PropertyListItem, err error) {
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("err %v is not a DeadlineExceeded", err)
				}
			}},
		{name: "delay within the timeout", fault: fakeplatform.Delay(50 * time.Millisecond).First(1),
			want: outcome{calls: 3, min: 50 * time.Millisecond}},
		{name: "truncated JSON", fault: fakeplatform.Truncate().AtPage(3),
			want: outcome{errHas: "truncated JSON", calls: 2}},
		{name: "Success false", fault: fakeplatform.SuccessFalse(), want: outcome{errHas: "Internal error", calls: 1},
			verify: func(t *testing.T, _ []wire.PropertyListItem, err error) {
				var pe *PlatformError
				if !errors.As(err, &pe) || pe.Code != 500 || pe.Message != "Internal error" || pe.Method != wire.MethodPropertyList {
					t.Errorf("err %v is not the PlatformError", err)
				}
			}},
		{name: "empty", fault: fakeplatform.Empty(), want: outcome{calls: 1},
			verify: func(t *testing.T, rows []wire.PropertyListItem, _ error) {
				if len(rows) != 0 {
					t.Errorf("%d rows", len(rows))
				}
			}},
		{name: "page dropped in the middle", fault: fakeplatform.DropPage().AtPage(3),
			want: outcome{errHas: "page missing or truncated", calls: 2}},
		{name: "first page dropped", fault: fakeplatform.DropPage().AtPage(1),
			want: outcome{errHas: "page missing or truncated", calls: 1}},
		{name: "HTML with 200", fault: fakeplatform.Garbage(),
			want: outcome{errHas: "not JSON", calls: 1}},
		{name: "answer too big", fault: fakeplatform.Fault{}, tweak: func(c *PlatformConfig) { c.MaxBodyBytes = 100 },
			want: outcome{errHas: "exceeds the limit of 100 bytes", calls: 1}},
		{name: "wrong password", fault: fakeplatform.Fault{}, tweak: func(c *PlatformConfig) { c.Password = "wrong" },
			want: outcome{errHas: "Invalid credentials", calls: 1},
			verify: func(t *testing.T, _ []wire.PropertyListItem, err error) {
				var pe *PlatformError
				if !errors.As(err, &pe) || pe.Code != 401 {
					t.Errorf("err %v is not a 401 PlatformError", err)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newPlatHarness(t, platTestDataset(5), tt.tweak)
			if tt.fault.Kind != 0 {
				h.fake.Fail(tt.fault)
			}
			start := time.Now()
			rows, err := h.src.PropertyList(context.Background(), listing.NL, time.Time{})
			took := time.Since(start)
			switch {
			case tt.want.errHas == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.want.errHas != "" && err == nil:
				t.Fatalf("no error, got %d rows", len(rows))
			case tt.want.errHas != "" && !strings.Contains(err.Error(), tt.want.errHas):
				t.Errorf("error %q does not say %q", err, tt.want.errHas)
			case tt.want.errHas != "" && rows != nil:
				t.Errorf("rows %v returned with the error", rows)
			case tt.want.errHas == "" && tt.fault.Kind != fakeplatform.KindEmpty && len(rows) != 5:
				t.Errorf("%d rows, want 5", len(rows))
			}
			if err != nil && !strings.Contains(err.Error(), wire.MethodPropertyList) {
				t.Errorf("error %q does not name the method", err)
			}
			if n := h.fake.Calls(wire.MethodPropertyList); tt.want.calls != 0 && n != tt.want.calls {
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

func TestPlatformFaultsSingleLists(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		fault  fakeplatform.Fault
		call   func(p *PlatformSource) error
		errHas string
	}{
		{"dropped types", fakeplatform.DropPage().For(wire.MethodTypeList),
			func(p *PlatformSource) error { _, err := p.Types(ctx, listing.NL); return err }, "0 items but RowsCount 2"},
		{"truncated cities", fakeplatform.Truncate().For(wire.MethodCityList),
			func(p *PlatformSource) error { _, err := p.Cities(ctx, listing.NL); return err }, "truncated JSON"},
		{"garbage pictures", fakeplatform.Garbage().For(wire.MethodPictureList),
			func(p *PlatformSource) error { _, err := p.Pictures(ctx, listing.NL, 1); return err }, "not JSON"},
		{"project without a value", fakeplatform.Empty().For(wire.MethodProject),
			func(p *PlatformSource) error { _, err := p.Project(ctx, listing.NL, 7); return err }, "without a Value"},
		{"failing details", fakeplatform.SuccessFalse().For(wire.MethodPropertiesByIDs),
			func(p *PlatformSource) error { _, err := p.Properties(ctx, listing.NL, []int{1, 2}); return err }, "Internal error"},
		{"deleted ids retried", fakeplatform.Status(503).For(wire.MethodDeletedProperties).First(2),
			func(p *PlatformSource) error {
				_, err := p.DeletedPropertyIDs(ctx, listing.NL, time.Time{})
				return err
			}, ""},
		{"appointments rate limited", fakeplatform.RateLimit(0).For(wire.MethodAppointments).First(1),
			func(p *PlatformSource) error { _, err := p.Appointments(ctx, listing.NL); return err }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newPlatHarness(t, platTestDataset(5), nil)
			h.fake.Fail(tt.fault)
			err := tt.call(h.src)
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

// platScript serves hand-written answers, for lies the fake does not tell.
// answer returns either a Value (wrapped in a successful envelope) or a
// string sent as the raw body.
func platScript(t *testing.T, answer func(method string, req wire.Request) any) *PlatformSource {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/"), "Json")
		var req wire.Request
		if err := json.Unmarshal([]byte(r.URL.Query().Get("json")), &req); err != nil {
			t.Errorf("request: %v", err)
		}
		v := answer(method, req)
		if s, ok := v.(string); ok {
			fmt.Fprint(w, s)
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		_ = json.NewEncoder(w).Encode(map[string]wire.Result{wire.ResultKey(method): {Success: true, Value: b}})
	}))
	t.Cleanup(srv.Close)
	src, _ := newPlatSource(t, platTestConfig(srv.URL))
	return src
}

func platRows(ids ...int) []wire.PropertyListItem {
	out := make([]wire.PropertyListItem, len(ids))
	for i, id := range ids {
		out[i] = wire.PropertyListItem{ID: id}
	}
	return out
}

func TestPlatformLyingPlatform(t *testing.T) {
	type page = wire.List[wire.PropertyListItem]
	tests := []struct {
		name   string
		pages  map[int]page // by Limit1
		errHas string
	}{
		{"RowsCount changes between pages", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 5}, 3: {Items: platRows(3, 4), RowsCount: 6},
		}, "RowsCount changed from 5 to 6"},
		{"duplicate across pages", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 4}, 3: {Items: platRows(2, 3), RowsCount: 4},
		}, "ID 2 already seen"},
		{"more items than RowsCount", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 1},
		}, "RowsCount 1"},
		{"items with RowsCount 0", map[int]page{
			1: {Items: platRows(1), RowsCount: 0},
		}, "RowsCount 0"},
		{"negative RowsCount", map[int]page{
			1: {Items: platRows(), RowsCount: -1},
		}, "RowsCount -1"},
		{"absurd RowsCount", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 1 << 30},
		}, "needs more than 10000 pages"},
		{"page bigger than asked", map[int]page{
			1: {Items: platRows(1, 2, 3), RowsCount: 5},
		}, "3 items on a page of 2"},
		{"short page in the middle", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 5}, 3: {Items: platRows(3), RowsCount: 5},
		}, "1 items where 2 were due"},
		{"last page cut short", map[int]page{
			1: {Items: platRows(1, 2), RowsCount: 4}, 3: {Items: platRows(3), RowsCount: 4},
		}, "page missing or truncated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := platScript(t, func(_ string, req wire.Request) any {
				if p, ok := tt.pages[req.Limit1]; ok {
					return p
				}
				return page{Items: platRows(), RowsCount: 0}
			})
			rows, err := src.PropertyList(context.Background(), listing.NL, time.Time{})
			if err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v (%d rows), want %q", err, len(rows), tt.errHas)
			}
		})
	}

	t.Run("rows without an ID are rows, not a repeated ID", func(t *testing.T) {
		src := platScript(t, func(_ string, req wire.Request) any {
			if req.Limit1 == 1 {
				return page{Items: platRows(1, 0), RowsCount: 4}
			}
			return page{Items: platRows(0, -1), RowsCount: 4}
		})
		rows, err := src.PropertyList(context.Background(), listing.NL, time.Time{})
		if err != nil || !slices.Equal(platIDs(rows, func(r wire.PropertyListItem) int { return r.ID }), []int{1, 0, 0, -1}) {
			t.Fatalf("rows %+v, %v", rows, err)
		}
	})

	t.Run("never-ending pages stop at RowsCount", func(t *testing.T) {
		var calls atomic.Int32
		src := platScript(t, func(_ string, req wire.Request) any {
			calls.Add(1)
			return page{Items: platRows(req.Limit1, req.Limit1+1), RowsCount: 6}
		})
		rows, err := src.PropertyList(context.Background(), listing.NL, time.Time{})
		if err != nil || len(rows) != 6 || calls.Load() != 3 {
			t.Fatalf("%d rows in %d calls, %v", len(rows), calls.Load(), err)
		}
	})

	other := []struct {
		name   string
		answer any
		call   func(p *PlatformSource) error
		errHas string
	}{
		{"single list shorter than RowsCount", wire.List[wire.PropertyType]{Items: []wire.PropertyType{{ID: 1}}, RowsCount: 3},
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "1 items but RowsCount 3"},
		{"single list negative RowsCount", wire.List[wire.City]{RowsCount: -2},
			func(p *PlatformSource) error { _, err := p.Cities(context.Background(), listing.NL); return err }, "RowsCount -2"},
		{"details of an id not asked for", wire.List[wire.PropertyDetail]{Items: []wire.PropertyDetail{{PropertyListItem: wire.PropertyListItem{ID: 9}}}},
			func(p *PlatformSource) error {
				_, err := p.Properties(context.Background(), listing.NL, []int{1})
				return err
			}, "ID 9"},
		{"details twice", wire.List[wire.PropertyDetail]{Items: []wire.PropertyDetail{
			{PropertyListItem: wire.PropertyListItem{ID: 1}}, {PropertyListItem: wire.PropertyListItem{ID: 1}}}},
			func(p *PlatformSource) error {
				_, err := p.Properties(context.Background(), listing.NL, []int{1, 2})
				return err
			}, "came twice"},
		{"another project", wire.Project{ID: 3},
			func(p *PlatformSource) error { _, err := p.Project(context.Background(), listing.NL, 7); return err }, "asked for project 7, got 3"},
		{"envelope of another method", `{"GetSomethingJsonResult":{"Success":true}}`,
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "no GetTypeOfPropertyListJsonResult (keys [GetSomethingJsonResult])"},
		{"success without Value", `{"GetTypeOfPropertyListJsonResult":{"Success":true}}`,
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "without a Value"},
		{"Value of the wrong shape", `{"GetTypeOfPropertyListJsonResult":{"Success":true,"Value":[1,2]}}`,
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "decode Value"},
		{"empty body", ``,
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "empty answer"},
		{"trailing garbage", `{"GetTypeOfPropertyListJsonResult":{"Success":true,"Value":{"Items":[]}}}}`,
			func(p *PlatformSource) error { _, err := p.Types(context.Background(), listing.NL); return err }, "invalid or truncated JSON"},
	}
	for _, tt := range other {
		t.Run(tt.name, func(t *testing.T) {
			src := platScript(t, func(string, wire.Request) any { return tt.answer })
			if err := tt.call(src); err == nil || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want %q", err, tt.errHas)
			}
		})
	}
}

func TestPlatformContextCancel(t *testing.T) {
	h := newPlatHarness(t, platTestDataset(5), func(c *PlatformConfig) {
		c.RetryWaitMin, c.RetryWaitMax, c.Timeout = 10*time.Second, 10*time.Second, time.Minute
	})
	h.fake.Fail(fakeplatform.Status(500))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := h.src.PropertyList(ctx, listing.NL, time.Time{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v: cancelling did not stop the retry wait", d)
	}
	if n := h.fake.Calls(wire.MethodPropertyList); n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
}

func TestPlatformRetryHelpers(t *testing.T) {
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
		{"Wed, 01 Jan 2025 12:00:30 GMT", 30 * time.Second, true},
		{"Wednesday, 01-Jan-25 12:01:00 GMT", time.Minute, true},
		{"Wed, 01 Jan 2025 11:00:00 GMT", 0, true},
		{"99999999999999999999", 0, false},
		{"999999999999", 24 * time.Hour, true},
	} {
		t.Run("Retry-After "+tt.in, func(t *testing.T) {
			got, ok := parseRetryAfter(tt.in, now)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("got %v %v, want %v %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}

	p := &PlatformSource{cfg: PlatformConfig{MaxRetryAfter: 10 * time.Second}}
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
		{"Retry-After capped", 0, resp(429, "3600"), 10 * time.Second},
		{"Retry-After ignored on 500", 0, resp(500, "3600"), 100 * time.Millisecond},
		{"429 without Retry-After", 1, resp(429, ""), 200 * time.Millisecond},
	} {
		t.Run("backoff "+tt.name, func(t *testing.T) {
			if got := p.backoff(100*time.Millisecond, time.Second, tt.attempt, tt.resp); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPlatformRedaction runs the source through success and every failure
// path with all logging on, and looks for the password in each log line and
// error.
func TestPlatformRedaction(t *testing.T) {
	refused := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr
	}()

	tests := []struct {
		name    string
		fault   fakeplatform.Fault
		baseURL string // overrides the fake's
		tweak   func(*PlatformConfig)
		wantErr bool
	}{
		{name: "success", wantErr: false},
		{name: "500 then success", fault: fakeplatform.Status(500).First(2)},
		{name: "500 until giving up", fault: fakeplatform.Status(500), wantErr: true},
		{name: "429 until giving up", fault: fakeplatform.RateLimit(0), wantErr: true},
		{name: "404", fault: fakeplatform.Status(404), wantErr: true},
		{name: "timeout", fault: fakeplatform.Delay(10 * time.Second), wantErr: true,
			tweak: func(c *PlatformConfig) { c.Timeout = 100 * time.Millisecond }},
		{name: "connection refused", baseURL: refused, wantErr: true},
		{name: "garbage", fault: fakeplatform.Garbage(), wantErr: true},
		{name: "truncated", fault: fakeplatform.Truncate(), wantErr: true},
		{name: "Success false", fault: fakeplatform.SuccessFalse(), wantErr: true},
		{name: "wrong customer", wantErr: true, tweak: func(c *PlatformConfig) { c.Customer = "nobody" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake := fakeplatform.New(platTestDataset(3), platTestCustomer, platTestPassword)
			srv := httptest.NewServer(fake)
			defer srv.Close()
			if tt.fault.Kind != 0 {
				fake.Fail(tt.fault)
			}
			cfg := platTestConfig(srv.URL)
			if tt.baseURL != "" {
				cfg.BaseURL = tt.baseURL
			}
			if tt.tweak != nil {
				tt.tweak(&cfg)
			}
			src, logs := newPlatSource(t, cfg)

			var errs []error
			_, err := src.PropertyList(context.Background(), listing.NL, time.Time{})
			errs = append(errs, err)
			_, err = src.Types(context.Background(), listing.NL)
			errs = append(errs, err)
			_, err = src.Properties(context.Background(), listing.NL, []int{1, 2})
			errs = append(errs, err)

			for i, err := range errs {
				if (err != nil) != tt.wantErr {
					t.Errorf("call %d: err = %v, want error %v", i, err, tt.wantErr)
				}
				if err == nil {
					continue
				}
				t.Logf("call %d: %v", i, err)
				platAssertNoLeak(t, "error", err.Error())
				platAssertNoLeak(t, "error printed with %+v", fmt.Sprintf("%+v", err))
				for e := err; e != nil; e = errors.Unwrap(e) {
					platAssertNoLeak(t, "wrapped error", e.Error())
				}
				var ue *url.Error
				if errors.As(err, &ue) {
					platAssertNoLeak(t, "url.Error URL", ue.URL)
				}
			}
			out := logs.String()
			platAssertNoLeak(t, "log", out)
			if !strings.Contains(out, "performing request") || !strings.Contains(out, "CustomerPassword%22%3A%22REDACTED") {
				t.Errorf("retryablehttp's request log line is missing or not redacted:\n%s", out)
			}
		})
	}
}

func TestPlatformRedactor(t *testing.T) {
	r := newRedactor(platTestPassword)
	req := wire.Request{CustomerName: platTestCustomer, CustomerPassword: platTestPassword, LanguageId: 1}
	for _, escapeHTML := range []bool{true, false} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(escapeHTML)
		if err := enc.Encode(req); err != nil {
			t.Fatal(err)
		}
		raw := "https://platform.example/GetPropertyListJson?" + url.Values{"json": {b.String()}}.Encode()
		inner := &url.Error{Op: "Get", URL: raw, Err: errors.New("connection reset")}

		for _, tt := range []struct {
			name string
			err  error
		}{
			{"url.Error", inner},
			{"wrapped url.Error", fmt.Errorf("platform X: %w", inner)},
			{"twice wrapped url.Error", fmt.Errorf("outer: %w", fmt.Errorf("platform X: %w", inner))},
			{"message only", errors.New("failed: " + raw)},
			{"password in a message", errors.New("bad password " + platTestPassword)},
		} {
			t.Run(fmt.Sprintf("%s escapeHTML=%v", tt.name, escapeHTML), func(t *testing.T) {
				got := r.err(tt.err)
				platAssertNoLeak(t, "error", got.Error())
				var ue *url.Error
				if errors.As(tt.err, new(*url.Error)) {
					if !errors.As(got, &ue) {
						t.Fatalf("%v lost its *url.Error", got)
					}
					platAssertNoLeak(t, "URL", ue.URL)
					if !strings.Contains(ue.URL, "agency") || !strings.Contains(ue.URL, "platform.example/GetPropertyListJson") {
						t.Errorf("URL %q lost more than the password", ue.URL)
					}
					if ue.Err != inner.Err {
						t.Errorf("cause lost")
					}
				}
			})
		}
	}
	if got := newRedactor("").string("nothing to hide"); got != "nothing to hide" {
		t.Errorf("empty password changed %q", got)
	}
}

func TestPushLeadReachesThePlatformOnce(t *testing.T) {
	h := newPlatHarness(t, platTestDataset(3), nil)
	lead := store.Lead{ID: 42, Form: "contact-me", Lang: "fr", Email: "an@example.be", PropertyID: 1001,
		Fields: map[string]any{"title": "ms", "firstName": "An", "lastName": "B", "remark": "Visite ?", "timeSlots": []any{"morning"},
			"passwordHash": "$argon2id$secret"}}
	for range 2 {
		if err := h.src.PushLead(context.Background(), wire.MethodContactOnMe, lead); err != nil {
			t.Fatal(err)
		}
	}
	got := h.fake.Leads()
	if len(got) != 1 {
		t.Fatalf("platform recorded %d leads, want 1", len(got))
	}
	l := got[0]
	if l.ExternalID != "42" || l.Email != "an@example.be" || l.PropertyID != 1001 || l.Comment != "Visite ?" || l.Fields["timeSlots"] != "morning" {
		t.Fatalf("recorded %+v", l)
	}
	if _, leaked := l.Fields["passwordHash"]; leaked {
		t.Fatal("the password hash went to the platform")
	}
	if err := h.src.PushLead(context.Background(), "GetProperty", lead); err == nil {
		t.Fatal("a listing method took a lead")
	}
}
