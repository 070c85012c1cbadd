package platformsync

import (
	"fmt"
	"strings"

	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
)

// maxInvalidShare is where one bad record ends and an implausible answer
// begins. A list may hold up to this share of invalid records (of the list
// or of what we hold, whichever is larger; one is always allowed): those are
// quarantined and the rest is applied. More at once is no longer a typo in
// the agency's data but a broken platform or a changed format, and the whole
// answer is refused.
const maxInvalidShare = 0.10

// findings are what a run has to say about the records of one language (or
// the visit slots) besides its counts.
type findings struct {
	quarantined []store.Quarantined
	truncated   []store.Truncated
}

func (r *findings) quarantine(kind string, id, row int, reason string) {
	r.quarantined = append(r.quarantined, store.Quarantined{Kind: kind, ID: id, Row: row, Reason: reason})
}

// quarantineBad quarantines a record that did not decode: by its ID when
// it has one, else by its row.
func quarantineBad(r *findings, kind string, b platform.BadRecord) {
	if b.ID > 0 {
		r.quarantine(kind, b.ID, 0, b.Reason)
		return
	}
	r.quarantine(kind, 0, b.Row, b.Reason)
}

// count returns how many records of a kind are quarantined, and how many of
// them have no usable ID.
func (r *findings) count(kind string) (all, nameless int) {
	for _, q := range r.quarantined {
		if q.Kind == kind {
			all++
			if q.ID <= 0 {
				nameless++
			}
		}
	}
	return all, nameless
}

// ids returns the quarantined ids of a kind.
func (r *findings) ids(kind string) []int {
	var out []int
	for _, q := range r.quarantined {
		if q.Kind == kind && q.ID > 0 {
			out = append(out, q.ID)
		}
	}
	return out
}

func (r *findings) empty() bool { return len(r.quarantined) == 0 && len(r.truncated) == 0 }

// logAttrs are the report as log attributes: one line says it all.
func (r *findings) logAttrs() []any {
	return []any{"quarantined", len(r.quarantined), "records", joined(r.quarantined), "cut", joined(r.truncated)}
}

func joined[T fmt.Stringer](items []T) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return strings.Join(parts, "; ")
}

// checkInvalid refuses a list with more invalid records than maxInvalidShare
// of base (see there).
func checkInvalid(what string, invalid, base int, force bool) error {
	allowed := max(1, int(float64(base)*maxInvalidShare))
	if force || invalid <= allowed {
		return nil
	}
	return fmt.Errorf("%s: %w: %d of %d records invalid (more than %.0f%%)", what, ErrImplausible, invalid, base, maxInvalidShare*100)
}
