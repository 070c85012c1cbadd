package accounts

import (
	"strings"
	"testing"
)

func TestThrottledSaysTheWaitInTheRightNumber(t *testing.T) {
	m, err := LoadMessages()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang, code string
		n          int
		want, not  string
	}{
		{"nl", "throttled", 1, "wacht 1 minuut ", "minuten"},
		{"nl", "throttled", 5, "wacht 5 minuten ", ""},
		{"nl", "throttledSeconds", 1, "wacht 1 seconde ", "seconden"},
		{"nl", "throttledSeconds", 30, "wacht 30 seconden ", ""},
		{"fr", "throttled", 1, "patienter 1 minute ", "minutes"},
		{"fr", "throttled", 5, "patienter 5 minutes ", ""},
		{"fr", "throttledSeconds", 1, "patienter 1 seconde ", "secondes"},
		{"en", "throttled", 1, "wait 1 minute ", "minutes"},
		{"en", "throttled", 5, "wait 5 minutes ", ""},
		{"en", "throttledSeconds", 2, "wait 2 seconds ", ""},
		{"de", "throttled", 1, "Sie 1 Minute,", "Minuten"},
		{"de", "throttled", 5, "Sie 5 Minuten,", ""},
		{"de", "throttledSeconds", 1, "Sie 1 Sekunde,", "Sekunden"},
		{"xx", "throttled", 1, "wait 1 minute ", "minutes"}, // English for a language without texts
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.code, func(t *testing.T) {
			got := m.Count(tt.lang, tt.code, tt.n)
			if !strings.Contains(got, tt.want) || tt.not != "" && strings.Contains(got, tt.not) {
				t.Errorf("%d in %s: %q, want %q", tt.n, tt.lang, got, tt.want)
			}
		})
	}
}

func TestGetFallsBackToEnglishThenToTheCode(t *testing.T) {
	m, err := LoadMessages()
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Get("nl", "loginFailed"); got != "Aanmelden mislukt" {
		t.Errorf("nl: %q", got)
	}
	if got := m.Get("xx", "loginFailed"); got != "Login failed" {
		t.Errorf("unknown language: %q", got)
	}
	if got := m.Get("nl", "noSuchText"); got != "noSuchText" {
		t.Errorf("unknown text: %q", got)
	}
}
