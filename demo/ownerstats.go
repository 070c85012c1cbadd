package demo

import (
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/estate-agency/estate/listing"
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

// statsLangs are the languages the demo platform answers its histories'
// texts in (those of the demo agency's data).
var statsLangs = []listing.Lang{listing.NL, listing.FR}

// platformText is one of the platform's texts in each language of statsLangs.
type platformText map[listing.Lang]string

// The texts of the demo platform's histories: a calendar entry's kind and
// statuses, a communication's kind, as the platform names them in the
// call's language.
var (
	kindVisit       = platformText{listing.NL: "Bezichtiging", listing.FR: "Visite"}
	statusDone      = platformText{listing.NL: "Uitgevoerd", listing.FR: "Effectuée"}
	statusCancelled = platformText{listing.NL: "Geannuleerd", listing.FR: "Annulée"}
	statusPlanned   = platformText{listing.NL: "Gepland", listing.FR: "Planifiée"}

	kindEntered   = platformText{listing.NL: "Pand ingevoerd", listing.FR: "Bien encodé"}
	kindPublished = platformText{listing.NL: "Publicatie op de portaalsites", listing.FR: "Publication sur les portails immobiliers"}
	kindLogicImmo = platformText{listing.NL: "Publicatie op Logic-Immo", listing.FR: "Publication sur Logic-Immo"}
	kindEmailOut  = platformText{listing.NL: "E-mail verstuurd", listing.FR: "E-mail envoyé"}
	kindPhoneIn   = platformText{listing.NL: "Telefoon inkomend", listing.FR: "Appel téléphonique entrant"}
	kindChanged   = platformText{listing.NL: "Pand gewijzigd", listing.FR: "Bien modifié"}
	kindWebsite   = platformText{listing.NL: "Aanvraag via de website", listing.FR: "Demande via le site web"}
)

// ownerStats are the owners' statistics of the demo platform, in the
// canonical record names (platform/owner_stats.go), on Brussels' clock.
// The counts and media are the same in every language, the histories'
// texts are those of each language (statsLangs). The same at every call.
func ownerStats() platform.OwnerData {
	loc := brussels
	exp := exportedAt().In(loc)
	today := time.Date(exp.Year(), exp.Month(), exp.Day(), 0, 0, 0, 0, loc)
	o := platform.OwnerData{
		VisitStatistics: map[int]json.RawMessage{},
		MediaStatistics: map[int][]json.RawMessage{},
		MediaOnline:     map[int][]json.RawMessage{},
	}
	for _, l := range statsLangs {
		o.SetHistories(platform.MethodCalendarHistories, l, map[int][]json.RawMessage{})
		o.SetHistories(platform.MethodAutomaticHistories, l, map[int][]json.RawMessage{})
	}
	for n, id := range ownerStatsProperties {
		r := rand.New(rand.NewPCG(uint64(id), 30))
		base := 14 - 6*n // the first property draws more views
		var days []json.RawMessage
		dayViews := make([]int, statsDays+1) // all media's views d days before the export
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
				dayViews[d] += views
			}
		}
		o.MediaStatistics[id] = days
		o.VisitStatistics[id] = visitStatistic(dayViews, r).Wire()

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

		// Calendar: visits done, one cancelled, one to come, in the
		// platform's texts of each language.
		cal := map[listing.Lang][]json.RawMessage{}
		for i, c := range []struct {
			days, hour int
			status     platformText
		}{
			{-38, 10, statusDone}, {-31, 14, statusDone}, {-24, 11, statusCancelled}, {-17, 16, statusDone},
			{-9, 10, statusDone}, {-3, 15, statusDone}, {4, 11, statusPlanned},
		} {
			if n > 0 && i%2 == 1 {
				continue // the second property draws fewer visits
			}
			at := today.AddDate(0, 0, c.days).Add(time.Duration(c.hour) * time.Hour)
			for _, l := range statsLangs {
				cal[l] = append(cal[l], platform.HistoryEntry{Date: at, TypeID: 1, Kind: kindVisit[l], Status: c.status[l]}.Wire(loc))
			}
		}

		auto := map[listing.Lang][]json.RawMessage{}
		for _, a := range []struct {
			days, hour, typeID int
			kind               platformText
		}{
			{-55, 9, 12, kindEntered}, {-54, 11, 18, kindPublished}, {-40, 14, 4, kindEmailOut},
			{-33, 10, 2, kindPhoneIn}, {-30, 10, 18, kindLogicImmo}, {-26, 17, 13, kindChanged},
			{-21, 9, 4, kindEmailOut}, {-12, 15, 2, kindPhoneIn}, {-6, 11, 4, kindEmailOut},
			{-2, 16, 11, kindWebsite},
		} {
			at := today.AddDate(0, 0, a.days).Add(time.Duration(a.hour) * time.Hour)
			for _, l := range statsLangs {
				auto[l] = append(auto[l], platform.HistoryEntry{Date: at, TypeID: a.typeID, Kind: a.kind[l]}.Wire(loc))
			}
		}
		for _, l := range statsLangs {
			o.Histories(platform.MethodCalendarHistories, l)[id] = cal[l]
			o.Histories(platform.MethodAutomaticHistories, l)[id] = auto[l]
		}
	}
	return o
}

// visitStatistic is the platform's visit counts of a property whose media
// drew dayViews[d] views d days before the export (1: the day before), so
// they agree with the media days the portal graphs (the dir source moves
// those so the day before is yesterday): the week and the month are the
// last 7 and 30 days and today's views so far (the export is at 17:00:
// about two thirds of a day), the total adds the ten days the property
// was online before the days kept.
func visitStatistic(dayViews []int, r *rand.Rand) platform.VisitStatistic {
	sum := func(from, to int) int {
		n := 0
		for d := from; d <= to && d < len(dayViews); d++ {
			n += dayViews[d]
		}
		return n
	}
	today := dayViews[1] * (5 + r.IntN(3)) / 10
	before := sum(statsDays-9, statsDays) // ten days like the oldest kept
	return platform.VisitStatistic{
		Today: today,
		Week:  today + sum(1, 7),
		Month: today + sum(1, 30),
		Total: today + sum(1, statsDays) + before,
	}
}
