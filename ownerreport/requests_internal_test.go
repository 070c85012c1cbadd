package ownerreport

import (
	"fmt"
	"testing"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/store"
)

func TestRequestState(t *testing.T) {
	d := func(kind, status string) store.Delivery { return store.Delivery{Kind: kind, Status: status} }
	tests := []struct {
		name       string
		deliveries []store.Delivery
		want       string
	}{
		{"nothing owed", nil, "received"},
		{"agency mail on its way", []store.Delivery{d(leads.KindAgency, store.DeliveryPending)}, "pending"},
		{"agency mail sent", []store.Delivery{d(leads.KindAgency, store.DeliverySent), d(leads.KindVisitor, store.DeliveryPending)}, "delivered"},
		{"platform push sent, mail still tried", []store.Delivery{d(leads.KindAgency, store.DeliveryPending), d(leads.KindPlatform, store.DeliverySent)}, "delivered"},
		// A delivery given up is not pending for ever: the lead is stored, nothing more.
		{"agency mail given up", []store.Delivery{d(leads.KindAgency, store.DeliveryDead)}, "received"},
		{"only the visitor's mail failed", []store.Delivery{d(leads.KindAgency, store.DeliverySent), d(leads.KindVisitor, store.DeliveryDead)}, "delivered"},
		{"only the friend's mail waits", []store.Delivery{d(leads.KindAgency, store.DeliverySent), d(leads.KindFriend, store.DeliveryPending)}, "delivered"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := requestState(store.Lead{Deliveries: tc.deliveries}); got != tc.want {
				t.Errorf("state %q, want %q", got, tc.want)
			}
		})
	}
}

// The kind an owner reads is the form's (leads/forms.json ownerKind), by
// the visitor's choice where the form has one (ownerKindBy).
func TestRequestKind(t *testing.T) {
	forms, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		form   string
		fields map[string]any
		want   string
	}{
		{"contact-me", map[string]any{"request": "info"}, "information"},
		{"contact-me", map[string]any{"request": "visit"}, "visit-request"},
		{"contact-appointment", nil, "visit-booked"},
		{"request-documents", nil, "documents"},
		{"offer", nil, "offer"},
		{"rent-application", nil, "rent-application"},
		{"send-to-friend", nil, "send-to-friend"},
		{"site-contact", nil, "other"},
		{"a-form-since-removed", nil, "other"},
	}
	for _, tc := range tests {
		t.Run(tc.form+"/"+fmt.Sprint(tc.fields["request"]), func(t *testing.T) {
			if got := requestKind(forms, store.Lead{Form: tc.form, Fields: tc.fields}); got != tc.want {
				t.Errorf("kind %q, want %q", got, tc.want)
			}
		})
	}
}
