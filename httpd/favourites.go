package httpd

import (
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// maxStateIDs bounds one state request: a visitor's favourites, not a
// way to page through the catalogue.
const maxStateIDs = 100

// propertyState is one listing as GET /api/properties/state answers it
// (ui/src/features/favourites/state.ts): enough to show a saved listing as it is now.
type propertyState struct {
	ID int `json:"id"`
	// Status is "available", "option", "sold", "rented" or "withdrawn".
	Status    string         `json:"status"`
	Goal      listing.Goal   `json:"goal"`
	Title     string         `json:"title"`
	Type      string         `json:"type"`
	City      string         `json:"city"`
	Zip       string         `json:"zip"`
	URL       string         `json:"url"`
	Price     *int           `json:"price"` // nil when not published, or withdrawn
	PriceText string         `json:"priceText"`
	Thumbnail *listing.Image `json:"thumbnail"`
}

// statesAnswer lists the known listings in the order asked; ids the store
// never had, or forgot, are left out.
type statesAnswer struct {
	Properties []propertyState `json:"properties"`
}

// stateHandler answers GET /api/properties/state?lang=nl&ids=1,2,3.
type stateHandler struct {
	listings Listings
	langs    []listing.Lang
	def      listing.Lang
	log      *slog.Logger
}

func (h *stateHandler) state(c *gin.Context) {
	ids, msg := parseIDs(c.Query("ids"))
	if msg != "" {
		fail(c, http.StatusBadRequest, msg)
		return
	}
	lang := langIn(h.langs, h.def, c.Query("lang"))
	props, err := h.listings.PropertiesByID(lang, ids)
	if err != nil {
		h.log.Error("properties state", "err", err)
		fail(c, http.StatusServiceUnavailable, "the listings cannot be read now")
		return
	}
	out := statesAnswer{Properties: make([]propertyState, 0, len(props))}
	for _, p := range props {
		out.Properties = append(out.Properties, stateOf(p, lang))
	}
	// A sync runs every quarter of an hour: a minute's staleness is nothing
	// to a favourites list, and spares the store a visitor's reloads.
	c.Header("Cache-Control", "public, max-age=60")
	c.JSON(http.StatusOK, out)
}

func stateOf(p listing.Property, lang listing.Lang) propertyState {
	s := propertyState{
		ID: p.ID, Status: string(p.Status), Goal: p.Goal, Title: p.Title, Type: p.Type,
		City: p.Address.City, Zip: p.Address.Zip, URL: site.CanonicalDetail(p, lang),
		Thumbnail: p.Media.Thumbnail(),
	}
	if p.Withdrawn {
		s.Status = "withdrawn"
		return s
	}
	s.PriceText = listing.PriceText(p.Price, p.Goal, lang)
	if p.Price.Published && p.Price.Amount > 0 {
		v := int(math.Round(p.Price.Amount))
		s.Price = &v
	}
	return s
}

// parseIDs reads a comma-separated list of listing ids, at most
// maxStateIDs, without repeats; msg says what is wrong with it.
func parseIDs(raw string) (ids []int, msg string) {
	if strings.TrimSpace(raw) == "" {
		return nil, "ids is required"
	}
	parts := strings.Split(raw, ",")
	if len(parts) > maxStateIDs {
		return nil, "at most " + strconv.Itoa(maxStateIDs) + " ids"
	}
	seen := map[int]bool{}
	for _, part := range parts {
		id, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || id <= 0 {
			return nil, "ids must be positive whole numbers separated by commas"
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, ""
}
