package mail

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// ErrRelativeLink is returned by the Render functions for a mail that would carry a site path ("/demo/documents/…")
// while its AgencyView has no BaseURL to make it absolute.
var ErrRelativeLink = errors.New("mail: a link is a site path and the mail has no site address (AgencyView.BaseURL)")

// linker makes the links of one mail absolute. A mail is read in a mail client, where a site path leads nowhere,
// so every address a template shows (in the text and the HTML part) is resolved here, once, against the site's
// address: callers may hand over site paths or absolute addresses alike.
type linker struct {
	base *url.URL
	err  error
}

// webSchemes are the schemes a mail may link to; a link with any other (javascript:, data:, file:) is dropped.
var webSchemes = map[string]bool{"http": true, "https": true, "mailto": true, "tel": true}

func newLinker(base string) *linker {
	l := &linker{}
	if base = strings.TrimSpace(base); base == "" {
		return l
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		l.err = fmt.Errorf("mail: the site address %q is not an absolute http(s) address", base)
		return l
	}
	l.base = u
	return l
}

// abs is ref as an absolute address: unchanged when it already is one, resolved against the site's address when
// it is a path, "" when it is empty, unreadable or of a scheme mails do not link to. A path without a site address
// to resolve it against fails the whole mail (ErrRelativeLink), so no relative link ever leaves this package.
func (l *linker) abs(ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if u.Scheme != "" {
		if !webSchemes[strings.ToLower(u.Scheme)] {
			return ""
		}
		return ref
	}
	if l.base == nil {
		if l.err == nil {
			l.err = fmt.Errorf("%w: %q", ErrRelativeLink, ref)
		}
		return ""
	}
	return l.base.ResolveReference(u).String()
}

// agency is a with its website made absolute.
func (l *linker) agency(a AgencyView) AgencyView {
	a.Website = l.abs(a.Website)
	return a
}
