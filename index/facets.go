package index

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// iterPerValue: below this many hits per dictionary value, counting by walking the hits beats
// intersecting every value's bitmap with them (measured by BenchmarkFacetCount).
const iterPerValue = 64

// facets counts the requested attributes over set.
func (c *columns) facets(kind Kind, names []string, set *roaring.Bitmap, maxValues int) (map[string]map[string]int, map[string]Stats) {
	if maxValues <= 0 {
		maxValues = DefaultMaxValuesPerFacet
	}
	out := map[string]map[string]int{}
	var stats map[string]Stats
	for _, name := range names {
		a, ok := attrIndex[kind][name]
		if !ok {
			continue
		}
		if _, done := out[name]; done {
			continue
		}
		var d *dict
		var col *numCol
		if a.kind == attrKeyword {
			d = c.kw[a.slot]
		} else {
			col = c.num[a.slot]
			d = col.dict
		}
		var st Stats
		var hasStats bool
		if d != nil {
			counts := c.countDict(d, set)
			out[name] = topValues(d.vals, counts, maxValues, d.number)
			if d.number {
				st, hasStats = statsOf(d.nums, counts)
			}
		} else {
			out[name], st, hasStats = c.countNumbers(col, set, maxValues)
		}
		if hasStats {
			if stats == nil {
				stats = map[string]Stats{}
			}
			stats[name] = st
		}
	}
	return out, stats
}

// statsOf derives the stats of a numeric attribute from the count of each of its values.
func statsOf[N int | int32](vals []float64, counts []N) (Stats, bool) {
	s := Stats{Min: math.Inf(1), Max: math.Inf(-1)}
	n := 0
	for id, k := range counts[:len(vals)] {
		if k == 0 {
			continue
		}
		x := vals[id]
		n += int(k)
		s.Sum += x * float64(k)
		s.Min, s.Max = min(s.Min, x), max(s.Max, x)
	}
	if n == 0 {
		return Stats{}, false
	}
	s.Avg = s.Sum / float64(n)
	return s, true
}

func (c *columns) countDict(d *dict, set *roaring.Bitmap) []int {
	counts := make([]int, len(d.vals))
	if !d.multi && set.GetCardinality() < uint64(len(d.vals))*iterPerValue {
		for batch := range batches(set, make([]uint32, 256)) {
			for _, ord := range batch {
				if id := d.one[ord]; id >= 0 {
					counts[id]++
				}
			}
		}
		return counts
	}
	for id, bm := range d.bms {
		counts[id] = int(set.AndCardinality(bm))
	}
	return counts
}

// topValues keeps the maxValues most frequent values, ties broken by value.
func topValues(vals []string, counts []int, maxValues int, numeric bool) map[string]int {
	ids := make([]int, 0, len(vals))
	for id, n := range counts {
		if n > 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) > maxValues {
		slices.SortFunc(ids, func(a, b int) int {
			if r := cmp.Compare(counts[b], counts[a]); r != 0 {
				return r
			}
			if numeric {
				x, _ := strconv.ParseFloat(vals[a], 64)
				y, _ := strconv.ParseFloat(vals[b], 64)
				return cmp.Compare(x, y)
			}
			return strings.Compare(vals[a], vals[b])
		})
		ids = ids[:maxValues]
	}
	out := make(map[string]int, len(ids))
	for _, id := range ids {
		out[vals[id]] = counts[id]
	}
	return out
}

// countNumbers counts the distinct values of a number without a dictionary (price, surfaces):
// often as many values as hits, so no map and no sort of the hits. Counts go into an array over
// the column's sorted distinct values; the top maxValues are cut at a count threshold found with
// a histogram, ties taken in ascending value order as the array is.
func (c *columns) countNumbers(col *numCol, set *roaring.Bitmap, maxValues int) (map[string]int, Stats, bool) {
	vi := col.valueIndex()
	// One more slot, where absent values (vi.id -1 is stored as len) are counted: no branch.
	counts := make([]int32, len(vi.vals)+1)
	for batch := range batches(set, make([]uint32, 256)) {
		for _, ord := range batch {
			counts[vi.id[ord]]++
		}
	}
	counts = counts[:len(vi.vals)]
	distinct, top := 0, int32(0)
	for _, n := range counts {
		distinct += int(b2u(n > 0))
		top = max(top, n)
	}
	threshold, atThreshold := int32(1), distinct
	if distinct > maxValues {
		hist := make([]int, top+1)
		for _, n := range counts {
			hist[n]++
		}
		above := 0
		for threshold = top; threshold > 1 && above+hist[threshold] < maxValues; threshold-- {
			above += hist[threshold]
		}
		atThreshold = maxValues - above
	}
	out := make(map[string]int, min(distinct, maxValues))
	for id, n := range counts {
		switch {
		case n > threshold:
		case n == threshold && atThreshold > 0:
			atThreshold--
		default:
			continue
		}
		out[numText(vi.vals[id])] = int(n)
	}
	st, ok := statsOf(vi.vals, counts)
	return out, st, ok
}
