// Package httpd is the site's HTTP face: one Gin engine built by New so tests
// can run the whole stack with httptest.
package httpd

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/epcimage"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/ownerreport"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/ui"
)

// Readiness tells whether the site can serve visitors: nil when ready, else
// why not (for logs and /readyz).
type Readiness interface {
	Ready(ctx context.Context) error
}

// Deps are what the handlers need; each handler sees only its part.
type Deps struct {
	Log   *slog.Logger
	Ready Readiness
	// DemoMedia serves generated demo photos and documents under /demo/; nil
	// outside demo mode.
	DemoMedia http.Handler
	// Search and Catalog answer the search API; without them it is not served.
	Search  Searcher
	Catalog Catalog
	// Listings feed property pages and the sitemap; with Search (for the
	// home's counts) they enable the site's pages.
	Listings Listings
	// UI is the built React app (index.html and assets/); nil means the one
	// embedded in the binary.
	UI fs.FS
	// Leads accepts the forms; without it /api/forms is not served.
	Leads Leads
	// Receipts tell the thank-you pages what a form did; without them
	// /api/receipt is not served and the pages show the form's words alone.
	Receipts Receipts
	// Captcha hands out the forms' challenges (/api/captcha); nil when
	// forms.captcha is off. Leads checks the solutions.
	Captcha Captcha
	// PageViews counts the views of detail pages; nil counts nothing.
	PageViews ViewCounter
	// Accounts log owners and searchers in; without them /api/account,
	// /api/owner and /api/demand are not served. Resets mails reset links
	// and CSRFKey (32 bytes or more) signs the CSRF tokens.
	Accounts Accounts
	Resets   ResetMailer
	CSRFKey  []byte
	// Reports feed the owner portal.
	Reports OwnerReports
	// Demands keep searchers' criteria and alert settings.
	Demands Demands
	// Renderer writes the pages' HTML on the server; nil leaves it to the
	// browser (an empty #root).
	Renderer PageRenderer
	// Routes are the site's localized paths, which the process builds once
	// (cmd/estate shares them with its mails); nil builds them from cfg.
	Routes *site.Routes
	// Photos are the own-origin renditions of the listings' photos; nil
	// shows the platform's addresses.
	Photos Photos
}

// ViewCounter counts a view of a property's page; it must not block. A
// visitor is the client's address (c.ClientIP); the user agent only tells
// bots out (pageviews.Counter.Count).
type ViewCounter interface {
	Count(propertyID int, ip, userAgent, referrer, utmSource string)
}

// Handler is the site: the Gin engine New builds, behind the headers every
// answer carries. They are set here, before Gin sees the request, because
// Gin answers some requests before any middleware runs (the redirects of
// RedirectTrailingSlash, /api/site/ → /api/site). Serve the Handler, not
// its Engine; the Engine is there to add routes (tests).
type Handler struct {
	*gin.Engine
	headers securityHeaders
	pages   *pagesHandler
}

// PurgePages forgets every rendered page: a sync changed what they show.
func (h *Handler) PurgePages() {
	if h.pages != nil {
		if err := h.pages.refreshShared(); err != nil {
			h.pages.log.Error("site data", "err", err) // kept as it was: only a config the start accepted is marshalled
		}
		h.pages.cache.purge()
	}
}

// WarmPages renders the site's own pages into the page cache (not every
// listing: those are rendered as visitors open them), in the background of
// a start or a sync. It returns how many pages it kept.
func (h *Handler) WarmPages(ctx context.Context) int {
	if h.pages == nil {
		return 0
	}
	return h.pages.warm(ctx)
}

// PageStats are the page cache's answers since start.
func (h *Handler) PageStats() PageCacheStats {
	if h.pages == nil {
		return PageCacheStats{}
	}
	return h.pages.cache.stats()
}

// ServeHTTP sets the security headers, then lets the engine answer.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.headers.set(w.Header(), r)
	h.Engine.ServeHTTP(w, r)
}

// New wires every route and middleware into one engine. It fails only on
// a configuration the checks of config.Load cannot see (references between
// site.* sections) or a UI build without its page markers.
func New(cfg config.Config, deps Deps) (*Handler, error) {
	r := gin.New()
	r.HandleMethodNotAllowed = true
	if err := trustProxies(r, cfg.Server); err != nil {
		return nil, err
	}
	if deps.Photos != nil {
		if deps.Listings != nil {
			deps.Listings = photoListings{deps.Listings, deps.Photos}
		}
		if deps.Catalog != nil {
			deps.Catalog = photoCatalog{deps.Catalog, deps.Photos}
		}
	}
	servePages := deps.Listings != nil && deps.Search != nil && len(cfg.Site.Routes) > 0
	// The pages, the forms' thank-you pages and the accounts' screens are
	// localized paths of the route table.
	if deps.Routes == nil && (servePages || deps.Leads != nil || deps.Accounts != nil) {
		table, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
		if err != nil {
			return nil, fmt.Errorf("site.routes: %w", err)
		}
		deps.Routes = table
	}
	var pages *pagesHandler
	if servePages {
		dist := deps.UI
		if dist == nil {
			sub, err := fs.Sub(ui.Dist, "dist")
			if err != nil {
				return nil, fmt.Errorf("ui: %w", err)
			}
			dist = sub
		}
		var err error
		if pages, err = newPagesHandler(cfg, deps, dist); err != nil {
			return nil, err
		}
	}
	r.Use(recovery(deps.Log), requestLog(deps.Log))
	if pages != nil {
		// Built UI files go out before compress: they carry their own gzip.
		r.Use(pages.staticFiles)
	}
	r.Use(compress())

	hs, err := newHandlers(cfg, deps, pages)
	if err != nil {
		return nil, err
	}
	routes(r, hs)
	return &Handler{Engine: r, headers: newSecurityHeaders(cfg), pages: pages}, nil
}

// trustProxies decides where c.ClientIP, the address every per-address
// limit and the page view counter see, comes from: the TCP peer unless
// server.trusted_proxies and server.client_ip_header are set, and then
// server.client_ip_header only when a listed proxy sent the request. Gin
// reads the header from the right, skipping the trusted proxies, so the
// leftmost part of an X-Forwarded-For a proxy appended to is never
// believed. Gin's TrustedPlatform is not used: it trusts its header from
// any peer.
func trustProxies(r *gin.Engine, s config.Server) error {
	if s.ClientIPHeader == "" || len(s.TrustedProxies) == 0 {
		r.ForwardedByClientIP = false
		r.RemoteIPHeaders = nil
		if err := r.SetTrustedProxies(nil); err != nil {
			return fmt.Errorf("server.trusted_proxies: %w", err)
		}
		return nil
	}
	r.ForwardedByClientIP = true
	r.RemoteIPHeaders = []string{s.ClientIPHeader}
	if err := r.SetTrustedProxies(s.TrustedProxies); err != nil {
		return fmt.Errorf("server.trusted_proxies: %w", err)
	}
	return nil
}

// newHandlers builds the handlers the Deps provide for; routes serves them.
func newHandlers(cfg config.Config, deps Deps, pages *pagesHandler) (handlers, error) {
	hs := handlers{
		health: health{ready: deps.Ready},
		epc:    epcimage.Handler(),
		origin: originOf(cfg.Server.BaseURL),
		pages:  pages,
	}
	if cfg.Demo && deps.DemoMedia != nil {
		hs.demo = deps.DemoMedia
	}
	if deps.Photos != nil {
		hs.photos = deps.Photos.Handler()
	}
	if deps.Search != nil && deps.Catalog != nil {
		hs.search = &searchAPI{langs: cfg.Languages.Enabled, search: deps.Search, catalog: deps.Catalog,
			limiter: newIPLimiter(cfg.Search.RatePerMinute, cfg.Search.Burst), log: deps.Log}
		if pages != nil {
			pages.results = hs.search
		}
	}
	if deps.Listings != nil {
		hs.state = &stateHandler{listings: deps.Listings, langs: cfg.Languages.Enabled, def: cfg.Languages.Default, log: deps.Log}
	}

	if deps.Leads != nil {
		hs.forms = newFormsHandler(cfg, deps)
		if pages != nil {
			hs.forms.booked = pages.cache.purge
		}
	}
	if deps.Receipts != nil {
		hs.receipts = &receiptHandler{receipts: deps.Receipts, langs: cfg.Languages.Enabled, def: cfg.Languages.Default, log: deps.Log}
	}
	if deps.Accounts != nil {
		acc, err := newAccountHandler(cfg, deps)
		if err != nil {
			return handlers{}, err
		}
		hs.account = acc
		if deps.Listings != nil && deps.Reports != nil {
			forms, err := formsOf(deps)
			if err != nil {
				return handlers{}, err
			}
			hs.owner = &ownerHandler{acc: acc, reports: ownerreport.New(forms, deps.Listings, deps.Reports, cfg.Sync.Timezone, time.Now), log: deps.Log}
		}
		if deps.Demands != nil {
			hs.demand = &demandHandler{acc: acc, demands: deps.Demands, listings: deps.Listings, typeSort: cfg.Site.Shell.TypeSort, log: deps.Log}
		}
	}
	return hs, nil
}

// formsOf is the form table the site's leads follow: the one the owner
// report names requests by. A site without forms still has old leads.
func formsOf(deps Deps) (*leads.Spec, error) {
	if deps.Leads != nil {
		return deps.Leads.Spec(), nil
	}
	spec, err := leads.Load()
	if err != nil {
		return nil, fmt.Errorf("owner report: %w", err)
	}
	return spec, nil
}

type health struct{ ready Readiness }

func (h health) live(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

func (h health) readyz(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if h.ready == nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "not ready", "reason": "no readiness check"})
		return
	}
	if err := h.ready.Ready(ctx); err != nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "not ready", "reason": err.Error()})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ready"})
}
