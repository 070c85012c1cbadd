package platform

import (
	"context"
	"errors"
	"fmt"
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
	var id Int
	if err := id.UnmarshalJSON(v); err != nil {
		return 0, fmt.Errorf("platform %s: the answer is not a person id (starts %q)", MethodCheckPersonLogin, snippet(v))
	}
	if id <= 0 {
		return 0, ErrNotOwner
	}
	return int(id), nil
}

// OwnerProperties lists the ids of the properties of the owner with email
// (fw4 Omnicasa::getRelatedProperties(), paged; maneuver Owner::getRelatedProperties).
func (c *Client) OwnerProperties(ctx context.Context, lang listing.Lang, email string) ([]int, error) {
	type req struct {
		Email string `json:"Email"`
	}
	rows, err := c.paged(ctx, MethodRelatedProperties, lang, Params{More: req{Email: strings.TrimSpace(email)}}, true)
	if err != nil {
		return nil, err
	}
	ids := make([]int, 0, len(rows))
	for _, raw := range rows {
		if id := RecordID(raw); id > 0 {
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
