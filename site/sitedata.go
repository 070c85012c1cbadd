package site

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

// SiteData is the shell's configuration as the UI receives it: the same for
// every page, translatable texts kept per language (ui/src/lib/api/types.ts).
type SiteData struct {
	Languages       []listing.Lang      `json:"languages"`
	DefaultLanguage listing.Lang        `json:"defaultLanguage"`
	BaseURL         string              `json:"baseUrl"`
	Routes          []RouteEntry        `json:"routes"`
	Agency          Agency              `json:"agency"`
	Header          config.Header       `json:"header"`
	TopBar          config.TopBar       `json:"topBar"`
	Menu            []config.MenuItem   `json:"menu"`
	Banner          config.ImageSetting `json:"banner"`
	HomeSearch      config.HomeSearch   `json:"homeSearch"`
	Footer          Footer              `json:"footer"`
	Analytics       config.Analytics    `json:"analytics"`
	Consent         config.Consent      `json:"consent"`
	Map             config.MapSettings  `json:"map"`
	Calculator      *config.Calculator  `json:"calculator,omitempty"`
	// Captcha is the forms' spam check: "altcha", "recaptcha" (with
	// analytics.recaptchaSiteKey) or "off" (forms.captcha).
	Captcha string `json:"captcha"`
}

// RouteEntry is a row of the route table for the UI's path translation.
type RouteEntry struct {
	Internal string                  `json:"internal"`
	Paths    map[listing.Lang]string `json:"paths"`
	Params   map[string][]string     `json:"params,omitempty"`
	Redirect string                  `json:"redirect,omitempty"`
	External string                  `json:"external,omitempty"`
}

// Agency is config.Agency with the phone number in display and link form.
type Agency struct {
	config.Agency
	Phone     string `json:"phone"`     // "084 31 22 40"
	PhoneHref string `json:"phoneHref"` // "tel:+3284312240"
	// WhatsAppHref is the chat link of config.Agency.WhatsApp, "" without one.
	WhatsAppHref string `json:"whatsappHref"` // "https://wa.me/32475123456"
}

// Footer is config.Footer with its Markdown rendered per language.
type Footer struct {
	Columns   []FooterColumn `json:"columns"`
	Copyright config.Text    `json:"copyright"`
}

// FooterColumn is a footer column with HTML texts.
type FooterColumn struct {
	Title     config.Text         `json:"title"`
	IntroText FlaggedHTML         `json:"introText"`
	FullText  FlaggedHTML         `json:"fullText"`
	Images    []config.Image      `json:"images"`
	Widths    config.ColumnWidths `json:"widths"`
}

// FlaggedHTML is rendered Markdown per language, shown when Public.
type FlaggedHTML struct {
	HTML   config.Text `json:"html"`
	Public bool        `json:"public"`
}

// NewSiteData builds the UI's shell data once.
func NewSiteData(cfg config.Config) (SiteData, error) {
	sh := cfg.Site.Shell
	d := SiteData{
		Languages: cfg.Languages.Enabled, DefaultLanguage: cfg.Languages.Default, BaseURL: cfg.Server.BaseURL,
		Agency: Agency{
			Agency: sh.Agency, Phone: DisplayPhone(sh.Agency.Phone), PhoneHref: phoneHref(sh.Agency.Phone),
			WhatsAppHref: whatsAppHref(sh.Agency.WhatsApp),
		},
		Header: sh.Header, TopBar: sh.TopBar, Menu: nonNil(sh.Menu), Banner: sh.Banner, HomeSearch: sh.HomeSearch,
		Analytics: sh.Analytics, Consent: sh.Consent, Map: sh.Map,
		Calculator: sh.Calculator, Captcha: cfg.Forms.Captcha,
		Footer: Footer{Columns: []FooterColumn{}, Copyright: sh.Footer.Copyright},
	}
	d.TopBar.Left, d.TopBar.Right = nonNil(d.TopBar.Left), nonNil(d.TopBar.Right)
	d.Banner.Images = nonNil(d.Banner.Images)
	d.Agency.OpeningHours = nonNil(d.Agency.OpeningHours)
	for _, rt := range cfg.Site.Routes {
		// Only enabled languages: the UI must not link to a disabled one.
		paths := map[listing.Lang]string{}
		for _, l := range cfg.Languages.Enabled {
			if p, ok := rt.Paths[l]; ok {
				paths[l] = p
			}
		}
		d.Routes = append(d.Routes, RouteEntry{Internal: rt.Internal, Paths: paths, Params: rt.Params, Redirect: rt.Redirect, External: rt.External})
	}
	md := newMarkdown()
	render := func(key string, t config.Text) (config.Text, error) {
		out := config.Text{}
		for lang, src := range t {
			var b bytes.Buffer
			if err := md.Convert([]byte(src), &b); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", key, lang, err)
			}
			out[lang] = b.String()
		}
		return out, nil
	}
	for i, col := range sh.Footer.Columns {
		key := fmt.Sprintf("site.footer.columns[%d]", i)
		intro, err := render(key+".intro_text", col.IntroText.Text)
		if err != nil {
			return d, err
		}
		full, err := render(key+".full_text", col.FullText.Text)
		if err != nil {
			return d, err
		}
		d.Footer.Columns = append(d.Footer.Columns, FooterColumn{
			Title: col.Title, Images: nonNil(col.Images), Widths: col.Widths,
			IntroText: FlaggedHTML{HTML: intro, Public: col.IntroText.Public},
			FullText:  FlaggedHTML{HTML: full, Public: col.FullText.Public},
		})
	}
	return d, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// phoneDigits keeps the digits and a leading plus of a phone number.
func phoneDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r == '+' {
			return r
		}
		return -1
	}, s)
}

// nationalPhone turns +32 84 31 22 40 into 084312240 for display.
func nationalPhone(s string) string {
	if rest, ok := strings.CutPrefix(phoneDigits(s), "+32"); ok {
		return "0" + rest
	}
	return s
}

// DisplayPhone is a phone number as Belgians write it ("084 31 22 40").
func DisplayPhone(s string) string { return listing.FormatPhone(nationalPhone(s)) }

// whatsAppHref is the wa.me link of a number: wa.me takes the international
// number as digits alone, so a national Belgian one (0475…) gets its 32 and a
// 00 prefix is dropped.
func whatsAppHref(s string) string {
	d := phoneDigits(s)
	switch {
	case strings.HasPrefix(d, "+"):
		d = d[1:]
	case strings.HasPrefix(d, "00"):
		d = d[2:]
	case strings.HasPrefix(d, "0"):
		d = "32" + d[1:]
	}
	d = strings.ReplaceAll(d, "+", "")
	if d == "" {
		return ""
	}
	return "https://wa.me/" + d
}

func phoneHref(s string) string {
	if d := phoneDigits(s); d != "" {
		return "tel:" + d
	}
	return ""
}
