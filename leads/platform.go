package leads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// PlatformPusher hands leads to the listing platform (*platform.Client).
type PlatformPusher interface {
	Contact(ctx context.Context, lang listing.Lang, c platform.Contact) error
	RegisterDemand(ctx context.Context, lang listing.Lang, d platform.Demand) error
	UnsubscribeDemands(ctx context.Context, lang listing.Lang, email string) (int, error)
}

// PlatformIDs are the agency's own ids on the platform that every lead
// carries (source.site_id, source.lead_source_id; 0 for none).
type PlatformIDs struct {
	SiteID, SourceID int
}

// ErrUnconfirmed marks a push that reached the platform without an answer:
// it may have been applied, so the relay does not send it again (a second
// ContactOnMe is a second contact at the agency) and lists it for the
// agency to check instead.
var ErrUnconfirmed = errors.New("leads: sent to the platform, not confirmed")

// pushToPlatform makes a lead's platform delivery, with the error the relay
// needs: a refusal is permanent, an unanswered push unconfirmed, anything
// else worth a retry.
func (m *Mailer) pushToPlatform(ctx context.Context, l store.Lead, form Form) error {
	if m.Platform == nil {
		return errors.New("leads: no platform to push to (source.kind is not platform)")
	}
	lang := listing.Lang(l.Lang)
	var err error
	switch form.Platform {
	case platform.MethodContactOnMe:
		var v mail.LeadView
		if v, err = m.view(l); err != nil {
			return err
		}
		var c platform.Contact
		if c, err = PlatformContact(l, form, v, m.PlatformIDs); err != nil {
			return fmt.Errorf("%w: lead %d: %v", ErrPermanent, l.ID, err)
		}
		err = m.Platform.Contact(ctx, lang, c)
	case platform.MethodDemandRegister:
		err = m.Platform.RegisterDemand(ctx, lang, PlatformDemand(l, m.PlatformIDs))
	default:
		return fmt.Errorf("%w: lead %d: form %q has no platform call", ErrPermanent, l.ID, l.Form)
	}
	var unconfirmed *platform.Unconfirmed
	switch {
	case err == nil:
		return nil
	case errors.As(err, &unconfirmed):
		return fmt.Errorf("%w: %v", ErrUnconfirmed, err)
	case platform.Refused(err):
		return fmt.Errorf("%w: refused by the platform: %v", ErrPermanent, err)
	}
	return err
}

// PlatformContact is a lead as ContactOnMe (or ContactOnMeProject) takes
// it: the person in the platform's fields, the subject of the agency's
// notice, and every other answer as "label: value" lines of Content, in
// the visitor's language as the agency's mail writes them. Passwords are
// never in v.
func PlatformContact(l store.Lead, form Form, v mail.LeadView, ids PlatformIDs) (platform.Contact, error) {
	s := func(k string) string { return strings.TrimSpace(str(l.Fields, k)) }
	c := platform.Contact{
		Person:   platformPerson(l),
		ObjectID: l.PropertyID, AppointmentID: l.SlotID,
		SiteId: ids.SiteID, SourceId: ids.SourceID, CustomStr5: platform.LeadReference(l.ID),
	}
	if l.ProjectID > 0 {
		c.ProjectIDs = strconv.Itoa(l.ProjectID)
	}
	mapped := map[string]bool{"title": true, "firstName": true, "lastName": true, "email": true, "phone": true,
		"street": true, "zip": true, "city": true, "property": true, "project": true, "slot": true, "privacy": true}
	if a := form.PlatformAddress; a != nil {
		// The lead is about another address than the person's (a valuation's):
		// that is the one the agency acts on.
		join := func(names []string) string {
			parts := make([]string, 0, len(names))
			for _, n := range names {
				parts = append(parts, s(n))
				mapped[n] = true
			}
			return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
		}
		c.Address, c.Zip, c.City = join(a.Street), join(a.Zip), join(a.City)
	}
	subject, _, _, err := mail.Render(mail.AgencyNotice, l.Lang, v)
	if err != nil {
		return c, err
	}
	c.Subject = subject
	var lines []string
	for _, f := range v.Fields {
		if mapped[f.Name] || f.Value == "" {
			continue
		}
		lines = append(lines, mail.Label(l.Lang, l.Form, f.Name)+": "+f.Value)
	}
	if v.Subject != nil && v.Subject.URL != "" {
		lines = append(lines, strings.TrimRight(v.Agency.BaseURL, "/")+v.Subject.URL)
	}
	c.Content = strings.Join(lines, "\n")
	if c.AppointmentID != 0 {
		c.AgendaComment = strings.TrimSpace(strings.Join([]string{c.FirstName, c.Name, c.PhoneNumber + c.GSM, s("remark")}, " "))
	}
	return c, nil
}

// PlatformDemand is a search demand as DemandRegister takes it: the goal as
// the platform's number, types and postcodes comma-joined. A drawn area has
// no field the public clients settle (DemandRegion's RegionData is not
// documented), so it goes as points in Comment for the agency to read.
func PlatformDemand(l store.Lead, ids PlatformIDs) platform.Demand {
	s := func(k string) string { return strings.TrimSpace(str(l.Fields, k)) }
	n := func(k string) float64 { t, _ := l.Fields[k].(float64); return t }
	d := platform.Demand{
		Person:            platformPerson(l),
		Goal:              platform.GoalSale,
		TypeOfPropertyIDs: strings.Join(listOf(l.Fields["types"]), ","),
		Zips:              strings.Join(listOf(l.Fields["zones"]), ","),
		Budget:            n("budget"), PriceMin: n("minPrice"), PriceMax: n("maxPrice"),
		MinRooms: int(n("minRooms")), MinBathRooms: int(n("minBathrooms")), MinGarages: int(n("minGarages")), MinParkings: int(n("minParkings")),
		IsReceivedEmail: l.Fields["newsletter"] == true,
		SiteId:          ids.SiteID, SourceId: ids.SourceID,
	}
	if s("goal") == "rent" {
		d.Goal = platform.GoalRent
	}
	var comment []string
	if r := s("remark"); r != "" {
		comment = append(comment, r)
	}
	if a, ok := l.Fields["area"]; ok {
		comment = append(comment, mail.Label(l.Lang, l.Form, "area")+":\n"+areaText(a))
	}
	d.Comment = strings.Join(comment, "\n\n")
	return d
}

// platformPerson is who sent l, in the platform's fields: the title in the
// visitor's words, a mobile number as GSM, a name field for a form without
// first and last name.
func platformPerson(l store.Lead) platform.Person {
	s := func(k string) string { return strings.TrimSpace(str(l.Fields, k)) }
	p := platform.Person{Name: s("lastName"), FirstName: s("firstName"), Email: l.Email, Address: s("street"), Zip: s("zip"), City: s("city")}
	if p.Name == "" {
		p.Name = s("name")
	}
	if t := s("title"); t != "" {
		p.AddressTitle = mail.OptionLabel(l.Lang, "title", t)
	}
	setPhone(&p.PhoneNumber, &p.GSM, s("phone"))
	return p
}

// mobile is a Belgian (04…, +32 4…) or Luxembourg (+352 6…) mobile number,
// which the platform keeps as GSM.
var mobile = regexp.MustCompile(`^(?:\+32|0032|0)4\d{8}$|^(?:\+352|00352)6\d{8}$`)

func setPhone(phone, gsm *string, number string) {
	compact := strings.NewReplacer(" ", "", ".", "", "/", "", "-", "").Replace(number)
	if mobile.MatchString(compact) {
		*gsm = number
		return
	}
	*phone = number
}

func listOf(v any) []string {
	switch t := v.(type) {
	case []string:
		return t
	case []any:
		out := make([]string, 0, len(t))
		for _, x := range t {
			switch x := x.(type) {
			case float64:
				out = append(out, strconv.FormatFloat(x, 'f', -1, 64))
			default:
				out = append(out, fmt.Sprint(x))
			}
		}
		return out
	}
	return nil
}

// PlatformUnsubscribe is the outbox message that ends a searcher's demands
// at the platform when they unsubscribe (UnsubscribeDemandPerson), so the
// agency's CRM stops offering them properties too. It goes through the
// outbox like a mail: durable, retried.
type PlatformUnsubscribe struct {
	Email string `json:"email"`
	Lang  string `json:"lang"`
}

// KindPlatformUnsubscribe is the outbox kind of a PlatformUnsubscribe.
const KindPlatformUnsubscribe = "platform-unsubscribe"

// PlatformUnsubscribeMessage is the outbox message of u.
func PlatformUnsubscribeMessage(u PlatformUnsubscribe) (json.RawMessage, error) {
	return json.Marshal(map[string]PlatformUnsubscribe{"platformUnsubscribe": u})
}

func platformUnsubscribeOf(raw json.RawMessage) (PlatformUnsubscribe, bool) {
	var m struct {
		U *PlatformUnsubscribe `json:"platformUnsubscribe"`
	}
	if json.Unmarshal(raw, &m) != nil || m.U == nil {
		return PlatformUnsubscribe{}, false
	}
	return *m.U, true
}

func (m *Mailer) unsubscribeAtPlatform(ctx context.Context, u PlatformUnsubscribe) error {
	if m.Platform == nil {
		return fmt.Errorf("%w: no platform to unsubscribe from (source.kind is not platform)", ErrPermanent)
	}
	if _, err := m.Platform.UnsubscribeDemands(ctx, listing.Lang(u.Lang), u.Email); err != nil {
		if platform.Refused(err) {
			return fmt.Errorf("%w: refused by the platform: %v", ErrPermanent, err)
		}
		return err
	}
	return nil
}
