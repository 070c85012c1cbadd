// Package fakeplatform is a real HTTP fake of Omnicasa's web API for tests
// and benchmarks. It serves a platform.Dataset the way the public clients
// say the platform answers (../shared/platform/OMNICASA.md):
//
//   - `GET …/{Method}Json?json={parameters}`, the parameters' names compared
//     without regard to case (fw4-bvba/omnicasa-api README: "implemented case
//     insensitively"; it sends customerPassword, modmore/Omnicasa
//     src/Client/Base.php customerName);
//   - every answer `{"{Method}JsonResult": {"Code", "Message", "Success",
//     "Value"}}` (fw4 src/ApiAdapter.php, tests/responses/*.json), an error
//     `Success:false` with Value null (tests/responses/ExceptionMessage.json);
//   - paged lists `{"From","Items","RowsCount","To"}` by Limit1/Limit2 with To
//     echoing Limit2 (tests/responses/GetCountryList.json), for the methods
//     fw4 pages (ListResponsePaginated in src/Omnicasa.php); the others a
//     plain array, which fw4's ListResponseSimple reads too;
//   - GetDeletedPropertyIDs and GetDeletedProjectIDs a plain array of ids,
//     asked with no parameters (src/Request/Property/GetDeletedPropertyIDsRequest.php);
//   - GetPropertyPictureList and GetAppointmentObject by ObjectID,
//     GetProjectPictureList by ProjectID, GetPropertiesByIDs by IDs
//     comma-joined (src/Request/RequestObject.php jsonSerialize);
//   - ChangeSince as "Y-m-d H:i:s" (same file), read on the agency's clock;
//   - ContactOnMe, ContactOnMeProject, DemandRegister and
//     UnsubscribeDemandPerson take flat parameters and answer Value true
//     (Omnicasa::contactOnMe(): bool), CheckPersonLogin a person id
//     (checkPersonLogin(): int), refusing any parameter their request
//     class lacks; see leads.go;
//   - GetDocumentList by ObjectIDs and Publish (documents.go), and the
//     owners' statistics (owner.go), in shapes no public source settles.
//
// Through Fail and Damage it also misbehaves in every way the platform has
// been seen to. It imports neither the sync nor anything that does.
package fakeplatform

import (
	"bytes"
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
	"github.com/estate-agency/estate/platform"
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
	// KindSuccessFalse answers 200 with Success false, Code 600, Message
	// "Error" inside the envelope, as the platform reports its own failures
	// (fw4 tests/responses/ExceptionMessage.json).
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
	// KindAppliedThenDelay applies a write (ContactOnMe …) and then holds
	// the answer for Fault.Delay, or until the client gives up.
	KindAppliedThenDelay
)

var kindNames = map[Kind]string{
	KindStatus: "status", KindRateLimit: "rate-limit", KindDelay: "delay", KindTruncate: "truncate",
	KindSuccessFalse: "success-false", KindEmpty: "empty", KindDropPage: "drop-page", KindGarbage: "garbage",
	KindAppliedThenDelay: "applied-then-delay",
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

// SuccessFalse answers Success false, Code 600, "Error".
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
	zone   *time.Location
	data   *snapshot
	calls  map[string]int
	last   map[string]Params
	faults []*activeFault
	damage []Damage
	// slotsPerObject: GetAppointmentObject answers only with an ObjectID;
	// slotsSilently: without one it answers an empty list, not a refusal.
	slotsPerObject, slotsSilently bool
	// writes are the write calls applied (leads.go), demands the demands
	// registered, booked the bookings taken per appointment id.
	writes  []Write
	demands []DemandRecord
	booked  map[int]int
	refuse  string
	owners  []Owner
}

// New returns a fake platform over ds that accepts only the given
// credentials. Its clock is Europe/Brussels (see SetZone). The dataset must
// not be modified afterwards: replace it with SetDataset instead.
func New(ds *platform.Dataset, customer, password string) *Server {
	zone, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		zone = time.UTC
	}
	return &Server{
		customer: customer,
		password: password,
		zone:     zone,
		data:     newSnapshot(ds, zone),
		calls:    map[string]int{},
		last:     map[string]Params{},
		booked:   map[int]int{},
	}
}

// SetZone sets the agency's clock, on which the platform writes and reads
// dates without a zone.
func (s *Server) SetZone(loc *time.Location) {
	s.mu.Lock()
	ds := s.data.ds
	s.mu.Unlock()
	snap := newSnapshot(ds, loc) // the rows' dates are read on the new clock too
	s.mu.Lock()
	s.zone, s.data = loc, snap
	s.mu.Unlock()
}

// SetDataset replaces the data served from the next call on, as an edit on the
// platform would.
func (s *Server) SetDataset(ds *platform.Dataset) {
	s.mu.Lock()
	zone := s.zone
	s.mu.Unlock()
	snap := newSnapshot(ds, zone)
	s.mu.Lock()
	s.data = snap
	s.mu.Unlock()
}

// SlotsPerObject makes GetAppointmentObject refuse a call without ObjectID
// and answer one with it without naming the property in its items, as a
// platform that reads fw4's getAppointmentObject(int) might.
func (s *Server) SlotsPerObject() {
	s.mu.Lock()
	s.slotsPerObject = true
	s.mu.Unlock()
}

// SlotsPerObjectSilently is SlotsPerObject answering a call without
// ObjectID with an empty list instead of a refusal.
func (s *Server) SlotsPerObjectSilently() {
	s.mu.Lock()
	s.slotsPerObject, s.slotsSilently = true, true
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

// LastParams returns the parameters of the last call of a method, by the
// names the client sent.
func (s *Server) LastParams(method string) (Params, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.last[method]
	return p, ok
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
	platform.MethodWebCategories: true, platform.MethodTypes: true, platform.MethodPropertyList: true,
	platform.MethodPropertiesByIDs: true, platform.MethodPropertyPictures: true, platform.MethodDeletedProperties: true,
	platform.MethodProjectList: true, platform.MethodProject: true, platform.MethodProjectPictures: true,
	platform.MethodDeletedProjects: true, platform.MethodAppointments: true, platform.MethodDocumentList: true, // documents.go
	platform.MethodVisitStatistic: true, platform.MethodMediaStatistics: true, platform.MethodMediaOnline: true, // owner.go
	platform.MethodCalendarHistories: true, platform.MethodAutomaticHistories: true, // owner.go
}

// Params are a call's parameters by the names the client sent.
type Params map[string]json.RawMessage

// Has reports whether a parameter was sent, whatever its case.
func (p Params) Has(name string) bool {
	_, ok := p.get(name)
	return ok
}

// Names are the parameters sent, credentials left out, sorted.
func (p Params) Names() []string {
	var out []string
	for k := range p {
		if !strings.EqualFold(k, "CustomerName") && !strings.EqualFold(k, "CustomerPassword") {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func (p Params) get(name string) (json.RawMessage, bool) {
	if v, ok := p[name]; ok {
		return v, true
	}
	for k, v := range p {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

// String returns a parameter as the client wrote it: a string's contents,
// a number's digits.
func (p Params) String(name string) string {
	v, ok := p.get(name)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	return string(bytes.TrimSpace(v))
}

// Int returns an integer parameter, 0 when absent or not a number.
func (p Params) Int(name string) int {
	n, _ := strconv.Atoi(p.String(name))
	return n
}

// ServeHTTP answers GET …/{Method}Json?json={parameters}. Only the last path
// segment counts, so the fake can sit under any base path.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	method, ok := strings.CutSuffix(path.Base(r.URL.Path), "Json")
	if !ok || !methods[method] && writeParams[method] == nil {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}

	raw := r.URL.Query().Get("json")
	var params Params
	jsonErr := json.Unmarshal([]byte(raw), &params)

	s.mu.Lock()
	s.calls[method]++
	if jsonErr == nil {
		s.last[method] = params
	}
	data, damage, zone, perObject, silently := s.data, slices.Clone(s.damage), s.zone, s.slotsPerObject, s.slotsSilently
	s.mu.Unlock()

	fault, faulted := s.takeFault(method, params.Int("Limit1"))
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

	var res result
	switch {
	case raw == "":
		res = failure(400, "Missing json parameter")
	case jsonErr != nil:
		res = failure(400, "Invalid json parameter")
	case params.String("CustomerName") != s.customer || params.String("CustomerPassword") != s.password:
		res = failure(600, "Error")
	case faulted && fault.Kind == KindSuccessFalse:
		res = failure(600, "Error")
	case writeParams[method] != nil:
		res = s.write(method, params, data)
		if faulted && fault.Kind == KindAppliedThenDelay && !sleep(r.Context(), fault.Delay) {
			return
		}
	default:
		var kind Kind
		if faulted {
			kind = fault.Kind
		}
		a := answerer{snap: data, lang: langOf(params.Int("LanguageId")), params: params, kind: kind, damage: damage, zone: zone, slotsPerObject: perObject, slotsSilently: silently}
		res = a.answer(method)
	}

	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]result{method + "JsonResult": res}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	b := body.Bytes()
	if faulted && fault.Kind == KindTruncate {
		b = b[:len(b)/2]
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
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

// result is the envelope's inside, in the order the platform writes it.
type result struct {
	Code    int             `json:"Code"`
	Message string          `json:"Message"`
	Success bool            `json:"Success"`
	Value   json.RawMessage `json:"Value"`
}

func failure(code int, msg string) result {
	return result{Code: code, Message: msg, Value: json.RawMessage("null")}
}

func success(v any) result {
	b, err := json.Marshal(v)
	if err != nil {
		return failure(500, "encode: "+err.Error())
	}
	return result{Success: true, Value: b}
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

// snapshot is a dataset with its records indexed, so benchmarks over
// thousands of listings measure the client rather than the fake's scans.
type snapshot struct {
	ds    *platform.Dataset
	langs map[listing.Lang]*langIndex
}

type langIndex struct {
	*platform.LangData
	rows     []indexed // the property rows by ID
	details  map[int]json.RawMessage
	projects map[int]json.RawMessage
}

type indexed struct {
	id      int
	changed time.Time
	raw     json.RawMessage
}

func newSnapshot(ds *platform.Dataset, zone *time.Location) *snapshot {
	if ds == nil {
		ds = &platform.Dataset{}
	}
	snap := &snapshot{ds: ds, langs: map[listing.Lang]*langIndex{}}
	for l, ld := range ds.Langs {
		if ld == nil {
			continue
		}
		li := &langIndex{LangData: ld, details: map[int]json.RawMessage{}, projects: map[int]json.RawMessage{}}
		for _, raw := range ld.Properties {
			var r struct {
				LastChangedDate platform.Date
			}
			_ = json.Unmarshal(raw, &r)
			li.rows = append(li.rows, indexed{id: platform.RecordID(raw), changed: r.LastChangedDate.In(zone), raw: raw})
		}
		// Rows come ordered by ID, as the platform lists them.
		slices.SortStableFunc(li.rows, func(a, b indexed) int { return a.id - b.id })
		for _, raw := range ld.PropertyDetails() {
			li.details[platform.RecordID(raw)] = raw
		}
		for _, raw := range ld.ProjectValues() {
			li.projects[platform.RecordID(raw)] = raw
		}
		snap.langs[l] = li
	}
	return snap
}

func (s *snapshot) lang(l listing.Lang) *langIndex {
	if li, ok := s.langs[l]; ok {
		return li
	}
	return &langIndex{LangData: &platform.LangData{}}
}

// answerer computes one successful answer, shaped by an answer-level fault
// kind (0 for none) and the damaged records.
type answerer struct {
	snap   *snapshot
	lang   listing.Lang
	params Params
	kind   Kind
	damage []Damage
	zone   *time.Location

	slotsPerObject, slotsSilently bool
}

func (a answerer) answer(method string) result {
	li := a.snap.lang(a.lang)
	switch method {
	case platform.MethodWebCategories:
		return a.paged(li.WebCategories)
	case platform.MethodTypes:
		return a.paged(li.Types)
	case platform.MethodPropertyList:
		var since time.Time
		if s := a.params.String("ChangeSince"); s != "" {
			t, err := time.ParseInLocation(platform.DateLayout, s, a.zone)
			if err != nil {
				return failure(600, "Error: ChangeSince "+strconv.Quote(s)+" is not a date")
			}
			since = t
		}
		var rows []json.RawMessage
		for _, r := range li.rows {
			if since.IsZero() || !r.changed.Before(since) {
				rows = append(rows, r.raw)
			}
		}
		damaged, err := damageRows(rows, a.damage)
		if err != nil {
			return failure(500, "damage: "+err.Error())
		}
		return a.paged(damaged)
	case platform.MethodPropertiesByIDs:
		var found []json.RawMessage
		ids, err := idList(a.params.String("IDs"))
		if err != nil {
			return failure(600, "Error: "+err.Error())
		}
		for _, id := range ids {
			if d, ok := li.details[id]; ok {
				if d, ok := damageDetail(id, d, a.damage); ok {
					found = append(found, d)
				}
			}
		}
		return a.simple(found)
	case platform.MethodPropertyPictures:
		id := a.params.Int("ObjectID")
		if id == 0 {
			return failure(600, "Error: ObjectID is required")
		}
		return a.paged(li.PropertyPictures[id])
	case platform.MethodProjectList:
		return a.paged(li.Projects)
	case platform.MethodProject:
		p, ok := li.projects[a.params.Int("ID")]
		if !ok {
			return failure(600, "Error: project not found")
		}
		return a.object(p)
	case platform.MethodProjectPictures:
		id := a.params.Int("ProjectID")
		if id == 0 {
			return failure(600, "Error: ProjectID is required")
		}
		return a.paged(li.ProjectPictures[id])
	case platform.MethodDocumentList:
		return a.documents(li)
	case platform.MethodDeletedProperties:
		return a.simple(a.snap.ds.DeletedProperties)
	case platform.MethodDeletedProjects:
		return a.simple(a.snap.ds.DeletedProjects)
	case platform.MethodVisitStatistic, platform.MethodMediaStatistics, platform.MethodMediaOnline,
		platform.MethodCalendarHistories, platform.MethodAutomaticHistories:
		return a.owner(method)
	case platform.MethodAppointments:
		items := li.Appointments
		id := a.params.Int("ObjectID")
		if id == 0 && a.slotsPerObject {
			if a.slotsSilently {
				return a.simple(nil)
			}
			return failure(600, "Error: ObjectID is required")
		}
		if id != 0 {
			items = slices.DeleteFunc(slices.Clone(items), func(raw json.RawMessage) bool {
				var ap platform.Appointment
				return json.Unmarshal(raw, &ap) != nil || ap.Property() != id
			})
		}
		if a.slotsPerObject {
			for i, raw := range items {
				items[i], _ = setMany(raw, map[string]any{"ObjectID": nil, "PropertyID": nil})
			}
		}
		return a.simple(items)
	}
	return failure(400, fmt.Sprintf("Unknown method %s", method))
}

func idList(s string) ([]int, error) {
	var out []int
	for part := range strings.SplitSeq(strings.Trim(s, "[]"), ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		id, err := strconv.Atoi(part)
		if err != nil {
			return nil, fmt.Errorf("IDs %q is not a list of ids", s)
		}
		out = append(out, id)
	}
	return out, nil
}

func (a answerer) object(v json.RawMessage) result {
	if a.kind == KindEmpty || a.kind == KindDropPage {
		return result{Success: true, Value: json.RawMessage("null")}
	}
	return result{Success: true, Value: v}
}

// simple answers an unpaged list as a plain array.
func (a answerer) simple(items []json.RawMessage) result {
	switch a.kind {
	case KindEmpty, KindDropPage:
		items = nil
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return success(items)
}

// paged answers rows by Limit1/Limit2 (1-based, inclusive; both absent
// means every row), RowsCount the total.
func (a answerer) paged(rows []json.RawMessage) result {
	total := len(rows)
	from, to := a.params.Int("Limit1"), a.params.Int("Limit2")
	switch a.kind {
	case KindEmpty:
		return success(platform.Page(nil, from, to, 0))
	case KindDropPage:
		return success(platform.Page(nil, from, to, total))
	}
	if from == 0 && to == 0 {
		return success(platform.Page(rows, 1, total, total))
	}
	first := max(from, 1) - 1
	last := total
	if to > 0 {
		last = min(to, total)
	}
	var page []json.RawMessage
	if first < last {
		page = rows[first:last]
	}
	return success(platform.Page(page, from, to, total))
}
