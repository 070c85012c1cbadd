package demands_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/estate-agency/estate/alerts"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

func criteriaOf(t *testing.T, a store.Account) alerts.Criteria {
	t.Helper()
	var c alerts.Criteria
	if err := json.Unmarshal(a.Demand.Criteria, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// The search profile takes postcodes and town names of the towns index
// (in either language), and saves the towns as their postcodes; anything
// else is refused by field, nothing saved.
func TestProfilePostcodesAndTowns(t *testing.T) {
	e := newEnv(t)
	a := e.searcher("towns@example.be", "fr", demands.Immediate, `{"goal":"buy","types":[2],"zips":["5550"]}`)
	tests := []struct {
		name string
		zips string
		want []string
		code string
		town string
	}{
		{"postcodes written one way", `["B-6830","l 1450"]`, []string{"6830", "L-1450"}, "", ""},
		{"a town becomes its postcode", `["Bertrix"]`, []string{"6880"}, "", ""},
		{"case and accents do not matter", `["BIÈVRE","bouillon","Saint Hubert"]`, []string{"5555", "6830", "6870"}, "", ""},
		{"a name no town has", `["6830","Nergensdorp"]`, nil, "unknownTown", "Nergensdorp"},
		{"three digits", `["999"]`, nil, "zip", ""},
		{"five digits", `["10000"]`, nil, "zip", ""},
		{"below 1000", `["0999"]`, nil, "zip", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := e.store.Account(a.ID)
			got, probs, err := e.svc.Update(a.ID, json.RawMessage(`{"goal":"buy","types":[2],"zips":`+tc.zips+`}`), demands.Immediate)
			if err != nil {
				t.Fatal(err)
			}
			if tc.code != "" {
				after, _ := e.store.Account(a.ID)
				if p := probs["zips"]; p.Code != tc.code || p.Args["town"] != tc.town || len(probs) != 1 {
					t.Fatalf("problems %+v, want zips %s %q", probs, tc.code, tc.town)
				}
				if string(after.Demand.Criteria) != string(before.Demand.Criteria) {
					t.Fatal("refused criteria were saved")
				}
				return
			}
			if len(probs) > 0 || !slices.Equal(criteriaOf(t, got).Zips, tc.want) {
				t.Fatalf("zips %v %v, want %v", criteriaOf(t, got).Zips, probs, tc.want)
			}
		})
	}
	t.Run("the message names the town in the visitor's language", func(t *testing.T) {
		_, probs, _ := e.svc.Update(a.ID, json.RawMessage(`{"goal":"buy","types":[2],"zips":["Nergensdorp"]}`), demands.Immediate)
		want := map[string]string{
			"nl": "De gemeente ‘Nergensdorp’ kennen we niet: kies een van de suggesties of vul de postcode in.",
			"fr": "Nous ne connaissons pas la localité «\u00a0Nergensdorp\u00a0»\u202f: choisissez une des suggestions ou indiquez son code postal.",
		}
		for lang, text := range want {
			if got := e.svc.Message(lang, "zips", probs["zips"]); got != text {
				t.Errorf("%s: %q", lang, got)
			}
		}
	})
}

// Demands saved before postcodes were checked may hold town names: the
// alert run writes the known ones as their postcodes and leaves the
// others for the person to correct.
func TestStoredTownNamesBecomePostcodes(t *testing.T) {
	e := newEnv(t)
	a, err := e.accts.Create("searcher", "old@example.be", "searcher-password", "nl", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.store.UpdateAccount(a.ID, func(acc *store.Account) error {
		acc.Demand = &store.Demand{Frequency: demands.Immediate,
			Criteria: json.RawMessage(`{"goal":"buy","types":[1],"zips":["Bertrix","6830","Nergensdorp"],"area":[],"timeSlots":[]}`)}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Check(); err != nil {
		t.Fatal(err)
	}
	got, err := e.store.Account(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if zips := criteriaOf(t, got).Zips; !slices.Equal(zips, []string{"6830", "6880", "Nergensdorp"}) {
		t.Fatalf("zips %v", zips)
	}
}

// The budget asked at sign-up is kept, editable, and bounds the alerts as
// a maximum price does.
func TestBudgetBoundsTheAlerts(t *testing.T) {
	e := newEnv(t)
	if _, err := e.svc.Check(); err != nil {
		t.Fatal(err)
	}
	// Listing 4001, a chalet in 5550, is at 139,000.
	within := e.searcher("within@example.be", "nl", demands.Immediate, `{"goal":"buy","types":[2],"zips":["5550"],"budget":150000}`)
	below := e.searcher("below@example.be", "nl", demands.Immediate, `{"goal":"buy","types":[2],"zips":["5550"],"budget":100000}`)
	if c := criteriaOf(t, within); c.Budget != 150000 || c.MaxPrice != 0 {
		t.Fatalf("budget saved as %+v", c)
	}
	if _, probs, _ := e.svc.Update(below.ID, json.RawMessage(`{"goal":"buy","types":[2],"zips":["5550"],"budget":-5}`), demands.Immediate); probs["budget"].Code != "min" {
		t.Fatalf("a negative budget: %+v", probs)
	}
	e.add(4001, 4998, func(p *platform.Property) { p.Price = 139000 })
	e.sync()
	r, err := e.svc.Check()
	if err != nil || r.Accounts != 1 {
		t.Fatalf("run %+v %v", r, err)
	}
	got := e.mails()
	if len(got[within.ID]) != 1 || len(got[below.ID]) != 0 {
		t.Fatalf("mails: within %d, below %d", len(got[within.ID]), len(got[below.ID]))
	}
}
