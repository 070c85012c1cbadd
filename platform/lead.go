package platform

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// The platform's calls that take what visitors send, with fw4-bvba/omnicasa-api's
// request classes for their parameters.
const (
	MethodContactOnMeProject = "ContactOnMeProject"      // Contact/ContactOnMeProjectRequest.php: ProjectIDs
	MethodUnsubscribeDemand  = "UnsubscribeDemandPerson" // Contact/UnsubscribeDemandPersonRequest.php: ID, DemandID
	MethodDemandList         = "GetDemandList"           // Contact/GetDemandListRequest.php: Email, Password, paged
)

// Person is who a lead comes from, in the fields ContactOnMe, ContactOnMeProject
// and DemandRegister share (fw4 src/Request/Contact/ContactOnMeRequest.php,
// DemandRegisterRequest.php): each request sends them flat, beside its own.
type Person struct {
	Name         string `json:"Name,omitempty"` // the last name
	FirstName    string `json:"FirstName,omitempty"`
	AddressTitle string `json:"AddressTitle,omitempty"` // "De heer", "Madame" …
	Address      string `json:"Address,omitempty"`      // street and number
	Zip          string `json:"Zip,omitempty"`
	City         string `json:"City,omitempty"`
	Email        string `json:"Email,omitempty"`
	PhoneNumber  string `json:"PhoneNumber,omitempty"`
	GSM          string `json:"GSM,omitempty"`
}

// Contact is what ContactOnMe (about a property, or none) and
// ContactOnMeProject take: flat person fields and a free message
// (fw4 src/Request/Contact/ContactOnMeRequest.php, ContactOnMeProjectRequest.php).
// Lists go comma-joined, as fw4's RequestObject::jsonSerialize writes them.
type Contact struct {
	Person

	// ObjectID is the property (ContactOnMe); ProjectIDs the project,
	// which sends ContactOnMeProject instead.
	ObjectID   int    `json:"ObjectID,omitempty"`
	ProjectIDs string `json:"ProjectIDs,omitempty"`

	Subject string `json:"Subject,omitempty"`
	Content string `json:"Content,omitempty"`

	// AppointmentID books the visitor on one of the property's visit slots
	// (GetAppointmentObject's ID); AgendaComment is what the agent's
	// calendar shows with it.
	AppointmentID int    `json:"AppointmentID,omitempty"`
	AgendaComment string `json:"AgendaComment,omitempty"`

	// LanguageIdFromParameter is the visitor's language (the call's own
	// LanguageId is the language of the answer).
	LanguageIdFromParameter int `json:"LanguageIdFromParameter,omitempty"`
	SiteId                  int `json:"SiteId,omitempty"`
	SourceId                int `json:"SourceId,omitempty"`

	// CustomStr5 carries the site's reference of the lead ("estate-lead-42"),
	// the same on every attempt, so the agency can tell a repeat apart; see
	// LeadReference.
	CustomStr5 string `json:"CustomStr5,omitempty"`
}

// Demand is what DemandRegister takes: the person and their search
// criteria in the platform's terms (fw4 src/Request/Contact/DemandRegisterRequest.php).
type Demand struct {
	Person
	// Password is the demand's login at the platform (CheckDemandLogin,
	// GetDemandList). Never the visitor's: DemandRegister fills it with
	// DemandPassword, which the site can compute again to unsubscribe.
	Password string `json:"Password,omitempty"`

	Goal              int     `json:"Goal"`                        // GoalSale, GoalRent
	TypeOfPropertyIDs string  `json:"TypeOfPropertyIDs,omitempty"` // comma-joined
	Zips              string  `json:"Zips,omitempty"`              // comma-joined
	Budget            float64 `json:"Budget,omitempty"`
	PriceMin          float64 `json:"PriceMin,omitempty"`
	PriceMax          float64 `json:"PriceMax,omitempty"`
	MinRooms          int     `json:"MinRooms,omitempty"`
	MinBathRooms      int     `json:"MinBathRooms,omitempty"`
	MinGarages        int     `json:"MinGarages,omitempty"`
	MinParkings       int     `json:"MinParkings,omitempty"`
	Comment           string  `json:"Comment,omitempty"`
	IsReceivedEmail   bool    `json:"IsReceivedEmail"`

	LanguageIdFromParameter int `json:"LanguageIdFromParameter,omitempty"`
	SiteId                  int `json:"SiteId,omitempty"`
	SourceId                int `json:"SourceId,omitempty"`
	// IsAlwaysCreatedDemand: a person who registers a second search keeps
	// both, as the site's account does.
	IsAlwaysCreatedDemand bool `json:"IsAlwaysCreatedDemand"`
}

// LeadReference is the reference of the site's lead id the platform gets in
// CustomStr5.
func LeadReference(leadID uint64) string { return "estate-lead-" + strconv.FormatUint(leadID, 10) }

// Contact hands a contact request to the platform: ContactOnMe, or
// ContactOnMeProject when it names a project. It is sent at most once per
// call (see Unconfirmed).
func (c *Client) Contact(ctx context.Context, lang listing.Lang, ct Contact) error {
	method := MethodContactOnMe
	if ct.ProjectIDs != "" {
		if ct.ObjectID != 0 || ct.AppointmentID != 0 {
			return errors.New("platform: a contact names a property or a project, not both")
		}
		method = MethodContactOnMeProject
	}
	if ct.Email == "" && ct.PhoneNumber == "" && ct.GSM == "" {
		return fmt.Errorf("platform %s: a contact without an e-mail address or phone number", method)
	}
	if id, ok := listing.PlatformLanguageID(lang); ok {
		ct.LanguageIdFromParameter = id
	}
	return c.push(ctx, method, lang, ct)
}

// RegisterDemand hands a search demand to DemandRegister.
func (c *Client) RegisterDemand(ctx context.Context, lang listing.Lang, d Demand) error {
	if d.Email == "" {
		return errors.New("platform DemandRegister: a demand without an e-mail address")
	}
	if id, ok := listing.PlatformLanguageID(lang); ok {
		d.LanguageIdFromParameter = id
	}
	d.Password = c.DemandPassword(d.Email)
	d.IsAlwaysCreatedDemand = true
	return c.push(ctx, MethodDemandRegister, lang, d)
}

// DemandPassword is the platform-side password of the demands registered
// for email: derived from the agency's API password, so it is the same on
// every call, needs no storage and cannot be guessed from the address.
func (c *Client) DemandPassword(email string) string {
	mac := hmac.New(sha256.New, []byte(c.cfg.Password))
	mac.Write([]byte("DemandRegister\x00" + strings.ToLower(strings.TrimSpace(email))))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))[:20]
}

// UnsubscribeDemands ends every demand the site registered for email: it
// lists them with the demand login (GetDemandList) and unsubscribes each
// (UnsubscribeDemandPerson). None left is not an error.
func (c *Client) UnsubscribeDemands(ctx context.Context, lang listing.Lang, email string) (int, error) {
	type listReq struct {
		Email    string `json:"Email"`
		Password string `json:"Password"`
	}
	rows, err := c.paged(ctx, MethodDemandList, lang, Params{More: listReq{Email: email, Password: c.DemandPassword(email)}}, false)
	if err != nil {
		var pe *Error
		if errors.As(err, &pe) {
			return 0, nil // the platform knows no demand with that login
		}
		return 0, err
	}
	type entry struct {
		DemandID Int `json:"DemandID"`
		PersonID Int `json:"PersonId"`
	}
	type unsubscribeReq struct {
		ID       int `json:"ID"`
		DemandID int `json:"DemandID"`
	}
	n := 0
	for _, raw := range rows {
		var e entry
		if err := json.Unmarshal(raw, &e); err != nil || e.DemandID <= 0 {
			continue
		}
		if err := c.push(ctx, MethodUnsubscribeDemand, lang, unsubscribeReq{ID: int(e.PersonID), DemandID: int(e.DemandID)}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Unconfirmed is a write whose request reached the platform without an
// answer coming back (a timeout, a connection cut after the request was
// sent): the platform may have applied it. It is not sent again, since a
// second ContactOnMe would be a second contact at the agency.
type Unconfirmed struct {
	Method string
	Err    error
}

func (e *Unconfirmed) Error() string {
	return "platform " + e.Method + ": sent, no answer (it may have been applied, so it is not sent again): " + e.Err.Error()
}

func (e *Unconfirmed) Unwrap() error { return e.Err }

// push makes one write call and checks its answer: fw4 reads contactOnMe(),
// demandRegister() and unsubscribeDemandPerson() as a bool (src/Omnicasa.php),
// so the Value is a scalar, and a false one is a refusal.
func (c *Client) push(ctx context.Context, method string, lang listing.Lang, more any) error {
	v, err := c.callOnce(ctx, method, lang, Params{More: more})
	if err != nil {
		return err
	}
	v = bytes.TrimSpace(v)
	var ok bool
	if json.Unmarshal(v, &ok) == nil && !ok {
		return &Error{Method: method, Message: "the platform answered false"}
	}
	if len(v) > 0 && (v[0] == '{' || v[0] == '[') {
		c.log.Debug("platform: a write answered more than a scalar", "method", method, "starts", snippet(v))
	}
	return nil
}
