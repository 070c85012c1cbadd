// Package ownerreport assembles what the owner portal shows of an owner's
// properties: their page views, the appointments booked on the site, the
// requests about them (never who made them) and their documents. The HTTP
// layer checks the session and answers what it gets.
package ownerreport

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/store"
)

// ErrNotFound: the property is not synced (yet, or any more).
var ErrNotFound = errors.New("property not found")

// Listings is what the report reads of a property and its visit slots.
type Listings interface {
	Property(lang listing.Lang, id int) (listing.Property, error)
	VisitSlots(propertyID int) ([]listing.VisitSlot, error)
}

// Reports are the counted page views and the leads about a property.
type Reports interface {
	PageViews(propertyID int) ([]pageviews.Day, error)
	LeadsAbout(propertyID int) ([]store.Lead, error)
}

// Property is one of the owner's properties in their list.
type Property struct {
	ID        int            `json:"id"`
	Title     string         `json:"title"`
	City      string         `json:"city"`
	URL       string         `json:"url"`
	Thumbnail *listing.Image `json:"thumbnail"`
	Status    string         `json:"status"`
	PriceText string         `json:"priceText"`
	Visits    VisitTotals    `json:"visits"`
}

// VisitTotals are a property's counted page views. The name (and the field
// visits of Property) is the portal's: ui/src/lib/api/account.ts reads it.
type VisitTotals struct {
	Today int `json:"today"`
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
}

// DayViews are the views of one day (yyyy-mm-dd).
type DayViews struct {
	Date  string `json:"date"`
	Views int    `json:"views"`
}

// Appointment is a visit booked on the site: when, and whether it is still
// to come. Who booked it is the agency's to know, not the owner's.
type Appointment struct {
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	Status string    `json:"status"`
}

// Document is one of the property's documents.
type Document struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Detail is one property's full report. Its fields are in the order of
// their names, as the portal's answer always wrote them.
type Detail struct {
	Appointments []Appointment           `json:"appointments"`
	Documents    []Document              `json:"documents"`
	History      []Request               `json:"history"`
	Kinds        []KindCount             `json:"kinds"`
	Last30       []DayViews              `json:"last30"`
	Platform     *PlatformStats          `json:"platform"` // null until the platform's statistics are fetched (platform.go)
	Property     Property                `json:"property"`
	Sources      []pageviews.SourceCount `json:"sources"`
}

// Reporter builds the reports in the agency's time zone.
type Reporter struct {
	// forms say what an owner reads of each form's leads (ownerKind).
	forms    *leads.Spec
	listings Listings
	reports  Reports
	loc      *time.Location
	now      func() time.Time
}

// New is a Reporter naming requests as forms say; a nil loc is UTC, a nil
// now time.Now.
func New(forms *leads.Spec, listings Listings, reports Reports, loc *time.Location, now func() time.Time) *Reporter {
	if loc == nil {
		loc = time.UTC
	}
	if now == nil {
		now = time.Now
	}
	return &Reporter{forms: forms, listings: listings, reports: reports, loc: loc, now: now}
}

// Properties lists the owner's properties that are synced, in the order of ids.
func (r *Reporter) Properties(lang listing.Lang, ids []int) ([]Property, error) {
	out := []Property{}
	for _, id := range ids {
		p, sum, err := r.property(lang, id)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, view(p, lang, sum))
	}
	return out, nil
}

// Detail is the report of one property; ErrNotFound when it is not synced.
// Whether the owner may see it is the caller's to check.
func (r *Reporter) Detail(lang listing.Lang, id int) (Detail, error) {
	p, sum, err := r.property(lang, id)
	if err != nil {
		return Detail{}, err
	}
	about, err := r.reports.LeadsAbout(id)
	if err != nil {
		return Detail{}, fmt.Errorf("leads about %d: %w", id, err)
	}
	appointments, err := r.appointments(id, about)
	if err != nil {
		return Detail{}, err
	}
	last30 := make([]DayViews, len(sum.Last30))
	for i, d := range sum.Last30 {
		last30[i] = DayViews{Date: d.Day, Views: d.Views}
	}
	docs := []Document{}
	for _, d := range p.Media.Documents {
		if d.URL != "" {
			docs = append(docs, Document{Name: d.Name, URL: d.URL})
		}
	}
	sources := sum.Sources
	if sources == nil {
		sources = []pageviews.SourceCount{}
	}
	history := requestsOf(r.forms, about)
	return Detail{
		Property: view(p, lang, sum), Last30: last30, Sources: sources,
		Appointments: appointments, History: history, Kinds: countKinds(r.forms.OwnerKinds(), history), Documents: docs,
		Platform: r.platform(lang, id),
	}, nil
}

func (r *Reporter) property(lang listing.Lang, id int) (listing.Property, pageviews.Summary, error) {
	p, err := r.listings.Property(lang, id)
	if errors.Is(err, store.ErrNotFound) {
		return p, pageviews.Summary{}, fmt.Errorf("property %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return p, pageviews.Summary{}, fmt.Errorf("read property %d: %w", id, err)
	}
	days, err := r.reports.PageViews(id)
	if err != nil {
		return p, pageviews.Summary{}, fmt.Errorf("page views of %d: %w", id, err)
	}
	return p, pageviews.Summarize(days, r.now(), r.loc), nil
}

func view(p listing.Property, lang listing.Lang, sum pageviews.Summary) Property {
	v := Property{
		ID: p.ID, City: p.Address.City, Thumbnail: p.Media.Thumbnail(), Status: string(p.Status),
		PriceText: listing.PriceText(p.Price, p.Goal, lang),
		Title:     strings.Join(slices.DeleteFunc([]string{p.Type, p.Address.City}, func(s string) bool { return s == "" }), " – "),
		Visits:    VisitTotals{Today: sum.Today, Week: sum.Week, Month: sum.Month, Total: sum.Total},
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
func (r *Reporter) appointments(propertyID int, about []store.Lead) ([]Appointment, error) {
	out := []Appointment{}
	now := r.now()
	var slots map[int]listing.VisitSlot
	for _, l := range about {
		if l.SlotID == 0 {
			continue
		}
		if slots == nil {
			all, err := r.listings.VisitSlots(propertyID)
			if err != nil {
				return nil, fmt.Errorf("visit slots of %d: %w", propertyID, err)
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
		if !s.End.After(now) {
			status = "past"
		}
		out = append(out, Appointment{Start: s.Start, End: s.End, Status: status})
	}
	slices.SortStableFunc(out, func(a, b Appointment) int {
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
