package demo

import (
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/estate-agency/estate/platform"
)

// ownerStatsProperties are the properties the demo platform keeps owner
// statistics of: the demo owner's (cmd/estate demo.go demoOwnerProperties).
// Other properties answer zeros and empty lists, which keeps the committed
// files small.
var ownerStatsProperties = []int{4003, 4030}

// statsDays is how many days of views per medium the demo holds, ending
// the day before the export (exportedAt). The dir source of the demo moves
// every date so the newest day is yesterday (sync/owner_stats.go).
const statsDays = 45

// demoMedia are the online media the demo agency publishes on, with the
// share of views each draws.
var demoMedia = []struct {
	id     int
	name   string
	weight int
}{
	{1, "Immoweb", 40},
	{2, "Zimmo", 18},
	{3, "Immovlan", 14},
	{4, "Ardenne Immo (website)", 22},
	{5, "Logic-Immo", 6},
}

// ownerStats are the owners' statistics of the demo platform, in the
// canonical record names (platform/owner_stats.go), on Brussels' clock.
// The same at every call.
func ownerStats() platform.OwnerData {
	loc := brussels
	exp := exportedAt().In(loc)
	today := time.Date(exp.Year(), exp.Month(), exp.Day(), 0, 0, 0, 0, loc)
	o := platform.OwnerData{
		VisitStatistics:    map[int]json.RawMessage{},
		MediaStatistics:    map[int][]json.RawMessage{},
		MediaOnline:        map[int][]json.RawMessage{},
		CalendarHistories:  map[int][]json.RawMessage{},
		AutomaticHistories: map[int][]json.RawMessage{},
	}
	for n, id := range ownerStatsProperties {
		r := rand.New(rand.NewPCG(uint64(id), 30))
		base := 14 - 6*n // the first property draws more views
		var days []json.RawMessage
		for d := statsDays; d >= 1; d-- {
			day := today.AddDate(0, 0, -d)
			lift := 0
			if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
				lift = base / 2
			}
			for _, m := range demoMedia {
				views := (base+lift)*m.weight/25 + r.IntN(4)
				if m.id == 5 && d > 30 {
					continue // Logic-Immo only for the last month
				}
				days = append(days, platform.MediaDay{ObjectID: id, Date: day, MediaID: m.id, Medium: m.name, Views: views}.Wire(loc))
			}
		}
		o.MediaStatistics[id] = days
		o.VisitStatistics[id] = platform.VisitStatistic{
			Today: 1 + r.IntN(3), Week: 4 + r.IntN(5) - n*2, Month: 11 + r.IntN(6) - n*4, Total: 38 + r.IntN(20) - n*10,
		}.Wire()

		var online []json.RawMessage
		for _, m := range demoMedia {
			from := today.AddDate(0, 0, -statsDays-10).Add(9 * time.Hour)
			period := platform.MediaOnline{MediaID: m.id, Medium: m.name, From: from}
			if m.id == 5 {
				period.From = today.AddDate(0, 0, -30).Add(10 * time.Hour)
			}
			if m.id == 3 {
				// A pause: offline for a week while the photos were redone.
				online = append(online, platform.MediaOnline{MediaID: m.id, Medium: m.name, From: from, To: today.AddDate(0, 0, -26).Add(17 * time.Hour)}.Wire(loc))
				period.From = today.AddDate(0, 0, -19).Add(9 * time.Hour)
			}
			online = append(online, period.Wire(loc))
		}
		o.MediaOnline[id] = online

		// Calendar: visits done, one cancelled, one to come; the platform's
		// Dutch texts (its demo office works in Dutch).
		var cal []json.RawMessage
		for i, c := range []struct {
			days, hour int
			status     string
		}{
			{-38, 10, "Uitgevoerd"}, {-31, 14, "Uitgevoerd"}, {-24, 11, "Geannuleerd"}, {-17, 16, "Uitgevoerd"},
			{-9, 10, "Uitgevoerd"}, {-3, 15, "Uitgevoerd"}, {4, 11, "Gepland"},
		} {
			if n > 0 && i%2 == 1 {
				continue // the second property draws fewer visits
			}
			at := today.AddDate(0, 0, c.days).Add(time.Duration(c.hour) * time.Hour)
			cal = append(cal, platform.HistoryEntry{Date: at, TypeID: 1, Kind: "Bezichtiging", Status: c.status}.Wire(loc))
		}
		o.CalendarHistories[id] = cal

		var auto []json.RawMessage
		for _, a := range []struct {
			days, hour, typeID int
			kind               string
		}{
			{-55, 9, 12, "Pand ingevoerd"}, {-54, 11, 18, "Publicatie op de portaalsites"}, {-40, 14, 4, "E-mail verstuurd"},
			{-33, 10, 2, "Telefoon inkomend"}, {-30, 10, 18, "Publicatie op Logic-Immo"}, {-26, 17, 13, "Pand gewijzigd"},
			{-21, 9, 4, "E-mail verstuurd"}, {-12, 15, 2, "Telefoon inkomend"}, {-6, 11, 4, "E-mail verstuurd"},
			{-2, 16, 11, "Aanvraag via de website"},
		} {
			at := today.AddDate(0, 0, a.days).Add(time.Duration(a.hour) * time.Hour)
			auto = append(auto, platform.HistoryEntry{Date: at, TypeID: a.typeID, Kind: a.kind}.Wire(loc))
		}
		o.AutomaticHistories[id] = auto
	}
	return o
}
