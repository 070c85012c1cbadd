package mail

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"testing"
)

// formsFile is the form contract the server and the UI share; every field it names must have a label here.
const formsFile = "../leads/forms.json"

type contractField struct {
	Name  string `json:"name"`
	Group string `json:"group"`
}

type contract struct {
	Groups map[string][]contractField `json:"groups"`
	Forms  map[string]struct {
		Fields []contractField `json:"fields"`
	} `json:"forms"`
}

// readContract returns every form with the names of its fields, groups expanded.
func readContract(t *testing.T) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(formsFile)
	if err != nil {
		t.Fatal(err)
	}
	var c contract
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	forms := map[string][]string{}
	for name, f := range c.Forms {
		for _, field := range f.Fields {
			if field.Group == "" {
				forms[name] = append(forms[name], field.Name)
				continue
			}
			group, ok := c.Groups[field.Group]
			if !ok {
				t.Fatalf("form %s uses unknown group %q", name, field.Group)
			}
			for _, g := range group {
				forms[name] = append(forms[name], g.Name)
			}
		}
	}
	if len(forms) == 0 {
		t.Fatal("no forms in " + formsFile)
	}
	return forms
}

func TestTextsCoverEveryFormAndField(t *testing.T) {
	forms := readContract(t)
	c, err := loadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	reference := c.texts[FallbackLanguage]
	for _, lang := range languages {
		t.Run(lang, func(t *testing.T) {
			tx := c.texts[lang]
			for form, fields := range forms {
				if tx.Forms[form] == "" {
					t.Errorf("form %s has no title", form)
				}
				if form != sendToFriend && tx.Next[form] == "" {
					t.Errorf("form %s has no 'what happens next'", form)
				}
				for _, field := range fields {
					if tx.Fields[field] == "" {
						t.Errorf("field %s (form %s) has no label", field, form)
					}
				}
			}
			// Keys only one language has are a translation someone forgot to make or to remove.
			for _, keys := range []struct {
				name string
				got  map[string]string
				want map[string]string
			}{
				{"fields", tx.Fields, reference.Fields},
				{"forms", tx.Forms, reference.Forms},
				{"next", tx.Next, reference.Next},
				{"thanks", tx.Thanks, reference.Thanks},
				{"languages", tx.Languages, reference.Languages},
			} {
				got, want := slices.Sorted(maps.Keys(keys.got)), slices.Sorted(maps.Keys(keys.want))
				if !slices.Equal(got, want) {
					t.Errorf("%s keys differ from %s:\n%v\n%v", keys.name, FallbackLanguage, got, want)
				}
			}
			for i, d := range tx.Weekdays {
				if d == "" {
					t.Errorf("weekday %d is empty", i)
				}
			}
			for i, m := range tx.Months {
				if m == "" {
					t.Errorf("month %d is empty", i+1)
				}
			}
			if tx.Thanks["default"] == "" {
				t.Error("no default thanks")
			}
			if tx.Subjects["property"] == "" || tx.Subjects["project"] == "" {
				t.Error("property or project has no name")
			}
		})
	}
}
