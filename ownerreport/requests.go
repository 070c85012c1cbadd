package ownerreport

import (
	"cmp"
	"slices"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/store"
)

// Request is what an owner may know of a lead about their property: when,
// what kind, through which channel and how far it got. A visitor wrote to
// the agency, not to the owner, so it is built from these four facts alone,
// never by copying a lead: a field leads gain later cannot reach the owner.
type Request struct {
	Date   time.Time `json:"date"`
	Kind   string    `json:"kind"`
	Source string    `json:"source"`
	State  string    `json:"state"`
}

// KindCount is how many requests of a kind a property had.
type KindCount struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

// requestKind tells what a lead asked for, as its form says (ownerKind,
// and ownerKindBy for a form where the visitor chooses, e.g. information
// or a visit); a lead of a form no longer in the table is "other".
func requestKind(forms *leads.Spec, l store.Lead) string {
	form, ok := forms.Form(l.Form)
	if !ok {
		return leads.OwnerKindOther
	}
	return form.OwnerKindOf(l.Fields)
}

// requestState is how far the lead got towards the agency: delivered once
// its mail or platform push went out, pending while one is still being
// tried, received otherwise (stored, with no delivery that reached the
// agency: a given-up one is not "pending" for ever). The visitor's and a
// friend's mails are no concern of the owner's.
func requestState(l store.Lead) string {
	state := "received"
	for _, d := range l.Deliveries {
		if d.Kind != leads.KindAgency && d.Kind != leads.KindPlatform {
			continue
		}
		switch d.Status {
		case store.DeliverySent:
			return "delivered"
		case store.DeliveryPending:
			state = "pending"
		}
	}
	return state
}

// requestsOf lists the leads about a property as an owner sees them, newest first.
func requestsOf(forms *leads.Spec, about []store.Lead) []Request {
	out := make([]Request, 0, len(about))
	for _, l := range about {
		out = append(out, Request{Date: l.Received, Kind: requestKind(forms, l), Source: "site", State: requestState(l)})
	}
	slices.SortStableFunc(out, func(a, b Request) int { return b.Date.Compare(a.Date) })
	return out
}

// countKinds counts the requests per kind, most first, equal counts in
// the order of kinds.
func countKinds(kinds []string, requests []Request) []KindCount {
	out := []KindCount{}
	for _, r := range requests {
		if i := slices.IndexFunc(out, func(k KindCount) bool { return k.Kind == r.Kind }); i >= 0 {
			out[i].Count++
		} else {
			out = append(out, KindCount{Kind: r.Kind, Count: 1})
		}
	}
	slices.SortFunc(out, func(a, b KindCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(slices.Index(kinds, a.Kind), slices.Index(kinds, b.Kind)))
	})
	return out
}
