package httpd

import (
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/gin-contrib/gzip"
	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

// requestLog logs one line per request; query strings are left out because
// they may carry search terms or tokens.
func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		level := slog.LevelInfo
		switch {
		case c.Writer.Status() >= 500:
			level = slog.LevelError
		case c.Request.URL.Path == "/healthz" || c.Request.URL.Path == "/readyz":
			level = slog.LevelDebug
		}
		log.LogAttrs(c.Request.Context(), level, "http request",
			slog.Group("request",
				slog.String("method", c.Request.Method),
				slog.String("path", c.Request.URL.Path),
				slog.Int("status", c.Writer.Status()),
				slog.Int("bytes", c.Writer.Size()),
				slog.Duration("took", time.Since(start)),
			))
	}
}

// recovery turns a panic into a 500 and a log line with the route: a
// page for browsers, JSON for API clients.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			log.Error("panic in handler", "path", c.Request.URL.Path, "panic", v)
			if c.Writer.Written() {
				c.Abort()
				return
			}
			p := c.Request.URL.Path
			if strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/1/") || !strings.Contains(c.GetHeader("Accept"), "text/html") {
				fail(c, http.StatusInternalServerError, "internal error")
				return
			}
			c.Header("Cache-Control", "no-store")
			c.Data(http.StatusInternalServerError, "text/html; charset=utf-8", []byte(errorPage))
			c.Abort()
		}()
		c.Next()
	}
}

// errorPage is self-contained (no script, no style: the CSP allows neither
// inline) because whatever failed may be what serves the UI. It speaks the
// site's four languages.
const errorPage = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>500</title></head>
<body>
<main>
<h1>Er ging iets mis</h1>
<p>Deze pagina kon niet worden getoond. Probeer het straks opnieuw of ga naar de <a href="/">homepagina</a>.</p>
<h2 lang="fr">Une erreur est survenue</h2>
<p lang="fr">Cette page n'a pas pu être affichée. Réessayez plus tard ou retournez à l'<a href="/fr/">accueil</a>.</p>
<h2 lang="en">Something went wrong</h2>
<p lang="en">This page could not be shown. Please try again later or go to the <a href="/en/">home page</a>.</p>
<h2 lang="de">Etwas ist schiefgelaufen</h2>
<p lang="de">Diese Seite konnte nicht angezeigt werden. Bitte versuchen Sie es später erneut oder gehen Sie zur <a href="/de/">Startseite</a>.</p>
</main>
</body>
</html>
`

// securityHeaders are the headers every answer carries. The CSP allows
// our own origin plus only the analytics and map hosts that config turns
// on, so a site without analytics loads nothing from elsewhere.
type securityHeaders struct {
	csp  string
	hsts bool
}

func newSecurityHeaders(cfg config.Config) securityHeaders {
	return securityHeaders{
		csp:  contentSecurityPolicy(cfg.Site.Shell, cfg.Media),
		hsts: strings.HasPrefix(cfg.Server.BaseURL, "https://"),
	}
}

// filePolicy is the CSP of the built files and photos. A policy governs
// only a document, and these are never one: a script, a stylesheet or a
// photo answers to the policy of the page that loads it. Opened on their
// own they may run and load nothing (the captcha's workers, served from
// /assets/, import nothing). The page's long policy on each of
// the twenty to forty files a page fetches was ~0.7 KB of uncompressed
// HTTP/1.1 header apiece, 15–25 % of a phone's first load of script.
const filePolicy = "default-src 'none'; frame-ancestors 'none'"

// filePrefixes are the paths that serve only scripts, styles, texts and
// photos (static.go, images, the demo's photos; not its documents, which a
// visitor opens as pages).
var filePrefixes = []string{"/assets/", "/img/", "/demo/photos/"}

func (s securityHeaders) set(h http.Header, r *http.Request) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("X-Frame-Options", "DENY")
	csp := s.csp
	for _, prefix := range filePrefixes {
		if strings.HasPrefix(r.URL.Path, prefix) {
			csp = filePolicy
			break
		}
	}
	h.Set("Content-Security-Policy", csp)
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(), usb=(), browsing-topics=()")
	if s.hsts || r.TLS != nil {
		h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
}

// videoPlayers are the hosts of the players detail pages embed (site.embedURL).
var videoPlayers = []string{"https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://www.facebook.com"}

// contentSecurityPolicy builds the policy from the configured services. It
// is the same on every page: the site navigates without reloading, so the
// first page's policy also governs the detail pages' video players and
// tours, which load only when a visitor asks for them.
func contentSecurityPolicy(sh config.Shell, media config.Media) string {
	script := []string{"'self'"}
	connect := []string{"'self'"}
	img := []string{"'self'", "data:"}
	frame := append([]string{"'self'"}, videoPlayers...)
	// A tour or partner host embeds from itself or a subdomain (listing.VideoHosts).
	seen := map[string]bool{}
	for _, host := range slices.Concat([]string{listing.PartnerHost}, media.TourHosts, media.PartnerHosts) {
		host = strings.Trim(strings.ToLower(host), ". ")
		if host != "" && !seen[host] && !strings.ContainsAny(host, " ;,'/*") {
			seen[host] = true
			frame = append(frame, "https://"+host, "https://*."+host)
		}
	}
	a := sh.Analytics
	if a.GoogleAnalytics != "" || a.GoogleAds != "" || a.TagManager != "" {
		script = append(script, "https://www.googletagmanager.com")
		connect = append(connect, "https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com")
		img = append(img, "https://*.google-analytics.com", "https://*.googletagmanager.com")
	}
	if a.GoogleAds != "" {
		connect = append(connect, "https://*.doubleclick.net", "https://www.google.com")
		img = append(img, "https://*.doubleclick.net", "https://www.google.com", "https://www.google.be")
		frame = append(frame, "https://*.doubleclick.net")
	}
	if a.FacebookPixel != "" {
		script = append(script, "https://connect.facebook.net")
		connect = append(connect, "https://www.facebook.com")
		img = append(img, "https://www.facebook.com")
	}
	if a.RecaptchaSiteKey != "" {
		script = append(script, "https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/")
		frame = append(frame, "https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/")
	}
	if host := tileHost(sh.Map.TileURL); host != "" {
		img = append(img, host)
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self'",
		"img-src " + strings.Join(img, " "),
		"font-src 'self'",
		"connect-src " + strings.Join(connect, " "),
		"frame-src " + strings.Join(frame, " "),
		// Video files come from the platform's file host, which config does not name.
		"media-src 'self' https:",
		"object-src 'none'",
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
	}, "; ")
}

// tileHost is the origin of a tile URL template such as
// https://{s}.tile.example.org/{z}/{x}/{y}.png, with {s} as a wildcard, or
// "" when the template names no http(s) host the policy can carry (no tiles,
// a relative path served by the site itself, characters that would end the
// directive).
func tileHost(tmpl string) string {
	u, err := url.Parse(strings.NewReplacer("{s}", "x", "{z}", "0", "{x}", "0", "{y}", "0", "{r}", "").Replace(tmpl))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.ContainsAny(u.Host, " ;,'\"*") {
		return ""
	}
	host := u.Host
	if strings.Contains(tmpl, "{s}.") {
		host = "*" + strings.TrimPrefix(host, "x")
	}
	return u.Scheme + "://" + host
}

// compress gzips the API's answers (page data, search results, sitemap).
// Pages keep a compressed copy of their own (pagecache.go), built UI files
// are precompressed, and demo media is already compressed.
func compress() gin.HandlerFunc {
	return gzip.Gzip(gzip.DefaultCompression, gzip.WithCustomShouldCompressFn(func(c *gin.Context) bool {
		p := c.Request.URL.Path
		return accepts(c.Request, "gzip") && (strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/1/") || p == "/sitemap.xml")
	}))
}
