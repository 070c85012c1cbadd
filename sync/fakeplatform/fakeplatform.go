// Package fakeplatform is a real HTTP fake of the agency's listing platform
// (an Omnicasa-style JSON web API) for tests and benchmarks. It serves a
// wire.Dataset in exactly the wire format the platform client reads, so a
// test run with httptest.NewServer exercises the client's URL building,
// retries, paging checks and decoding — and, through Fail, every way the real
// platform has been seen to misbehave.
//
// It imports neither package sync nor anything that does, so the client's
// tests can use it without an import cycle.
package fakeplatform

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

// Kind is what a Fault does to a matching call.
type Kind int

// Fault kinds.
const (
	// KindStatus answers Fault.Status with a plain-text body.
	KindStatus Kind = iota + 1
	// KindRateLimit answers 429 with the Retry-After header of Fault.RetryAfter.
	KindRateLimit
	// KindDelay sleeps Fault.Delay (or until the client gives up) and then
	// answers normally.
	KindDelay
	// KindTruncate answers the first half of the real JSON body, with a
	// Content-Length that matches, as a cut-off proxy or platform would.
	KindTruncate
	// KindSuccessFalse answers 200 with Success false, Code 500, Message
	// "Internal error" inside the envelope, as the platform reports its own
	// failures.
	KindSuccessFalse
	// KindEmpty answers a valid, successful list with no items and RowsCount
	// 0 (Value null for methods that return one object).
	KindEmpty
	// KindDropPage answers the page with no items while RowsCount stays the
	// real total: a page missing in the middle of a listing. Methods that
	// return one object answer Value null.
	KindDropPage
	// KindGarbage answers 200 with an HTML error page, as a misconfigured
	// load balancer in front of the platform does.
	KindGarbage
)

var kindNames = map[Kind]string{
	KindStatus: "status", KindRateLimit: "rate-limit", KindDelay: "delay", KindTruncate: "truncate",
	KindSuccessFalse: "success-false", KindEmpty: "empty", KindDropPage: "drop-page", KindGarbage: "garbage",
}

func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Fault is a misbehaviour injected into matching calls. Build one with a
// constructor (Status, RateLimit, Delay, …) and narrow it with For, AtPage and
// First, or write the struct literal.
type Fault struct {
	Kind Kind

	// Method restricts the fault to one platform method ("GetPropertyList");
	// "" matches every method.
	Method string
	// Page restricts the fault to calls whose Limit1 is this value (the
	// 1-based first row of a page); 0 matches every call.
	Page int
	// Times limits the fault to the first Times matching calls; 0 means every
	// matching call, until Clear.
	Times int

	// Status is the HTTP status of KindStatus.
	Status int
	// RetryAfter is sent as the Retry-After header when not empty (KindRateLimit,
	// and KindStatus for a 503 that says when to come back).
	RetryAfter string
	// Delay is the wait of KindDelay.
	Delay time.Duration
}

// Status answers the HTTP status code (e.g. 500, 503, 404).
func Status(code int) Fault { return Fault{Kind: KindStatus, Status: code} }

// RateLimit answers 429 Too Many Requests with Retry-After in whole seconds.
func RateLimit(retryAfter time.Duration) Fault {
	return Fault{Kind: KindRateLimit, Status: http.StatusTooManyRequests, RetryAfter: strconv.Itoa(int(retryAfter / time.Second))}
}

// RateLimitUntil answers 429 Too Many Requests with Retry-After as an HTTP date.
func RateLimitUntil(t time.Time) Fault {
	return Fault{Kind: KindRateLimit, Status: http.StatusTooManyRequests, RetryAfter: t.UTC().Format(http.TimeFormat)}
}

// Delay sleeps d before answering normally; a client that gives up first ends
// the wait.
func Delay(d time.Duration) Fault { return Fault{Kind: KindDelay, Delay: d} }

// Truncate cuts the JSON answer in half.
func Truncate() Fault { return Fault{Kind: KindTruncate} }

// SuccessFalse answers Success false, Code 500, "Internal error".
func SuccessFalse() Fault { return Fault{Kind: KindSuccessFalse} }

// Empty answers an empty, successful list with RowsCount 0.
func Empty() Fault { return Fault{Kind: KindEmpty} }

// DropPage answers a page without items but with the real RowsCount.
func DropPage() Fault { return Fault{Kind: KindDropPage} }

// Garbage answers an HTML error page with status 200.
func Garbage() Fault { return Fault{Kind: KindGarbage} }

// For restricts the fault to one method.
func (f Fault) For(method string) Fault { f.Method = method; return f }

// AtPage restricts the fault to the page starting at row limit1 (1-based).
func (f Fault) AtPage(limit1 int) Fault { f.Page = limit1; return f }

// First restricts the fault to the first n matching calls.
func (f Fault) First(n int) Fault { f.Times = n; return f }

func (f Fault) String() string {
	var b strings.Builder
	b.WriteString(f.Kind.String())
	if f.Method != "" {
		b.WriteString(" on " + f.Method)
	}
	if f.Page != 0 {
		b.WriteString(" at row " + strconv.Itoa(f.Page))
	}
	if f.Times != 0 {
		b.WriteString(" for " + strconv.Itoa(f.Times) + " call(s)")
	}
	return b.String()
}

func (f Fault) matches(method string, limit1 int) bool {
	return (f.Method == "" || f.Method == method) && (f.Page == 0 || f.Page == limit1)
}

type activeFault struct {
	Fault
	fired int
}

// Server is an http.Handler answering the platform's methods over a dataset.
// It is safe for concurrent use; the dataset, the faults and the call
// counters can change while requests are served.
type Server struct {
	customer, password string

	mu     sync.Mutex
	data   *snapshot
	calls  map[string]int
	last   map[string]wire.Request
	faults []*activeFault
	damage []Damage
	// leads are what ContactOnMe and DemandRegister recorded, one per
	// ExternalID, as a platform that recognises a repeated push would.
	leads []wire.Lead
}

// Leads returns the leads the platform recorded, in the order they came.
func (s *Server) Leads() []wire.Lead {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.leads)
}

// record keeps a pushed lead once per ExternalID and returns its id.
func (s *Server) record(l *wire.Lead) wire.Result {
	if l == nil || l.ExternalID == "" {
		return failure(400, "Missing Lead or ExternalID")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, known := range s.leads {
		if known.ExternalID == l.ExternalID {
			return success(wire.Pushed{ID: i + 1})
		}
	}
	s.leads = append(s.leads, *l)
	return success(wire.Pushed{ID: len(s.leads)})
}

// New returns a fake platform over ds that accepts only the given
// credentials. The dataset must not be modified afterwards: replace it with
// SetDataset instead.
func New(ds *wire.Dataset, customer, password string) *Server {
	return &Server{
		customer: customer,
		password: password,
		data:     newSnapshot(ds),
		calls:    map[string]int{},
		last:     map[string]wire.Request{},
	}
}

// SetDataset replaces the data served from the next call on, as an edit on the
// platform would.
func (s *Server) SetDataset(ds *wire.Dataset) {
	snap := newSnapshot(ds)
	s.mu.Lock()
	s.data = snap
	s.mu.Unlock()
}

// Calls returns how many HTTP requests reached a method, faulted ones included.
func (s *Server) Calls(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[method]
}

// ResetCalls sets every call counter back to zero.
func (s *Server) ResetCalls() {
	s.mu.Lock()
	clear(s.calls)
	s.mu.Unlock()
}

// LastRequest returns the decoded parameters of the last call of a method.
func (s *Server) LastRequest(method string) (wire.Request, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.last[method]
	return r, ok
}

// Fail adds a fault. Faults are tried in the order they were added; the first
// that matches a call (and has not used up its Times) applies.
func (s *Server) Fail(f Fault) {
	s.mu.Lock()
	s.faults = append(s.faults, &activeFault{Fault: f})
	s.mu.Unlock()
}

// Clear removes every fault and every damage.
func (s *Server) Clear() {
	s.mu.Lock()
	s.faults, s.damage = nil, nil
	s.mu.Unlock()
}

// Damage spoils records from the next call on, until Clear.
func (s *Server) Damage(d ...Damage) {
	s.mu.Lock()
	s.damage = append(s.damage, d...)
	s.mu.Unlock()
}

// takeFault returns the fault that applies to this call, counting it as fired.
func (s *Server) takeFault(method string, limit1 int) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.faults {
		if f.matches(method, limit1) && (f.Times == 0 || f.fired < f.Times) {
			f.fired++
			return f.Fault, true
		}
	}
	return Fault{}, false
}

var methods = map[string]bool{
	wire.MethodPropertyList: true, wire.MethodProperty: true, wire.MethodPropertiesByIDs: true,
	wire.MethodPictureList: true, wire.MethodTypeList: true, wire.MethodCityList: true,
	wire.MethodProjectList: true, wire.MethodProject: true, wire.MethodDeletedProperties: true,
	wire.MethodAppointments: true, wire.MethodContactOnMe: true, wire.MethodDemandRegister: true,
}

// ServeHTTP answers GET …/{Method}Json?json={request}. Only the last path
// segment counts, so the fake can sit under any base path.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method, ok := strings.CutSuffix(path.Base(r.URL.Path), "Json")
	if !ok || !methods[method] {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}

	raw := r.URL.Query().Get("json")
	var req wire.Request
	jsonErr := json.Unmarshal([]byte(raw), &req)

	s.mu.Lock()
	s.calls[method]++
	if jsonErr == nil {
		s.last[method] = req
	}
	data := s.data
	damage := slices.Clone(s.damage)
	s.mu.Unlock()

	fault, faulted := s.takeFault(method, req.Limit1)
	if faulted {
		switch fault.Kind {
		case KindDelay:
			if !sleep(r.Context(), fault.Delay) {
				return
			}
			faulted = false
		case KindStatus, KindRateLimit:
			if fault.RetryAfter != "" {
				w.Header().Set("Retry-After", fault.RetryAfter)
			}
			code := fault.Status
			if code == 0 {
				code = http.StatusTooManyRequests
			}
			http.Error(w, http.StatusText(code), code)
			return
		case KindGarbage:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = io.WriteString(w, garbagePage)
			return
		}
	}

	var res wire.Result
	switch {
	case raw == "":
		res = failure(400, "Missing json parameter")
	case jsonErr != nil:
		res = failure(400, "Invalid json parameter")
	case req.CustomerName != s.customer || req.CustomerPassword != s.password:
		res = failure(401, "Invalid credentials")
	case faulted && fault.Kind == KindSuccessFalse:
		res = failure(500, "Internal error")
	case method == wire.MethodContactOnMe || method == wire.MethodDemandRegister:
		res = s.record(req.Lead)
	default:
		var kind Kind
		if faulted {
			kind = fault.Kind
		}
		res = data.lang(langOf(req.LanguageId)).answer(method, req, kind, damage)
	}

	body, err := json.Marshal(map[string]wire.Result{wire.ResultKey(method): res})
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if faulted && fault.Kind == KindTruncate {
		body = body[:len(body)/2]
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

const garbagePage = `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title></head>
<body><h1>Bad Gateway</h1><p>The proxy server received an invalid response from an upstream server.</p></body></html>
`

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// snapshot is a dataset with its properties indexed by ID, so benchmarks
// over thousands of listings measure the client rather than the fake's scans.
type snapshot struct {
	langs map[listing.Lang]*langData
}

type langData struct {
	*wire.LangData
	byID map[int]*wire.PropertyDetail
}

func newSnapshot(ds *wire.Dataset) *snapshot {
	snap := &snapshot{langs: map[listing.Lang]*langData{}}
	if ds == nil {
		return snap
	}
	for l, ld := range ds.Langs {
		if ld == nil {
			continue
		}
		idx := make(map[int]*wire.PropertyDetail, len(ld.Properties))
		for i := range ld.Properties {
			idx[ld.Properties[i].ID] = &ld.Properties[i]
		}
		snap.langs[l] = &langData{LangData: ld, byID: idx}
	}
	return snap
}

func (s *snapshot) lang(l listing.Lang) *langData {
	if ld, ok := s.langs[l]; ok {
		return ld
	}
	return &langData{LangData: &wire.LangData{}}
}

// langOf maps the platform's LanguageId back to a language; an unknown id
// yields "", whose data is empty.
func langOf(id int) listing.Lang {
	for _, l := range []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE} {
		if n, _ := listing.PlatformLanguageID(l); n == id {
			return l
		}
	}
	return ""
}

func failure(code int, msg string) wire.Result {
	return wire.Result{Success: false, Code: code, Message: msg}
}

func success(v any) wire.Result {
	b, err := json.Marshal(v)
	if err != nil {
		return failure(500, "encode: "+err.Error())
	}
	return wire.Result{Success: true, Value: b}
}

// answer computes the successful answer of a method, shaped by an
// answer-level fault kind (0 for none) and the damaged records.
func (ld *langData) answer(method string, req wire.Request, kind Kind, damage []Damage) wire.Result {
	switch method {
	case wire.MethodPropertyList:
		since, err := wire.ParseDate(req.ChangeSince)
		if err != nil {
			return failure(400, "Invalid ChangeSince")
		}
		rows := ld.PropertyList(since)
		if req.Goal != nil {
			rows = slices.DeleteFunc(rows, func(p wire.PropertyListItem) bool { return p.Goal != *req.Goal })
		}
		damaged, err := damageRows(rows, damage)
		if err != nil {
			return failure(500, "damage: "+err.Error())
		}
		return list(damaged, req, kind)
	case wire.MethodPropertiesByIDs:
		var found []wire.PropertyDetail
		for part := range strings.SplitSeq(req.IDs, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			id, err := strconv.Atoi(part)
			if err != nil {
				return failure(400, "Invalid IDs")
			}
			if p, ok := ld.byID[id]; ok {
				if d, ok := damageDetail(*p, damage); ok {
					found = append(found, d)
				}
			}
		}
		return list(found, req, kind)
	case wire.MethodProperty:
		p, ok := ld.byID[req.ID]
		if !ok {
			return failure(404, "Property not found")
		}
		d, ok := damageDetail(*p, damage)
		if !ok {
			return failure(404, "Property not found")
		}
		return object(d, kind)
	case wire.MethodPictureList:
		return list(ld.Pictures[req.ID], req, kind)
	case wire.MethodTypeList:
		return list(ld.Types, req, kind)
	case wire.MethodCityList:
		return list(ld.Cities, req, kind)
	case wire.MethodProjectList:
		return list(ld.ProjectList(), req, kind)
	case wire.MethodProject:
		p, ok := ld.Project(req.ID)
		if !ok {
			return failure(404, "Project not found")
		}
		return object(p, kind)
	case wire.MethodDeletedProperties:
		since, err := wire.ParseDate(req.ChangeSince)
		if err != nil {
			return failure(400, "Invalid ChangeSince")
		}
		var rows []wire.Deleted
		for _, d := range ld.Deleted {
			if since.IsZero() || !d.DeletedDate.Before(since) {
				rows = append(rows, d)
			}
		}
		return list(rows, req, kind)
	case wire.MethodAppointments:
		return list(ld.Appointments, req, kind)
	}
	return failure(400, fmt.Sprintf("Unknown method %s", method))
}

func object(v any, kind Kind) wire.Result {
	if kind == KindEmpty || kind == KindDropPage {
		return wire.Result{Success: true, Value: json.RawMessage("null")}
	}
	return success(v)
}

// list pages rows by Limit1/Limit2 (1-based, inclusive; both absent means
// every row) with RowsCount the total, as the platform does.
func list[T any](rows []T, req wire.Request, kind Kind) wire.Result {
	total := len(rows)
	switch kind {
	case KindEmpty:
		return success(wire.List[T]{Items: []T{}, RowsCount: 0})
	case KindDropPage:
		return success(wire.List[T]{Items: []T{}, RowsCount: total})
	}
	if req.Limit1 != 0 || req.Limit2 != 0 {
		from := max(req.Limit1, 1) - 1
		to := total
		if req.Limit2 > 0 {
			to = min(req.Limit2, total)
		}
		if from >= to {
			rows = nil
		} else {
			rows = rows[from:to]
		}
	}
	if rows == nil {
		rows = []T{}
	}
	return success(wire.List[T]{Items: rows, RowsCount: total})
}
