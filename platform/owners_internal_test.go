package platform

import (
	"encoding/json"
	"testing"
)

func TestPersonIDShapes(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  int
		err   bool
	}{
		{`5501`, 5501, false},
		{`"5501"`, 5501, false},
		{`0`, 0, false},
		{`-1`, -1, false},
		{`true`, -1, false},
		{`false`, 0, false},
		{`{"ID": 5501, "Name": "Dubois"}`, 5501, false},
		{`{"PersonId": "77"}`, 77, false},
		{`"yes"`, 0, true},
		{`[1]`, 0, true},
	} {
		got, err := personID(json.RawMessage(tt.value))
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("personID(%s) = %d, %v; want %d, error %v", tt.value, got, err, tt.want, tt.err)
		}
	}
}

func TestPropertyIDShapes(t *testing.T) {
	for value, want := range map[string]int{
		`{"ID": 4003, "Ident": "B-4003"}`:       4003,
		`{"ID": 12, "ObjectID": "4030"}`:        4030,
		`{"RelationID": 3, "PropertyID": 4001}`: 4001,
		`4005`:                                  4005,
		`{"Name": "x"}`:                         0,
	} {
		if got := propertyID(json.RawMessage(value)); got != want {
			t.Errorf("propertyID(%s) = %d, want %d", value, got, want)
		}
	}
}
