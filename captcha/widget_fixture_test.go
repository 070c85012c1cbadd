package captcha

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// The fixtures come from the altcha package's own createChallenge/solveChallenge and the
// widget's payload construction (testdata/gen-fixture.mjs), with these two secrets.
var (
	fixtureSigKey    = []byte("fixture signature secret")
	fixtureKeySigKey = []byte("fixture key signature secret")
	fixtureExpiresAt = time.Unix(1893456000, 0)
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// jsonShape maps every key path of a JSON document to its JSON type.
func jsonShape(t *testing.T, doc []byte) map[string]string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	shape := map[string]string{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			shape[path] = "object"
			for k, e := range x {
				walk(path+"."+k, e)
			}
		case string:
			shape[path] = "string"
		case float64:
			if x == float64(int64(x)) {
				shape[path] = "integer"
			} else {
				shape[path] = "number"
			}
		default:
			shape[path] = reflect.TypeOf(v).String()
		}
	}
	walk("", v)
	return shape
}

func TestChallengeJSONMatchesWidgetFixture(t *testing.T) {
	s, err := newService(fixtureSigKey, fixtureKeySigKey, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Challenge()
	if err != nil {
		t.Fatal(err)
	}
	ours, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	got, want := jsonShape(t, ours), jsonShape(t, readFixture(t, "widget-challenge.json"))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("challenge JSON shape differs from the widget's\n got: %v\nwant: %v", sorted(got), sorted(want))
	}
	// The widget treats any object with a top-level "challenge" key as the legacy v1
	// format, and accepts v2 only with these four parameters present.
	if _, ok := got[".challenge"]; ok {
		t.Error(`challenge JSON has a top-level "challenge" key`)
	}
	for _, k := range []string{"algorithm", "nonce", "salt", "keyPrefix"} {
		if _, ok := got[".parameters."+k]; !ok {
			t.Errorf("parameters lack %q", k)
		}
	}
	// Same byte layout as JSON.stringify of the key-sorted object, which is what is signed.
	if !strings.HasPrefix(string(ours), `{"parameters":{"algorithm":"PBKDF2/SHA-256","cost":`) {
		t.Errorf("unexpected encoding %s", ours)
	}
}

func TestSignatureMatchesWidgetFixture(t *testing.T) {
	var c Challenge
	if err := json.Unmarshal(readFixture(t, "widget-challenge.json"), &c); err != nil {
		t.Fatal(err)
	}
	s, err := newService(fixtureSigKey, fixtureKeySigKey, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sig, err := s.sign(c.Parameters)
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(sig); got != c.Signature {
		t.Errorf("signature %s, altcha-lib signed %s", got, c.Signature)
	}
}

func TestVerifyWidgetPayload(t *testing.T) {
	payload := strings.TrimSpace(string(readFixture(t, "widget-payload.txt")))
	tests := []struct {
		name string
		now  time.Time
		want error
	}{
		{"before expiry", fixtureExpiresAt.Add(-time.Minute), nil},
		{"at expiry", fixtureExpiresAt, ErrExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := newService(fixtureSigKey, fixtureKeySigKey, Options{Now: func() time.Time { return tt.now }})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Verify(context.Background(), payload); !errors.Is(err, tt.want) {
				t.Fatalf("Verify = %v, want %v", err, tt.want)
			}
		})
	}
}

func sorted(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k, v := range m {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
