package leads_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
)

// A visitor may leave only a phone number on the office contact and the
// information request: the agency's mail still goes out, without a
// Reply-To, and no confirmation is owed to an address nobody gave.
func TestAPhoneNumberAloneReachesTheAgency(t *testing.T) {
	e := newRelayEnv(t)
	e.run(t)
	for _, lang := range []listing.Lang{listing.NL, listing.FR} {
		t.Run(string(lang), func(t *testing.T) {
			e.smtp.Clear()
			raw := map[string]json.RawMessage{}
			for k, v := range map[string]any{"firstName": "Els", "lastName": "Peeters", "phone": "0475 12 34 56",
				"remark": "Bel me terug, a.u.b.", "privacy": true} {
				raw[k], _ = json.Marshal(v)
			}
			out, err := e.svc.Submit(context.Background(), leads.Submission{Form: "site-contact", Lang: lang, Fields: raw})
			if err != nil {
				t.Fatalf("submit: %v", err)
			}
			id := out.Lead
			e.relay.Wake()
			e.waitDrained(t, 5*time.Second)
			msgs := e.smtp.Messages()
			if len(msgs) != 1 || msgs[0].To[0] != "office@agency.example" {
				t.Fatalf("lead %d: %d mails, want only the agency's", id, len(msgs))
			}
			p, err := msgs[0].Parse()
			if err != nil {
				t.Fatal(err)
			}
			if p.Decoded("Reply-To") != "" || !strings.Contains(p.Text(), "0475 12 34 56") {
				t.Errorf("reply-to %q, text:\n%s", p.Decoded("Reply-To"), p.Text())
			}
		})
	}
}
