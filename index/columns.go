package index

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/estate-agency/estate/listing"
)

// The column store answers everything of a Find except the words: filters, geo, facets and sort
// orders. Bleve can do all of it, but its facets and sorts read doc values per hit and cost most
// of a query over many hits (docs/benchmarks.md: text + 4 facets at 100,000 listings takes 262 ms
// at p99, one eighth of that without the facets). Here every document of a language has a dense
// ordinal; an attribute is an array indexed by ordinal plus, for values that are counted or
// matched exactly, one roaring bitmap per value. Filters become bitmap algebra and a facet count
// is a bitmap intersection or one pass over the hits.
//
// A column set is immutable once built: Apply derives the next one (copy on write) and swaps a
// pointer, so Find never locks against writers. Ordinals are never reused within a lineage (a
// removed document keeps its ordinal, dead), which keeps the Bleve-to-ordinal maps of unchanged
// segments valid across Apply; Load and Rebuild start a new, compact lineage.

// attrKind says how an attribute is stored.
type attrKind uint8

const (
	attrKeyword attrKind = iota + 1 // strings: dictionary + bitmap per value
	attrNumber                      // float64 per ordinal (NaN: absent)
)

// Keyword slots (columns.kw).
const (
	kwGoal = iota
	kwType
	kwCity
	kwZip
	kwRegion
	kwEPCLabel
	kwStatus
	kwFeatures
	kwName
	kwSoldOut
	kwTypes
	nKw
)

// Number slots (columns.num).
const (
	numID = iota
	numTypeID
	numCountryID
	numBedrooms
	numBathrooms
	numGarages
	numMarquee
	numWebID
	numPrice
	numSurfaceLiving
	numSurfaceGround
	numEPCValue
	numCreatedAt
	numChangedAt
	numProjectID
	numPriceMin
	numPriceMax
	numSaleCount
	numRentCount
	numPropertyCount
	nNum
)

// attr describes one filterable attribute. Names are the hit attribute names of the search API.
type attr struct {
	name  string
	kind  attrKind
	slot  int
	multi bool // keyword holding several values per document
	// facet: a number whose few distinct values are counted like keywords (bedrooms: "3": 12).
	facet bool
}

// attrs lists every attribute per kind. One name means one column across kinds ("city" of a
// property and of a project share it): the kind's own alive set keeps them apart.
var attrs = map[Kind][]attr{
	KindProperty: {
		{name: fGoal, kind: attrKeyword, slot: kwGoal},
		{name: fType, kind: attrKeyword, slot: kwType},
		{name: fCity, kind: attrKeyword, slot: kwCity},
		{name: fZip, kind: attrKeyword, slot: kwZip},
		{name: fRegion, kind: attrKeyword, slot: kwRegion},
		{name: fEPCLabel, kind: attrKeyword, slot: kwEPCLabel},
		{name: fStatus, kind: attrKeyword, slot: kwStatus},
		{name: fFeatures, kind: attrKeyword, slot: kwFeatures, multi: true},
		{name: fID, kind: attrNumber, slot: numID},
		{name: fTypeID, kind: attrNumber, slot: numTypeID, facet: true},
		{name: fCountryID, kind: attrNumber, slot: numCountryID, facet: true},
		{name: fBedrooms, kind: attrNumber, slot: numBedrooms, facet: true},
		{name: fBathrooms, kind: attrNumber, slot: numBathrooms, facet: true},
		{name: fGarages, kind: attrNumber, slot: numGarages, facet: true},
		{name: fMarquee, kind: attrNumber, slot: numMarquee, facet: true},
		{name: fWebID, kind: attrNumber, slot: numWebID, facet: true},
		{name: fPrice, kind: attrNumber, slot: numPrice},
		{name: fSurfaceLiving, kind: attrNumber, slot: numSurfaceLiving},
		{name: fSurfaceGround, kind: attrNumber, slot: numSurfaceGround},
		{name: fEPCValue, kind: attrNumber, slot: numEPCValue},
		{name: fCreatedAt, kind: attrNumber, slot: numCreatedAt},
		{name: fChangedAt, kind: attrNumber, slot: numChangedAt},
		{name: fProjectID, kind: attrNumber, slot: numProjectID},
	},
	KindProject: {
		{name: fName, kind: attrKeyword, slot: kwName},
		{name: fCity, kind: attrKeyword, slot: kwCity},
		{name: fZip, kind: attrKeyword, slot: kwZip},
		{name: fSoldOut, kind: attrKeyword, slot: kwSoldOut},
		{name: "types", kind: attrKeyword, slot: kwTypes, multi: true},
		{name: fID, kind: attrNumber, slot: numID},
		{name: fCountryID, kind: attrNumber, slot: numCountryID, facet: true},
		{name: fPriceMin, kind: attrNumber, slot: numPriceMin},
		{name: fPriceMax, kind: attrNumber, slot: numPriceMax},
		{name: fChangedAt, kind: attrNumber, slot: numChangedAt},
	},
	KindCity: {
		{name: fName, kind: attrKeyword, slot: kwName},
		{name: fCity, kind: attrKeyword, slot: kwCity},
		{name: fZip, kind: attrKeyword, slot: kwZip},
		{name: fCountryID, kind: attrNumber, slot: numCountryID, facet: true},
		{name: "saleCount", kind: attrNumber, slot: numSaleCount},
		{name: "rentCount", kind: attrNumber, slot: numRentCount},
		{name: fPropertyCount, kind: attrNumber, slot: numPropertyCount},
	},
}

// attrIndex finds an attribute of a kind by name.
var attrIndex = func() map[Kind]map[string]attr {
	out := map[Kind]map[string]attr{}
	for k, list := range attrs {
		out[k] = map[string]attr{}
		for _, a := range list {
			out[k][a.name] = a
		}
	}
	return out
}()

// kwMulti and numFacet are per slot, whatever the kind (a slot means the same in every kind).
var kwMulti, numFacet = func() (m [nKw]bool, f [nNum]bool) {
	for _, list := range attrs {
		for _, a := range list {
			switch a.kind {
			case attrKeyword:
				m[a.slot] = m[a.slot] || a.multi
			case attrNumber:
				f[a.slot] = f[a.slot] || a.facet
			}
		}
	}
	return m, f
}()

// Attributes returns the names of the attributes of a kind that filters, facets and numeric
// filters may name, sorted. The search API expands facets=* with it.
func Attributes(k Kind) []string {
	var out []string
	for _, a := range attrs[k] {
		out = append(out, a.name)
	}
	slices.Sort(out)
	return out
}

// NumericAttribute reports whether an attribute of a kind is numeric (has facet stats and takes
// numeric filters).
func NumericAttribute(k Kind, name string) bool {
	a, ok := attrIndex[k][name]
	return ok && a.kind == attrNumber
}

// noOrd marks "no document" in ordinal arrays.
const noOrd = math.MaxUint32

// docVals is one document's column values, as put into a column set.
type docVals struct {
	one      [nKw]string   // single-valued keywords; "" = absent
	many     [nKw][]string // multi-valued keywords
	num      [nNum]float64 // NaN = absent
	lat, lng float64       // NaN = no position
}

func newDocVals() docVals {
	var v docVals
	for i := range v.num {
		v.num[i] = math.NaN()
	}
	v.lat, v.lng = math.NaN(), math.NaN()
	return v
}

// pos keeps the same values as setPos does for Bleve: zero or negative means unknown.
func pos(v float64) float64 {
	if v > 0 && !math.IsInf(v, 0) {
		return v
	}
	return math.NaN()
}

func unixOrNaN(sec int64) float64 {
	if sec > 0 {
		return float64(sec)
	}
	return math.NaN()
}

func (v *docVals) setGeo(g *listing.Geo, published bool) {
	if d := listing.DisplayGeo(g, published); d != nil && (d.Lat != 0 || d.Lng != 0) {
		v.lat, v.lng = d.Lat, d.Lng
	}
}

// propertyVals mirrors propertyDoc: the same values are absent in both (a price that is not
// published, a zero surface), so a filter agrees with the text index on what a listing has.
func propertyVals(p listing.Property) docVals {
	v := newDocVals()
	v.one[kwGoal] = strings.TrimSpace(string(p.Goal))
	v.one[kwType] = strings.TrimSpace(p.Type)
	v.one[kwCity] = strings.TrimSpace(p.Address.City)
	v.one[kwZip] = strings.TrimSpace(p.Address.Zip)
	v.one[kwRegion] = strings.TrimSpace(string(p.Energy.Region))
	v.one[kwEPCLabel] = strings.TrimSpace(p.Energy.Label)
	v.one[kwStatus] = strings.TrimSpace(string(p.Status))
	v.many[kwFeatures] = p.Flags.Features()
	v.num[numID] = float64(p.ID)
	v.num[numTypeID] = pos(float64(p.TypeID))
	v.num[numCountryID] = pos(float64(p.Address.CountryID))
	v.num[numBedrooms] = pos(float64(p.Layout.Bedrooms))
	v.num[numBathrooms] = pos(float64(p.Layout.Bathrooms))
	v.num[numGarages] = pos(float64(p.Layout.Garages))
	v.num[numMarquee] = float64(p.Marquee)
	v.num[numWebID] = pos(float64(p.WebID))
	if p.Price.Published {
		v.num[numPrice] = pos(p.Price.Amount)
	}
	v.num[numSurfaceLiving] = pos(p.Surfaces.Living)
	v.num[numSurfaceGround] = pos(p.Surfaces.Ground)
	v.num[numEPCValue] = pos(p.Energy.Value)
	v.num[numCreatedAt] = unixOrNaN(p.Created.Unix())
	v.num[numChangedAt] = unixOrNaN(p.Changed.Unix())
	v.num[numProjectID] = pos(float64(p.ProjectID))
	v.setGeo(p.Geo, p.Address.Published)
	return v
}

func projectVals(pr listing.Project) docVals {
	v := newDocVals()
	v.one[kwName] = strings.TrimSpace(pr.Name)
	v.one[kwCity] = strings.TrimSpace(pr.Address.City)
	v.one[kwZip] = strings.TrimSpace(pr.Address.Zip)
	v.one[kwSoldOut] = strconv.FormatBool(pr.SoldOut)
	for _, t := range pr.Types {
		if t = strings.TrimSpace(t); t != "" {
			v.many[kwTypes] = append(v.many[kwTypes], t)
		}
	}
	v.num[numID] = float64(pr.ID)
	v.num[numCountryID] = pos(float64(pr.Address.CountryID))
	v.num[numPriceMin] = pos(pr.PriceMin)
	v.num[numPriceMax] = pos(pr.PriceMax)
	v.num[numChangedAt] = unixOrNaN(pr.Changed.Unix())
	v.setGeo(pr.Geo, pr.Address.Published)
	return v
}

func cityVals(c listing.City) docVals {
	v := newDocVals()
	v.one[kwName] = strings.TrimSpace(c.Name)
	v.one[kwCity] = strings.TrimSpace(c.Name)
	v.one[kwZip] = strings.TrimSpace(c.Zip)
	v.num[numCountryID] = pos(float64(c.CountryID))
	v.num[numPropertyCount] = float64(c.PropertyCount)
	// saleCount and rentCount are derived from the properties in finish.
	return v
}

// dict is a dictionary-encoded attribute: the distinct values, each with the alive documents
// having it. Values are never dropped within a lineage; a value no alive document has any more
// keeps an empty bitmap and is left out of facets.
type dict struct {
	vals   []string // original spelling (keywords) or canonical number text
	byVal  map[string]int32
	byFold map[string][]int32 // keywords only: folded spelling → values
	one    []int32            // per ordinal, single-valued: value id or -1
	many   [][]int32          // per ordinal, multi-valued
	bms    []*roaring.Bitmap  // per value, built by finish
	nums   []float64          // numeric dictionaries: the value of each entry
	multi  bool
	number bool
}

func newDict(multi, number bool) *dict {
	d := &dict{byVal: map[string]int32{}, multi: multi, number: number}
	if !number {
		d.byFold = map[string][]int32{}
	}
	return d
}

func (d *dict) clone() *dict {
	c := &dict{
		vals:   slices.Clone(d.vals),
		byVal:  make(map[string]int32, len(d.byVal)),
		one:    slices.Clone(d.one),
		many:   slices.Clone(d.many),
		nums:   slices.Clone(d.nums),
		multi:  d.multi,
		number: d.number,
	}
	for k, v := range d.byVal {
		c.byVal[k] = v
	}
	if d.byFold != nil {
		c.byFold = make(map[string][]int32, len(d.byFold))
		for k, v := range d.byFold {
			c.byFold[k] = slices.Clone(v)
		}
	}
	return c
}

func (d *dict) id(v string, fold func(string) string) int32 {
	if id, ok := d.byVal[v]; ok {
		return id
	}
	id := int32(len(d.vals))
	d.vals = append(d.vals, v)
	d.byVal[v] = id
	if d.number {
		f, _ := strconv.ParseFloat(v, 64)
		d.nums = append(d.nums, f)
	}
	if d.byFold != nil {
		f := fold(v)
		d.byFold[f] = append(d.byFold[f], id)
	}
	return id
}

func (d *dict) grow(n int) {
	if d.multi {
		for len(d.many) < n {
			d.many = append(d.many, nil)
		}
		return
	}
	for len(d.one) < n {
		d.one = append(d.one, -1)
	}
}

func (d *dict) setOne(ord uint32, v string, fold func(string) string) {
	if v == "" {
		d.one[ord] = -1
		return
	}
	d.one[ord] = d.id(v, fold)
}

func (d *dict) setMany(ord uint32, vs []string, fold func(string) string) {
	if len(vs) == 0 {
		d.many[ord] = nil
		return
	}
	ids := make([]int32, 0, len(vs))
	for _, v := range vs {
		if id := d.id(v, fold); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	d.many[ord] = ids
}

// build makes the value bitmaps over the alive ordinals.
func (d *dict) build(alive []bool) {
	lists := make([][]uint32, len(d.vals))
	for ord, ok := range alive {
		if !ok {
			continue
		}
		if d.multi {
			for _, id := range d.many[ord] {
				lists[id] = append(lists[id], uint32(ord))
			}
		} else if id := d.one[ord]; id >= 0 {
			lists[id] = append(lists[id], uint32(ord))
		}
	}
	d.bms = make([]*roaring.Bitmap, len(d.vals))
	for i, l := range lists {
		// Ordinals come in increasing order, which AddMany builds fastest.
		bm := roaring.New()
		bm.AddMany(l)
		bm.RunOptimize()
		d.bms[i] = bm
	}
}

// numCol is a numeric attribute.
type numCol struct {
	v   []float64       // per ordinal; NaN = absent
	has *roaring.Bitmap // alive ordinals with a value, built by finish
	// dict holds the canonical text of each value for facet attributes (nil otherwise); exact
	// terms and facet counts use its bitmaps.
	dict *dict

	// values is built on first use, for counting the values of an attribute without dict (a
	// price slider asks facets=price): most never are, so finish does not pay for them.
	valuesOnce sync.Once
	values     *valueIndex
}

// valueIndex numbers the distinct values of a numeric column in ascending order.
type valueIndex struct {
	vals []float64 // distinct, ascending
	id   []int32   // per ordinal: index into vals, len(vals) when absent
}

func (n *numCol) valueIndex() *valueIndex {
	n.valuesOnce.Do(func() {
		vals := make([]float64, 0, len(n.v))
		for _, x := range n.v {
			if !math.IsNaN(x) {
				vals = append(vals, x)
			}
		}
		slices.Sort(vals)
		vals = slices.Compact(vals)
		vi := &valueIndex{vals: vals, id: make([]int32, len(n.v))}
		for ord, x := range n.v {
			vi.id[ord] = int32(len(vals))
			if !math.IsNaN(x) {
				i, _ := slices.BinarySearch(vals, x)
				vi.id[ord] = int32(i)
			}
		}
		n.values = vi
	})
	return n.values
}

// numText is the canonical text of a number: the facet value and the key of numeric terms.
func numText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Sort orders precomputed per column set.
const nSorts = 4

// columns is one language's column set. Immutable once finish has run.
type columns struct {
	n     int
	ids   []string          // bare public id per ordinal
	kinds []Kind            // per ordinal
	alive []bool            // per ordinal; false = removed (tombstone)
	byDoc map[string]uint32 // Bleve document id → ordinal, dead ones included
	kw    [nKw]*dict
	num   [nNum]*numCol
	lat   []float64 // displayed position; NaN = none
	lng   []float64

	// Built by finish.
	live       [3]*roaring.Bitmap // alive ordinals per Kind
	available  *roaring.Bitmap    // status "available"
	order      [nSorts][]uint32   // alive ordinals in each Sort's order (relevance: without text)
	rank       [nSorts][]uint32   // inverse of order; noOrd for dead ordinals
	cityCounts map[string][2]int

	fold       func(string) string
	version    uint64          // distinguishes the versions of a lineage (segMap)
	segs       *segCache       // Bleve segment → ordinal maps, shared by the versions of one lineage
	expansions *expansionCache // typo and prefix expansions, of this version only

	// dirty lists the ordinals put or removed since clone, so that finish can update the sort
	// orders of the previous version instead of sorting everything again; nil: sort everything.
	dirty map[uint32]bool
}

func newColumns(fold func(string) string, hint int) *columns {
	c := &columns{
		byDoc:      make(map[string]uint32, hint),
		fold:       fold,
		segs:       newSegCache(),
		expansions: newExpansionCache(),
	}
	for i := range c.kw {
		c.kw[i] = newDict(kwMulti[i], false)
	}
	for i := range c.num {
		c.num[i] = &numCol{}
		if numFacet[i] {
			c.num[i].dict = newDict(false, true)
		}
	}
	return c
}

// clone returns a mutable copy sharing nothing that put or remove changes. The derived parts are
// rebuilt by finish.
func (c *columns) clone() *columns {
	d := &columns{
		n:          c.n,
		ids:        slices.Clone(c.ids),
		kinds:      slices.Clone(c.kinds),
		alive:      slices.Clone(c.alive),
		byDoc:      make(map[string]uint32, len(c.byDoc)),
		lat:        slices.Clone(c.lat),
		lng:        slices.Clone(c.lng),
		fold:       c.fold,
		segs:       c.segs, // same ordinals: the segment maps stay valid
		version:    c.segs.versions.Add(1),
		expansions: newExpansionCache(),
		order:      c.order, // read only; finish derives the new orders from them
		dirty:      map[uint32]bool{},
	}
	for k, v := range c.byDoc {
		d.byDoc[k] = v
	}
	for i, k := range c.kw {
		d.kw[i] = k.clone()
	}
	for i, n := range c.num {
		d.num[i] = &numCol{v: slices.Clone(n.v)}
		if n.dict != nil {
			d.num[i].dict = n.dict.clone()
		}
	}
	return d
}

// put inserts or replaces a document; a known Bleve id keeps its ordinal.
func (c *columns) put(docID, id string, kind Kind, v *docVals) {
	ord, ok := c.byDoc[docID]
	if !ok {
		ord = uint32(c.n)
		c.n++
		c.byDoc[docID] = ord
		c.ids = append(c.ids, id)
		c.kinds = append(c.kinds, kind)
		c.alive = append(c.alive, true)
		c.lat = append(c.lat, math.NaN())
		c.lng = append(c.lng, math.NaN())
		for _, k := range c.kw {
			k.grow(c.n)
		}
		for _, n := range c.num {
			n.v = append(n.v, math.NaN())
			if n.dict != nil {
				n.dict.grow(c.n)
			}
		}
	}
	c.ids[ord], c.kinds[ord], c.alive[ord] = id, kind, true
	c.touch(ord)
	for i, k := range c.kw {
		if k.multi {
			k.setMany(ord, v.many[i], c.fold)
		} else {
			k.setOne(ord, v.one[i], c.fold)
		}
	}
	for i, n := range c.num {
		n.v[ord] = v.num[i]
		if n.dict != nil {
			s := ""
			if !math.IsNaN(v.num[i]) {
				s = numText(v.num[i])
			}
			n.dict.setOne(ord, s, c.fold)
		}
	}
	c.lat[ord], c.lng[ord] = v.lat, v.lng
}

func (c *columns) remove(docID string) {
	if ord, ok := c.byDoc[docID]; ok && c.alive[ord] {
		c.alive[ord] = false
		c.touch(ord)
	}
}

// removeKind tombstones every document of a kind (Apply replaces projects and towns wholesale).
func (c *columns) removeKind(k Kind) {
	for ord, kind := range c.kinds {
		if kind == k && c.alive[ord] {
			c.alive[ord] = false
			c.touch(uint32(ord))
		}
	}
}

func (c *columns) touch(ord uint32) {
	if c.dirty != nil {
		c.dirty[ord] = true
	}
}

func (c *columns) putProperty(p listing.Property) {
	v := propertyVals(p)
	c.put(propertyDocID(p.ID), strconv.Itoa(p.ID), KindProperty, &v)
}

func (c *columns) putProject(pr listing.Project) {
	v := projectVals(pr)
	c.put(projectDocID(pr.ID), strconv.Itoa(pr.ID), KindProject, &v)
}

func (c *columns) putCity(ct listing.City) {
	v := cityVals(ct)
	c.put(cityDocID(ct), cityID(ct), KindCity, &v)
}

// finish derives the read side: town counts, bitmaps and sort orders. O(n log n); at 100,000
// documents it takes tens of milliseconds, paid once per Apply, Load or Rebuild.
func (c *columns) finish() *columns {
	c.countCities()
	for i := range c.live {
		c.live[i] = roaring.New()
	}
	lists := [3][]uint32{}
	for ord, ok := range c.alive {
		if ok {
			lists[c.kinds[ord]] = append(lists[c.kinds[ord]], uint32(ord))
		}
	}
	for i, l := range lists {
		c.live[i].AddMany(l)
		c.live[i].RunOptimize()
	}
	for _, k := range c.kw {
		k.build(c.alive)
	}
	for _, n := range c.num {
		has := make([]uint32, 0, c.n)
		for ord, ok := range c.alive {
			if ok && !math.IsNaN(n.v[ord]) {
				has = append(has, uint32(ord))
			}
		}
		n.has = roaring.New()
		n.has.AddMany(has)
		n.has.RunOptimize()
		if n.dict != nil {
			n.dict.build(c.alive)
		}
	}
	c.available = roaring.New()
	if id, ok := c.kw[kwStatus].byVal[string(listing.Available)]; ok {
		c.available = c.kw[kwStatus].bms[id]
	}
	c.buildOrders()
	return c
}

// buildOrders sorts the alive ordinals once per sort, so that a page of a large result is found
// by walking the order instead of sorting the result.
func (c *columns) buildOrders() {
	created, price := c.num[numCreatedAt].v, c.num[numPrice].v
	ids := c.num[numID].v
	byID := func(a, b uint32) int {
		if x, y := ids[a], ids[b]; !math.IsNaN(x) && !math.IsNaN(y) && x != y {
			return cmp.Compare(x, y)
		}
		return strings.Compare(c.ids[a], c.ids[b])
	}
	newest := func(a, b uint32) int {
		// Absent dates (projects, towns) last.
		if r := cmpAbsentLast(created[a], created[b], true); r != 0 {
			return r
		}
		return byID(a, b)
	}
	availableFirst := func(a, b uint32) int {
		if x, y := c.isAvailable(a), c.isAvailable(b); x != y {
			if x {
				return -1
			}
			return 1
		}
		return newest(a, b)
	}
	byPrice := func(desc bool) func(a, b uint32) int {
		return func(a, b uint32) int {
			if r := cmpAbsentLast(price[a], price[b], desc); r != 0 {
				return r
			}
			return newest(a, b)
		}
	}
	cmps := [nSorts]func(a, b uint32) int{
		SortRelevance: availableFirst,
		SortPriceAsc:  byPrice(false),
		SortPriceDesc: byPrice(true),
		SortNewest:    newest,
	}
	// A few changes (an Apply) are merged into the previous orders: sorting 100,000 ordinals four
	// times was a third of the cost of deriving a column set.
	incremental := c.dirty != nil && len(c.dirty) <= c.n/8 && c.order[0] != nil
	var changed []uint32
	if incremental {
		for ord := range c.dirty {
			if c.alive[ord] {
				changed = append(changed, ord)
			}
		}
	}
	for s, f := range cmps {
		var o []uint32
		if incremental {
			o = mergeOrder(c.order[s], c.dirty, changed, f)
		} else {
			o = make([]uint32, 0, c.n)
			for ord, ok := range c.alive {
				if ok {
					o = append(o, uint32(ord))
				}
			}
			slices.SortFunc(o, f)
		}
		r := make([]uint32, c.n)
		for i := range r {
			r[i] = noOrd
		}
		for i, ord := range o {
			r[ord] = uint32(i)
		}
		c.order[s], c.rank[s] = o, r
	}
	c.dirty = nil
}

// mergeOrder returns prev without the dirty ordinals, merged with the changed ones in order.
// The order of untouched documents holds, as a comparison only reads the two documents' values.
func mergeOrder(prev []uint32, dirty map[uint32]bool, changed []uint32, f func(a, b uint32) int) []uint32 {
	add := slices.Clone(changed)
	slices.SortFunc(add, f)
	out := make([]uint32, 0, len(prev)+len(add))
	for _, o := range prev {
		if dirty[o] {
			continue
		}
		for len(add) > 0 && f(add[0], o) < 0 {
			out = append(out, add[0])
			add = add[1:]
		}
		out = append(out, o)
	}
	return append(out, add...)
}

func (c *columns) isAvailable(ord uint32) bool {
	id := c.kw[kwStatus].one[ord]
	return id >= 0 && c.kw[kwStatus].vals[id] == string(listing.Available)
}

// cmpAbsentLast orders two numbers, NaN (absent) after any value in both directions.
func cmpAbsentLast(a, b float64, desc bool) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case desc:
		return cmp.Compare(b, a)
	}
	return cmp.Compare(a, b)
}

// countCities counts the alive properties per goal of every town (zip and name, folded) and
// stores them on the town documents (saleCount, rentCount) and in cityCounts.
func (c *columns) countCities() {
	type key struct{ zip, city string }
	counts := map[key]*[2]int{}
	spelling := map[key]string{}
	zips, cities, goals := c.kw[kwZip], c.kw[kwCity], c.kw[kwGoal]
	foldCache := map[int32]string{}
	folded := func(id int32) string {
		f, ok := foldCache[id]
		if !ok {
			f = c.fold(cities.vals[id])
			foldCache[id] = f
		}
		return f
	}
	for ord, ok := range c.alive {
		if !ok || c.kinds[ord] != KindProperty {
			continue
		}
		z, ci, g := zips.one[ord], cities.one[ord], goals.one[ord]
		if z < 0 || ci < 0 || g < 0 {
			continue
		}
		k := key{zips.vals[z], folded(ci)}
		n := counts[k]
		if n == nil {
			n = &[2]int{}
			counts[k] = n
			spelling[k] = zips.vals[z] + "|" + cities.vals[ci]
		}
		switch listing.Goal(goals.vals[g]) {
		case listing.Sale:
			n[0]++
		case listing.Rent:
			n[1]++
		}
	}
	c.cityCounts = make(map[string][2]int, len(counts))
	seen := map[key]bool{}
	for ord, ok := range c.alive {
		if c.kinds[ord] != KindCity {
			continue
		}
		c.num[numSaleCount].v[ord], c.num[numRentCount].v[ord] = math.NaN(), math.NaN()
		if !ok {
			continue
		}
		z, ci := zips.one[ord], cities.one[ord]
		var n [2]int
		if z >= 0 && ci >= 0 {
			k := key{zips.vals[z], folded(ci)}
			if p := counts[k]; p != nil {
				n = *p
			}
			seen[k] = true
		}
		c.num[numSaleCount].v[ord], c.num[numRentCount].v[ord] = float64(n[0]), float64(n[1])
		c.cityCounts[c.ids[ord]] = n
	}
	// Towns of properties missing from the town list still get their counts, under the
	// properties' spelling.
	for k, n := range counts {
		if !seen[k] {
			c.cityCounts[spelling[k]] = *n
		}
	}
}
