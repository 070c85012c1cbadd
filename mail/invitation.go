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

// Invitation writes an iCalendar request (METHOD:REQUEST, one VEVENT with UTC times) for an appointment.
// uid must stay the same for the same booking so a resent invitation updates the event instead of adding one.
// organizer and attendees are addresses, optionally with a name ("Ardenne Immo <info@example.be>").
func Invitation(uid string, start, end time.Time, summary, location, description string, organizer string,
	attendees ...string) ([]byte, error) {
	if uid == "" || strings.ContainsFunc(uid, isControl) {
		return nil, fmt.Errorf("mail: invitation uid %q is empty or has control characters", uid)
	}
	if start.IsZero() || !end.After(start) {
		return nil, errors.New("mail: invitation must end after it starts")
	}
	org, err := mail.ParseAddress(organizer)
	if err != nil {
		return nil, fmt.Errorf("mail: invitation organizer: %w", err)
	}

	cal := ics.NewCalendar()
	cal.SetProductId("-//estate-agency//estate//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(ics.MethodRequest)
	ev := cal.AddEvent(uid)
	ev.SetDtStampTime(time.Now())
	ev.SetStartAt(start)
	ev.SetEndAt(end)
	ev.SetSequence(0)
	ev.SetStatus(ics.ObjectStatusConfirmed)
	ev.SetSummary(oneLine(summary))
	if l := oneLine(location); l != "" {
		ev.SetLocation(l)
	}
	if d := icsText(description); d != "" {
		ev.SetDescription(d)
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
