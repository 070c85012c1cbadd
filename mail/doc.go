// Package mail writes and sends the mails a lead produces: the notice to the agency, the confirmation to the
// visitor (the documents mail for request-documents, with an iCalendar invitation for a booked visit) and the
// recommendation a visitor sends a friend.
//
// It is split the way delivery fails. Render turns a lead into subject, plain text and HTML from embedded
// per-language templates and labels, so a mail can be rebuilt identically on every retry; html/template escapes
// everything a visitor typed. Sender.Send hands one Message to an SMTP server through go-mail and says, through
// IsPermanent, whether a failure is worth retrying: the outbox relay retries network errors and 4xx replies and
// gives up only on a 5xx reply to the message itself, so a server outage or a configuration mistake never costs
// a lead. A Message carries its own stable ID as Message-ID, so a mail delivered twice after a lost
// acknowledgement can be recognised. FileSender writes the same bytes to .eml files for a site without SMTP.
//
// Visitors type names and subjects that end up in headers. They are folded to one line before go-mail encodes
// them, and the tests check on a real SMTP conversation (package smtptest) that no line break can add a header
// or a recipient.
package mail
