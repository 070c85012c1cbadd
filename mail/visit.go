package mail

import (
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/estate-agency/estate/internal/texts"
)

// VisitWords are what the mails, the calendar event and the thank-you page say of a booked visit, in one
// language, so they can never disagree.
type VisitWords struct {
	When     string // the slot as the confirmation writes it: "zaterdag 12 december 2026 van 14.00 tot 14.45 uur"
	Summary  string // the calendar event's title: "Bezoek: Villa in Bouillon"
	Booked   string // a sentence saying the visit is booked, and when
	Calendar string // the words of a link to the event's file
}

// Visit words the visit of title booked from start to end, in lang (FallbackLanguage when lang has no texts),
// times in loc (in their own zone when loc is nil).
func Visit(lang, title string, start, end time.Time, loc *time.Location) VisitWords {
	c, err := loadCatalog()
	if err != nil {
		return VisitWords{}
	}
	t := c.in(lang)
	if loc != nil {
		start, end = start.In(loc), end.In(loc)
	}
	when := t.slot(start, end)
	return VisitWords{
		When:     when,
		Summary:  t.or("visit.summary", "", texts.Args{"title": oneLine(title)}),
		Booked:   t.or("visit.booked", "", texts.Args{"when": when}),
		Calendar: t.get("visit.calendar"),
	}
}

// Thanks is the opening of a form's confirmation mail in lang, as a sentence of its own (German mails go on
// from the greeting's comma in lower case): what the thank-you page says to a visitor whose browser runs no
// script.
func Thanks(lang, form string) string {
	c, err := loadCatalog()
	if err != nil {
		return ""
	}
	s := c.in(lang).thanks(form)
	if s == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
