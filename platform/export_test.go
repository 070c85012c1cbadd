package platform

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Hooks into the package's internals for its black-box tests (package
// platform_test), which cannot live inside the package: they use
// fakeplatform, which imports it.

// ParseRetryAfter is parseRetryAfter.
var ParseRetryAfter = parseRetryAfter

// DecodeList is decodeList.
func DecodeList(method string, v json.RawMessage) ([]json.RawMessage, int, bool, error) {
	return decodeList(method, v)
}

// ConfigForTest is the configuration after New applied its defaults.
func (c *Client) ConfigForTest() Config { return c.cfg }

// BaseForTest is the base URL calls are made under.
func (c *Client) BaseForTest() string { return c.base }

// RetryClientForTest is the retrying HTTP client of c.
func (c *Client) RetryClientForTest() *retryablehttp.Client { return c.client }

// BackoffForTest is c's backoff policy.
func (c *Client) BackoffForTest(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	return c.backoff(minWait, maxWait, attempt, resp)
}

// Redactor is the redactor of a password.
type Redactor struct{ r *redactor }

// NewRedactor is newRedactor.
func NewRedactor(password string) Redactor { return Redactor{newRedactor(password)} }

// String scrubs a message.
func (r Redactor) String(s string) string { return r.r.string(s) }

// Err scrubs an error.
func (r Redactor) Err(err error) error { return r.r.err(err) }
