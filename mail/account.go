package mail

import (
	"bytes"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"math"
	"net/url"
	"strings"
	"sync"
	texttemplate "text/template"
	"time"

	"github.com/estate-agency/estate/internal/texts"
)

// The account mails: search alerts to searchers and the link to choose a
// password. They share the lead mails' layout, languages and escaping, but
// not their view: they are about listings and links, not form fields.
const (
	alertMail = "alert"
	resetMail = "password-reset"
)

var accountMails = []string{alertMail, resetMail}

// MaxAlertItems is how many listings one alert mail shows at most; the
// caller splits longer lists over several mails.
const MaxAlertItems = 10

// Alert item kinds, as package alerts names listing changes.
const (
	AlertNew       = "new"
	AlertPriceDrop = "price-drop"
	AlertStatus    = "status" // back on the market
)

// AlertView is what an alert mail shows: the listings that match a
// searcher's demand and the links to change the demand or stop the mails.
type AlertView struct {
	Agency         AgencyView
	Items          []AlertItem
	AccountURL     string // the searcher's criteria page
	UnsubscribeURL string // works without logging in
	Digest         bool   // the daily digest rather than an immediate alert
}

// AlertItem is one listing of an alert mail. Texts are plain and already
// in the mail's language; URLs are site paths or absolute addresses.
type AlertItem struct {
	Kind         string `json:"kind"` // AlertNew, AlertPriceDrop or AlertStatus
	Title        string `json:"title"`
	City         string `json:"city"`
	PriceText    string `json:"priceText"`
	OldPriceText string `json:"oldPriceText,omitempty"` // a price drop's price before
	URL          string `json:"url"`
	PhotoURL     string `json:"photoUrl,omitempty"`
	PhotoWidth   int    `json:"photoWidth,omitempty"`
	PhotoHeight  int    `json:"photoHeight,omitempty"`
}

// ResetView is what the mail with a link to choose a password shows.
type ResetView struct {
	Agency   AgencyView
	ResetURL string
	ValidFor time.Duration
}

// Errors of the account mails' views.
var (
	ErrNoItems       = errors.New("mail: an alert needs at least one listing")
	ErrNoUnsubscribe = errors.New("mail: an alert needs an unsubscribe link")
	ErrNoResetLink   = errors.New("mail: a password mail needs its link and how long it is valid")
)

// alertPhotoWidth is the width photos take in an alert mail, in CSS pixels.
const alertPhotoWidth = 160

// RenderAlert writes the subject, plain text and HTML of an alert mail in
// lang (FallbackLanguage when lang has no texts). It shows the first
// MaxAlertItems items.
func RenderAlert(lang string, v AlertView) (subject, text, html string, err error) {
	if len(v.Items) == 0 {
		return "", "", "", ErrNoItems
	}
	if strings.TrimSpace(v.UnsubscribeURL) == "" {
		return "", "", "", ErrNoUnsubscribe
	}
	c, err := loadAccountCatalog()
	if err != nil {
		return "", "", "", err
	}
	links := newLinker(v.Agency.BaseURL)
	lang = resolveLang(lang)
	t := words{c: c.words, lang: lang}
	items := v.Items[:min(len(v.Items), MaxAlertItems)]
	d := &alertData{
		accountData:    newAccountData(lang, v.Agency, links),
		Count:          len(items),
		Digest:         v.Digest,
		AccountURL:     links.abs(v.AccountURL),
		UnsubscribeURL: links.abs(v.UnsubscribeURL),
		Was:            t.get("account.was"),
		View:           t.get("account.view"),
	}
	if len(items) == 1 {
		d.Single = items[0].Kind
	}
	d.SubjectLine, d.Intro = alertWords(t, d.Count, d.Single, v.Digest)
	for _, it := range items {
		row := alertRow{
			Kind: it.Kind, Label: t.get("account.kinds." + it.Kind),
			Title: oneLine(it.Title), City: oneLine(it.City),
			PriceText: oneLine(it.PriceText), OldPriceText: oneLine(it.OldPriceText),
			URL: links.abs(it.URL), PhotoURL: links.abs(it.PhotoURL),
		}
		if row.Label == "" {
			row.Label = t.get("account.kinds." + AlertNew)
		}
		if it.Kind != AlertPriceDrop {
			row.OldPriceText = ""
		}
		row.Alt = row.Title
		if row.City != "" && !strings.Contains(row.Title, row.City) {
			row.Alt += ", " + row.City
		}
		// Width and height reserve the photo's room before it loads; a
		// photo without its size gets the usual 4:3.
		row.PhotoWidth, row.PhotoHeight = alertPhotoWidth, alertPhotoWidth*3/4
		if it.PhotoWidth > 0 && it.PhotoHeight > 0 {
			row.PhotoHeight = int(math.Round(float64(alertPhotoWidth) * float64(it.PhotoHeight) / float64(it.PhotoWidth)))
		}
		d.Items = append(d.Items, row)
	}
	if links.err != nil {
		return "", "", "", links.err
	}
	if d.UnsubscribeURL == "" {
		return "", "", "", ErrNoUnsubscribe
	}
	return c.render(alertMail, lang, d, &d.Subject)
}

// RenderPasswordReset writes the subject, plain text and HTML of the mail
// with a single-use link to choose a new password, in lang.
func RenderPasswordReset(lang string, v ResetView) (subject, text, html string, err error) {
	if strings.TrimSpace(v.ResetURL) == "" || v.ValidFor <= 0 {
		return "", "", "", ErrNoResetLink
	}
	c, err := loadAccountCatalog()
	if err != nil {
		return "", "", "", err
	}
	links := newLinker(v.Agency.BaseURL)
	lang = resolveLang(lang)
	d := &resetData{
		accountData: newAccountData(lang, v.Agency, links),
		ResetURL:    links.abs(v.ResetURL),
		ValidFor:    duration(words{c: c.words, lang: lang}, v.ValidFor),
	}
	if links.err != nil {
		return "", "", "", links.err
	}
	if d.ResetURL == "" {
		return "", "", "", ErrNoResetLink
	}
	return c.render(resetMail, lang, d, &d.Subject)
}

// accountData is what every account mail's templates see: the layout's
// language and subject, and the agency for the signature.
type accountData struct {
	Lang         string
	Subject      string
	Agency       AgencyView
	AgencyMailto string
}

func newAccountData(lang string, a AgencyView, links *linker) accountData {
	d := accountData{Lang: lang, Agency: AgencyView{
		Name: oneLine(a.Name), Phone: oneLine(a.Phone), Email: oneLine(a.Email), Website: links.abs(oneLine(a.Website)),
	}}
	if d.Agency.Email != "" {
		d.AgencyMailto = (&url.URL{Scheme: "mailto", Opaque: d.Agency.Email}).String()
	}
	return d
}

type alertData struct {
	accountData
	Count          int
	Single         string // the kind of the only item, when there is one
	Digest         bool
	Items          []alertRow
	AccountURL     string
	UnsubscribeURL string
	Was            string // the words before a dropped price's old price
	View           string // the link text to a listing
	SubjectLine    string // what the subject template writes
	Intro          string // the sentence before the listings
}

// alertWords are an alert mail's subject and the sentence before its
// listings, each in the plural form of the count of listings; a mail of one
// price drop or one listing back on the market says so in its subject.
func alertWords(t words, n int, single string, digest bool) (subject, intro string) {
	const at = "account.alert."
	intro = t.c.Count(t.lang, at+"intro", n, nil)
	switch {
	case digest:
		return t.c.Count(t.lang, at+"digestSubject", n, nil), t.get(at + "digestIntro")
	case n == 1 && single == AlertPriceDrop:
		return t.get(at + "priceDropSubject"), intro
	case n == 1 && single == AlertStatus:
		return t.get(at + "statusSubject"), intro
	}
	return t.c.Count(t.lang, at+"subject", n, nil), intro
}

type alertRow struct {
	Kind         string
	Label        string
	Title        string
	City         string
	PriceText    string
	OldPriceText string
	URL          string
	PhotoURL     string
	PhotoWidth   int
	PhotoHeight  int
	Alt          string
}

type resetData struct {
	accountData
	ResetURL string
	ValidFor string // "60 minutes"
}

// render executes a mail's subject into *subject first, since the HTML
// layout shows it as the page title.
func (c *accountCatalog) render(name, lang string, data any, subject *string) (string, string, string, error) {
	var buf bytes.Buffer
	tt := c.text[lang][name]
	if err := tt.ExecuteTemplate(&buf, "subject", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s subject in %s: %w", name, lang, err)
	}
	*subject = oneLine(buf.String())
	buf.Reset()
	if err := tt.ExecuteTemplate(&buf, "text", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s text in %s: %w", name, lang, err)
	}
	text := tidyText(buf.String())
	buf.Reset()
	if err := c.html[lang][name].ExecuteTemplate(&buf, "layout", data); err != nil {
		return "", "", "", fmt.Errorf("mail: render %s html in %s: %w", name, lang, err)
	}
	return *subject, text, buf.String(), nil
}

// duration words how long a link stays valid: minutes up to two hours,
// hours up to two days, days beyond, each in the plural form of its count
// ("account.units.minute" of texts/{lang}.json).
func duration(t words, d time.Duration) string {
	n, unit := int(math.Round(d.Minutes())), "minute"
	switch {
	case d >= 48*time.Hour:
		n, unit = int(math.Round(d.Hours()/24)), "day"
	case d >= 2*time.Hour:
		n, unit = int(math.Round(d.Hours())), "hour"
	}
	return t.c.Count(t.lang, "account.units."+unit, max(n, 1), nil)
}

// accountCatalog is the account mails' templates by language, and the words
// of the account mails that are not whole sentences (the "account" texts:
// alert kinds, "was", "view", units).
type accountCatalog struct {
	words *texts.Catalog
	text  map[string]map[string]*texttemplate.Template
	html  map[string]map[string]*htmltemplate.Template
}

var loadAccountCatalog = sync.OnceValues(parseAccountCatalog)

func parseAccountCatalog() (*accountCatalog, error) {
	words, err := loadTexts()
	if err != nil {
		return nil, err
	}
	c := &accountCatalog{
		words: words,
		text:  map[string]map[string]*texttemplate.Template{},
		html:  map[string]map[string]*htmltemplate.Template{},
	}
	for _, lang := range languages {
		if !words.Has(lang, "account.was") {
			return nil, fmt.Errorf("mail: texts for %q have no account words", lang)
		}
		c.text[lang] = map[string]*texttemplate.Template{}
		c.html[lang] = map[string]*htmltemplate.Template{}
		for _, name := range accountMails {
			base := "templates/" + lang + "/" + name
			tt, err := texttemplate.New("").Funcs(texttemplate.FuncMap(templateFuncs)).ParseFS(templateFiles, "templates/partials.txt", "templates/account.txt", base+".txt")
			if err != nil {
				return nil, fmt.Errorf("mail: parse %s.txt: %w", base, err)
			}
			ht, err := htmltemplate.New("").Funcs(htmltemplate.FuncMap(templateFuncs)).ParseFS(templateFiles, "templates/layout.html", "templates/account.html", base+".html")
			if err != nil {
				return nil, fmt.Errorf("mail: parse %s.html: %w", base, err)
			}
			c.text[lang][name], c.html[lang][name] = tt, ht
		}
	}
	return c, nil
}
