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
	"github.com/estate-agency/estate/platform"
)

const (
	testCustomer = "agency"
	testPassword = "p@ss w/rd&x=1"
)

func wall(s string) platform.Date {
	d, err := platform.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func prop(id int, changed string) platform.Property {
	return platform.Property{
		ID: platform.Int(id), WebID: 1, Goal: platform.Int(id % 2), TypeDescription: "Huis", City: "Gent", Zip: "9000",
		CountryID: platform.CountryBelgium, Price: platform.Number(100000 * id), LastChangedDate: wall(changed),
	}
}

func detail(id int, changed string) platform.Property {
	p := prop(id, changed)
	p.DescriptionB = platform.Text("Huis " + strconv.Itoa(id))
	return p
}

func raws(items ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(items))
	for i, s := range items {
		out[i] = json.RawMessage(s)
	}
	return out
}

// testDataset holds five Dutch properties (stored out of ID order, as a
// platform may), one French, and a little of everything else.
func testDataset() *platform.Dataset {
	return &platform.Dataset{
		Langs: map[listing.Lang]*platform.LangData{
			listing.NL: {
				WebCategories: platform.RawAll([]platform.WebCategory{{ID: 1, WebID: 1, Name: "Huis", Sale: true}}),
				Types:         platform.RawAll([]platform.TypeOfProperty{{ID: 1, WebID: 1, Name: "Huis"}, {ID: 2, WebID: 2, Name: "Appartement"}}),
				Properties: platform.RawAll([]platform.Property{
					prop(5, "2024-05-01 00:00:00"), prop(1, "2024-01-01 00:00:00"), prop(3, "2024-03-01 00:00:00"),
					prop(2, "2024-02-01 00:00:00"), prop(4, "2024-04-01 00:00:00"),
				}),
				Details: platform.RawAll([]platform.Property{
					detail(1, "2024-01-01 00:00:00"), detail(2, "2024-02-01 00:00:00"), detail(3, "2024-03-01 00:00:00"),
					detail(4, "2024-04-01 00:00:00"), detail(5, "2024-05-01 00:00:00"),
				}),
				PropertyPictures: map[int][]json.RawMessage{1: raws(`{"ID":11,"Url":"https://img/1.jpg"}`, `{"ID":12,"Url":"https://img/2.jpg"}`)},
				Projects: platform.RawAll([]platform.ProjectRow{
					{ID: 7, Name: "Residentie Zon", LastChangedDate: wall("2024-01-10 00:00:00")},
					{ID: 8, Name: "Residentie Maan", LastChangedDate: wall("2024-01-11 00:00:00")},
				}),
				ProjectPictures: map[int][]json.RawMessage{7: raws(`{"ID":71,"Url":"https://img/71.jpg"}`)},
				Appointments: raws(
					`{"ID":1,"ObjectID":1,"StartDate":"2024-07-01 10:00:00","Capacity":4}`,
					`{"ID":2,"PropertyID":3,"StartDate":"2024-07-02 10:00:00"}`,
				),
			},
			listing.FR: {
				Properties: platform.RawAll([]platform.Property{prop(1, "2024-01-01 00:00:00")}),
			},
		},
		DeletedProperties: raws(`90`, `"91"`, `{"ID":92}`),
		DeletedProjects:   raws(`6`),
	}
}

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	fake := New(testDataset(), testCustomer, testPassword)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv
}

// request is a call's parameters: the test credentials and a language.
type request map[string]any

func req(lang listing.Lang) request {
	r := request{"CustomerName": testCustomer, "CustomerPassword": testPassword}
	if id, ok := listing.PlatformLanguageID(lang); ok {
		r["LanguageId"] = id
	}
	return r
}

func (r request) with(kv ...any) request {
	out := request{}
	for k, v := range r {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func (r request) without(names ...string) request {
	out := r.with()
	for _, n := range names {
		delete(out, n)
	}
	return out
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func call(t *testing.T, ctx context.Context, base, method string, r request) (response, error) {
	t.Helper()
	b, err := json.Marshal(r)
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

func mustCall(t *testing.T, base, method string, r request) response {
	t.Helper()
	resp, err := call(t, context.Background(), base, method, r)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return resp
}

// envelopeResult is the inside of an answer's envelope.
type envelopeResult struct {
	Code    int
	Message string
	Success bool
	Value   json.RawMessage
}

// resultOf decodes the envelope of a 200 answer.
func resultOf(t *testing.T, method string, r response) envelopeResult {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("%s: status %d, body %q", method, r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s: Content-Type %q", method, ct)
	}
	var env map[string]envelopeResult
	if err := json.Unmarshal(r.body, &env); err != nil {
		t.Fatalf("%s: decode envelope: %v (body %q)", method, err, r.body)
	}
	res, ok := env[method+"JsonResult"]
	if !ok || len(env) != 1 {
		t.Fatalf("%s: no %sJsonResult alone in %q", method, method, r.body)
	}
	return res
}

func valueOf[T any](t *testing.T, method string, r response) T {
	t.Helper()
	res := resultOf(t, method, r)
	if !res.Success || res.Code != 0 {
		t.Fatalf("%s: Success %v: %d %s", method, res.Success, res.Code, res.Message)
	}
	var v T
	if err := json.Unmarshal(res.Value, &v); err != nil {
		t.Fatalf("%s: decode Value %s: %v", method, res.Value, err)
	}
	return v
}

// failed checks an answer is Success false with code and a message holding msg.
func failed(t *testing.T, method string, r response, code int, msg string) {
	t.Helper()
	res := resultOf(t, method, r)
	if res.Success || res.Code != code || !strings.Contains(res.Message, msg) || string(res.Value) != "null" {
		t.Errorf("%s: got %+v %s, want Success false, code %d, a message holding %q, Value null", method, res, res.Value, code, msg)
	}
}

type list struct {
	From      int
	Items     []json.RawMessage
	RowsCount int
	To        int
}

func listIDs(items []json.RawMessage) []int {
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, platform.RecordID(it))
	}
	return out
}

func TestPaging(t *testing.T) {
	_, srv := newTestServer(t)
	tests := []struct {
		name           string
		limit1, limit2 int
		want           []int
		from, to       int
	}{
		{"no limits is every row", 0, 0, []int{1, 2, 3, 4, 5}, 1, 5},
		{"first page", 1, 2, []int{1, 2}, 1, 2},
		{"middle page", 3, 4, []int{3, 4}, 3, 4},
		{"last page is short, To echoes Limit2", 5, 6, []int{5}, 5, 6},
		{"past the end", 7, 8, []int{}, 7, 8},
		{"open end", 4, 0, []int{4, 5}, 4, 0},
		{"one row", 3, 3, []int{3}, 3, 3},
		{"no Limit1", 0, 2, []int{1, 2}, 0, 2},
		{"Limit2 before Limit1", 4, 2, []int{}, 4, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := req(listing.NL)
			if tt.limit1 != 0 {
				r = r.with("Limit1", tt.limit1)
			}
			if tt.limit2 != 0 {
				r = r.with("Limit2", tt.limit2)
			}
			l := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, r))
			if l.RowsCount != 5 {
				t.Errorf("RowsCount = %d, want 5", l.RowsCount)
			}
			if l.Items == nil {
				t.Error("Items null, want a list")
			}
			if got := listIDs(l.Items); !slices.Equal(got, tt.want) {
				t.Errorf("IDs = %v, want %v", got, tt.want)
			}
			if l.From != tt.from || l.To != tt.to {
				t.Errorf("From %d To %d, want %d %d", l.From, l.To, tt.from, tt.to)
			}
		})
	}

	t.Run("the other paged methods", func(t *testing.T) {
		for _, m := range []string{platform.MethodWebCategories, platform.MethodTypes, platform.MethodProjectList} {
			l := valueOf[list](t, m, mustCall(t, srv.URL, m, req(listing.NL).with("Limit1", 1, "Limit2", 1)))
			if len(l.Items) != 1 || l.RowsCount < 1 || l.To != 1 {
				t.Errorf("%s: %+v", m, l)
			}
		}
		l := valueOf[list](t, platform.MethodPropertyPictures,
			mustCall(t, srv.URL, platform.MethodPropertyPictures, req(listing.NL).with("ObjectID", 1, "Limit1", 2, "Limit2", 3)))
		if !slices.Equal(listIDs(l.Items), []int{12}) || l.RowsCount != 2 || l.To != 3 {
			t.Errorf("pictures page: %+v", l)
		}
	})
}

func TestMethods(t *testing.T) {
	_, srv := newTestServer(t)
	nl := req(listing.NL)
	since := func(s string) request { return nl.with("ChangeSince", s) }

	tests := []struct {
		name   string
		method string
		req    request
		check  func(t *testing.T, m string, r response)
	}{
		{"property list since", platform.MethodPropertyList, since("2024-03-01 00:00:00"), func(t *testing.T, m string, r response) {
			l := valueOf[list](t, m, r)
			if got := listIDs(l.Items); !slices.Equal(got, []int{3, 4, 5}) || l.RowsCount != 3 {
				t.Errorf("IDs %v RowsCount %d, want [3 4 5] 3", got, l.RowsCount)
			}
		}},
		{"property list since a second later", platform.MethodPropertyList, since("2024-03-01 00:00:01"), func(t *testing.T, m string, r response) {
			if got := listIDs(valueOf[list](t, m, r).Items); !slices.Equal(got, []int{4, 5}) {
				t.Errorf("IDs %v, want [4 5]", got)
			}
		}},
		{"property list since RFC 3339 is refused", platform.MethodPropertyList, since("2024-03-01T00:00:00Z"), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, `ChangeSince "2024-03-01T00:00:00Z" is not a date`)
		}},
		{"property list since a .NET date is refused", platform.MethodPropertyList, since("/Date(1711929600000+0100)/"), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ChangeSince")
		}},
		{"property list since a date alone is refused", platform.MethodPropertyList, since("2024-03-01"), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ChangeSince")
		}},
		{"property list bad ChangeSince", platform.MethodPropertyList, since("yesterday"), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ChangeSince")
		}},
		{"property list empty ChangeSince is every row", platform.MethodPropertyList, since(""), func(t *testing.T, m string, r response) {
			if got := listIDs(valueOf[list](t, m, r).Items); len(got) != 5 {
				t.Errorf("IDs %v", got)
			}
		}},
		{"properties by ids", platform.MethodPropertiesByIDs, nl.with("IDs", "4,42, 2"), func(t *testing.T, m string, r response) {
			items := valueOf[[]platform.Property](t, m, r)
			if got := []int{int(items[0].ID), int(items[1].ID)}; len(items) != 2 || !slices.Equal(got, []int{4, 2}) || items[0].DescriptionB != "Huis 4" {
				t.Errorf("details %+v, want 4 and 2 with their details, as a plain array", items)
			}
		}},
		{"properties by ids in brackets", platform.MethodPropertiesByIDs, nl.with("IDs", "[1,3]"), func(t *testing.T, m string, r response) {
			if items := valueOf[[]json.RawMessage](t, m, r); !slices.Equal(listIDs(items), []int{1, 3}) {
				t.Errorf("IDs %v", listIDs(items))
			}
		}},
		{"properties by bad ids", platform.MethodPropertiesByIDs, nl.with("IDs", "4,x"), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "not a list of ids")
		}},
		{"properties by no ids", platform.MethodPropertiesByIDs, nl, func(t *testing.T, m string, r response) {
			if items := valueOf[[]json.RawMessage](t, m, r); items == nil || len(items) != 0 {
				t.Errorf("got %v, want an empty list", items)
			}
		}},
		{"pictures", platform.MethodPropertyPictures, nl.with("ObjectID", 1), func(t *testing.T, m string, r response) {
			l := valueOf[list](t, m, r)
			if !slices.Equal(listIDs(l.Items), []int{11, 12}) || l.RowsCount != 2 {
				t.Errorf("got %+v", l)
			}
		}},
		{"pictures of a property without any", platform.MethodPropertyPictures, nl.with("ObjectID", 2), func(t *testing.T, m string, r response) {
			l := valueOf[list](t, m, r)
			if l.Items == nil || len(l.Items) != 0 || l.RowsCount != 0 {
				t.Errorf("got %+v, want an empty non-null list", l)
			}
		}},
		{"pictures without ObjectID are refused", platform.MethodPropertyPictures, nl, func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ObjectID is required")
		}},
		{"pictures by ID are refused", platform.MethodPropertyPictures, nl.with("ID", 1), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ObjectID is required")
		}},
		{"web categories", platform.MethodWebCategories, nl, func(t *testing.T, m string, r response) {
			if l := valueOf[list](t, m, r); len(l.Items) != 1 || l.RowsCount != 1 {
				t.Errorf("got %+v", l)
			}
		}},
		{"types", platform.MethodTypes, nl, func(t *testing.T, m string, r response) {
			if l := valueOf[list](t, m, r); len(l.Items) != 2 || l.RowsCount != 2 {
				t.Errorf("got %+v", l)
			}
		}},
		{"projects", platform.MethodProjectList, nl, func(t *testing.T, m string, r response) {
			if got := listIDs(valueOf[list](t, m, r).Items); !slices.Equal(got, []int{7, 8}) {
				t.Errorf("IDs %v", got)
			}
		}},
		{"project, the row without details", platform.MethodProject, nl.with("ID", 8), func(t *testing.T, m string, r response) {
			if p := valueOf[platform.Project](t, m, r); p.ID != 8 || p.Name != "Residentie Maan" {
				t.Errorf("got %+v", p)
			}
		}},
		{"project unknown", platform.MethodProject, nl.with("ID", 1), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "project not found")
		}},
		{"project pictures", platform.MethodProjectPictures, nl.with("ProjectID", 7), func(t *testing.T, m string, r response) {
			if l := valueOf[list](t, m, r); !slices.Equal(listIDs(l.Items), []int{71}) {
				t.Errorf("got %+v", l)
			}
		}},
		{"project pictures without ProjectID are refused", platform.MethodProjectPictures, nl.with("ID", 7), func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "ProjectID is required")
		}},
		{"deleted properties", platform.MethodDeletedProperties, req(""), func(t *testing.T, m string, r response) {
			if got := valueOf[[]json.RawMessage](t, m, r); len(got) != 3 || string(got[1]) != `"91"` || string(got[2]) != `{"ID":92}` {
				t.Errorf("got %s, want the stored array as it is", got)
			}
		}},
		{"deleted projects", platform.MethodDeletedProjects, req(""), func(t *testing.T, m string, r response) {
			if got := valueOf[[]int](t, m, r); !slices.Equal(got, []int{6}) {
				t.Errorf("got %v", got)
			}
		}},
		{"appointments", platform.MethodAppointments, nl, func(t *testing.T, m string, r response) {
			if got := valueOf[[]json.RawMessage](t, m, r); !slices.Equal(listIDs(got), []int{1, 2}) {
				t.Errorf("got %s", got)
			}
		}},
		{"appointments of a property", platform.MethodAppointments, nl.with("ObjectID", 3), func(t *testing.T, m string, r response) {
			if got := valueOf[[]json.RawMessage](t, m, r); !slices.Equal(listIDs(got), []int{2}) {
				t.Errorf("got %s, want the slot of property 3 (named by PropertyID)", got)
			}
		}},
		{"contact", platform.MethodContactOnMe, nl.with("Email", "a@example.be", "Name", "Peeters"), func(t *testing.T, m string, r response) {
			if got := valueOf[bool](t, m, r); !got {
				t.Errorf("Value %v, want true", got)
			}
		}},
		{"demand", platform.MethodDemandRegister, nl.with("Email", "a@example.be", "Password", "pw", "Goal", 0), func(t *testing.T, m string, r response) {
			if got := valueOf[bool](t, m, r); !got {
				t.Errorf("Value %v, want true", got)
			}
		}},
		{"contact without an address", platform.MethodContactOnMe, nl, func(t *testing.T, m string, r response) {
			failed(t, m, r, 600, "Email or PhoneNumber")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, tt.method, mustCall(t, srv.URL, tt.method, tt.req))
		})
	}
}

func TestCredentialsAndLanguages(t *testing.T) {
	_, srv := newTestServer(t)
	tests := []struct {
		name      string
		req       request
		wantCode  int // 0: success
		wantCount int
	}{
		{"dutch", req(listing.NL), 0, 5},
		{"french", req(listing.FR), 0, 1},
		{"german has no data", req(listing.DE), 0, 0},
		{"unknown language", req(listing.NL).with("LanguageId", 99), 0, 0},
		{"absent language", req(listing.NL).without("LanguageId"), 0, 0},
		{"language as a string", req(listing.NL).with("LanguageId", "1"), 0, 5},
		{"names in another case", request{"customerName": testCustomer, "customerPassword": testPassword, "languageid": 1}, 0, 5},
		{"wrong password", req(listing.NL).with("CustomerPassword", "guess"), 600, 0},
		{"password in another case", req(listing.NL).with("CustomerPassword", strings.ToUpper(testPassword)), 600, 0},
		{"wrong customer", req(listing.NL).with("CustomerName", "other"), 600, 0},
		{"no password", req(listing.NL).without("CustomerPassword"), 600, 0},
		{"no credentials", request{"LanguageId": 1}, 600, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCall(t, srv.URL, platform.MethodPropertyList, tt.req)
			if tt.wantCode != 0 {
				failed(t, platform.MethodPropertyList, r, tt.wantCode, "Error")
				return
			}
			l := valueOf[list](t, platform.MethodPropertyList, r)
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
		httpMethod string
		path       string
		wantStatus int
		wantCode   int
	}{
		{"unknown method", http.MethodGet, "/GetNothingJson?json={}", http.StatusNotFound, 0},
		{"no Json suffix", http.MethodGet, "/GetPropertyList?json={}", http.StatusNotFound, 0},
		{"lower-case method", http.MethodGet, "/getpropertylistJson?json={}", http.StatusNotFound, 0},
		{"POST", http.MethodPost, "/GetPropertyListJson?json={}", http.StatusMethodNotAllowed, 0},
		{"missing json", http.MethodGet, "/GetPropertyListJson", http.StatusOK, 400},
		{"invalid json", http.MethodGet, "/GetPropertyListJson?json=%7Bnope", http.StatusOK, 400},
		{"json not an object", http.MethodGet, "/GetPropertyListJson?json=%5B1%5D", http.StatusOK, 400},
		{"under a base path", http.MethodGet, "/1.12/OmnicasaService.svc/GetPropertyListJson?json=%7B%7D", http.StatusOK, 600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hreq, err := http.NewRequest(tt.httpMethod, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := http.DefaultClient.Do(hreq)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if tt.wantStatus == http.StatusMethodNotAllowed && resp.Header.Get("Allow") != http.MethodGet {
				t.Errorf("Allow %q", resp.Header.Get("Allow"))
			}
			if tt.wantCode != 0 {
				failed(t, platform.MethodPropertyList, response{status: resp.StatusCode, header: resp.Header, body: body}, tt.wantCode, "")
			}
		})
	}
}

func TestSetDatasetAndCalls(t *testing.T) {
	fake, srv := newTestServer(t)
	count := func() int {
		return len(valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL))).Items)
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
	mustCall(t, srv.URL, platform.MethodTypes, req(listing.NL).with("Limit1", 1, "Limit2", 10))
	if got := fake.Calls(platform.MethodPropertyList); got != 2 {
		t.Errorf("Calls(PropertyList) = %d, want 2", got)
	}
	if got := fake.Calls(platform.MethodTypes); got != 1 {
		t.Errorf("Calls(Types) = %d, want 1", got)
	}
	if got := fake.Calls(platform.MethodProject); got != 0 {
		t.Errorf("Calls(Project) = %d, want 0", got)
	}
	p, ok := fake.LastParams(platform.MethodTypes)
	if !ok || p.String("CustomerName") != testCustomer || p.Int("Limit2") != 10 || !slices.Equal(p.Names(), []string{"LanguageId", "Limit1", "Limit2"}) {
		t.Errorf("LastParams = %v, %v", p, ok)
	}
	if _, ok := fake.LastParams(platform.MethodProject); ok {
		t.Error("LastParams of a method never called")
	}

	// A call whose parameters do not decode is counted but leaves LastParams.
	resp, err := http.Get(srv.URL + "/GetTypeOfPropertyListJson?json=%7Bnope")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := fake.Calls(platform.MethodTypes); got != 2 {
		t.Errorf("Calls(Types) = %d after a bad call, want 2", got)
	}
	if p, _ := fake.LastParams(platform.MethodTypes); p.Int("Limit2") != 10 {
		t.Errorf("LastParams replaced by an undecodable call: %v", p)
	}

	fake.ResetCalls()
	if got := fake.Calls(platform.MethodPropertyList); got != 0 {
		t.Errorf("after ResetCalls: %d", got)
	}

	t.Run("a nil dataset serves nothing", func(t *testing.T) {
		fake.SetDataset(nil)
		if n := count(); n != 0 {
			t.Errorf("%d rows", n)
		}
		if got := valueOf[[]json.RawMessage](t, platform.MethodDeletedProperties,
			mustCall(t, srv.URL, platform.MethodDeletedProperties, req(""))); got == nil || len(got) != 0 {
			t.Errorf("deleted %v, want an empty list", got)
		}
	})
}

func TestParams(t *testing.T) {
	var p Params
	if err := json.Unmarshal([]byte(`{"customerName":"a","CustomerPassword":"b","LanguageId":1,"limit1":"3","IDs":"1,2","ObjectID":5.0,"Lead":{"x":1}}`), &p); err != nil {
		t.Fatal(err)
	}
	if !p.Has("CustomerName") || !p.Has("LIMIT1") || p.Has("Limit2") {
		t.Errorf("Has is not case-insensitive: %v", p)
	}
	if got := p.Names(); !slices.Equal(got, []string{"IDs", "LanguageId", "Lead", "ObjectID", "limit1"}) {
		t.Errorf("Names = %v, want every name but the credentials, sorted, as sent", got)
	}
	for _, tt := range []struct {
		name string
		want string
	}{
		{"customername", "a"}, {"IDs", "1,2"}, {"LanguageId", "1"}, {"Limit1", "3"}, {"Lead", `{"x":1}`}, {"Missing", ""},
	} {
		if got := p.String(tt.name); got != tt.want {
			t.Errorf("String(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	for _, tt := range []struct {
		name string
		want int
	}{
		{"LanguageId", 1}, {"Limit1", 3}, {"IDs", 0}, {"Missing", 0}, {"ObjectID", 0},
	} {
		if got := p.Int(tt.name); got != tt.want {
			t.Errorf("Int(%q) = %d, want %d", tt.name, got, tt.want)
		}
	}
	if names := (Params{"CustomerName": nil, "CUSTOMERPASSWORD": nil}).Names(); len(names) != 0 {
		t.Errorf("Names = %v, want none", names)
	}
}

func TestFaultKinds(t *testing.T) {
	page := func(l1, l2 int) request { return req(listing.NL).with("Limit1", l1, "Limit2", l2) }
	tests := []struct {
		name  string
		fault Fault
		req   request
		check func(t *testing.T, r response)
	}{
		{"status 500", Status(500), req(listing.NL), func(t *testing.T, r response) {
			if r.status != 500 || !strings.Contains(string(r.body), "Internal Server Error") {
				t.Errorf("status %d body %q", r.status, r.body)
			}
		}},
		{"status 503 with Retry-After", Fault{Kind: KindStatus, Status: 503, RetryAfter: "2"}, req(listing.NL), func(t *testing.T, r response) {
			if r.status != 503 || r.header.Get("Retry-After") != "2" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"status without a code is 429", Fault{Kind: KindStatus}, req(listing.NL), func(t *testing.T, r response) {
			if r.status != 429 {
				t.Errorf("status %d", r.status)
			}
		}},
		{"rate limit seconds", RateLimit(3 * time.Second), req(listing.NL), func(t *testing.T, r response) {
			if r.status != 429 || r.header.Get("Retry-After") != "3" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"rate limit date", RateLimitUntil(time.Date(2030, 1, 2, 4, 4, 5, 0, time.FixedZone("CET", 3600))), req(listing.NL), func(t *testing.T, r response) {
			if r.status != 429 || r.header.Get("Retry-After") != "Wed, 02 Jan 2030 03:04:05 GMT" {
				t.Errorf("status %d Retry-After %q", r.status, r.header.Get("Retry-After"))
			}
		}},
		{"delay then a normal answer", Delay(30 * time.Millisecond), req(listing.NL), func(t *testing.T, r response) {
			if l := valueOf[list](t, platform.MethodPropertyList, r); len(l.Items) != 5 {
				t.Errorf("%d items", len(l.Items))
			}
		}},
		{"truncate", Truncate(), req(listing.NL), func(t *testing.T, r response) {
			var env map[string]json.RawMessage
			if err := json.Unmarshal(r.body, &env); err == nil {
				t.Errorf("truncated body decoded: %q", r.body)
			}
			if !strings.HasPrefix(string(r.body), `{"GetPropertyListJsonResult":`) {
				t.Errorf("body %q is not the start of the real answer", r.body)
			}
			if cl := r.header.Get("Content-Length"); cl != strconv.Itoa(len(r.body)) {
				t.Errorf("Content-Length %s for %d bytes", cl, len(r.body))
			}
		}},
		{"success false", SuccessFalse(), req(listing.NL), func(t *testing.T, r response) {
			failed(t, platform.MethodPropertyList, r, 600, "Error")
		}},
		{"empty", Empty(), req(listing.NL), func(t *testing.T, r response) {
			l := valueOf[list](t, platform.MethodPropertyList, r)
			if l.Items == nil || len(l.Items) != 0 || l.RowsCount != 0 {
				t.Errorf("got %+v", l)
			}
		}},
		{"drop page keeps RowsCount", DropPage().AtPage(3), page(3, 4), func(t *testing.T, r response) {
			l := valueOf[list](t, platform.MethodPropertyList, r)
			if len(l.Items) != 0 || l.RowsCount != 5 || l.From != 3 || l.To != 4 {
				t.Errorf("got %+v, want no items, RowsCount 5", l)
			}
		}},
		{"drop page spares other pages", DropPage().AtPage(3), page(1, 2), func(t *testing.T, r response) {
			if l := valueOf[list](t, platform.MethodPropertyList, r); len(l.Items) != 2 {
				t.Errorf("got %d items, want 2", len(l.Items))
			}
		}},
		{"garbage", Garbage(), req(listing.NL), func(t *testing.T, r response) {
			if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || !strings.HasPrefix(string(r.body), "<!DOCTYPE html>") {
				t.Errorf("status %d type %q body %q", r.status, r.header.Get("Content-Type"), r.body)
			}
		}},
		{"other method is spared", Status(500).For(platform.MethodTypes), req(listing.NL), func(t *testing.T, r response) {
			valueOf[list](t, platform.MethodPropertyList, r)
		}},
		{"fault before credentials", Status(503), request{}, func(t *testing.T, r response) {
			if r.status != 503 {
				t.Errorf("status %d", r.status)
			}
		}},
		{"success false with wrong credentials", SuccessFalse(), req(listing.NL).with("CustomerPassword", "guess"), func(t *testing.T, r response) {
			failed(t, platform.MethodPropertyList, r, 600, "Error")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Fail(tt.fault)
			tt.check(t, mustCall(t, srv.URL, platform.MethodPropertyList, tt.req))
			if got := fake.Calls(platform.MethodPropertyList); got != 1 {
				t.Errorf("Calls = %d, want 1", got)
			}
		})
	}
}

func TestFaultOnOtherShapes(t *testing.T) {
	for _, f := range []Fault{Empty(), DropPage()} {
		t.Run(f.Kind.String()+" object", func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Fail(f.For(platform.MethodProject))
			res := resultOf(t, platform.MethodProject, mustCall(t, srv.URL, platform.MethodProject, req(listing.NL).with("ID", 7)))
			if !res.Success || string(res.Value) != "null" {
				t.Errorf("got %+v %s, want success with Value null", res, res.Value)
			}
		})
		t.Run(f.Kind.String()+" plain arrays", func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Fail(f)
			for _, m := range []string{platform.MethodPropertiesByIDs, platform.MethodDeletedProperties, platform.MethodAppointments} {
				got := valueOf[[]json.RawMessage](t, m, mustCall(t, srv.URL, m, req(listing.NL).with("IDs", "1,2")))
				if got == nil || len(got) != 0 {
					t.Errorf("%s: %s, want an empty list", m, got)
				}
			}
		})
	}
	t.Run("garbage on a lead", func(t *testing.T) {
		fake, srv := newTestServer(t)
		fake.Fail(Garbage().For(platform.MethodContactOnMe))
		r := mustCall(t, srv.URL, platform.MethodContactOnMe, req(listing.NL).with("Email", "a@example.be"))
		if !strings.HasPrefix(string(r.body), "<!") || len(fake.Writes("")) != 0 {
			t.Errorf("body %q, %d writes", r.body, len(fake.Writes("")))
		}
	})
}

func TestFaultTimesAndClear(t *testing.T) {
	fake, srv := newTestServer(t)
	fake.Fail(Status(500).For(platform.MethodTypes).First(2))
	fake.Fail(Status(404).For(platform.MethodTypes).First(1))
	var got []int
	for range 5 {
		got = append(got, mustCall(t, srv.URL, platform.MethodTypes, req(listing.NL)).status)
	}
	if want := []int{500, 500, 404, 200, 200}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}

	t.Run("page and method", func(t *testing.T) {
		fake.Fail(Status(502).For(platform.MethodPropertyList).AtPage(3))
		if r := mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL).with("Limit1", 1, "Limit2", 2)); r.status != 200 {
			t.Errorf("page 1: %d", r.status)
		}
		for range 2 {
			if r := mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL).with("Limit1", 3, "Limit2", 4)); r.status != 502 {
				t.Errorf("page 3: %d, want 502 until Clear", r.status)
			}
		}
	})

	fake.Fail(Garbage())
	fake.Damage(NoDetail(1))
	if r := mustCall(t, srv.URL, platform.MethodAppointments, req(listing.NL)); !strings.HasPrefix(string(r.body), "<!") {
		t.Fatalf("fault on every method not applied: %q", r.body)
	}
	fake.Clear()
	valueOf[[]json.RawMessage](t, platform.MethodAppointments, mustCall(t, srv.URL, platform.MethodAppointments, req(listing.NL)))
	if r := mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL).with("Limit1", 3, "Limit2", 4)); r.status != 200 {
		t.Errorf("after Clear: %d", r.status)
	}
	if got := valueOf[[]json.RawMessage](t, platform.MethodPropertiesByIDs, mustCall(t, srv.URL, platform.MethodPropertiesByIDs, req(listing.NL).with("IDs", "1"))); len(got) != 1 {
		t.Errorf("Clear left the damage: %s", got)
	}
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
	_, err := call(t, ctx, srv.URL, platform.MethodTypes, req(listing.NL))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
	srv.Close()
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v: the delay ignored the request context", d)
	}
}

// TestConcurrentUse is for -race: faults, damage, datasets, the zone and the
// counters change while calls run.
func TestConcurrentUse(t *testing.T) {
	fake, srv := newTestServer(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 10 {
				switch (i + j) % 6 {
				case 0:
					fake.Fail(Status(500).For(platform.MethodPropertyList).First(1))
				case 1:
					fake.Clear()
				case 2:
					fake.SetDataset(testDataset())
				case 3:
					fake.Damage(OffGlobe(3))
				case 4:
					fake.SetZone(time.UTC)
				}
				if _, err := call(t, context.Background(), srv.URL, platform.MethodPropertyList, req(listing.NL)); err != nil {
					t.Error(err)
				}
				if _, err := call(t, context.Background(), srv.URL, platform.MethodContactOnMe,
					req(listing.NL).with("Email", strconv.Itoa(j)+"@example.be")); err != nil {
					t.Error(err)
				}
				_ = fake.Calls(platform.MethodPropertyList)
				_, _ = fake.LastParams(platform.MethodPropertyList)
				_ = fake.Writes("")
			}
		})
	}
	wg.Wait()
	if got := fake.Calls(platform.MethodPropertyList); got != 80 {
		t.Errorf("Calls = %d, want 80", got)
	}
	if got := len(fake.Writes(platform.MethodContactOnMe)); got != 80 {
		t.Errorf("%d contacts, want one per call: 80", got)
	}
}

func TestFaultString(t *testing.T) {
	for _, tt := range []struct {
		f    Fault
		want string
	}{
		{DropPage().For(platform.MethodPropertyList).AtPage(101).First(2), "drop-page on GetPropertyList at row 101 for 2 call(s)"},
		{Status(500), "status"},
		{RateLimit(time.Second).For(platform.MethodTypes), "rate-limit on GetTypeOfPropertyList"},
		{Delay(time.Second).First(1), "delay for 1 call(s)"},
		{Truncate().AtPage(3), "truncate at row 3"},
		{SuccessFalse(), "success-false"},
		{Empty(), "empty"},
		{Garbage(), "garbage"},
		{Fault{Kind: 99}, "kind(99)"},
	} {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestZone: ChangeSince is read on the agency's clock, Brussels unless
// SetZone says otherwise, as are the rows' wall-clock dates.
func TestZone(t *testing.T) {
	ds := func() *platform.Dataset {
		return &platform.Dataset{Langs: map[listing.Lang]*platform.LangData{listing.NL: {Properties: raws(
			`{"ID":1,"LastChangedDate":"2024-03-01 10:00:00"}`,
			`{"ID":2,"LastChangedDate":"/Date(1709283600000+0100)/"}`, // 2024-03-01T09:00:00Z, 10:00 in Brussels
			`{"ID":3}`, // never changed: only in full lists
		)}}}
	}
	since := func(t *testing.T, srv *httptest.Server, s string) []int {
		t.Helper()
		return listIDs(valueOf[list](t, platform.MethodPropertyList,
			mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL).with("ChangeSince", s))).Items)
	}

	t.Run("Brussels", func(t *testing.T) {
		srv := httptest.NewServer(New(ds(), testCustomer, testPassword))
		defer srv.Close()
		if got := since(t, srv, "2024-03-01 10:00:00"); !slices.Equal(got, []int{1, 2}) {
			t.Errorf("since 10:00: %v, want [1 2]", got)
		}
		if got := since(t, srv, "2024-03-01 10:00:01"); len(got) != 0 {
			t.Errorf("since 10:00:01: %v, want none", got)
		}
	})
	t.Run("SetZone then SetDataset", func(t *testing.T) {
		fake := New(nil, testCustomer, testPassword)
		fake.SetZone(time.UTC)
		fake.SetDataset(ds())
		srv := httptest.NewServer(fake)
		defer srv.Close()
		// The instant is 09:00 in UTC; the wall clock 10:00 on UTC's clock.
		if got := since(t, srv, "2024-03-01 09:00:01"); !slices.Equal(got, []int{1}) {
			t.Errorf("since 09:00:01 UTC: %v, want [1]", got)
		}
		if got := since(t, srv, "2024-03-01 10:00:00"); !slices.Equal(got, []int{1}) {
			t.Errorf("since 10:00 UTC: %v, want [1]", got)
		}
	})
	t.Run("SetZone on a served dataset", func(t *testing.T) {
		fake := New(ds(), testCustomer, testPassword)
		fake.SetZone(time.UTC)
		srv := httptest.NewServer(fake)
		defer srv.Close()
		// The instant follows the new clock already.
		if got := since(t, srv, "2024-03-01 09:00:01"); slices.Contains(got, 2) {
			t.Errorf("since 09:00:01 UTC: %v holds the instant of 09:00 UTC", got)
		}
		t.Run("wall clocks", func(t *testing.T) {
			if got := since(t, srv, "2024-03-01 10:00:00"); !slices.Equal(got, []int{1}) {
				t.Errorf("since 10:00 UTC: %v, want [1]", got)
			}
		})
	})
}
