package mail

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// InvitationContentType is the Attachment.ContentType of an Invitation: calendar clients offer to add a
// METHOD:REQUEST event to the calendar.
const InvitationContentType = "text/calendar; method=REQUEST; charset=UTF-8"

// PublicationContentType is the Content-Type of a Publication.
const PublicationContentType = "text/calendar; method=PUBLISH; charset=UTF-8"

// Event is an appointment as a calendar keeps it.
type Event struct {
	// UID must stay the same for the same booking, so a calendar that receives the event twice (a resent
	// invitation, the mail's invitation and the thank-you page's download) keeps one event.
	UID         string
	Start, End  time.Time
	Summary     string
	Location    string
	Description string
	// URL is the page the appointment is about: a site path or an absolute address, made absolute against
	// BaseURL like every link of a mail. It is the event's URL and ends its description, the only part some
	// calendars show.
	URL     string
	BaseURL string
	// Organizer is an address, optionally with a name ("Ardenne Immo <info@example.be>").
	Organizer string
}

// Invitation writes an iCalendar request (METHOD:REQUEST, one VEVENT with UTC times) of e to the attendees
// (addresses, optionally with a name), which calendar clients offer to add.
func Invitation(e Event, attendees ...string) ([]byte, error) {
	return e.calendar(ics.MethodRequest, attendees)
}

// Publication writes e as a published event (METHOD:PUBLISH) without attendees: a file anyone holding its link
// may add to a calendar, so it names nobody but the organizer.
func Publication(e Event) ([]byte, error) {
	return e.calendar(ics.MethodPublish, nil)
}

func (e Event) calendar(method ics.Method, attendees []string) ([]byte, error) {
	if e.UID == "" || strings.ContainsFunc(e.UID, isControl) {
		return nil, fmt.Errorf("mail: invitation uid %q is empty or has control characters", e.UID)
	}
	if e.Start.IsZero() || !e.End.After(e.Start) {
		return nil, errors.New("mail: invitation must end after it starts")
	}
	org, err := mail.ParseAddress(e.Organizer)
	if err != nil {
		return nil, fmt.Errorf("mail: invitation organizer: %w", err)
	}
	links := newLinker(e.BaseURL)
	link := links.abs(e.URL)
	if links.err != nil {
		return nil, links.err
	}

	cal := ics.NewCalendar()
	cal.SetProductId("-//estate-agency//estate//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(method)
	ev := cal.AddEvent(e.UID)
	ev.SetDtStampTime(time.Now())
	ev.SetStartAt(e.Start)
	ev.SetEndAt(e.End)
	ev.SetSequence(0)
	ev.SetStatus(ics.ObjectStatusConfirmed)
	ev.SetSummary(oneLine(e.Summary))
	if l := oneLine(e.Location); l != "" {
		ev.SetLocation(l)
	}
	if d := strings.TrimSpace(icsText(e.Description) + "\n" + link); d != "" {
		ev.SetDescription(d)
	}
	if link != "" {
		ev.SetURL(link)
	}
	ev.SetOrganizer(org.Address, cnParams(org.Name)...)
	for _, a := range attendees {
		att, err := mail.ParseAddress(a)
		if err != nil {
			return nil, fmt.Errorf("mail: invitation attendee: %w", err)
		}
		params := append(cnParams(att.Name),
			ics.WithRSVP(false),
			ics.ParticipationRoleReqParticipant,
			ics.ParticipationStatusNeedsAction,
		)
		ev.AddAttendee(att.Address, params...)
	}

	var b strings.Builder
	if err := cal.SerializeTo(&b, ics.WithNewLine("\r\n")); err != nil { // RFC 5545 lines end in CRLF
		return nil, fmt.Errorf("mail: invitation: %w", err)
	}
	return []byte(b.String()), nil
}

// cnParams gives a display name as a CN parameter. The library writes parameter values unquoted, so the
// characters that would end one are dropped.
func cnParams(name string) []ics.PropertyParameter {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`",;:\`, r) {
			return -1
		}
		return r
	}, oneLine(name))
	if name == "" {
		return nil
	}
	return []ics.PropertyParameter{ics.WithCN(name)}
}

// icsText keeps line breaks as LF, which the library escapes as \n; a lone CR would otherwise end the line.
func icsText(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.Map(func(r rune) rune {
		if r != '\n' && isControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }
