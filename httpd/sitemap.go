package httpd

import (
	"bytes"
	"encoding/xml"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/pagedata"
)

// sitemapBuilder lists the site's indexable pages (package pagedata); the page cache warms its own pages.
type sitemapBuilder interface {
	Build() (pagedata.URLSet, error)
	PagePaths() []string
}

// sitemap answers /sitemap.xml.
func (h *pagesHandler) sitemap(c *gin.Context) {
	set, err := h.sitemapper.Build()
	if err != nil {
		h.log.Error("sitemap", "err", err)
		c.String(http.StatusServiceUnavailable, "sitemap unavailable\n")
		return
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	if err := enc.Encode(set); err != nil {
		h.log.Error("sitemap: encode", "err", err)
		c.String(http.StatusInternalServerError, "sitemap unavailable\n")
		return
	}
	c.Header("Cache-Control", "public, max-age=600")
	c.Data(http.StatusOK, "application/xml; charset=utf-8", b.Bytes())
}
