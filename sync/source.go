// Package sync keeps the local store and search index a faithful replica of
// the agency's listing platform: a Source reads the platform (over HTTP or
// from a folder of the same JSON), the Syncer maps wire items to the domain,
// refuses answers that would lose good data, and records every run.
package sync

import (
	"context"
	"strconv"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

// Source is what the Syncer reads listings from. Every method returns either
// the complete answer or an error: implementations check paging and counts so
// a truncated answer never looks like a short one.
type Source interface {
	Types(ctx context.Context, lang listing.Lang) ([]wire.PropertyType, error)
	Cities(ctx context.Context, lang listing.Lang) ([]wire.City, error)
	// PropertyList returns every listed property changed at or after since;
	// the zero time means all.
	PropertyList(ctx context.Context, lang listing.Lang, since time.Time) ([]wire.PropertyListItem, error)
	// Properties returns the details of the given ids, in any order; an id the
	// platform does not know is missing from the answer.
	Properties(ctx context.Context, lang listing.Lang, ids []int) ([]wire.PropertyDetail, error)
	Pictures(ctx context.Context, lang listing.Lang, id int) ([]wire.PictureItem, error)
	Projects(ctx context.Context, lang listing.Lang) ([]wire.ProjectListItem, error)
	Project(ctx context.Context, lang listing.Lang, id int) (wire.Project, error)
	DeletedPropertyIDs(ctx context.Context, lang listing.Lang, since time.Time) ([]int, error)
	Appointments(ctx context.Context, lang listing.Lang) ([]wire.Appointment, error)
}

// DirSource reads the platform's wire JSON from a folder (see wire.Dataset).
// It reloads the folder at each call of PropertyList so an edited file shows
// up at the next sync, like a change on the platform would.
type DirSource struct {
	Dir string

	data *wire.Dataset
}

// NewDirSource checks that dir holds a dataset and returns a source over it.
func NewDirSource(dir string) (*DirSource, error) {
	d, err := wire.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	return &DirSource{Dir: dir, data: d}, nil
}

func (s *DirSource) lang(l listing.Lang) *wire.LangData { return s.data.Lang(l) }

// Types implements Source.
func (s *DirSource) Types(_ context.Context, l listing.Lang) ([]wire.PropertyType, error) {
	return s.lang(l).Types, nil
}

// Cities implements Source.
func (s *DirSource) Cities(_ context.Context, l listing.Lang) ([]wire.City, error) {
	return s.lang(l).Cities, nil
}

// PropertyList implements Source.
func (s *DirSource) PropertyList(ctx context.Context, l listing.Lang, since time.Time) ([]wire.PropertyListItem, error) {
	d, err := wire.LoadDir(s.Dir)
	if err != nil {
		return nil, err
	}
	s.data = d
	return s.lang(l).PropertyList(since), ctx.Err()
}

// Properties implements Source.
func (s *DirSource) Properties(_ context.Context, l listing.Lang, ids []int) ([]wire.PropertyDetail, error) {
	out := make([]wire.PropertyDetail, 0, len(ids))
	for _, id := range ids {
		if p, ok := s.lang(l).Property(id); ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// Pictures implements Source.
func (s *DirSource) Pictures(_ context.Context, l listing.Lang, id int) ([]wire.PictureItem, error) {
	return s.lang(l).Pictures[id], nil
}

// Projects implements Source.
func (s *DirSource) Projects(_ context.Context, l listing.Lang) ([]wire.ProjectListItem, error) {
	return s.lang(l).ProjectList(), nil
}

// Project implements Source.
func (s *DirSource) Project(_ context.Context, l listing.Lang, id int) (wire.Project, error) {
	p, ok := s.lang(l).Project(id)
	if !ok {
		return wire.Project{}, &PlatformError{Method: wire.MethodProject, Code: 404, Message: "project not found"}
	}
	return p, nil
}

// DeletedPropertyIDs implements Source.
func (s *DirSource) DeletedPropertyIDs(_ context.Context, l listing.Lang, since time.Time) ([]int, error) {
	return s.lang(l).DeletedSince(since), nil
}

// Appointments implements Source.
func (s *DirSource) Appointments(_ context.Context, l listing.Lang) ([]wire.Appointment, error) {
	return s.lang(l).Appointments, nil
}

// PlatformError is an answer of the platform with Success false.
type PlatformError struct {
	Method  string
	Code    int
	Message string
}

func (e *PlatformError) Error() string {
	return "platform " + e.Method + ": " + e.Message + " (code " + strconv.Itoa(e.Code) + ")"
}
