package accounts

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed messages.json
var messagesJSON []byte

// Messages are the account API's texts for people, by language.
type Messages map[string]map[string]string

// LoadMessages reads the embedded texts.
func LoadMessages() (Messages, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(messagesJSON, &raw); err != nil {
		return nil, fmt.Errorf("accounts: messages.json: %w", err)
	}
	m := Messages{}
	for lang, v := range raw {
		if strings.HasPrefix(lang, "$") {
			continue
		}
		var texts map[string]string
		if err := json.Unmarshal(v, &texts); err != nil {
			return nil, fmt.Errorf("accounts: messages.json %s: %w", lang, err)
		}
		m[lang] = texts
	}
	if len(m["en"]) == 0 {
		return nil, fmt.Errorf("accounts: messages.json needs an en set, the fallback")
	}
	return m, nil
}

// Get is the text of code in lang (English when lang has none), with
// each {{name}} replaced by its value from args (name, value pairs).
func (m Messages) Get(lang, code string, args ...string) string {
	text, ok := m[lang][code]
	if !ok {
		text = m["en"][code]
	}
	for i := 0; i+1 < len(args); i += 2 {
		text = strings.ReplaceAll(text, "{{"+args[i]+"}}", args[i+1])
	}
	return text
}
