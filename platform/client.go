// Package platform is the client of the agency's listing platform,
// Omnicasa's web API, as its public clients speak it (../shared/platform/OMNICASA.md
// names them): every call is `GET {base}/{Method}Json?json={parameters}`,
// every answer `{"{Method}JsonResult": {"Success", "Code", "Message",
// "Value"}}`, lists are paged with Limit1/Limit2. The client retries what a
// retry can mend, pages what the public clients page, decodes each record on
// its own (so one odd record is one bad record, not a failed call) and keeps
// the password out of every error and log line.
//
// The sync, the leads' delivery and (later) the owners' portal all depend
// on this package, not on each other.
package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/estate-agency/estate/listing"
)

// Methods of the API the site calls. Each one's parameters are those of
// fw4-bvba/omnicasa-api src/Request/**/{Method}Request.php.
const (
	MethodWebCategories     = "GetWebIDList"           // Settings/GetWebIDListRequest.php, paged
	MethodTypes             = "GetTypeOfPropertyList"  // General/GetTypeOfPropertyListRequest.php, paged
	MethodPropertyList      = "GetPropertyList"        // Property/GetPropertyListRequest.php, paged
	MethodPropertiesByIDs   = "GetPropertiesByIDs"     // Property/GetPropertiesByIDsRequest.php: IDs
	MethodPropertyPictures  = "GetPropertyPictureList" // Property/GetPropertyPictureListRequest.php: ObjectID, paged
	MethodDeletedProperties = "GetDeletedPropertyIDs"  // Property/GetDeletedPropertyIDsRequest.php: no parameters
	MethodProjectList       = "GetProjectList"         // Construction/GetProjectListRequest.php, paged
	MethodProject           = "GetProject"             // Construction/GetProjectRequest.php: ID
	MethodProjectPictures   = "GetProjectPictureList"  // Construction/GetProjectPictureListRequest.php: ProjectID, paged
	MethodDeletedProjects   = "GetDeletedProjectIDs"   // Construction/GetDeletedProjectIDsRequest.php: no parameters
	MethodAppointments      = "GetAppointmentObject"   // Property/GetAppointmentObjectRequest.php
	MethodContactOnMe       = "ContactOnMe"            // Contact/ContactOnMeRequest.php
	MethodDemandRegister    = "DemandRegister"         // Contact/DemandRegisterRequest.php
	methodSuffix            = "Json"                   // fw4 src/HttpApiAdapter.php: ENDPOINT . 'Json'
	resultSuffix            = methodSuffix + "Result"  // fw4 src/ApiAdapter.php: ENDPOINT . 'JsonResult'
)

// DefaultBaseURL is the address of Omnicasa's web API that fw4-bvba's
// client calls (src/ApiService.php); 1.8 and 1.13 are seen too.
const DefaultBaseURL = "https://newapi.omnicasa.com/1.12/OmnicasaService.svc"

// Params is the JSON object a call passes URL-encoded as `json`. A method
// sends only the fields its request class declares (see the Method
// constants); the rest stay empty and are left out.
type Params struct {
	CustomerName          string `json:"CustomerName"`
	CustomerPassword      string `json:"CustomerPassword"`
	LanguageId            int    `json:"LanguageId,omitempty"`
	DescriptionLanguageId int    `json:"DescriptionLanguageId,omitempty"`
	ID                    int    `json:"ID,omitempty"`
	IDs                   string `json:"IDs,omitempty"` // comma-joined, as RequestObject::jsonSerialize writes arrays
	ObjectID              int    `json:"ObjectID,omitempty"`
	ProjectID             int    `json:"ProjectID,omitempty"`
	ChangeSince           string `json:"ChangeSince,omitempty"` // DateLayout, on the agency's clock
	Limit1                int    `json:"Limit1,omitempty"`      // first row, 1-based
	Limit2                int    `json:"Limit2,omitempty"`      // last row, inclusive

	// More is a method's own parameters (a request struct of one method, as
	// fw4 has one Request class per method), encoded beside the common ones.
	// It cannot replace the credentials or the language.
	More any `json:"-"`
}

// encode is the `json` parameter of p: the common fields, then More's.
func (p Params) encode() ([]byte, error) {
	type common Params // without the method, so Marshal does not recurse
	base, err := marshalPlain(common(p))
	if err != nil || p.More == nil {
		return base, err
	}
	more, err := marshalPlain(p.More)
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(more, &fields); err != nil {
		return nil, fmt.Errorf("Params.More is not an object: %w", err)
	}
	var into map[string]json.RawMessage
	if err := json.Unmarshal(base, &into); err != nil {
		return nil, err
	}
	for k, v := range fields {
		if _, taken := into[k]; taken || strings.EqualFold(k, "CustomerName") || strings.EqualFold(k, "CustomerPassword") {
			return nil, fmt.Errorf("Params.More sets %s, a common parameter", k)
		}
		into[k] = v
	}
	return marshalPlain(into)
}

// marshalPlain is json.Marshal without HTML escaping: the password and the
// visitor's words go as typed ("\u0026" for "&" is valid JSON, but a
// platform's own parser is not ours to trust with it).
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Defaults of Config.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultRetryMax      = 4
	DefaultRetryWaitMin  = 500 * time.Millisecond
	DefaultRetryWaitMax  = 30 * time.Second
	DefaultMaxRetryAfter = 5 * time.Minute
	DefaultPageSize      = 100
	DefaultMaxBodyBytes  = 64 << 20

	// MinPasswordLength is the shortest CustomerPassword accepted: a
	// shorter one is a typo or a placeholder, and could not be told apart
	// from ordinary text when it is scrubbed from messages.
	MinPasswordLength = 8

	// maxPages bounds a paged listing, so a platform that keeps answering
	// full pages cannot keep a sync running forever.
	maxPages = 10_000
	// idChunk is how many ids one GetPropertiesByIDs call asks for: they
	// travel in the URL, which servers cap at a few KB.
	idChunk = 50
)

// Config configures a Client. Zero fields take the defaults.
type Config struct {
	BaseURL  string // e.g. DefaultBaseURL
	Customer string
	Password string
	// Zone is the agency's clock: the platform writes and reads dates as
	// wall clocks without a zone. nil is UTC.
	Zone *time.Location

	Timeout       time.Duration // per call (one page), retries and waits included; default 30s
	RetryMax      int           // retries after the first attempt; default 4, negative for none
	RetryWaitMin  time.Duration // first exponential backoff; default 500ms
	RetryWaitMax  time.Duration // longest exponential backoff; default 30s
	MaxRetryAfter time.Duration // cap on a server's Retry-After; default 5m
	PageSize      int           // rows per page of paged lists; default 100
	MaxBodyBytes  int64         // largest answer accepted; default 64 MiB

	HTTPClient *http.Client // optional; default a pooled client sized for concurrent calls
}

// Client calls the platform. It is safe for concurrent use.
type Client struct {
	cfg    Config
	base   string // BaseURL without a trailing slash
	client *retryablehttp.Client
	red    *redactor
	log    *slog.Logger
	// writer sends writes (leads): its own connections and retry policy,
	// see callOnce.
	writer *retryablehttp.Client
}

// New checks cfg and returns a client. log may be nil to log nothing.
func New(cfg Config, log *slog.Logger) (*Client, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		// Not shown: an unparsable URL cannot be stripped of a password.
		return nil, errors.New("platform: Config.BaseURL does not parse as a URL")
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("platform: Config.BaseURL %q is not an absolute http or https URL", u.Redacted())
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("platform: Config.BaseURL %q must not have a query or fragment", u.Redacted())
	}
	if cfg.Customer == "" {
		return nil, errors.New("platform: Config.Customer is empty")
	}
	if cfg.Password == "" {
		return nil, errors.New("platform: Config.Password is empty")
	}
	setDefault(&cfg.Timeout, DefaultTimeout)
	setDefault(&cfg.RetryWaitMin, DefaultRetryWaitMin)
	setDefault(&cfg.RetryWaitMax, DefaultRetryWaitMax)
	setDefault(&cfg.MaxRetryAfter, DefaultMaxRetryAfter)
	setDefault(&cfg.PageSize, DefaultPageSize)
	setDefault(&cfg.MaxBodyBytes, DefaultMaxBodyBytes)
	if cfg.Zone == nil {
		cfg.Zone = time.UTC
	}
	switch {
	case cfg.RetryMax == 0:
		cfg.RetryMax = DefaultRetryMax
	case cfg.RetryMax < 0:
		cfg.RetryMax = 0
	}
	if cfg.RetryWaitMax < cfg.RetryWaitMin {
		cfg.RetryWaitMax = cfg.RetryWaitMin
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}

	hc := cfg.HTTPClient
	if hc == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		// The syncer fetches details and pictures concurrently; the default
		// of 2 idle connections per host would make most calls redial.
		tr.MaxIdleConnsPerHost = 16
		tr.MaxIdleConns = 64
		// No Client.Timeout: each call carries its own deadline, which also
		// covers reading the body.
		hc = &http.Client{Transport: tr}
	}

	red := newRedactor(cfg.Password)
	c := &Client{cfg: cfg, base: strings.TrimRight(cfg.BaseURL, "/"), red: red, log: log}
	c.client = &retryablehttp.Client{
		HTTPClient:   hc,
		Logger:       &slogLeveled{log: log, red: red},
		RetryWaitMin: cfg.RetryWaitMin,
		RetryWaitMax: cfg.RetryWaitMax,
		RetryMax:     cfg.RetryMax,
		CheckRetry:   c.checkRetry,
		Backoff:      c.backoff,
		ErrorHandler: c.giveUp,
	}
	writes := cfg.HTTPClient
	if writes == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		// A fresh connection per write: net/http resends a GET whose
		// kept-alive connection the server closed, which for a write that
		// was already applied would be a second contact.
		tr.DisableKeepAlives = true
		writes = &http.Client{Transport: tr}
	}
	c.writer = &retryablehttp.Client{
		HTTPClient: writes,
		// No request log: a write's URL holds a visitor's data. The relay
		// logs each outcome.
		Logger:       nil,
		RetryWaitMin: cfg.RetryWaitMin,
		RetryWaitMax: cfg.RetryWaitMax,
		RetryMax:     cfg.RetryMax,
		CheckRetry:   c.checkWriteRetry,
		Backoff:      c.backoff,
		ErrorHandler: c.giveUp,
	}
	return c, nil
}

// Zone is the agency's clock the client reads and writes dates on.
func (c *Client) Zone() *time.Location { return c.cfg.Zone }

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// checkRetry is retryablehttp.DefaultRetryPolicy — stop on a cancelled
// context, retry connection errors, 429 and 5xx but 501, nothing else — that
// also gives up at once when the server asks for a wait the call's deadline
// cannot cover, instead of sleeping into a timeout.
func (c *Client) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, cerr := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	if !retry || resp == nil {
		return retry, cerr
	}
	if wait, ok := c.retryAfter(resp); ok {
		if deadline, has := ctx.Deadline(); has && time.Until(deadline) < wait {
			return false, fmt.Errorf("HTTP %s asks to retry in %s, after the call's deadline", resp.Status, wait)
		}
	}
	return retry, cerr
}

// retryAfter is the capped Retry-After of a 429 or 503.
func (c *Client) retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
	return min(d, c.cfg.MaxRetryAfter), ok
}

// backoff is retryablehttp.DefaultBackoff with the server's Retry-After capped:
// uncapped, one "Retry-After: 86400" would stall every sync for a day.
func (c *Client) backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if d, ok := c.retryAfter(resp); ok {
			return d
		}
	}
	// nil: DefaultBackoff would honour Retry-After itself, uncapped.
	return retryablehttp.DefaultBackoff(minWait, maxWait, attempt, nil)
}

// parseRetryAfter reads Retry-After in seconds or as an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s < 0 {
			return 0, false
		}
		if s > int64(24*time.Hour/time.Second) { // beyond any cap; avoids overflow
			return 24 * time.Hour, true
		}
		return time.Duration(s) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// giveUp replaces retryablehttp's final error, which carries the request URL
// and so the password.
func (c *Client) giveUp(resp *http.Response, err error, attempts int) (*http.Response, error) {
	if resp != nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		resp.Body.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("giving up after %d attempt(s): %w", attempts, c.red.err(withoutQuery(err)))
	}
	if resp != nil {
		return nil, fmt.Errorf("giving up after %d attempt(s): HTTP %s", attempts, resp.Status)
	}
	return nil, fmt.Errorf("giving up after %d attempt(s)", attempts)
}

// withoutQuery drops the query from the URL of a transport error: it holds
// the call's parameters, and a lead's are a visitor's personal data, which
// no error or log line may carry.
func withoutQuery(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		if u, perr := url.Parse(ue.URL); perr == nil {
			u.RawQuery = ""
			ue.URL = u.String()
		}
	}
	return err
}

// Error is an answer of the platform with Success false.
type Error struct {
	Method  string
	Code    int
	Message string
}

func (e *Error) Error() string {
	return "platform " + e.Method + ": " + e.Message + " (code " + strconv.Itoa(e.Code) + ")"
}

// StatusError is an HTTP answer that is not a success and was not retried
// (a 4xx): the platform will not answer this call better later.
type StatusError struct {
	Method string
	Status string
	Code   int
	Body   string // the start of the answer
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("platform %s: HTTP %s: %q", e.Method, e.Status, e.Body)
}

// Refused reports an answer that says the platform does not take the call
// (Success false, or a 4xx), as opposed to one it could not give now (a
// timeout, a 5xx after the retries, a broken answer).
func Refused(err error) bool {
	var pe *Error
	var se *StatusError
	return errors.As(err, &pe) || errors.As(err, &se) && se.Code >= 400 && se.Code < 500
}

// Call performs one call and returns its Value as it came. lang is the
// call's LanguageId, "" for methods that take none. Every error it returns
// has been through the redactor.
func (c *Client) Call(ctx context.Context, method string, lang listing.Lang, p Params) (json.RawMessage, error) {
	return c.redacted(c.call(ctx, method, lang, p, c.client, nil))
}

// callOnce is Call for a write: retried only while the platform cannot
// have applied it (the connection failed before the request was sent, a
// 5xx or 429 answer), and an *Unconfirmed error when the request went out
// but no answer came back.
func (c *Client) callOnce(ctx context.Context, method string, lang listing.Lang, p Params) (json.RawMessage, error) {
	var w writeTrace
	v, err := c.call(writeContext(ctx, &w), method, lang, p, c.writer, &w)
	if w.waitedInVain(err) {
		err = &Unconfirmed{Method: method, Err: err}
	}
	return c.redacted(v, err)
}

func (c *Client) redacted(v json.RawMessage, err error) (json.RawMessage, error) {
	if err == nil {
		return v, nil
	}
	var pe *Error
	if errors.As(err, &pe) {
		// Callers may log the field alone; the platform echoing the
		// request is not unheard of.
		pe.Message = c.red.string(pe.Message)
	}
	var se *StatusError
	if errors.As(err, &se) {
		se.Body = c.red.string(se.Body)
	}
	var ue *Unconfirmed
	if errors.As(err, &ue) {
		ue.Err = c.red.err(ue.Err)
		return nil, err
	}
	return nil, c.red.err(err)
}

func (c *Client) call(ctx context.Context, method string, lang listing.Lang, p Params, rc *retryablehttp.Client, w *writeTrace) (json.RawMessage, error) {
	if lang != "" {
		id, ok := listing.PlatformLanguageID(lang)
		if !ok {
			return nil, fmt.Errorf("platform %s: unknown language %q", method, lang)
		}
		p.LanguageId = id
	}
	p.CustomerName, p.CustomerPassword = c.cfg.Customer, c.cfg.Password

	q, err := p.encode()
	if err != nil {
		return nil, fmt.Errorf("platform %s: encode request: %w", method, err)
	}
	u := c.base + "/" + method + methodSuffix + "?" + url.Values{"json": {string(q)}}.Encode()

	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	hreq, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("platform %s: %w", method, err)
	}
	hreq.Header.Set("Accept", "application/json")

	resp, err := rc.Do(hreq)
	if err != nil {
		return nil, fmt.Errorf("platform %s: %w", method, withoutQuery(err))
	}
	defer resp.Body.Close()
	if w != nil {
		// From here on the answer came: whatever goes wrong reading it,
		// the platform spoke, so the write is not "unanswered".
		w.answered.Store(true)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Not retried (retries end in giveUp): a 4xx will not get better.
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		return nil, &StatusError{Method: method, Status: resp.Status, Code: resp.StatusCode, Body: string(snippet)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.MaxBodyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("platform %s: read answer: %w", method, err)
	}
	if int64(len(body)) > c.cfg.MaxBodyBytes {
		return nil, fmt.Errorf("platform %s: answer exceeds the limit of %d bytes", method, c.cfg.MaxBodyBytes)
	}
	return decodeAnswer(method, resp.Header.Get("Content-Type"), body)
}

// decodeAnswer unwraps {"{Method}JsonResult": {Success, Code, Message,
// Value}} and returns the Value. As fw4 src/ApiAdapter.php does, an answer
// without the wrapper is read as the result itself.
func decodeAnswer(method, contentType string, body []byte) (json.RawMessage, error) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("platform %s: empty answer", method)
	}
	if trimmed[0] != '{' {
		return nil, fmt.Errorf("platform %s: answer is not a JSON object (Content-Type %q, starts %q)", method, contentType, snippet(trimmed))
	}
	// One pass for the usual answer, a single wrapper; the answers it does
	// not fit (no wrapper, something beside it) are read in two.
	var wrapped map[string]result
	if json.Unmarshal(trimmed, &wrapped) == nil && len(wrapped) == 1 {
		if res, ok := wrapped[method+resultSuffix]; ok {
			return res.value(method)
		}
	}
	var env map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &env); err != nil {
		return nil, fmt.Errorf("platform %s: invalid or truncated JSON answer (%d bytes): %w", method, len(body), err)
	}
	raw, ok := env[method+resultSuffix]
	if !ok {
		if _, bare := env["Success"]; !bare {
			keys := make([]string, 0, len(env))
			for k := range env {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			return nil, fmt.Errorf("platform %s: answer has no %s (keys %v)", method, method+resultSuffix, keys)
		}
		raw = trimmed
	}
	var res result
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("platform %s: invalid %s: %w", method, method+resultSuffix, err)
	}
	return res.value(method)
}

// result is what the wrapper holds.
type result struct {
	Success bool            `json:"Success"`
	Code    Int             `json:"Code"`
	Message Text            `json:"Message"`
	Value   json.RawMessage `json:"Value"`
}

// value is a result's Value, or the error it stands for.
func (res result) value(method string) (json.RawMessage, error) {
	if !res.Success {
		return nil, &Error{Method: method, Code: int(res.Code), Message: res.Message.String()}
	}
	if v := bytes.TrimSpace(res.Value); len(v) == 0 || string(v) == "null" {
		return nil, fmt.Errorf("platform %s: successful answer without a Value", method)
	}
	return res.Value, nil
}

// A list's Value is `{"From", "Items", "RowsCount", "To"}` (fw4
// src/Response/ListResponseBuffer.php, tests/responses/GetCountryList.json)
// or a plain array, which fw4's ListResponseSimple takes too.
type listValue struct {
	Items     []json.RawMessage `json:"Items"`
	RowsCount *Int              `json:"RowsCount"`
}

// decodeList returns a list Value's items and, when it says, its RowsCount.
func decodeList(method string, v json.RawMessage) (items []json.RawMessage, rows int, counted bool, err error) {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '[' {
		if err := json.Unmarshal(v, &items); err != nil {
			return nil, 0, false, fmt.Errorf("platform %s: decode list: %w", method, err)
		}
		return items, 0, false, nil
	}
	var l listValue
	if err := json.Unmarshal(v, &l); err != nil {
		return nil, 0, false, fmt.Errorf("platform %s: decode list: %w", method, err)
	}
	if l.Items == nil && l.RowsCount == nil {
		return nil, 0, false, fmt.Errorf("platform %s: the answer is neither a list nor {Items, RowsCount} (starts %q)", method, snippet(v))
	}
	if l.RowsCount == nil {
		return l.Items, 0, false, nil
	}
	if *l.RowsCount < 0 {
		return nil, 0, false, fmt.Errorf("platform %s: RowsCount %d", method, *l.RowsCount)
	}
	return l.Items, int(*l.RowsCount), true, nil
}

// single fetches a list that is not paged and checks it against its
// RowsCount when the answer gives one (0 on an unpaged list means "not
// said" on some platforms).
func (c *Client) single(ctx context.Context, method string, lang listing.Lang, p Params) ([]json.RawMessage, error) {
	v, err := c.Call(ctx, method, lang, p)
	if err != nil {
		return nil, err
	}
	items, rows, counted, err := decodeList(method, v)
	if err != nil {
		return nil, err
	}
	if counted && rows > 0 && len(items) != rows {
		return nil, fmt.Errorf("platform %s (%s): %d items but RowsCount %d: incomplete answer", method, lang, len(items), rows)
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return items, nil
}

// paged reads a paged list to its end, as fw4's ListResponseBuffer does
// (Limit1 = perPage*page+1, Limit2 = perPage*(page+1)), and refuses any
// answer that would make the list silently shorter or longer than the
// platform says it is. unique: the rows are records whose ID may appear
// once; the same ID on two pages means pages shifted while they were read.
func (c *Client) paged(ctx context.Context, method string, lang listing.Lang, p Params, unique bool) ([]json.RawMessage, error) {
	size := c.cfg.PageSize
	total := -1
	var out []json.RawMessage
	seen := map[int]bool{}
	for page, first := 0, 1; ; page, first = page+1, first+size {
		if page >= maxPages {
			return nil, fmt.Errorf("platform %s (%s): more than %d pages", method, lang, maxPages)
		}
		p.Limit1, p.Limit2 = first, first+size-1
		v, err := c.Call(ctx, method, lang, p)
		if err != nil {
			return nil, fmt.Errorf("%w (%s, rows %d-%d)", err, lang, p.Limit1, p.Limit2)
		}
		where := fmt.Sprintf("platform %s (%s, rows %d-%d)", method, lang, p.Limit1, p.Limit2)
		items, rows, counted, err := decodeList(method, v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if !counted {
			if page > 0 {
				return nil, fmt.Errorf("%s: a page without RowsCount after pages with one", where)
			}
			// A plain array to a paged call: the platform ignored the
			// limits and answered the whole list.
			return checkUnique(where, items, unique)
		}
		switch {
		case total < 0:
			if rows > size*maxPages {
				return nil, fmt.Errorf("%s: RowsCount %d needs more than %d pages", where, rows, maxPages)
			}
			total = rows
			out = make([]json.RawMessage, 0, total)
		case rows != total:
			return nil, fmt.Errorf("%s: RowsCount changed from %d to %d while paging", where, total, rows)
		}
		if page == 0 && len(items) == total && total > size {
			// The platform ignored the limits but says how many rows there
			// are, and gave them all.
			return checkUnique(where, items, unique)
		}
		if len(items) > size {
			return nil, fmt.Errorf("%s: %d items on a page of %d", where, len(items), size)
		}
		for _, it := range items {
			// Rows without a usable ID all look alike; they are one bad
			// record each, for the syncer to quarantine, not a paging fault.
			if id := RecordID(it); unique && id > 0 {
				if seen[id] {
					return nil, fmt.Errorf("%s: ID %d already seen on an earlier page", where, id)
				}
				seen[id] = true
			}
			out = append(out, it)
		}
		if len(out) > total {
			return nil, fmt.Errorf("%s: %d items so far but RowsCount %d", where, len(out), total)
		}
		if len(out) == total {
			c.log.Debug("platform list read", "method", method, "lang", string(lang), "rows", total, "pages", page+1)
			return out, nil
		}
		if len(items) < size {
			return nil, fmt.Errorf("%s: %d items where %d were due (%d of RowsCount %d read): page missing or truncated",
				where, len(items), min(size, total-len(out)+len(items)), len(out), total)
		}
	}
}

func checkUnique(where string, items []json.RawMessage, unique bool) ([]json.RawMessage, error) {
	if !unique {
		return items, nil
	}
	seen := make(map[int]bool, len(items))
	for _, it := range items {
		if id := RecordID(it); id > 0 {
			if seen[id] {
				return nil, fmt.Errorf("%s: ID %d listed twice", where, id)
			}
			seen[id] = true
		}
	}
	return items, nil
}

// WebCategories implements the sync's Source: GetWebIDList, every row.
func (c *Client) WebCategories(ctx context.Context, lang listing.Lang) (Rows[WebCategory], error) {
	items, err := c.paged(ctx, MethodWebCategories, lang, Params{}, true)
	return DecodeRows[WebCategory](items), err
}

// Types implements the sync's Source: GetTypeOfPropertyList, every row.
func (c *Client) Types(ctx context.Context, lang listing.Lang) (Rows[TypeOfProperty], error) {
	items, err := c.paged(ctx, MethodTypes, lang, Params{}, true)
	return DecodeRows[TypeOfProperty](items), err
}

// PropertyList implements the sync's Source: every row of GetPropertyList
// changed since then (the zero time: all), in the language's descriptions.
func (c *Client) PropertyList(ctx context.Context, lang listing.Lang, since time.Time) (Rows[Property], error) {
	p := Params{DescriptionLanguageId: descriptionLanguage(lang)}
	if !since.IsZero() {
		p.ChangeSince = FormatDate(since, c.cfg.Zone)
	}
	items, err := c.paged(ctx, MethodPropertyList, lang, p, true)
	return DecodeRows[Property](items), err
}

// Properties implements the sync's Source: the details of ids, in any
// order, from GetPropertiesByIDs in chunks; an id the platform does not
// know is missing from the answer.
func (c *Client) Properties(ctx context.Context, lang listing.Lang, ids []int) (Rows[Property], error) {
	var out []json.RawMessage
	// Each id once: the platform answers each id asked once.
	seen := make(map[int]bool, len(ids))
	ids = slices.DeleteFunc(slices.Clone(ids), func(id int) bool {
		dup := seen[id]
		seen[id] = true
		return dup
	})
	for chunk := range slices.Chunk(ids, idChunk) {
		asked := make(map[int]bool, len(chunk))
		parts := make([]string, len(chunk))
		for i, id := range chunk {
			asked[id] = true
			parts[i] = strconv.Itoa(id)
		}
		items, err := c.single(ctx, MethodPropertiesByIDs, lang, Params{IDs: strings.Join(parts, ",")})
		if err != nil {
			return Rows[Property]{}, err
		}
		for _, it := range items {
			id := RecordID(it)
			if !asked[id] {
				return Rows[Property]{}, fmt.Errorf("platform %s (%s): answered ID %d, which was not asked for or came twice", MethodPropertiesByIDs, lang, id)
			}
			delete(asked, id)
			out = append(out, it)
		}
	}
	return DecodeRows[Property](out), nil
}

// PropertyPictures implements the sync's Source: GetPropertyPictureList
// of one property, named by ObjectID (fw4 Omnicasa::getPropertyPictureList).
func (c *Client) PropertyPictures(ctx context.Context, lang listing.Lang, id int) (Rows[ListedPicture], error) {
	items, err := c.paged(ctx, MethodPropertyPictures, lang, Params{ObjectID: id}, false)
	return DecodeRows[ListedPicture](items), err
}

// DeletedPropertyIDs implements the sync's Source: GetDeletedPropertyIDs,
// which takes no parameters and answers a plain array of ids not filtered
// by time (fw4 Omnicasa::getDeletedPropertyIDs(): array).
func (c *Client) DeletedPropertyIDs(ctx context.Context) ([]int, error) {
	return c.deletedIDs(ctx, MethodDeletedProperties)
}

// DeletedProjectIDs is GetDeletedProjectIDs, shaped as DeletedPropertyIDs.
func (c *Client) DeletedProjectIDs(ctx context.Context) ([]int, error) {
	return c.deletedIDs(ctx, MethodDeletedProjects)
}

func (c *Client) deletedIDs(ctx context.Context, method string) ([]int, error) {
	items, err := c.single(ctx, method, noLanguage, Params{})
	if err != nil {
		return nil, err
	}
	return DeletedIDs(method, items)
}

// noLanguage is the language of the calls that take no LanguageId.
const noLanguage listing.Lang = ""

// DeletedIDs reads the items of a deleted-ids answer: ids as numbers or
// strings, or objects with an ID.
func DeletedIDs(method string, items []json.RawMessage) ([]int, error) {
	ids := make([]int, 0, len(items))
	for i, it := range items {
		it = bytes.TrimSpace(it)
		var id Int
		if len(it) > 0 && it[0] == '{' {
			id = Int(RecordID(it))
		} else if err := json.Unmarshal(it, &id); err != nil {
			return nil, fmt.Errorf("platform %s: item %d: %w", method, i+1, err)
		}
		if id > 0 {
			ids = append(ids, int(id))
		}
	}
	return ids, nil
}

// Projects implements the sync's Source: every row of GetProjectList.
func (c *Client) Projects(ctx context.Context, lang listing.Lang) (Rows[ProjectRow], error) {
	items, err := c.paged(ctx, MethodProjectList, lang, Params{DescriptionLanguageId: descriptionLanguage(lang)}, true)
	return DecodeRows[ProjectRow](items), err
}

// Project implements the sync's Source: GetProject of one id. A Value that
// does not decode is one bad record in the answer, not a failed call.
func (c *Client) Project(ctx context.Context, lang listing.Lang, id int) (Rows[Project], error) {
	v, err := c.Call(ctx, MethodProject, lang, Params{ID: id, DescriptionLanguageId: descriptionLanguage(lang)})
	if err != nil {
		return Rows[Project]{}, err
	}
	if got := RecordID(v); got != id {
		return Rows[Project]{}, fmt.Errorf("platform %s (%s): asked for project %d, got %d", MethodProject, lang, id, got)
	}
	return DecodeRows[Project]([]json.RawMessage{v}), nil
}

// ProjectPictures implements the sync's Source: GetProjectPictureList of
// one project, named by ProjectID.
func (c *Client) ProjectPictures(ctx context.Context, lang listing.Lang, id int) (Rows[ListedPicture], error) {
	items, err := c.paged(ctx, MethodProjectPictures, lang, Params{ProjectID: id}, false)
	return DecodeRows[ListedPicture](items), err
}

// Appointments implements the sync's Source: the visit slots of
// GetAppointmentObject. Asked without an ObjectID (0; fw4's
// getAppointmentObject takes no parameters by default), one call brings
// every property's; with one, that property's, each slot of the answer
// given that property when it names none.
func (c *Client) Appointments(ctx context.Context, lang listing.Lang, objectID int) (Rows[Appointment], error) {
	items, err := c.single(ctx, MethodAppointments, lang, Params{ObjectID: objectID})
	rows := DecodeRows[Appointment](items)
	if objectID > 0 {
		for i := range rows.Items {
			if rows.Items[i].Property() <= 0 {
				rows.Items[i].ObjectID = Int(objectID)
			}
		}
	}
	return rows, err
}

func descriptionLanguage(lang listing.Lang) int {
	id, _ := listing.PlatformLanguageID(lang)
	return id
}
