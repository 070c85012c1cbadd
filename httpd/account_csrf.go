package httpd

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
)

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
