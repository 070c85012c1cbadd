package pageviews_test

import (
	"context"
	"log/slog"
	"strconv"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/store/storetest"
)

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"

func TestSource(t *testing.T) {
	tests := []struct{ referrer, utm, want string }{
		{"", "", "direct"},
		{"", "Newsletter", "newsletter"},
		{"https://www.immoweb.be/nl/zoeken", "", "immoweb"},
		{"https://www.zimmo.be/", "", "zimmo"},
		{"https://m.facebook.com/", "", "facebook"},
		{"https://l.facebook.com/l.php", "", "facebook"},
		{"https://www.google.be/", "", "google"},
		{"https://ardenne-immo.be/nl/te-koop/", "", "site"},
		{"https://elsewhere.example/", "", "other"},
		{"not a url", "", "other"},
		{"https://www.google.be/", "a b/c", "other"},
		// A campaign tag reaches the owner's portal: a word of a tag's
		// alphabet, never a sentence or markup anyone could put in a link.
		{"", "spring_2027-fb.ads", "spring_2027-fb.ads"},
		{"", "<b>call-0475</b>", "other"},
		{"", "bel%20ons!", "other"},
		{"", "oproep:0475123456", "other"},
		{"", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "other"},
	}
	for _, tt := range tests {
		if got := pageviews.Source(tt.referrer, tt.utm, "ardenne-immo.be"); got != tt.want {
			t.Errorf("Source(%q, %q) = %q, want %q", tt.referrer, tt.utm, got, tt.want)
		}
	}
}

func TestIsBot(t *testing.T) {
	for ua, want := range map[string]bool{
		firefox: false,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1": false,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":                               true,
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36":                  true,
		"curl/8.5.0":                       true,
		"Go-http-client/1.1":               true,
		"facebookexternalhit/1.1":          true,
		"":                                 true,
		"Chrome-Lighthouse (Moto G Power)": true,
	} {
		if got := pageviews.IsBot(ua); got != want {
			t.Errorf("IsBot(%q) = %v", ua, got)
		}
	}
}

func TestCountsOncePerVisitorPropertyAndDay(t *testing.T) {
	st := storetest.Open(t, listing.NL)
	now := time.Date(2026, 11, 22, 22, 30, 0, 0, time.UTC) // 23:30 in Brussels
	brussels, _ := time.LoadLocation("Europe/Brussels")
	c := pageviews.New(st, slog.New(slog.DiscardHandler), pageviews.Options{Location: brussels, BaseURL: "https://ardenne-immo.be", Now: func() time.Time { return now }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()

	c.Count(4030, "203.0.113.7", firefox, "", "")
	c.Count(4030, "203.0.113.7", firefox, "https://www.immoweb.be/", "") // a reload: the same visitor
	c.Count(4030, "203.0.113.8", firefox, "https://www.immoweb.be/", "")
	c.Count(4030, "203.0.113.9", "Googlebot/2.1", "", "")
	c.Count(4010, "203.0.113.7", firefox, "", "newsletter")
	// Past midnight in Brussels: a new day, a new salt. The day is fixed when
	// a view is counted, so views still queued keep theirs.
	now = now.Add(time.Hour)
	c.Count(4030, "203.0.113.7", firefox, "", "")
	cancel()
	<-done

	days, err := st.PageViews(4030)
	if err != nil {
		t.Fatal(err)
	}
	if len(days) != 2 || days[0].Day != "2026-11-22" || total(days[0]) != 2 || days[0].Sources["direct"] != 1 || days[0].Sources["immoweb"] != 1 ||
		days[1].Day != "2026-11-23" || total(days[1]) != 1 {
		t.Fatalf("page views of 4030: %+v", days)
	}
	if days, _ := st.PageViews(4010); len(days) != 1 || days[0].Sources["newsletter"] != 1 {
		t.Fatalf("page views of 4010: %+v", days)
	}
}

// A visitor is an address: one client that changes its User-Agent with
// every request must not inflate an owner's statistics.
func TestVisitorIsTheAddressWhateverTheBrowser(t *testing.T) {
	st := storetest.Open(t, listing.NL)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	c := pageviews.New(st, slog.New(slog.DiscardHandler), pageviews.Options{Now: func() time.Time { return now }})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()

	agents := []string{
		firefox,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
		"Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
	}
	for _, ua := range agents {
		c.Count(4030, "203.0.113.7", ua, "", "")
	}
	c.Count(4030, "203.0.113.7", "Mozilla/5.0 (compatible; Googlebot/2.1)", "", "") // a crawler: not a view
	c.Count(4030, "203.0.113.9", "Mozilla/5.0 (compatible; Googlebot/2.1)", "", "") // a crawler alone: no visitor
	c.Count(4030, "203.0.113.8", agents[1], "", "")                                 // another address
	c.Count(4010, "203.0.113.7", agents[2], "", "")                                 // another property
	now = now.Add(24 * time.Hour)
	for _, ua := range agents {
		c.Count(4030, "203.0.113.7", ua, "", "")
	}
	cancel()
	<-done

	days, err := st.PageViews(4030)
	if err != nil {
		t.Fatal(err)
	}
	if len(days) != 2 || days[0].Day != "2026-11-22" || total(days[0]) != 2 || days[1].Day != "2026-11-23" || total(days[1]) != 1 {
		t.Fatalf("page views of 4030: %+v, want 2 on 2026-11-22 (two addresses) and 1 on 2026-11-23", days)
	}
	if days, _ := st.PageViews(4010); len(days) != 1 || total(days[0]) != 1 {
		t.Fatalf("page views of 4010: %+v", days)
	}
}

// A counter whose writer is stuck drops views instead of making pages wait.
func TestCountNeverBlocks(t *testing.T) {
	st := storetest.Open(t, listing.NL)
	c := pageviews.New(st, slog.New(slog.DiscardHandler), pageviews.Options{Queue: 2})
	finished := make(chan struct{})
	go func() {
		for i := range 100 {
			c.Count(4030, "198.51.100."+strconv.Itoa(i), firefox, "", "")
		}
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(2 * time.Second):
		t.Fatal("Count blocked without a writer")
	}
}

func total(d pageviews.Day) int {
	n := 0
	for _, v := range d.Sources {
		n += v
	}
	return n
}
