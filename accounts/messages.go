package accounts

import (
	_ "embed"

	"github.com/estate-agency/estate/internal/texts"
)

//go:embed messages.json
var messagesJSON []byte

// Messages are the account API's texts for people, by language (package texts: English when a language lacks
// one). A text with a count holds its language's plural forms ({"one": …, "other": …}) and says {{count}} where
// the number goes.
type Messages struct {
	catalog *texts.Catalog
}

// LoadMessages reads the embedded texts.
func LoadMessages() (Messages, error) {
	c, err := texts.ParseByLanguage("accounts/messages.json", messagesJSON)
	return Messages{catalog: c}, err
}

// Catalog is the texts themselves, for the text lint.
func (m Messages) Catalog() *texts.Catalog { return m.catalog }

// Get is the text of code in lang (English when lang has none, the code itself when no language has it).
func (m Messages) Get(lang, code string) string { return m.catalog.Text(lang, code, nil) }

// Count is the text of code in lang in the plural form of n, with n in place of {{count}}.
func (m Messages) Count(lang, code string, n int) string { return m.catalog.Count(lang, code, n, nil) }
