package algolia

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/estate-agency/estate/index"
)

func term(attr, value string) index.Term { return index.Term{Attr: attr, Value: value} }

func lt(attr string, n float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: math.Inf(-1), Max: n}
}
func le(attr string, n float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: math.Inf(-1), Max: n, MaxIncl: true}
}
func gt(attr string, n float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: n, Max: math.Inf(1)}
}
func ge(attr string, n float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: n, Max: math.Inf(1), MinIncl: true}
}
func eq(attr string, n float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: n, Max: n, MinIncl: true, MaxIncl: true}
}
func between(attr string, lo, hi float64) index.NumRange {
	return index.NumRange{Attr: attr, Min: lo, Max: hi, MinIncl: true, MaxIncl: true}
}

func TestParseFilters(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want index.Filter
	}{
		{"empty", "", nil},
		{"blank", " \t ", nil},
		{"facet", "city:Gent", term("city", "Gent")},
		{"spaces around the colon", "city : Gent", term("city", "Gent")},
		{"quoted value with spaces and an accent", `type:"Maison de maître"`, term("type", "Maison de maître")},
		{"single quotes", `city:'Sint-Niklaas'`, term("city", "Sint-Niklaas")},
		{"escaped quote inside quotes", `type:"5\" door"`, term("type", `5" door`)},
		{"escaped backslash", `type:"a\\b"`, term("type", `a\b`)},
		{"quoted keyword as value", `type:"AND"`, term("type", "AND")},
		{"quoted attribute", `"my attr":x`, term("my attr", "x")},
		{"value with an apostrophe needs quotes", `city:"'s-Gravenwezel"`, term("city", "'s-Gravenwezel")},
		{"number as facet value", "bedrooms:3", term("bedrooms", "3")},
		{"negative facet value is literal", "count:-12", term("count", "-12")},
		{"boolean", "soldOut:false", term("soldOut", "false")},
		{"value with an exclamation mark", "name:Yes!", term("name", "Yes!")},
		{"range", "price:100000 TO 300000", between("price", 100000, 300000)},
		{"range with decimals and negatives", "x:-1.5 TO 2.25", between("x", -1.5, 2.25)},
		{"less than", "price < 10", lt("price", 10)},
		{"less or equal, no spaces", "price<=10", le("price", 10)},
		{"greater than", "price > 12.99", gt("price", 12.99)},
		{"greater or equal", "bedrooms >= 2", ge("bedrooms", 2)},
		{"equal", "marquee = 1", eq("marquee", 1)},
		{"not equal", "marquee != 1", index.Not{F: eq("marquee", 1)}},
		{"not equal, no spaces", "marquee!=1", index.Not{F: eq("marquee", 1)}},
		{"negative number", "x > -3", gt("x", -3)},
		{"number with a plus", "x > +3", gt("x", 3)},
		{"number without leading digit", "x < .5", lt("x", 0.5)},
		{"AND", "goal:sale AND city:Gent", index.And{term("goal", "sale"), term("city", "Gent")}},
		{"OR", "city:A OR city:B OR city:C", index.Or{term("city", "A"), term("city", "B"), term("city", "C")}},
		{"NOT", "NOT goal:rent", index.Not{F: term("goal", "rent")}},
		{"NOT NOT", "NOT NOT goal:rent", index.Not{F: index.Not{F: term("goal", "rent")}}},
		{"AND binds tighter than OR", "a:1 OR b:2 AND c:3",
			index.Or{term("a", "1"), index.And{term("b", "2"), term("c", "3")}}},
		{"parentheses", "(a:1 OR b:2) AND c:3",
			index.And{index.Or{term("a", "1"), term("b", "2")}, term("c", "3")}},
		{"nested parentheses are flattened", "((a:1 AND (b:2 AND c:3)))",
			index.And{term("a", "1"), term("b", "2"), term("c", "3")}},
		{"NOT before a group (beyond Algolia)", "NOT (a:1 OR b:2)",
			index.Not{F: index.Or{term("a", "1"), term("b", "2")}}},
		{"ANDs inside ORs (beyond Algolia)", "(a:1 AND b:2) OR (c:3 AND d:4)",
			index.Or{index.And{term("a", "1"), term("b", "2")}, index.And{term("c", "3"), term("d", "4")}}},
		{"all kinds together", `price < 10 AND (type:Book OR NOT type:Ebook)`,
			index.And{lt("price", 10), index.Or{term("type", "Book"), index.Not{F: term("type", "Ebook")}}}},
		{"tag", "_tags:promo", term("_tags", "promo")},
		{"bare tag", "promo", term("_tags", "promo")},
		{"quoted facet filter alone", `("county:Maricopa" OR "county:Pima")`,
			index.Or{term("county", "Maricopa"), term("county", "Pima")}},
		{"quoted tag without colon", `"summer sale"`, term("_tags", "summer sale")},
		{"captured v5 filters", `(type:"Maison de maître" OR type:Villa) AND NOT marquee:1 AND epcValue < 200.5`,
			index.And{index.Or{term("type", "Maison de maître"), term("type", "Villa")}, index.Not{F: term("marquee", "1")}, lt("epcValue", 200.5)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFilters(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseFilters(%q)\n got  %s\n want %s", tt.in, FilterString(got), FilterString(tt.want))
			}
		})
	}
}

func TestParseFiltersErrors(t *testing.T) {
	tests := []struct {
		name, in, msg string
	}{
		{"unquoted spaces", "city:Sint Niklaas", "filters: Unexpected token string(Niklaas) expected AND, OR or end of filter at col 11"},
		{"lower-case keyword", "a:1 and b:2", "Unexpected token string(and) expected AND, OR or end of filter at col 5"},
		{"dangling AND", "a:1 AND", "Unexpected token end of filter expected filter at col 8"},
		{"leading OR", "OR a:1", "Unexpected token string(OR) expected filter at col 1"},
		{"missing value", "city:", "Unexpected token end of filter expected value at col 6"},
		{"missing close paren", "(a:1 OR b:2", "Unexpected token end of filter expected ')' at col 12"},
		{"stray close paren", "a:1)", "Unexpected token ')' expected AND, OR or end of filter at col 4"},
		{"empty parens", "()", "Unexpected token ')' expected filter at col 2"},
		{"comparison with a word", "price > cheap", "Unexpected token string(cheap) expected number at col 9"},
		{"comparison with a quoted number", `price > "3"`, "expected number"},
		{"comparison with Inf", "price > Inf", "expected number"},
		{"comparison with NaN", "price = NaN", "expected number"},
		{"comparison with hex", "price = 0x10", "expected number"},
		{"comparison with exponent", "price = 1e5", "expected number"},
		{"range with a word", "price:1 TO many", "Unexpected token string(many) expected number at col 12"},
		{"range lower bound a word", "price:low TO 3", "expected number"},
		{"unterminated string", `type:"Villa`, "filters: Unterminated string starting at col 6"},
		{"column counts characters, not bytes", "city:Liège Sud", "string(Sud) expected AND, OR or end of filter at col 12"},
		{"double operator", "price >> 3", "Unexpected token '>' expected number at col 8"},
		{"lone bang-equal", "!= 3", "Unexpected token '!=' expected filter at col 1"},
		{"too long", "a:" + strings.Repeat("x", MaxFilterBytes), "filters: too long"},
		{"too deep parentheses", strings.Repeat("(", MaxFilterDepth+1) + "a:1" + strings.Repeat(")", MaxFilterDepth+1), "too deeply nested"},
		{"too deep NOTs", strings.Repeat("NOT ", MaxFilterDepth+1) + "a:1", "too deeply nested"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := ParseFilters(tt.in)
			if err == nil {
				t.Fatalf("ParseFilters(%q) = %s, want an error", tt.in, FilterString(f))
			}
			wantError(t, err, 400, tt.msg)
		})
	}
	t.Run("just deep enough", func(t *testing.T) {
		in := strings.Repeat("(", MaxFilterDepth) + "a:1" + strings.Repeat(")", MaxFilterDepth)
		if _, err := ParseFilters(in); err != nil {
			t.Fatal(err)
		}
	})
}

func TestParseFacetFilters(t *testing.T) {
	tests := []struct {
		name   string
		groups [][]string
		want   index.Filter
	}{
		{"none", nil, nil},
		{"one", [][]string{{"city:Gent"}}, term("city", "Gent")},
		{"AND of two", [][]string{{"city:Gent"}, {"goal:sale"}}, index.And{term("city", "Gent"), term("goal", "sale")}},
		{"OR group", [][]string{{"city:A", "city:B"}}, index.Or{term("city", "A"), term("city", "B")}},
		{"negation", [][]string{{"city:-Bouillon"}}, index.Not{F: term("city", "Bouillon")}},
		{"escaped minus is literal", [][]string{{`category:\-Movie`}}, term("category", "-Movie")},
		{"escaped negative number", [][]string{{`count:\-12`}}, term("count", "-12")},
		{"minus before the attribute is part of its name", [][]string{{"-city:Bouillon"}}, term("-city", "Bouillon")},
		{"value keeps later colons", [][]string{{"url:https://x"}}, term("url", "https://x")},
		{"value keeps spaces", [][]string{{"type:Maison de maître"}}, term("type", "Maison de maître")},
		{"attribute trimmed", [][]string{{" city :Gent"}}, term("city", "Gent")},
		{"empty value", [][]string{{"city:"}}, term("city", "")},
		{"negation inside an OR group", [][]string{{"city:-A", "goal:rent"}}, index.Or{index.Not{F: term("city", "A")}, term("goal", "rent")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFacetFilters(tt.groups)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s, want %s", FilterString(got), FilterString(tt.want))
			}
		})
	}
	for _, bad := range []string{"Bouillon", ":x", ""} {
		t.Run("error "+bad, func(t *testing.T) {
			_, err := ParseFacetFilters([][]string{{bad}})
			wantError(t, err, 400, "facetFilters")
		})
	}
}

func TestParseNumericFilters(t *testing.T) {
	tests := []struct {
		name   string
		groups [][]string
		want   index.Filter
	}{
		{"comparison", [][]string{{"price>=100000"}}, ge("price", 100000)},
		{"spaces", [][]string{{"price >= 100000"}}, ge("price", 100000)},
		{"range", [][]string{{"price:5.99 TO 100"}}, between("price", 5.99, 100)},
		{"range with a space after the colon", [][]string{{"price: 0 TO 1000"}}, between("price", 0, 1000)},
		{"not equal", [][]string{{"bedrooms!=2"}}, index.Not{F: eq("bedrooms", 2)}},
		{"OR group", [][]string{{"bedrooms=3", "bedrooms=4"}}, index.Or{eq("bedrooms", 3), eq("bedrooms", 4)}},
		{"AND", [][]string{{"price>=1"}, {"price<=2"}}, index.And{ge("price", 1), le("price", 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseNumericFilters(tt.groups)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s, want %s", FilterString(got), FilterString(tt.want))
			}
		})
	}
	for _, bad := range []string{"price", "price:3", "price > x", "price > 1 AND x > 2", "(price > 1)", "price:1 TO", ""} {
		t.Run("error "+bad, func(t *testing.T) {
			_, err := ParseNumericFilters([][]string{{bad}})
			wantError(t, err, 400, "numericFilters")
		})
	}
}

func TestCombineFilters(t *testing.T) {
	a, b := term("a", "1"), term("b", "2")
	tests := []struct {
		name string
		in   []index.Filter
		want index.Filter
	}{
		{"none", nil, nil},
		{"all nil", []index.Filter{nil, nil}, nil},
		{"one", []index.Filter{nil, a, nil}, a},
		{"two", []index.Filter{a, b}, index.And{a, b}},
		{"nested And is flattened", []index.Filter{index.And{a, b}, a}, index.And{a, b, a}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CombineFilters(tt.in...); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s, want %s", FilterString(got), FilterString(tt.want))
			}
		})
	}
}

func TestFilterStringRoundTrip(t *testing.T) {
	for _, in := range []string{
		`city:Gent`,
		`type:"Maison de maître" AND price >= 100000`,
		`(city:A OR city:B) AND NOT goal:rent`,
		`price:1 TO 2 OR marquee = 1 OR x < -3`,
		`NOT marquee = 1 AND epcValue > 2.5 AND y <= 7`,
		`NOT (a:1 OR b:2) AND NOT (c:3 AND d:4)`,
		`a:1 OR b:2 AND c:3`,
		`type:"say \"hi\" \\ bye" OR "x y":AND OR _tags:"two words"`,
	} {
		t.Run(in, func(t *testing.T) {
			f, err := ParseFilters(in)
			if err != nil {
				t.Fatal(err)
			}
			again, err := ParseFilters(FilterString(f))
			if err != nil {
				t.Fatalf("re-parsing %q: %v", FilterString(f), err)
			}
			if !reflect.DeepEqual(f, again) {
				t.Errorf("round trip changed %s into %s", FilterString(f), FilterString(again))
			}
		})
	}
}
