package fakeplatform

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"github.com/estate-agency/estate/platform"
)

// documents answers GetDocumentList (fw4 src/Request/General/GetDocumentListRequest.php)
// from the dataset's items by ObjectID: those of the ObjectIDs asked
// (comma-joined; none asked: every property's), in the order asked, each
// item naming its ObjectID (given it when the dataset's item names none);
// with Publish true only the published ones, and paged by Limit1/Limit2.
func (a answerer) documents(li *langIndex) result {
	var ids []int
	if a.params.Has("ObjectIDs") {
		var err error
		if ids, err = idList(a.params.String("ObjectIDs")); err != nil {
			return failure(600, "Error: ObjectIDs "+strconv.Quote(a.params.String("ObjectIDs"))+" is not a list of ids")
		}
	} else {
		ids = slices.Sorted(maps.Keys(li.PropertyDocuments))
	}
	publishedOnly := false
	if a.params.Has("Publish") {
		var b platform.Bool
		if err := b.UnmarshalJSON([]byte(a.params.String("Publish"))); err != nil {
			return failure(600, "Error: Publish "+strconv.Quote(a.params.String("Publish"))+" is not a boolean")
		}
		publishedOnly = bool(b)
	}
	var items []json.RawMessage
	for _, id := range ids {
		for _, raw := range li.PropertyDocuments[id] {
			var d platform.ListedDocument
			if json.Unmarshal(raw, &d) == nil && d.Property() <= 0 {
				raw, _ = setMany(raw, map[string]any{"ObjectID": id})
			}
			if publishedOnly && (json.Unmarshal(raw, &d) != nil || !d.IsPublished()) {
				continue
			}
			items = append(items, raw)
		}
	}
	return a.paged(items)
}
