// Package smtptest runs an SMTP server inside a test, so mail code is tested over a real SMTP conversation
// instead of a mock: what it records is exactly the bytes a mail server would have received. It can refuse
// mail with a chosen reply code and go down and come back on the same address, to test retries and outages.
package smtptest

import (
	"crypto/tls"
	"errors"
	"io"
	"log"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one accepted message: the envelope and the raw message as sent after DATA.
type Received struct {
	From string
	To   []string
	Data []byte
}

// Option configures a Server.
type Option func(*Server)

// WithSTARTTLS offers STARTTLS with a certificate for 127.0.0.1 that ClientTLSConfig trusts.
func WithSTARTTLS() Option { return func(s *Server) { s.tlsMode = "starttls" } }

// WithImplicitTLS speaks TLS from the first byte (SMTPS) with a certificate that ClientTLSConfig trusts.
func WithImplicitTLS() Option { return func(s *Server) { s.tlsMode = "tls" } }

// WithAuth offers AUTH PLAIN and refuses MAIL before a login with this user name and password.
func WithAuth(username, password string) Option {
	return func(s *Server) { s.username, s.password = username, password }
}

// Server is an SMTP server on 127.0.0.1. Its methods are safe for concurrent use; Start, Stop and Restart
// report failures through the test, so call them from the test's goroutine.
type Server struct {
	t    testing.TB
	addr string

	tlsMode            string // "", "starttls" or "tls"
	serverTLS          *tls.Config
	clientTLS          *tls.Config
	username, password string

	mu       sync.Mutex
	cond     *sync.Cond // signalled when a message arrives
	srv      *smtp.Server
	ln       net.Listener
	done     chan struct{} // closed when srv's Serve returns
	messages []Received
	failCode int
	dataCode int
}

// Start listens on 127.0.0.1 with a free port and stops the server when the test ends.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{t: t}
	s.cond = sync.NewCond(&s.mu)
	for _, o := range opts {
		o(s)
	}
	if s.tlsMode != "" {
		var err error
		if s.serverTLS, s.clientTLS, err = selfSigned(); err != nil {
			t.Fatalf("smtptest: certificate: %v", err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("smtptest: listen: %v", err)
	}
	s.addr = l.Addr().String()
	s.serve(l)
	t.Cleanup(s.Stop)
	return s
}

// Addr is host:port, the same across Restart.
func (s *Server) Addr() string { return s.addr }

// Host is the address the server listens on.
func (s *Server) Host() string {
	host, _, _ := net.SplitHostPort(s.addr)
	return host
}

// Port is the port the server listens on.
func (s *Server) Port() int {
	_, port, _ := net.SplitHostPort(s.addr)
	n, _ := strconv.Atoi(port)
	return n
}

// ClientTLSConfig trusts the server's certificate; nil when the server speaks no TLS.
func (s *Server) ClientTLSConfig() *tls.Config {
	if s.clientTLS == nil {
		return nil
	}
	return s.clientTLS.Clone()
}

// Messages returns a copy of every message accepted so far, in arrival order, across restarts.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.messages...)
}

// Clear forgets the messages received so far.
func (s *Server) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = nil
}

// WaitMessages waits until at least n messages have arrived or timeout passes, and returns them all.
func (s *Server) WaitMessages(n int, timeout time.Duration) []Received {
	deadline := time.Now().Add(timeout)
	// The cond cannot wait with a deadline, so a timer wakes every waiter when time is up.
	timer := time.AfterFunc(timeout, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.messages) < n && time.Now().Before(deadline) {
		s.cond.Wait()
	}
	return append([]Received(nil), s.messages...)
}

// Wait is WaitMessages for exactly n messages: the test fails at once when
// another number has arrived by the timeout.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	msgs := s.WaitMessages(n, timeout)
	if len(msgs) != n {
		t.Fatalf("%d mails, want %d", len(msgs), n)
	}
	return msgs
}

// SetFailing makes the server answer RCPT and DATA with code (e.g. 451 temporary, 550 permanent); 0 accepts
// mail again.
func (s *Server) SetFailing(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failCode = code
}

// SetFailingData accepts the recipients and answers the end of the message with code, as a content filter
// does (e.g. 554 rejected as spam, 452 no space); 0 accepts mail again.
func (s *Server) SetFailingData(code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dataCode = code
}

// Stop closes the listener and every open connection, like a crashed mail server. Stopping twice is harmless.
func (s *Server) Stop() {
	s.mu.Lock()
	srv, ln, done := s.srv, s.ln, s.done
	s.srv, s.ln = nil, nil
	s.mu.Unlock()
	if srv == nil {
		return
	}
	if err := srv.Close(); err != nil && !errors.Is(err, smtp.ErrServerClosed) && !errors.Is(err, net.ErrClosed) {
		s.t.Errorf("smtptest: stop: %v", err)
	}
	// Close only reaches listeners Serve has registered; closing ours too ends a Serve that has just begun.
	_ = ln.Close()
	<-done
}

// Restart brings a stopped server back on the same address; the messages received before are kept.
func (s *Server) Restart() {
	s.t.Helper()
	s.mu.Lock()
	running := s.srv != nil
	s.mu.Unlock()
	if running {
		return
	}
	var l net.Listener
	var err error
	// The port was ours a moment ago; only a connection still closing can hold it, briefly.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		l, err = net.Listen("tcp", s.addr)
		if err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		s.t.Fatalf("smtptest: restart on %s: %v", s.addr, err)
	}
	s.serve(l)
}

func (s *Server) serve(l net.Listener) {
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{s: s}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	srv.MaxMessageBytes = 32 << 20
	srv.EnableSMTPUTF8 = true
	srv.ErrorLog = log.New(io.Discard, "", 0) // a Stop in the middle of a session is expected, not news
	srv.AllowInsecureAuth = true
	switch s.tlsMode {
	case "starttls":
		srv.TLSConfig = s.serverTLS
	case "tls":
		l = tls.NewListener(l, s.serverTLS)
	}
	done := make(chan struct{})
	s.mu.Lock()
	s.srv, s.ln, s.done = srv, l, done
	s.mu.Unlock()
	go func() {
		defer close(done)
		_ = srv.Serve(l)
	}()
}

// failure is the answer SetFailing or, at the end of DATA, SetFailingData asks for.
func (s *Server) failure(atData bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := s.failCode
	if code == 0 && atData {
		code = s.dataCode
	}
	if code == 0 {
		return nil
	}
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "smtptest: failing on purpose"}
}

func (s *Server) add(r Received) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.messages = append(s.messages, r)
	s.cond.Broadcast()
}

// session is one SMTP connection: its login and the current transaction's envelope.
type session struct {
	s      *Server
	authed bool
	from   string
	to     []string
}

func (x *session) AuthMechanisms() []string {
	if x.s.username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != x.s.username || password != x.s.password {
			return smtp.ErrAuthFailed
		}
		x.authed = true
		return nil
	}), nil
}

func (x *session) Reset() { x.from, x.to = "", nil }

func (x *session) Logout() error { return nil }

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.username != "" && !x.authed {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := x.s.failure(false); err != nil {
		return err
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if err := x.s.failure(true); err != nil {
		return err
	}
	x.s.add(Received{From: x.from, To: append([]string(nil), x.to...), Data: data})
	return nil
}
