package httpd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/httpd/algolia"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// Searcher finds documents in the index.
type Searcher interface {
	Find(ctx context.Context, lang listing.Lang, req index.SearchRequest) (index.SearchResult, error)
	// CityCounts are the active properties per town ("zip|name") and goal (sale, rent).
	CityCounts(lang listing.Lang) map[string][2]int
}

// Catalog reads the records that hits show.
type Catalog interface {
	PropertiesByID(lang listing.Lang, ids []int) ([]listing.Property, error)
	Projects(lang listing.Lang) ([]listing.Project, error)
	Cities(lang listing.Lang) ([]listing.City, error)
}

// searchAPI speaks the Algolia search protocol (httpd/algolia) over the index.
type searchAPI struct {
	langs   []listing.Lang
	search  Searcher
	catalog Catalog
	// limiter bounds each client address's requests (search.*); nil: no limit.
	limiter *ipLimiter
	log     *slog.Logger
}

// limit answers 429 with Retry-After, in Algolia's error shape, once the
// client's address has spent its budget of search requests (a multi-query
// is one, however many queries it holds: those are bounded by the decoder).
func (s searchAPI) limit(c *gin.Context) {
	if ok, wait := s.limiter.allow(c.ClientIP(), time.Now()); !ok {
		setRetryAfter(c, wait)
		c.AbortWithStatusJSON(http.StatusTooManyRequests, algolia.Error{
			Message: "Too many search requests from this address, retry in " + strconv.Itoa(retrySeconds(wait)) + " s",
			Status:  http.StatusTooManyRequests,
		})
	}
}

// corsFor lets the site's own pages call the API from the browser (the
// algoliasearch client may run on another port in development) and no one
// else: other origins get no CORS headers, so browsers refuse them.
func corsFor(origin string) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Vary", "Origin")
		got := c.GetHeader("Origin")
		if got == "" || got != origin {
			if c.Request.Method == http.MethodOptions {
				c.AbortWithStatusJSON(http.StatusForbidden, algolia.Error{Message: "Origin not allowed", Status: http.StatusForbidden})
			}
			return
		}
		h := c.Writer.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		if c.Request.Method == http.MethodOptions {
			h.Set("Access-Control-Allow-Methods", "GET, POST")
			h.Set("Access-Control-Allow-Headers", "Content-Type, X-Algolia-API-Key, X-Algolia-Application-Id, X-Algolia-Agent")
			h.Set("Access-Control-Max-Age", "86400")
		}
	}
}

// originOf is the scheme://host of the site's base URL.
func originOf(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

func (s searchAPI) body(c *gin.Context) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, algolia.MaxBodyBytes))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		s.fail(c, &algolia.Error{Status: http.StatusRequestEntityTooLarge,
			Message: "Request body is larger than " + strconv.Itoa(algolia.MaxBodyBytes) + " bytes"})
		return nil, false
	case err != nil:
		s.fail(c, &algolia.Error{Status: http.StatusBadRequest, Message: "Could not read the request body"})
		return nil, false
	}
	return b, true
}

// fail answers in Algolia's error shape: the protocol's own errors as they
// are, anything else as a 500 whose details go to the log only.
func (s searchAPI) fail(c *gin.Context, err error) {
	var ae *algolia.Error
	if errors.As(err, &ae) {
		c.AbortWithStatusJSON(ae.Status, ae)
		return
	}
	s.log.Error("search failed", "path", c.Request.URL.Path, "err", err)
	c.AbortWithStatusJSON(http.StatusInternalServerError, algolia.Error{Message: "Internal error", Status: http.StatusInternalServerError})
}

func (s searchAPI) multi(c *gin.Context) {
	if c.Param("index") != "*" {
		s.fail(c, &algolia.Error{Status: http.StatusNotFound, Message: "Index " + c.Param("index") + " does not exist"})
		return
	}
	body, ok := s.body(c)
	if !ok {
		return
	}
	mq, err := algolia.DecodeMultiQuery(body)
	if err != nil {
		s.fail(c, err)
		return
	}
	results, err := s.queries(c.Request.Context(), mq)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.PureJSON(http.StatusOK, algolia.MultiResponse{Results: results})
}

// queries answers a multi-query: an algolia.Response or
// algolia.FacetSearchResponse per request, in order. The server's initial
// results of a list page (initialResults) come from here too, so they are
// what the page's own search would get.
func (s searchAPI) queries(ctx context.Context, mq algolia.MultiQuery) ([]any, error) {
	// Every index name is checked before any query runs, as Algolia answers
	// a multi-query with one error or with every result.
	targets := make([]algolia.Target, len(mq.Requests))
	for i, r := range mq.Requests {
		var err error
		if targets[i], err = algolia.ParseIndexName(r.IndexName, s.langs); err != nil {
			return nil, err
		}
	}
	results := make([]any, 0, len(mq.Requests))
	var done []algolia.Response
	for i, r := range mq.Requests {
		if r.Type == algolia.TypeFacet {
			res, err := s.facetSearch(ctx, targets[i], r.Facet, r.Params)
			if err != nil {
				return nil, err
			}
			results = append(results, res)
			continue
		}
		skip := mq.Strategy == algolia.StrategyStopIfEnoughMatches && algolia.EnoughMatches(done)
		res, err := s.query(ctx, targets[i], r.Params, skip)
		if err != nil {
			return nil, err
		}
		done = append(done, res)
		results = append(results, res)
	}
	return results, nil
}

func (s searchAPI) single(c *gin.Context) {
	body, ok := s.body(c)
	if !ok {
		return
	}
	p, err := algolia.DecodeQuery(body)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answer(c, p)
}

func (s searchAPI) get(c *gin.Context) {
	p, err := algolia.DecodeQueryString(c.Request.URL.RawQuery)
	if err != nil {
		s.fail(c, err)
		return
	}
	s.answer(c, p)
}

func (s searchAPI) answer(c *gin.Context, p algolia.Params) {
	t, err := algolia.ParseIndexName(c.Param("index"), s.langs)
	if err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.query(c.Request.Context(), t, p, false)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.PureJSON(http.StatusOK, res)
}

func (s searchAPI) facet(c *gin.Context) {
	body, ok := s.body(c)
	if !ok {
		return
	}
	p, err := algolia.DecodeFacetQuery(body)
	if err != nil {
		s.fail(c, err)
		return
	}
	t, err := algolia.ParseIndexName(c.Param("index"), s.langs)
	if err != nil {
		s.fail(c, err)
		return
	}
	res, err := s.facetSearch(c.Request.Context(), t, c.Param("facet"), p)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.PureJSON(http.StatusOK, res)
}

// query runs one search; skip answers it empty without running it (a
// stopIfEnoughMatches multi-query that already has enough).
func (s searchAPI) query(ctx context.Context, t algolia.Target, p algolia.Params, skip bool) (algolia.Response, error) {
	start := time.Now()
	req, err := algolia.ToSearchRequest(t, p, nil)
	if err != nil {
		return algolia.Response{}, err
	}
	var res index.SearchResult
	if !skip {
		if res, err = s.search.Find(ctx, t.Lang, req); err != nil {
			return algolia.Response{}, err
		}
	}
	hits, err := s.hits(t, res)
	if err != nil {
		return algolia.Response{}, err
	}
	return algolia.NewResponse(t, p, res, hits, time.Since(start)), nil
}

func (s searchAPI) facetSearch(ctx context.Context, t algolia.Target, facet string, p algolia.Params) (algolia.FacetSearchResponse, error) {
	start := time.Now()
	req, err := algolia.ToFacetSearchRequest(t, facet, p, nil)
	if err != nil {
		return algolia.FacetSearchResponse{}, err
	}
	res, err := s.search.Find(ctx, t.Lang, req)
	if err != nil {
		return algolia.FacetSearchResponse{}, err
	}
	var towns map[string]bool
	if t.Kind == index.KindProperty && facet == "city" && strings.TrimSpace(p.FacetQuery) != "" {
		if towns, err = s.townsFor(ctx, t.Lang, p.FacetQuery); err != nil {
			return algolia.FacetSearchResponse{}, err
		}
	}
	return algolia.NewFacetSearchResponse(facet, p, res, towns, time.Since(start)), nil
}

// townsFor are the names of the towns the cities index finds for what a
// visitor typed in the list's town filter, as the quick search finds them:
// by postcode ("6880" is Bertrix and Auby-sur-Semois) and despite a typo
// ("Bouilon").
func (s searchAPI) townsFor(ctx context.Context, lang listing.Lang, query string) (map[string]bool, error) {
	res, err := s.search.Find(ctx, lang, index.SearchRequest{Kind: index.KindCity, Text: query, Length: index.MaxLength})
	if err != nil {
		return nil, fmt.Errorf("towns for %q: %w", query, err)
	}
	towns := make(map[string]bool, len(res.IDs))
	for _, id := range res.IDs {
		// A town's id is "zip|name".
		if _, name, ok := strings.Cut(id, "|"); ok {
			towns[name] = true
		}
	}
	return towns, nil
}

// hits reads the records of the found ids, in order. An id the store no
// longer has (withdrawn between the search and the read) is left out.
func (s searchAPI) hits(t algolia.Target, res index.SearchResult) ([]algolia.Hit, error) {
	ids := res.IDs
	if len(ids) == 0 {
		return nil, nil
	}
	out := make([]algolia.Hit, 0, len(ids))
	switch t.Kind {
	case index.KindProperty:
		props, err := s.catalog.PropertiesByID(t.Lang, res.IntIDs())
		if err != nil {
			return nil, err
		}
		for _, p := range props {
			out = append(out, algolia.PropertyHit(p, t.Lang))
		}
	case index.KindProject:
		projects, err := s.catalog.Projects(t.Lang)
		if err != nil {
			return nil, err
		}
		byID := make(map[string]listing.Project, len(projects))
		for _, p := range projects {
			byID[strconv.Itoa(p.ID)] = p
		}
		for _, id := range ids {
			if p, ok := byID[id]; ok {
				out = append(out, algolia.ProjectHit(p, t.Lang))
			}
		}
	case index.KindCity:
		cities, err := s.catalog.Cities(t.Lang)
		if err != nil {
			return nil, err
		}
		counts := s.search.CityCounts(t.Lang)
		byKey := make(map[string]listing.City, len(cities))
		for _, c := range cities {
			byKey[c.Zip+"|"+c.Name] = c
		}
		for _, id := range ids {
			if c, ok := byKey[id]; ok {
				n := counts[id]
				out = append(out, algolia.CityHit(c, n[0], n[1]))
			}
		}
	}
	return out, nil
}
