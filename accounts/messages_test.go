package accounts

import (
	"strings"
	"testing"
)

func TestThrottledSaysMinutesInTheRightNumber(t *testing.T) {
	m, err := LoadMessages()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang    string
		minutes int
		want    string
		not     string
	}{
		{"nl", 1, "wacht 1 minuut ", "minuten"},
		{"nl", 5, "wacht 5 minuten ", ""},
		{"fr", 1, "patienter 1 minute ", "minutes"},
		{"fr", 5, "patienter 5 minutes ", ""},
		{"en", 1, "wait 1 minute ", "minutes"},
		{"en", 5, "wait 5 minutes ", ""},
		{"de", 1, "Sie 1 Minute,", "Minuten"},
		{"de", 5, "Sie 5 Minuten,", ""},
		{"xx", 1, "wait 1 minute ", "minutes"}, // English for a language without texts
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			got := m.Count(tt.lang, "throttled", tt.minutes)
			if !strings.Contains(got, tt.want) || tt.not != "" && strings.Contains(got, tt.not) {
				t.Errorf("%d minutes in %s: %q, want %q", tt.minutes, tt.lang, got, tt.want)
			}
		})
	}
}
