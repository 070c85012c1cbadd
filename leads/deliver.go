package leads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	stdmail "net/mail"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// MailSender sends one mail (SMTP, or files when no server is configured).
type MailSender interface {
	Send(ctx context.Context, m mail.Message) error
}

// Links gives the site paths of what a lead is about; the mails make them
// absolute against the agency's site address (mail.AgencyView.BaseURL).
type Links interface {
	PropertyPath(p listing.Property, l listing.Lang) string
	ProjectPath(p listing.Project, l listing.Lang) string
}

// MailCatalog is what the mails read of the listings: what a lead is
// about, its visit, and the names of property types.
type MailCatalog interface {
	Property(l listing.Lang, id int) (listing.Property, error)
	Project(l listing.Lang, id int) (listing.Project, error)
	VisitSlots(propertyID int) ([]listing.VisitSlot, error)
	Types(l listing.Lang) ([]listing.PropertyType, error)
}

// Mailer delivers a lead's outbox entries: composes each mail in the
// visitor's language and sends it, or pushes the lead to the platform.
type Mailer struct {
	Spec     *Spec
	Sender   MailSender
	Catalog  MailCatalog
	Links    Links
	Platform PlatformPusher // nil when the source is not a platform
	// PlatformIDs go with every lead pushed to the platform.
	PlatformIDs PlatformIDs
	// Agency signs the mails; its BaseURL makes their links absolute.
	Agency   mail.AgencyView
	AgencyTo mail.Address
	// Location is the agency's time zone, in which visit times are written.
	Location *time.Location
	// Confirmations make the link of the visitor's mail of a form that
	// opens an account (opensAccount); nil: that mail is the plain
	// confirmation, and no account opens.
	Confirmations Confirmations
}

// Confirmations open the alert account of a demand register only once the
// owner of its address confirms it (double opt-in): the visitor's mail
// carries the link, and nothing else reaches the address before it is used.
type Confirmations interface {
	// Confirmation makes a new single-use link for the lead's account,
	// ending the older ones of its address, and says what the mail tells
	// of the account; ok false when no mail is to go to the address (it
	// belongs to another kind of account, or a newer registration waits).
	Confirmation(l store.Lead) (v mail.ConfirmView, ok bool, err error)
}

// Deliver implements Deliverer.
func (m *Mailer) Deliver(ctx context.Context, l store.Lead, kind string, entryID uint64) error {
	if kind == KindPlatform {
		form, _ := m.Spec.Form(l.Form)
		return m.pushToPlatform(ctx, l, form)
	}
	view, err := m.view(l)
	if err != nil {
		return err
	}
	msg := mail.Message{ID: fmt.Sprintf("lead-%d.%d", l.ID, entryID)}
	visitor := mail.Address{Name: PersonName(l), Email: l.Email}
	var mk mail.Kind
	switch kind {
	case KindAgency:
		mk, msg.To = mail.AgencyNotice, m.AgencyTo
		if visitor.Email != "" { // some forms take a phone number instead
			msg.ReplyTo = visitor
		}
	case KindVisitor:
		mk, msg.To = mail.VisitorConfirmation, visitor
		if form, _ := m.Spec.Form(l.Form); form.OpensAccount && m.Confirmations != nil && visitor.Email != "" {
			c, ok, err := m.Confirmations.Confirmation(l)
			if err != nil {
				return fmt.Errorf("confirmation of lead %d: %w", l.ID, err)
			}
			if !ok {
				return nil // nothing is owed to the address
			}
			mk, view.Confirm = mail.DemandConfirmation, &c
		}
	case KindFriend:
		friend := strings.TrimSpace(str(l.Fields, "friendFirstName") + " " + str(l.Fields, "friendLastName"))
		mk, msg.To, msg.ReplyTo = mail.FriendMessage, mail.Address{Name: friend, Email: str(l.Fields, "friendEmail")}, visitor
	default:
		return fmt.Errorf("%w: unknown delivery kind %q", ErrPermanent, kind)
	}
	if msg.To.Email == "" {
		return fmt.Errorf("%w: lead %d has no address for its %s mail", ErrPermanent, l.ID, kind)
	}
	msg.Subject, msg.Text, msg.HTML, err = mail.Render(mk, l.Lang, view)
	if err != nil {
		return fmt.Errorf("%w: render %s mail of lead %d: %v", ErrPermanent, kind, l.ID, err)
	}
	if view.Slot != nil && kind != KindFriend {
		ev, err := m.VisitEvent(listing.Lang(l.Lang), l.ID, l.PropertyID, l.SlotID)
		if err != nil {
			return fmt.Errorf("invitation of lead %d: %w", l.ID, err)
		}
		var attendees []string
		if visitor.Email != "" {
			attendees = append(attendees, visitor.Email)
		}
		ics, err := mail.Invitation(ev, attendees...)
		if err != nil {
			return fmt.Errorf("%w: invitation of lead %d: %v", ErrPermanent, l.ID, err)
		}
		msg.Attachments = append(msg.Attachments, mail.Attachment{Name: "visit.ics", ContentType: mail.InvitationContentType, Data: ics})
	}
	if err := m.Sender.Send(ctx, msg); err != nil {
		if mail.IsPermanent(err) {
			return fmt.Errorf("%w: %v", ErrPermanent, err)
		}
		return err
	}
	return nil
}

// DeliverMessage sends a prepared mail; its Message-ID is made from the
// outbox entry unless it has one.
func (m *Mailer) DeliverMessage(ctx context.Context, raw json.RawMessage, entryID uint64) error {
	if u, ok := platformUnsubscribeOf(raw); ok {
		return m.unsubscribeAtPlatform(ctx, u)
	}
	var msg mail.Message
	if err := json.Unmarshal(raw, &msg); err != nil {
		return fmt.Errorf("%w: outbox entry %d: decode mail: %v", ErrPermanent, entryID, err)
	}
	if msg.ID == "" {
		msg.ID = fmt.Sprintf("account-%d", entryID)
	}
	if msg.To.Email == "" {
		return fmt.Errorf("%w: outbox entry %d has no address", ErrPermanent, entryID)
	}
	if err := m.Sender.Send(ctx, msg); err != nil {
		if mail.IsPermanent(err) {
			return fmt.Errorf("%w: %v", ErrPermanent, err)
		}
		return err
	}
	return nil
}

// view gathers what the lead's mails show, reading the property or project
// as it is now (a withdrawn one still has its title).
func (m *Mailer) view(l store.Lead) (mail.LeadView, error) {
	lang := listing.Lang(l.Lang)
	form, _ := m.Spec.Form(l.Form)
	v := mail.LeadView{Form: l.Form, Lang: l.Lang, Received: l.Received, Agency: m.Agency, Location: m.Location,
		SendsDocuments: form.SendsDocuments}
	if l.PropertyID > 0 {
		p, err := m.Catalog.Property(lang, l.PropertyID)
		if err != nil {
			return v, fmt.Errorf("leads: read property %d of lead %d: %w", l.PropertyID, l.ID, err)
		}
		v.Subject = &mail.SubjectView{Kind: "property", ID: p.ID, Title: firstNonEmpty(p.Title, p.Type), URL: m.Links.PropertyPath(p, lang)}
		if form.SendsDocuments {
			v.Documents = documentLinks(p)
		}
	}
	if l.ProjectID > 0 {
		p, err := m.Catalog.Project(lang, l.ProjectID)
		if err != nil {
			return v, fmt.Errorf("leads: read project %d of lead %d: %w", l.ProjectID, l.ID, err)
		}
		v.Subject = &mail.SubjectView{Kind: "project", ID: p.ID, Title: p.Name, URL: m.Links.ProjectPath(p, lang)}
	}
	if l.SlotID > 0 {
		// A slot the platform dropped since (long after a delivery stalled)
		// leaves the mail without its time rather than unsent.
		switch s, err := m.slot(l.PropertyID, l.SlotID); {
		case err == nil:
			v.Slot = &mail.SlotView{Start: s.Start, End: s.End}
		case !errors.Is(err, errNoSlot):
			return v, fmt.Errorf("leads: lead %d: %w", l.ID, err)
		}
	}
	typeNames := map[string]string{}
	if _, ok := l.Fields["types"]; ok {
		types, err := m.Catalog.Types(lang)
		if err != nil {
			return v, fmt.Errorf("leads: read property types: %w", err)
		}
		for _, t := range types {
			typeNames[strconv.Itoa(t.ID)] = t.Name
		}
	}
	for _, f := range form.Fields {
		val, ok := l.Fields[f.Name]
		if !ok || f.Type == TypePassword {
			continue
		}
		word := func(code string) string {
			if f.Name == "types" && typeNames[code] != "" {
				return typeNames[code]
			}
			if len(f.Options) > 0 {
				return mail.OptionLabel(l.Lang, f.Name, code)
			}
			return code
		}
		value := text(val, l.Lang, word)
		switch {
		case f.Type == TypeArea:
			value = mail.OptionLabel(l.Lang, "area", "drawn") // words, never coordinates
		case f.Type == TypePhone:
			value = listing.FormatPhone(value)
		case f.Type == TypeNumber && slices.Contains(euroFields, f.Name):
			if n, ok := val.(float64); ok {
				value = listing.FormatEuro(n, lang)
			}
		}
		v.Fields = append(v.Fields, mail.FieldView{Name: f.Name, Value: value})
	}
	return v, nil
}

// text writes a stored value for a mail, coded answers in words.
func text(v any, lang string, word func(string) string) string {
	switch t := v.(type) {
	case string:
		return word(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case bool:
		return mail.OptionLabel(lang, "bool", strconv.FormatBool(t))
	case []any:
		parts := make([]string, 0, len(t))
		for _, p := range t {
			parts = append(parts, text(p, lang, word))
		}
		return strings.Join(parts, ", ")
	case []string:
		parts := make([]string, 0, len(t))
		for _, p := range t {
			parts = append(parts, word(p))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

// areaText writes a drawn area as its points, "lat,lng" one per line, for
// the platform's demand (mails word it instead).
func areaText(v any) string {
	raw, err := json.Marshal(v)
	var pts [][2]float64
	if err != nil || json.Unmarshal(raw, &pts) != nil {
		return fmt.Sprint(v)
	}
	lines := make([]string, len(pts))
	for i, p := range pts {
		lines[i] = strconv.FormatFloat(p[0], 'f', 5, 64) + "," + strconv.FormatFloat(p[1], 'f', 5, 64)
	}
	return strings.Join(lines, "\n")
}

// euroFields are the number fields of forms.json that are amounts in
// euros: the mails write them as the site writes prices (€ 400.000, 400 000 €).
var euroFields = []string{"budget", "minPrice", "maxPrice", "amount", "income1", "income2"}

func str(fields map[string]any, k string) string {
	s, _ := fields[k].(string)
	return s
}

// PersonName is the name the lead was sent under: its name field, else
// first and last name.
func PersonName(l store.Lead) string {
	if n := str(l.Fields, "name"); n != "" {
		return n
	}
	return strings.TrimSpace(str(l.Fields, "firstName") + " " + str(l.Fields, "lastName"))
}

// documentLinks are the documents of a property the documents mail links to.
func documentLinks(p listing.Property) []mail.LinkView {
	var out []mail.LinkView
	for _, d := range p.Media.Documents {
		if d.URL != "" {
			out = append(out, mail.LinkView{Title: d.Name, URL: d.URL})
		}
	}
	return out
}

// errNoSlot means a lead's visit slot is no longer among its property's.
var errNoSlot = errors.New("leads: the booked visit slot is gone")

// slot reads a property's visit slot.
func (m *Mailer) slot(propertyID, slotID int) (listing.VisitSlot, error) {
	slots, err := m.Catalog.VisitSlots(propertyID)
	if err != nil {
		return listing.VisitSlot{}, fmt.Errorf("read visit slots of %d: %w", propertyID, err)
	}
	for _, s := range slots {
		if s.ID == slotID {
			return s, nil
		}
	}
	return listing.VisitSlot{}, fmt.Errorf("%w: slot %d of property %d", errNoSlot, slotID, propertyID)
}

// VisitEvent is the calendar event of the visit lead booked: the same in
// the visitor's invitation, the agency's and the thank-you page's download
// (only the invitations name an attendee), so a calendar that gets two
// keeps one. Its words are in lang, its times in the agency's zone.
func (m *Mailer) VisitEvent(lang listing.Lang, lead uint64, propertyID, slotID int) (mail.Event, error) {
	p, err := m.Catalog.Property(lang, propertyID)
	if err != nil {
		return mail.Event{}, fmt.Errorf("leads: read property %d: %w", propertyID, err)
	}
	s, err := m.slot(propertyID, slotID)
	if err != nil {
		return mail.Event{}, fmt.Errorf("leads: %w", err)
	}
	title := firstNonEmpty(p.Title, p.Type)
	words := mail.Visit(string(lang), title, s.Start, s.End, m.Location)
	return mail.Event{
		UID:   fmt.Sprintf("visit-%d@estate", lead),
		Start: s.Start, End: s.End,
		Summary:     words.Summary,
		Location:    listing.FormatAddress(p.Address),
		Description: strings.TrimSpace(title + "\n" + m.Agency.Name + " " + m.Agency.Phone),
		URL:         m.Links.PropertyPath(p, lang),
		BaseURL:     m.Agency.BaseURL,
		Organizer:   (&stdmail.Address{Name: m.AgencyTo.Name, Address: m.AgencyTo.Email}).String(),
	}, nil
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
