package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// The platform's owner logins (fw4-bvba/omnicasa-api src/Request/Owner/).
const (
	MethodCheckPersonLogin  = "CheckPersonLogin"        // CheckPersonLoginRequest.php: Email, Password, IsProprietors; fw4 reads an int
	MethodRelatedProperties = "GetRelatedProperties"    // GetRelatedPropertiesRequest.php: Email, paged
	MethodForgetPassword    = "GetPersonForgetPassword" // GetPersonForgetPasswordRequest.php: Email; fw4 reads a string
)

// ErrNotOwner is a login the platform does not accept as an owner's.
var ErrNotOwner = errors.New("platform: not an owner's login")

// CheckOwner checks an owner's platform login and returns their person id
// (fw4 Omnicasa::checkPersonLogin(): int, read with intval). IsProprietors
// asks for owners only. A refusal, or an id that is not positive, is
// ErrNotOwner; anything else means the platform could not say.
func (c *Client) CheckOwner(ctx context.Context, lang listing.Lang, email, password string) (int, error) {
	type req struct {
		Email         string `json:"Email"`
		Password      string `json:"Password"`
		IsProprietors bool   `json:"IsProprietors"`
	}
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return 0, ErrNotOwner
	}
	// The owner's password travels in the URL as the public clients send
	// it; it is scrubbed from errors like the agency's (withoutQuery).
	v, err := c.callOnce(ctx, MethodCheckPersonLogin, lang, Params{More: req{Email: email, Password: password, IsProprietors: true}})
	if err != nil {
		if Refused(err) {
			return 0, ErrNotOwner
		}
		return 0, err
	}
	id, err := personID(v)
	if err != nil {
		return 0, fmt.Errorf("platform %s: %w", MethodCheckPersonLogin, err)
	}
	if id == 0 || id < -1 {
		return 0, ErrNotOwner
	}
	return max(id, 0), nil
}

// personID reads CheckPersonLogin's Value: fw4 reads it with intval, so a
// number (or numeric string); a person object (ID, PersonID) or a bare true
// is read too, as no source settles the shape. A true without id is person
// -1: accepted, id unknown.
func personID(v json.RawMessage) (int, error) {
	v = bytes.TrimSpace(v)
	var id Int
	if id.UnmarshalJSON(v) == nil {
		return int(id), nil
	}
	var yes bool
	if json.Unmarshal(v, &yes) == nil {
		if yes {
			return -1, nil
		}
		return 0, nil
	}
	var person map[string]json.RawMessage
	if json.Unmarshal(v, &person) == nil {
		for k, raw := range person {
			if strings.EqualFold(k, "ID") || strings.EqualFold(k, "PersonID") {
				if id.UnmarshalJSON(raw) == nil {
					return int(id), nil
				}
			}
		}
	}
	return 0, fmt.Errorf("the answer is not a person id (starts %q)", snippet(v))
}

// OwnerProperties lists the ids of the properties of the owner with email
// (fw4 Omnicasa::getRelatedProperties(), paged; maneuver Owner::getRelatedProperties).
func (c *Client) OwnerProperties(ctx context.Context, lang listing.Lang, email string) ([]int, error) {
	type req struct {
		Email string `json:"Email"`
	}
	rows, err := c.paged(ctx, MethodRelatedProperties, lang, Params{More: req{Email: strings.TrimSpace(email)}}, false)
	if err != nil {
		return nil, err
	}
	ids := make([]int, 0, len(rows))
	for _, raw := range rows {
		if id := propertyID(raw); id > 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// ForgetPassword asks the platform to send an owner their password or a
// reset (fw4 Omnicasa::getPersonForgetPassword(): string). What the
// platform answers is its own message, never shown to the visitor: the
// site says the same whether the address is known or not.
func (c *Client) ForgetPassword(ctx context.Context, lang listing.Lang, email string) error {
	type req struct {
		Email string `json:"Email"`
	}
	_, err := c.callOnce(ctx, MethodForgetPassword, lang, Params{More: req{Email: strings.TrimSpace(email)}})
	return err
}

// propertyID is the id of an owner's property row: its ID, as property
// rows carry it, or an ObjectID or PropertyID when the platform answers a
// relation rather than the property.
func propertyID(raw json.RawMessage) int {
	var row map[string]json.RawMessage
	if json.Unmarshal(raw, &row) != nil {
		var id Int
		if id.UnmarshalJSON(raw) == nil {
			return int(id) // a plain list of ids
		}
		return 0
	}
	for _, name := range []string{"ObjectID", "PropertyID", "ID"} {
		for k, v := range row {
			var id Int
			if strings.EqualFold(k, name) && id.UnmarshalJSON(v) == nil && id > 0 {
				return int(id)
			}
		}
	}
	return 0
}
