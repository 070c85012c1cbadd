// Package algolia translates the subset of the Algolia search REST protocol
// that InstantSearch and the official algoliasearch clients speak into the
// index's query model and back, so those clients work unchanged against our
// server (ARCHITECTURE.md §3, issue 3).
//
// Everything here is a pure function of its arguments: no HTTP, no index, no
// store. The handlers in httpd decode a body with DecodeMultiQuery (or
// DecodeQuery, DecodeQueryString, DecodeFacetQuery), resolve each index name
// with ParseIndexName, build an index.SearchRequest with ToSearchRequest or
// ToFacetSearchRequest, run it, turn the listings into hits with PropertyHit,
// ProjectHit or CityHit and answer with NewResponse or NewFacetSearchResponse.
// Every error is an *Error carrying the HTTP status and Algolia's message.
package algolia

import (
	"fmt"
	"net/http"
)

// Error is an answer Algolia would give instead of results. It marshals to
// Algolia's error body, {"message":"…","status":400}, which the clients read
// to build their ApiError.
type Error struct {
	Message string `json:"message"`
	Status  int    `json:"status"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

func badRequest(format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Message: fmt.Sprintf(format, args...)}
}

func notFound(format string, args ...any) *Error {
	return &Error{Status: http.StatusNotFound, Message: fmt.Sprintf(format, args...)}
}
