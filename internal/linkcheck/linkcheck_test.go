package linkcheck_test

import (
	"slices"
	"testing"

	"github.com/estate-agency/estate/internal/linkcheck"
)

func TestHTML(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"absolute links", `<a href="https://a.example/nl/">x</a><img src='http://a.example/p.jpg'><a href="mailto:info@a.example">m</a><a href="tel:+3284">t</a>`, nil},
		{"a site path", `<a href="/demo/documents/4003/epb.pdf">EPB</a>`, []string{"/demo/documents/4003/epb.pdf"}},
		{"a relative image", `<img width="160" src="demo/photos/1.jpg">`, []string{"demo/photos/1.jpg"}},
		{"scheme-relative", `<a href="//cdn.example/x">x</a>`, []string{"//cdn.example/x"}},
		{"empty and fragment", `<a href="">a</a><a href="#ZgotmplZ">b</a>`, []string{"", "#ZgotmplZ"}},
		{"no host", `<a href="https:///x">x</a><a href="mailto:">y</a>`, []string{"https:///x", "mailto:"}},
		{"upper case", `<A HREF="/x">x</A>`, []string{"/x"}},
		{"text that names href is no link", `<p>href="/x" is how a link looks</p>`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := linkcheck.HTML(tc.body); !slices.Equal(got, tc.want) {
				t.Errorf("HTML = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"absolute", "Villa (ref. 4003)\nhttps://a.example/nl/te-koop/bouillon/villa/4003/\n", nil},
		{"a site path on its own line", "- EPB\n  /demo/documents/4003/epb.pdf\n", []string{"/demo/documents/4003/epb.pdf"}},
		{"a path after a colon", "Link: /nl/mijn-zoekprofiel/", []string{"/nl/mijn-zoekprofiel/"}},
		{"in parentheses", "(see /nl/)", []string{"/nl/"}},
		{"www", "www.a.example/x", []string{"www.a.example/x"}},
		{"dates and times are no paths", "1/12/2026 van 14.00 tot 15.00 uur, 13:00–16:00, 10 %", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := linkcheck.Text(tc.body); !slices.Equal(got, tc.want) {
				t.Errorf("Text = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCalendar(t *testing.T) {
	body := "BEGIN:VEVENT\r\nURL:/nl/te-koop/x/1/\r\nURL;VALUE=URI:https://a.example/nl/\r\nDESCRIPTION:/not/a/url/property\r\nEND:VEVENT\r\n"
	if got := linkcheck.Calendar(body); !slices.Equal(got, []string{"/nl/te-koop/x/1/"}) {
		t.Errorf("Calendar = %q", got)
	}
}
