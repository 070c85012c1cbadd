package alerts

import (
	"github.com/paulmach/orb"

	"github.com/estate-agency/estate/listing"
)

// Demand is an active search demand: its account id and criteria.
type Demand struct {
	ID       uint64
	Criteria Criteria
}

// Matcher matches many changes against many demands. Built once per alert
// run, it indexes the demands so a change only meets the demands that
// could want it: by goal, then by postcode, by area (whose bounding box
// rejects most listings before the polygon is looked at) or anywhere.
type Matcher struct {
	demands []Demand
	comp    []*compiled
	// buckets by the listing goal a demand asks; "" holds demands of any goal.
	buckets map[listing.Goal]*bucket
}

type bucket struct {
	byZip    map[string][]int // zip → demand indexes
	areas    []int            // demands with an area
	anywhere []int            // demands with neither zips nor area
}

// NewMatcher indexes demands; their criteria should be normalized.
func NewMatcher(demands []Demand) *Matcher {
	m := &Matcher{demands: demands, comp: make([]*compiled, len(demands)), buckets: map[listing.Goal]*bucket{}}
	for i, d := range demands {
		zips := make(map[string]struct{}, len(d.Criteria.Zips))
		for _, z := range d.Criteria.Zips {
			if z = CanonicalZip(z); z != "" {
				zips[z] = struct{}{}
			}
		}
		c := compile(d.Criteria, zips)
		m.comp[i] = c
		b := m.buckets[c.goal]
		if b == nil {
			b = &bucket{byZip: map[string][]int{}}
			m.buckets[c.goal] = b
		}
		for z := range zips {
			b.byZip[z] = append(b.byZip[z], i)
		}
		if c.area != nil {
			b.areas = append(b.areas, i)
		}
		if len(zips) == 0 && c.area == nil {
			b.anywhere = append(b.anywhere, i)
		}
	}
	return m
}

// Match gives, per demand id, the changes that match it in their input
// order. Demands nothing matched are absent.
func (m *Matcher) Match(changes []Change) map[uint64][]Change {
	out := map[uint64][]Change{}
	// seen[i] == stamp when demand i already took the current change: a
	// demand with both a zip and an area that hold the listing takes it once.
	seen := make([]int, len(m.demands))
	for n, ch := range changes {
		l := ch.Listing
		if !onMarket(l.Status) {
			continue
		}
		stamp := n + 1
		// Each demand is looked at once per change; the cheap terms go
		// before the polygon, which most demands never need then.
		take := func(i int, place func() bool) {
			if seen[i] == stamp {
				return
			}
			seen[i] = stamp
			if m.comp[i].matchTerms(l) && (place == nil || place()) {
				id := m.demands[i].ID
				out[id] = append(out[id], ch)
			}
		}
		pt := orb.Point{l.Lng, l.Lat}
		for _, g := range []listing.Goal{l.Goal, ""} {
			b := m.buckets[g]
			if b == nil {
				continue
			}
			if l.Zip != "" {
				for _, i := range b.byZip[l.Zip] {
					take(i, nil)
				}
			}
			if l.HasGeo {
				for _, i := range b.areas {
					if a := m.comp[i].area; a.bound.Contains(pt) {
						take(i, func() bool { return a.contains(pt) })
					}
				}
			}
			for _, i := range b.anywhere {
				take(i, nil)
			}
		}
	}
	return out
}
