package captcha_test

import (
	"bytes"
	"context"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/captcha"
)

var testKey = []byte("0123456789abcdef0123456789abcdef")

// Cheap settings keep the table tests fast; the protocol is the same at any cost.
const (
	testCost      = 10
	testMaxNumber = 200
)

var t0 = time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// widgetSolution mirrors the widget's Solution object.
type widgetSolution struct {
	Counter    uint32  `json:"counter"`
	DerivedKey string  `json:"derivedKey"`
	Time       float64 `json:"time"`
}

// solve does what the widget's workers do: try counters from 0 until the PBKDF2 key
// starts with the challenge's prefix.
func solve(tb testing.TB, c captcha.Challenge) widgetSolution {
	tb.Helper()
	p := c.Parameters
	nonce, err := hex.DecodeString(p.Nonce)
	if err != nil {
		tb.Fatal(err)
	}
	salt, err := hex.DecodeString(p.Salt)
	if err != nil {
		tb.Fatal(err)
	}
	prefix, err := hex.DecodeString(p.KeyPrefix)
	if err != nil {
		tb.Fatal(err)
	}
	password := make([]byte, len(nonce)+4)
	copy(password, nonce)
	for counter := uint32(0); counter < 1<<25; counter++ {
		binary.BigEndian.PutUint32(password[len(nonce):], counter)
		key, err := pbkdf2.Key(sha256.New, string(password), salt, p.Cost, p.KeyLength)
		if err != nil {
			tb.Fatal(err)
		}
		if bytes.HasPrefix(key, prefix) {
			return widgetSolution{Counter: counter, DerivedKey: hex.EncodeToString(key), Time: 12.3}
		}
	}
	tb.Fatal("no solution")
	return widgetSolution{}
}

// encodePayload builds the form value exactly as the widget does:
// btoa(JSON.stringify({challenge: {parameters, signature}, solution})).
// solved is a test's payload: the challenge and its true solution after
// change (none when nil).
func solved(change func(c *captcha.Challenge, sol *widgetSolution)) func(*testing.T, *captcha.Service, captcha.Challenge, widgetSolution) string {
	return func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
		if change != nil {
			change(&c, &sol)
		}
		return encodePayload(t, c, sol)
	}
}

// fixed is a test's payload that is p whatever the challenge.
func fixed(p string) func(*testing.T, *captcha.Service, captcha.Challenge, widgetSolution) string {
	return func(*testing.T, *captcha.Service, captcha.Challenge, widgetSolution) string { return p }
}

func encodePayload(tb testing.TB, c captcha.Challenge, s any) string {
	tb.Helper()
	b, err := json.Marshal(map[string]any{"challenge": c, "solution": s})
	if err != nil {
		tb.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b)
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func newService(tb testing.TB, clk *clock, spent captcha.SpentStore) *captcha.Service {
	tb.Helper()
	s, err := captcha.New(testKey, captcha.Options{Cost: testCost, MaxNumber: testMaxNumber, Now: clk.Now, Spent: spent})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func newChallenge(tb testing.TB, s *captcha.Service) captcha.Challenge {
	tb.Helper()
	c, err := s.Challenge()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name string
		// payload builds the submitted value from a fresh challenge and its true solution.
		payload func(t *testing.T, s *captcha.Service, c captcha.Challenge, sol widgetSolution) string
		before  time.Duration // clock advance before Verify
		want    error
	}{
		{
			name:    "valid",
			payload: solved(nil),
		},
		{
			name: "valid url-safe unpadded base64",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				std := encodePayload(t, c, sol)
				raw, _ := base64.StdEncoding.DecodeString(std)
				return base64.RawURLEncoding.EncodeToString(raw)
			},
		},
		{
			name: "valid with unknown fields",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				b, _ := json.Marshal(map[string]any{
					"challenge": c, "solution": sol, "extra": []int{1},
				})
				return base64.StdEncoding.EncodeToString(b)
			},
		},
		{
			name:    "valid just before expiry",
			payload: solved(nil),
			before:  captcha.DefaultExpiry - time.Second,
		},
		{
			name:    "expired",
			payload: solved(nil),
			before:  captcha.DefaultExpiry,
			want:    captcha.ErrExpired,
		},
		{
			name: "replayed",
			payload: func(t *testing.T, s *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				p := encodePayload(t, c, sol)
				if err := s.Verify(context.Background(), p); err != nil {
					t.Fatalf("first use: %v", err)
				}
				return p
			},
			want: captcha.ErrReplayed,
		},
		{
			name: "replayed in another encoding",
			payload: func(t *testing.T, s *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				p := encodePayload(t, c, sol)
				if err := s.Verify(context.Background(), p); err != nil {
					t.Fatalf("first use: %v", err)
				}
				return strings.TrimRight(p, "=")
			},
			want: captcha.ErrReplayed,
		},
		{
			name:    "tampered signature",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { c.Signature = flipHex(c.Signature) }),
			want:    captcha.ErrInvalid,
		},
		{
			name:    "tampered expiry",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { c.Parameters.ExpiresAt += 3600 }),
			before:  captcha.DefaultExpiry,
			want:    captcha.ErrInvalid,
		},
		{
			name:    "tampered cost",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { c.Parameters.Cost = 1 }),
			want:    captcha.ErrInvalid,
		},
		{
			name: "tampered key signature",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) {
				c.Parameters.KeySignature = flipHex(c.Parameters.KeySignature)
			}),
			want: captcha.ErrInvalid,
		},
		{
			name:    "wrong number",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { sol.Counter++ }),
			want:    captcha.ErrInvalid,
		},
		{
			name:    "wrong derived key",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { sol.DerivedKey = flipHex(sol.DerivedKey) }),
			want:    captcha.ErrInvalid,
		},
		{
			name: "prefix only",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) {
				sol.DerivedKey = c.Parameters.KeyPrefix + strings.Repeat("0", 32)
			}),
			want: captcha.ErrInvalid,
		},
		{
			name: "challenge from another key",
			payload: func(t *testing.T, _ *captcha.Service, _ captcha.Challenge, _ widgetSolution) string {
				other, err := captcha.New([]byte(strings.Repeat("k", 32)), captcha.Options{Cost: testCost, MaxNumber: testMaxNumber, Now: func() time.Time { return t0 }})
				if err != nil {
					t.Fatal(err)
				}
				c := newChallenge(t, other)
				return encodePayload(t, c, solve(t, c))
			},
			want: captcha.ErrInvalid,
		},
		{
			name:    "wrong algorithm",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) { c.Parameters.Algorithm = "SHA-256" }),
			want:    captcha.ErrInvalid,
		},
		{
			name: "v1 payload",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				b, _ := json.Marshal(map[string]any{
					"algorithm": "SHA-256", "challenge": c.Parameters.KeyPrefix, "number": sol.Counter,
					"salt": c.Parameters.Salt, "signature": c.Signature, "took": 10,
				})
				return base64.StdEncoding.EncodeToString(b)
			},
			want: captcha.ErrInvalid,
		},
		{
			name:    "widget test mode payload",
			payload: fixed(b64(`{"challenge":null,"solution":null,"test":true}`)),
			want:    captcha.ErrInvalid,
		},
		{
			name: "upper-case hex",
			payload: solved(func(c *captcha.Challenge, sol *widgetSolution) {
				c.Parameters.Nonce = strings.ToUpper(c.Parameters.Nonce)
			}),
			want: captcha.ErrInvalid,
		},
		{
			name: "negative counter",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				return encodePayload(t, c, map[string]any{"counter": -1, "derivedKey": sol.DerivedKey})
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "fractional counter",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				return encodePayload(t, c, map[string]any{"counter": float64(sol.Counter) + 0.5, "derivedKey": sol.DerivedKey})
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "counter beyond uint32 aliasing the real one",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				return encodePayload(t, c, map[string]any{"counter": uint64(sol.Counter) + 1<<32, "derivedKey": sol.DerivedKey})
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "counter as string",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				return encodePayload(t, c, map[string]any{"counter": "1", "derivedKey": sol.DerivedKey})
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "missing counter",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				return encodePayload(t, c, map[string]any{"derivedKey": sol.DerivedKey})
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "missing solution",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, _ widgetSolution) string {
				b, _ := json.Marshal(map[string]any{"challenge": c})
				return base64.StdEncoding.EncodeToString(b)
			},
			want: captcha.ErrInvalid,
		},
		{
			name: "trailing json",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				raw, _ := base64.StdEncoding.DecodeString(encodePayload(t, c, sol))
				return base64.StdEncoding.EncodeToString(append(raw, "{}"...))
			},
			want: captcha.ErrInvalid,
		},
		{
			name:    "garbage base64",
			payload: fixed("not base64 at all!"),
			want:    captcha.ErrInvalid,
		},
		{
			name:    "garbage json",
			payload: fixed(b64(`{"challenge": [1, 2`)),
			want:    captcha.ErrInvalid,
		},
		{
			name:    "json of the wrong type",
			payload: fixed(b64(`"hello"`)),
			want:    captcha.ErrInvalid,
		},
		{
			name:    "empty",
			payload: fixed(""),
			want:    captcha.ErrInvalid,
		},
		{
			name: "huge payload",
			payload: func(t *testing.T, _ *captcha.Service, c captcha.Challenge, sol widgetSolution) string {
				b, _ := json.Marshal(map[string]any{
					"challenge": c, "solution": sol, "pad": strings.Repeat("x", captcha.MaxPayloadLen),
				})
				return base64.StdEncoding.EncodeToString(b)
			},
			want: captcha.ErrInvalid,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &clock{now: t0}
			s := newService(t, clk, nil)
			c := newChallenge(t, s)
			p := tt.payload(t, s, c, solve(t, c))
			clk.Add(tt.before)
			err := s.Verify(context.Background(), p)
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Verify: %v", err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
}

// flipHex changes the first hex digit, keeping the string well-formed.
func flipHex(s string) string {
	if s[0] == '0' {
		return "1" + s[1:]
	}
	return "0" + s[1:]
}

func TestChallenge(t *testing.T) {
	clk := &clock{now: t0}
	s, err := captcha.New(testKey, captcha.Options{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	c := newChallenge(t, s)
	p := c.Parameters
	if p.Algorithm != "PBKDF2/SHA-256" || p.Cost != captcha.DefaultCost || p.KeyLength != 32 {
		t.Errorf("parameters = %+v", p)
	}
	if want := t0.Add(captcha.DefaultExpiry).Unix(); p.ExpiresAt != want {
		t.Errorf("expiresAt = %d, want %d", p.ExpiresAt, want)
	}
	for name, v := range map[string]struct {
		s string
		n int
	}{
		"keyPrefix": {p.KeyPrefix, 32}, "keySignature": {p.KeySignature, 64},
		"nonce": {p.Nonce, 32}, "salt": {p.Salt, 32}, "signature": {c.Signature, 64},
	} {
		if _, err := hex.DecodeString(v.s); err != nil || len(v.s) != v.n || v.s != strings.ToLower(v.s) {
			t.Errorf("%s = %q, want %d lower-case hex digits", name, v.s, v.n)
		}
	}
	if c2 := newChallenge(t, s); c2.Parameters.Nonce == p.Nonce || c2.Parameters.Salt == p.Salt {
		t.Error("two challenges share a nonce or salt")
	}
}

func TestCounterRange(t *testing.T) {
	clk := &clock{now: t0}
	s := newService(t, clk, nil)
	for range 20 {
		got := solve(t, newChallenge(t, s)).Counter
		if got < testMaxNumber/2 || got > testMaxNumber {
			t.Fatalf("counter %d outside [%d, %d]", got, testMaxNumber/2, testMaxNumber)
		}
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		name string
		key  []byte
		opts captcha.Options
		ok   bool
	}{
		{"defaults", testKey, captcha.Options{}, true},
		{"short key", testKey[:31], captcha.Options{}, false},
		{"negative max number", testKey, captcha.Options{MaxNumber: -1}, false},
		{"huge max number", testKey, captcha.Options{MaxNumber: 1 << 30}, false},
		{"negative cost", testKey, captcha.Options{Cost: -5}, false},
		{"sub-second expiry", testKey, captcha.Options{Expiry: time.Millisecond}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := captcha.New(tt.key, tt.opts)
			if (err == nil) != tt.ok {
				t.Fatalf("New error = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

type failingStore struct{ err error }

func (f failingStore) Spend(context.Context, string, time.Time) (bool, error) { return false, f.err }

func TestVerifyStoreError(t *testing.T) {
	boom := errors.New("disk full")
	s := newService(t, &clock{now: t0}, failingStore{boom})
	c := newChallenge(t, s)
	err := s.Verify(context.Background(), encodePayload(t, c, solve(t, c)))
	if !errors.Is(err, boom) {
		t.Fatalf("Verify = %v, want %v", err, boom)
	}
	for _, sentinel := range []error{captcha.ErrInvalid, captcha.ErrExpired, captcha.ErrReplayed} {
		if errors.Is(err, sentinel) {
			t.Errorf("store failure reported as %v", sentinel)
		}
	}
}

func TestVerifySpendsUntilExpiry(t *testing.T) {
	var got time.Time
	store := spendFunc(func(_ context.Context, _ string, until time.Time) (bool, error) {
		got = until
		return true, nil
	})
	s := newService(t, &clock{now: t0}, store)
	c := newChallenge(t, s)
	if err := s.Verify(context.Background(), encodePayload(t, c, solve(t, c))); err != nil {
		t.Fatal(err)
	}
	if want := time.Unix(c.Parameters.ExpiresAt, 0); !got.Equal(want) {
		t.Errorf("spent until %v, want %v", got, want)
	}
}

type spendFunc func(ctx context.Context, id string, until time.Time) (bool, error)

func (f spendFunc) Spend(ctx context.Context, id string, until time.Time) (bool, error) {
	return f(ctx, id, until)
}

func TestVerifyConcurrentReplay(t *testing.T) {
	s := newService(t, &clock{now: t0}, nil)
	c := newChallenge(t, s)
	p := encodePayload(t, c, solve(t, c))
	const n = 16
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { errs <- s.Verify(context.Background(), p) })
	}
	wg.Wait()
	close(errs)
	accepted := 0
	for err := range errs {
		switch {
		case err == nil:
			accepted++
		case !errors.Is(err, captcha.ErrReplayed):
			t.Errorf("Verify = %v", err)
		}
	}
	if accepted != 1 {
		t.Fatalf("accepted %d times, want once", accepted)
	}
}

func BenchmarkChallenge(b *testing.B) {
	s, err := captcha.New(testKey, captcha.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Challenge(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	always := spendFunc(func(context.Context, string, time.Time) (bool, error) { return true, nil })
	s, err := captcha.New(testKey, captcha.Options{Spent: always})
	if err != nil {
		b.Fatal(err)
	}
	c := newChallenge(b, s)
	p := encodePayload(b, c, solve(b, c))
	b.Run("valid", func(b *testing.B) {
		for b.Loop() {
			if err := s.Verify(context.Background(), p); err != nil {
				b.Fatal(err)
			}
		}
	})
	sol := solve(b, c)
	sol.DerivedKey = flipHex(sol.DerivedKey)
	bad := encodePayload(b, c, sol)
	b.Run("wrong key", func(b *testing.B) {
		for b.Loop() {
			if err := s.Verify(context.Background(), bad); !errors.Is(err, captcha.ErrInvalid) {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSolve measures one visitor's work at the default settings on one core in Go,
// whose PBKDF2 runs at about the speed of the browsers' native WebCrypto one.
func BenchmarkSolve(b *testing.B) {
	s, err := captcha.New(testKey, captcha.Options{})
	if err != nil {
		b.Fatal(err)
	}
	attempts := 0
	for b.Loop() {
		attempts += int(solve(b, newChallenge(b, s)).Counter) + 1
	}
	b.ReportMetric(float64(attempts)/float64(b.N), "attempts/op")
}
