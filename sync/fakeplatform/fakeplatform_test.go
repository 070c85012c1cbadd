package fakeplatform

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

const (
	testCustomer = "agency"
	testPassword = "p@ss w/rd&x=1"
)

func date(s string) wire.Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return wire.Date{Time: t}
}

func prop(id int, changed string) wire.PropertyDetail {
	return wire.PropertyDetail{
		PropertyListItem: wire.PropertyListItem{
			ID: id, WebID: 1, Goal: id % 2, TypeDescription: "Huis", City: "Gent", Zip: "9000",
			CountryID: listing.CountryBelgium, Price: wire.Number(100000 * id), LastChangedDate: date(changed),
		},
		Description: "Huis " + strconv.Itoa(id),
	}
}

// testDataset holds five Dutch properties (stored out of ID order, as a
// platform may), one French, and a little of everything else.
func testDataset() *wire.Dataset {
	return &wire.Dataset{Langs: map[listing.Lang]*wire.LangData{
		listing.NL: {
			Types:  []wire.PropertyType{{ID: 1, WebID: 1, Name: "Huis", Sale: true}, {ID: 2, WebID: 2, Name: "Appartement", Rent: true}},
			Cities: []wire.City{{Name: "Gent", Zip: "9000", CountryID: "10", PropertyCount: 5}},
			Properties: []wire.PropertyDetail{
				prop(5, "2024-05-01"), prop(1, "2024-01-01"), prop(3, "2024-03-01"), prop(2, "2024-02-01"), prop(4, "2024-04-01"),
			},
			Pictures: map[int][]wire.PictureItem{1: {{ID: 11, Url: "https://img/1.jpg"}, {ID: 12, Url: "https://img/2.jpg"}}},
			Projects: []wire.Project{
				{ID: 7, Name: "Residentie Zon", LastChangedDate: date("2024-01-10")},
				{ID: 8, Name: "Residentie Maan", LastChangedDate: date("2024-01-11")},
			},
			Deleted:      []wire.Deleted{{ID: 90, DeletedDate: date("2024-01-01")}, {ID: 91, DeletedDate: date("2024-06-01")}},
			Appointments: []wire.Appointment{{ID: 1, PropertyID: 1, StartDate: date("2024-07-01"), Capacity: 4}},
		},
		listing.FR: {
			Properties: []wire.PropertyDetail{prop(1, "2024-01-01")},
		},
	}}
}

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	fake := New(testDataset(), testCustomer, testPassword)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv
}

// request returns a Request with the test credentials for a language.
func request(lang listing.Lang) wire.Request {
	id, _ := listing.PlatformLanguageID(lang)
	return wire.Request{CustomerName: testCustomer, CustomerPassword: testPassword, LanguageId: id}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func call(t *testing.T, ctx context.Context, base, method string, req wire.Request) (response, error) {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	u := base + "/" + method + "Json?" + url.Values{"json": {string(b)}}.Encode()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return response{}, err
	}
	return response{status: resp.StatusCode, header: resp.Header, body: body}, nil
}

func mustCall(t *testing.T, base, method string, req wire.Request) response {
	t.Helper()
	r, err := call(t, context.Background(), base, method, req)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return r
}

// result decodes the envelope of a 200 answer.
func result(t *testing.T, method string, r response) wire.Result {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("%s: status %d, body %q", method, r.status, r.body)
	}
	var env map[string]wire.Result
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("%s: decode envelope: %v (body %q)", method, err, r.body)
	}
	res, ok := env[wire.ResultKey(method)]
	if !ok {
		t.Fatalf("%s: no %s in %q", method, wire.ResultKey(method), r.body)
	}
	return res
}

func value[T any](t *testing.T, method string, r response) T {
	t.Helper()
	res := result(t, method, r)
	if !res.Success {
		t.Fatalf("%s: Success false: %d %s", method, res.Code, res.Message)
	}
	var v T
	if err := json.Unmarshal(res.Value, &v); err != nil {
		t.Fatalf("%s: decode Value: %v", method, err)
	}
	return v
}

func listIDs[T any](items []T, id func(T) int) []int {
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, id(it))
	}
	return out
}

func rowID(p wire.PropertyListItem) int { return p.ID }

func TestPaging(t *testing.T) {
	_, srv := newTestServer(t)
	tests := []struct {
		name           string
		limit1, limit2 int
		want           []int
	}{
		{"no limits is every row", 0, 0, []int{1, 2, 3, 4, 5}},
		{"first page", 1, 2, []int{1, 2}},
		{"middle page", 3, 4, []int{3, 4}},
		{"last page is short", 5, 6, []int{5}},
		{"past the end", 7, 8, []int{}},
		{"open end", 4, 0, []int{4, 5}},
		{"one row", 3, 3, []int{3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := request(listing.NL)
			req.Limit1, req.Limit2 = tt.limit1, tt.limit2
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, mustCall(t, srv.URL, wire.MethodPropertyList, req))
			if l.RowsCount != 5 {
				t.Errorf("RowsCount = %d, want 5", l.RowsCount)
			}
			if got := listIDs(l.Items, rowID); !slices.Equal(got, tt.want) {
				t.Errorf("IDs = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestMethods(t *testing.T) {
	_, srv := newTestServer(t)
	withID := func(id int) wire.Request { r := request(listing.NL); r.ID = id; return r }
	withIDs := func(ids string) wire.Request { r := request(listing.NL); r.IDs = ids; return r }
	since := func(s string) wire.Request { r := request(listing.NL); r.ChangeSince = s; return r }
	goal := func(g int) wire.Request { r := request(listing.NL); r.Goal = &g; return r }

	tests := []struct {
		name   string
		method string
		req    wire.Request
		check  func(t *testing.T, r response)
	}{
		{"property list since", wire.MethodPropertyList, since(wire.FormatChangeSince(date("2024-03-01").Time)), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if got := listIDs(l.Items, rowID); !slices.Equal(got, []int{3, 4, 5}) || l.RowsCount != 3 {
				t.Errorf("IDs %v RowsCount %d, want [3 4 5] 3", got, l.RowsCount)
			}
		}},
		{"property list since .NET date", wire.MethodPropertyList, since("/Date(1711929600000+0100)/"), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r) // 2024-04-01
			if got := listIDs(l.Items, rowID); !slices.Equal(got, []int{4, 5}) {
				t.Errorf("IDs %v, want [4 5]", got)
			}
		}},
		{"property list goal", wire.MethodPropertyList, goal(0), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if got := listIDs(l.Items, rowID); !slices.Equal(got, []int{2, 4}) {
				t.Errorf("IDs %v, want [2 4]", got)
			}
		}},
		{"property list bad ChangeSince", wire.MethodPropertyList, since("yesterday"), func(t *testing.T, r response) {
			if res := result(t, wire.MethodPropertyList, r); res.Success || res.Code != 400 {
				t.Errorf("got %+v, want Success false code 400", res)
			}
		}},
		{"property", wire.MethodProperty, withID(3), func(t *testing.T, r response) {
			p := value[wire.PropertyDetail](t, wire.MethodProperty, r)
			if p.ID != 3 || p.Description != "Huis 3" {
				t.Errorf("got %d %q", p.ID, p.Description)
			}
		}},
		{"property unknown", wire.MethodProperty, withID(42), func(t *testing.T, r response) {
			if res := result(t, wire.MethodProperty, r); res.Success || res.Code != 404 {
				t.Errorf("got %+v, want code 404", res)
			}
		}},
		{"properties by ids", wire.MethodPropertiesByIDs, withIDs("4,42, 2"), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyDetail]](t, wire.MethodPropertiesByIDs, r)
			got := listIDs(l.Items, func(p wire.PropertyDetail) int { return p.ID })
			if !slices.Equal(got, []int{4, 2}) || l.RowsCount != 2 || l.Items[0].Description != "Huis 4" {
				t.Errorf("IDs %v RowsCount %d, want [4 2] 2 with details", got, l.RowsCount)
			}
		}},
		{"properties by bad ids", wire.MethodPropertiesByIDs, withIDs("4,x"), func(t *testing.T, r response) {
			if res := result(t, wire.MethodPropertiesByIDs, r); res.Success || res.Code != 400 {
				t.Errorf("got %+v, want code 400", res)
			}
		}},
		{"pictures", wire.MethodPictureList, withID(1), func(t *testing.T, r response) {
			l := value[wire.List[wire.PictureItem]](t, wire.MethodPictureList, r)
			if len(l.Items) != 2 || l.RowsCount != 2 || l.Items[1].ID != 12 {
				t.Errorf("got %+v", l)
			}
		}},
		{"pictures of a property without any", wire.MethodPictureList, withID(2), func(t *testing.T, r response) {
			l := value[wire.List[wire.PictureItem]](t, wire.MethodPictureList, r)
			if l.Items == nil || len(l.Items) != 0 || l.RowsCount != 0 {
				t.Errorf("got %+v, want an empty non-null list", l)
			}
		}},
		{"types", wire.MethodTypeList, request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyType]](t, wire.MethodTypeList, r)
			if len(l.Items) != 2 || l.RowsCount != 2 {
				t.Errorf("got %+v", l)
			}
		}},
		{"cities", wire.MethodCityList, request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.City]](t, wire.MethodCityList, r)
			if len(l.Items) != 1 || l.Items[0].Zip != "9000" {
				t.Errorf("got %+v", l)
			}
		}},
		{"projects", wire.MethodProjectList, request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.ProjectListItem]](t, wire.MethodProjectList, r)
			if got := listIDs(l.Items, func(p wire.ProjectListItem) int { return p.ID }); !slices.Equal(got, []int{7, 8}) {
				t.Errorf("IDs %v", got)
			}
		}},
		{"project", wire.MethodProject, withID(8), func(t *testing.T, r response) {
			if p := value[wire.Project](t, wire.MethodProject, r); p.ID != 8 || p.Name != "Residentie Maan" {
				t.Errorf("got %+v", p)
			}
		}},
		{"project unknown", wire.MethodProject, withID(1), func(t *testing.T, r response) {
			if res := result(t, wire.MethodProject, r); res.Success || res.Code != 404 {
				t.Errorf("got %+v, want code 404", res)
			}
		}},
		{"deleted", wire.MethodDeletedProperties, request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.Deleted]](t, wire.MethodDeletedProperties, r)
			if len(l.Items) != 2 {
				t.Errorf("got %+v", l)
			}
		}},
		{"deleted since", wire.MethodDeletedProperties, func() wire.Request {
			r := request(listing.NL)
			r.ChangeSince = "2024-03-01"
			return r
		}(), func(t *testing.T, r response) {
			l := value[wire.List[wire.Deleted]](t, wire.MethodDeletedProperties, r)
			if len(l.Items) != 1 || l.Items[0].ID != 91 || l.RowsCount != 1 {
				t.Errorf("got %+v", l)
			}
		}},
		{"appointments", wire.MethodAppointments, request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.Appointment]](t, wire.MethodAppointments, r)
			if len(l.Items) != 1 || l.Items[0].PropertyID != 1 {
				t.Errorf("got %+v", l)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, mustCall(t, srv.URL, tt.method, tt.req))
		})
	}
}

func TestCredentialsAndLanguages(t *testing.T) {
	_, srv := newTestServer(t)
	tests := []struct {
		name      string
		req       func() wire.Request
		wantCode  int // 0: success
		wantCount int
	}{
		{"dutch", func() wire.Request { return request(listing.NL) }, 0, 5},
		{"french", func() wire.Request { return request(listing.FR) }, 0, 1},
		{"german has no data", func() wire.Request { return request(listing.DE) }, 0, 0},
		{"unknown language", func() wire.Request { r := request(listing.NL); r.LanguageId = 99; return r }, 0, 0},
		{"absent language", func() wire.Request { r := request(listing.NL); r.LanguageId = 0; return r }, 0, 0},
		{"wrong password", func() wire.Request { r := request(listing.NL); r.CustomerPassword = "guess"; return r }, 401, 0},
		{"wrong customer", func() wire.Request { r := request(listing.NL); r.CustomerName = "other"; return r }, 401, 0},
		{"no credentials", func() wire.Request { return wire.Request{LanguageId: 1} }, 401, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCall(t, srv.URL, wire.MethodPropertyList, tt.req())
			res := result(t, wire.MethodPropertyList, r)
			if tt.wantCode != 0 {
				if res.Success || res.Code != tt.wantCode || res.Message != "Invalid credentials" {
					t.Fatalf("got %+v, want Success false code %d", res, tt.wantCode)
				}
				return
			}
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if len(l.Items) != tt.wantCount || l.RowsCount != tt.wantCount || l.Items == nil {
				t.Errorf("got %d items, RowsCount %d, want %d", len(l.Items), l.RowsCount, tt.wantCount)
			}
		})
	}
}

func TestBadRequests(t *testing.T) {
	_, srv := newTestServer(t)
	tests := []struct {
		name       string
		path       string
		wantStatus int
		wantCode   int
	}{
		{"unknown method", "/GetNothingJson?json={}", http.StatusNotFound, 0},
		{"no Json suffix", "/GetPropertyList?json={}", http.StatusNotFound, 0},
		{"missing json", "/GetPropertyListJson", http.StatusOK, 400},
		{"invalid json", "/GetPropertyListJson?json=%7Bnope", http.StatusOK, 400},
		{"under a base path", "/api/v2/GetPropertyListJson?json=%7B%7D", http.StatusOK, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if tt.wantCode != 0 {
				res := result(t, wire.MethodPropertyList, response{status: resp.StatusCode, body: body})
				if res.Success || res.Code != tt.wantCode {
					t.Errorf("got %+v, want code %d", res, tt.wantCode)
				}
			}
		})
	}
}

func TestSetDatasetAndCalls(t *testing.T) {
	fake, srv := newTestServer(t)
	count := func() int {
		return len(value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList,
			mustCall(t, srv.URL, wire.MethodPropertyList, request(listing.NL))).Items)
	}
	if n := count(); n != 5 {
		t.Fatalf("before: %d rows", n)
	}
	ds := testDataset()
	ds.Langs[listing.NL].Properties = ds.Langs[listing.NL].Properties[:2]
	fake.SetDataset(ds)
	if n := count(); n != 2 {
		t.Fatalf("after SetDataset: %d rows, want 2", n)
	}
	mustCall(t, srv.URL, wire.MethodTypeList, request(listing.NL))
	if got := fake.Calls(wire.MethodPropertyList); got != 2 {
		t.Errorf("Calls(PropertyList) = %d, want 2", got)
	}
	if got := fake.Calls(wire.MethodTypeList); got != 1 {
		t.Errorf("Calls(TypeList) = %d, want 1", got)
	}
	if last, ok := fake.LastRequest(wire.MethodPropertyList); !ok || last.CustomerName != testCustomer {
		t.Errorf("LastRequest = %+v, %v", last, ok)
	}
	fake.ResetCalls()
	if got := fake.Calls(wire.MethodPropertyList); got != 0 {
		t.Errorf("after ResetCalls: %d", got)
	}
}

func TestFaultKinds(t *testing.T) {
	pageReq := func(l1, l2 int) wire.Request {
		r := request(listing.NL)
		r.Limit1, r.Limit2 = l1, l2
		return r
	}
	tests := []struct {
		name  string
		fault Fault
		req   wire.Request
		check func(t *testing.T, r response)
	}{
		{"status 500", Status(500), request(listing.NL), func(t *testing.T, r response) {
			if r.status != 500 {
				t.Errorf("status %d", r.status)
			}
		}},
		{"status 503 with Retry-After", Fault{Kind: KindStatus, Status: 503, RetryAfter: "2"}, request(listing.NL), func(t *testing.T, r response) {
			if r.status != 503 || r.header.Get("Retry-After") != "2" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"rate limit seconds", RateLimit(3 * time.Second), request(listing.NL), func(t *testing.T, r response) {
			if r.status != 429 || r.header.Get("Retry-After") != "3" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"rate limit date", RateLimitUntil(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)), request(listing.NL), func(t *testing.T, r response) {
			if r.status != 429 || r.header.Get("Retry-After") != "Wed, 02 Jan 2030 03:04:05 GMT" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"delay then a normal answer", Delay(30 * time.Millisecond), request(listing.NL), func(t *testing.T, r response) {
			if l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r); len(l.Items) != 5 {
				t.Errorf("%d items", len(l.Items))
			}
		}},
		{"truncate", Truncate(), request(listing.NL), func(t *testing.T, r response) {
			var env map[string]wire.Result
			if err := json.Unmarshal(r.body, &env); err == nil {
				t.Errorf("truncated body decoded: %q", r.body)
			}
			if !strings.HasPrefix(string(r.body), `{"GetPropertyListJsonResult":`) {
				t.Errorf("body %q is not the start of the real answer", r.body)
			}
		}},
		{"success false", SuccessFalse(), request(listing.NL), func(t *testing.T, r response) {
			if res := result(t, wire.MethodPropertyList, r); res.Success || res.Code != 500 || res.Message != "Internal error" {
				t.Errorf("got %+v", res)
			}
		}},
		{"empty", Empty(), request(listing.NL), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if len(l.Items) != 0 || l.RowsCount != 0 {
				t.Errorf("got %+v", l)
			}
		}},
		{"drop page keeps RowsCount", DropPage().AtPage(3), pageReq(3, 4), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if len(l.Items) != 0 || l.RowsCount != 5 {
				t.Errorf("got %d items RowsCount %d, want 0 and 5", len(l.Items), l.RowsCount)
			}
		}},
		{"drop page spares other pages", DropPage().AtPage(3), pageReq(1, 2), func(t *testing.T, r response) {
			l := value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
			if len(l.Items) != 2 {
				t.Errorf("got %d items, want 2", len(l.Items))
			}
		}},
		{"garbage", Garbage(), request(listing.NL), func(t *testing.T, r response) {
			if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || !strings.HasPrefix(string(r.body), "<!DOCTYPE html>") {
				t.Errorf("status %d type %q body %q", r.status, r.header.Get("Content-Type"), r.body)
			}
		}},
		{"other method is spared", Status(500).For(wire.MethodTypeList), request(listing.NL), func(t *testing.T, r response) {
			value[wire.List[wire.PropertyListItem]](t, wire.MethodPropertyList, r)
		}},
		{"fault before credentials", Status(503), wire.Request{}, func(t *testing.T, r response) {
			if r.status != 503 {
				t.Errorf("status %d", r.status)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Fail(tt.fault)
			tt.check(t, mustCall(t, srv.URL, wire.MethodPropertyList, tt.req))
			if got := fake.Calls(wire.MethodPropertyList); got != 1 {
				t.Errorf("Calls = %d, want 1", got)
			}
		})
	}
}

func TestFaultObjectMethods(t *testing.T) {
	for _, f := range []Fault{Empty(), DropPage()} {
		t.Run(f.Kind.String(), func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Fail(f.For(wire.MethodProject))
			r := request(listing.NL)
			r.ID = 7
			res := result(t, wire.MethodProject, mustCall(t, srv.URL, wire.MethodProject, r))
			if !res.Success || string(res.Value) != "null" {
				t.Errorf("got %+v %s, want success with Value null", res, res.Value)
			}
		})
	}
}

func TestFaultTimesAndClear(t *testing.T) {
	fake, srv := newTestServer(t)
	fake.Fail(Status(500).For(wire.MethodTypeList).First(2))
	fake.Fail(Status(404).For(wire.MethodTypeList).First(1))
	var got []int
	for range 5 {
		got = append(got, mustCall(t, srv.URL, wire.MethodTypeList, request(listing.NL)).status)
	}
	if want := []int{500, 500, 404, 200, 200}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}

	fake.Fail(Garbage())
	if r := mustCall(t, srv.URL, wire.MethodCityList, request(listing.NL)); !strings.HasPrefix(string(r.body), "<!") {
		t.Fatalf("fault on every method not applied: %q", r.body)
	}
	fake.Clear()
	value[wire.List[wire.City]](t, wire.MethodCityList, mustCall(t, srv.URL, wire.MethodCityList, request(listing.NL)))
}

// TestDelayHonoursContext proves a delayed handler stops when the client gives
// up: the server's Close waits for running handlers, so it would take the
// whole delay otherwise.
func TestDelayHonoursContext(t *testing.T) {
	fake := New(testDataset(), testCustomer, testPassword)
	srv := httptest.NewServer(fake)
	fake.Fail(Delay(time.Minute))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := call(t, ctx, srv.URL, wire.MethodTypeList, request(listing.NL))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	srv.Close()
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v: the delay ignored the request context", d)
	}
}

// TestConcurrentUse is for -race: faults, datasets and counters change while
// calls run.
func TestConcurrentUse(t *testing.T) {
	fake, srv := newTestServer(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 10 {
				switch (i + j) % 4 {
				case 0:
					fake.Fail(Status(500).First(1))
				case 1:
					fake.Clear()
				case 2:
					fake.SetDataset(testDataset())
				}
				if _, err := call(t, context.Background(), srv.URL, wire.MethodPropertyList, request(listing.NL)); err != nil {
					t.Error(err)
				}
				_ = fake.Calls(wire.MethodPropertyList)
			}
		})
	}
	wg.Wait()
	if got := fake.Calls(wire.MethodPropertyList); got != 80 {
		t.Errorf("Calls = %d, want 80", got)
	}
}

func TestFaultString(t *testing.T) {
	got := DropPage().For(wire.MethodPropertyList).AtPage(101).First(2).String()
	if want := "drop-page on GetPropertyList at row 101 for 2 call(s)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
