// Package texts is the server's one way to look up a text for people: the forms' messages (leads/forms.json), the
// account API's (accounts/messages.json), the mails' words (mail/texts/*.json) and the words around a price
// (listing/prices.json) are each a Catalog over their own embedded JSON file, read into a go-i18n bundle.
//
// The rules are the same for every catalog:
//
//   - A language's texts are a JSON object; nested objects and arrays give dotted ids ("options.title.mr",
//     "weekdays.0"). Keys starting with "$" ("$comment") are notes, not texts.
//   - An object whose keys are all CLDR plural categories (zero, one, two, few, many, other; "other" required) is
//     one text with plural forms; go-i18n picks the form by the language's CLDR rules.
//   - A text names what it is given as {{name}}, the way the UI's i18next does; a count is {{count}}.
//   - Fallback: the language asked when the catalog has it and it has the text, else the catalog's fallback
//     language (English), else nothing (Lookup) or the id itself (Text), so a missing text shows up.
package texts

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/nicksnyder/go-i18n/v2/i18n/template"
	"golang.org/x/text/language"
)

// Fallback is the language every catalog falls back to: a language it has no texts for, or a text a language lacks.
const Fallback = "en"

// Catalog is one file's texts in every language it has. It never changes once parsed, so goroutines share it.
type Catalog struct {
	name   string
	bundle *i18n.Bundle
	// texts[lang][id] is each text as written, plural forms under id.form; ids[lang] the message ids.
	texts map[string]map[string]string
	ids   map[string]map[string]bool
	// namespaced ids are written ns:key (i18next's locale files); the bundle holds them as ns.key.
	namespaced bool
}

// Args are the values of a text's {{name}} variables, by name.
type Args map[string]string

// ParseByLanguage reads a document whose top-level keys are languages ({"en": {"sent": "Sent"}, "nl": {"sent": "Verzonden"}}); name says where it
// comes from in errors.
func ParseByLanguage(name string, doc []byte) (*Catalog, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(doc, &raw); err != nil {
		return nil, fmt.Errorf("texts: %s: %w", name, err)
	}
	byLang := map[string][]byte{}
	for lang, v := range raw {
		if !strings.HasPrefix(lang, "$") {
			byLang[lang] = v
		}
	}
	return Parse(name, byLang)
}

// Parse reads one JSON object of texts per language; it needs the Fallback language.
func Parse(name string, byLang map[string][]byte) (*Catalog, error) {
	if _, ok := byLang[Fallback]; !ok {
		return nil, fmt.Errorf("texts: %s needs an %s set, the fallback", name, Fallback)
	}
	c := &Catalog{
		name:   name,
		bundle: i18n.NewBundle(language.MustParse(Fallback)),
		texts:  map[string]map[string]string{},
		ids:    map[string]map[string]bool{},
	}
	for _, lang := range slices.Sorted(maps.Keys(byLang)) {
		tag, err := language.Parse(lang)
		if err != nil {
			return nil, fmt.Errorf("texts: %s: language %q: %w", name, lang, err)
		}
		var v any
		if err := json.Unmarshal(byLang[lang], &v); err != nil {
			return nil, fmt.Errorf("texts: %s %s: %w", name, lang, err)
		}
		top, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("texts: %s %s: not an object of texts", name, lang)
		}
		var msgs []*i18n.Message
		c.texts[lang], c.ids[lang] = map[string]string{}, map[string]bool{}
		if err := c.read(lang, "", top, &msgs); err != nil {
			return nil, fmt.Errorf("texts: %s %s: %w", name, lang, err)
		}
		if err := c.bundle.AddMessages(tag, msgs...); err != nil {
			return nil, fmt.Errorf("texts: %s %s: %w", name, lang, err)
		}
	}
	return c, nil
}

// pluralForms are CLDR's plural categories, as go-i18n names them.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

func (c *Catalog) read(lang, id string, v any, msgs *[]*i18n.Message) error {
	switch v := v.(type) {
	case string:
		if v == "" {
			// go-i18n keeps no template for an empty text, so it would read English's.
			return fmt.Errorf("%s: empty text", id)
		}
		*msgs = append(*msgs, &i18n.Message{ID: id, Other: v})
		c.texts[lang][id], c.ids[lang][id] = v, true
	case map[string]any:
		if isPlural(v) {
			m := &i18n.Message{ID: id}
			for form, text := range v {
				s, _ := text.(string)
				switch form {
				case "zero":
					m.Zero = s
				case "one":
					m.One = s
				case "two":
					m.Two = s
				case "few":
					m.Few = s
				case "many":
					m.Many = s
				case "other":
					m.Other = s
				}
				c.texts[lang][id+"."+form] = s
			}
			*msgs = append(*msgs, m)
			c.ids[lang][id] = true
			return nil
		}
		for k, child := range v {
			if strings.HasPrefix(k, "$") {
				continue
			}
			if err := c.read(lang, join(id, k), child, msgs); err != nil {
				return err
			}
		}
	case []any:
		for i, child := range v {
			if err := c.read(lang, join(id, strconv.Itoa(i)), child, msgs); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("%s: %v is not a text", id, v)
	}
	return nil
}

// isPlural tells a text with plural forms from an object of texts: its keys are all plural categories, with
// strings, and "other" among them.
func isPlural(v map[string]any) bool {
	if _, ok := v["other"].(string); !ok {
		return false
	}
	for k, s := range v {
		if _, ok := s.(string); !ok || !slices.Contains(pluralForms, k) {
			return false
		}
	}
	return true
}

func join(id, k string) string {
	if id == "" {
		return k
	}
	return id + "." + k
}

// Name is where the catalog's texts come from.
func (c *Catalog) Name() string { return c.name }

// Languages are the languages the catalog has texts for, sorted.
func (c *Catalog) Languages() []string { return slices.Sorted(maps.Keys(c.ids)) }

// Has tells whether lang itself has the text id (no fallback).
func (c *Catalog) Has(lang, id string) bool { return c.ids[lang][id] }

// IDs are lang's message ids, sorted; a text with plural forms is one id.
func (c *Catalog) IDs(lang string) []string { return slices.Sorted(maps.Keys(c.ids[lang])) }

// Written is every string of lang as the file writes it, by id (a plural form under id.form): for the text lint.
func (c *Catalog) Written(lang string) map[string]string { return maps.Clone(c.texts[lang]) }

// Missing lists, for each language, the ids another language of the catalog has and it lacks.
func (c *Catalog) Missing() map[string][]string {
	all := map[string]bool{}
	for _, ids := range c.ids {
		maps.Copy(all, ids)
	}
	out := map[string][]string{}
	for lang, ids := range c.ids {
		for id := range all {
			if !ids[id] {
				out[lang] = append(out[lang], id)
			}
		}
		slices.Sort(out[lang])
	}
	return out
}

// Lookup is the text id in lang with args in place, falling back to English; false when neither has it.
func (c *Catalog) Lookup(lang, id string, args Args) (string, bool) {
	return c.localize(lang, &i18n.LocalizeConfig{MessageID: id, TemplateData: args})
}

// Text is Lookup's text, or id itself when no language has it.
func (c *Catalog) Text(lang, id string, args Args) string {
	if s, ok := c.Lookup(lang, id, args); ok {
		return s
	}
	return id
}

// Count is the text id in lang in the plural form of n, with n as {{count}} (and args) in place; id itself when no
// language has it.
func (c *Catalog) Count(lang, id string, n int, args Args) string {
	data := Args{"count": strconv.Itoa(n)}
	for k, v := range args {
		data[k] = v
	}
	if s, ok := c.localize(lang, &i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: data}); ok {
		return s
	}
	return id
}

func (c *Catalog) localize(lang string, lc *i18n.LocalizeConfig) (string, bool) {
	// Only a language of the file itself: go-i18n's matcher would answer German to Luxembourgish, where the site
	// has always answered English.
	if _, ok := c.ids[lang]; !ok {
		lang = Fallback
	}
	if lc.TemplateData == nil {
		lc.TemplateData = Args{}
	}
	if c.namespaced {
		lc.MessageID = strings.Replace(lc.MessageID, ":", ".", 1)
	}
	lc.TemplateParser = i18nextSyntax{}
	// The error says the text came from English, or that a plural form fell back to "other": the text is still
	// the one to show. Only the undetermined language means no text at all.
	s, tag, _ := i18n.NewLocalizer(c.bundle, lang).LocalizeWithTag(lc)
	return s, tag != language.Und
}

// i18nextSyntax is go-i18n's template parser for i18next's {{name}} variables: nothing else in a text is syntax, so a text
// may say "{" or "}}" freely.
type i18nextSyntax struct{}

func (i18nextSyntax) Cacheable() bool { return true }

func (i18nextSyntax) Parse(src, _, _ string) (template.ParsedTemplate, error) {
	return filled(src), nil
}

var variable = regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)

// filled is a text whose {{name}} take the values given; a name without a value stays as written.
type filled string

func (f filled) Execute(data any) (string, error) {
	args, _ := data.(Args)
	if !strings.Contains(string(f), "{{") {
		return string(f), nil
	}
	return variable.ReplaceAllStringFunc(string(f), func(m string) string {
		if v, ok := args[variable.FindStringSubmatch(m)[1]]; ok {
			return v
		}
		return m
	}), nil
}

// ParseI18next reads locale files as the UI's i18next does: {lang}/{namespace}.json in fsys, a plural form named by
// a suffix (count_one, count_other). Ids are i18next's too: "pages:notFound.heading"; a text with plural forms is
// one id ("common:quickSearch.count").
func ParseI18next(name string, fsys fs.FS) (*Catalog, error) {
	files, err := fs.Glob(fsys, "*/*.json")
	if err != nil {
		return nil, fmt.Errorf("texts: %s: %w", name, err)
	}
	byLang := map[string]map[string]any{}
	for _, file := range files {
		lang, ns := path.Dir(file), strings.TrimSuffix(path.Base(file), ".json")
		raw, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, fmt.Errorf("texts: %s: %w", name, err)
		}
		var v map[string]any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("texts: %s: %s: %w", name, file, err)
		}
		if byLang[lang] == nil {
			byLang[lang] = map[string]any{}
		}
		byLang[lang][ns] = suffixPlurals(v)
	}
	docs := map[string][]byte{}
	for lang, namespaces := range byLang {
		if docs[lang], err = json.Marshal(namespaces); err != nil {
			return nil, fmt.Errorf("texts: %s: %w", name, err)
		}
	}
	c, err := Parse(name, docs)
	if err != nil {
		return nil, err
	}
	// The namespace is the first key: i18next writes it ns:key.
	for lang, ids := range c.ids {
		c.ids[lang], c.texts[lang] = renamed(ids), renamed(c.texts[lang])
	}
	c.namespaced = true
	return c, nil
}

// suffixPlurals turns i18next's plural keys (count_one, count_other) into one text with plural forms
// (count: {"one": "1 day", "other": "{{count}} days"}), in every object of v.
func suffixPlurals(v map[string]any) map[string]any {
	out := map[string]any{}
	plurals := map[string]map[string]any{}
	for k, child := range v {
		if m, ok := child.(map[string]any); ok {
			out[k] = suffixPlurals(m)
			continue
		}
		if base, form, ok := cutPluralSuffix(k); ok {
			if _, hasOther := v[base+"_other"].(string); hasOther {
				if plurals[base] == nil {
					plurals[base] = map[string]any{}
				}
				plurals[base][form] = child
				continue
			}
		}
		out[k] = child
	}
	// A plain text of the same name gives way, as in i18next when a count is given.
	for base, forms := range plurals {
		out[base] = forms
	}
	return out
}

func cutPluralSuffix(k string) (base, form string, ok bool) {
	i := strings.LastIndexByte(k, '_')
	if i <= 0 || !slices.Contains(pluralForms, k[i+1:]) {
		return "", "", false
	}
	return k[:i], k[i+1:], true
}

// renamed writes a namespaced id's first dot as i18next's colon.
func renamed[V any](m map[string]V) map[string]V {
	out := make(map[string]V, len(m))
	for id, v := range m {
		out[strings.Replace(id, ".", ":", 1)] = v
	}
	return out
}
