package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/estate-agency/estate/httpd/algolia"
)

// searchPlan is a list page's first search as the UI plans it
// (ui/src/features/search/plan.ts, render.Renderer.Plan): InstantSearch's requests and
// the state they come from.
type searchPlan struct {
	IndexID  string          `json:"indexId"`
	State    json.RawMessage `json:"state"`
	Requests []planRequest   `json:"requests"`
}

// planRequest is one request of the plan. Params stay raw: their keys'
// order is what the browser's search client hashes (initialResult).
type planRequest struct {
	IndexName string          `json:"indexName"`
	Params    json.RawMessage `json:"params"`
}

// initialResult is one index's entry of InstantSearch's InitialResults
// (instantsearch.js/es/lib/server.js, getInitialResults): what the server
// render and the browser's InstantSearchSSRProvider start from. State and
// results make the index's first SearchResults. RequestParams fill the
// browser's search client cache under the requests InstantSearch makes
// (hydrateSearchClient): a search of the same state later, such as when a
// widget mounts after hydration, is answered from it instead of the network.
type initialResult struct {
	State         json.RawMessage   `json:"state"`
	Results       []any             `json:"results"`
	RequestParams []json.RawMessage `json:"requestParams"`
}

// initialResults answers a search plan with the code that answers POST
// /1/indexes/*/queries, and returns the InitialResults JSON,
// {indexId: {state, results, requestParams}}, that renderPage takes as its
// input's search and the page data carries to the browser. A plan the API
// would refuse is an error, a *algolia.Error when the requests are at fault.
func (s searchAPI) initialResults(ctx context.Context, plan []byte) (json.RawMessage, error) {
	var p searchPlan
	if err := json.Unmarshal(plan, &p); err != nil {
		return nil, fmt.Errorf("search plan: %w", err)
	}
	switch {
	case p.IndexID == "":
		return nil, errors.New("search plan: no indexId")
	case !bytes.HasPrefix(bytes.TrimSpace(p.State), []byte("{")):
		return nil, errors.New("search plan: the state is not an object")
	case len(p.Requests) == 0:
		return nil, errors.New("search plan: no requests")
	}
	// The body the browser's client would POST, so the API's own decoding
	// applies to the requests.
	body, err := json.Marshal(struct {
		Requests []planRequest `json:"requests"`
	}{p.Requests})
	if err != nil {
		return nil, fmt.Errorf("search plan: %w", err)
	}
	mq, err := algolia.DecodeMultiQuery(body)
	if err != nil {
		return nil, fmt.Errorf("search plan: %w", err)
	}
	results, err := s.queries(ctx, mq)
	if err != nil {
		return nil, err
	}
	params := make([]json.RawMessage, len(p.Requests))
	for i, r := range p.Requests {
		params[i] = r.Params
	}
	out, err := json.Marshal(map[string]initialResult{
		p.IndexID: {State: p.State, Results: results, RequestParams: params},
	})
	if err != nil {
		return nil, fmt.Errorf("initial results: %w", err)
	}
	return out, nil
}
