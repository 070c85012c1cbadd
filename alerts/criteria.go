// Package alerts decides which search demands a listing change concerns: a
// new listing, a price drop, a listing back on the market. It is pure: the
// caller reads demands and listings from the store, takes the changes of a
// sync from Diff, asks a Matcher who wants them and mails the result.
package alerts

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Goals of a search demand.
const (
	GoalBuy  = "buy"
	GoalRent = "rent"
)

// Time slots a searcher prefers to be called in.
var timeSlots = []string{"morning", "afternoon", "evening"}

// Bounds of the form contract (leads/forms.json, demand-register) that
// criteria are held to.
const (
	MaxPrice     = 100_000_000
	MaxCount     = 50 // rooms, bathrooms, garages, parkings
	MaxZips      = 50
	MaxRemark    = 2000 // characters
	MinAreaPoint = 3
	MaxAreaPoint = 100
)

// The area must lie around Belgium and Luxembourg, where the agency's
// listings are; the same box as the form contract's "area" check.
const (
	minLat, maxLat = 49.0, 52.0
	minLng, maxLng = 2.0, 7.0
)

// Criteria are what a searcher's alerts match; the JSON is the UI's
// Criteria (ui/src/lib/api/account.ts). Zero or empty means 'no condition'.
type Criteria struct {
	Goal string `json:"goal"`
	// Budget is what the person can spend, asked at sign-up: a listing
	// above it does not match, like one above MaxPrice.
	Budget       int      `json:"budget"`
	MinPrice     int      `json:"minPrice"`
	MaxPrice     int      `json:"maxPrice"`
	MinRooms     int      `json:"minRooms"` // bedrooms
	MinBathrooms int      `json:"minBathrooms"`
	MinGarages   int      `json:"minGarages"`
	MinParkings  int      `json:"minParkings"`
	Types        []int    `json:"types"` // type ids; a category stands for its sub-types
	Zips         []string `json:"zips"`  // "6940", or "L-1234" for Luxembourg
	// Area is a polygon of [lat, lng] points, open (the last point is not
	// the first again).
	Area       [][2]float64 `json:"area"`
	TimeSlots  []string     `json:"timeSlots"`
	Newsletter bool         `json:"newsletter"`
	Remark     string       `json:"remark"`
}

// Normalize puts criteria in their canonical form: codes trimmed and
// lower-case, types and postcodes sorted without duplicates, postcodes
// written one way ("b-6940" → "6940", "l 1234" → "L-1234"), a closed
// polygon opened, and empty lists as [] rather than null in JSON.
func (c *Criteria) Normalize() {
	c.Goal = strings.ToLower(strings.TrimSpace(c.Goal))
	c.Remark = strings.TrimSpace(c.Remark)

	types := make([]int, 0, len(c.Types))
	for _, t := range c.Types {
		if t > 0 {
			types = append(types, t)
		}
	}
	slices.Sort(types)
	c.Types = slices.Compact(types)

	zips := make([]string, 0, len(c.Zips))
	for _, z := range c.Zips {
		if z = CanonicalZip(z); z != "" {
			zips = append(zips, z)
		}
	}
	slices.Sort(zips)
	c.Zips = slices.Compact(zips)

	area := slices.Clone(c.Area)
	if n := len(area); n > 1 && area[0] == area[n-1] {
		area = area[:n-1]
	}
	if area == nil {
		area = [][2]float64{}
	}
	c.Area = area

	slots := make([]string, 0, len(c.TimeSlots))
	for _, s := range c.TimeSlots {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" && !slices.Contains(slots, s) {
			slots = append(slots, s)
		}
	}
	// The day's order, whatever order they were ticked in; unknown codes
	// last, for Check to name.
	slices.SortStableFunc(slots, func(a, b string) int { return slotRank(a) - slotRank(b) })
	c.TimeSlots = slots
}

func slotRank(s string) int {
	if i := slices.Index(timeSlots, s); i >= 0 {
		return i
	}
	return len(timeSlots)
}

// CanonicalZip writes a postcode the one way criteria and listings compare
// it: Belgian postcodes as their four digits ("B-6940" → "6940"),
// Luxembourg ones with their prefix ("l1234", "L 1234" → "L-1234").
// Anything else comes back trimmed, for Check to refuse.
func CanonicalZip(z string) string {
	z = strings.Join(strings.Fields(z), "")
	up := strings.ToUpper(z)
	switch {
	case strings.HasPrefix(up, "L-") && isDigits4(up[2:]):
		return up
	case strings.HasPrefix(up, "L") && isDigits4(up[1:]):
		return "L-" + up[1:]
	case strings.HasPrefix(up, "B-") && isDigits4(up[2:]):
		return up[2:]
	case strings.HasPrefix(up, "B") && isDigits4(up[1:]):
		return up[1:]
	}
	return z
}

func isDigits4(s string) bool {
	if len(s) != 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func validZip(z string) bool {
	return isDigits4(z) || (strings.HasPrefix(z, "L-") && isDigits4(z[2:]))
}

// Check tells what is wrong with normalized criteria: field (its JSON name)
// → message code of the form contract's "messages" (leads/forms.json). An
// empty map means they are valid.
func (c Criteria) Check() map[string]string {
	p := map[string]string{}
	switch {
	case c.Goal == "":
		p["goal"] = "required"
	case c.Goal != GoalBuy && c.Goal != GoalRent:
		p["goal"] = "option"
	}
	bound := func(field string, v, max int) {
		switch {
		case v < 0:
			p[field] = "min"
		case v > max:
			p[field] = "max"
		}
	}
	bound("budget", c.Budget, MaxPrice)
	bound("minPrice", c.MinPrice, MaxPrice)
	bound("maxPrice", c.MaxPrice, MaxPrice)
	if _, bad := p["maxPrice"]; !bad && c.MinPrice > 0 && c.MaxPrice > 0 && c.MaxPrice < c.MinPrice {
		p["maxPrice"] = "belowMin"
	}
	bound("minRooms", c.MinRooms, MaxCount)
	bound("minBathrooms", c.MinBathrooms, MaxCount)
	bound("minGarages", c.MinGarages, MaxCount)
	bound("minParkings", c.MinParkings, MaxCount)

	if len(c.Types) == 0 {
		p["types"] = "requiredOne"
	}
	switch {
	case len(c.Zips) > MaxZips:
		p["zips"] = "tooLong"
	case slices.ContainsFunc(c.Zips, func(z string) bool { return !validZip(z) }):
		p["zips"] = "zip"
	case len(c.Zips) == 0 && len(c.Area) == 0:
		p["zips"] = "zone"
	}
	if len(c.Area) > 0 && !validArea(c.Area) {
		p["area"] = "area"
	}
	for _, s := range c.TimeSlots {
		if !slices.Contains(timeSlots, s) {
			p["timeSlots"] = "option"
		}
	}
	if utf8.RuneCountInString(c.Remark) > MaxRemark {
		p["remark"] = "tooLong"
	}
	return p
}

func validArea(area [][2]float64) bool {
	if len(area) < MinAreaPoint || len(area) > MaxAreaPoint {
		return false
	}
	for _, pt := range area {
		lat, lng := pt[0], pt[1]
		if math.IsNaN(lat) || math.IsNaN(lng) || lat < minLat || lat > maxLat || lng < minLng || lng > maxLng {
			return false
		}
	}
	return true
}
