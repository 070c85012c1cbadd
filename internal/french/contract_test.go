package french

import (
	"encoding/json"
	"os"
	"testing"
)

type contractionCase struct {
	Prep string `json:"prep"`
	Name string `json:"name"`
	Want string `json:"want"`
}

func TestContract(t *testing.T) {
	raw, err := os.ReadFile("testdata/contractions.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture struct {
		Cases []contractionCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	if len(fixture.Cases) == 0 {
		t.Fatal("no cases in testdata/contractions.json")
	}
	for _, c := range fixture.Cases {
		t.Run(c.Prep+" "+c.Name, func(t *testing.T) {
			if got := Contract(c.Prep, c.Name); got != c.Want {
				t.Errorf("Contract(%q, %q) = %q, want %q", c.Prep, c.Name, got, c.Want)
			}
			// What Contract writes is good French by Check's rules.
			if problems := Check(Contract(c.Prep, c.Name)); len(problems) > 0 {
				t.Errorf("Check(%q) = %v", Contract(c.Prep, c.Name), problems)
			}
		})
	}
}
