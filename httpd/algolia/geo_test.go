package algolia

import (
	"reflect"
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

func TestParseLatLng(t *testing.T) {
	tests := []struct {
		in   string
		want listing.Geo
	}{
		{"50.8466,4.3528", listing.Geo{Lat: 50.8466, Lng: 4.3528}},
		{"50.8466, 4.3528", listing.Geo{Lat: 50.8466, Lng: 4.3528}},
		{" -33.9 , 151.2 ", listing.Geo{Lat: -33.9, Lng: 151.2}},
		{"90,180", listing.Geo{Lat: 90, Lng: 180}},
		{"-90,-180", listing.Geo{Lat: -90, Lng: -180}},
		{"0,0", listing.Geo{}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseLatLng(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "50.8", "50.8,4.3,1", "90.1,0", "0,-180.5", "a,b", "1e999,0", "NaN,0", "Inf,0", ",", "50.8;4.3"} {
		t.Run("error "+bad, func(t *testing.T) {
			_, err := ParseLatLng(bad)
			wantError(t, err, 400, "aroundLatLng")
		})
	}
}

func TestParseBoundingBoxes(t *testing.T) {
	tests := []struct {
		name   string
		groups [][]float64
		want   []index.Box
	}{
		{"none", nil, nil},
		{"one", [][]float64{{51, 5, 50, 4}}, []index.Box{box(51, 5, 50, 4)}},
		{"two in one flat list", [][]float64{{51, 5, 50, 4, 1, 2, 3, 4}}, []index.Box{box(51, 5, 50, 4), box(1, 2, 3, 4)}},
		{"two as lists", [][]float64{{51, 5, 50, 4}, {1, 2, 3, 4}}, []index.Box{box(51, 5, 50, 4), box(1, 2, 3, 4)}},
		{"corners in any order", [][]float64{{50, 4, 51, 5}}, []index.Box{box(50, 4, 51, 5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseBoundingBoxes(tt.groups)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	many := make([]float64, 4*(maxBoxes+1))
	for name, groups := range map[string][][]float64{
		"empty list":      {{}},
		"three numbers":   {{1, 2, 3}},
		"five numbers":    {{1, 2, 3, 4, 5}},
		"latitude 91":     {{91, 0, 0, 0}},
		"longitude -181":  {{0, 0, 0, -181}},
		"too many boxes":  {many},
		"one good, a bad": {{1, 2, 3, 4}, {1}},
	} {
		t.Run("error "+name, func(t *testing.T) {
			_, err := ParseBoundingBoxes(groups)
			wantError(t, err, 400, "insideBoundingBox")
		})
	}
}

func TestParsePolygons(t *testing.T) {
	tri := []listing.Geo{{Lat: 50.9, Lng: 4.2}, {Lat: 50.9, Lng: 4.5}, {Lat: 50.7, Lng: 4.5}}
	tests := []struct {
		name   string
		groups [][]float64
		want   [][]listing.Geo
	}{
		{"none", nil, nil},
		{"triangle", [][]float64{{50.9, 4.2, 50.9, 4.5, 50.7, 4.5}}, [][]listing.Geo{tri}},
		{"two polygons", [][]float64{{50.9, 4.2, 50.9, 4.5, 50.7, 4.5}, {50.9, 4.2, 50.9, 4.5, 50.7, 4.5, 50.7, 4.2}},
			[][]listing.Geo{tri, append(append([]listing.Geo{}, tri...), listing.Geo{Lat: 50.7, Lng: 4.2})}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePolygons(tt.groups)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	huge := make([]float64, 2*(maxPolygonPoints+1))
	for name, groups := range map[string][][]float64{
		"two points":      {{1, 2, 3, 4}},
		"odd count":       {{1, 2, 3, 4, 5, 6, 7}},
		"empty":           {{}},
		"latitude -91":    {{-91, 0, 0, 0, 0, 1}},
		"too many points": {huge},
	} {
		t.Run("error "+name, func(t *testing.T) {
			_, err := ParsePolygons(groups)
			wantError(t, err, 400, "insidePolygon")
		})
	}
}

func TestGeoFilter(t *testing.T) {
	centre := &listing.Geo{Lat: 50.85, Lng: 4.35}
	boxes := []index.Box{box(51, 5, 50, 4)}
	poly := [][]listing.Geo{{geo(1, 1), geo(2, 2), geo(3, 1)}}
	tests := []struct {
		name string
		p    Params
		want *index.GeoFilter
	}{
		{"nothing", Params{}, nil},
		{"around with a radius", Params{AroundLatLng: centre, AroundRadius: 5000},
			&index.GeoFilter{Around: &index.Around{Lat: 50.85, Lng: 4.35, Radius: 5000}}},
		{"around without a radius does not filter", Params{AroundLatLng: centre}, nil},
		{"around with radius all does not filter", Params{AroundLatLng: centre, AroundRadiusAll: true}, nil},
		{"a radius without a centre is ignored", Params{AroundRadius: 5000}, nil},
		{"box", Params{InsideBoundingBox: boxes}, &index.GeoFilter{Boxes: boxes}},
		{"polygon", Params{InsidePolygon: poly}, &index.GeoFilter{Polygons: poly}},
		{"a box wins over a polygon and a radius", Params{InsideBoundingBox: boxes, InsidePolygon: poly, AroundLatLng: centre, AroundRadius: 9},
			&index.GeoFilter{Boxes: boxes}},
		{"a polygon wins over a radius", Params{InsidePolygon: poly, AroundLatLng: centre, AroundRadius: 9},
			&index.GeoFilter{Polygons: poly}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GeoFilter(tt.p); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
