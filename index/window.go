package index

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// hit is a candidate of the window with its sort key (lower first).
type hit struct {
	hi  uint64
	lo  uint32
	ord uint32
}

func (a hit) less(b hit) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

// window returns the ordinals of set at positions [off, off+length) of the sort. A rank-ordered
// sort either walks the precomputed order (cheap when the result is a large share of the
// documents and the page is near the top) or keeps the best off+length of the result in a heap;
// a text relevance sort always uses the heap with keys computed from the scores.
func (c *columns) window(set *roaring.Bitmap, s Sort, tm *textMatch, off, length int) []uint32 {
	off, length = max(off, 0), min(max(length, 0), MaxLength)
	total := int(set.GetCardinality())
	if length == 0 || off >= total {
		return nil
	}
	if s < 0 || int(s) >= nSorts {
		s = SortRelevance
	}
	k := min(off+length, total)
	byText := tm != nil && tm.score != nil && s == SortRelevance
	if !byText && float64(k)*float64(len(c.order[s]))/float64(total) < float64(total) {
		out := make([]uint32, 0, k-off)
		i := 0
		for _, ord := range c.order[s] {
			if !set.Contains(ord) {
				continue
			}
			if i >= off {
				out = append(out, ord)
			}
			i++
			if i == k {
				break
			}
		}
		return out
	}
	rank := c.rank[s]
	newest := c.rank[SortNewest]
	key := func(ord uint32) hit {
		if byText {
			hi, lo := scoreKey(tm.refs.Contains(ord), c.available.Contains(ord), tm.score[ord], newest[ord])
			return hit{hi, lo, ord}
		}
		return hit{uint64(rank[ord]), 0, ord}
	}
	// A max-heap of the best k so far: its root is the worst kept hit.
	h := make([]hit, 0, k)
	for batch := range batches(set, make([]uint32, 256)) {
		for _, ord := range batch {
			x := key(ord)
			if len(h) < k {
				h = append(h, x)
				siftUp(h, len(h)-1)
				continue
			}
			if x.less(h[0]) {
				h[0] = x
				siftDown(h, 0)
			}
		}
	}
	slices.SortFunc(h, func(a, b hit) int {
		if a.less(b) {
			return -1
		}
		if b.less(a) {
			return 1
		}
		return 0
	})
	out := make([]uint32, 0, k-off)
	for _, x := range h[off:] {
		out = append(out, x.ord)
	}
	return out
}

func siftUp(h []hit, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h[p].less(h[i]) {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func siftDown(h []hit, i int) {
	for {
		l, r, big := 2*i+1, 2*i+2, i
		if l < len(h) && h[big].less(h[l]) {
			big = l
		}
		if r < len(h) && h[big].less(h[r]) {
			big = r
		}
		if big == i {
			return
		}
		h[i], h[big] = h[big], h[i]
		i = big
	}
}
