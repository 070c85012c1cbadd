package httpd

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

func setCookie(c *gin.Context, name, value string, maxAge time.Duration) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode,
		MaxAge: int(maxAge.Seconds()),
	})
}

func clearCookie(c *gin.Context, name string) {
	http.SetCookie(c.Writer, &http.Cookie{Name: name, Value: "", Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode, MaxAge: -1})
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
