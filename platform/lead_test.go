package platform_test

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func TestPushLeadReachesThePlatformOnce(t *testing.T) {
	h := newHarness(t, testDataset(3), nil)
	ctx := context.Background()
	lead := &platform.Lead{
		ExternalID: "42", Form: "contact-me", Salutation: "ms", FirstName: "An", LastName: "B", Email: "an@example.be",
		PropertyID: 1001, Comment: "Visite ? <b>&</b>", Fields: map[string]string{"timeSlots": "morning"},
	}
	// A push repeated after a lost answer carries the same ExternalID.
	for range 2 {
		if err := h.c.PushLead(ctx, platform.MethodContactOnMe, listing.FR, lead); err != nil {
			t.Fatal(err)
		}
	}
	if n := h.fake.Calls(platform.MethodContactOnMe); n != 2 {
		t.Errorf("%d calls, want 2", n)
	}
	got := h.fake.Leads()
	if len(got) != 1 {
		t.Fatalf("platform recorded %d leads, want 1", len(got))
	}
	l := got[0]
	if l.ExternalID != "42" || l.Form != "contact-me" || l.Email != "an@example.be" || l.PropertyID != 1001 ||
		l.Comment != "Visite ? <b>&</b>" || l.LastName != "B" || !maps.Equal(l.Fields, lead.Fields) {
		t.Fatalf("recorded %+v", l)
	}
	if p := last(t, h.fake, platform.MethodContactOnMe); p.Int("LanguageId") != 2 {
		t.Errorf("LanguageId %d, want 2", p.Int("LanguageId"))
	}

	t.Run("demand", func(t *testing.T) {
		demand := &platform.Lead{ExternalID: "43", Form: "demand", Goal: "rent", MaxPrice: 1200, TypeIDs: "1,2", Zips: "9000,9050"}
		if err := h.c.PushLead(ctx, platform.MethodDemandRegister, listing.NL, demand); err != nil {
			t.Fatal(err)
		}
		got := h.fake.Leads()
		if len(got) != 2 || got[1].ExternalID != "43" || got[1].MaxPrice != 1200 || got[1].Zips != "9000,9050" {
			t.Errorf("recorded %+v", got)
		}
	})

	t.Run("a method that takes no leads is refused", func(t *testing.T) {
		h.fake.ResetCalls()
		for _, m := range []string{platform.MethodPropertyList, "GetProperty", "contactonme", ""} {
			if err := h.c.PushLead(ctx, m, listing.NL, lead); err == nil || !strings.Contains(err.Error(), "takes no leads") {
				t.Errorf("PushLead(%q) = %v", m, err)
			}
		}
		if n := h.fake.Calls(platform.MethodPropertyList); n != 0 {
			t.Errorf("%d calls of a listing method", n)
		}
	})

	t.Run("a lead without an id is refused by the platform", func(t *testing.T) {
		err := h.c.PushLead(ctx, platform.MethodContactOnMe, listing.NL, &platform.Lead{Form: "contact-me"})
		var pe *platform.Error
		if !errors.As(err, &pe) || pe.Code != 400 || pe.Method != platform.MethodContactOnMe {
			t.Errorf("err = %v, want a *platform.Error 400", err)
		}
		err = h.c.PushLead(ctx, platform.MethodContactOnMe, listing.NL, nil)
		if !errors.As(err, &pe) || pe.Code != 400 {
			t.Errorf("nil lead: err = %v, want a *platform.Error 400", err)
		}
	})

	t.Run("a failed push is an error and records nothing", func(t *testing.T) {
		h.fake.Fail(fakeplatform.SuccessFalse().For(platform.MethodContactOnMe).First(1))
		err := h.c.PushLead(ctx, platform.MethodContactOnMe, listing.NL, &platform.Lead{ExternalID: "44", Form: "contact-me"})
		var pe *platform.Error
		if !errors.As(err, &pe) {
			t.Fatalf("err = %v", err)
		}
		if n := len(h.fake.Leads()); n != 2 {
			t.Errorf("%d leads recorded", n)
		}
	})

	t.Run("retried after a 503", func(t *testing.T) {
		h.fake.Fail(fakeplatform.Status(503).For(platform.MethodContactOnMe).First(1))
		if err := h.c.PushLead(ctx, platform.MethodContactOnMe, listing.NL, &platform.Lead{ExternalID: "45", Form: "contact-me"}); err != nil {
			t.Fatal(err)
		}
		if got := h.fake.Leads(); len(got) != 3 || got[2].ExternalID != "45" {
			t.Errorf("recorded %+v", got)
		}
	})

	t.Run("unknown language", func(t *testing.T) {
		if err := h.c.PushLead(ctx, platform.MethodContactOnMe, "xx", lead); err == nil || !strings.Contains(err.Error(), "unknown language") {
			t.Errorf("err = %v", err)
		}
	})
}
