package main

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// seedLeads writes leads the way the form API does, before any server runs.
func seedLeads(t *testing.T, storage string) {
	t.Helper()
	st := storetest.OpenIn(t, storage, listing.NL, listing.FR)
	defer st.Close() // the commands under test open it next
	now := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	for _, l := range []store.Lead{
		{Form: "contact-me", Lang: "nl", Email: "an@example.be", PropertyID: 4030, Fields: map[string]any{"firstName": "An", "remark": "=HYPERLINK(\"x\")"}},
		{Form: "contact-testimonial", Lang: "fr", Email: "marc@example.be", Status: "pending", Fields: map[string]any{"name": "Marc", "comment": "Très bon service"}},
		{Form: "send-to-friend", Lang: "nl", Email: "jan@example.be", Fields: map[string]any{"friendEmail": "an@example.be"}},
	} {
		l.Received = now
		if _, err := st.AddLead(store.NewLead{Lead: l, Kinds: []string{"agency"}}, now); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLeadsCommands(t *testing.T) {
	storage := cliEnv(t, "platform")
	seedLeads(t, storage)

	code, out, errOut := estate(t, "leads", "list")
	if code != 0 || !strings.Contains(out, "contact-me") || !strings.Contains(out, "property 4030") || !strings.Contains(out, "agency:pending") {
		t.Fatalf("list: %d %s %s", code, out, errOut)
	}
	code, out, _ = estate(t, "leads", "export", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) != 4 || rows[0][0] != "id" {
		t.Fatalf("csv: %d %v %q", code, err, out)
	}
	if !strings.HasPrefix(rows[1][10], "{") || strings.Contains(rows[1][10], "'=") {
		t.Fatalf("fields column %q", rows[1][10])
	}
	code, out, _ = estate(t, "leads", "export", "--format", "json")
	var leads []store.Lead
	if code != 0 || json.Unmarshal([]byte(out), &leads) != nil || len(leads) != 3 || leads[0].Deliveries[0].Status != "pending" {
		t.Fatalf("json: %d %s", code, out)
	}
	if code, out, _ = estate(t, "leads", "show", "2"); code != 0 || !strings.Contains(out, "Très bon service") {
		t.Fatalf("show: %d %s", code, out)
	}
	if code, _, errOut = estate(t, "leads", "export", "--format", "xml"); code != 2 || !strings.Contains(errOut, "--format") {
		t.Fatalf("bad format: %d %s", code, errOut)
	}
	if code, out, _ = estate(t, "testimonials", "approve", "2"); code != 0 || !strings.Contains(out, "published") {
		t.Fatalf("approve: %d %s", code, out)
	}
	if code, _, errOut = estate(t, "testimonials", "approve", "1"); code != 1 || !strings.Contains(errOut, "not a testimonial") {
		t.Fatalf("approve a contact: %d %s", code, errOut)
	}
	if code, out, _ = estate(t, "testimonials", "list"); code != 0 || !strings.Contains(out, "published") {
		t.Fatalf("testimonials list: %d %s", code, out)
	}
	// an@example.be sent lead 1 and is the friend of lead 3: both go.
	if code, out, _ = estate(t, "leads", "erase", "--email", "AN@example.be"); code != 0 || !strings.Contains(out, "erased 2 leads") {
		t.Fatalf("erase: %d %s", code, out)
	}
	if code, out, _ = estate(t, "leads", "export", "--format", "json"); code != 0 || strings.Contains(out, "an@example.be") {
		t.Fatalf("after erase: %d %s", code, out)
	}
	if st := status(t); st.Leads.Total != 1 || st.Leads.Outbox != 1 {
		t.Fatalf("status leads %+v", st.Leads)
	}
}
