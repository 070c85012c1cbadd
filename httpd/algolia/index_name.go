package algolia

import (
	"slices"
	"strings"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// Target is what an index name designates: a document kind in a language,
// and for the sort replicas of the properties index, an order.
type Target struct {
	// Name is the index name as the client wrote it, echoed in responses.
	Name string
	Kind index.Kind
	Lang listing.Lang
	Sort index.Sort
}

// Index name parts (ARCHITECTURE.md §3): properties_{lang} with the sort
// replicas properties_{lang}_price_asc, _price_desc and _newest;
// projects_{lang}; cities_{lang}.
var (
	kindPrefixes = []struct {
		prefix string
		kind   index.Kind
	}{
		{"properties_", index.KindProperty},
		{"projects_", index.KindProject},
		{"cities_", index.KindCity},
	}
	replicaSuffixes = map[string]index.Sort{
		"":            index.SortRelevance,
		"_price_asc":  index.SortPriceAsc,
		"_price_desc": index.SortPriceDesc,
		"_newest":     index.SortNewest,
	}
)

// ParseIndexName resolves an index name for the enabled languages. An
// unknown name answers 404 with Algolia's message, "Index … does not exist".
func ParseIndexName(name string, langs []listing.Lang) (Target, error) {
	for _, k := range kindPrefixes {
		rest, ok := strings.CutPrefix(name, k.prefix)
		if !ok {
			continue
		}
		lang, suffix := rest, ""
		if i := strings.IndexByte(rest, '_'); i >= 0 {
			lang, suffix = rest[:i], rest[i:]
		}
		sort, ok := replicaSuffixes[suffix]
		if !ok || (suffix != "" && k.kind != index.KindProperty) {
			break
		}
		if !slices.Contains(langs, listing.Lang(lang)) {
			break
		}
		return Target{Name: name, Kind: k.kind, Lang: listing.Lang(lang), Sort: sort}, nil
	}
	return Target{}, notFound("Index %s does not exist", clip(name))
}
