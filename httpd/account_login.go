package httpd

import (
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

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
	case errors.Is(err, accounts.ErrPlatformUnavailable):
		c.Header("Retry-After", "60")
		h.reply(c, http.StatusServiceUnavailable, lang, "loginFailed", problem{Detail: h.texts.Get(string(lang), "loginUnavailable")})
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
