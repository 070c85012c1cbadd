package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"

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
	mux.HandleFunc("POST /owners", accountCall(k.AddOwner))
	mux.HandleFunc("POST /owners/reset", accountCall(k.ResetOwner))
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

// accountCall answers a change to an account: the JSON body decoded as T,
// the account afterwards without its password hash; 409 for a taken
// email, 404 for an unknown one, 422 for anything else refused.
func accountCall[T any](call func(context.Context, T) (store.Account, error)) http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		var in T
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(rw, "the body must be JSON: "+err.Error(), http.StatusBadRequest)
			return
		}
		a, err := call(r.Context(), in)
		switch {
		case errors.Is(err, store.ErrExists):
			http.Error(rw, err.Error(), http.StatusConflict)
			return
		case errors.Is(err, store.ErrNotFound):
			http.Error(rw, err.Error(), http.StatusNotFound)
			return
		case err != nil:
			http.Error(rw, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		a.PasswordHash = ""
		_ = json.NewEncoder(rw).Encode(a)
	}
}

// AddOwner creates an owner account on the running server.
func (c *Client) AddOwner(ctx context.Context, o NewOwner) (store.Account, error) {
	return c.postAccount(ctx, "/owners", o)
}

// ResetOwner gives an owner a new password, or mails them a link to
// choose one, on the running server.
func (c *Client) ResetOwner(ctx context.Context, o OwnerReset) (store.Account, error) {
	return c.postAccount(ctx, "/owners/reset", o)
}

func (c *Client) postAccount(ctx context.Context, path string, in any) (store.Account, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return store.Account{}, err
	}
	var a store.Account
	if err := c.decode(ctx, http.MethodPost, path, nil, bytes.NewReader(body), path, &a); err != nil {
		return store.Account{}, err
	}
	return a, nil
}

// Owners lists the owner accounts, without their password hashes.
func (c *Client) Owners(ctx context.Context) ([]store.Account, error) {
	var list []store.Account
	if err := c.decode(ctx, http.MethodGet, "/owners", nil, nil, "owners", &list); err != nil {
		return nil, err
	}
	return list, nil
}
