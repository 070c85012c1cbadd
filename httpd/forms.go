package httpd

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// Leads accepts form submissions (*leads.Service): from the honeypot to
// the outbox, the form's rules, its captcha and its receipt included.
type Leads interface {
	Submit(ctx context.Context, sub leads.Submission) (leads.Accepted, error)
	Spec() *leads.Spec
}

// Captcha hands out challenges; the leads service checks their solutions.
type Captcha interface {
	Challenge() (any, error)
}

// formsHandler answers /api/forms and /api/captcha: what is HTTP's (the
// origin, the rate per client address, the body's size and encoding, the
// status codes and the localized answer), the rest being the leads
// service's.
type formsHandler struct {
	leads   Leads
	captcha Captcha // nil: forms.captcha is off
	routes  *site.Routes
	langs   []listing.Lang
	def     listing.Lang
	limiter *ipLimiter
	// challenges are limited apart: each costs a PBKDF2 run, and a visitor
	// may fetch several (a reload, an expired challenge) per submission.
	challenges *ipLimiter
	cop        *http.CrossOriginProtection
	log        *slog.Logger
	// booked runs after a visit is booked: the cached detail pages show
	// the free places of their visits.
	booked func()
}

func newFormsHandler(cfg config.Config, deps Deps) *formsHandler {
	return &formsHandler{
		leads: deps.Leads, captcha: deps.Captcha, routes: deps.Routes,
		langs: cfg.Languages.Enabled, def: cfg.Languages.Default,
		limiter:    newIPLimiter(cfg.Forms.RatePerMinute, cfg.Forms.Burst),
		challenges: newIPLimiter(6*cfg.Forms.RatePerMinute, 3*cfg.Forms.Burst),
		cop:        http.NewCrossOriginProtection(),
		log:        deps.Log,
	}
}

// submission is the body of POST /api/forms/{form}.
type submission struct {
	Lang   string                     `json:"lang"`
	Fields map[string]json.RawMessage `json:"fields"`
	// Altcha is the captcha widget's payload.
	Altcha string `json:"altcha"`
	// Fax is the honeypot: an input people never see, so never fill.
	Fax string `json:"fax"`
}

func (h *formsHandler) challenge(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	if h.captcha == nil {
		fail(c, http.StatusNotFound, "the captcha is off (forms.captcha)")
		return
	}
	if ok, wait := h.challenges.allow(c.ClientIP(), time.Now()); !ok {
		setRetryAfter(c, wait)
		fail(c, http.StatusTooManyRequests, "too many challenges from this address")
		return
	}
	ch, err := h.captcha.Challenge()
	if err != nil {
		h.log.Error("captcha: challenge", "err", err)
		fail(c, http.StatusInternalServerError, "no challenge available")
		return
	}
	c.JSON(http.StatusOK, ch)
}

// submit answers POST /api/forms/{form}: 201 once the lead and its
// deliveries are on disk, with the thank-you page to go to (and, for a form
// about a property or project, its receipt), 422 with a localized message
// per field, 429, 413 or 400. Nothing the visitor typed is echoed back.
func (h *formsHandler) submit(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	spec := h.leads.Spec()
	if err := h.cop.Check(c.Request); err != nil {
		fail(c, http.StatusForbidden, "cross-origin form submissions are refused")
		return
	}
	if ok, wait := h.limiter.allow(c.ClientIP(), time.Now()); !ok {
		setRetryAfter(c, wait)
		fail(c, http.StatusTooManyRequests, spec.Message(string(h.langOf(c.Query("lang"))), "rateLimited", nil))
		return
	}
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "application/json" {
		fail(c, http.StatusBadRequest, "the body must be JSON (Content-Type: application/json)")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, int64(spec.Limits.BodyBytes)))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		fail(c, http.StatusRequestEntityTooLarge, "the body is larger than "+strconv.Itoa(spec.Limits.BodyBytes)+" bytes")
		return
	case err != nil:
		fail(c, http.StatusBadRequest, "the body could not be read")
		return
	case !utf8.Valid(body):
		fail(c, http.StatusBadRequest, "the body is not UTF-8")
		return
	}
	var sub submission
	if err := json.Unmarshal(body, &sub); err != nil {
		fail(c, http.StatusBadRequest, "the body is not a JSON object of the form's fields")
		return
	}
	lang := h.langOf(sub.Lang)
	name := c.Param("form")
	out, err := h.leads.Submit(c.Request.Context(), leads.Submission{
		Form: name, Lang: lang, Fields: sub.Fields, Captcha: sub.Altcha, Trap: sub.Fax,
	})
	var refused *leads.Refusal
	switch {
	case errors.As(err, &refused):
		failWith(c, problem{Status: http.StatusUnprocessableEntity, Message: spec.Message(string(lang), refused.Message, nil), Errors: messages(spec, lang, refused.Problems)})
		return
	case errors.Is(err, leads.ErrUnknownForm):
		fail(c, http.StatusNotFound, "no form is called "+strconv.Quote(name))
		return
	case err != nil:
		// Not the visitor's fault (the store, or the captcha's backend): they may retry.
		h.log.Error("forms: submit", "form", name, "err", err)
		fail(c, http.StatusServiceUnavailable, spec.Message(string(lang), "unavailable", nil))
		return
	}
	if h.booked != nil && out.BookedVisit {
		h.booked()
	}
	redirect, _ := h.routes.Localize("/feedback/{form}/", lang, map[string]string{"form": name})
	if out.Receipt != "" {
		redirect += "?" + url.Values{receiptParam: {out.Receipt}}.Encode()
	}
	c.JSON(http.StatusCreated, gin.H{"id": strconv.FormatUint(out.Lead, 10), "redirect": redirect})
}

// messages are the fields' problems in lang, an empty object for none.
func messages(spec *leads.Spec, lang listing.Lang, probs leads.Problems) map[string]string {
	out := make(map[string]string, len(probs))
	for field, p := range probs {
		out[field] = spec.Message(string(lang), p.Code, p.Args)
	}
	return out
}

func (h *formsHandler) langOf(s string) listing.Lang { return langIn(h.langs, h.def, s) }

// langIn is s when it is one of langs, else def.
func langIn(langs []listing.Lang, def listing.Lang, s string) listing.Lang {
	for _, l := range langs {
		if string(l) == s {
			return l
		}
	}
	return def
}

// setRetryAfter tells a limited client how many whole seconds to wait.
func setRetryAfter(c *gin.Context, wait time.Duration) {
	c.Header("Retry-After", strconv.Itoa(retrySeconds(wait)))
}

// retrySeconds is a wait in whole seconds, rounded up.
func retrySeconds(wait time.Duration) int { return int(math.Ceil(wait.Seconds())) }

// ipLimiter gives each client address its own token bucket, forgetting
// addresses idle for ten minutes.
type ipLimiter struct {
	mu      sync.Mutex
	every   rate.Limit
	burst   int
	clients map[string]*ipClient
	swept   time.Time
}

type ipClient struct {
	lim  *rate.Limiter
	seen time.Time
}

// newIPLimiter allows perMinute submissions a minute after a burst; 0 means no limit.
func newIPLimiter(perMinute, burst int) *ipLimiter {
	if perMinute <= 0 {
		return nil
	}
	return &ipLimiter{every: rate.Limit(float64(perMinute) / 60), burst: burst, clients: map[string]*ipClient{}}
}

func (l *ipLimiter) allow(ip string, now time.Time) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, c := range l.clients {
			if now.Sub(c.seen) > 10*time.Minute {
				delete(l.clients, k)
			}
		}
		l.swept = now
	}
	c, ok := l.clients[ip]
	if !ok {
		c = &ipClient{lim: rate.NewLimiter(l.every, l.burst)}
		l.clients[ip] = c
	}
	c.seen = now
	r := c.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}
