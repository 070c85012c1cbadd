package leads_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/estate-agency/estate/captcha"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// Submit refuses, before storing anything, what the visitor must change:
// the honeypot, the form's rules, the captcha; a form nobody wrote is
// ErrUnknownForm.
func TestSubmitRefusesBeforeStoring(t *testing.T) {
	st := storetest.Open(t, listing.NL)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	guard, err := captcha.New(bytes.Repeat([]byte("k"), 32), captcha.Options{})
	if err != nil {
		t.Fatal(err)
	}
	svc := leads.NewService(spec, st, st, false, nil)
	svc.Use(leads.Helpers{Captcha: guard})
	valid := map[string]any{"firstName": "Els", "lastName": "Peeters", "phone": "0475 12 34 56", "remark": "Bel me terug.", "privacy": true}
	fields := func(drop string) map[string]json.RawMessage {
		raw := map[string]json.RawMessage{}
		for k, v := range valid {
			if k != drop {
				raw[k], _ = json.Marshal(v)
			}
		}
		return raw
	}
	tests := []struct {
		name     string
		sub      leads.Submission
		message  string   // the refusal's, "" for no refusal
		problems []string // the fields in red
		err      error
	}{
		{"unknown form", leads.Submission{Form: "call-me-maybe", Fields: fields("")}, "", nil, leads.ErrUnknownForm},
		{"honeypot filled", leads.Submission{Form: "site-contact", Fields: fields(""), Trap: "x"}, "failed", nil, nil},
		{"a rule broken", leads.Submission{Form: "site-contact", Fields: fields("remark")}, "failed", []string{"remark"}, nil},
		{"no captcha solution", leads.Submission{Form: "site-contact", Fields: fields("")}, "failed", []string{"altcha"}, nil},
		{"a forged one", leads.Submission{Form: "site-contact", Fields: fields(""), Captcha: "eyJjaGFsbGVuZ2UiOnt9fQ=="}, "failed", []string{"altcha"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.sub.Lang = listing.NL
			_, err := svc.Submit(context.Background(), tt.sub)
			var refused *leads.Refusal
			switch {
			case tt.err != nil:
				if !errors.Is(err, tt.err) {
					t.Fatalf("Submit = %v, want %v", err, tt.err)
				}
			case !errors.As(err, &refused):
				t.Fatalf("Submit = %v, want a refusal", err)
			case refused.Message != tt.message || len(refused.Problems) != len(tt.problems):
				t.Fatalf("refusal %+v, want %s with %v", refused, tt.message, tt.problems)
			}
			for _, f := range tt.problems {
				if _, ok := refused.Problems[f]; !ok {
					t.Errorf("no problem for %s: %+v", f, refused.Problems)
				}
			}
		})
	}
	n := 0
	if err := st.EachLead(func(l store.Lead) error { n++; return nil }); err != nil || n != 0 {
		t.Errorf("%d leads stored (%v), want none", n, err)
	}
}
