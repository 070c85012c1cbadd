package mail

import (
	"embed"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/estate-agency/estate/internal/french"
	"github.com/estate-agency/estate/internal/texts"
)

//go:embed texts/*.json
var textFiles embed.FS

// languages are the languages mails are written in; any other falls back to FallbackLanguage.
var languages = []string{"nl", "fr", "en", "de"}

// Languages lists the languages mails are written in.
func Languages() []string { return append([]string(nil), languages...) }

// FallbackLanguage is used for a language without texts and templates.
const FallbackLanguage = texts.Fallback

// loadTexts reads texts/{lang}.json of every language into one catalog of package texts: labels, form titles and
// what the date formats need, so that templates only carry sentences. Ids are the files' dotted keys:
// "fields.email", "formFields.offer.deposit" (a form's own wording of a field), "options.title.mr" ("bool" for
// ticked boxes), "weekdays.0" (Sunday), "account.units.minute" (plural forms with {{count}}).
var loadTexts = sync.OnceValues(func() (*texts.Catalog, error) {
	byLang := map[string][]byte{}
	for _, lang := range languages {
		raw, err := textFiles.ReadFile("texts/" + lang + ".json")
		if err != nil {
			return nil, fmt.Errorf("mail: texts for %q: %w", lang, err)
		}
		byLang[lang] = raw
	}
	c, err := texts.Parse("mail/texts", byLang)
	if err != nil {
		return nil, fmt.Errorf("mail: %w", err)
	}
	return c, nil
})

// Texts are the mails' words in every language, for the text lint.
func Texts() (*texts.Catalog, error) { return loadTexts() }

// templateFuncs are what the templates may call besides Go's own: contract writes « de » or « à » before a name the
// way French contracts them ({{contract "de" .Title}} gives « des Jardins »).
var templateFuncs = map[string]any{"contract": french.Contract}

// words are one language's texts.
type words struct {
	c    *texts.Catalog
	lang string
}

// or is the text id with args, else def.
func (w words) or(id, def string, args texts.Args) string {
	if s, ok := w.c.Lookup(w.lang, id, args); ok {
		return s
	}
	return def
}

func (w words) get(id string) string { return w.or(id, "", nil) }

// label prefers a form's own wording (deposit means 10 % of a price in an offer, 3 months' rent in a rental
// application), then the common label, then the raw name so a field added to forms.json still reaches the agency.
func (w words) label(form, field string) string {
	if l := w.get("formFields." + form + "." + field); l != "" {
		return l
	}
	return w.or("fields."+field, field, nil)
}

func (w words) formTitle(form string) string { return w.or("forms."+form, form, nil) }

// thanks opens a form's confirmation, "default" for forms without their own.
func (w words) thanks(form string) string {
	if s := w.get("thanks." + form); s != "" {
		return s
	}
	return w.get("thanks.default")
}

func (w words) date(tm time.Time) string {
	day := strconv.Itoa(tm.Day())
	if tm.Day() == 1 {
		day = w.or("formats.firstDay", day, nil)
	}
	return w.or("formats.date", "", texts.Args{
		"weekday": w.get("weekdays." + strconv.Itoa(int(tm.Weekday()))),
		"day":     day,
		"month":   w.get("months." + strconv.Itoa(int(tm.Month())-1)),
		"year":    strconv.Itoa(tm.Year()),
	})
}

func (w words) clock(tm time.Time) string {
	return w.or("formats.time", "", texts.Args{"hour": fmt.Sprintf("%02d", tm.Hour()), "minute": fmt.Sprintf("%02d", tm.Minute())})
}

func (w words) dateTime(tm time.Time) string {
	return w.or("formats.dateTime", "", texts.Args{"date": w.date(tm), "time": w.clock(tm)})
}

// slot writes the end's date only through the start's: a visit never spans midnight.
func (w words) slot(start, end time.Time) string {
	return w.or("formats.slot", "", texts.Args{"date": w.date(start), "start": w.clock(start), "end": w.clock(end)})
}
