package admin

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/estate-agency/estate/store"
)

// AlertPreview is what a searcher would receive now.
type AlertPreview struct {
	Email    string         `json:"email"`
	Lang     string         `json:"lang"`
	Active   bool           `json:"active"`  // alerts go out (not paused or unsubscribed)
	Matches  int            `json:"matches"` // active listings matching the criteria
	Subject  string         `json:"subject"`
	Text     string         `json:"text"` // the mail's text part, for the first 10 matches
	Listings []AlertListing `json:"listings"`
}

// AlertListing is one listing of a preview.
type AlertListing struct {
	Title     string `json:"title"`
	City      string `json:"city"`
	PriceText string `json:"priceText"`
	URL       string `json:"url"`
}

// AlertKeeper previews the alerts of a search demand.
type AlertKeeper interface {
	PreviewAlerts(ctx context.Context, email string) (AlertPreview, error)
}

func alertRoutes(mux *http.ServeMux, k AlertKeeper) {
	mux.HandleFunc("GET /alerts/preview", func(rw http.ResponseWriter, r *http.Request) {
		p, err := k.PreviewAlerts(r.Context(), r.URL.Query().Get("email"))
		switch {
		case errors.Is(err, store.ErrNotFound):
			http.Error(rw, err.Error(), http.StatusNotFound)
			return
		case err != nil:
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(p)
	})
}

// PreviewAlerts asks the running server what a searcher would receive.
func (c *Client) PreviewAlerts(ctx context.Context, email string) (AlertPreview, error) {
	var p AlertPreview
	if err := c.decode(ctx, http.MethodGet, "/alerts/preview", url.Values{"email": {email}}, nil, "alerts preview", &p); err != nil {
		return AlertPreview{}, err
	}
	return p, nil
}
