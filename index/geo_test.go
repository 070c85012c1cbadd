package index

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
)

// testDistance is the haversine formula written out for the tests.
func testDistance(lat1, lng1, lat2, lng2 float64) float64 {
	toRad := func(d float64) float64 { return d * math.Pi / 180 }
	a := math.Pow(math.Sin(toRad(lat2-lat1)/2), 2) +
		math.Cos(toRad(lat1))*math.Cos(toRad(lat2))*math.Pow(math.Sin(toRad(lng2-lng1)/2), 2)
	return 2 * 6371008.8 * math.Atan2(math.Sqrt(a), math.Sqrt(1-a))
}

// testInPolygon uses the winding number (the index uses even-odd crossings).
func testInPolygon(lat, lng float64, poly []listing.Geo) bool {
	wn := 0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		side := (b.Lng-a.Lng)*(lat-a.Lat) - (lng-a.Lng)*(b.Lat-a.Lat)
		if a.Lat <= lat {
			if b.Lat > lat && side > 0 {
				wn++
			}
		} else if b.Lat <= lat && side < 0 {
			wn--
		}
	}
	return wn != 0
}

// shownPos is the position visitors see, computed for the tests (two decimals when hidden).
func shownPos(p listing.Property) (lat, lng float64, ok bool) {
	if p.Geo == nil {
		return 0, 0, false
	}
	lat, lng = p.Geo.Lat, p.Geo.Lng
	if !p.Address.Published {
		lat, lng = math.Round(lat*100)/100, math.Round(lng*100)/100
	}
	return lat, lng, true
}

func TestFindGeo(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	triangle := []listing.Geo{{Lat: 49.6, Lng: 3.0}, {Lat: 51.4, Lng: 4.0}, {Lat: 49.8, Lng: 5.8}}
	concave := []listing.Geo{{Lat: 49.5, Lng: 2.6}, {Lat: 51.5, Lng: 2.6}, {Lat: 51.5, Lng: 6.1}, {Lat: 50.5, Lng: 4.3},
		{Lat: 49.5, Lng: 6.1}}
	tests := []struct {
		name string
		geo  *GeoFilter
		in   func(lat, lng float64) bool
	}{
		{"around 40 km", &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 40000}}, func(lat, lng float64) bool {
			return testDistance(50.5, 4.4, lat, lng) <= 40000
		}},
		{"around 15 km", &GeoFilter{Around: &Around{Lat: 50.2, Lng: 5.1, Radius: 15000}}, func(lat, lng float64) bool {
			return testDistance(50.2, 5.1, lat, lng) <= 15000
		}},
		{"box, corners in any order", &GeoFilter{Boxes: []Box{{Lat1: 51.0, Lng1: 5.0, Lat2: 50.0, Lng2: 3.5}}}, func(lat, lng float64) bool {
			return lat >= 50 && lat <= 51 && lng >= 3.5 && lng <= 5
		}},
		{"two boxes: or", &GeoFilter{Boxes: []Box{{49.5, 2.6, 50, 3.5}, {51, 5, 51.5, 6.1}}}, func(lat, lng float64) bool {
			return (lat >= 49.5 && lat <= 50 && lng >= 2.6 && lng <= 3.5) || (lat >= 51 && lat <= 51.5 && lng >= 5 && lng <= 6.1)
		}},
		{"polygon", &GeoFilter{Polygons: [][]listing.Geo{triangle}}, func(lat, lng float64) bool {
			return testInPolygon(lat, lng, triangle)
		}},
		{"concave polygon", &GeoFilter{Polygons: [][]listing.Geo{concave}}, func(lat, lng float64) bool {
			return testInPolygon(lat, lng, concave)
		}},
		{"around and box: and", &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 60000}, Boxes: []Box{{50.5, 2, 52, 7}}},
			func(lat, lng float64) bool {
				return testDistance(50.5, 4.4, lat, lng) <= 60000 && lat >= 50.5 && lng >= 2
			}},
		{"degenerate polygon matches nothing", &GeoFilter{Polygons: [][]listing.Geo{{{Lat: 50, Lng: 4}, {Lat: 51, Lng: 5}}}},
			func(float64, float64) bool { return false }},
		{"empty geo filter: any document with a position", &GeoFilter{}, func(float64, float64) bool { return true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := idsWhere(props, func(p listing.Property) bool {
				lat, lng, ok := shownPos(p)
				return ok && tt.in(lat, lng)
			})
			if len(want) == 0 && !strings.HasPrefix(tt.name, "degenerate") {
				t.Fatal("the fixture has no document there: the case tests nothing")
			}
			res := find(t, ix, listing.NL, SearchRequest{Geo: tt.geo, Length: 1000})
			if got := sorted(res.IDs); !slices.Equal(got, want) {
				t.Errorf("got %d %v, want %d %v", len(got), head(got), len(want), head(want))
			}
		})
	}

	t.Run("unpublished address uses the rounded position", func(t *testing.T) {
		exact := &listing.Geo{Lat: 49.921234, Lng: 5.378765}
		ix := openFind(t, []listing.Property{
			prop(1, "Libramont", "6800", "Villa", func(p *listing.Property) { p.Geo = exact }),
			prop(2, "Libramont", "6800", "Villa", withStreet("Rue X", false), func(p *listing.Property) { p.Geo = exact }),
			prop(3, "Gent", "9000", "Villa"), // no position: never matches
		})
		for _, tc := range []struct {
			name string
			geo  GeoFilter
			want []string
		}{
			{"exact point, 50 m", GeoFilter{Around: &Around{exact.Lat, exact.Lng, 50}}, []string{"1"}},
			{"rounded point, 50 m", GeoFilter{Around: &Around{49.92, 5.38, 50}}, []string{"2"}},
			{"both within 2 km", GeoFilter{Around: &Around{exact.Lat, exact.Lng, 2000}}, []string{"1", "2"}},
			{"tiny box on the exact point", GeoFilter{Boxes: []Box{{49.9212, 5.3787, 49.9213, 5.3788}}}, []string{"1"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				g := tc.geo
				if got := sorted(find(t, ix, listing.NL, SearchRequest{Geo: &g, Length: 10}).IDs); !slices.Equal(got, tc.want) {
					t.Errorf("got %v, want %v", got, tc.want)
				}
			})
		}
	})
}
