package index

import (
	"math"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// eval evaluates a filter to a bitmap of ordinals (not yet restricted to the kind). neg asks for
// the complement, pushed down to the leaves (De Morgan) so that a negated numeric range still
// requires the attribute: "NOT price:0 TO 1000" must not match a listing whose price is hidden.
// The result may be a column's own bitmap: owned says whether the caller may change it.
func (c *columns) eval(f Filter, kind Kind, neg bool) (bm *roaring.Bitmap, owned bool) {
	universe := c.live[kind]
	switch f := f.(type) {
	case nil:
		if neg {
			return roaring.New(), true
		}
		return universe, false
	case And:
		if neg {
			return c.union(Or(f), kind, true)
		}
		return c.intersect([]Filter(f), kind, false)
	case Or:
		if neg {
			return c.intersect([]Filter(f), kind, true)
		}
		return c.union(f, kind, false)
	case Not:
		return c.eval(f.F, kind, !neg)
	case *Not:
		if f == nil {
			return c.eval(nil, kind, neg)
		}
		return c.eval(f.F, kind, !neg)
	case Term:
		bm := c.term(f, kind)
		if neg {
			return roaring.AndNot(universe, bm), true
		}
		return bm, false
	case NumRange:
		bm := c.numRange(f, kind)
		if neg {
			a, ok := attrIndex[kind][f.Attr]
			if !ok || a.kind != attrNumber {
				return roaring.New(), true
			}
			out := roaring.And(universe, c.num[a.slot].has)
			out.AndNot(bm)
			return out, true
		}
		return bm, true
	case Absent:
		a, ok := attrIndex[kind][f.Attr]
		if !ok || a.kind != attrNumber {
			// An unknown attribute is absent everywhere.
			if neg {
				return roaring.New(), true
			}
			return universe, false
		}
		if neg {
			return roaring.And(universe, c.num[a.slot].has), true
		}
		return roaring.AndNot(universe, c.num[a.slot].has), true
	}
	// An unknown node type matches nothing: failing closed shows the bug in the results.
	return roaring.New(), true
}

func (c *columns) intersect(fs []Filter, kind Kind, neg bool) (*roaring.Bitmap, bool) {
	if len(fs) == 0 {
		return c.live[kind], false
	}
	return c.reduce(fs, kind, neg, true)
}

func (c *columns) union(fs []Filter, kind Kind, neg bool) (*roaring.Bitmap, bool) {
	if len(fs) == 0 {
		return roaring.New(), true
	}
	return c.reduce(fs, kind, neg, false)
}

// reduce combines the bitmaps of fs (one or more): their intersection when
// and, else their union. owned says the result is a new bitmap, which the
// caller may change; it copies a column's bitmap only when a second one
// comes.
func (c *columns) reduce(fs []Filter, kind Kind, neg, and bool) (*roaring.Bitmap, bool) {
	acc, owned := c.eval(fs[0], kind, neg)
	for _, f := range fs[1:] {
		if and && acc.IsEmpty() {
			break
		}
		b, _ := c.eval(f, kind, neg)
		switch {
		case and && owned:
			acc.And(b)
		case and:
			acc, owned = roaring.And(acc, b), true
		case owned:
			acc.Or(b)
		default:
			acc, owned = roaring.Or(acc, b), true
		}
	}
	return acc, owned
}

// term matches a keyword exactly as spelled if any document has that spelling, else ignoring case
// and accents ("liege" finds "Liège"). Exact first keeps a refinement consistent with its facet
// count when the data holds two spellings ("Liège" and "Liege" are two facet values, and picking
// one must give its count); the folded fallback serves hand-written filters and links. A number
// is compared numerically ("3" = "3.0").
func (c *columns) term(t Term, kind Kind) *roaring.Bitmap {
	a, ok := attrIndex[kind][t.Attr]
	if !ok {
		return roaring.New()
	}
	if a.kind == attrNumber {
		v, err := strconv.ParseFloat(strings.TrimSpace(t.Value), 64)
		if err != nil || math.IsNaN(v) {
			return roaring.New()
		}
		col := c.num[a.slot]
		if col.dict != nil {
			if id, ok := col.dict.byVal[numText(v)]; ok {
				return col.dict.bms[id]
			}
			return roaring.New()
		}
		return c.scan(col.v, func(x float64) bool { return x == v })
	}
	d := c.kw[a.slot]
	if id, ok := d.byVal[t.Value]; ok {
		return d.bms[id]
	}
	ids := d.byFold[c.fold(t.Value)]
	switch len(ids) {
	case 0:
		return roaring.New()
	case 1:
		return d.bms[ids[0]]
	}
	out := roaring.New()
	for _, id := range ids {
		out.Or(d.bms[id])
	}
	return out
}

// numRange matches documents whose attribute lies within the bounds; absent values (NaN) fail
// every comparison, so they never match.
func (c *columns) numRange(r NumRange, kind Kind) *roaring.Bitmap {
	a, ok := attrIndex[kind][r.Attr]
	if !ok || a.kind != attrNumber || math.IsNaN(r.Min) || math.IsNaN(r.Max) {
		return roaring.New()
	}
	// Exclusive bounds become inclusive ones on the next representable number.
	lo, hi := r.Min, r.Max
	if !r.MinIncl {
		lo = math.Nextafter(lo, math.Inf(1))
	}
	if !r.MaxIncl {
		hi = math.Nextafter(hi, math.Inf(-1))
	}
	col := c.num[a.slot]
	if d := col.dict; d != nil {
		// Few distinct values (bedrooms): union their bitmaps.
		out := roaring.New()
		for id, x := range d.nums {
			if x >= lo && x <= hi {
				out.Or(d.bms[id])
			}
		}
		return out
	}
	return scanRange(col.v, lo, hi).bitmap()
}
