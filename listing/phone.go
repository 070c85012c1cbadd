package listing

import (
	"strings"
	"unicode"
)

// FormatPhone groups 10 digits 4-2-2-2 and 9 digits 3-2-2-2.
//
// Belgian mobile numbers have 10 digits ("0475 12 34 56"), landlines 9
// ("081 22 33 44"). Separators people type (spaces, dots, slashes, dashes)
// are ignored. Anything else, international forms ("+32 ...") included, is
// returned as given (trimmed): regrouping a number we do not recognise could
// make it wrong.
func FormatPhone(s string) string {
	s = strings.TrimSpace(s)
	digits := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, byte(r))
		case r == '.' || r == '/' || r == '-' || unicode.IsSpace(r):
		default:
			return s
		}
	}
	switch len(digits) {
	case 10:
		return group(digits, 4, 2, 2, 2)
	case 9:
		return group(digits, 3, 2, 2, 2)
	}
	return s
}

// group joins consecutive runs of the given sizes with spaces; the sizes add
// up to len(digits).
func group(digits []byte, sizes ...int) string {
	var b strings.Builder
	b.Grow(len(digits) + len(sizes))
	for i, n := range sizes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.Write(digits[:n])
		digits = digits[n:]
	}
	return b.String()
}
