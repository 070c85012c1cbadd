package mail

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/internal/french"
)

//go:embed texts/*.json
var textFiles embed.FS

// languages are the languages mails are written in; any other falls back to FallbackLanguage.
var languages = []string{"nl", "fr", "en", "de"}

// Languages lists the languages mails are written in.
func Languages() []string { return append([]string(nil), languages...) }

// FallbackLanguage is used for a language without texts and templates.
const FallbackLanguage = "en"

// texts holds one language's words: labels, form titles and what the date formats need, so that templates only
// carry sentences.
type texts struct {
	// Colon separates a label from its value: French puts a no-break space before it.
	Colon string `json:"colon"`
	// Reference abbreviates "reference" before a property's or project's ID: réf. in French.
	Reference string            `json:"reference"`
	Languages map[string]string `json:"languages"`
	Weekdays  [7]string         `json:"weekdays"`
	Months    [12]string        `json:"months"`
	Formats   struct {
		Date     string `json:"date"`
		FirstDay string `json:"firstDay"`
		Time     string `json:"time"`
		DateTime string `json:"dateTime"`
		Slot     string `json:"slot"`
	} `json:"formats"`
	Subjects   map[string]string            `json:"subjects"`
	Forms      map[string]string            `json:"forms"`
	Fields     map[string]string            `json:"fields"`
	FormFields map[string]map[string]string `json:"formFields"`
	Thanks     map[string]string            `json:"thanks"` // by form, "default" for the others
	Next       map[string]string            `json:"next"`
	// Visit words a booked visit outside the mails' own sentences: the calendar event's title ({title}), and
	// what the thank-you page says of it ({when}).
	Visit struct {
		Summary  string `json:"summary"`
		Booked   string `json:"booked"`
		Calendar string `json:"calendar"`
	} `json:"visit"`
	// Options are the words of coded answers by field ("title": {"mr": "Dhr."}),
	// and "bool" for ticked boxes.
	Options map[string]map[string]string `json:"options"`
}

// templateFuncs are what the templates may call besides Go's own: contract writes « de » or « à » before a name the
// way French contracts them ({{contract "de" .Title}} gives « des Jardins »).
var templateFuncs = map[string]any{"contract": french.Contract}

func loadTexts(lang string) (*texts, error) {
	raw, err := textFiles.ReadFile("texts/" + lang + ".json")
	if err != nil {
		return nil, fmt.Errorf("mail: texts for %q: %w", lang, err)
	}
	t := &texts{}
	if err := json.Unmarshal(raw, t); err != nil {
		return nil, fmt.Errorf("mail: texts for %q: %w", lang, err)
	}
	if t.Colon == "" {
		t.Colon = ": "
	}
	return t, nil
}

// label prefers a form's own wording (deposit means 10 % of a price in an offer, 3 months' rent in a rental
// application), then the common label, then the raw name so a field added to forms.json still reaches the agency.
func (t *texts) label(form, field string) string {
	if l := t.FormFields[form][field]; l != "" {
		return l
	}
	if l := t.Fields[field]; l != "" {
		return l
	}
	return field
}

func (t *texts) formTitle(form string) string {
	if title := t.Forms[form]; title != "" {
		return title
	}
	return form
}

func (t *texts) date(tm time.Time) string {
	day := strconv.Itoa(tm.Day())
	if tm.Day() == 1 && t.Formats.FirstDay != "" {
		day = t.Formats.FirstDay
	}
	return strings.NewReplacer(
		"{weekday}", t.Weekdays[tm.Weekday()],
		"{day}", day,
		"{month}", t.Months[tm.Month()-1],
		"{year}", strconv.Itoa(tm.Year()),
	).Replace(t.Formats.Date)
}

func (t *texts) clock(tm time.Time) string {
	return strings.NewReplacer(
		"{hour}", fmt.Sprintf("%02d", tm.Hour()),
		"{minute}", fmt.Sprintf("%02d", tm.Minute()),
	).Replace(t.Formats.Time)
}

func (t *texts) dateTime(tm time.Time) string {
	return strings.NewReplacer("{date}", t.date(tm), "{time}", t.clock(tm)).Replace(t.Formats.DateTime)
}

// slot writes the end's date only through the start's: a visit never spans midnight.
func (t *texts) slot(start, end time.Time) string {
	return strings.NewReplacer(
		"{date}", t.date(start),
		"{start}", t.clock(start),
		"{end}", t.clock(end),
	).Replace(t.Formats.Slot)
}
