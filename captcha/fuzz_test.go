package captcha_test

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/captcha"
)

// FuzzVerify checks that no input panics and that every accepted input carries the true
// solution of a challenge this service issued. Spending always succeeds here, so the
// fuzzer can keep reaching the accepting path from its valid seeds.
func FuzzVerify(f *testing.F) {
	always := spendFunc(func(context.Context, string, time.Time) (bool, error) { return true, nil })
	s, err := captcha.NewDeterministic(testKey, captcha.Options{
		Cost: testCost, MaxNumber: testMaxNumber, Spent: always,
		Now: func() time.Time { return t0 },
	}, [32]byte{'f', 'u', 'z', 'z'})
	if err != nil {
		f.Fatal(err)
	}
	genuine := map[string]widgetSolution{} // by nonce
	for range 3 {
		c := newChallenge(f, s)
		sol := solve(f, c)
		genuine[c.Parameters.Nonce] = sol
		valid := encodePayload(f, c, sol)
		f.Add(valid)
		f.Add(strings.TrimRight(valid, "="))

		wrong := sol
		wrong.Counter++
		f.Add(encodePayload(f, c, wrong))
		wrong = sol
		wrong.DerivedKey = flipHex(sol.DerivedKey)
		f.Add(encodePayload(f, c, wrong))
		forged := c
		forged.Signature = flipHex(c.Signature)
		f.Add(encodePayload(f, forged, sol))
		forged = c
		forged.Parameters.Cost = 1
		f.Add(encodePayload(f, forged, sol))
	}
	for _, seed := range []string{
		"", "=", "====", "e30=", "bnVsbA==", "not base64!",
		b64(`{"challenge":null,"solution":null,"test":true}`),
		b64(`{"challenge":{"parameters":{}},"solution":{"counter":0,"derivedKey":""}}`),
		b64(`{"challenge":{"parameters":{"cost":1e400}},"solution":{"counter":-0}}`),
		b64(strings.Repeat("[", 3000)),
	} {
		f.Add(seed)
	}

	f.Fuzz(func(t *testing.T, payload string) {
		err := s.Verify(context.Background(), payload)
		if err != nil {
			if !errors.Is(err, captcha.ErrInvalid) && !errors.Is(err, captcha.ErrExpired) {
				t.Fatalf("Verify = %v, not a captcha error", err)
			}
			return
		}
		nonce, counter, key := parseAccepted(t, payload)
		sol, ok := genuine[nonce]
		if !ok {
			t.Fatalf("accepted a challenge never issued: %q", payload)
		}
		if counter != sol.Counter || key != sol.DerivedKey {
			t.Fatalf("accepted counter %d key %s, the solution is %d %s", counter, key, sol.Counter, sol.DerivedKey)
		}
	})
}

// parseAccepted decodes an accepted payload independently of the package.
func parseAccepted(t *testing.T, payload string) (nonce string, counter uint32, key string) {
	t.Helper()
	b64 := strings.TrimRight(strings.NewReplacer("-", "+", "_", "/").Replace(payload), "=")
	raw, err := base64.RawStdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatalf("accepted undecodable payload %q: %v", payload, err)
	}
	var pl struct {
		Challenge struct {
			Parameters struct {
				Nonce string `json:"nonce"`
			} `json:"parameters"`
		} `json:"challenge"`
		Solution struct {
			Counter    uint32 `json:"counter"`
			DerivedKey string `json:"derivedKey"`
		} `json:"solution"`
	}
	if err := json.Unmarshal(raw, &pl); err != nil {
		t.Fatalf("accepted payload with bad JSON %q: %v", raw, err)
	}
	k, err := hex.DecodeString(pl.Solution.DerivedKey)
	if err != nil {
		t.Fatalf("accepted bad derived key %q", pl.Solution.DerivedKey)
	}
	return pl.Challenge.Parameters.Nonce, pl.Solution.Counter, hex.EncodeToString(k)
}
