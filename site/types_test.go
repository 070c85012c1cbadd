package site

import (
	"reflect"
	"testing"

	"github.com/estate-agency/estate/listing"
)

func TestTypeTree(t *testing.T) {
	pt := func(id, parent, webID int, name string, showOrder int, sale, rent bool) listing.PropertyType {
		return listing.PropertyType{ID: id, ParentID: parent, WebID: webID, Name: name, ShowOrder: showOrder, Sale: sale, Rent: rent}
	}
	// The demo platform's shape: categories, three sub-types of houses under
	// WebID 8, and a type offered for sale only.
	types := []listing.PropertyType{
		pt(1, 0, 1, "Studio/Appartement", 1, true, true),
		pt(2, 0, 2, "Chalet", 2, true, true),
		pt(7, 0, 7, "Grond", 7, true, false),
		pt(8, 0, 8, "Villa/Huis/Hoeve", 8, true, true),
		pt(81, 8, 8, "Villa", 1, true, true),
		pt(82, 8, 8, "Woning", 2, true, true),
		pt(83, 8, 8, "hoeve", 3, true, false),
		pt(90, 99, 9, "Wees", 1, true, true),  // parent missing: a category
		pt(91, 92, 9, "Lus A", 1, true, true), // a loop: both become categories
		pt(92, 91, 9, "Lus B", 2, true, true),
		pt(84, 81, 8, "Kasteel", 1, true, true), // a third level flattens under its category
	}
	names := func(nodes []TypeNode) []string {
		var out []string
		for _, n := range nodes {
			out = append(out, n.Name)
			for _, c := range n.Children {
				out = append(out, "  "+c.Name)
			}
		}
		return out
	}
	tests := []struct {
		name   string
		goal   listing.Goal
		sortBy string
		want   []string
	}{
		{"sale by label, case-insensitive", listing.Sale, TypeSortLabel, []string{
			"Chalet", "Grond", "Lus A", "Lus B", "Studio/Appartement", "Villa/Huis/Hoeve", "  hoeve", "  Kasteel", "  Villa", "  Woning", "Wees",
		}},
		{"rent leaves out sale-only types", listing.Rent, TypeSortLabel, []string{
			"Chalet", "Lus A", "Lus B", "Studio/Appartement", "Villa/Huis/Hoeve", "  Kasteel", "  Villa", "  Woning", "Wees",
		}},
		{"sale by WebID then ShowOrder", listing.Sale, TypeSortWebID, []string{
			"Studio/Appartement", "Chalet", "Grond", "Villa/Huis/Hoeve", "  Kasteel", "  Villa", "  Woning", "  hoeve", "Lus A", "Lus B", "Wees",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := names(TypeTree(types, tt.goal, listing.NL, tt.sortBy))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
	t.Run("French collation puts accented letters with their base", func(t *testing.T) {
		fr := []listing.PropertyType{pt(1, 0, 1, "Immeuble", 1, true, true), pt(2, 0, 2, "Échoppe", 2, true, true), pt(3, 0, 3, "Ferme", 3, true, true)}
		if got := names(TypeTree(fr, listing.Sale, listing.FR, TypeSortLabel)); !reflect.DeepEqual(got, []string{"Échoppe", "Ferme", "Immeuble"}) {
			t.Errorf("got %q", got)
		}
	})
	if tree := TypeTree(nil, listing.Sale, listing.NL, TypeSortLabel); len(tree) != 0 {
		t.Errorf("no types: %v", tree)
	}
}
