package httpd

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// The cookies of a login. The __Host- prefix makes the browser refuse
// them unless Secure, without Domain and with Path=/, so no other host or
// path can plant or read one.
const (
	sessionCookie = "__Host-estate-session"
	csrfCookie    = "__Host-estate-csrf"
	csrfHeader    = "X-CSRF-Token"
	// accountBodyBytes bounds an account request's body (criteria with a
	// 100-point area are the largest).
	accountBodyBytes = 16 << 10
)

// Accounts logs people in and out (accounts.Service).
type Accounts interface {
	Login(email, password, ip string) (string, store.Account, error)
	Session(token string) (store.Account, error)
	Logout(token string) error
	LogoutEverywhere(accountID uint64) (int, error)
	Reset(token, password string) (store.Account, error)
}

// ResetMailer mails a password reset link when the address has an account.
// It must answer at once either way (the lookup and the mail happen after),
// so the answer's timing tells nothing about who has an account.
type ResetMailer interface {
	RequestReset(email string, lang listing.Lang)
}

// accountHandler answers /api/account: who is logged in, login, logout and
// password reset; it also guards the owner and demand APIs.
type accountHandler struct {
	accounts Accounts
	resets   ResetMailer
	routes   *site.Routes
	langs    []listing.Lang
	def      listing.Lang
	texts    accounts.Messages
	csrfKey  []byte
	cop      *http.CrossOriginProtection
	limiter  *ipLimiter // reset requests and new passwords, per address (nil: no limit)
	log      *slog.Logger
}

func newAccountHandler(cfg config.Config, deps Deps) (*accountHandler, error) {
	texts, err := accounts.LoadMessages()
	if err != nil {
		return nil, err
	}
	key := deps.CSRFKey
	if len(key) < 32 {
		return nil, errors.New("httpd: the account API needs a CSRF key of 32 bytes or more")
	}
	return &accountHandler{
		accounts: deps.Accounts, resets: deps.Resets, routes: deps.Routes, langs: cfg.Languages.Enabled, def: cfg.Languages.Default,
		texts: texts, csrfKey: key, cop: http.NewCrossOriginProtection(), log: deps.Log,
		// The forms' budget per address: a reset request is a form too.
		limiter: newIPLimiter(cfg.Forms.RatePerMinute, cfg.Forms.Burst),
	}, nil
}

func noStore(c *gin.Context) { c.Header("Cache-Control", "no-store") }

func (h *accountHandler) langOf(s string) listing.Lang { return langIn(h.langs, h.def, s) }

// limited answers 429 when the address has spent its budget of reset
// requests and new passwords.
func (h *accountHandler) limited(c *gin.Context, lang listing.Lang) bool {
	ok, wait := h.limiter.allow(c.ClientIP(), time.Now())
	if !ok {
		setRetryAfter(c, wait)
		h.reply(c, http.StatusTooManyRequests, lang, "tooMany", problem{})
	}
	return !ok
}

// reply ends the request with a problem of status, in lang's words for
// code unless p has its own message.
func (h *accountHandler) reply(c *gin.Context, status int, lang listing.Lang, code string, p problem) {
	if p.Message == "" {
		p.Message = h.texts.Get(string(lang), code)
	}
	p.Status = status
	failWith(c, p)
}

func setCookie(c *gin.Context, name, value string, maxAge time.Duration) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode,
		MaxAge: int(maxAge.Seconds()),
	})
}

func clearCookie(c *gin.Context, name string) {
	http.SetCookie(c.Writer, &http.Cookie{Name: name, Value: "", Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

func randomToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// csrfToken is what a page sends back in X-CSRF-Token: a MAC of its CSRF
// cookie, which another site can neither read nor make.
func (h *accountHandler) csrfToken(cookie string) string {
	m := hmac.New(sha256.New, h.csrfKey)
	m.Write([]byte("csrf\x00" + cookie))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// newCSRF sets a fresh CSRF cookie and returns its token.
func (h *accountHandler) newCSRF(c *gin.Context) (string, error) {
	v, err := randomToken()
	if err != nil {
		return "", err
	}
	setCookie(c, csrfCookie, v, accounts.AbsoluteTimeout)
	return h.csrfToken(v), nil
}

// checkCSRF refuses a change without the token of this browser's CSRF
// cookie, or coming from another site.
func (h *accountHandler) checkCSRF(c *gin.Context) {
	lang := h.langOf(c.Query("lang"))
	if err := h.cop.Check(c.Request); err != nil {
		h.reply(c, http.StatusForbidden, lang, "csrf", problem{})
		return
	}
	cookie, err := c.Cookie(csrfCookie)
	sent := c.GetHeader(csrfHeader)
	if err != nil || cookie == "" || sent == "" || !hmac.Equal([]byte(sent), []byte(h.csrfToken(cookie))) {
		h.reply(c, http.StatusForbidden, lang, "csrf", problem{})
		return
	}
	c.Next()
}

// readLang reads the body like readBody, and the language named by its
// field lang (a field of v).
func (h *accountHandler) readLang(c *gin.Context, v any, lang *string) (listing.Lang, bool) {
	if !h.readBody(c, v) {
		return "", false
	}
	return h.langOf(*lang), true
}

// readBody decodes a JSON body into v, answering 400 or 413 itself.
func (h *accountHandler) readBody(c *gin.Context, v any) bool {
	lang := h.langOf(c.Query("lang"))
	if mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type")); err != nil || mt != "application/json" {
		h.reply(c, http.StatusBadRequest, lang, "bad", problem{})
		return false
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, accountBodyBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		h.reply(c, http.StatusRequestEntityTooLarge, lang, "bad", problem{})
		return false
	}
	if err != nil || json.Unmarshal(body, v) != nil {
		h.reply(c, http.StatusBadRequest, lang, "bad", problem{})
		return false
	}
	return true
}

type accountView struct {
	Kind  string `json:"kind"`
	Email string `json:"email"`
	Lang  string `json:"lang"`
	Home  string `json:"home"`
}

// home is an account's screen in lang.
func (h *accountHandler) home(a store.Account, lang listing.Lang) string {
	if a.Kind == "owner" {
		return h.pathOf("/owner-portal/", lang)
	}
	return h.pathOf("/my-search/", lang)
}

func (h *accountHandler) pathOf(internal string, lang listing.Lang) string {
	p, _ := h.routes.Localize(internal, lang, nil)
	return p
}

// current returns the account of the request's session; expired tells
// that a session cookie was sent but no longer opens anything.
func (h *accountHandler) current(c *gin.Context) (a store.Account, ok, expired bool) {
	token, err := c.Cookie(sessionCookie)
	if err != nil || token == "" {
		return store.Account{}, false, false
	}
	a, err = h.accounts.Session(token)
	if err != nil {
		if !errors.Is(err, accounts.ErrExpired) {
			h.log.Error("account: read session", "err", err)
		}
		return store.Account{}, false, true
	}
	return a, true, false
}

// state answers GET /api/account: the CSRF token (setting its cookie on
// the first visit) and who is logged in.
func (h *accountHandler) state(c *gin.Context) {
	lang := h.langOf(c.Query("lang"))
	var token string
	if cookie, err := c.Cookie(csrfCookie); err == nil && cookie != "" {
		token = h.csrfToken(cookie)
	} else if token, err = h.newCSRF(c); err != nil {
		h.log.Error("account: csrf token", "err", err)
		fail(c, http.StatusInternalServerError, "no token available")
		return
	}
	body := gin.H{"csrf": token, "account": nil}
	if a, ok, expired := h.current(c); ok {
		body["account"] = accountView{Kind: a.Kind, Email: a.Email, Lang: a.Lang, Home: h.home(a, lang)}
	} else if expired {
		clearCookie(c, sessionCookie)
	}
	c.JSON(http.StatusOK, body)
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Lang     string `json:"lang"`
	Next     string `json:"next"`
}

// waitText says how long a throttled login waits as the UI does (ui/src/features/account/failure.ts): in seconds up to a minute
// and a half, else in whole minutes, each in its language's plural form.
func (h *accountHandler) waitText(lang listing.Lang, secs int) string {
	if secs <= 90 {
		return h.texts.Count(string(lang), "throttledSeconds", max(1, secs))
	}
	return h.texts.Count(string(lang), "throttled", (secs+59)/60)
}

// login answers POST /api/account/login: a new session (and CSRF cookie)
// on success, whatever session the browser held before ends.
func (h *accountHandler) login(c *gin.Context) {
	var req loginRequest
	lang, ok := h.readLang(c, &req, &req.Lang)
	if !ok {
		return
	}
	token, a, err := h.accounts.Login(req.Email, req.Password, c.ClientIP())
	var throttled *accounts.ThrottledError
	switch {
	case errors.As(err, &throttled):
		secs := int(math.Ceil(throttled.Wait.Seconds()))
		c.Header("Retry-After", strconv.Itoa(secs))
		h.reply(c, http.StatusTooManyRequests, lang, "throttled", problem{Message: h.waitText(lang, secs), RetryAfter: secs})
		return
	case errors.Is(err, accounts.ErrBadCredentials):
		h.reply(c, http.StatusUnauthorized, lang, "loginFailed", problem{Detail: h.texts.Get(string(lang), "badCredentials")})
		return
	case err != nil:
		h.log.Error("account: login", "err", err)
		fail(c, http.StatusInternalServerError, "login unavailable")
		return
	}
	if old, err := c.Cookie(sessionCookie); err == nil && old != "" {
		if err := h.accounts.Logout(old); err != nil {
			h.log.Error("account: end previous session", "err", err)
		}
	}
	setCookie(c, sessionCookie, token, accounts.AbsoluteTimeout)
	csrf, err := h.newCSRF(c)
	if err != nil {
		h.log.Error("account: csrf token", "err", err)
	}
	redirect := h.home(a, lang)
	if next, ok := h.ownPath(req.Next); ok {
		redirect = next
	}
	h.log.Info("account: login", "account", a.ID, "kind", a.Kind)
	c.JSON(http.StatusOK, gin.H{"redirect": redirect, "csrf": csrf})
}

// ownPath accepts a page of this site to go to after login: a path, no
// scheme or host (not even "//host" or "/\host", which browsers read as
// one), that the route table knows.
func (h *accountHandler) ownPath(next string) (string, bool) {
	if next == "" || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") ||
		strings.ContainsAny(next, "\\\r\n\t") {
		return "", false
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "", false
	}
	if _, res := h.routes.Resolve(u.Path); res != site.Found {
		return "", false
	}
	return u.RequestURI(), true
}

type logoutRequest struct {
	Lang       string `json:"lang"`
	Everywhere bool   `json:"everywhere"`
}

// logout answers POST /api/account/logout.
func (h *accountHandler) logout(c *gin.Context) {
	var req logoutRequest
	lang, ok := h.readLang(c, &req, &req.Lang)
	if !ok {
		return
	}
	if token, err := c.Cookie(sessionCookie); err == nil && token != "" {
		if req.Everywhere {
			if a, err := h.accounts.Session(token); err == nil {
				if _, err := h.accounts.LogoutEverywhere(a.ID); err != nil {
					h.log.Error("account: logout everywhere", "err", err)
				}
			}
		}
		if err := h.accounts.Logout(token); err != nil {
			h.log.Error("account: logout", "err", err)
		}
	}
	clearCookie(c, sessionCookie)
	csrf, _ := h.newCSRF(c)
	c.JSON(http.StatusOK, gin.H{"redirect": h.pathOf("/login/", lang), "csrf": csrf})
}

type resetRequest struct {
	Email string `json:"email"`
	Lang  string `json:"lang"`
}

// requestReset answers POST /api/account/password-reset with the same 202
// whether or not the address has an account.
func (h *accountHandler) requestReset(c *gin.Context) {
	var req resetRequest
	lang, ok := h.readLang(c, &req, &req.Lang)
	if !ok || h.limited(c, lang) {
		return
	}
	email := strings.ToLower(strings.TrimSpace(req.Email))
	if email == "" || len(email) > 254 || !strings.Contains(email, "@") {
		h.reply(c, http.StatusUnprocessableEntity, lang, "email", problem{Errors: map[string]string{"email": h.texts.Get(string(lang), "email")}})
		return
	}
	h.resets.RequestReset(email, lang)
	tell(c, http.StatusAccepted, h.texts.Get(string(lang), "resetSent"))
}

type newPasswordRequest struct {
	Token           string `json:"token"`
	Password        string `json:"password"`
	PasswordConfirm string `json:"passwordConfirm"`
	Lang            string `json:"lang"`
}

// newPassword answers POST /api/account/password: a reset token and the
// new password.
func (h *accountHandler) newPassword(c *gin.Context) {
	var req newPasswordRequest
	lang, ok := h.readLang(c, &req, &req.Lang)
	if !ok || h.limited(c, lang) {
		return
	}
	errs := map[string]string{}
	switch {
	case req.Password == "":
		errs["password"] = h.texts.Get(string(lang), "required")
	case len([]rune(req.Password)) < accounts.MinPassword:
		errs["password"] = h.texts.Get(string(lang), "minLength")
	case req.PasswordConfirm != req.Password:
		errs["passwordConfirm"] = h.texts.Get(string(lang), "match")
	}
	if len(errs) > 0 {
		h.reply(c, http.StatusUnprocessableEntity, lang, "bad", problem{Errors: errs})
		return
	}
	a, err := h.accounts.Reset(req.Token, req.Password)
	switch {
	case errors.Is(err, accounts.ErrResetInvalid):
		h.reply(c, http.StatusBadRequest, lang, "resetInvalid", problem{})
		return
	case err != nil:
		h.log.Error("account: reset password", "err", err)
		fail(c, http.StatusInternalServerError, "password change unavailable")
		return
	}
	h.log.Info("account: password reset", "account", a.ID)
	c.JSON(http.StatusOK, gin.H{"redirect": h.pathOf("/login/", lang) + "?reset=1"})
}

// requireAccount lets through requests with a live session of kind,
// keeping the account in the context; 401 without one (expired: true when
// the session timed out), 403 for another kind.
func (h *accountHandler) requireAccount(kind string) gin.HandlerFunc {
	return func(c *gin.Context) {
		lang := h.langOf(c.Query("lang"))
		a, ok, expired := h.current(c)
		if !ok {
			code := "loginNeeded"
			if expired {
				code = "expired"
				clearCookie(c, sessionCookie)
			}
			h.reply(c, http.StatusUnauthorized, lang, code, problem{Expired: &expired})
			return
		}
		if a.Kind != kind {
			h.reply(c, http.StatusForbidden, lang, "wrongKind", problem{})
			return
		}
		c.Set(accountKey, a)
		c.Next()
	}
}

const accountKey = "estate.account"

func accountOf(c *gin.Context) store.Account {
	a, _ := c.MustGet(accountKey).(store.Account)
	return a
}
