package site

import (
	"cmp"
	"slices"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/estate-agency/estate/listing"
)

// TypeNode is a property type of the list pages' type filter: a category
// (ParentID 0) with its sub-types. The filter refines on the listings'
// typeId, so a category stands for its own id and its children's.
type TypeNode struct {
	ID       int        `json:"id"`
	Name     string     `json:"name"`
	WebID    int        `json:"webId"`
	Children []TypeNode `json:"children"`
}

// Type sort orders of site.type_sort.
const (
	TypeSortLabel = "label"
	TypeSortWebID = "web_id"
)

// TypeTree builds the type filter of a goal's list from the platform's
// type list: the types offered for that goal, children under their parent
// (a child whose parent is missing becomes a category), ordered by label in
// the language's collation or by WebID (then ShowOrder, then label) as
// configured. Counts come from the search, not from here: the platform's
// counts lag behind the index.
func TypeTree(types []listing.PropertyType, goal listing.Goal, lang listing.Lang, sortBy string) []TypeNode {
	offered := func(t listing.PropertyType) bool {
		if goal == listing.Rent {
			return t.Rent
		}
		return t.Sale
	}
	byID := map[int]listing.PropertyType{}
	for _, t := range types {
		if offered(t) {
			byID[t.ID] = t
		}
	}
	children := map[int][]listing.PropertyType{}
	var roots []listing.PropertyType
	for _, t := range types {
		if !offered(t) {
			continue
		}
		if _, ok := byID[t.ParentID]; t.ParentID != 0 && ok && t.ParentID != t.ID {
			children[t.ParentID] = append(children[t.ParentID], t)
		} else {
			roots = append(roots, t)
		}
	}
	col := collate.New(language.Make(string(lang)), collate.IgnoreCase)
	order := func(a, b listing.PropertyType) int {
		if sortBy == TypeSortWebID {
			if c := cmp.Compare(a.WebID, b.WebID); c != 0 {
				return c
			}
			if c := cmp.Compare(a.ShowOrder, b.ShowOrder); c != 0 {
				return c
			}
		}
		if c := col.CompareString(a.Name, b.Name); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	}
	var nodes func(ts []listing.PropertyType, depth int) []TypeNode
	nodes = func(ts []listing.PropertyType, depth int) []TypeNode {
		slices.SortFunc(ts, order)
		out := make([]TypeNode, 0, len(ts))
		for _, t := range ts {
			n := TypeNode{ID: t.ID, Name: t.Name, WebID: t.WebID, Children: []TypeNode{}}
			// The platform's tree has two levels; deeper ones flatten into the second.
			if depth == 0 {
				n.Children = nodes(descendants(t.ID, children), 1)
			}
			out = append(out, n)
		}
		return out
	}
	tree := nodes(roots, 0)
	// A parent chain that loops never reaches a category: list its types as categories.
	reached := map[int]bool{}
	for _, n := range tree {
		reached[n.ID] = true
		for _, c := range n.Children {
			reached[c.ID] = true
		}
	}
	var lost []listing.PropertyType
	for _, t := range types {
		if offered(t) && !reached[t.ID] {
			lost = append(lost, t)
			reached[t.ID] = true
		}
	}
	if len(lost) > 0 {
		for _, t := range lost {
			tree = append(tree, TypeNode{ID: t.ID, Name: t.Name, WebID: t.WebID, Children: []TypeNode{}})
		}
		slices.SortFunc(tree, func(a, b TypeNode) int {
			return order(listing.PropertyType{ID: a.ID, Name: a.Name, WebID: a.WebID}, listing.PropertyType{ID: b.ID, Name: b.Name, WebID: b.WebID})
		})
	}
	return tree
}

// descendants are every type below id, at any depth.
func descendants(id int, children map[int][]listing.PropertyType) []listing.PropertyType {
	var out []listing.PropertyType
	seen := map[int]bool{id: true}
	queue := []int{id}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, c := range children[cur] {
			if !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
				queue = append(queue, c.ID)
			}
		}
	}
	return out
}
