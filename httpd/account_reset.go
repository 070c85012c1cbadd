package httpd

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/listing"
)

// ResetMailer mails a password reset link when the address has an account.
// It must answer at once either way (the lookup and the mail happen after),
// so the answer's timing tells nothing about who has an account.
type ResetMailer interface {
	RequestReset(email string, lang listing.Lang)
}

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
