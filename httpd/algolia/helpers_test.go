package algolia

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// params is defaultParams changed by f: the expected value of a decode.
func params(f func(p *Params)) Params {
	p := defaultParams()
	if f != nil {
		f(&p)
	}
	return p
}

func box(lat1, lng1, lat2, lng2 float64) index.Box {
	return index.Box{Lat1: lat1, Lng1: lng1, Lat2: lat2, Lng2: lng2}
}

func geo(lat, lng float64) listing.Geo { return listing.Geo{Lat: lat, Lng: lng} }

// sameParams compares decoded parameters, filters by their text form (the
// trees are checked in filters_test.go) and without the echo.
func sameParams(t *testing.T, got, want Params) {
	t.Helper()
	for _, c := range []struct{ name, got, want string }{
		{"Filters", FilterString(got.Filters), FilterString(want.Filters)},
		{"FacetFilters", FilterString(got.FacetFilters), FilterString(want.FacetFilters)},
		{"NumericFilters", FilterString(got.NumericFilters), FilterString(want.NumericFilters)},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	got.Filters, got.FacetFilters, got.NumericFilters, got.raw = nil, nil, nil, nil
	want.Filters, want.FacetFilters, want.NumericFilters, want.raw = nil, nil, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("params\n got  %+v\n want %+v", got, want)
	}
}

// wantError checks that err is an *Error with the status and a message
// containing msg.
func wantError(t *testing.T, err error, status int, msg string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *Error %d", err, err, status)
	}
	if e.Status != status || !strings.Contains(e.Message, msg) {
		t.Fatalf("error = %d %q, want %d containing %q", e.Status, e.Message, status, msg)
	}
}

// mustJSON marshals v as PureJSON would, without escaping <, > and &,
// so that expected values read like the text.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
