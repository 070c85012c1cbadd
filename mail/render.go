package mail

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"net/url"
	"slices"
	"strings"
	"sync"
	texttemplate "text/template"
	"time"
	"unicode"

	"github.com/estate-agency/estate/internal/texts"
)

// Kind is which mail a lead produces. Its value is stable text so an outbox entry can store it.
type Kind string

const (
	// AgencyNotice tells the agency about a lead; the caller sets Reply-To to the visitor.
	AgencyNotice Kind = "agency-notice"
	// VisitorConfirmation thanks the visitor and copies what they sent; for a form that sends documents it is the
	// mail that carries the document links. Which forms send it is theirs to say (leads/forms.json "mails").
	VisitorConfirmation Kind = "visitor-confirmation"
	// FriendMessage carries a visitor's recommendation of a property to a friend; the caller sets Reply-To to the
	// sender.
	FriendMessage Kind = "friend-message"
	// DemandConfirmation is the visitor's mail of a form that opens an alert account (the demand register): the
	// single-use link that opens the account, what the account is, how to log in, change and unsubscribe, and what
	// the visitor sent. Nothing else reaches the address before the link is used (LeadView.Confirm).
	DemandConfirmation Kind = "demand-confirmation"
)

var kinds = []Kind{AgencyNotice, VisitorConfirmation, FriendMessage, DemandConfirmation}

// hiddenFields never appear in a mail: a password must not travel in clear text.
var hiddenFields = []string{"password", "passwordConfirm"}

// LeadView is what a lead's mails show. Values are plain text; the templates escape them for HTML.
type LeadView struct {
	Form     string
	Lang     string // the language the visitor used
	Received time.Time
	Subject  *SubjectView
	// Fields in form order, values already formatted as text (multi-line values keep their line breaks).
	Fields []FieldView
	Agency AgencyView
	// SendsDocuments makes the visitor's confirmation the documents mail: Documents are the links the visitor
	// asked for, none yet when empty.
	SendsDocuments bool
	Documents      []LinkView
	Slot           *SlotView // a booked visit
	// Location is the zone times are shown in (the agency's); nil shows them in their own zone.
	Location *time.Location
	// Confirm is the account a DemandConfirmation mail opens.
	Confirm *ConfirmView
}

// ConfirmView is what a demand register's confirmation mail says of the alert account it opens. URLs are absolute
// or site paths.
type ConfirmView struct {
	ConfirmURL string        // the single-use link that opens the account
	ValidFor   time.Duration // how long the link works
	LoginURL   string        // the login page
	ProfileURL string        // the search profile page: criteria, pause, unsubscribe
	Email      string        // the address the person logs in with
	// Existing: the address has an alert account already, whose password and criteria the link replaces.
	Existing bool
}

// ErrNoConfirmLink means a demand confirmation mail without its link or how long the link is valid.
var ErrNoConfirmLink = errors.New("mail: a demand confirmation needs its link and how long it is valid")

// SubjectView is the property or project a lead is about.
type SubjectView struct {
	Kind  string // "property" or "project"
	ID    int
	Title string
	URL   string
}

// FieldView is one submitted field.
type FieldView struct {
	Name  string
	Value string
}

// AgencyView is how the agency presents itself at the foot of visitor mails, and where its site is.
type AgencyView struct {
	Name    string
	Phone   string
	Email   string
	Website string
	// BaseURL is the site's address (server.base_url). Every link of every mail that is a site path (a
	// property's page, a document, a photo) is made absolute against it.
	BaseURL string
}

// LinkView is a titled link: a site path or an absolute address.
type LinkView struct {
	Title string
	URL   string
}

// SlotView is a booked visit.
type SlotView struct {
	Start time.Time
	End   time.Time
}

// ErrUnknownKind is returned by Render for a kind it has no template for.
var ErrUnknownKind = errors.New("mail: no such mail")

// Render writes the subject, plain text and HTML of one mail in lang (FallbackLanguage when lang has no texts).
func Render(kind Kind, lang string, v LeadView) (subject, text, html string, err error) {
	c, err := loadCatalog()
	if err != nil {
		return "", "", "", err
	}
	if !slices.Contains(kinds, kind) {
		return "", "", "", fmt.Errorf("%w: %q", ErrUnknownKind, kind)
	}
	if kind == DemandConfirmation && (v.Confirm == nil || strings.TrimSpace(v.Confirm.ConfirmURL) == "" || v.Confirm.ValidFor <= 0) {
		return "", "", "", ErrNoConfirmLink
	}
	lang = resolveLang(lang)
	links := newLinker(v.Agency.BaseURL)
	data := c.view(lang, kind, v, links)
	if links.err != nil {
		return "", "", "", links.err
	}
	if kind == DemandConfirmation && data.Confirm.URL == "" {
		return "", "", "", ErrNoConfirmLink
	}

	var buf bytes.Buffer
	tt := c.text[lang][kind]
	if err := tt.ExecuteTemplate(&buf, "subject", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s subject in %s: %w", kind, lang, err)
	}
	data.Subject = oneLine(buf.String())
	buf.Reset()
	if err := tt.ExecuteTemplate(&buf, "text", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s text in %s: %w", kind, lang, err)
	}
	text = tidyText(buf.String())
	buf.Reset()
	if err := c.html[lang][kind].ExecuteTemplate(&buf, "layout", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s html in %s: %w", kind, lang, err)
	}
	return data.Subject, text, buf.String(), nil
}

// Label is a field's label in lang as the mails show it (form may be empty).
func Label(lang, form, field string) string {
	c, err := loadCatalog()
	if err != nil {
		return field
	}
	return c.in(lang).label(form, field)
}

// OptionLabel is the words for a coded answer of field in lang (a title,
// a time slot, "true" for a ticked box under the field "bool"); the code
// itself when there are none.
func OptionLabel(lang, field, value string) string {
	c, err := loadCatalog()
	if err != nil {
		return value
	}
	return c.in(lang).or("options."+field+"."+value, value, nil)
}

// FormTitle is a form's title in lang as the mails show it.
func FormTitle(lang, form string) string {
	c, err := loadCatalog()
	if err != nil {
		return form
	}
	return c.in(lang).formTitle(form)
}

func resolveLang(lang string) string {
	if slices.Contains(languages, lang) {
		return lang
	}
	return FallbackLanguage
}

//go:embed templates
var templateFiles embed.FS

// catalog is every language's texts and parsed templates. It is built once from embedded files and never
// changes, so sharing it between goroutines is safe.
type catalog struct {
	words *texts.Catalog
	text  map[string]map[Kind]*texttemplate.Template
	html  map[string]map[Kind]*htmltemplate.Template
}

var loadCatalog = sync.OnceValues(parseCatalog)

func parseCatalog() (*catalog, error) {
	words, err := loadTexts()
	if err != nil {
		return nil, err
	}
	c := &catalog{
		words: words,
		text:  map[string]map[Kind]*texttemplate.Template{},
		html:  map[string]map[Kind]*htmltemplate.Template{},
	}
	for _, lang := range languages {
		c.text[lang] = map[Kind]*texttemplate.Template{}
		c.html[lang] = map[Kind]*htmltemplate.Template{}
		for _, kind := range kinds {
			base := "templates/" + lang + "/" + string(kind)
			tt, err := texttemplate.New("").Funcs(texttemplate.FuncMap(templateFuncs)).ParseFS(templateFiles, "templates/partials.txt", base+".txt")
			if err != nil {
				return nil, fmt.Errorf("mail: parse %s.txt: %w", base, err)
			}
			ht, err := htmltemplate.New("").Funcs(htmltemplate.FuncMap(templateFuncs)).ParseFS(templateFiles, "templates/layout.html", base+".html")
			if err != nil {
				return nil, fmt.Errorf("mail: parse %s.html: %w", base, err)
			}
			c.text[lang][kind] = tt
			c.html[lang][kind] = ht
		}
	}
	return c, nil
}

// view is what the templates see: everything already worded in the mail's language.
type view struct {
	Lang            string
	Colon           string
	Subject         string
	Form            string
	FormTitle       string
	Received        string
	VisitorLanguage string
	Item            *itemView
	Fields          []fieldRow
	Person          person
	Friend          person
	Message         []string
	Agency          AgencyView
	AgencyMailto    string
	SendsDocuments  bool
	Documents       []LinkView
	Slot            string
	Thanks          string
	Next            string
	Confirm         *confirmData
}

type confirmData struct {
	URL        string
	ValidFor   string // "2 days"
	LoginURL   string
	ProfileURL string
	Email      string
	Existing   bool
}

type itemView struct {
	KindLabel string
	Ref       string // the abbreviation before the ID: réf. in French
	ID        int
	Title     string
	URL       string
}

type fieldRow struct {
	Label string
	Lines []string
}

type person struct {
	Name  string
	Email string
	Phone string
}

// in is lang's words (FallbackLanguage's for a language mails are not written in).
func (c *catalog) in(lang string) words { return words{c: c.words, lang: resolveLang(lang)} }

func (c *catalog) view(lang string, kind Kind, v LeadView, links *linker) *view {
	t := c.in(lang)
	local := func(tm time.Time) time.Time {
		if v.Location != nil {
			return tm.In(v.Location)
		}
		return tm
	}
	d := &view{
		Lang:           lang,
		Colon:          t.or("colon", ": ", nil),
		Form:           v.Form,
		SendsDocuments: v.SendsDocuments,
		FormTitle:      t.formTitle(v.Form),
		Received:       t.dateTime(local(v.Received)),
		Agency:         links.agency(v.Agency),
		Thanks:         t.thanks(v.Form),
		Next:           t.get("next." + v.Form),
	}
	for _, doc := range v.Documents {
		if u := links.abs(doc.URL); u != "" {
			d.Documents = append(d.Documents, LinkView{Title: doc.Title, URL: u})
		}
	}
	if e := oneLine(v.Agency.Email); e != "" {
		d.AgencyMailto = (&url.URL{Scheme: "mailto", Opaque: e}).String()
	}
	d.VisitorLanguage = t.or("languages."+v.Lang, v.Lang, nil)
	if s := v.Subject; s != nil {
		d.Item = &itemView{KindLabel: t.or("subjects."+s.Kind, s.Kind, nil), Ref: t.get("reference"), ID: s.ID, Title: oneLine(s.Title), URL: links.abs(s.URL)}
	}
	if v.Slot != nil {
		d.Slot = t.slot(local(v.Slot.Start), local(v.Slot.End))
	}
	if cv := v.Confirm; cv != nil && kind == DemandConfirmation {
		d.Confirm = &confirmData{URL: links.abs(cv.ConfirmURL), ValidFor: duration(t, cv.ValidFor),
			LoginURL: links.abs(cv.LoginURL), ProfileURL: links.abs(cv.ProfileURL), Email: oneLine(cv.Email), Existing: cv.Existing}
	}
	values := map[string]string{}
	for _, f := range v.Fields {
		if slices.Contains(hiddenFields, f.Name) || strings.TrimSpace(f.Value) == "" || shownAbove(f.Name, v) {
			continue
		}
		values[f.Name] = f.Value
		// The friend only sees the sender's message, not the form's bookkeeping.
		if kind == FriendMessage {
			continue
		}
		d.Fields = append(d.Fields, fieldRow{Label: t.label(v.Form, f.Name), Lines: lines(f.Value)})
	}
	d.Person = person{
		Name:  fullName(values["firstName"], values["lastName"], values["name"]),
		Email: oneLine(values["email"]),
		Phone: oneLine(values["phone"]),
	}
	d.Friend = person{
		Name:  fullName(values["friendFirstName"], values["friendLastName"], ""),
		Email: oneLine(values["friendEmail"]),
	}
	if m := strings.TrimSpace(values["message"]); m != "" {
		d.Message = lines(m)
	}
	return d
}

// shownAbove tells the fields whose raw value (an id) the mail already shows in words: the property or project
// with its title and link, the visit with its date.
func shownAbove(field string, v LeadView) bool {
	switch field {
	case "property", "project":
		return v.Subject != nil
	case "slot":
		return v.Slot != nil
	}
	return false
}

func fullName(first, last, whole string) string {
	if n := oneLine(first + " " + last); n != "" {
		return n
	}
	return oneLine(whole)
}

// lines splits a value so each template can put its own line break (text) or <br> (HTML) between lines.
func lines(s string) []string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	out := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range out {
		out[i] = strings.TrimRightFunc(stripControls(l), unicode.IsSpace)
	}
	return out
}

// oneLine folds anything typed by a visitor into a single line: subjects and names must never carry a line break.
// No-break spaces stay what they are: French typography puts them before : ; ? ! so that a line never starts there.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(stripControls(s), breaks), " ")
}

func breaks(r rune) bool {
	return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f'
}

func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\t' {
			return ' '
		}
		return r
	}, s)
}

// tidyText trims trailing blanks and keeps at most one empty line in a row, so templates can be laid out
// readably without their layout leaking into the mail.
func tidyText(s string) string {
	var out []string
	blank := false
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimRightFunc(l, unicode.IsSpace)
		if l == "" {
			if !blank && len(out) > 0 {
				out = append(out, "")
			}
			blank = true
			continue
		}
		blank = false
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}
