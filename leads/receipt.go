package leads

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
)

// ReceiptTTL is how long a thank-you page can tell what its form did. The
// page is seen the moment after sending; the mails keep the details for good.
const ReceiptTTL = 24 * time.Hour

var (
	// ErrNoReceipt means a token that is not one of ours, or was altered.
	ErrNoReceipt = errors.New("leads: no such receipt")
	// ErrReceiptExpired means a receipt older than ReceiptTTL.
	ErrReceiptExpired = errors.New("leads: the receipt has expired")
	// ErrNoVisit means a receipt of a lead that booked no visit.
	ErrNoVisit = errors.New("leads: the receipt has no visit")
)

// Receipt is what a thank-you page may say of a lead: what it was about,
// the visit it booked and what its documents mail carries. Its address is
// public, so a receipt never says who sent the lead or what they wrote.
type Receipt struct {
	Form    string
	Subject *ReceiptSubject // nil when the property or project is gone
	Visit   *ReceiptVisit   // a form that books a visit
	// Documents is how many documents the documents mail links to, for a
	// form that sends them (0: it says there are none yet, or the property
	// is gone); nil for the other forms.
	Documents *int
}

// ReceiptSubject is the property or project a lead was about.
type ReceiptSubject struct {
	Kind  string // "property" or "project"
	ID    int
	Title string
	Path  string       // its page on the site
	Goal  listing.Goal // a property's: for sale or for rent
}

// ReceiptVisit is a booked visit as the mails word it.
type ReceiptVisit struct {
	Start, End time.Time
	Words      mail.VisitWords
}

// Receipts issue the signed, expiring tokens a form's answer carries to its
// thank-you page, and read them back. A token names the lead and what it is
// about, never the visitor; the page learns from it what the mails say.
type Receipts struct {
	key    []byte
	mailer *Mailer
	now    func() time.Time
}

// NewReceipts returns receipts signed with key (32 bytes or more, kept
// across restarts) that read what they show through the mailer, so the page
// and the mails agree.
func NewReceipts(key []byte, m *Mailer, now func() time.Time) (*Receipts, error) {
	if len(key) < 32 {
		return nil, errors.New("leads: the receipt key needs 32 bytes or more")
	}
	if now == nil {
		now = time.Now
	}
	return &Receipts{key: key, mailer: m, now: now}, nil
}

// receiptVersion starts every token, so its layout can change.
const receiptVersion = 1

type receiptClaims struct {
	lead                    uint64
	property, project, slot int
	expires                 int64 // Unix seconds
	form                    string
}

// Issue signs the receipt of a lead about a property or project (and its
// visit slot); "" for a form about nothing a thank-you page could show.
func (r *Receipts) Issue(lead uint64, form string, property, project, slot int) string {
	if property <= 0 && project <= 0 {
		return ""
	}
	b := []byte{receiptVersion}
	b = binary.AppendUvarint(b, lead)
	for _, n := range []int{property, project, slot} {
		b = binary.AppendUvarint(b, uint64(max(n, 0)))
	}
	b = binary.AppendVarint(b, r.now().Add(ReceiptTTL).Unix())
	b = append(b, form...)
	return base64.RawURLEncoding.EncodeToString(b) + "." + base64.RawURLEncoding.EncodeToString(r.mac(b))
}

func (r *Receipts) mac(b []byte) []byte {
	h := hmac.New(sha256.New, r.key)
	h.Write(b)
	return h.Sum(nil)
}

func (r *Receipts) open(token string) (receiptClaims, error) {
	payload, sum, ok := strings.Cut(token, ".")
	b, err1 := base64.RawURLEncoding.DecodeString(payload)
	got, err2 := base64.RawURLEncoding.DecodeString(sum)
	if !ok || err1 != nil || err2 != nil || !hmac.Equal(got, r.mac(b)) || len(b) == 0 || b[0] != receiptVersion {
		return receiptClaims{}, ErrNoReceipt
	}
	var c receiptClaims
	rest := b[1:]
	next := func() uint64 {
		v, n := binary.Uvarint(rest)
		if n <= 0 {
			ok = false
			return 0
		}
		rest = rest[n:]
		return v
	}
	c.lead = next()
	c.property, c.project, c.slot = int(next()), int(next()), int(next())
	exp, n := binary.Varint(rest)
	if !ok || n <= 0 {
		return receiptClaims{}, ErrNoReceipt
	}
	c.expires, c.form = exp, string(rest[n:])
	if r.now().Unix() > c.expires {
		return receiptClaims{}, ErrReceiptExpired
	}
	return c, nil
}

// Receipt reads a token and gathers, in lang, what its thank-you page shows.
func (r *Receipts) Receipt(lang listing.Lang, token string) (Receipt, error) {
	c, err := r.open(token)
	if err != nil {
		return Receipt{}, err
	}
	m := r.mailer
	out := Receipt{Form: c.form}
	form, _ := m.Spec.Form(c.form)
	if form.SendsDocuments {
		out.Documents = new(int)
	}
	if c.property > 0 {
		p, err := m.Catalog.Property(lang, c.property)
		switch {
		case errors.Is(err, store.ErrNotFound):
			return out, nil
		case err != nil:
			return Receipt{}, fmt.Errorf("leads: receipt: read property %d: %w", c.property, err)
		}
		out.Subject = &ReceiptSubject{Kind: "property", ID: p.ID, Title: firstNonEmpty(p.Title, p.Type), Path: m.Links.PropertyPath(p, lang), Goal: p.Goal}
		if out.Documents != nil {
			*out.Documents = len(documentLinks(p))
		}
		if c.slot > 0 {
			switch s, err := m.slot(c.property, c.slot); {
			case err == nil:
				out.Visit = &ReceiptVisit{Start: s.Start, End: s.End, Words: mail.Visit(string(lang), out.Subject.Title, s.Start, s.End, m.Location)}
			case !errors.Is(err, errNoSlot):
				return Receipt{}, fmt.Errorf("leads: receipt: %w", err)
			}
		}
	}
	if c.project > 0 {
		p, err := m.Catalog.Project(lang, c.project)
		switch {
		case errors.Is(err, store.ErrNotFound):
			return out, nil
		case err != nil:
			return Receipt{}, fmt.Errorf("leads: receipt: read project %d: %w", c.project, err)
		}
		out.Subject = &ReceiptSubject{Kind: "project", ID: p.ID, Title: p.Name, Path: m.Links.ProjectPath(p, lang)}
	}
	return out, nil
}

// Calendar is the visit of a token's lead as an iCalendar file to download:
// the event of its mails, published without the visitor as attendee.
func (r *Receipts) Calendar(lang listing.Lang, token string) ([]byte, error) {
	c, err := r.open(token)
	if err != nil {
		return nil, err
	}
	if c.property <= 0 || c.slot <= 0 {
		return nil, ErrNoVisit
	}
	ev, err := r.mailer.VisitEvent(lang, c.lead, c.property, c.slot)
	if errors.Is(err, errNoSlot) || errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %v", ErrNoVisit, err)
	}
	if err != nil {
		return nil, err
	}
	return mail.Publication(ev)
}
