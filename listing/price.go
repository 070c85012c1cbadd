package listing

import (
	_ "embed"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/estate-agency/estate/internal/texts"
)

// euroFormat is how one language writes a euro amount. golang.org/x/text
// (v0.43) puts the symbol before the amount in every language and groups
// French thousands with U+00A0, so the few formats needed are spelled out.
type euroFormat struct {
	group, decimal string // thousands and decimal separators
	before, after  string // text around the number
}

var euroFormats = map[Lang]euroFormat{
	NL: {group: ".", decimal: ",", before: "€ "},
	FR: {group: "\u202f", decimal: ",", after: "\u00a0€"}, // CLDR fr: narrow no-break space
	EN: {group: ",", decimal: ".", before: "€"},
	DE: {group: ".", decimal: ",", after: "\u00a0€"},
}

//go:embed prices.json
var pricesJSON []byte

// PriceWords are the words around a price in every language ("Prijs op aanvraag", "Vanaf {{price}}", "{{price}} /
// maand"), for PriceText and the text lint. The file is embedded, so it parses or the first test fails.
var PriceWords = sync.OnceValue(func() *texts.Catalog {
	c, err := texts.ParseByLanguage("listing/prices.json", pricesJSON)
	if err != nil {
		panic(err)
	}
	return c
})

// FormatEuro formats a euro amount the way the language writes it: whole
// amounts without decimals ("€ 250.000"), others with cents ("€ 1.250,50").
// An unknown language uses Belgian Dutch, the site's reference format. A
// non-finite amount gives "": there is nothing sensible to show.
func FormatEuro(amount float64, lang Lang) string {
	if math.IsNaN(amount) || math.IsInf(amount, 0) {
		return ""
	}
	f, ok := euroFormats[lang]
	if !ok {
		f = euroFormats[NL]
	}
	cents := int64(math.Round(math.Abs(amount) * 100))
	num := groupThousands(strconv.FormatInt(cents/100, 10), f.group)
	if c := cents % 100; c != 0 {
		num += f.decimal + strconv.FormatInt(c/10, 10) + strconv.FormatInt(c%10, 10)
	}
	sign := ""
	if amount < 0 && cents != 0 {
		sign = "-"
	}
	return sign + f.before + num + f.after
}

// groupThousands inserts sep between groups of three digits.
func groupThousands(digits, sep string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	head := len(digits) % 3
	if head == 0 {
		head = 3
	}
	b.WriteString(digits[:head])
	for i := head; i < len(digits); i += 3 {
		b.WriteString(sep)
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// PriceText formats the price in a language.
//
// An unpublished price, and a published one that is not a positive amount
// (the platform sends 0 when nothing was filled in), read "price on request".
// A 'starting from' price gets a prefix, a rent gets "per month".
func PriceText(p Price, goal Goal, lang Lang) string {
	if _, ok := euroFormats[lang]; !ok {
		lang = NL
	}
	words := PriceWords()
	if !p.Published || !(p.Amount > 0) || math.IsInf(p.Amount, 0) {
		return words.Text(string(lang), "onRequest", nil)
	}
	s := FormatEuro(p.Amount, lang)
	if p.StartingFrom() {
		s = words.Text(string(lang), "from", texts.Args{"price": s})
	}
	if goal == Rent {
		s = words.Text(string(lang), "perMonth", texts.Args{"price": s})
	}
	return s
}

// NextPreviousPrice is the previous price to keep when a sync replaces the
// stored listing was by now. A drop of the published price remembers the
// amount it dropped from; a rise, a price no longer published, another goal
// or kind of price, or the end of the 'price reduced' banner forgets it; any
// other change keeps what was remembered.
func NextPreviousPrice(was, now Property) float64 {
	switch {
	case was.Goal != now.Goal || was.Price.Unit != now.Price.Unit,
		!now.Price.Published || now.Price.Amount <= 0,
		was.Badge == BadgePriceDrop && now.Badge != BadgePriceDrop:
		return 0
	case !was.Price.Published:
		return 0
	case now.Price.Amount < was.Price.Amount:
		return was.Price.Amount
	case now.Price.Amount > was.Price.Amount:
		return 0
	}
	return was.PreviousPrice
}

// PreviousPriceShown is the struck-through price a visitor sees beside the
// current one: only on a listing bannered 'price reduced' whose remembered
// price is above its published one; 0 otherwise.
func PreviousPriceShown(p Property) float64 {
	if p.Badge != BadgePriceDrop || !p.Price.Published || p.Price.Amount <= 0 || p.PreviousPrice <= p.Price.Amount {
		return 0
	}
	return p.PreviousPrice
}
