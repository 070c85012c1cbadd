package site

import (
	"maps"
	"testing"

	"github.com/estate-agency/estate/listing"
)

func TestTownZips(t *testing.T) {
	tests := []struct {
		name   string
		cities []listing.City
		want   map[string]string
	}{
		{"none", nil, map[string]string{}},
		{"one postcode each", []listing.City{{Name: "Alle", Zip: "5550"}, {Name: "Bouillon", Zip: "6830"}},
			map[string]string{"Alle": "5550", "Bouillon": "6830"}},
		{"a name with two postcodes, in order, each once", []listing.City{{Name: "Bertrix", Zip: "6887"}, {Name: "Bertrix", Zip: "6880"}, {Name: "Bertrix", Zip: "6887"}},
			map[string]string{"Bertrix": "6880, 6887"}},
		{"blank names and postcodes are left out", []listing.City{{Name: " ", Zip: "6830"}, {Name: "Paliseul", Zip: ""}, {Name: " Membre ", Zip: " 5550 "}},
			map[string]string{"Membre": "5550"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TownZips(tt.cities); !maps.Equal(got, tt.want) {
				t.Errorf("TownZips = %v, want %v", got, tt.want)
			}
		})
	}
}
