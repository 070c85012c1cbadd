package httpd

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"

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

// accountHandler answers /api/account: who is logged in, login, logout and
// password reset; it also guards the owner and demand APIs. One file per
// route group: account_session.go (who is logged in, the guard),
// account_login.go (login, logout), account_reset.go (password reset) and
// account_csrf.go (the token every change carries).
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

// reply ends the request with a problem of status, in lang's words for
// code unless p has its own message.
func (h *accountHandler) reply(c *gin.Context, status int, lang listing.Lang, code string, p problem) {
	if p.Message == "" {
		p.Message = h.texts.Get(string(lang), code)
	}
	p.Status = status
	failWith(c, p)
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

func (h *accountHandler) pathOf(internal string, lang listing.Lang) string {
	p, _ := h.routes.Localize(internal, lang, nil)
	return p
}
