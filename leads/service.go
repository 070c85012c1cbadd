package leads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/estate-agency/estate/accounts"
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

var (
	// ErrUnknownForm means no form has that name.
	ErrUnknownForm = errors.New("leads: unknown form")
	// ErrAlreadyRequested means the person made the same request within its
	// form's once window (OnceRule).
	ErrAlreadyRequested = errors.New("leads: already requested")
)

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

// Searchers open the alert account a demand register asks for.
type Searchers interface {
	// OpenSearcher makes the account of a stored demand-register lead,
	// whose password came as the argon2id hash passwordHash. An address
	// that has an account already keeps it unchanged. The lead is safe on
	// disk and reaches the agency whatever happens here, so failures are
	// the implementation's to log, not the visitor's to see.
	OpenSearcher(l store.Lead, passwordHash string)
}

// Service accepts submissions.
type Service struct {
	spec    *Spec
	store   Store
	catalog Catalog
	now     func() time.Time
	// platform is true when leads also go to the listing platform.
	platform bool
	// searchers, when set, get the demand registers.
	searchers Searchers
}

// OpenSearchersWith makes every demand register also open an alert account.
func (s *Service) OpenSearchersWith(sr Searchers) { s.searchers = sr }

// NewService returns a service over the spec; platform says whether the
// listing platform takes leads (a real platform source, not the demo's files).
func NewService(spec *Spec, st Store, catalog Catalog, platform bool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{spec: spec, store: st, catalog: catalog, now: now, platform: platform}
}

// Spec returns the form contract the service checks against.
func (s *Service) Spec() *Spec { return s.spec }

// Submission is a form as the visitor sent it.
type Submission struct {
	Form   string
	Lang   listing.Lang
	Fields map[string]json.RawMessage
}

// Submit validates a submission and stores it as a lead with its outbox
// entries. Problems (the visitor's to fix) come back without an error; an
// error is ErrUnknownForm, ErrAlreadyRequested or the store failing.
func (s *Service) Submit(ctx context.Context, sub Submission) (uint64, Problems, error) {
	form, ok := s.spec.Form(sub.Form)
	if !ok {
		return 0, nil, fmt.Errorf("%w: %q", ErrUnknownForm, sub.Form)
	}
	vals, probs := s.spec.Validate(form, sub.Fields)
	if len(probs) > 0 {
		return 0, probs, nil
	}
	for _, f := range form.Fields {
		list, _ := vals[f.Name].([]string)
		if f.Items != ItemsPostcode || len(list) == 0 {
			continue
		}
		zips, p, err := s.spec.ResolveTowns(list, s.catalog)
		if err != nil || p != nil {
			return 0, probsOf(f.Name, p), err
		}
		vals[f.Name] = zips
	}
	now := s.now()
	n := store.NewLead{Lead: store.Lead{
		Form: form.Name, Lang: string(sub.Lang), Received: now.UTC(),
		Email: strings.ToLower(vals.String("email")), Fields: map[string]any{},
	}}
	if id := vals.Int("property"); id > 0 {
		if _, err := s.catalog.Property(sub.Lang, id); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return 0, Problems{"property": {Code: "unknownProperty"}}, nil
			}
			return 0, nil, fmt.Errorf("leads: read property %d: %w", id, err)
		}
		n.Lead.PropertyID = id
	}
	if id := vals.Int("project"); id > 0 {
		if _, err := s.catalog.Project(sub.Lang, id); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return 0, Problems{"project": {Code: "unknownProject"}}, nil
			}
			return 0, nil, fmt.Errorf("leads: read project %d: %w", id, err)
		}
		n.Lead.ProjectID = id
	}
	if id := vals.Int("slot"); id > 0 {
		slot, p, err := s.slot(n.Lead.PropertyID, id, now)
		if err != nil || p != nil {
			return 0, probsOf("slot", p), err
		}
		n.Slot = &store.SlotBooking{ID: slot.ID, Capacity: slot.Capacity, Booked: slot.Booked}
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
				return 0, nil, fmt.Errorf("leads: %w", err)
			}
			n.Lead.Fields[name+"Hash"] = hash
		case f.Type == TypeProperty || f.Type == TypeProject || f.Type == TypeSlot:
			continue // kept in the lead's own fields
		default:
			n.Lead.Fields[name] = v
		}
	}
	n.Kinds = s.kinds(form, n.Lead.Email != "")
	if form.Name == store.TestimonialForm {
		n.Lead.Status = store.TestimonialPending
	}
	if o := form.Once; o != nil {
		n.Once, n.Window = onceKey(*o, n.Lead, vals), o.Window()
	}
	id, err := s.store.AddLead(n, now)
	switch {
	case errors.Is(err, store.ErrSlotFull):
		return 0, Problems{"slot": {Code: "slotFull"}}, nil
	case errors.Is(err, store.ErrAlreadyRequested):
		return 0, nil, ErrAlreadyRequested
	case err != nil:
		return 0, nil, fmt.Errorf("leads: store %s: %w", form.Name, err)
	}
	if pw, ok := form.accountPassword(); ok && form.OpensAccount && s.searchers != nil {
		if hash, ok := n.Lead.Fields[pw.Name+"Hash"].(string); ok {
			l := n.Lead
			l.ID = id
			s.searchers.OpenSearcher(l, hash)
		}
	}
	return id, nil, nil
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
