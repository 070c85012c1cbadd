package httpd

import (
	"context"
	"encoding/json"
	"net/url"
	"sort"
	"strings"

	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/site"
)

// PageRenderer renders a page's React tree to HTML (package render runs
// the UI's server bundle). Every error means: serve the page without it.
type PageRenderer interface {
	Render(ctx context.Context, input []byte) (string, error)
	// Plan returns a list page's first search (the UI's searchPlan) as
	// JSON, "" for a page that does not search.
	Plan(ctx context.Context, input []byte) (string, error)
}

// firstResults computes a list page's first results for its address — the
// search the browser would make on load, answered by the search API's own
// code — so the server renders the cards and the browser hydrates them
// without searching. nil when the page does not search or anything failed
// (logged): the list then renders as before its first answer.
func (h *pagesHandler) firstResults(ctx context.Context, address string, d site.PageData) json.RawMessage {
	if h.renderer == nil || h.results == nil || (d.View != site.ViewForSale && d.View != site.ViewForRent) {
		return nil
	}
	input, err := json.Marshal(renderInput{URL: address, Site: h.shared.Load().siteJSON, Page: d})
	if err != nil {
		h.log.Error("page: plan input", "path", address, "err", err)
		return nil
	}
	plan, err := h.renderer.Plan(ctx, input)
	if err != nil {
		h.log.Warn("page: no first results", "path", address, "reason", render.Reason(err), "err", err)
		return nil
	}
	if plan == "" {
		return nil
	}
	results, err := h.results.initialResults(ctx, []byte(plan))
	if err != nil {
		h.log.Warn("page: no first results", "path", address, "err", err)
		return nil
	}
	return results
}

// renderInput is what the server bundle's renderPage takes
// (ui/src/entry-server.tsx RenderInput).
type renderInput struct {
	URL    string          `json:"url"`
	Site   json.RawMessage `json:"site"`
	Page   site.PageData   `json:"page"`
	Search json.RawMessage `json:"search,omitempty"`
}

// serverHTML renders the page into the HTML of #root. On any failure it
// logs why and returns "", and the page goes out as before server
// rendering: an empty root that the browser renders. A visitor never gets
// an error because of rendering.
func (h *pagesHandler) serverHTML(ctx context.Context, address string, d site.PageData, search json.RawMessage) string {
	if h.renderer == nil {
		return ""
	}
	input, err := json.Marshal(renderInput{URL: address, Site: h.shared.Load().siteJSON, Page: d, Search: search})
	if err != nil {
		h.log.Error("page: render input", "path", address, "err", err)
		return ""
	}
	out, err := h.renderer.Render(ctx, input)
	if err != nil {
		level := h.log.Warn
		if render.Reason(err) == render.ReasonCanceled {
			level = h.log.Debug // the visitor left
		}
		level("page: served client-rendered", "path", address, "reason", render.Reason(err), "err", err)
		return ""
	}
	return out
}

// ignoredParams are query parameters no page reads: campaign tags and
// click ids. They stay out of the cache key and the rendered address, so a
// tagged link shares its page with everyone else's.
var ignoredParams = map[string]bool{"fbclid": true, "gclid": true, "msclkid": true, "dclid": true, "mc_cid": true, "mc_eid": true}

// pageAddress is the request's path and its query as a page sees it: the
// parameters sorted, campaign tags and click ids left out. It is both the
// page cache's key and the address the server renders, so two addresses
// that show the same search share one rendered page.
func pageAddress(escapedPath string, q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if !ignoredParams[k] && !strings.HasPrefix(k, "utm_") && k != receiptParam {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return escapedPath
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(escapedPath)
	for i, k := range keys {
		for j, v := range q[k] {
			if i == 0 && j == 0 {
				b.WriteByte('?')
			} else {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(v))
		}
	}
	return b.String()
}
