package index

import (
	"math"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/estate-agency/estate/listing"
)

// earthRadius is the mean Earth radius in metres (IUGG), as used for haversine distances.
const earthRadius = 6371008.8

// withinDistance returns a test of "the great-circle (haversine) distance is at most radius" that
// compares the haversine term itself: no inverse sine or square root, and the centre's cosine
// computed once.
func withinDistance(lat0, lng0, radius float64) func(lat, lng float64) bool {
	const rad = math.Pi / 180
	if radius >= math.Pi*earthRadius {
		return func(float64, float64) bool { return true }
	}
	limit := math.Pow(math.Sin(radius/(2*earthRadius)), 2)
	cos0 := math.Cos(lat0 * rad)
	return func(lat, lng float64) bool {
		sLat := math.Sin((lat - lat0) * rad / 2)
		sLng := math.Sin((lng - lng0) * rad / 2)
		return sLat*sLat+cos0*math.Cos(lat*rad)*sLng*sLng <= limit
	}
}

// insidePolygon is the even-odd rule on (lng, lat) as plane coordinates, which is what Algolia
// does for insidePolygon.
func insidePolygon(lat, lng float64, poly []listing.Geo) bool {
	if len(poly) < 3 {
		return false
	}
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Lat > lat) != (b.Lat > lat) &&
			lng < (b.Lng-a.Lng)*(lat-a.Lat)/(b.Lat-a.Lat)+a.Lng {
			in = !in
		}
	}
	return in
}

// geo keeps the documents of set whose displayed position passes the geo filter. Boxes (and the
// box around a circle) are branch-free scans of the position arrays; the exact tests (distance,
// polygon) run only on what the boxes let through.
func (c *columns) geo(set *roaring.Bitmap, g *GeoFilter) *roaring.Bitmap {
	out := denseOf(set, c.n)
	around := g.Around != nil && g.Around.Radius > 0
	if !around && len(g.Boxes) == 0 {
		// A document without a position fails any box, as NaN compares false; without boxes,
		// this one keeps the documents with a position.
		out.and(scanBox(c.lat, c.lng, math.Inf(-1), math.Inf(1), math.Inf(-1), math.Inf(1)))
	}
	if around {
		a := g.Around
		dLat := a.Radius / earthRadius * 180 / math.Pi * 1.01
		lngLo, lngHi := math.Inf(-1), math.Inf(1)
		if cos := math.Cos(a.Lat * math.Pi / 180); cos > 1e-6 && dLat/cos < 180 {
			lngLo, lngHi = a.Lng-dLat/cos, a.Lng+dLat/cos
		}
		out.and(scanBox(c.lat, c.lng, a.Lat-dLat, a.Lat+dLat, lngLo, lngHi))
		within := withinDistance(a.Lat, a.Lng, a.Radius)
		out.each(func(ord uint32) {
			if !within(c.lat[ord], c.lng[ord]) {
				out.clear(ord)
			}
		})
	}
	if len(g.Boxes) > 0 {
		inAny := newDense(c.n)
		for _, b := range g.Boxes {
			inAny.or(scanBox(c.lat, c.lng, min(b.Lat1, b.Lat2), max(b.Lat1, b.Lat2), min(b.Lng1, b.Lng2), max(b.Lng1, b.Lng2)))
		}
		out.and(inAny)
	}
	if len(g.Polygons) > 0 {
		out.each(func(ord uint32) {
			lat, lng := c.lat[ord], c.lng[ord]
			if !slices.ContainsFunc(g.Polygons, func(p []listing.Geo) bool { return insidePolygon(lat, lng, p) }) {
				out.clear(ord)
			}
		})
	}
	return out.bitmap()
}
