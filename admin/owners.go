package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/estate-agency/estate/store"
)

// NewOwner is an owner account to create, with a password or, when
// MailLink is set, a one-time link by mail to choose one.
type NewOwner struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	Lang       string `json:"lang"`
	Properties []int  `json:"properties"`
	MailLink   bool   `json:"mailLink,omitempty"`
}

// OwnerReset is a new password for an owner, or a link to choose one.
type OwnerReset struct {
	Email    string `json:"email"`
	Password string `json:"password,omitempty"`
	MailLink bool   `json:"mailLink,omitempty"`
}

// OwnerKeeper is what the admin API does with owner accounts.
type OwnerKeeper interface {
	AddOwner(ctx context.Context, o NewOwner) (store.Account, error)
	Owners(ctx context.Context) ([]store.Account, error)
	ResetOwner(ctx context.Context, r OwnerReset) (store.Account, error)
}

func ownerRoutes(mux *http.ServeMux, k OwnerKeeper) {
	mux.HandleFunc("POST /owners", func(rw http.ResponseWriter, r *http.Request) {
		var o NewOwner
		if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
			http.Error(rw, "the body must be a JSON owner", http.StatusBadRequest)
			return
		}
		a, err := k.AddOwner(r.Context(), o)
		switch {
		case errors.Is(err, store.ErrExists):
			http.Error(rw, err.Error(), http.StatusConflict)
			return
		case err != nil:
			http.Error(rw, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		a.PasswordHash = ""
		_ = json.NewEncoder(rw).Encode(a)
	})
	mux.HandleFunc("POST /owners/reset", func(rw http.ResponseWriter, r *http.Request) {
		var o OwnerReset
		if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
			http.Error(rw, "the body must be a JSON owner reset", http.StatusBadRequest)
			return
		}
		a, err := k.ResetOwner(r.Context(), o)
		switch {
		case errors.Is(err, store.ErrNotFound):
			http.Error(rw, err.Error(), http.StatusNotFound)
			return
		case err != nil:
			http.Error(rw, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		a.PasswordHash = ""
		_ = json.NewEncoder(rw).Encode(a)
	})
	mux.HandleFunc("GET /owners", func(rw http.ResponseWriter, r *http.Request) {
		list, err := k.Owners(r.Context())
		if err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		for i := range list {
			list[i].PasswordHash = ""
		}
		_ = json.NewEncoder(rw).Encode(list)
	})
}

// AddOwner creates an owner account on the running server.
func (c *Client) AddOwner(ctx context.Context, o NewOwner) (store.Account, error) {
	body, err := json.Marshal(o)
	if err != nil {
		return store.Account{}, err
	}
	resp, err := c.doBody(ctx, http.MethodPost, "/owners", nil, body)
	if err != nil {
		return store.Account{}, err
	}
	defer resp.Body.Close()
	var a store.Account
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		return store.Account{}, fmt.Errorf("admin: add owner: %w", err)
	}
	return a, nil
}

// ResetOwner gives an owner a new password, or mails them a link to
// choose one, on the running server.
func (c *Client) ResetOwner(ctx context.Context, o OwnerReset) (store.Account, error) {
	body, err := json.Marshal(o)
	if err != nil {
		return store.Account{}, err
	}
	resp, err := c.doBody(ctx, http.MethodPost, "/owners/reset", nil, body)
	if err != nil {
		return store.Account{}, err
	}
	defer resp.Body.Close()
	var a store.Account
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil {
		return store.Account{}, fmt.Errorf("admin: reset owner: %w", err)
	}
	return a, nil
}

// Owners lists the owner accounts, without their password hashes.
func (c *Client) Owners(ctx context.Context) ([]store.Account, error) {
	resp, err := c.do(ctx, http.MethodGet, "/owners", nil)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var list []store.Account
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		return nil, fmt.Errorf("admin: owners: %w", err)
	}
	return list, nil
}

func (c *Client) doBody(ctx context.Context, method, path string, q url.Values, body []byte) (*http.Response, error) {
	return c.request(ctx, method, path, q, bytes.NewReader(body))
}
