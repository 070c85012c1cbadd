package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

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
	// those URL-encoded as query or path. A spelling shorter than a real
	// password could be is left alone: replacing a one-letter password would
	// turn that letter into REDACTED in every message. Request URLs are
	// scrubbed by their structure (url) whatever the password's length, and
	// the configuration refuses passwords under MinPasswordLength.
	jsonForms := []string{password, jsonString(password, true), jsonString(password, false), strings.Trim(strconv.Quote(password), `"`)}
	var forms []string
	for _, f := range jsonForms {
		for _, form := range []string{f, url.QueryEscape(f), url.PathEscape(f)} {
			if len(form) >= MinPasswordLength {
				forms = append(forms, form)
			}
		}
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

// requestURL finds the addresses of calls in a message: the password
// travels in their `json` parameter.
var requestURL = regexp.MustCompile(`https?://[^\s"'<>]+`)

func (r *redactor) string(s string) string {
	if strings.Contains(s, "json=") {
		s = requestURL.ReplaceAllStringFunc(s, r.url)
	}
	return r.forms.Replace(s)
}

// err returns err with every *url.Error in its chain carrying a redacted URL,
// and its message scrubbed as a last line of defence.
func (r *redactor) err(err error) error {
	if err == nil {
		return nil
	}
	safe := r.urlErrors(err)
	if msg := safe.Error(); r.string(msg) != msg {
		// Keep the cause for errors.Is and errors.As only when no error of
		// its chain holds the password: unwrapping must not give it back.
		if !r.clean(safe) {
			safe = nil
		}
		return &redactedError{msg: r.string(msg), err: safe}
	}
	return safe
}

// clean reports whether no error of err's chain holds the password.
func (r *redactor) clean(err error) bool {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if msg := e.Error(); r.string(msg) != msg {
			return false
		}
	}
	return true
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
		return r.forms.Replace(before) + "?" + redacted
	}
	q := u.Query()
	if js := q.Get("json"); js != "" {
		var m map[string]any
		if json.Unmarshal([]byte(js), &m) == nil {
			for k := range m {
				if strings.EqualFold(k, "CustomerPassword") {
					m[k] = redacted
				}
			}
			b, _ := json.Marshal(m)
			q.Set("json", string(b))
		} else {
			q.Set("json", redacted)
		}
		u.RawQuery = q.Encode()
	}
	return r.forms.Replace(u.Redacted())
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
