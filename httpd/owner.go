package httpd

import (
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/visits"
)

// OwnerReports are what the owner portal reads beyond the listings: the
// counted visits and the leads about a property.
type OwnerReports interface {
	Visits(propertyID int) ([]visits.Day, error)
	LeadsAbout(propertyID int) ([]store.Lead, error)
}

// ownerHandler answers /api/owner: an owner's properties with their
// visits, appointments, history and documents. Only the session's own
// properties exist for it: any other id is a 404, the same as an unknown one.
type ownerHandler struct {
	acc      *accountHandler
	listings Listings
	reports  OwnerReports
	loc      *time.Location
	now      func() time.Time
	log      *slog.Logger
}

type ownerProperty struct {
	ID        int            `json:"id"`
	Title     string         `json:"title"`
	City      string         `json:"city"`
	URL       string         `json:"url"`
	Thumbnail *listing.Image `json:"thumbnail"`
	Status    string         `json:"status"`
	PriceText string         `json:"priceText"`
	Visits    visitTotals    `json:"visits"`
}

type visitTotals struct {
	Today int `json:"today"`
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
}

type dayViews struct {
	Date  string `json:"date"`
	Views int    `json:"views"`
}

// appointment is a visit booked on the site: when, and whether it is still
// to come. Who booked it is the agency's to know, not the owner's.
type appointment struct {
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	Status string    `json:"status"`
}

type ownerDocument struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

func (h *ownerHandler) list(c *gin.Context) {
	a := accountOf(c)
	lang := h.acc.langOf(c.Query("lang"))
	out := []ownerProperty{}
	for _, id := range a.Properties {
		p, sum, err := h.property(lang, id)
		if errors.Is(err, store.ErrNotFound) {
			continue // not synced (yet, or any more)
		}
		if err != nil {
			h.fail(c, err)
			return
		}
		out = append(out, h.view(p, lang, sum))
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
	p, sum, err := h.property(lang, id)
	if errors.Is(err, store.ErrNotFound) {
		h.acc.reply(c, http.StatusNotFound, lang, "propertyNotFound", problem{})
		return
	}
	if err != nil {
		h.fail(c, err)
		return
	}
	about, err := h.reports.LeadsAbout(id)
	if err != nil {
		h.fail(c, err)
		return
	}
	appointments, err := h.appointments(id, about)
	if err != nil {
		h.fail(c, err)
		return
	}
	last30 := make([]dayViews, len(sum.Last30))
	for i, d := range sum.Last30 {
		last30[i] = dayViews{Date: d.Day, Views: d.Views}
	}
	docs := []ownerDocument{}
	for _, d := range p.Media.Documents {
		if d.URL != "" {
			docs = append(docs, ownerDocument{Name: d.Name, URL: d.URL})
		}
	}
	sources := sum.Sources
	if sources == nil {
		sources = []visits.SourceCount{}
	}
	history := requestsOf(about)
	c.JSON(http.StatusOK, gin.H{
		"property": h.view(p, lang, sum), "last30": last30, "sources": sources,
		"appointments": appointments, "history": history, "kinds": countKinds(history), "documents": docs,
	})
}

func (h *ownerHandler) property(lang listing.Lang, id int) (listing.Property, visits.Summary, error) {
	p, err := h.listings.Property(lang, id)
	if err != nil {
		return p, visits.Summary{}, err
	}
	days, err := h.reports.Visits(id)
	if err != nil {
		return p, visits.Summary{}, err
	}
	return p, visits.Summarize(days, h.now(), h.loc), nil
}

func (h *ownerHandler) view(p listing.Property, lang listing.Lang, sum visits.Summary) ownerProperty {
	v := ownerProperty{
		ID: p.ID, City: p.Address.City, Thumbnail: p.Media.Thumbnail(), Status: string(p.Status),
		PriceText: listing.PriceText(p.Price, p.Goal, lang),
		Title:     strings.Join(slices.DeleteFunc([]string{p.Type, p.Address.City}, func(s string) bool { return s == "" }), " – "),
		Visits:    visitTotals{Today: sum.Today, Week: sum.Week, Month: sum.Month, Total: sum.Total},
	}
	if p.Withdrawn {
		v.Status = "withdrawn"
	} else {
		v.URL = listing.DetailPath(p, lang)
	}
	return v
}

// appointments are the visits booked on the site, upcoming first (soonest
// first), then past ones (latest first).
func (h *ownerHandler) appointments(propertyID int, about []store.Lead) ([]appointment, error) {
	out := []appointment{}
	var slots map[int]listing.VisitSlot
	for _, l := range about {
		if l.SlotID == 0 {
			continue
		}
		if slots == nil {
			all, err := h.listings.VisitSlots(propertyID)
			if err != nil {
				return nil, err
			}
			slots = map[int]listing.VisitSlot{}
			for _, s := range all {
				slots[s.ID] = s
			}
		}
		s, ok := slots[l.SlotID]
		if !ok {
			continue // the platform dropped the slot
		}
		status := "booked"
		if !s.End.After(h.now()) {
			status = "past"
		}
		out = append(out, appointment{Start: s.Start, End: s.End, Status: status})
	}
	now := h.now()
	slices.SortStableFunc(out, func(a, b appointment) int {
		ap, bp := !a.End.After(now), !b.End.After(now)
		switch {
		case ap != bp:
			if ap {
				return 1
			}
			return -1
		case ap:
			return b.Start.Compare(a.Start)
		}
		return a.Start.Compare(b.Start)
	})
	return out, nil
}

func (h *ownerHandler) fail(c *gin.Context, err error) {
	h.log.Error("owner portal", "err", err)
	fail(c, http.StatusInternalServerError, "the portal is unavailable")
}
