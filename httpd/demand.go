package httpd

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// Demands keep a searcher's search demand: criteria and alert settings.
type Demands interface {
	// Update checks the criteria and saves them with the frequency; the
	// problems are by field, and nothing is saved when there are some.
	Update(accountID uint64, criteria json.RawMessage, frequency string) (store.Account, leads.Problems, error)
	SetPaused(accountID uint64, paused bool) (store.Account, error)
	Unsubscribe(accountID uint64) (store.Account, error)
	// UnsubscribeByToken ends the alerts of the account a signed link
	// names; accounts.ErrBadUnsubscribeLink when the link is not ours.
	UnsubscribeByToken(token string) error
	// Confirm opens (or renews) the alert account of the demand register
	// whose mailed link carries token; accounts.ErrConfirmInvalid when the
	// link is unknown, used, replaced or expired.
	Confirm(token string) (store.Account, error)
	// Message is the localized text of a problem of a field.
	Message(lang, field string, p leads.Problem) string
}

// demandHandler answers /api/demand (the searcher's own demand, logged in)
// and /api/alerts/unsubscribe (one click from a mail, no login).
type demandHandler struct {
	acc      *accountHandler
	demands  Demands
	listings Listings
	typeSort string
	log      *slog.Logger
}

type demandView struct {
	Criteria     json.RawMessage `json:"criteria"`
	Frequency    string          `json:"frequency"`
	Paused       bool            `json:"paused"`
	Unsubscribed bool            `json:"unsubscribed"`
	Email        string          `json:"email"`
	TypeTree     []site.TypeNode `json:"typeTree"`
}

func (h *demandHandler) view(a store.Account, lang listing.Lang) demandView {
	v := demandView{Email: a.Email, Frequency: "immediate", Criteria: json.RawMessage(`{}`), TypeTree: []site.TypeNode{}}
	if d := a.Demand; d != nil {
		v.Frequency, v.Paused, v.Unsubscribed = d.Frequency, d.Paused, d.Unsubscribed
		if len(d.Criteria) > 0 {
			v.Criteria = d.Criteria
		}
	}
	if h.listings != nil {
		types, err := h.listings.Types(lang)
		if err != nil {
			h.log.Error("demand: read property types", "err", err)
		} else {
			v.TypeTree = site.TypeTree(types, listing.Sale, lang, h.typeSort)
		}
	}
	return v
}

func (h *demandHandler) get(c *gin.Context) {
	c.JSON(http.StatusOK, h.view(accountOf(c), h.acc.langOf(c.Query("lang"))))
}

type demandUpdate struct {
	Criteria  json.RawMessage `json:"criteria"`
	Frequency string          `json:"frequency"`
	Lang      string          `json:"lang"`
}

func (h *demandHandler) update(c *gin.Context) {
	var req demandUpdate
	lang, ok := h.acc.readLang(c, &req, &req.Lang)
	if !ok {
		return
	}
	if req.Frequency != "immediate" && req.Frequency != "daily" {
		h.acc.reply(c, http.StatusUnprocessableEntity, lang, "bad", problem{Errors: map[string]string{"frequency": h.demands.Message(string(lang), "frequency", leads.Problem{Code: "option"})}})
		return
	}
	a, probs, err := h.demands.Update(accountOf(c).ID, req.Criteria, req.Frequency)
	if err != nil {
		h.fail(c, err)
		return
	}
	if len(probs) > 0 {
		errs := map[string]string{}
		for field, p := range probs {
			errs[field] = h.demands.Message(string(lang), field, p)
		}
		h.acc.reply(c, http.StatusUnprocessableEntity, lang, "bad", problem{Message: h.demands.Message(string(lang), "", leads.Problem{Code: "failed"}), Errors: errs})
		return
	}
	c.JSON(http.StatusOK, h.view(a, lang))
}

type pauseRequest struct {
	Paused bool   `json:"paused"`
	Lang   string `json:"lang"`
}

func (h *demandHandler) pause(c *gin.Context) {
	var req pauseRequest
	if lang, ok := h.acc.readLang(c, &req, &req.Lang); ok {
		a, err := h.demands.SetPaused(accountOf(c).ID, req.Paused)
		h.answer(c, a, err, lang)
	}
}

func (h *demandHandler) unsubscribe(c *gin.Context) {
	var req struct {
		Lang string `json:"lang"`
	}
	if lang, ok := h.acc.readLang(c, &req, &req.Lang); ok {
		a, err := h.demands.Unsubscribe(accountOf(c).ID)
		h.answer(c, a, err, lang)
	}
}

// oneClick answers POST /api/alerts/unsubscribe?token=…&lang=…, from a
// mail provider (form body List-Unsubscribe=One-Click) or our page (JSON).
func (h *demandHandler) oneClick(c *gin.Context) {
	lang := h.acc.langOf(c.Query("lang"))
	if c.ContentType() == "application/json" {
		var req struct {
			Lang string `json:"lang"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, 1024)).Decode(&req); err == nil && req.Lang != "" {
			lang = h.acc.langOf(req.Lang)
		}
	}
	err := h.demands.UnsubscribeByToken(c.Query("token"))
	switch {
	case errors.Is(err, accounts.ErrBadUnsubscribeLink):
		h.acc.reply(c, http.StatusBadRequest, lang, "unsubscribeInvalid", problem{})
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	tell(c, http.StatusOK, h.acc.texts.Get(string(lang), "unsubscribed"))
}

type confirmRequest struct {
	Token string `json:"token"`
	Lang  string `json:"lang"`
}

// confirm answers POST /api/alerts/confirm {token, lang}: the button of the
// page the confirmation mail links to, with the CSRF token of that page, so
// a mail scanner opening the link confirms nothing.
func (h *demandHandler) confirm(c *gin.Context) {
	var req confirmRequest
	lang, ok := h.acc.readLang(c, &req, &req.Lang)
	if !ok || h.acc.limited(c, lang) {
		return
	}
	a, err := h.demands.Confirm(req.Token)
	switch {
	case errors.Is(err, accounts.ErrConfirmInvalid):
		h.acc.reply(c, http.StatusBadRequest, lang, "confirmInvalid", problem{})
		return
	case err != nil:
		h.fail(c, err)
		return
	}
	h.log.Info("demand: alert account confirmed", "account", a.ID)
	c.JSON(http.StatusOK, gin.H{"message": h.acc.texts.Get(string(lang), "demandConfirmed"), "email": a.Email,
		"login": h.acc.pathOf("/login/", lang)})
}

// answer writes the demand of a, or the error of the change that returned it.
func (h *demandHandler) answer(c *gin.Context, a store.Account, err error, lang listing.Lang) {
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, h.view(a, lang))
}

func (h *demandHandler) fail(c *gin.Context, err error) {
	h.log.Error("demand", "err", err)
	fail(c, http.StatusInternalServerError, "the search profile is unavailable")
}
