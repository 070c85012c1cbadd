package textlint

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/internal/french"
	"github.com/estate-agency/estate/internal/texts"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/ui"
)

// root is the repository, from this package's directory.
const root = "../.."

// text is one string the site shows or sends, and where it comes from.
type text struct {
	file, key, lang, value string
}

// Where a count is interpolated: i18next and package texts (go-i18n) pluralize on {{count}}; a
// number of minutes, days… interpolated under another name gets no plural form at all.
var (
	countPlaceholder = regexp.MustCompile(`\{\{\s*\.?(?:[Cc]ount|minutes|hours|days|seconds|weeks|months|years)\b`)
	// i18next names a plural form with a suffix (key_one), package texts with a field of the message ({"one": …}).
	i18nextPlural = regexp.MustCompile(`_(?:zero|one|two|few|many|other)$`)
	// serverTexts names a plural form of package texts' catalogs key#one: "other" may be an option's code too.
	catalogPlural       = regexp.MustCompile(`#(?:zero|one|two|few|many|other)$`)
	requiredPluralForms = []string{"one", "other"}
)

func TestEveryText(t *testing.T) {
	sources := []struct {
		name string
		read func(t *testing.T) []text
		// plural names a plural form in the keys of the source's messages; nil where counts are not messages.
		plural *regexp.Regexp
	}{
		{"UI locales", uiLocales, i18nextPlural},
		// forms.json's messages twice: as the UI's i18next reads them, and as the server's package texts does.
		{"validation messages (leads/forms.json)", formMessages, i18nextPlural},
		{"server texts (package texts: forms, account, mail and price texts)", serverTexts, catalogPlural},
		{"mail templates", mailTemplates, nil},
		{"content (config.yaml)", configContent, nil},
		{"demo agency (testdata/platform)", demoData, nil},
	}
	perRule := map[string]int{}
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			texts := src.read(t)
			if len(texts) == 0 {
				t.Fatal("no texts read")
			}
			var found []string
			report := func(tx text, rule, at string) {
				perRule[rule]++
				found = append(found, fmt.Sprintf("%s: %s: %s: %q", tx.file, tx.key, rule, at))
			}
			for _, tx := range texts {
				if tx.lang == "fr" {
					for _, p := range french.Check(tx.value) {
						report(tx, p.Rule, p.At)
					}
				}
				if src.plural != nil && countPlaceholder.MatchString(tx.value) && !src.plural.MatchString(tx.key) {
					report(tx, "a count needs plural forms (_one/_other keys)", tx.value)
				}
			}
			if src.plural != nil {
				for _, tx := range missingPluralForms(texts, src.plural) {
					report(tx, "plural forms _one and _other both needed", tx.value)
				}
			}
			slices.Sort(found)
			for _, f := range found {
				t.Error(f)
			}
		})
	}
	for _, r := range slices.Sorted(maps.Keys(perRule)) {
		t.Logf("%4d × %s", perRule[r], r)
	}
}

// missingPluralForms are the plural keys whose family lacks a form every language needs (nl, fr, en and de all
// have "one" and "other").
func missingPluralForms(texts []text, pluralKey *regexp.Regexp) []text {
	families := map[string][]string{}
	first := map[string]text{}
	for _, tx := range texts {
		m := pluralKey.FindStringIndex(tx.key)
		if m == nil {
			continue
		}
		family := tx.file + "\x00" + tx.key[:m[0]]
		families[family] = append(families[family], tx.key[m[0]+1:])
		if _, ok := first[family]; !ok {
			first[family] = tx
		}
	}
	var out []text
	for family, forms := range families {
		for _, need := range requiredPluralForms {
			if !slices.Contains(forms, need) {
				tx := first[family]
				tx.key = tx.key[:len(tx.key)-len(forms[0])] + need
				out = append(out, tx)
			}
		}
	}
	return out
}

// flatten lists every string of a JSON document with its dotted key.
func flatten(file, lang string, v any, key string, out *[]text) {
	switch v := v.(type) {
	case map[string]any:
		for k, child := range v {
			if strings.HasPrefix(k, "$") { // "$comment"
				continue
			}
			flatten(file, lang, child, joinKey(key, k), out)
		}
	case []any:
		for i, child := range v {
			flatten(file, lang, child, fmt.Sprintf("%s[%d]", key, i), out)
		}
	case string:
		*out = append(*out, text{file: file, key: key, lang: lang, value: v})
	}
}

func joinKey(key, k string) string {
	if key == "" {
		return k
	}
	return key + "." + k
}

func readJSON(t *testing.T, path string) any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

func glob(t *testing.T, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, pattern))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no file matches %s", pattern)
	}
	for i, f := range files {
		files[i], _ = filepath.Rel(root, f)
	}
	return files
}

func uiLocales(t *testing.T) []text {
	var out []text
	for _, file := range glob(t, "ui/src/locales/*/*.json") {
		lang := filepath.Base(filepath.Dir(file))
		flatten(file, lang, readJSON(t, file), "", &out)
	}
	return out
}

// byLanguage reads a file whose top-level keys are languages.
func byLanguage(t *testing.T, file string, doc any) []text {
	t.Helper()
	langs, ok := doc.(map[string]any)
	if !ok {
		t.Fatalf("%s: not an object of languages", file)
	}
	var out []text
	for lang, v := range langs {
		if !strings.HasPrefix(lang, "$") {
			flatten(file, lang, v, lang, &out)
		}
	}
	return out
}

func formMessages(t *testing.T) []text {
	const file = "leads/forms.json"
	doc, _ := readJSON(t, file).(map[string]any)
	return byLanguage(t, file, doc["messages"])
}

// catalogs are every catalog of texts the server looks up, as it loads them.
func catalogs(t *testing.T) []*texts.Catalog {
	t.Helper()
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	account, err := accounts.LoadMessages()
	if err != nil {
		t.Fatal(err)
	}
	mailTexts, err := mail.Texts()
	if err != nil {
		t.Fatal(err)
	}
	return []*texts.Catalog{spec.Messages(), account.Catalog(), mailTexts, listing.PriceWords()}
}

// serverTexts are the texts of every catalog, keyed lang.id (a plural form lang.id#one).
func serverTexts(t *testing.T) []text {
	var out []text
	for _, c := range catalogs(t) {
		for _, lang := range c.Languages() {
			for id, value := range c.Written(lang) {
				if i := strings.LastIndexByte(id, '.'); !c.Has(lang, id) && i > 0 {
					id = id[:i] + "#" + id[i+1:]
				}
				out = append(out, text{file: c.Name(), key: lang + "." + id, lang: lang, value: value})
			}
		}
	}
	return out
}

// TestEveryLanguageHasEveryText fails on a text id one language of a catalog has and another lacks: such a text
// would reach a visitor in English. The UI's locale files count too, as the server reads them (ui.Texts).
func TestEveryLanguageHasEveryText(t *testing.T) {
	uiTexts, err := ui.Texts()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range append(catalogs(t), uiTexts) {
		t.Run(c.Name(), func(t *testing.T) {
			if got := c.Languages(); !slices.Equal(got, []string{"de", "en", "fr", "nl"}) {
				t.Errorf("languages %v, want de, en, fr, nl", got)
			}
			missing := c.Missing()
			for _, lang := range slices.Sorted(maps.Keys(missing)) {
				for _, id := range missing[lang] {
					t.Errorf("%s has no %s", lang, id)
				}
			}
		})
	}
}

// mailTemplates reads each language's templates line by line, and the language-free ones (layout, partials) as
// French: their words end up in French mails too.
func mailTemplates(t *testing.T) []text {
	var out []text
	files := append(glob(t, "mail/templates/*/*"), glob(t, "mail/templates/*.*")...)
	for _, file := range files {
		lang := filepath.Base(filepath.Dir(file))
		if lang == "templates" {
			lang = "fr"
		}
		raw, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(raw), "\n") {
			out = append(out, text{file: file, key: fmt.Sprintf("line %d", i+1), lang: lang, value: line})
		}
	}
	return out
}

// configContent reads config.yaml's texts: every value under a language key (fr: …).
func configContent(t *testing.T) []text {
	const file = "config.yaml"
	raw, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var out []text
	var walk func(n *yaml.Node, lang string)
	walk = func(n *yaml.Node, lang string) {
		switch n.Kind {
		case yaml.ScalarNode:
			if lang != "" && n.Tag == "!!str" {
				out = append(out, text{file: file, key: fmt.Sprintf("line %d", n.Line), lang: lang, value: n.Value})
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i].Value
				childLang := lang
				if slices.Contains([]string{"nl", "fr", "en", "de"}, k) {
					childLang = k
				}
				walk(n.Content[i+1], childLang)
			}
		default:
			for _, c := range n.Content {
				walk(c, lang)
			}
		}
	}
	walk(&doc, "")
	return out
}

// demoData reads the demo agency's French answers: descriptions, titles, project texts.
func demoData(t *testing.T) []text {
	var out []text
	for _, file := range glob(t, "testdata/platform/*/fr.json") {
		flatten(file, "fr", readJSON(t, file), "", &out)
	}
	return out
}

// punctuationInJSX is punctuation a component writes itself after an inserted text: « {label}: », « ${title}: »;
// punctuationInCSS the same added by a style sheet (dt::after { content: ":" }). It belongs in the locale files,
// where French puts a no-break space before it.
var (
	punctuationInJSX = regexp.MustCompile(`\}[:;?!] *<|\}[:?!] *$|\$\{[^}]*\}[:;?!] `)
	punctuationInCSS = regexp.MustCompile(`content:\s*["'][^"']*[:;?!]["']`)
)

func TestComponentsWriteNoPunctuation(t *testing.T) {
	err := filepath.WalkDir(filepath.Join(root, "ui/src"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && name == "__fixtures__" {
			return filepath.SkipDir
		}
		pattern := punctuationInJSX
		if strings.HasSuffix(name, ".css") {
			pattern = punctuationInCSS
		} else if d.IsDir() || !strings.HasSuffix(name, ".tsx") || strings.HasSuffix(name, ".test.tsx") || name == "testing.tsx" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for i, line := range strings.Split(string(raw), "\n") {
			if pattern.MatchString(line) {
				t.Errorf("%s:%d: punctuation written by the component, not the locale: %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
