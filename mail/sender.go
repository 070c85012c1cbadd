package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"path"
	"slices"
	"strings"
	"sync"

	gomail "github.com/wneessen/go-mail"
)

// ErrInvalidMessage marks a Message that can never be sent as it is (a malformed address, no body, a reserved
// header): IsPermanent reports it, so the relay does not retry it forever.
var ErrInvalidMessage = errors.New("mail: invalid message")

// reservedHeaders are set by Send itself; Message.Headers must not override what the recipient trusts.
var reservedHeaders = []string{
	"bcc", "cc", "content-disposition", "content-transfer-encoding", "content-type", "date", "from",
	"message-id", "mime-version", "reply-to", "return-path", "sender", "subject", "to",
}

// Sender delivers Messages over SMTP, one connection per Send. It is safe for concurrent use.
type Sender struct {
	cfg Config
	log *slog.Logger
	tls *tls.Config
}

// Option configures a Sender.
type Option func(*Sender)

// WithLogger logs what Send notices but does not return (a goodbye lost after the server accepted the mail).
func WithLogger(l *slog.Logger) Option {
	return func(s *Sender) {
		if l != nil {
			s.log = l
		}
	}
}

// WithTLSConfig sets the TLS settings, e.g. the roots that sign a private relay's certificate. The server name
// defaults to Config.Host.
func WithTLSConfig(c *tls.Config) Option {
	return func(s *Sender) { s.tls = c }
}

// NewSender checks cfg and returns a Sender that uses it.
func NewSender(cfg Config, opts ...Option) (*Sender, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("mail: config: %w", err)
	}
	s := &Sender{cfg: cfg.withDefaults(), log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(s)
	}
	return s, nil
}

// Send delivers m. It returns nil once the server has accepted the message, even if the connection then breaks,
// so an accepted mail is not sent twice. Cancelling ctx ends the delivery at once; cfg.Timeout bounds each step
// of it. IsPermanent tells whether retrying the returned error is pointless.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg, err := compose(Address{Name: s.cfg.FromName, Email: s.cfg.From}, m)
	if err != nil {
		return fmt.Errorf("message %s: %w", m.ID, err)
	}
	d := &dialer{}
	if s.cfg.TLS == TLSImplicit {
		d.tls = s.tlsConfig()
	}
	client, err := s.client(d.dial)
	if err != nil {
		return fmt.Errorf("mail: message %s: %w", m.ID, err)
	}
	// go-mail watches ctx only while connecting; closing the socket makes a cancelled Send return at once.
	stop := context.AfterFunc(ctx, d.close)
	defer stop()
	// go-mail leaves the socket open when the greeting, STARTTLS or AUTH fails.
	defer d.close()

	conn, err := client.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("mail: message %s: connect to %s: %w", m.ID, client.ServerAddr(), withCause(ctx, err))
	}
	sendErr := client.SendWithSMTPClient(conn, msg)
	closeErr := client.CloseWithSMTPClient(conn)
	if msg.IsDelivered() {
		if sendErr != nil || closeErr != nil {
			s.log.Warn("mail accepted, then the session failed", "id", m.ID, "err", errors.Join(sendErr, closeErr))
		}
		return nil
	}
	if sendErr == nil {
		sendErr = closeErr
	}
	return fmt.Errorf("mail: message %s: send to %s: %w", m.ID, client.ServerAddr(), withCause(ctx, sendErr))
}

// dialer opens Send's one connection and keeps hold of the socket so Send can close it.
type dialer struct {
	tls *tls.Config // set: TLS from the first byte

	mu     sync.Mutex
	conn   net.Conn
	closed bool
}

func (d *dialer) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	var nd net.Dialer
	raw, err := nd.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.conn = raw
	closed := d.closed
	d.mu.Unlock()
	if closed {
		_ = raw.Close()
		return nil, net.ErrClosed
	}
	if d.tls == nil {
		return raw, nil
	}
	tc := tls.Client(raw, d.tls)
	if err := tc.HandshakeContext(ctx); err != nil {
		_ = raw.Close()
		return nil, fmt.Errorf("tls handshake: %w", err)
	}
	return tc, nil
}

func (d *dialer) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.closed = true
	if d.conn != nil {
		_ = d.conn.Close()
	}
}

func withCause(ctx context.Context, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return errors.Join(err, ctxErr)
	}
	return err
}

// IsPermanent reports whether err means this message will never be delivered: the server answered its
// recipient, its DATA or its content with a 5xx reply, or the Message itself is invalid. Network errors, 4xx
// replies and a 5xx during the greeting, STARTTLS, AUTH or MAIL FROM are not: those hit every message alike and
// come from the server's state or our configuration, which can be fixed without losing the lead.
func IsPermanent(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, ErrInvalidMessage) {
		return true
	}
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return false
	}
	switch se.Reason {
	case gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose:
		return se.ErrorCode()/100 == 5
	}
	return false
}

// authMechanisms are tried in this order among those the server offers. go-mail's PLAIN and LOGIN refuse to send
// the password over an unencrypted connection to anything but localhost.
var authMechanisms = []gomail.SMTPAuthType{
	gomail.SMTPAuthSCRAMSHA256, gomail.SMTPAuthSCRAMSHA1, gomail.SMTPAuthCramMD5, gomail.SMTPAuthPlain, gomail.SMTPAuthLogin,
}

func (s *Sender) client(dial gomail.DialContextFunc) (*gomail.Client, error) {
	cfg := s.cfg
	opts := []gomail.Option{
		gomail.WithPort(cfg.Port),
		gomail.WithTimeout(cfg.Timeout),
		gomail.WithDialContextFunc(dial),
		gomail.WithoutNoop(), // a fresh connection per Send needs no liveness check
		gomail.WithTLSConfig(s.tlsConfig()),
	}
	switch cfg.TLS {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL()) // the dialer does the TLS; this keeps go-mail from trying STARTTLS
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if cfg.Username != "" {
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(authMechanisms...),
			gomail.WithUsername(cfg.Username),
			gomail.WithPassword(cfg.Password),
		)
	}
	c, err := gomail.NewClient(cfg.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return c, nil
}

func (s *Sender) tlsConfig() *tls.Config {
	c := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.tls != nil {
		c = s.tls.Clone()
	}
	if c.ServerName == "" {
		c.ServerName = s.cfg.Host
	}
	return c
}

// compose turns m into a go-mail message from the given sender. Names, the subject and header values may hold
// anything a visitor typed: they are folded to one line here and go-mail encodes them as RFC 2047 words, so no
// line break reaches the header block. Addresses must be bare and valid.
func compose(from Address, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	sender, err := mailbox(from)
	if err != nil {
		return nil, fmt.Errorf("%w: from: %w", ErrInvalidMessage, err)
	}
	msg.FromMailAddress(sender)
	if err := msg.EnvelopeFrom(sender.Address); err != nil {
		return nil, fmt.Errorf("%w: from: %w", ErrInvalidMessage, err)
	}
	to, err := mailbox(m.To)
	if err != nil {
		return nil, fmt.Errorf("%w: to: %w", ErrInvalidMessage, err)
	}
	msg.ToMailAddress(to)
	if m.ReplyTo != (Address{}) {
		replyTo, err := mailbox(m.ReplyTo)
		if err != nil {
			return nil, fmt.Errorf("%w: reply-to: %w", ErrInvalidMessage, err)
		}
		msg.ReplyToMailAddress(replyTo)
	}
	id, err := messageID(m.ID, sender.Address)
	if err != nil {
		return nil, err
	}
	msg.SetMessageIDWithValue(id)
	msg.SetDate()
	msg.Subject(oneLine(m.Subject))

	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	case m.HTML != "":
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	default:
		return nil, fmt.Errorf("%w: no text and no HTML", ErrInvalidMessage)
	}

	for _, a := range m.Attachments {
		name := attachmentName(a.Name)
		ct := oneLine(a.ContentType)
		if ct == "" {
			ct = "application/octet-stream"
		}
		if err := msg.AttachReader(name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(ct))); err != nil {
			return nil, fmt.Errorf("%w: attachment %q: %w", ErrInvalidMessage, name, err)
		}
	}

	for k, v := range m.Headers {
		if !isFieldName(k) || isReserved(k) {
			return nil, fmt.Errorf("%w: header %q cannot be set", ErrInvalidMessage, k)
		}
		msg.SetGenHeader(gomail.Header(k), oneLine(v))
	}
	return msg, nil
}

func mailbox(a Address) (*mail.Address, error) {
	email := strings.TrimSpace(a.Email)
	if err := bareAddress(email); err != nil {
		return nil, err
	}
	return &mail.Address{Name: oneLine(a.Name), Address: email}, nil
}

// messageID makes "<id@domain>" from a Message.ID, using the From domain when the ID has none.
func messageID(id, from string) (string, error) {
	left, right, hasAt := strings.Cut(id, "@")
	if !hasAt {
		right = from[strings.LastIndexByte(from, '@')+1:]
	}
	if !isDotAtom(left) || !isDotAtom(right) {
		return "", fmt.Errorf("%w: id %q is not usable as a Message-ID", ErrInvalidMessage, id)
	}
	return left + "@" + right, nil
}

// isDotAtom follows RFC 5322's dot-atom-text, the form of both halves of a Message-ID.
func isDotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".!#$%&'*+-/=?^_`{|}~", r)) {
			return false
		}
	}
	return true
}

// isFieldName follows RFC 5322: printable ASCII except the colon.
func isFieldName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 33 || s[i] > 126 || s[i] == ':' {
			return false
		}
	}
	return true
}

func isReserved(name string) bool {
	return slices.Contains(reservedHeaders, strings.ToLower(name))
}

// attachmentName keeps a file name a file name: no folders, no line breaks.
func attachmentName(name string) string {
	name = oneLine(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" {
		return "attachment"
	}
	return name
}
