package platform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

// testLeaks are the spellings of testPassword, whole and in parts, that must
// never show up in a log line or an error.
var testLeaks = []string{
	testPassword, url.QueryEscape(testPassword), url.PathEscape(testPassword),
	"p@ss", "p%40ss", "w/rd", "w%2Frd", "w%2frd", "rd&x", "rd%26x", `rd\u0026x`, "rd%5Cu0026x",
}

func assertNoLeak(t *testing.T, what, s string) {
	t.Helper()
	for _, leak := range testLeaks {
		if strings.Contains(s, leak) {
			t.Errorf("%s holds the password as %q:\n%s", what, leak, s)
		}
	}
}

// assertChainNoLeak looks for the password in every error of err's chain.
func assertChainNoLeak(t *testing.T, err error) {
	t.Helper()
	for e := err; e != nil; e = errors.Unwrap(e) {
		assertNoLeak(t, "wrapped error", e.Error())
	}
}

func assertErrNoLeak(t *testing.T, err error) {
	t.Helper()
	assertNoLeak(t, "error", err.Error())
	assertNoLeak(t, "error printed with %+v", fmt.Sprintf("%+v", err))
	var ue *url.Error
	if errors.As(err, &ue) {
		assertNoLeak(t, "url.Error URL", ue.URL)
	}
	var pe *platform.Error
	if errors.As(err, &pe) {
		assertNoLeak(t, "platform.Error Message", pe.Message)
	}
}

// refusedURL is an address nothing listens on.
func refusedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestClientRedaction runs the client through success and every failure path
// with all logging on, and looks for the password in each log line and error.
func TestClientRedaction(t *testing.T) {
	refused := refusedURL(t)
	tests := []struct {
		name    string
		fault   fakeplatform.Fault
		baseURL string // overrides the fake's
		tweak   func(*platform.Config)
		wantErr bool
	}{
		{name: "success", wantErr: false},
		{name: "500 then success", fault: fakeplatform.Status(500).First(2)},
		{name: "500 until giving up", fault: fakeplatform.Status(500), wantErr: true},
		{name: "429 until giving up", fault: fakeplatform.RateLimit(0), wantErr: true},
		{name: "Retry-After beyond the deadline", fault: fakeplatform.RateLimit(time.Hour), wantErr: true,
			tweak: func(c *platform.Config) { c.MaxRetryAfter = time.Hour }},
		{name: "404", fault: fakeplatform.Status(404), wantErr: true},
		{name: "timeout", fault: fakeplatform.Delay(10 * time.Second), wantErr: true,
			tweak: func(c *platform.Config) { c.Timeout = 100 * time.Millisecond }},
		{name: "connection refused", baseURL: refused, wantErr: true},
		{name: "garbage", fault: fakeplatform.Garbage(), wantErr: true},
		{name: "truncated", fault: fakeplatform.Truncate(), wantErr: true},
		{name: "answer too big", wantErr: true, tweak: func(c *platform.Config) { c.MaxBodyBytes = 10 }},
		{name: "Success false", fault: fakeplatform.SuccessFalse(), wantErr: true},
		{name: "wrong customer", wantErr: true, tweak: func(c *platform.Config) { c.Customer = "nobody" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := fakeplatform.New(testDataset(3), testCustomer, testPassword)
			srv := httptest.NewServer(fake)
			defer srv.Close()
			if tt.fault.Kind != 0 {
				fake.Fail(tt.fault)
			}
			cfg := testConfig(t, srv.URL)
			if tt.baseURL != "" {
				cfg.BaseURL = tt.baseURL
			}
			if tt.tweak != nil {
				tt.tweak(&cfg)
			}
			c, logs := newClient(t, cfg)
			ctx := context.Background()

			var errs []error
			_, err := c.PropertyList(ctx, listing.NL, time.Time{})
			errs = append(errs, err)
			_, err = c.Types(ctx, listing.NL)
			errs = append(errs, err)
			_, err = c.Properties(ctx, listing.NL, []int{1, 2})
			errs = append(errs, err)
			_, err = c.DeletedPropertyIDs(ctx)
			errs = append(errs, err)

			for i, err := range errs {
				if (err != nil) != tt.wantErr {
					t.Errorf("call %d: err = %v, want error %v", i, err, tt.wantErr)
				}
				if err == nil {
					continue
				}
				t.Logf("call %d: %v", i, err)
				assertErrNoLeak(t, err)
				assertChainNoLeak(t, err)
			}
			out := logs.String()
			assertNoLeak(t, "log", out)
			if !strings.Contains(out, "performing request") || !strings.Contains(out, "CustomerPassword%22%3A%22REDACTED") {
				t.Errorf("retryablehttp's request log line is missing or not redacted:\n%s", out)
			}
			if !strings.Contains(out, cfg.Customer) {
				t.Errorf("the log lost the customer name, which says which account failed:\n%s", out)
			}
		})
	}
}

// TestClientRedactionOfEchoes: a platform that echoes the request, in its
// error page or in Message, does not make the password show.
func TestClientRedactionOfEchoes(t *testing.T) {
	tests := []struct {
		name   string
		answer func(r *http.Request) (int, string)
	}{
		{"4xx echoing the absolute URL", func(r *http.Request) (int, string) {
			return http.StatusBadRequest, "bad request: http://" + r.Host + r.URL.RequestURI()
		}},
		{"4xx echoing the relative URL", func(r *http.Request) (int, string) {
			return http.StatusBadRequest, "bad request: " + r.URL.RequestURI()
		}},
		{"4xx echoing the parameters", func(r *http.Request) (int, string) {
			return http.StatusForbidden, "refused " + r.URL.Query().Get("json")
		}},
		{"5xx echoing the URL until giving up", func(r *http.Request) (int, string) {
			return http.StatusBadGateway, "upstream failed for " + r.URL.String()
		}},
		{"Message echoing the parameters", func(r *http.Request) (int, string) {
			msg, _ := json.Marshal("Invalid login " + r.URL.Query().Get("json"))
			return http.StatusOK, `{"GetPropertyListJsonResult":{"Code":600,"Message":` + string(msg) + `,"Success":false,"Value":null}}`
		}},
		{"Message echoing the URL", func(r *http.Request) (int, string) {
			msg, _ := json.Marshal("Invalid request http://" + r.Host + r.URL.RequestURI())
			return http.StatusOK, `{"Code":600,"Message":` + string(msg) + `,"Success":false}`
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				code, body := tt.answer(r)
				w.WriteHeader(code)
				_, _ = io.WriteString(w, body)
			}))
			defer srv.Close()
			c, logs := newClient(t, testConfig(t, srv.URL))
			_, err := c.PropertyList(context.Background(), listing.NL, time.Time{})
			if err == nil {
				t.Fatal("no error")
			}
			t.Logf("%v", err)
			assertErrNoLeak(t, err)
			assertNoLeak(t, "log", logs.String())
			t.Run("wrapped errors", func(t *testing.T) {
				assertChainNoLeak(t, err)
			})
			var pe *platform.Error
			if errors.As(err, &pe) && !strings.Contains(pe.Message, "REDACTED") {
				t.Errorf("Message %q lost the password without saying so", pe.Message)
			}
		})
	}
}

func TestRedactor(t *testing.T) {
	r := platform.NewRedactor(testPassword)
	params := platform.Params{CustomerName: testCustomer, CustomerPassword: testPassword, LanguageId: 1}
	cause := io.ErrUnexpectedEOF
	for _, escapeHTML := range []bool{true, false} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(escapeHTML)
		if err := enc.Encode(params); err != nil {
			t.Fatal(err)
		}
		raw := "https://platform.example/GetPropertyListJson?" + url.Values{"json": {b.String()}}.Encode()
		inner := &url.Error{Op: "Get", URL: raw, Err: cause}

		for _, tt := range []struct {
			name string
			err  error
			// keepsURLError: the *url.Error stays in the chain, redacted.
			// A wrapper without Unwrap() error cannot be rebuilt, so its
			// chain is dropped rather than kept unredacted.
			keepsURLError bool
		}{
			{"url.Error", inner, true},
			{"wrapped url.Error", fmt.Errorf("platform X: %w", inner), true},
			{"twice wrapped url.Error", fmt.Errorf("outer: %w", fmt.Errorf("platform X: %w", inner)), true},
			{"joined", errors.Join(errors.New("first"), inner), false},
			{"message only", errors.New("failed: " + raw), false},
			{"password in a message", errors.New("bad password " + testPassword), false},
			{"decoded parameters in a message", errors.New("refused " + b.String()), false},
		} {
			t.Run(fmt.Sprintf("%s escapeHTML=%v", tt.name, escapeHTML), func(t *testing.T) {
				got := r.Err(tt.err)
				assertErrNoLeak(t, got)
				t.Run("wrapped errors", func(t *testing.T) {
					assertChainNoLeak(t, got)
				})
				if !strings.Contains(got.Error(), "REDACTED") {
					t.Errorf("%q does not say something was taken out", got)
				}
				if tt.keepsURLError {
					var ue *url.Error
					if !errors.As(got, &ue) {
						t.Fatalf("%v lost its *url.Error", got)
					}
					if !strings.Contains(ue.URL, "agency") || !strings.Contains(ue.URL, "platform.example/GetPropertyListJson") {
						t.Errorf("URL %q lost more than the password", ue.URL)
					}
					if ue.Err != cause || !errors.Is(got, cause) {
						t.Errorf("cause lost: %v", got)
					}
				}
			})
		}
	}

	t.Run("nil", func(t *testing.T) {
		if err := r.Err(nil); err != nil {
			t.Errorf("Err(nil) = %v", err)
		}
	})
	t.Run("nothing to hide", func(t *testing.T) {
		err := errors.New("platform GetPropertyList: HTTP 500")
		if got := r.Err(err); got != err {
			t.Errorf("an error without the password was rewrapped: %v", got)
		}
		if got := r.String("nothing to hide"); got != "nothing to hide" {
			t.Errorf("String changed %q", got)
		}
	})
	t.Run("empty password", func(t *testing.T) {
		if got := platform.NewRedactor("").String("nothing to hide"); got != "nothing to hide" {
			t.Errorf("empty password changed %q", got)
		}
	})
	t.Run("a URL that does not parse", func(t *testing.T) {
		got := r.String("failed: http://%zz/GetXJson?json=" + url.QueryEscape(testPassword))
		assertNoLeak(t, "message", got)
	})
	t.Run("a json parameter that is not JSON", func(t *testing.T) {
		got := r.String("failed: https://platform.example/GetXJson?json=" + url.QueryEscape(`{"CustomerPassword":"`+testPassword))
		assertNoLeak(t, "message", got)
		if !strings.Contains(got, "platform.example/GetXJson") {
			t.Errorf("%q lost the address", got)
		}
	})
	t.Run("lower-case parameter name", func(t *testing.T) {
		raw := "https://platform.example/GetXJson?" + url.Values{"json": {`{"customerPassword":"secret1"}`}}.Encode()
		got := platform.NewRedactor("other password").String("failed: " + raw)
		if strings.Contains(got, "secret1") {
			t.Errorf("%q shows the customerPassword parameter", got)
		}
	})
}

// TestRedactorForms: every spelling a password takes on its way into a
// message is taken out.
func TestRedactorForms(t *testing.T) {
	password := `a<b>&"c\d é`
	htmlJSON, _ := json.Marshal(password)
	var plain bytes.Buffer
	enc := json.NewEncoder(&plain)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(password)
	base := []string{
		password,
		strings.Trim(string(htmlJSON), `"`),
		strings.Trim(strings.TrimSpace(plain.String()), `"`),
		strings.Trim(strconv.Quote(password), `"`),
	}
	var forms []string
	for _, f := range base {
		forms = append(forms, f, url.QueryEscape(f), url.PathEscape(f))
	}
	r := platform.NewRedactor(password)
	for _, form := range forms {
		t.Run(form, func(t *testing.T) {
			got := r.String("before " + form + " after")
			if got != "before REDACTED after" {
				t.Errorf("String(%q) = %q", form, got)
			}
		})
	}
}

// TestShortPassword: a password shorter than MinPasswordLength (which the
// configuration refuses) is not scrubbed from ordinary text, which would
// mangle every message, but is still taken out of request URLs.
func TestShortPassword(t *testing.T) {
	const pw = "p"
	params := func() string {
		b, _ := json.Marshal(platform.Params{CustomerName: testCustomer, CustomerPassword: pw, LanguageId: 1})
		return string(b)
	}()
	leaked := url.QueryEscape(`"CustomerPassword":"p"`)

	t.Run("redactor", func(t *testing.T) {
		r := platform.NewRedactor(pw)
		msg := `platform GetPropertyList: HTTP 500 Internal Server Error: "upstream problem" (nl, rows 1-100)`
		if got := r.String(msg); got != msg {
			t.Errorf("String(%q) = %q", msg, got)
		}
		err := errors.New(msg)
		if got := r.Err(err); got != err {
			t.Errorf("Err rewrapped %v as %v", err, got)
		}
		raw := "https://platform.example/GetPropertyListJson?" + url.Values{"json": {params}}.Encode()
		got := r.String("failed: " + raw)
		if strings.Contains(got, leaked) || !strings.Contains(got, "REDACTED") || !strings.Contains(got, "https://platform.example/GetPropertyListJson?json=") {
			t.Errorf("String(URL) = %q", got)
		}
		var ue *url.Error
		if !errors.As(r.Err(&url.Error{Op: "Get", URL: raw, Err: io.EOF}), &ue) || strings.Contains(ue.URL, leaked) || !strings.Contains(ue.URL, "REDACTED") {
			t.Errorf("url.Error URL = %v", ue)
		}
	})

	t.Run("client", func(t *testing.T) {
		fake := fakeplatform.New(testDataset(3), testCustomer, pw)
		srv := httptest.NewServer(fake)
		defer srv.Close()
		cfg := testConfig(t, srv.URL)
		cfg.Password = pw
		c, logs := newClient(t, cfg)
		ctx := context.Background()

		if rows, err := c.PropertyList(ctx, listing.NL, time.Time{}); err != nil || len(rows.Items) != 3 {
			t.Fatalf("%d rows, %v", len(rows.Items), err)
		}
		fake.Fail(fakeplatform.Status(500))
		_, err := c.PropertyList(ctx, listing.NL, time.Time{})
		want := "platform GetPropertyList: giving up after 4 attempt(s): HTTP 500 Internal Server Error (nl, rows 1-2)"
		if err == nil || err.Error() != want {
			t.Errorf("err = %v, want %q", err, want)
		}
		out := logs.String()
		if strings.Contains(out, leaked) || !strings.Contains(out, "CustomerPassword%22%3A%22REDACTED") || !strings.Contains(out, "performing request") {
			t.Errorf("log:\n%s", out)
		}
	})

	t.Run("connection refused", func(t *testing.T) {
		cfg := testConfig(t, refusedURL(t))
		cfg.Password = pw
		cfg.RetryMax = -1
		c, logs := newClient(t, cfg)
		_, err := c.Types(context.Background(), listing.NL)
		if err == nil {
			t.Fatal("no error")
		}
		var ue *url.Error
		if !errors.As(err, &ue) || strings.Contains(ue.URL, leaked) || strings.Contains(ue.URL, "?") {
			t.Errorf("url.Error %v", ue)
		}
		if strings.Contains(err.Error(), leaked) || !strings.Contains(err.Error(), "platform GetTypeOfPropertyList: giving up") {
			t.Errorf("err = %v", err)
		}
		if out := logs.String(); strings.Contains(out, leaked) {
			t.Errorf("log:\n%s", out)
		}
	})
}
