package alerts

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/estate-agency/estate/listing"
)

// ChangeKind is what happened to a listing between two syncs.
type ChangeKind string

const (
	// New is a listing that was not there before.
	New ChangeKind = "new"
	// PriceDrop is a published price that went down.
	PriceDrop ChangeKind = "price-drop"
	// BackOnMarket is a sold, rented or withdrawn listing available again
	// (or under option).
	BackOnMarket ChangeKind = "status"
)

var kindOrder = []ChangeKind{New, PriceDrop, BackOnMarket}

// Change is one listing change that may interest searchers.
type Change struct {
	Kind      ChangeKind
	Listing   Listing // as it is now
	OldPrice  int     // PriceDrop: the price before
	OldStatus listing.Status
}

// Key names the change so that a demand is alerted about it once: the
// same listing dropping to the same price, or coming back on the market
// from the same status to the same status, is the same news.
func (c Change) Key() string {
	id := strconv.Itoa(c.Listing.ID)
	switch c.Kind {
	case PriceDrop:
		return id + "|price|" + strconv.Itoa(c.Listing.Price)
	case BackOnMarket:
		return id + "|status|" + string(c.Listing.Status) + "|" + string(c.OldStatus)
	}
	return id + "|" + string(c.Kind)
}

// Diff lists the changes from before to after, by listing id then kind: a
// listing that appeared, a published price that went down, a listing back
// on the market. A listing that disappeared, or whose price rose, is no
// news. A listing back on the market at a lower price is one change, back
// on the market, with its old price.
func Diff(before, after map[int]Listing) []Change {
	var out []Change
	for id, now := range after {
		was, ok := before[id]
		switch {
		case !ok:
			out = append(out, Change{Kind: New, Listing: now})
		case gone(was.Status) && onMarket(now.Status):
			c := Change{Kind: BackOnMarket, Listing: now, OldStatus: was.Status}
			if dropped(was, now) {
				c.OldPrice = was.Price
			}
			out = append(out, c)
		case dropped(was, now):
			out = append(out, Change{Kind: PriceDrop, Listing: now, OldPrice: was.Price, OldStatus: was.Status})
		}
	}
	slices.SortFunc(out, func(a, b Change) int {
		if c := cmp.Compare(a.Listing.ID, b.Listing.ID); c != 0 {
			return c
		}
		return cmp.Compare(slices.Index(kindOrder, a.Kind), slices.Index(kindOrder, b.Kind))
	})
	return out
}

func gone(s listing.Status) bool {
	return s == listing.Sold || s == listing.Rented || s == Withdrawn
}

func dropped(was, now Listing) bool {
	return was.Price > 0 && now.Price > 0 && now.Price < was.Price
}
