package httpd

import (
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/site"
)

// Receipts tell a thank-you page what its form did: a form's answer carries
// a signed, expiring token to it (package leads, which issues them).
type Receipts interface {
	Receipt(lang listing.Lang, token string) (leads.Receipt, error)
	Calendar(lang listing.Lang, token string) ([]byte, error)
}

// receiptParam is the thank-you page's query parameter that carries the
// receipt. A query, not a fragment, so the page says what happened even to a
// browser that runs no script; the request log leaves queries out.
const receiptParam = "receipt"

// receiptAnswer is GET /api/receipt's answer (ui/src/lib/api/receipt.ts): what
// the mails say of a lead, never who sent it.
type receiptAnswer struct {
	Form    string          `json:"form"`
	Subject *receiptSubject `json:"subject,omitempty"`
	Visit   *receiptVisit   `json:"visit,omitempty"`
	// Documents is how many documents the documents mail links to (only
	// for a form that sends them; 0: the mail says there are none yet).
	Documents *int `json:"documents,omitempty"`
}

type receiptSubject struct {
	Kind  string `json:"kind"` // "property" or "project"
	ID    int    `json:"id"`
	Title string `json:"title"`
	URL   string `json:"url"`            // its page, a site path
	Goal  string `json:"goal,omitempty"` // a property's: "sale" or "rent"
}

type receiptVisit struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	// When is the visit's time as the confirmation mail writes it, in the
	// agency's zone.
	When string `json:"when"`
	// Calendar is the address of the visit's .ics file.
	Calendar string `json:"calendar"`
}

// receiptHandler answers /api/receipt and /api/receipt/visit.ics.
type receiptHandler struct {
	receipts Receipts
	langs    []listing.Lang
	def      listing.Lang
	log      *slog.Logger
}

// receipt answers GET /api/receipt?token=…&lang=…: 200 with the receipt,
// 404 for a token that is not ours, 410 for an expired one.
func (h *receiptHandler) receipt(c *gin.Context) {
	private(c)
	lang := langIn(h.langs, h.def, c.Query("lang"))
	token := c.Query("token")
	r, err := h.receipts.Receipt(lang, token)
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, answerOf(r, lang, token))
}

// calendar answers GET /api/receipt/visit.ics?token=…&lang=…: the booked
// visit as the event its mails carry, to add to a calendar.
func (h *receiptHandler) calendar(c *gin.Context) {
	private(c)
	ics, err := h.receipts.Calendar(langIn(h.langs, h.def, c.Query("lang")), c.Query("token"))
	if err != nil {
		h.fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="visit.ics"`)
	c.Data(http.StatusOK, mail.PublicationContentType, ics)
}

func (h *receiptHandler) fail(c *gin.Context, err error) {
	switch {
	case errors.Is(err, leads.ErrNoReceipt), errors.Is(err, leads.ErrNoVisit):
		fail(c, http.StatusNotFound, "no such receipt")
	case errors.Is(err, leads.ErrReceiptExpired):
		fail(c, http.StatusGone, "this receipt has expired")
	default:
		h.log.Error("receipt", "err", err)
		fail(c, http.StatusServiceUnavailable, "the receipt cannot be read now")
	}
}

// private keeps a receipt, one visitor's, out of every cache and index.
func private(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.Header("X-Robots-Tag", "noindex")
}

func answerOf(r leads.Receipt, lang listing.Lang, token string) receiptAnswer {
	a := receiptAnswer{Form: r.Form}
	if s := r.Subject; s != nil {
		a.Subject = &receiptSubject{Kind: s.Kind, ID: s.ID, Title: s.Title, URL: s.Path, Goal: string(s.Goal)}
	}
	if v := r.Visit; v != nil {
		a.Visit = &receiptVisit{Start: v.Start.UTC(), End: v.End.UTC(), When: v.Words.When, Calendar: calendarPath(lang, token)}
	}
	a.Documents = r.Documents
	return a
}

func calendarPath(lang listing.Lang, token string) string {
	return "/api/receipt/visit.ics?" + url.Values{"lang": {string(lang)}, "token": {token}}.Encode()
}

// feedbackNote is what a thank-you page says to a browser that runs no
// script: the form's thanks in its mail's words, and with a receipt what
// was booked and the way back to what the form was about.
type feedbackNote struct {
	Title  string
	Thanks string
	// Visit and Subject come from the page's receipt; nil without one.
	Visit   *feedbackVisit
	Subject *receiptSubject
}

type feedbackVisit struct {
	Booked       string
	Calendar     string
	CalendarText string
}

var feedbackTemplate = template.Must(template.New("feedback").Parse(`<noscript><main class="container"><h1>{{.Title}}</h1>
<p>{{.Thanks}}</p>{{with .Visit}}
<p>{{.Booked}}</p>{{end}}{{with .Subject}}
<p><a href="{{.URL}}">{{.Title}}</a></p>{{end}}{{with .Visit}}
<p><a href="{{.Calendar}}" download>{{.CalendarText}}</a></p>{{end}}</main></noscript>
`))

// feedbackNote is the note of a thank-you page, with what its receipt
// token tells when it is valid and of the page's form.
func (h *pagesHandler) feedbackNote(d site.PageData, token string) *feedbackNote {
	form := strings.TrimSuffix(strings.TrimPrefix(d.Internal, "/feedback/"), "/")
	n := &feedbackNote{Title: d.Title, Thanks: mail.Thanks(string(d.Lang), form)}
	if token == "" || h.receipts == nil {
		return n
	}
	r, err := h.receipts.Receipt(d.Lang, token)
	if err != nil || r.Form != form {
		return n
	}
	a := answerOf(r, d.Lang, token)
	n.Subject = a.Subject
	if r.Visit != nil {
		n.Visit = &feedbackVisit{Booked: r.Visit.Words.Booked, Calendar: a.Visit.Calendar, CalendarText: r.Visit.Words.Calendar}
	}
	return n
}
