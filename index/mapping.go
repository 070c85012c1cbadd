package index

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	_ "github.com/blevesearch/bleve/v2/analysis/analyzer/keyword" // registers "keyword" used by keyword fields
	"github.com/blevesearch/bleve/v2/analysis/char/asciifolding"
	"github.com/blevesearch/bleve/v2/analysis/lang/de"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/lang/fr"
	"github.com/blevesearch/bleve/v2/analysis/lang/nl"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	"github.com/blevesearch/bleve/v2/analysis/token/porter"
	"github.com/blevesearch/bleve/v2/analysis/token/stop"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/single"
	"github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/analysis/tokenmap"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/estate-agency/estate/listing"
)

// MappingVersion must be bumped whenever the meaning of indexed data changes without the mapping JSON
// changing (e.g. a field is now filled differently by propertyDoc). Mapping changes themselves are caught by
// the fingerprint stored next to it (see storedVersion), so forgetting a bump there cannot leave an
// index that silently disagrees with the queries.
const MappingVersion = 1

// mappingVersionKey is the internal (non-document) key holding storedVersion.
var mappingVersionKey = []byte("mapping_version")

// Analyzer names, defined per index mapping (CustomAnalysis), so no global registry entry is added.
const (
	analyzerText          = "estate_text"           // language: stop words, stemming, accent folding
	analyzerFolded        = "estate_folded"         // words, lower case, accent folded, no stemming (names)
	analyzerFoldedKeyword = "estate_folded_keyword" // whole value as one token, lower case, accent folded
	stopFilterName        = "estate_stop"
	stopTokenMapName      = "estate_stop_words"
)

// Document kinds, stored in the "kind" field which is also the mapping's TypeField.
const (
	kindProperty = "property"
	kindProject  = "project"
	kindCity     = "city"
)

// Field names. They are the index's contract with the search API (facets, sort strings, filters),
// so they follow the Algolia hit attribute names of ARCHITECTURE.md §3 where one exists.
// A field name has the same definition in every kind: Bleve picks a query's analyzer by field name
// across all type mappings, so two kinds with differently analysed "name" fields would query one of
// them wrongly.
const (
	fKind          = "kind"
	fID            = "id"
	fIDNum         = "idNum"
	fGoal          = "goal"
	fType          = "type"
	fTypeText      = "typeText"
	fTypeID        = "typeId"
	fWebID         = "webId"
	fWebIDs        = "webIds"
	fCity          = "city"
	fCityText      = "cityText"
	fCityKey       = "cityKey"
	fZip           = "zip"
	fRegion        = "region"
	fCountryID     = "countryId"
	fStreet        = "street"
	fDescription   = "description"
	fPrice         = "price"
	fBedrooms      = "bedrooms"
	fBathrooms     = "bathrooms"
	fGarages       = "garages"
	fSurfaceLiving = "surfaceLiving"
	fSurfaceGround = "surfaceGround"
	fEPCValue      = "epcValue"
	fEPCLabel      = "epcLabel"
	fStatus        = "status"
	fMarquee       = "marquee"
	fFeatures      = "features"
	fCreatedAt     = "createdAt"
	fChangedAt     = "changedAt"
	fGeo           = "_geoloc"
	fProjectID     = "projectId"
	fName          = "name"
	fNameText      = "nameText"
	fPriceMin      = "priceMin"
	fPriceMax      = "priceMax"
	fSoldOut       = "soldOut"
	fPropertyCount = "propertyCount"
)

// Field constructors. Nothing is stored (Store=false): searches return document ids and the caller
// loads the records from the store, so stored copies would only double the index size. Nothing goes
// into _all (IncludeInAll=false): every query names its fields, and _all would index all text twice.
// Term vectors are off: they serve phrase queries and Bleve's highlighter, neither of which is used
// (highlighting needs stored text anyway; the HTTP layer highlights from the store).

// keyword: exact value, docValues for facets and sorting.
func keywordField() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "text", Analyzer: "keyword", Index: true, DocValues: true}
}

// keywordNoDV: exact value only matched, never faceted or sorted, so it skips docValues memory.
func keywordNoDV() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "text", Analyzer: "keyword", Index: true}
}

// textField: analysed full text; no docValues (they would hold every token and are never used).
func textField(analyzer string) *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "text", Analyzer: analyzer, Index: true}
}

// numericField: docValues so any numeric attribute can sort or be faceted (cheap: one value per doc).
func numericField() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "number", Index: true, DocValues: true}
}

// numericNoDV: only used in range or exact filters, which read the term dictionary.
func numericNoDV() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "number", Index: true}
}

// geoField: docValues so results can be sorted by distance (aroundLatLng).
func geoField() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "geopoint", Index: true, DocValues: true}
}

func boolField() *mapping.FieldMapping {
	return &mapping.FieldMapping{Type: "boolean", Index: true, DocValues: true}
}

// docMapping builds a static document mapping: fields not listed here are ignored, never indexed
// dynamically, so a new attribute on a domain type cannot grow the index by accident.
func docMapping(fields map[string]*mapping.FieldMapping) *mapping.DocumentMapping {
	dm := mapping.NewDocumentStaticMapping()
	for name, fm := range fields {
		fm.Name = name
		dm.AddFieldMappingsAt(name, fm)
	}
	return dm
}

// commonFields are shared by every kind, with identical definitions (see the field names comment).
func commonFields() map[string]*mapping.FieldMapping {
	return map[string]*mapping.FieldMapping{
		fKind:        keywordNoDV(),
		fID:          keywordNoDV(),
		fIDNum:       numericNoDV(),
		fCity:        keywordField(),
		fCityText:    textField(analyzerFolded),
		fCityKey:     {Type: "text", Analyzer: analyzerFoldedKeyword, Index: true},
		fZip:         keywordField(),
		fCountryID:   numericField(),
		fGeo:         geoField(),
		fDescription: textField(analyzerText),
		fChangedAt:   numericField(),
	}
}

func propertyMapping() *mapping.DocumentMapping {
	f := commonFields()
	for name, fm := range map[string]*mapping.FieldMapping{
		fGoal:          keywordField(),
		fType:          keywordField(),
		fTypeText:      textField(analyzerText),
		fTypeID:        numericField(),
		fWebID:         numericField(),
		fWebIDs:        numericNoDV(),
		fRegion:        keywordField(),
		fStreet:        textField(analyzerFolded),
		fPrice:         numericField(),
		fBedrooms:      numericField(),
		fBathrooms:     numericField(),
		fGarages:       numericField(),
		fSurfaceLiving: numericField(),
		fSurfaceGround: numericField(),
		fEPCValue:      numericField(),
		fEPCLabel:      keywordField(),
		fStatus:        keywordField(),
		fMarquee:       numericField(),
		fFeatures:      keywordField(),
		fCreatedAt:     numericField(),
		fProjectID:     numericField(),
	} {
		f[name] = fm
	}
	return docMapping(f)
}

func projectMapping() *mapping.DocumentMapping {
	f := commonFields()
	f[fName] = keywordField()
	f[fNameText] = textField(analyzerFolded)
	f[fPriceMin] = numericField()
	f[fPriceMax] = numericField()
	f[fSoldOut] = boolField()
	return docMapping(f)
}

func cityMapping() *mapping.DocumentMapping {
	f := commonFields()
	f[fName] = keywordField()
	f[fPropertyCount] = numericField()
	return docMapping(f)
}

// langChain is the language-specific part of the text analyzer. The stop word list and the stemmer
// are the ones bleve's analysis/lang/{nl,fr,en,de} packages register; we compose them ourselves
// (instead of using the ready "nl"/"fr" analyzers) to add accent folding, which those lack.
type langChain struct {
	stopWords []byte   // bleve's list for the language, folded below to match folded tokens
	before    []string // token filters before lower casing (en possessive works on the raw form)
	after     []string // token filters between lower casing and the stop filter (fr elision)
	stemmer   []string // token filters after the stop filter
}

func chainFor(lang listing.Lang) (langChain, error) {
	switch lang {
	case listing.NL:
		return langChain{stopWords: nl.DutchStopWords, stemmer: []string{nl.SnowballStemmerName}}, nil
	case listing.FR:
		// The light stemmer (not snowball) is what bleve's own "fr" analyzer uses: less aggressive,
		// so "maisons"→"maison" but "maison" and "maïs" stay apart.
		return langChain{stopWords: fr.FrenchStopWords, after: []string{fr.ElisionName},
			stemmer: []string{fr.LightStemmerName}}, nil
	case listing.EN:
		return langChain{stopWords: en.EnglishStopWords, before: []string{en.PossessiveName},
			stemmer: []string{porter.Name}}, nil
	case listing.DE:
		return langChain{stopWords: de.GermanStopWords,
			stemmer: []string{de.NormalizeName, de.LightStemmerName}}, nil
	}
	return langChain{}, fmt.Errorf("%w: %q", ErrUnknownLanguage, lang)
}

// foldedStopWords returns the language's stop words as they look after the asciifolding char filter.
// Folding runs as a char filter, i.e. before tokenizing, because bleve v2.5.7 ships asciifolding only
// as a char filter; the stop list must then be folded too, or "à", "für", "één" would slip through.
func foldedStopWords(raw []byte) ([]any, error) {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(raw); err != nil {
		return nil, fmt.Errorf("load stop words: %w", err)
	}
	folder := asciifolding.New()
	seen := make(map[string]bool, len(tm))
	for w := range tm {
		seen[string(folder.Filter([]byte(w)))] = true
	}
	words := make([]string, 0, len(seen))
	for w := range seen {
		words = append(words, w)
	}
	// Sorted so the mapping JSON, and with it the fingerprint, is the same on every run.
	slices.Sort(words)
	out := make([]any, len(words))
	for i, w := range words {
		out[i] = w
	}
	return out, nil
}

// buildMapping returns the explicit mapping of one language's index.
func buildMapping(lang listing.Lang) (*mapping.IndexMappingImpl, error) {
	chain, err := chainFor(lang)
	if err != nil {
		return nil, err
	}
	im := mapping.NewIndexMapping()
	// Nothing is indexed unless a type mapping names it (gitea's pattern): a document without a
	// known kind, or a field we forgot, is ignored rather than indexed with guessed types.
	im.DefaultMapping = mapping.NewDocumentDisabledMapping()
	im.IndexDynamic = false
	im.StoreDynamic = false
	im.DocValuesDynamic = false
	im.TypeField = fKind
	im.DefaultType = "" // a document without kind falls to the disabled default mapping
	im.DefaultField = ""
	im.DefaultAnalyzer = analyzerText

	stopWords, err := foldedStopWords(chain.stopWords)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", lang, err)
	}
	if err := im.AddCustomTokenMap(stopTokenMapName, map[string]any{
		"type":   tokenmap.Name,
		"tokens": stopWords,
	}); err != nil {
		return nil, fmt.Errorf("%s stop words: %w", lang, err)
	}
	if err := im.AddCustomTokenFilter(stopFilterName, map[string]any{
		"type":           stop.Name,
		"stop_token_map": stopTokenMapName,
	}); err != nil {
		return nil, fmt.Errorf("%s stop filter: %w", lang, err)
	}

	var filters []string
	filters = append(filters, chain.before...)
	filters = append(filters, lowercase.Name)
	filters = append(filters, chain.after...)
	filters = append(filters, stopFilterName)
	filters = append(filters, chain.stemmer...)
	analyzers := map[string]map[string]any{
		analyzerText: {
			"type":          custom.Name,
			"char_filters":  []any{asciifolding.Name},
			"tokenizer":     unicode.Name,
			"token_filters": toAny(filters),
		},
		// Names drop French elided articles in every language: Belgian streets and towns keep
		// their French names in the Dutch index too, and the tokenizer keeps "l'église" one word,
		// so "eglise" would not find "Rue de l'Église" (Algolia splits at the apostrophe).
		analyzerFolded: {
			"type":          custom.Name,
			"char_filters":  []any{asciifolding.Name},
			"tokenizer":     unicode.Name,
			"token_filters": []any{lowercase.Name, fr.ElisionName},
		},
		analyzerFoldedKeyword: {
			"type":          custom.Name,
			"char_filters":  []any{asciifolding.Name},
			"tokenizer":     single.Name,
			"token_filters": []any{lowercase.Name},
		},
	}
	for name, def := range analyzers {
		if err := im.AddCustomAnalyzer(name, def); err != nil {
			return nil, fmt.Errorf("%s analyzer %s: %w", lang, name, err)
		}
	}

	im.AddDocumentMapping(kindProperty, propertyMapping())
	im.AddDocumentMapping(kindProject, projectMapping())
	im.AddDocumentMapping(kindCity, cityMapping())
	if err := im.Validate(); err != nil {
		return nil, fmt.Errorf("%s mapping: %w", lang, err)
	}
	return im, nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// storedVersion is what an index carries under mappingVersionKey: the version constant plus a hash
// of the mapping JSON, so editing buildMapping (or a bleve upgrade that changes the mapping's form)
// also forces a rebuild even if nobody bumps MappingVersion.
func storedVersion(im *mapping.IndexMappingImpl) (string, error) {
	b, err := json.Marshal(im)
	if err != nil {
		return "", fmt.Errorf("marshal mapping: %w", err)
	}
	sum := sha256.Sum256(b)
	return fmt.Sprintf("%d-%s", MappingVersion, hex.EncodeToString(sum[:8])), nil
}
