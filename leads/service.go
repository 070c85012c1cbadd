package leads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/captcha"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// The outbox kinds: who or what a delivery goes to.
const (
	KindAgency   = "agency"   // the agency's mail, Reply-To the visitor
	KindVisitor  = "visitor"  // the visitor's confirmation (with the documents for a form that sends them)
	KindFriend   = "friend"   // the mail to the friend a visitor recommends a property to
	KindPlatform = "platform" // the push to the listing platform
)

// ErrUnknownForm means no form has that name.
var ErrUnknownForm = errors.New("leads: unknown form")

// Store keeps leads with their outbox entries.
type Store interface {
	AddLead(n store.NewLead, now time.Time) (uint64, error)
}

// Catalog tells whether what a form is about exists.
type Catalog interface {
	Property(l listing.Lang, id int) (listing.Property, error)
	Project(l listing.Lang, id int) (listing.Project, error)
	VisitSlots(propertyID int) ([]listing.VisitSlot, error)
	Types(l listing.Lang) ([]listing.PropertyType, error)
	Towns
}

// Verifier checks the captcha payload a submission carries (ALTCHA or
// reCAPTCHA): captcha.ErrInvalid, ErrExpired or ErrReplayed are the
// visitor's to retry, any other error the server's.
type Verifier interface {
	Verify(ctx context.Context, payload string) error
}

// Waker is told when new outbox entries wait (the relay).
type Waker interface{ Wake() }

// ReceiptIssuer signs what a thank-you page may show of a lead (*Receipts).
type ReceiptIssuer interface {
	Issue(lead uint64, form string, property, project, slot int) string
}

// Helpers are what a service works with besides its store and catalog;
// each may be nil.
type Helpers struct {
	// Captcha checks the submissions; nil when forms.captcha is off.
	Captcha Verifier
	// Relay hears of each accepted lead, so it delivers it at once.
	Relay Waker
	// Receipts sign the thank-you pages' tokens; nil: the pages show the
	// form's words alone.
	Receipts ReceiptIssuer
	// Log hears of refused and accepted submissions; nil: discarded.
	Log *slog.Logger
}

// Service accepts submissions.
type Service struct {
	spec    *Spec
	store   Store
	catalog Catalog
	now     func() time.Time
	// platform is true when leads also go to the listing platform.
	platform bool
	helpers  Helpers
	log      *slog.Logger
}

// Use gives the service its captcha, relay, receipts and log; call it
// before the first submission.
func (s *Service) Use(h Helpers) {
	s.helpers = h
	if h.Log != nil {
		s.log = h.Log
	}
}

// NewService returns a service over the spec; platform says whether the
// listing platform takes leads (a real platform source, not the demo's files).
func NewService(spec *Spec, st Store, catalog Catalog, platform bool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{spec: spec, store: st, catalog: catalog, now: now, platform: platform, log: slog.New(slog.DiscardHandler)}
}

// Spec returns the form contract the service checks against.
func (s *Service) Spec() *Spec { return s.spec }

// Submission is a form as the visitor sent it.
type Submission struct {
	Form   string
	Lang   listing.Lang
	Fields map[string]json.RawMessage
	// Captcha is the captcha widget's payload.
	Captcha string
	// Trap is the honeypot's value: an input people never see, so never fill.
	Trap string
}

// Accepted is what an accepted submission did.
type Accepted struct {
	Lead uint64
	// Receipt is the signed token of what the thank-you page may show of
	// the lead; "" without receipts or for a form about nothing.
	Receipt string
	// BookedVisit tells that the lead took a place of a visit slot: the
	// property's pages showing the free places are stale.
	BookedVisit bool
}

// Refusal is a submission the visitor is to change or not to send again:
// it is stored nowhere.
type Refusal struct {
	// Message is the code of the message of the whole (forms.json
	// messages): "failed", or a once rule's message.
	Message string
	// Problems are the fields' (none for a refusal of the whole: the
	// honeypot, a request already made).
	Problems Problems
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("leads: submission refused (%s, %d fields)", r.Message, len(r.Problems))
}

// failed refuses a submission for its fields' problems.
func failed(p Problems) *Refusal {
	if p == nil {
		p = Problems{}
	}
	return &Refusal{Message: "failed", Problems: p}
}

// Submit takes one submission of a form from its checks to its outbox:
// the honeypot, the form's rules (checked once, here), the captcha, what
// it is about, its once rule; then stores it as a lead with its
// deliveries, wakes the relay and signs its receipt. The error is a
// *Refusal (the visitor's to fix), ErrUnknownForm, or the server failing
// (the store, the captcha's backend): the visitor may retry.
func (s *Service) Submit(ctx context.Context, sub Submission) (Accepted, error) {
	form, ok := s.spec.Form(sub.Form)
	if !ok {
		return Accepted{}, fmt.Errorf("%w: %q", ErrUnknownForm, sub.Form)
	}
	if sub.Trap != "" {
		s.log.Info("forms: honeypot filled", "form", form.Name)
		return Accepted{}, failed(nil)
	}
	vals, probs := s.spec.Validate(form, sub.Fields)
	if len(probs) > 0 {
		return Accepted{}, failed(probs)
	}
	if c := s.helpers.Captcha; c != nil {
		switch err := c.Verify(ctx, sub.Captcha); {
		case errors.Is(err, captcha.ErrInvalid) || errors.Is(err, captcha.ErrExpired) || errors.Is(err, captcha.ErrReplayed):
			s.log.Info("forms: captcha refused", "form", form.Name, "err", err)
			return Accepted{}, failed(Problems{"altcha": {Code: "captcha"}})
		case err != nil:
			return Accepted{}, fmt.Errorf("leads: %s: check the captcha: %w", form.Name, err)
		}
	}
	n, probs, err := s.lead(form, sub.Lang, vals)
	switch {
	case err != nil:
		return Accepted{}, err
	case len(probs) > 0:
		return Accepted{}, failed(probs)
	}
	id, err := s.store.AddLead(n, n.Lead.Received)
	switch {
	case errors.Is(err, store.ErrSlotFull):
		return Accepted{}, failed(Problems{"slot": {Code: "slotFull"}})
	case errors.Is(err, store.ErrSlotBooked):
		return Accepted{}, failed(Problems{"slot": {Code: "slotBooked"}})
	case errors.Is(err, store.ErrAlreadyRequested) && form.Once != nil:
		return Accepted{}, &Refusal{Message: form.Once.Message, Problems: Problems{}}
	case err != nil:
		return Accepted{}, fmt.Errorf("leads: store %s: %w", form.Name, err)
	}
	if s.helpers.Relay != nil {
		s.helpers.Relay.Wake()
	}
	out := Accepted{Lead: id, BookedVisit: form.BooksVisit()}
	if r := s.helpers.Receipts; r != nil {
		out.Receipt = r.Issue(id, form.Name, n.Lead.PropertyID, n.Lead.ProjectID, n.Lead.SlotID)
	}
	s.log.Info("forms: lead accepted", "form", form.Name, "lead", id, "lang", sub.Lang)
	return out, nil
}

// lead makes the lead of a valid submission: postcodes for town names,
// what it is about checked to exist, its visit slot to have room, its
// password hashed, its deliveries and once rule. Problems are the
// visitor's; an error is reading the catalog failing.
func (s *Service) lead(form Form, lang listing.Lang, vals Values) (store.NewLead, Problems, error) {
	for _, f := range form.Fields {
		list, _ := vals[f.Name].([]string)
		if f.Items != ItemsPostcode || len(list) == 0 {
			continue
		}
		zips, p, err := s.spec.ResolveTowns(list, s.catalog)
		if err != nil || p != nil {
			return store.NewLead{}, probsOf(f.Name, p), err
		}
		vals[f.Name] = zips
	}
	now := s.now()
	n := store.NewLead{Lead: store.Lead{
		Form: form.Name, Lang: string(lang), Received: now.UTC(),
		Email: strings.ToLower(vals.String("email")), Fields: map[string]any{},
	}}
	if id := vals.Int("property"); id > 0 {
		if _, err := s.catalog.Property(lang, id); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return store.NewLead{}, Problems{"property": {Code: "unknownProperty"}}, nil
			}
			return store.NewLead{}, nil, fmt.Errorf("leads: read property %d: %w", id, err)
		}
		n.Lead.PropertyID = id
	}
	if id := vals.Int("project"); id > 0 {
		if _, err := s.catalog.Project(lang, id); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return store.NewLead{}, Problems{"project": {Code: "unknownProject"}}, nil
			}
			return store.NewLead{}, nil, fmt.Errorf("leads: read project %d: %w", id, err)
		}
		n.Lead.ProjectID = id
	}
	if id := vals.Int("slot"); id > 0 {
		slot, p, err := s.slot(n.Lead.PropertyID, id, now)
		if err != nil || p != nil {
			return store.NewLead{}, probsOf("slot", p), err
		}
		n.Slot = &store.SlotBooking{ID: slot.ID, Capacity: slot.Capacity, Booked: slot.Booked, Person: n.Lead.Email}
		n.Lead.SlotID = id
	}
	for name, v := range vals {
		f, _ := form.Field(name)
		switch {
		case f.Type == TypePassword && f.Match != "":
			continue // the confirmation is the password again
		case f.Type == TypePassword:
			hash, err := accounts.Hash(v.(string))
			if err != nil {
				return store.NewLead{}, nil, fmt.Errorf("leads: %w", err)
			}
			n.Lead.Fields[name+"Hash"] = hash
		case f.Type == TypeProperty || f.Type == TypeProject || f.Type == TypeSlot:
			continue // kept in the lead's own fields
		default:
			n.Lead.Fields[name] = v
		}
	}
	n.Kinds = s.kinds(form, n.Lead.Email != "")
	if form.Testimonial {
		n.Lead.Status = store.TestimonialPending
	}
	if o := form.Once; o != nil {
		n.Once, n.Window = onceKey(*o, n.Lead, vals), o.Window()
	}
	return n, nil, nil
}

func probsOf(field string, p *Problem) Problems {
	if p == nil {
		return nil
	}
	return Problems{field: *p}
}

// slot finds a bookable visit slot of the property: one that exists, has
// not started and has a place left by the platform's count (the store
// checks the site's own bookings in the same transaction as the lead).
func (s *Service) slot(propertyID, id int, now time.Time) (listing.VisitSlot, *Problem, error) {
	slots, err := s.catalog.VisitSlots(propertyID)
	if err != nil {
		return listing.VisitSlot{}, nil, fmt.Errorf("leads: read visit slots of %d: %w", propertyID, err)
	}
	for _, sl := range slots {
		if sl.ID != id {
			continue
		}
		if !sl.Start.After(now) {
			return sl, &Problem{Code: "slot"}, nil
		}
		if sl.Full() {
			return sl, &Problem{Code: "slotFull"}, nil
		}
		return sl, nil, nil
	}
	return listing.VisitSlot{}, &Problem{Code: "slot"}, nil
}

// kinds are the deliveries a form's lead owes: its mails, less the
// visitor's confirmation when they gave only a phone number, and the
// platform's push when the platform takes leads and the form has a call.
func (s *Service) kinds(form Form, email bool) []string {
	var k []string
	for _, m := range form.Mails {
		if m != KindVisitor || email {
			k = append(k, m)
		}
	}
	if s.platform && form.Platform != "" {
		k = append(k, KindPlatform)
	}
	return k
}

// onceKey is the store's key of a once rule: the values of its fields,
// the rule's name after the first ("an@example.be|documents|4030"), the
// layout the documents rule had before it was data, so the requests
// stored then still count.
func onceKey(o OnceRule, l store.Lead, vals Values) string {
	parts := make([]string, 0, len(o.Per)+1)
	for i, name := range o.Per {
		switch name {
		case "email":
			parts = append(parts, l.Email) // lower-cased: one person, however typed
		case "property":
			parts = append(parts, fmt.Sprint(l.PropertyID))
		case "project":
			parts = append(parts, fmt.Sprint(l.ProjectID))
		default:
			parts = append(parts, fmt.Sprint(vals[name]))
		}
		if i == 0 {
			parts = append(parts, o.Name)
		}
	}
	return strings.Join(parts, "|")
}
