package admin

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/estate-agency/estate/store"
)

// LeadKeeper is what the admin API does with leads.
type LeadKeeper interface {
	Leads(ctx context.Context) ([]store.Lead, error)
	EraseEmail(ctx context.Context, email string) (int, error)
	ApproveTestimonial(ctx context.Context, id uint64) error
}

// LeadsStatus is the leads part of `estate status`.
type LeadsStatus struct {
	Total int `json:"total"`
	// Outbox is how many deliveries wait; Dead how many were given up on.
	Outbox      int                 `json:"outbox"`
	Dead        int                 `json:"dead"`
	DeadLetters []store.OutboxEntry `json:"deadLetters"`
	// Unconfirmed are the pushes the platform may or may not have applied
	// (its answer never came): not resent, for the agency to check in its CRM.
	Unconfirmed []UnconfirmedPush `json:"unconfirmed"`
}

// UnconfirmedPush is a lead's delivery whose answer never came.
type UnconfirmedPush struct {
	LeadID uint64    `json:"leadId"`
	Kind   string    `json:"kind"`
	SentAt time.Time `json:"sentAt"`
	Cause  string    `json:"cause"`
}

// CollectLeads counts leads and lists the dead letters.
func CollectLeads(st *store.Store) (LeadsStatus, error) {
	var s LeadsStatus
	var err error
	if s.Outbox, s.Dead, err = st.OutboxSize(); err != nil {
		return s, err
	}
	if s.DeadLetters, err = st.DeadLetters(); err != nil {
		return s, err
	}
	s.Unconfirmed = []UnconfirmedPush{}
	err = st.EachLead(func(l store.Lead) error {
		s.Total++
		for _, d := range l.Deliveries {
			if d.Status == store.DeliveryUnconfirmed {
				s.Unconfirmed = append(s.Unconfirmed, UnconfirmedPush{LeadID: l.ID, Kind: d.Kind, SentAt: d.SentAt, Cause: d.LastError})
			}
		}
		return nil
	})
	return s, err
}

func leadRoutes(mux *http.ServeMux, k LeadKeeper) {
	mux.HandleFunc("GET /leads", func(rw http.ResponseWriter, r *http.Request) {
		ls, err := k.Leads(r.Context())
		if err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		rw.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(rw).Encode(ls)
	})
	mux.HandleFunc("POST /leads/erase", func(rw http.ResponseWriter, r *http.Request) {
		n, err := k.EraseEmail(r.Context(), r.URL.Query().Get("email"))
		if err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(rw).Encode(map[string]int{"erased": n})
	})
	mux.HandleFunc("POST /testimonials/{id}/approve", func(rw http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
		if err != nil {
			http.Error(rw, "the id must be a number", http.StatusBadRequest)
			return
		}
		switch err := k.ApproveTestimonial(r.Context(), id); {
		case errors.Is(err, store.ErrNotFound):
			http.Error(rw, err.Error(), http.StatusNotFound)
		case err != nil:
			http.Error(rw, err.Error(), http.StatusUnprocessableEntity)
		}
	})
}

// Leads returns every lead, oldest first.
func (c *Client) Leads(ctx context.Context) ([]store.Lead, error) {
	var out []store.Lead
	if err := c.decode(ctx, http.MethodGet, "/leads", nil, nil, "leads", &out); err != nil {
		return nil, err
	}
	return out, nil
}

// EraseEmail removes a person's leads.
func (c *Client) EraseEmail(ctx context.Context, email string) (int, error) {
	var out struct{ Erased int }
	if err := c.decode(ctx, http.MethodPost, "/leads/erase", url.Values{"email": {email}}, nil, "erase", &out); err != nil {
		return 0, err
	}
	return out.Erased, nil
}

// ApproveTestimonial publishes a pending testimonial.
func (c *Client) ApproveTestimonial(ctx context.Context, id uint64) error {
	resp, err := c.do(ctx, http.MethodPost, "/testimonials/"+strconv.FormatUint(id, 10)+"/approve", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}
