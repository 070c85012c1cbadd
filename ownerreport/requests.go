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

// requestKinds are the kinds of request an owner reads, in the order equal
// counts are listed.
var requestKinds = []string{"information", "visit-request", "visit-booked", "documents", "offer", "rent-application", "send-to-friend", "other"}

// requestKind tells what a lead asked for from its form, and for an
// information request from the choice between information and a visit.
func requestKind(l store.Lead) string {
	switch l.Form {
	case "contact-me":
		if l.Fields["request"] == "visit" {
			return "visit-request"
		}
		return "information"
	case "contact-appointment":
		return "visit-booked"
	case "request-documents":
		return "documents"
	case "offer", "rent-application", "send-to-friend":
		return l.Form
	}
	return "other"
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
func requestsOf(about []store.Lead) []Request {
	out := make([]Request, 0, len(about))
	for _, l := range about {
		out = append(out, Request{Date: l.Received, Kind: requestKind(l), Source: "site", State: requestState(l)})
	}
	slices.SortStableFunc(out, func(a, b Request) int { return b.Date.Compare(a.Date) })
	return out
}

// countKinds counts the requests per kind, most first.
func countKinds(requests []Request) []KindCount {
	out := []KindCount{}
	for _, r := range requests {
		if i := slices.IndexFunc(out, func(k KindCount) bool { return k.Kind == r.Kind }); i >= 0 {
			out[i].Count++
		} else {
			out = append(out, KindCount{Kind: r.Kind, Count: 1})
		}
	}
	slices.SortFunc(out, func(a, b KindCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(slices.Index(requestKinds, a.Kind), slices.Index(requestKinds, b.Kind)))
	})
	return out
}
