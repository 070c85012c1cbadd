package listing

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// The platform's Status of a property (Omnicasa: fw4-bvba/omnicasa-api
// src/Models/Status.php).
const (
	PlatformProspective = 0
	PlatformActive      = 1
	PlatformSold        = 2
	PlatformCancelled   = 3
	PlatformRented      = 4
	PlatformInactive    = 5
	PlatformReference   = 6
)

// Offer is what a listing's platform Status makes of it on the site.
type Offer int

const (
	// Unpublished listings are never shown, and withdrawn when held:
	// prospective, cancelled, inactive, a reference when references are
	// not shown, and any status the platform may add later.
	Unpublished Offer = iota
	// Offered listings are on the market.
	Offered
	// Closed listings are shown as sold or rented.
	Closed
)

// OfferOf reads the platform's Status. A record without a Status (set
// false) is offered: the platform lists what it publishes, and reading
// absence as prospective would withdraw every listing. References (deals
// done, shown as a portfolio) are shown closed when the site says so.
func OfferOf(status int, set, showReferences bool) Offer {
	if !set {
		return Offered
	}
	switch status {
	case PlatformActive:
		return Offered
	case PlatformSold, PlatformRented:
		return Closed
	case PlatformReference:
		if showReferences {
			return Closed
		}
	}
	return Unpublished
}

// AvailabilityFrom derives what a visitor reads of a published listing: a
// closed one is sold or rented, whichever its goal says (a rental the
// platform marks sold has been let, and the other way round); an offered
// one is under option or sold when the agency's banner means so, else
// available.
func AvailabilityFrom(offer Offer, badge Badge, goal Goal) Status {
	switch {
	case offer == Closed, badge == BadgeSold || badge == BadgeRented:
		return gone(goal)
	case badge == BadgeOption:
		return Option
	}
	return Available
}

// gone is the final status of a property no longer on the market.
func gone(goal Goal) Status {
	if goal == Rent {
		return Rented
	}
	return Sold
}

// Badge is the banner a listing card shows: what the agency's own Marquee
// or SubStatus means, or its final status.
type Badge string

const (
	BadgeNone      Badge = ""
	BadgeNew       Badge = "new"
	BadgePriceDrop Badge = "priceDrop"
	BadgeOption    Badge = "option"
	BadgeSold      Badge = "sold"
	BadgeRented    Badge = "rented"
)

// The meanings of site.marquee_meanings, as named in the config.
const (
	MeaningNew          = "new"
	MeaningPriceReduced = "price_reduced"
	MeaningOption       = "option"
	MeaningSold         = "sold"
)

var meaningBadges = map[string]Badge{
	MeaningNew: BadgeNew, MeaningPriceReduced: BadgePriceDrop, MeaningOption: BadgeOption, MeaningSold: BadgeSold,
}

// Meanings lists the meanings a marquee can have, in the config's words.
func Meanings() []string {
	return []string{MeaningNew, MeaningPriceReduced, MeaningOption, MeaningSold}
}

// DefaultMarqueeNames are the banner names Belgian agencies give their
// Marquees and SubStatuses on the platform, in its four languages. Every
// agency defines its own list (GetStatusList, GetSubstatusList), so the
// names, not the ids, carry the meaning.
var DefaultMarqueeNames = map[string][]string{
	MeaningNew: {"Nieuw", "Nieuw op de markt", "Nouveau", "Nouveauté", "New", "Neu"},
	MeaningPriceReduced: {"Prijsdaling", "Prijs verlaagd", "Nieuwe prijs", "Prijswijziging",
		"Baisse de prix", "Prix en baisse", "Prix réduit", "Prix revu", "Nouveau prix", "Price reduced", "New price",
		"Preissenkung", "Preis gesenkt", "Neuer Preis"},
	MeaningOption: {"Optie", "In optie", "Onder optie", "Option", "Sous option", "En option", "Under option", "Reserviert"},
	MeaningSold: {"Verkocht", "Verhuurd", "Verkocht onder voorwaarden", "Compromis", "Vendu", "Loué", "Sous compromis",
		"Vendu sous conditions", "Sold", "Let", "Rented", "Verkauft", "Vermietet"},
}

// BadgeRules say what an agency's Marquees and SubStatuses mean.
type BadgeRules struct {
	byName map[string]string
	byID   map[int]string
	ignore map[int]bool
}

// NewBadgeRules builds the rules of site.marquee_meanings: per meaning,
// names (matched without regard to case, accents and punctuation) or ids
// (entries of digits only); ignore are Marquee ids that get no banner
// (site.marquee_ignore). A meaning left out keeps DefaultMarqueeNames; one
// given empty means nothing is that.
func NewBadgeRules(meanings map[string][]string, ignore []int) (BadgeRules, error) {
	r := BadgeRules{byName: map[string]string{}, byID: map[int]string{}, ignore: map[int]bool{}}
	for _, id := range ignore {
		r.ignore[id] = true
	}
	for _, m := range Meanings() {
		names, ok := meanings[m]
		if !ok {
			names = DefaultMarqueeNames[m]
		}
		for _, n := range names {
			if id, err := strconv.Atoi(strings.TrimSpace(n)); err == nil {
				r.byID[id] = m
				continue
			}
			if k := foldName(n); k != "" {
				r.byName[k] = m
			}
		}
	}
	for m := range meanings {
		if _, ok := meaningBadges[m]; !ok {
			return BadgeRules{}, &UnknownMeaningError{Meaning: m}
		}
	}
	return r, nil
}

// DefaultBadgeRules are the rules without configuration.
func DefaultBadgeRules() BadgeRules {
	r, _ := NewBadgeRules(nil, nil)
	return r
}

// UnknownMeaningError is a meaning of site.marquee_meanings the site does
// not know.
type UnknownMeaningError struct{ Meaning string }

func (e *UnknownMeaningError) Error() string {
	return "unknown meaning " + strconv.Quote(e.Meaning) + " (known: " + strings.Join(Meanings(), ", ") + ")"
}

// Of is the banner meaning of a listing's Marquee, else of its SubStatus:
// an id the rules name wins over a name; BadgeNone when neither means
// anything known.
func (r BadgeRules) Of(marquee int, marqueeName string, subStatus int, subStatusName string) Badge {
	for _, c := range []struct {
		id   int
		name string
	}{{marquee, marqueeName}, {subStatus, subStatusName}} {
		if m, ok := r.byID[c.id]; ok && c.id != 0 {
			return meaningBadges[m]
		}
		if m, ok := r.byName[foldName(c.name)]; ok {
			return meaningBadges[m]
		}
	}
	return BadgeNone
}

// Ignored reports a Marquee id that shows no banner.
func (r BadgeRules) Ignored(marquee int) bool { return marquee != 0 && r.ignore[marquee] }

// Shown is the banner a card shows for a listing of this availability and
// marquee meaning: its final status first ('sold' whatever the marquee
// says), then the meaning; none for an ignored Marquee.
func (r BadgeRules) Shown(status Status, meaning Badge, marquee int) Badge {
	if r.Ignored(marquee) {
		return BadgeNone
	}
	switch status {
	case Sold:
		return BadgeSold
	case Rented:
		return BadgeRented
	case Option:
		return BadgeOption
	}
	if meaning == BadgeSold || meaning == BadgeRented || meaning == BadgeOption {
		return BadgeNone // already said by the status
	}
	return meaning
}

// foldName is a name as the rules compare it: lower case, no accents, one
// space between words, no punctuation.
func foldName(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	plain, _, err := transform.String(t, s)
	if err != nil {
		plain = s
	}
	return strings.Join(strings.FieldsFunc(strings.ToLower(plain), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}
