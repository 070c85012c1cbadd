package accounts

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed messages.json
var messagesJSON []byte

// Messages are the account API's texts for people, by language. A text with a count holds its language's plural
// forms ({"one": …, "other": …}) and says {{.Count}} where the number goes; go-i18n picks the form by the CLDR rules.
type Messages struct {
	bundle *i18n.Bundle
}

// LoadMessages reads the embedded texts.
func LoadMessages() (Messages, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(messagesJSON, &raw); err != nil {
		return Messages{}, fmt.Errorf("accounts: messages.json: %w", err)
	}
	if _, ok := raw["en"]; !ok {
		return Messages{}, fmt.Errorf("accounts: messages.json needs an en set, the fallback")
	}
	bundle := i18n.NewBundle(language.English)
	for lang, texts := range raw {
		if strings.HasPrefix(lang, "$") {
			continue
		}
		tag, err := language.Parse(lang)
		if err != nil {
			return Messages{}, fmt.Errorf("accounts: messages.json: language %q: %w", lang, err)
		}
		if _, err := bundle.ParseMessageBytes(tag, texts, json.Unmarshal); err != nil {
			return Messages{}, fmt.Errorf("accounts: messages.json %s: %w", lang, err)
		}
	}
	return Messages{bundle: bundle}, nil
}

// Get is the text of code in lang (English when lang has none).
func (m Messages) Get(lang, code string) string {
	return m.localize(lang, &i18n.LocalizeConfig{MessageID: code})
}

// Count is the text of code in lang in the plural form of n, with n in place of {{.Count}}.
func (m Messages) Count(lang, code string, n int) string {
	return m.localize(lang, &i18n.LocalizeConfig{MessageID: code, PluralCount: n, TemplateData: map[string]int{"Count": n}})
}

// localize falls back to English for a language or a text the file lacks; the code itself stands in for a text no
// language has, so a missing text shows up instead of an empty message.
func (m Messages) localize(lang string, c *i18n.LocalizeConfig) string {
	text, err := i18n.NewLocalizer(m.bundle, lang).Localize(c)
	if text == "" && err != nil {
		return c.MessageID
	}
	return text
}
