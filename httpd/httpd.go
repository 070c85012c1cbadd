// Package httpd is the site's HTTP face: one Gin engine built by New so tests
// can run the whole stack with httptest.
package httpd

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
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
}

// New wires every route and middleware into one engine.
func New(cfg config.Config, deps Deps) *gin.Engine {
	r := gin.New()
	r.HandleMethodNotAllowed = true
	// The site sits behind at most a local reverse proxy; never trust a
	// client's X-Forwarded-For from anywhere else.
	_ = r.SetTrustedProxies([]string{"127.0.0.1", "::1"})
	r.Use(recovery(deps.Log), requestLog(deps.Log), securityHeaders())

	h := health{ready: deps.Ready}
	r.GET("/healthz", h.live)
	r.HEAD("/healthz", h.live)
	r.GET("/readyz", h.readyz)
	r.HEAD("/readyz", h.readyz)

	if deps.Search != nil && deps.Catalog != nil {
		api := searchAPI{langs: cfg.Languages.Enabled, search: deps.Search, catalog: deps.Catalog, log: deps.Log}
		api.routes(r, originOf(cfg.Server.BaseURL))
	}

	if cfg.Demo && deps.DemoMedia != nil {
		demo := gin.WrapH(deps.DemoMedia)
		r.GET("/demo/*path", demo)
		r.HEAD("/demo/*path", demo)
	}
	return r
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
