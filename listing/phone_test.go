package listing

import "testing"

func TestFormatPhone(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"mobile 10 digits", "0475123456", "0475 12 34 56"},
		{"mobile already grouped", "0475 12 34 56", "0475 12 34 56"},
		{"mobile with slash and dots", "0475/12.34.56", "0475 12 34 56"},
		{"mobile with dashes", "0475-12-34-56", "0475 12 34 56"},
		{"landline 9 digits", "081223344", "081 22 33 44"},
		{"landline with slash", "081/22 33 44", "081 22 33 44"},
		{"brussels number follows the 9-digit rule", "02/123.45.67", "021 23 45 67"},
		{"non-breaking space", "0475\u00a0123456", "0475 12 34 56"},
		{"surrounding spaces trimmed", "  0475123456  ", "0475 12 34 56"},
		{"international unchanged", "+32 475 12 34 56", "+32 475 12 34 56"},
		{"international compact unchanged", "+32475123456", "+32475123456"},
		{"00 prefix is 12 digits", "0032475123456", "0032475123456"},
		{"too short unchanged", "12345", "12345"},
		{"11 digits unchanged", "04751234567", "04751234567"},
		{"letters unchanged", "0475 CALL ME", "0475 CALL ME"},
		{"parentheses unchanged", "(081) 22 33 44", "(081) 22 33 44"},
		{"untrimmed unknown is trimmed", " +32 81 ", "+32 81"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatPhone(tt.in); got != tt.want {
				t.Errorf("FormatPhone(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
