package algolia

import (
	"math"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// Bounds of the geo parameters. Algolia takes up to 10,000 polygon points
// per request; a map view sends one box.
const (
	maxPolygonPoints = 10000
	maxBoxes         = 100
)

// ParseLatLng reads aroundLatLng: "lat,lng", spaces allowed ("50.85, 4.35").
// Note the order: latitude first, unlike Bleve's lon, lat.
func ParseLatLng(s string) (listing.Geo, error) {
	if strings.Count(s, ",") != 1 {
		return listing.Geo{}, badRequest("Invalid value for aroundLatLng: %q, expected \"lat,lng\"", clip(s))
	}
	nums, err := parseNumberList("aroundLatLng", s)
	if err != nil {
		return listing.Geo{}, err
	}
	g := listing.Geo{Lat: nums[0], Lng: nums[1]}
	if err := checkPoint("aroundLatLng", g); err != nil {
		return listing.Geo{}, err
	}
	return g, nil
}

// ParseBoundingBoxes reads insideBoundingBox, already split into groups of
// numbers: each group holds one or more boxes of four numbers (lat1, lng1,
// lat2, lng2: two opposite corners). Algolia writes several boxes either as
// one flat list of 4n numbers or as a list of lists of four; both are read.
// No group means no filter.
func ParseBoundingBoxes(groups [][]float64) ([]index.Box, error) {
	var boxes []index.Box
	for _, g := range groups {
		if len(g) == 0 || len(g)%4 != 0 {
			return nil, badRequest("Invalid value for insideBoundingBox: a box needs 4 numbers (lat1,lng1,lat2,lng2), got %d", len(g))
		}
		for i := 0; i < len(g); i += 4 {
			b := index.Box{Lat1: g[i], Lng1: g[i+1], Lat2: g[i+2], Lng2: g[i+3]}
			for _, p := range []listing.Geo{{Lat: b.Lat1, Lng: b.Lng1}, {Lat: b.Lat2, Lng: b.Lng2}} {
				if err := checkPoint("insideBoundingBox", p); err != nil {
					return nil, err
				}
			}
			boxes = append(boxes, b)
			if len(boxes) > maxBoxes {
				return nil, badRequest("Invalid value for insideBoundingBox: more than %d boxes", maxBoxes)
			}
		}
	}
	return boxes, nil
}

// ParsePolygons reads insidePolygon, already split into groups of numbers:
// each group is one polygon, lat1, lng1, lat2, lng2, … with at least three
// points. No group means no filter.
func ParsePolygons(groups [][]float64) ([][]listing.Geo, error) {
	var polygons [][]listing.Geo
	points := 0
	for _, g := range groups {
		if len(g)%2 != 0 || len(g) < 6 {
			return nil, badRequest("Invalid value for insidePolygon: a polygon needs at least 3 points as lat,lng pairs, got %d numbers", len(g))
		}
		points += len(g) / 2
		if points > maxPolygonPoints {
			return nil, badRequest("Invalid value for insidePolygon: more than %d points", maxPolygonPoints)
		}
		poly := make([]listing.Geo, 0, len(g)/2)
		for i := 0; i < len(g); i += 2 {
			p := listing.Geo{Lat: g[i], Lng: g[i+1]}
			if err := checkPoint("insidePolygon", p); err != nil {
				return nil, err
			}
			poly = append(poly, p)
		}
		polygons = append(polygons, poly)
	}
	return polygons, nil
}

func checkPoint(param string, g listing.Geo) error {
	if math.IsNaN(g.Lat) || g.Lat < -90 || g.Lat > 90 {
		return badRequest("Invalid value for %s: latitude %s is outside [-90, 90]", param, strconv.FormatFloat(g.Lat, 'g', -1, 64))
	}
	if math.IsNaN(g.Lng) || g.Lng < -180 || g.Lng > 180 {
		return badRequest("Invalid value for %s: longitude %s is outside [-180, 180]", param, strconv.FormatFloat(g.Lng, 'g', -1, 64))
	}
	return nil
}

// GeoFilter is the place restriction of the parameters, nil for none.
// Algolia applies one kind of area: bounding boxes win over polygons, which
// win over a radius around a point. aroundLatLng without aroundRadius, or
// with "all", does not filter: Algolia would pick a radius from the density
// of records (or, for "all", only rank by distance), and our index does not
// rank by distance.
func GeoFilter(p Params) *index.GeoFilter {
	switch {
	case len(p.InsideBoundingBox) > 0:
		return &index.GeoFilter{Boxes: p.InsideBoundingBox}
	case len(p.InsidePolygon) > 0:
		return &index.GeoFilter{Polygons: p.InsidePolygon}
	case p.AroundLatLng != nil && p.AroundRadius > 0 && !p.AroundRadiusAll:
		return &index.GeoFilter{Around: &index.Around{
			Lat: p.AroundLatLng.Lat, Lng: p.AroundLatLng.Lng, Radius: float64(p.AroundRadius),
		}}
	}
	return nil
}
