package ui

import (
	"strings"
	"testing"
)

func TestTextsReadTheLocales(t *testing.T) {
	c, err := Texts()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ lang, id, want string }{
		{"nl", "pages:notFound.heading", "Oeps, deze pagina bestaat niet meer"},
		{"fr", "pages:notFound.heading", "Oups, cette page n'existe plus"},
		{"de", "account:portal.notFound", "Immobilie nicht gefunden"},
		{"xx", "pages:notFound.heading", "Oops, this page no longer exists"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.id, func(t *testing.T) {
			if got := c.Text(tt.lang, tt.id, nil); got != tt.want {
				t.Errorf("%q, want %q", got, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		lang string
		n    int
		want string
	}{{"nl", 1, "1 minuut"}, {"nl", 5, "5 minuten"}, {"fr", 1, "1 minute"}, {"fr", 5, "5 minutes"}} {
		t.Run(tt.lang+"/waitMinutes", func(t *testing.T) {
			if got := c.Count(tt.lang, "account:form.waitMinutes", tt.n, nil); !strings.Contains(got, tt.want) {
				t.Errorf("%q, want it to say %q", got, tt.want)
			}
		})
	}
}
