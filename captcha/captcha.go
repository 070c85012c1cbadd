// Package captcha is a self-hosted proof-of-work captcha speaking the ALTCHA v2 protocol,
// the format the `altcha` web component (v3) solves by default.
//
// The server hands out a challenge whose parameters are HMAC-signed; the visitor's browser
// searches for the secret counter whose PBKDF2-SHA-256 key starts with the published prefix
// and posts back the full derived key. Only the server can check that key, because the
// challenge carries an HMAC of it (the protocol's "deterministic mode"), so verifying costs
// two HMACs and one PBKDF2 run, while solving costs about MaxNumber*3/4 PBKDF2 runs.
package captcha

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Algorithm is the only key derivation function this server issues and accepts: the
// widget's default, bundled in its main build, and native (WebCrypto) in every browser.
const Algorithm = "PBKDF2/SHA-256"

const (
	// DefaultExpiry is how long a challenge, and therefore a solved widget, stays valid.
	DefaultExpiry = 10 * time.Minute
	// DefaultCost is the number of PBKDF2 iterations per attempt. Large enough that the
	// browser's per-call WebCrypto overhead is a small share of an attempt, so a real
	// visitor's device works at close to native speed.
	DefaultCost = 5000
	// DefaultMaxNumber bounds the secret counter, drawn uniformly from
	// [DefaultMaxNumber/2, DefaultMaxNumber]: on average 750 attempts of 5000 iterations,
	// about 3.75 million HMAC-SHA-256 blocks, which a phone spreads over its workers in
	// roughly half a second to a second.
	DefaultMaxNumber = 1000

	// MaxPayloadLen bounds the widget payload before any decoding; a genuine one is
	// about 700 bytes.
	MaxPayloadLen = 4096

	keyLength       = 32
	keyPrefixLength = keyLength / 2
	randomLength    = 16
	minKeyLength    = 32
	maxMaxNumber    = 1 << 24
	maxCost         = 1_000_000
)

var (
	// ErrInvalid reports a payload that is malformed, forged, or does not solve its challenge.
	ErrInvalid = errors.New("captcha: invalid")
	// ErrExpired reports a genuine challenge whose expiry has passed.
	ErrExpired = errors.New("captcha: expired")
	// ErrReplayed reports a genuine solution that was already accepted once.
	ErrReplayed = errors.New("captcha: replayed")
)

// SpentStore remembers accepted solutions so each is accepted once. Spend records id
// until the given time and reports whether it was not recorded before; it must be atomic.
type SpentStore interface {
	Spend(ctx context.Context, id string, until time.Time) (fresh bool, err error)
}

// Options tunes a Service; zero values take the defaults.
type Options struct {
	// Expiry is the lifetime of a challenge (default DefaultExpiry).
	Expiry time.Duration
	// MaxNumber is the upper bound of the secret counter, the main cost knob: the
	// expected work is proportional to it (default DefaultMaxNumber).
	MaxNumber int
	// Cost is the number of PBKDF2 iterations per attempt (default DefaultCost).
	Cost int
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Spent records accepted solutions (default a MemorySpent on the same clock).
	Spent SpentStore
}

// Service issues and verifies challenges. It is safe for concurrent use.
type Service struct {
	sigKey    []byte // signs the challenge parameters
	keySigKey []byte // signs the expected derived key
	expiry    time.Duration
	maxNumber int
	cost      int
	now       func() time.Time
	spent     SpentStore
	random    io.Reader
}

// Challenge is the JSON the widget fetches from its challenge URL.
type Challenge struct {
	Parameters Parameters `json:"parameters"`
	Signature  string     `json:"signature"`
}

// Parameters are the signed challenge parameters. The fields are declared in sorted
// key order because the signature covers their JSON encoding with sorted keys, which is
// what the ALTCHA libraries compute (JSON.stringify of the key-sorted object).
type Parameters struct {
	Algorithm    string `json:"algorithm"`
	Cost         int    `json:"cost"`
	ExpiresAt    int64  `json:"expiresAt"`
	KeyLength    int    `json:"keyLength"`
	KeyPrefix    string `json:"keyPrefix"`
	KeySignature string `json:"keySignature"`
	Nonce        string `json:"nonce"`
	Salt         string `json:"salt"`
}

// payload is what the widget base64-encodes into its form field after solving.
// Unknown fields (solution.time) are ignored.
type payload struct {
	Challenge *struct {
		Parameters Parameters `json:"parameters"`
		Signature  string     `json:"signature"`
	} `json:"challenge"`
	Solution *struct {
		// uint64 rejects negative and fractional numbers at decode time.
		Counter    *uint64 `json:"counter"`
		DerivedKey string  `json:"derivedKey"`
	} `json:"solution"`
}

// New returns a Service signing with key, which must hold at least 32 secret bytes.
func New(key []byte, opts Options) (*Service, error) {
	if len(key) < minKeyLength {
		return nil, fmt.Errorf("captcha: key has %d bytes, need at least %d", len(key), minKeyLength)
	}
	// Two purpose-bound keys, so one configured secret never signs two kinds of message.
	return newService(derive(key, "altcha challenge signature"), derive(key, "altcha key signature"), opts)
}

func derive(key []byte, label string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	return m.Sum(nil)
}

func newService(sigKey, keySigKey []byte, opts Options) (*Service, error) {
	s := &Service{
		sigKey:    sigKey,
		keySigKey: keySigKey,
		expiry:    opts.Expiry,
		maxNumber: opts.MaxNumber,
		cost:      opts.Cost,
		now:       opts.Now,
		spent:     opts.Spent,
		random:    rand.Reader,
	}
	if s.expiry == 0 {
		s.expiry = DefaultExpiry
	}
	if s.maxNumber == 0 {
		s.maxNumber = DefaultMaxNumber
	}
	if s.cost == 0 {
		s.cost = DefaultCost
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.spent == nil {
		s.spent = &MemorySpent{Now: s.now}
	}
	switch {
	case s.expiry < time.Second:
		return nil, fmt.Errorf("captcha: expiry %v is shorter than a second", s.expiry)
	case s.maxNumber < 1 || s.maxNumber > maxMaxNumber:
		return nil, fmt.Errorf("captcha: max number %d outside 1..%d", s.maxNumber, maxMaxNumber)
	case s.cost < 1 || s.cost > maxCost:
		return nil, fmt.Errorf("captcha: cost %d outside 1..%d", s.cost, maxCost)
	}
	return s, nil
}

// Challenge creates a fresh signed challenge.
func (s *Service) Challenge() (Challenge, error) {
	// One read: nonce, salt, then eight bytes for the counter.
	buf := make([]byte, 2*randomLength+8)
	if _, err := io.ReadFull(s.random, buf); err != nil {
		return Challenge{}, fmt.Errorf("captcha: random: %w", err)
	}
	nonce, salt := buf[:randomLength], buf[randomLength:2*randomLength]
	// A floor of half the maximum guarantees every challenge costs real work. The modulo
	// bias is below 2^-40 for any allowed MaxNumber.
	low := s.maxNumber / 2
	counter := uint32(low) + uint32(binary.BigEndian.Uint64(buf[2*randomLength:])%uint64(s.maxNumber-low+1))
	key, err := deriveKey(s.cost, salt, nonce, counter)
	if err != nil {
		return Challenge{}, err
	}
	p := Parameters{
		Algorithm:    Algorithm,
		Cost:         s.cost,
		ExpiresAt:    s.now().Add(s.expiry).Unix(),
		KeyLength:    keyLength,
		KeyPrefix:    hex.EncodeToString(key[:keyPrefixLength]),
		KeySignature: hex.EncodeToString(mac(s.keySigKey, key)),
		Nonce:        hex.EncodeToString(nonce),
		Salt:         hex.EncodeToString(salt),
	}
	sig, err := s.sign(p)
	if err != nil {
		return Challenge{}, err
	}
	return Challenge{Parameters: p, Signature: hex.EncodeToString(sig)}, nil
}

// Verify checks the widget's payload (the value of its `altcha` form field) and spends
// it. Failures wrap ErrInvalid, ErrExpired or ErrReplayed with detail for the log; any
// other error comes from the SpentStore.
func (s *Service) Verify(ctx context.Context, raw string) error {
	pl, err := decode(raw)
	if err != nil {
		return err
	}
	p := pl.Challenge.Parameters
	if err := checkShape(p); err != nil {
		return err
	}
	sig, err := hex.DecodeString(pl.Challenge.Signature)
	if err != nil || len(sig) != sha256.Size {
		return fmt.Errorf("%w: malformed signature", ErrInvalid)
	}
	want, err := s.sign(p)
	if err != nil {
		return err
	}
	if !hmac.Equal(sig, want) {
		return fmt.Errorf("%w: signature mismatch", ErrInvalid)
	}
	// Only now are the parameters ours, so only now does their expiry mean anything.
	until := time.Unix(p.ExpiresAt, 0)
	if !s.now().Before(until) {
		return fmt.Errorf("%w: challenge expired at %s", ErrExpired, until.UTC().Format(time.RFC3339))
	}
	key, err := hex.DecodeString(pl.Solution.DerivedKey)
	if err != nil || len(key) != keyLength {
		return fmt.Errorf("%w: malformed derived key", ErrInvalid)
	}
	keySig, _ := hex.DecodeString(p.KeySignature) // checkShape vouched for it
	if !hmac.Equal(mac(s.keySigKey, key), keySig) {
		return fmt.Errorf("%w: derived key does not solve the challenge", ErrInvalid)
	}
	// The key is right; re-deriving it from the counter costs one PBKDF2 run, paid only
	// by correct solutions, and ties the answer to the number the visitor's device found.
	if *pl.Solution.Counter > uint64(^uint32(0)) {
		return fmt.Errorf("%w: counter %d out of range", ErrInvalid, *pl.Solution.Counter)
	}
	salt, _ := hex.DecodeString(p.Salt)
	nonce, _ := hex.DecodeString(p.Nonce)
	got, err := deriveKey(p.Cost, salt, nonce, uint32(*pl.Solution.Counter))
	if err != nil {
		return err
	}
	if !hmac.Equal(got, key) {
		return fmt.Errorf("%w: counter %d does not derive the key", ErrInvalid, *pl.Solution.Counter)
	}
	fresh, err := s.spent.Spend(ctx, p.Nonce, until)
	if err != nil {
		return fmt.Errorf("captcha: spend %s: %w", p.Nonce, err)
	}
	if !fresh {
		return fmt.Errorf("%w: challenge %s already used", ErrReplayed, p.Nonce)
	}
	return nil
}

// decode turns the form value into a payload with both halves present.
func decode(raw string) (*payload, error) {
	if len(raw) > MaxPayloadLen {
		return nil, fmt.Errorf("%w: payload of %d bytes", ErrInvalid, len(raw))
	}
	// The widget sends btoa() output (standard, padded); url-safe or unpadded copies of
	// it, as proxies and form libraries sometimes produce, mean the same bytes.
	b64 := strings.TrimRight(strings.NewReplacer("-", "+", "_", "/").Replace(raw), "=")
	data, err := base64.RawStdEncoding.Strict().DecodeString(b64)
	if err != nil {
		return nil, fmt.Errorf("%w: payload base64: %v", ErrInvalid, err)
	}
	var pl payload
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&pl); err != nil {
		return nil, fmt.Errorf("%w: payload json: %v", ErrInvalid, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: payload json: trailing data", ErrInvalid)
	}
	if pl.Challenge == nil || pl.Solution == nil || pl.Solution.Counter == nil {
		return nil, fmt.Errorf("%w: payload lacks challenge, solution or counter", ErrInvalid)
	}
	return &pl, nil
}

// checkShape rejects parameters this server never issues before any cryptography runs,
// which also bounds the PBKDF2 work an accepted signature could ask for.
func checkShape(p Parameters) error {
	switch {
	case p.Algorithm != Algorithm:
		return fmt.Errorf("%w: algorithm %q", ErrInvalid, p.Algorithm)
	case p.Cost < 1 || p.Cost > maxCost:
		return fmt.Errorf("%w: cost %d", ErrInvalid, p.Cost)
	case p.KeyLength != keyLength:
		return fmt.Errorf("%w: key length %d", ErrInvalid, p.KeyLength)
	case p.ExpiresAt <= 0:
		return fmt.Errorf("%w: no expiry", ErrInvalid)
	case !isHex(p.KeyPrefix, keyPrefixLength), !isHex(p.KeySignature, sha256.Size),
		!isHex(p.Nonce, randomLength), !isHex(p.Salt, randomLength):
		return fmt.Errorf("%w: malformed parameters", ErrInvalid)
	}
	return nil
}

// isHex reports whether s is the lower-case hex encoding of n bytes, the only spelling
// we issue, so that the signed JSON has a single form.
func isHex(s string, n int) bool {
	if len(s) != 2*n {
		return false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

func (s *Service) sign(p Parameters) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // JSON.stringify does not escape <, > and &
	if err := enc.Encode(p); err != nil {
		return nil, fmt.Errorf("captcha: encode parameters: %w", err)
	}
	return mac(s.sigKey, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

func mac(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}

// deriveKey is the widget's PBKDF2 attempt: password = nonce || counter as a big-endian
// uint32, salt and iteration count from the challenge.
func deriveKey(cost int, salt, nonce []byte, counter uint32) ([]byte, error) {
	password := binary.BigEndian.AppendUint32(append([]byte(nil), nonce...), counter)
	key, err := pbkdf2.Key(sha256.New, string(password), salt, cost, keyLength)
	if err != nil {
		return nil, fmt.Errorf("captcha: pbkdf2: %w", err)
	}
	return key, nil
}
