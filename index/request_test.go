package index

import (
	"reflect"
	"testing"
)

func TestIntIDs(t *testing.T) {
	tests := []struct {
		name string
		ids  []string
		want []int
	}{
		{"properties in order", []string{"4030", "12", "4003"}, []int{4030, 12, 4003}},
		{"towns are no numbers", []string{"6830|Bouillon", "7"}, []int{7}},
		{"no hits", nil, []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (SearchResult{IDs: tt.ids}).IntIDs(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("IntIDs(%q) = %v, want %v", tt.ids, got, tt.want)
			}
		})
	}
}
