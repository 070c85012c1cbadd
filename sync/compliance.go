package platformsync

import (
	"fmt"
	"log/slog"

	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// ComplianceReport is the legal mentions check of the published listings.
type ComplianceReport struct {
	// Listings is the number of published listings checked (a listing
	// counts once, whatever its languages).
	Listings int
	// Findings are the mandatory mentions missed, sorted by id then rule.
	Findings []compliance.Finding
}

// Missing is the number of listings that miss at least one mandatory mention.
func (r ComplianceReport) Missing() int { return compliance.Listings(r.Findings) }

// Compliance checks every published listing of langs in the store against
// its region's rules. Records are streamed and only the ones missing a
// mention are kept for compliance.Report, so a large store is never held in
// memory. It only reads: nothing is unpublished or changed, the agency
// decides.
func Compliance(st *store.Store, langs []listing.Lang) (ComplianceReport, error) {
	ids := map[int]bool{}
	var missing []listing.Property
	for _, l := range langs {
		err := st.EachActiveProperty(l, func(p listing.Property) error {
			ids[p.ID] = true
			if len(compliance.Check(&p)) > 0 {
				missing = append(missing, p)
			}
			return nil
		})
		if err != nil {
			return ComplianceReport{}, fmt.Errorf("compliance check %s: %w", l, err)
		}
	}
	return ComplianceReport{Listings: len(ids), Findings: compliance.Report(missing)}, nil
}

// logCompliance tells the admin once per run how many published listings
// miss a mandatory mention. A failed read is logged, not returned: the
// run's data is committed and served either way.
func (s *Syncer) logCompliance(log *slog.Logger) {
	rep, err := Compliance(s.store, s.opt.Languages)
	if err != nil {
		log.Error("compliance check failed", "err", err)
		return
	}
	log.Info("compliance check", "listings", rep.Listings, "missing", rep.Missing())
}
