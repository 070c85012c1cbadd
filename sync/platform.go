package platformsync

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
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/sync/wire"
)

// Defaults of PlatformConfig.
const (
	DefaultPlatformTimeout       = 30 * time.Second
	DefaultPlatformRetryMax      = 4
	DefaultPlatformRetryWaitMin  = 500 * time.Millisecond
	DefaultPlatformRetryWaitMax  = 30 * time.Second
	DefaultPlatformMaxRetryAfter = 5 * time.Minute
	DefaultPlatformPageSize      = 100
	DefaultPlatformMaxBodyBytes  = 64 << 20

	// platformMaxPages bounds a paged listing, so a platform that keeps
	// answering full pages cannot keep a sync running forever.
	platformMaxPages = 10_000
	// platformIDChunk is how many IDs one GetPropertiesByIDs call asks for;
	// the IDs travel in the URL, which servers cap at a few KB.
	platformIDChunk = 50
)

// PlatformConfig configures PlatformSource. Zero fields take the defaults.
type PlatformConfig struct {
	BaseURL  string // e.g. "https://platform.example/api/v2/json"
	Customer string
	Password string

	Timeout       time.Duration // per call (one page), retries and waits included; default 30s
	RetryMax      int           // retries after the first attempt; default 4, negative for none
	RetryWaitMin  time.Duration // first exponential backoff; default 500ms
	RetryWaitMax  time.Duration // longest exponential backoff; default 30s
	MaxRetryAfter time.Duration // cap on a server's Retry-After; default 5m
	PageSize      int           // rows per page of paged lists; default 100
	MaxBodyBytes  int64         // largest answer accepted; default 64 MiB

	HTTPClient *http.Client // optional; default a pooled client sized for concurrent calls
}

// PlatformSource reads the agency's listing platform over its JSON web API.
// It is safe for concurrent use.
type PlatformSource struct {
	cfg    PlatformConfig
	base   string // BaseURL without a trailing slash
	client *retryablehttp.Client
	red    *redactor
	log    *slog.Logger
}

var _ Source = (*PlatformSource)(nil)

// NewPlatformSource checks cfg and returns a client of the platform. log may
// be nil to log nothing.
func NewPlatformSource(cfg PlatformConfig, log *slog.Logger) (*PlatformSource, error) {
	u, err := url.Parse(cfg.BaseURL)
	if err != nil {
		// Not shown: an unparsable URL cannot be stripped of a password.
		return nil, errors.New("platform: PlatformConfig.BaseURL does not parse as a URL")
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("platform: PlatformConfig.BaseURL %q is not an absolute http or https URL", u.Redacted())
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("platform: PlatformConfig.BaseURL %q must not have a query or fragment", u.Redacted())
	}
	if cfg.Customer == "" {
		return nil, errors.New("platform: PlatformConfig.Customer is empty")
	}
	if cfg.Password == "" {
		return nil, errors.New("platform: PlatformConfig.Password is empty")
	}
	setDefault(&cfg.Timeout, DefaultPlatformTimeout)
	setDefault(&cfg.RetryWaitMin, DefaultPlatformRetryWaitMin)
	setDefault(&cfg.RetryWaitMax, DefaultPlatformRetryWaitMax)
	setDefault(&cfg.MaxRetryAfter, DefaultPlatformMaxRetryAfter)
	setDefault(&cfg.PageSize, DefaultPlatformPageSize)
	setDefault(&cfg.MaxBodyBytes, DefaultPlatformMaxBodyBytes)
	switch {
	case cfg.RetryMax == 0:
		cfg.RetryMax = DefaultPlatformRetryMax
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
	p := &PlatformSource{
		cfg:  cfg,
		base: strings.TrimRight(cfg.BaseURL, "/"),
		red:  red,
		log:  log,
	}
	p.client = &retryablehttp.Client{
		HTTPClient:   hc,
		Logger:       &slogLeveled{log: log, red: red},
		RetryWaitMin: cfg.RetryWaitMin,
		RetryWaitMax: cfg.RetryWaitMax,
		RetryMax:     cfg.RetryMax,
		CheckRetry:   p.checkRetry,
		Backoff:      p.backoff,
		ErrorHandler: p.giveUp,
	}
	return p, nil
}

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
func (p *PlatformSource) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	retry, cerr := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	if !retry || resp == nil {
		return retry, cerr
	}
	if wait, ok := p.retryAfter(resp); ok {
		if deadline, has := ctx.Deadline(); has && time.Until(deadline) < wait {
			return false, fmt.Errorf("HTTP %s asks to retry in %s, after the call's deadline", resp.Status, wait)
		}
	}
	return retry, cerr
}

// retryAfter is the capped Retry-After of a 429 or 503.
func (p *PlatformSource) retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now())
	return min(d, p.cfg.MaxRetryAfter), ok
}

// backoff is retryablehttp.DefaultBackoff with the server's Retry-After capped:
// uncapped, one "Retry-After: 86400" would stall every sync for a day.
func (p *PlatformSource) backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if resp != nil {
		if d, ok := p.retryAfter(resp); ok {
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
func (p *PlatformSource) giveUp(resp *http.Response, err error, attempts int) (*http.Response, error) {
	if resp != nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		resp.Body.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("giving up after %d attempt(s): %w", attempts, p.red.err(err))
	}
	if resp != nil {
		return nil, fmt.Errorf("giving up after %d attempt(s): HTTP %s", attempts, resp.Status)
	}
	return nil, fmt.Errorf("giving up after %d attempt(s)", attempts)
}

// call performs one platform call and decodes its Value into out. Every
// error it returns has been through the redactor.
func (p *PlatformSource) call(ctx context.Context, method string, lang listing.Lang, req wire.Request, out any) error {
	err := p.doCall(ctx, method, lang, req, out)
	if err == nil {
		return nil
	}
	var pe *PlatformError
	if errors.As(err, &pe) {
		// Callers may log the field alone; the platform echoing the
		// request is not unheard of.
		pe.Message = p.red.string(pe.Message)
	}
	return p.red.err(err)
}

func (p *PlatformSource) doCall(ctx context.Context, method string, lang listing.Lang, req wire.Request, out any) error {
	langID, ok := listing.PlatformLanguageID(lang)
	if !ok {
		return fmt.Errorf("platform %s: unknown language %q", method, lang)
	}
	req.CustomerName, req.CustomerPassword, req.LanguageId = p.cfg.Customer, p.cfg.Password, langID

	var q bytes.Buffer
	enc := json.NewEncoder(&q)
	// Send the password as typed: "\u0026" for "&" is valid JSON, but a
	// platform's own parser is not ours to trust with it.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return fmt.Errorf("platform %s: encode request: %w", method, err)
	}
	u := p.base + "/" + method + "Json?" + url.Values{"json": {strings.TrimSuffix(q.String(), "\n")}}.Encode()

	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	hreq, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("platform %s: %w", method, err)
	}
	hreq.Header.Set("Accept", "application/json")

	resp, err := p.client.Do(hreq)
	if err != nil {
		return fmt.Errorf("platform %s: %w", method, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Not retried (retries end in giveUp): a 4xx will not get better.
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		return fmt.Errorf("platform %s: HTTP %s: %q", method, resp.Status, snippet)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, p.cfg.MaxBodyBytes+1))
	if err != nil {
		return fmt.Errorf("platform %s: read answer: %w", method, err)
	}
	if int64(len(body)) > p.cfg.MaxBodyBytes {
		return fmt.Errorf("platform %s: answer exceeds the limit of %d bytes", method, p.cfg.MaxBodyBytes)
	}
	return decodeAnswer(method, resp.Header.Get("Content-Type"), body, out)
}

// decodeAnswer unwraps {"{Method}JsonResult": Result} and decodes its Value.
func decodeAnswer(method, contentType string, body []byte, out any) error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return fmt.Errorf("platform %s: empty answer", method)
	}
	if trimmed[0] != '{' {
		return fmt.Errorf("platform %s: answer is not JSON (Content-Type %q, starts %q)", method, contentType, snippet(trimmed))
	}
	var env map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &env); err != nil {
		return fmt.Errorf("platform %s: invalid or truncated JSON answer (%d bytes): %w", method, len(body), err)
	}
	key := wire.ResultKey(method)
	raw, ok := env[key]
	if !ok {
		keys := make([]string, 0, len(env))
		for k := range env {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return fmt.Errorf("platform %s: answer has no %s (keys %v)", method, key, keys)
	}
	var res wire.Result
	if err := json.Unmarshal(raw, &res); err != nil {
		return fmt.Errorf("platform %s: invalid %s: %w", method, key, err)
	}
	if !res.Success {
		return &PlatformError{Method: method, Code: res.Code, Message: res.Message}
	}
	if v := bytes.TrimSpace(res.Value); len(v) == 0 || string(v) == "null" {
		return fmt.Errorf("platform %s: successful answer without a Value", method)
	}
	if err := json.Unmarshal(res.Value, out); err != nil {
		return fmt.Errorf("platform %s: decode Value: %w", method, err)
	}
	return nil
}

func snippet(b []byte) string {
	const n = 60
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}

// single fetches an unpaged list and checks it against its RowsCount. Some
// platforms leave RowsCount 0 on unpaged lists, so 0 means "not said".
func single[T any](ctx context.Context, p *PlatformSource, method string, lang listing.Lang, req wire.Request) ([]T, error) {
	var l wire.List[T]
	if err := p.call(ctx, method, lang, req, &l); err != nil {
		return nil, err
	}
	switch {
	case l.RowsCount < 0:
		return nil, fmt.Errorf("platform %s (%s): RowsCount %d", method, lang, l.RowsCount)
	case l.RowsCount > 0 && len(l.Items) != l.RowsCount:
		return nil, fmt.Errorf("platform %s (%s): %d items but RowsCount %d: incomplete answer", method, lang, len(l.Items), l.RowsCount)
	}
	if l.Items == nil {
		l.Items = []T{}
	}
	return l.Items, nil
}

// paged reads a paged list to its end and refuses any answer that would
// make the list silently shorter or longer than the platform says it is.
func paged[T any](ctx context.Context, p *PlatformSource, method string, lang listing.Lang, req wire.Request, idOf func(T) int) ([]T, error) {
	size := p.cfg.PageSize
	total := -1
	var out []T
	seen := map[int]bool{}
	for page, first := 0, 1; ; page, first = page+1, first+size {
		if page >= platformMaxPages {
			return nil, fmt.Errorf("platform %s (%s): more than %d pages", method, lang, platformMaxPages)
		}
		req.Limit1, req.Limit2 = first, first+size-1
		var l wire.List[T]
		if err := p.call(ctx, method, lang, req, &l); err != nil {
			return nil, pageErr(err, lang, req)
		}
		where := fmt.Sprintf("platform %s (%s, rows %d-%d)", method, lang, req.Limit1, req.Limit2)
		switch {
		case l.RowsCount < 0:
			return nil, fmt.Errorf("%s: RowsCount %d", where, l.RowsCount)
		case total < 0:
			if l.RowsCount > size*platformMaxPages {
				return nil, fmt.Errorf("%s: RowsCount %d needs more than %d pages", where, l.RowsCount, platformMaxPages)
			}
			total = l.RowsCount
			out = make([]T, 0, total)
		case l.RowsCount != total:
			return nil, fmt.Errorf("%s: RowsCount changed from %d to %d while paging", where, total, l.RowsCount)
		}
		if len(l.Items) > size {
			return nil, fmt.Errorf("%s: %d items on a page of %d", where, len(l.Items), size)
		}
		for _, it := range l.Items {
			// Rows without a usable ID all look alike; they are one bad
			// record each, for the Syncer to quarantine, not a paging fault.
			if id := idOf(it); id > 0 {
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
			p.log.Debug("platform list read", "method", method, "lang", string(lang), "rows", total, "pages", page+1)
			return out, nil
		}
		if len(l.Items) < size {
			return nil, fmt.Errorf("%s: %d items where %d were due (%d of RowsCount %d read): page missing or truncated",
				where, len(l.Items), min(size, total-len(out)+len(l.Items)), len(out), total)
		}
	}
}

// pageErr adds which page failed. A *PlatformError stays on top of the chain
// (its message already names the method).
func pageErr(err error, lang listing.Lang, req wire.Request) error {
	return fmt.Errorf("%w (%s, rows %d-%d)", err, lang, req.Limit1, req.Limit2)
}

// Types implements Source.
func (p *PlatformSource) Types(ctx context.Context, lang listing.Lang) ([]wire.PropertyType, error) {
	return single[wire.PropertyType](ctx, p, wire.MethodTypeList, lang, wire.Request{})
}

// Cities implements Source.
func (p *PlatformSource) Cities(ctx context.Context, lang listing.Lang) ([]wire.City, error) {
	return single[wire.City](ctx, p, wire.MethodCityList, lang, wire.Request{})
}

// PropertyList implements Source.
func (p *PlatformSource) PropertyList(ctx context.Context, lang listing.Lang, since time.Time) ([]wire.PropertyListItem, error) {
	var req wire.Request
	if !since.IsZero() {
		req.ChangeSince = wire.FormatChangeSince(since)
	}
	return paged(ctx, p, wire.MethodPropertyList, lang, req, func(it wire.PropertyListItem) int { return it.ID })
}

// Properties implements Source.
func (p *PlatformSource) Properties(ctx context.Context, lang listing.Lang, ids []int) ([]wire.PropertyDetail, error) {
	out := make([]wire.PropertyDetail, 0, len(ids))
	for chunk := range slices.Chunk(ids, platformIDChunk) {
		asked := make(map[int]bool, len(chunk))
		parts := make([]string, len(chunk))
		for i, id := range chunk {
			asked[id] = true
			parts[i] = strconv.Itoa(id)
		}
		items, err := single[wire.PropertyDetail](ctx, p, wire.MethodPropertiesByIDs, lang, wire.Request{IDs: strings.Join(parts, ",")})
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if !asked[it.ID] {
				return nil, fmt.Errorf("platform %s (%s): answered ID %d, which was not asked for or came twice", wire.MethodPropertiesByIDs, lang, it.ID)
			}
			delete(asked, it.ID)
			out = append(out, it)
		}
	}
	return out, nil
}

// Pictures implements Source.
func (p *PlatformSource) Pictures(ctx context.Context, lang listing.Lang, id int) ([]wire.PictureItem, error) {
	return single[wire.PictureItem](ctx, p, wire.MethodPictureList, lang, wire.Request{ID: id})
}

// Projects implements Source.
func (p *PlatformSource) Projects(ctx context.Context, lang listing.Lang) ([]wire.ProjectListItem, error) {
	return single[wire.ProjectListItem](ctx, p, wire.MethodProjectList, lang, wire.Request{})
}

// Project implements Source.
func (p *PlatformSource) Project(ctx context.Context, lang listing.Lang, id int) (wire.Project, error) {
	var pr wire.Project
	if err := p.call(ctx, wire.MethodProject, lang, wire.Request{ID: id}, &pr); err != nil {
		return wire.Project{}, err
	}
	if pr.ID != id {
		return wire.Project{}, fmt.Errorf("platform %s (%s): asked for project %d, got %d", wire.MethodProject, lang, id, pr.ID)
	}
	return pr, nil
}

// DeletedPropertyIDs implements Source.
func (p *PlatformSource) DeletedPropertyIDs(ctx context.Context, lang listing.Lang, since time.Time) ([]int, error) {
	var req wire.Request
	if !since.IsZero() {
		req.ChangeSince = wire.FormatChangeSince(since)
	}
	rows, err := single[wire.Deleted](ctx, p, wire.MethodDeletedProperties, lang, req)
	if err != nil {
		return nil, err
	}
	ids := make([]int, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids, nil
}

// Appointments implements Source.
func (p *PlatformSource) Appointments(ctx context.Context, lang listing.Lang) ([]wire.Appointment, error) {
	return single[wire.Appointment](ctx, p, wire.MethodAppointments, lang, wire.Request{})
}

// redactor keeps the platform password out of errors and log lines. The
// password travels inside the JSON of the `json` query parameter, and both
// net/http (*url.Error) and retryablehttp (messages, log fields) print the
// request URL.
type redactor struct {
	forms *strings.Replacer
}

const redacted = "REDACTED"

func newRedactor(password string) *redactor {
	if password == "" {
		return &redactor{forms: strings.NewReplacer()}
	}
	// Every spelling the password can take on its way into a message: raw,
	// JSON-escaped (with and without HTML escaping), Go-quoted, and each of
	// those URL-encoded as query or path.
	jsonForms := []string{password, jsonString(password, true), jsonString(password, false), strings.Trim(strconv.Quote(password), `"`)}
	var forms []string
	for _, f := range jsonForms {
		forms = append(forms, f, url.QueryEscape(f), url.PathEscape(f))
	}
	// Longest first, so a form is not half-replaced through a shorter one it
	// contains; ties sorted so duplicates are neighbours for Compact.
	slices.SortFunc(forms, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	forms = slices.Compact(forms)
	pairs := make([]string, 0, 2*len(forms))
	for _, f := range forms {
		pairs = append(pairs, f, redacted)
	}
	return &redactor{forms: strings.NewReplacer(pairs...)}
}

func jsonString(s string, escapeHTML bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s)
	return strings.TrimSuffix(strings.TrimSpace(b.String()), `"`)[1:]
}

func (r *redactor) string(s string) string { return r.forms.Replace(s) }

// err returns err with every *url.Error in its chain carrying a redacted URL,
// and its message scrubbed as a last line of defence.
func (r *redactor) err(err error) error {
	if err == nil {
		return nil
	}
	safe := r.urlErrors(err)
	if msg := safe.Error(); r.string(msg) != msg {
		return &redactedError{msg: r.string(msg), err: safe}
	}
	return safe
}

// urlErrors rebuilds the chain down to the first *url.Error and swaps its
// URL. Wrappers we do not know cannot be rebuilt, so their message is
// scrubbed and their chain kept as it was below.
func (r *redactor) urlErrors(err error) error {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err
	}
	if e, ok := err.(*url.Error); ok {
		return &url.Error{Op: e.Op, URL: r.url(e.URL), Err: e.Err}
	}
	inner := errors.Unwrap(err)
	if inner == nil {
		return &redactedError{msg: r.string(err.Error()), err: nil}
	}
	safeInner := r.urlErrors(inner)
	msg := strings.Replace(err.Error(), inner.Error(), safeInner.Error(), 1)
	return &redactedError{msg: r.string(msg), err: safeInner}
}

// url rewrites the `json` parameter of a request URL with the password
// replaced (CustomerName may stay: it says which account failed).
func (r *redactor) url(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		before, _, _ := strings.Cut(raw, "?")
		return r.string(before) + "?" + redacted
	}
	q := u.Query()
	if js := q.Get("json"); js != "" {
		var m map[string]any
		if json.Unmarshal([]byte(js), &m) == nil {
			if _, ok := m["CustomerPassword"]; ok {
				m["CustomerPassword"] = redacted
			}
			b, _ := json.Marshal(m)
			q.Set("json", string(b))
		} else {
			q.Set("json", redacted)
		}
		u.RawQuery = q.Encode()
	}
	return r.string(u.Redacted())
}

// redactedError is an error whose message was scrubbed; Unwrap keeps
// errors.Is/As working on the (already redacted) cause.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// slogLeveled adapts slog to retryablehttp.LeveledLogger, scrubbing every
// value: retryablehttp logs the request URL and *url.Error values.
type slogLeveled struct {
	log *slog.Logger
	red *redactor
}

var _ retryablehttp.LeveledLogger = (*slogLeveled)(nil)

// Error is logged as a warning: retryablehttp reports each failed attempt,
// most of which a retry recovers; the caller logs the final failure.
func (a *slogLeveled) Error(msg string, kv ...any) { a.emit(slog.LevelWarn, msg, kv) }
func (a *slogLeveled) Warn(msg string, kv ...any)  { a.emit(slog.LevelWarn, msg, kv) }
func (a *slogLeveled) Info(msg string, kv ...any)  { a.emit(slog.LevelInfo, msg, kv) }
func (a *slogLeveled) Debug(msg string, kv ...any) { a.emit(slog.LevelDebug, msg, kv) }

func (a *slogLeveled) emit(level slog.Level, msg string, kv []any) {
	ctx := context.Background() // the interface carries no context
	if !a.log.Enabled(ctx, level) {
		return
	}
	args := make([]any, len(kv))
	for i, v := range kv {
		switch v := v.(type) {
		case string:
			args[i] = a.red.string(v)
		case error:
			args[i] = a.red.err(v).Error()
		case time.Duration, int, int64, bool:
			args[i] = v
		case fmt.Stringer:
			args[i] = a.red.string(v.String())
		default:
			args[i] = a.red.string(fmt.Sprint(v))
		}
	}
	a.log.Log(ctx, level, a.red.string(msg), args...)
}

// PushLead hands a lead to the platform with method (ContactOnMe or
// DemandRegister). The site's lead id travels as ExternalID, so a repeated
// push (a retry after a lost answer) is recognisable.
func (p *PlatformSource) PushLead(ctx context.Context, method string, l store.Lead) error {
	if method != wire.MethodContactOnMe && method != wire.MethodDemandRegister {
		return fmt.Errorf("platform: %q takes no leads", method)
	}
	var out wire.Pushed
	return p.call(ctx, method, listing.Lang(l.Lang), wire.Request{Lead: WireLead(l)}, &out)
}

// WireLead is a stored lead as the platform takes it.
func WireLead(l store.Lead) *wire.Lead {
	s := func(k string) string { v, _ := l.Fields[k].(string); return v }
	n := func(k string) float64 { v, _ := l.Fields[k].(float64); return v }
	list := func(k string) string {
		switch v := l.Fields[k].(type) {
		case []string:
			return strings.Join(v, ",")
		case []any:
			parts := make([]string, 0, len(v))
			for _, x := range v {
				parts = append(parts, fmt.Sprint(x))
			}
			return strings.Join(parts, ",")
		}
		return ""
	}
	w := &wire.Lead{
		ExternalID: strconv.FormatUint(l.ID, 10), Form: l.Form, Salutation: s("title"),
		FirstName: s("firstName"), LastName: s("lastName"), Email: l.Email, Phone: s("phone"),
		Street: s("street"), Zip: s("zip"), City: s("city"), Comment: s("remark"),
		PropertyID: l.PropertyID, ProjectID: l.ProjectID,
		Goal: s("goal"), MinPrice: n("minPrice"), MaxPrice: n("maxPrice"), MinRooms: n("minRooms"),
		TypeIDs: list("types"), Zips: list("zones"), Fields: map[string]string{},
	}
	if l.Form == "contact-demand" {
		w.Street, w.Zip, w.City = strings.TrimSpace(s("valuationStreet")+" "+s("valuationNumber")), s("valuationZip"), s("valuationCity")
	}
	for k, v := range l.Fields {
		if strings.HasSuffix(k, "Hash") {
			continue // a password never leaves the site, not even hashed
		}
		switch t := v.(type) {
		case string:
			w.Fields[k] = t
		case float64:
			w.Fields[k] = strconv.FormatFloat(t, 'f', -1, 64)
		case bool:
			w.Fields[k] = strconv.FormatBool(t)
		default:
			w.Fields[k] = list(k)
		}
	}
	return w
}
