package httpd

import (
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/ownerreport"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/store"
)

// OwnerReports are what the owner portal reads beyond the listings: the
// counted page views and the leads about a property.
type OwnerReports interface {
	PageViews(propertyID int) ([]pageviews.Day, error)
	LeadsAbout(propertyID int) ([]store.Lead, error)
}

// ownerReporter assembles the portal's reports (package ownerreport).
type ownerReporter interface {
	Properties(lang listing.Lang, ids []int) ([]ownerreport.Property, error)
	Detail(lang listing.Lang, id int) (ownerreport.Detail, error)
}

// ownerHandler answers /api/owner: an owner's properties with their
// page views, appointments, history and documents. Only the session's own
// properties exist for it: any other id is a 404, the same as an unknown one.
type ownerHandler struct {
	acc     *accountHandler
	reports ownerReporter
	log     *slog.Logger
}

func (h *ownerHandler) list(c *gin.Context) {
	a := accountOf(c)
	out, err := h.reports.Properties(h.acc.langOf(c.Query("lang")), a.Properties)
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"properties": out})
}

func (h *ownerHandler) detail(c *gin.Context) {
	a := accountOf(c)
	lang := h.acc.langOf(c.Query("lang"))
	id, err := strconv.Atoi(c.Param("id"))
	if err != nil || !slices.Contains(a.Properties, id) {
		h.acc.reply(c, http.StatusNotFound, lang, "propertyNotFound", problem{})
		return
	}
	d, err := h.reports.Detail(lang, id)
	if errors.Is(err, ownerreport.ErrNotFound) {
		h.acc.reply(c, http.StatusNotFound, lang, "propertyNotFound", problem{})
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, d)
}

func (h *ownerHandler) fail(c *gin.Context, err error) {
	h.log.Error("owner portal", "err", err)
	fail(c, http.StatusInternalServerError, "the portal is unavailable")
}
