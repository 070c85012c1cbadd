package httpd_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/pageviews"
)

// A detail page's views count once per visitor (an address) and day, from
// the HTML and from the app's page data alike, whatever browser the address
// claims; bots, other pages and HEAD do not count.
func TestDetailPageViewsAreCounted(t *testing.T) {
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	// Every request comes from 127.0.0.1: a proxy there tells the visitors apart.
	cfg.Server.TrustedProxies, cfg.Server.ClientIPHeader = []string{"127.0.0.1"}, "X-Real-IP"
	counter := pageviews.New(st, slog.New(slog.DiscardHandler), pageviews.Options{Location: cfg.Sync.Timezone, BaseURL: cfg.Server.BaseURL})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { counter.Run(ctx); close(done) }()
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI, PageViews: counter})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	defer srv.Close()

	var first struct{ Redirect string }
	getJSON(t, srv.URL+"/api/page?path=/property/4030/", &first)
	detail := first.Redirect
	send := func(method, u, ip, ua, referrer string) {
		t.Helper()
		req, _ := http.NewRequest(method, u, nil)
		req.Header.Set("X-Real-IP", ip)
		req.Header.Set("User-Agent", ua)
		if referrer != "" {
			req.Header.Set("Referer", referrer)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	firefox := "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"
	safari := "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
	const one, other = "203.0.113.7", "203.0.113.8"
	send(http.MethodGet, srv.URL+detail, one, firefox, "https://www.immoweb.be/")
	send(http.MethodGet, srv.URL+detail, one, firefox, "")                                                        // a reload
	send(http.MethodGet, srv.URL+"/api/page?path="+url.QueryEscape(detail), one, firefox, srv.URL+"/nl/te-koop/") // the app, same visitor
	send(http.MethodGet, srv.URL+detail, one, safari, "")                                                         // another browser, same address
	send(http.MethodGet, srv.URL+detail+"?utm_source=newsletter", other, safari, "")
	send(http.MethodGet, srv.URL+detail, "203.0.113.9", "Mozilla/5.0 (compatible; bingbot/2.0)", "")
	send(http.MethodHead, srv.URL+detail, "203.0.113.10", "Mozilla/5.0 Chrome/131.0", "")
	send(http.MethodGet, srv.URL+"/nl/te-koop/", "203.0.113.11", "Mozilla/5.0 Chrome/131.0", "")
	cancel()
	<-done

	days, err := st.PageViews(4030)
	if err != nil {
		t.Fatal(err)
	}
	if len(days) != 1 || total(days[0]) != 2 || days[0].Sources["immoweb"] != 1 || days[0].Sources["newsletter"] != 1 {
		t.Fatalf("page views of 4030: %+v", days)
	}
}

func total(d pageviews.Day) int {
	n := 0
	for _, v := range d.Sources {
		n += v
	}
	return n
}
