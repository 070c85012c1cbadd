package httpd

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// handlers are what New built from its Deps. A nil one is a part the Deps
// leave out (no accounts, no forms, no UI build…): its routes are not served.
type handlers struct {
	health   health
	epc      http.Handler
	demo     http.Handler // demo mode only
	photos   http.Handler // the image pipeline's renditions, when it runs
	search   *searchAPI
	origin   string // the site's own origin, the only one the search API answers across origins
	state    *stateHandler
	forms    *formsHandler
	receipts *receiptHandler
	account  *accountHandler
	owner    *ownerHandler
	demand   *demandHandler
	pages    *pagesHandler
}

// routes is every route of the site, grouped by who may call it. A route
// registered anywhere else is a bug: this list is what a reviewer reads.
func routes(r *gin.Engine, h handlers) {
	// Probes: the process manager and the reverse proxy.
	r.GET("/healthz", h.health.live)
	r.HEAD("/healthz", h.health.live)
	r.GET("/readyz", h.health.readyz)
	r.HEAD("/readyz", h.health.readyz)

	// Anyone: media the server draws or generates, so they exist without a
	// UI build.
	epc := gin.WrapH(h.epc)
	r.GET("/images/epc/:region/:file", epc)
	r.HEAD("/images/epc/:region/:file", epc)
	if h.photos != nil {
		photos := gin.WrapH(h.photos)
		r.GET("/img/*path", photos)
		r.HEAD("/img/*path", photos)
	}
	if h.demo != nil {
		demo := gin.WrapH(h.demo)
		r.GET("/demo/*path", demo)
		r.HEAD("/demo/*path", demo)
	}

	// Anyone, rate-limited per address: the search API, in Algolia's REST
	// shape for react-instantsearch; browsers may call it from the site's
	// own origin only.
	if h.search != nil {
		g := r.Group("/1/indexes", corsFor(h.origin))
		g.OPTIONS("/*path", func(c *gin.Context) { c.Status(http.StatusNoContent) })
		q := g.Group("", h.search.limit)
		q.POST("/:index/queries", h.search.multi)
		q.POST("/:index/query", h.search.single)
		q.GET("/:index", h.search.get)
		q.POST("/:index/facets/:facet/query", h.search.facet)
	}
	// Anyone: the current state of the listings a browser keeps as favourites.
	if h.state != nil {
		r.GET("/api/properties/state", h.state.state)
	}

	// Anyone, rate-limited and behind the captcha: the forms, and what a
	// sent form did (its receipt, by the token the answer gave).
	if h.forms != nil {
		r.GET("/api/captcha", h.forms.challenge)
		r.POST("/api/forms/:form", h.forms.submit)
	}
	if h.receipts != nil {
		r.GET("/api/receipt", h.receipts.receipt)
		r.GET("/api/receipt/visit.ics", h.receipts.calendar)
	}

	// Anyone, with a CSRF token on every change: logging in and out, and
	// resetting a password.
	if h.account != nil {
		g := r.Group("/api/account", noStore)
		g.GET("", h.account.state)
		g.POST("/login", h.account.checkCSRF, h.account.login)
		g.POST("/logout", h.account.checkCSRF, h.account.logout)
		g.POST("/password-reset", h.account.checkCSRF, h.account.requestReset)
		g.POST("/password", h.account.checkCSRF, h.account.newPassword)
	}
	// Owners, logged in: their listings' page view statistics.
	if h.owner != nil {
		g := r.Group("/api/owner", noStore, h.account.requireAccount("owner"))
		g.GET("/properties", h.owner.list)
		g.GET("/properties/:id", h.owner.detail)
	}
	// Searchers, logged in: their search demand and its alerts.
	if h.demand != nil {
		g := r.Group("/api/demand", noStore, h.account.requireAccount("searcher"))
		g.GET("", h.demand.get)
		g.PUT("", h.account.checkCSRF, h.demand.update)
		g.POST("/pause", h.account.checkCSRF, h.demand.pause)
		g.POST("/unsubscribe", h.account.checkCSRF, h.demand.unsubscribe)
		// RFC 8058: mail providers POST "List-Unsubscribe=One-Click" to the
		// link of the List-Unsubscribe header, without cookies: the signed
		// token is the authority, so no session or CSRF token is asked.
		r.POST("/api/alerts/unsubscribe", noStore, h.demand.oneClick)
		// The button of the demand register's confirmation page: the link
		// of its mail only opens the page, so a mail scanner confirms nothing.
		r.POST("/api/alerts/confirm", noStore, h.account.checkCSRF, h.demand.confirm)
	}

	// A known path asked with a method it does not take: Gin fills the
	// Allow header, the body is the API's one error shape.
	r.NoMethod(func(c *gin.Context) {
		fail(c, http.StatusMethodNotAllowed, "method not allowed")
	})

	// Anyone: the pages, their data for the browser's navigation, and what
	// search engines read.
	if h.pages != nil {
		r.GET("/api/page", h.pages.apiPage)
		r.GET("/api/site", h.pages.apiSite)
		r.GET("/sitemap.xml", h.pages.sitemap)
		r.GET("/robots.txt", h.pages.robotsTxt)
		// Pages have no fixed prefix (/nl/te-koop/, /fr/je-m'inscris/), so
		// they are what no other route claims; site.Routes tells which exist.
		r.NoRoute(func(c *gin.Context) {
			if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
				fail(c, http.StatusMethodNotAllowed, "method not allowed")
				return
			}
			h.pages.html(c)
		})
	}
}
