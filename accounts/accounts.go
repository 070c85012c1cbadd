// Package accounts is how people log in: owners to their portal, searchers
// to their search demand. Passwords are argon2id hashes; a session is a
// random token whose hash alone is stored, ending after 30 idle minutes or
// 12 hours; failed logins are throttled per account and per address.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/alexedwards/argon2id"

	"github.com/estate-agency/estate/store"
)

// PasswordParams are the argon2id costs (OWASP's minimum: 19 MiB, 2
// iterations, 1 lane).
var PasswordParams = &argon2id.Params{Memory: 19 * 1024, Iterations: 2, Parallelism: 1, SaltLength: 16, KeyLength: 32}

const (
	// IdleTimeout ends a session nobody used for this long.
	IdleTimeout = 30 * time.Minute
	// AbsoluteTimeout ends every session this long after login.
	AbsoluteTimeout = 12 * time.Hour
	// MaxFailures failed logins within FailureWindow lock an account or an
	// address until the oldest leaves the window.
	MaxFailures   = 10
	FailureWindow = 15 * time.Minute
	// MinPassword is the shortest password accepted.
	MinPassword = 8
)

var (
	// ErrBadCredentials is every failed login, whether or not the person exists.
	ErrBadCredentials = errors.New("accounts: the username or password are not correct")
	// ErrExpired means the session ended (idle, too old, logged out).
	ErrExpired = errors.New("accounts: session expired")
	// ErrResetInvalid means a reset token is unknown, used or expired.
	ErrResetInvalid = errors.New("accounts: reset link unknown, used or expired")
	// ErrBadUnsubscribeLink means an unsubscribe link was not made by us
	// (or its account is gone).
	ErrBadUnsubscribeLink = errors.New("accounts: unsubscribe link not valid")
	// ErrConfirmInvalid means a demand register's confirmation link is
	// unknown, used, replaced by a newer registration or expired.
	ErrConfirmInvalid = errors.New("accounts: confirmation link unknown, used or expired")
	// ErrWeakPassword means a new password is too short.
	ErrWeakPassword = fmt.Errorf("accounts: a password needs %d characters or more", MinPassword)
)

// ResetValidity is how long a password reset link works; SetupValidity
// how long the link an admin mails a new owner does.
const (
	ResetValidity = time.Hour
	SetupValidity = 7 * 24 * time.Hour
)

// ThrottledError means too many failed logins: try again after Wait.
type ThrottledError struct{ Wait time.Duration }

func (e *ThrottledError) Error() string {
	return fmt.Sprintf("accounts: too many failed logins, wait %s", e.Wait.Round(time.Second))
}

// Store keeps accounts and sessions.
type Store interface {
	AddAccount(a *store.Account) error
	AccountByEmail(email string) (store.Account, error)
	Account(id uint64) (store.Account, error)
	PutSession(key []byte, s store.Session) error
	Session(key []byte) (store.Session, error)
	DeleteSession(key []byte) error
	DeleteSessionsOf(accountID uint64) (int, error)
	UpdateAccount(id uint64, fn func(*store.Account) error) (store.Account, error)
	PutResetToken(key []byte, t store.ResetToken) error
	TakeResetToken(key []byte) (store.ResetToken, error)
	DeleteResetTokensOf(accountID uint64) (int, error)
}

// Service logs people in and out.
type Service struct {
	store     Store
	log       *slog.Logger
	now       func() time.Time
	byAccount *throttle
	byAddress *throttle
	// dummy is checked against when nobody has the email, so an unknown
	// address takes as long to refuse as a wrong password.
	dummy string
	// owners, when set, checks owners' logins on the platform (platform.go).
	owners             OwnerDirectory
	afterPlatformLogin func(context.Context, store.Account)
}

// New returns a service; now nil means time.Now.
func New(st Store, log *slog.Logger, now func() time.Time) (*Service, error) {
	if now == nil {
		now = time.Now
	}
	dummy, err := argon2id.CreateHash("no account has this password", PasswordParams)
	if err != nil {
		return nil, fmt.Errorf("accounts: %w", err)
	}
	return &Service{store: st, log: log, now: now, dummy: dummy,
		byAccount: newThrottle(MaxFailures, FailureWindow), byAddress: newThrottle(MaxFailures, FailureWindow)}, nil
}

// Create adds an account with a password.
func (s *Service) Create(kind, email, password, lang string, properties []int) (store.Account, error) {
	hash, err := Hash(password)
	if err != nil {
		return store.Account{}, err
	}
	a := store.Account{Kind: kind, Email: email, PasswordHash: hash, Lang: lang, Properties: properties, CreatedAt: s.now().UTC()}
	if err := s.store.AddAccount(&a); err != nil {
		return store.Account{}, err
	}
	return a, nil
}

// Hash checks a new password's length and hashes it.
func Hash(password string) (string, error) {
	if len([]rune(password)) < MinPassword {
		return "", ErrWeakPassword
	}
	hash, err := argon2id.CreateHash(password, PasswordParams)
	if err != nil {
		return "", fmt.Errorf("accounts: hash password: %w", err)
	}
	return hash, nil
}

// SetPassword gives an account a new password and ends its sessions and
// its outstanding reset links: a link mailed before the change must not
// undo it.
func (s *Service) SetPassword(id uint64, password string) (store.Account, error) {
	hash, err := Hash(password)
	if err != nil {
		return store.Account{}, err
	}
	a, err := s.store.UpdateAccount(id, func(a *store.Account) error {
		a.PasswordHash = hash
		return nil
	})
	if err != nil {
		return store.Account{}, fmt.Errorf("accounts: set password: %w", err)
	}
	if _, err := s.store.DeleteSessionsOf(id); err != nil {
		return a, fmt.Errorf("accounts: end sessions: %w", err)
	}
	if _, err := s.store.DeleteResetTokensOf(id); err != nil {
		return a, fmt.Errorf("accounts: end reset links: %w", err)
	}
	return a, nil
}

// NewResetToken makes a single-use password reset token for an account,
// valid for validFor; only its hash is stored.
func (s *Service) NewResetToken(accountID uint64, validFor time.Duration) (string, error) {
	token, err := newToken()
	if err != nil {
		return "", err
	}
	t := store.ResetToken{AccountID: accountID, Expires: s.now().Add(validFor).UTC()}
	if err := s.store.PutResetToken(key(token), t); err != nil {
		return "", fmt.Errorf("accounts: store reset token: %w", err)
	}
	return token, nil
}

// Reset sets a new password with a reset token, which is then spent
// whatever happens; it ends every session and every other reset link of
// the account. A weak password
// is refused before the token is spent, so the person can try again.
func (s *Service) Reset(token, password string) (store.Account, error) {
	if len([]rune(password)) < MinPassword {
		return store.Account{}, ErrWeakPassword
	}
	if token == "" {
		return store.Account{}, ErrResetInvalid
	}
	t, err := s.store.TakeResetToken(key(token))
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrResetInvalid
	}
	if err != nil {
		return store.Account{}, fmt.Errorf("accounts: read reset token: %w", err)
	}
	if !s.now().Before(t.Expires) {
		return store.Account{}, ErrResetInvalid
	}
	a, err := s.SetPassword(t.AccountID, password)
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrResetInvalid
	}
	if err == nil {
		s.byAccount.clear(a.Email)
	}
	return a, err
}

// SessionDead tells whether a stored session can no longer be used, for
// purging.
func (s *Service) SessionDead(sess store.Session) bool {
	now := s.now()
	return now.Sub(sess.LastSeen) >= IdleTimeout || now.Sub(sess.CreatedAt) >= AbsoluteTimeout
}

// Login checks an email and password from address ip and opens a session,
// returning its token (for the cookie). A new token every time: a session
// id fixed before login is never reused.
func (s *Service) Login(email, password, ip string) (string, store.Account, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	now := s.now()
	if wait := max(s.byAccount.wait(email, now), s.byAddress.wait(ip, now)); wait > 0 {
		return "", store.Account{}, &ThrottledError{Wait: wait}
	}
	a, err := s.store.AccountByEmail(email)
	known := err == nil
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return "", store.Account{}, fmt.Errorf("accounts: read account: %w", err)
	}
	hash := a.PasswordHash
	if !known || hash == "" {
		hash = s.dummy
	}
	ok, cerr := argon2id.ComparePasswordAndHash(password, hash)
	ok = ok && cerr == nil && known && a.PasswordHash != ""
	if !ok && s.platformOwner(a, known) {
		// An account made with `estate owner add` still logs in with its
		// own password; every other owner is the platform's to check.
		switch pa, perr := s.platformLogin(email, password, a, known); {
		case perr == nil:
			a, ok = pa, true
		case !errors.Is(perr, ErrBadCredentials):
			return "", store.Account{}, perr
		}
	}
	if !ok {
		s.byAccount.fail(email, now)
		s.byAddress.fail(ip, now)
		return "", store.Account{}, ErrBadCredentials
	}
	s.byAccount.clear(email)
	token, err := newToken()
	if err != nil {
		return "", store.Account{}, err
	}
	if err := s.store.PutSession(key(token), store.Session{AccountID: a.ID, CreatedAt: now.UTC(), LastSeen: now.UTC()}); err != nil {
		return "", store.Account{}, fmt.Errorf("accounts: open session: %w", err)
	}
	return token, a, nil
}

// touchEvery bounds how often a used session's last-seen time is written:
// idle expiry needs minutes, not every request.
const touchEvery = time.Minute

// Session returns the account of a live session, keeping it alive.
func (s *Service) Session(token string) (store.Account, error) {
	if token == "" {
		return store.Account{}, ErrExpired
	}
	k := key(token)
	sess, err := s.store.Session(k)
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrExpired
	}
	if err != nil {
		return store.Account{}, fmt.Errorf("accounts: read session: %w", err)
	}
	now := s.now()
	if s.SessionDead(sess) {
		if err := s.store.DeleteSession(k); err != nil {
			s.log.Error("accounts: end expired session", "err", err)
		}
		return store.Account{}, ErrExpired
	}
	if now.Sub(sess.LastSeen) >= touchEvery {
		sess.LastSeen = now.UTC()
		if err := s.store.PutSession(k, sess); err != nil {
			s.log.Error("accounts: touch session", "err", err)
		}
	}
	a, err := s.store.Account(sess.AccountID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrExpired // the account is gone
	}
	return a, err
}

// Logout ends one session.
func (s *Service) Logout(token string) error { return s.store.DeleteSession(key(token)) }

// LogoutEverywhere ends every session of an account.
func (s *Service) LogoutEverywhere(accountID uint64) (int, error) {
	return s.store.DeleteSessionsOf(accountID)
}

// NewToken is a random token for a link or a cookie; the store keeps only
// its TokenKey.
func NewToken() (string, error) { return newToken() }

// TokenKey is what the store keeps of a token: its SHA-256, so the
// database alone opens nothing.
func TokenKey(token string) []byte { return key(token) }

func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("accounts: session token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// key is what the store keeps of a token.
func key(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
