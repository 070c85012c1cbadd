// Package linkcheck finds the links of a mail that a mail client cannot follow. A mail is read away from the
// site, so every address it carries must be absolute: http, https, mailto or tel. The tests of every package
// that writes mails run their mails through it.
package linkcheck

import (
	"regexp"
	"strings"
)

// attrRE finds the addresses of an HTML part: the values of href and src attributes, quoted either way.
var attrRE = regexp.MustCompile(`(?i)\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// pathRE finds what reads as a site path in a plain text: a word that starts with a slash, or a bare www. address.
var pathRE = regexp.MustCompile(`(?:^|[\s(<\[])((?:/|www\.)[^\s)>\]]*)`)

// absolute tells whether a mail client can follow the address as it stands.
func absolute(u string) bool {
	l := strings.ToLower(u)
	for _, prefix := range []string{"http://", "https://"} {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest != "" && rest[0] != '/'
		}
	}
	return strings.HasPrefix(l, "mailto:") && len(l) > len("mailto:") || strings.HasPrefix(l, "tel:") && len(l) > len("tel:")
}

// HTML returns every address of an HTML part's href and src attributes that is not absolute (an empty one
// included: it leads back to the mail itself).
func HTML(body string) []string {
	var out []string
	for _, m := range attrRE.FindAllStringSubmatch(body, -1) {
		u := m[1] + m[2]
		if !absolute(strings.TrimSpace(u)) {
			out = append(out, u)
		}
	}
	return out
}

// Text returns every site path and bare www. address of a plain-text part.
func Text(body string) []string {
	var out []string
	for _, m := range pathRE.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// Calendar returns every URL property of an iCalendar file that is not absolute.
func Calendar(body string) []string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if name, _, _ = strings.Cut(name, ";"); ok && strings.EqualFold(name, "URL") && !absolute(value) {
			out = append(out, value)
		}
	}
	return out
}
