package platform

import (
	"context"
	"fmt"

	"github.com/estate-agency/estate/listing"
)

// Lead is a form submission as the site hands it to the platform today.
// ExternalID is the site's lead id: a push repeated after a lost answer
// carries the same one, so the platform can tell it already has it.
//
// The public clients send ContactOnMe and DemandRegister flat parameters
// instead (fw4 src/Request/Contact/ContactOnMeRequest.php); the write side
// moves to those in its own issue.
type Lead struct {
	ExternalID string `json:"ExternalID"`
	Form       string `json:"Form"`
	Salutation string `json:"Salutation,omitempty"` // mr, ms, miss
	FirstName  string `json:"FirstName,omitempty"`
	LastName   string `json:"LastName,omitempty"`
	Email      string `json:"Email,omitempty"`
	Phone      string `json:"Phone,omitempty"`
	Street     string `json:"Street,omitempty"`
	Zip        string `json:"Zip,omitempty"`
	City       string `json:"City,omitempty"`
	Comment    string `json:"Comment,omitempty"`
	PropertyID int    `json:"PropertyID,omitempty"`
	ProjectID  int    `json:"ProjectID,omitempty"`
	// DemandRegister's criteria.
	Goal     string  `json:"Goal,omitempty"` // buy, rent
	MinPrice float64 `json:"MinPrice,omitempty"`
	MaxPrice float64 `json:"MaxPrice,omitempty"`
	MinRooms float64 `json:"MinRooms,omitempty"`
	TypeIDs  string  `json:"TypeIDs,omitempty"` // comma-separated
	Zips     string  `json:"Zips,omitempty"`    // comma-separated
	// Fields are every submitted field, for what has no column of its own.
	Fields map[string]string `json:"Fields,omitempty"`
}

// PushLead hands a lead to the platform with method (ContactOnMe or
// DemandRegister). Any successful Value is an acceptance: fw4 reads
// contactOnMe() and demandRegister() as a bool (src/Omnicasa.php).
func (c *Client) PushLead(ctx context.Context, method string, lang listing.Lang, lead *Lead) error {
	if method != MethodContactOnMe && method != MethodDemandRegister {
		return fmt.Errorf("platform: %q takes no leads", method)
	}
	_, err := c.Call(ctx, method, lang, Params{Lead: lead})
	return err
}
