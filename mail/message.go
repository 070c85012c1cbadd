package mail

// Address is a mailbox: Email alone is used on the wire, Name only for display.
type Address struct {
	Name  string
	Email string
}

// Attachment is a file carried by a mail, e.g. the .ics of an appointment.
type Attachment struct {
	Name        string
	ContentType string // e.g. "text/calendar; method=REQUEST"
	Data        []byte
}

// Message is one mail to send. It is plain data so an outbox entry can hold it as JSON.
type Message struct {
	// ID is stable per outbox entry and becomes the Message-ID, so a delivery retried after a lost answer is
	// recognisable as the same mail. Letters, digits, dots and !#$%&'*+-/=?^_`{|}~ only; the sender adds "@"
	// and the From domain unless ID has its own.
	ID          string
	To          Address
	ReplyTo     Address // zero: replies go to From
	Subject     string
	Text        string
	HTML        string
	Attachments []Attachment
	// Headers are extra header fields, e.g. List-Unsubscribe. The fields this package sets itself cannot be
	// replaced this way.
	Headers map[string]string
}
