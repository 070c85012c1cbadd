package mail_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/estate-agency/estate/mail"
)

func TestInvitation(t *testing.T) {
	brussels := brussels(t)
	start := time.Date(2026, 12, 1, 14, 0, 0, 0, brussels)
	raw, err := mail.Invitation(mail.Event{
		UID: "booking-17@ardennes-immo.example", Start: start, End: start.Add(45 * time.Minute),
		Summary: "Bezoek: Villa\r\nATTENDEE:mailto:eve@example.com", Location: "Rue du Moulin 1; 6900 Marche",
		Description: "Regel 1\r\nRegel 2\rRegel 3", Organizer: "Ardenne Immo <info@ardennes-immo.example>",
		URL: "/nl/te-koop/marche/villa/17/", BaseURL: "https://ardennes-immo.example",
	}, "Anna Claes <anna@example.com>")
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	if strings.Contains(strings.ReplaceAll(s, "\r\n", ""), "\n") || !strings.HasSuffix(s, "\r\n") {
		t.Error("lines must end in CRLF and nowhere else")
	}
	for _, want := range []string{
		"METHOD:REQUEST\r\n",
		"UID:booking-17@ardennes-immo.example\r\n",
		"DTSTART:20261201T130000Z\r\n",
		"DTEND:20261201T134500Z\r\n",
		"STATUS:CONFIRMED\r\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}

	cal, err := ics.ParseCalendar(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	ev := events[0]
	if ev.GetProperty(ics.ComponentPropertyDtstamp) == nil {
		t.Error("no DTSTAMP")
	}
	if got, err := ev.GetStartAt(); err != nil || !got.Equal(start) {
		t.Errorf("start %v (%v), want %v", got, err, start)
	}
	if got := ev.GetProperty(ics.ComponentPropertySummary).Value; strings.ContainsAny(got, "\r\n") {
		t.Errorf("summary spans lines: %q", got)
	}
	if got := ics.FromText(ev.GetProperty(ics.ComponentPropertyDescription).Value); got != "Regel 1\nRegel 2\nRegel 3\nhttps://ardennes-immo.example/nl/te-koop/marche/villa/17/" {
		t.Errorf("description %q", got)
	}
	if got := ev.GetProperty(ics.ComponentPropertyUrl); got == nil || got.Value != "https://ardennes-immo.example/nl/te-koop/marche/villa/17/" {
		t.Errorf("url %+v: the property's page, absolute", got)
	}
	if got := ev.GetProperty(ics.ComponentPropertyOrganizer); got == nil || got.Value != "mailto:info@ardennes-immo.example" ||
		got.ICalParameters["CN"][0] != "Ardenne Immo" {
		t.Errorf("organizer %+v", got)
	}
	attendees := ev.Attendees()
	if len(attendees) != 1 || attendees[0].Email() != "anna@example.com" {
		t.Errorf("attendees %v: a typed line break must not add one", attendees)
	}
}

func TestInvitationRejects(t *testing.T) {
	start := time.Date(2026, 12, 1, 13, 0, 0, 0, time.UTC)
	tests := []struct {
		name       string
		uid        string
		start, end time.Time
		organizer  string
		attendee   string
	}{
		{"empty uid", "", start, start.Add(time.Hour), "info@a.example", "v@example.com"},
		{"uid with a line break", "a\r\nb", start, start.Add(time.Hour), "info@a.example", "v@example.com"},
		{"end before start", "u", start, start.Add(-time.Hour), "info@a.example", "v@example.com"},
		{"no duration", "u", start, start, "info@a.example", "v@example.com"},
		{"bad organizer", "u", start, start.Add(time.Hour), "info", "v@example.com"},
		{"bad attendee", "u", start, start.Add(time.Hour), "info@a.example", "v at example"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := mail.Invitation(mail.Event{UID: tc.uid, Start: tc.start, End: tc.end, Summary: "s", Organizer: tc.organizer}, tc.attendee); err == nil {
				t.Error("Invitation accepted it")
			}
		})
	}
}

// The thank-you page's download is the same event without anyone's address but the agency's.
func TestPublication(t *testing.T) {
	start := time.Date(2026, 12, 1, 13, 0, 0, 0, time.UTC)
	e := mail.Event{UID: "visit-17@estate", Start: start, End: start.Add(time.Hour), Summary: "Bezoek: Villa",
		Organizer: "Ardenne Immo <info@ardennes-immo.example>", URL: "/nl/te-koop/marche/villa/17/", BaseURL: "https://ardennes-immo.example/"}
	raw, err := mail.Publication(e)
	if err != nil {
		t.Fatal(err)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), "METHOD:PUBLISH\r\n") {
		t.Errorf("not published:\n%s", raw)
	}
	ev := cal.Events()[0]
	if len(ev.Attendees()) != 0 {
		t.Errorf("attendees %v", ev.Attendees())
	}
	invitation, err := mail.Invitation(e, "anna@example.com")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"UID:visit-17@estate", "DTSTART:20261201T130000Z", "DTEND:20261201T140000Z",
		"URL:https://ardennes-immo.example/nl/te-koop/marche/villa/17/"} {
		if !strings.Contains(string(raw), line+"\r\n") || !strings.Contains(string(invitation), line+"\r\n") {
			t.Errorf("%q is not in both", line)
		}
	}
}

// A site path with no site address to resolve it against never goes out.
func TestInvitationRefusesARelativeLink(t *testing.T) {
	start := time.Date(2026, 12, 1, 13, 0, 0, 0, time.UTC)
	_, err := mail.Publication(mail.Event{UID: "u", Start: start, End: start.Add(time.Hour), Organizer: "info@a.example", URL: "/nl/te-koop/x/1/"})
	if !errors.Is(err, mail.ErrRelativeLink) {
		t.Errorf("err = %v, want ErrRelativeLink", err)
	}
}
