// Package platformsync (folder sync/) keeps the local store and search index a faithful replica of
// the agency's listing platform: a Source reads the platform (over HTTP or
// from a folder of the same JSON), the Syncer maps wire items to the domain,
// refuses answers that would lose good data, and records every run.
package platformsync

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
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
// It holds one language at a time, indexed by id, and reloads it at each
// PropertyList so an edited file shows up at the next sync, as a change on
// the platform would. Release drops it between runs.
type DirSource struct {
	Dir string
	// SlotsClock, when set, keeps the visit slots of a bundled demo dataset
	// ahead of its time, moved by whole weeks in SlotsZone (see slotsAhead).
	// Unset for data that must be served as it is.
	SlotsClock func() time.Time
	SlotsZone  *time.Location

	mu   sync.Mutex
	lang listing.Lang
	data *wire.LangData
	byID map[int]int // property id → index in data.Properties
}

// NewDirSource checks that dir holds a dataset and returns a source over it.
// The data itself is read when a sync asks for it.
func NewDirSource(dir string) (*DirSource, error) {
	matches, err := filepath.Glob(filepath.Join(dir, wire.MethodProperty, "*.json"))
	if err != nil || len(matches) == 0 {
		return nil, fmt.Errorf("%s holds no platform dataset (no %s/*.json)", dir, wire.MethodProperty)
	}
	return &DirSource{Dir: dir}, nil
}

// load returns the data of a language, reading it when another language (or
// nothing) is loaded or when reload is set.
func (s *DirSource) load(l listing.Lang, reload bool) (*wire.LangData, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.data != nil && s.lang == l && !reload {
		return s.data, nil
	}
	ld, err := wire.LoadLang(s.Dir, l)
	if errors.Is(err, wire.ErrNoLanguage) {
		ld, err = &wire.LangData{}, nil
	}
	if err != nil {
		return nil, err
	}
	s.lang, s.data = l, ld
	s.byID = make(map[int]int, len(ld.Properties))
	for i, p := range ld.Properties {
		s.byID[p.ID] = i
	}
	return ld, nil
}

// Release drops the loaded data; the Syncer calls it after a run.
func (s *DirSource) Release() {
	s.mu.Lock()
	s.lang, s.data, s.byID = "", nil, nil
	s.mu.Unlock()
}

// Types implements Source.
func (s *DirSource) Types(_ context.Context, l listing.Lang) ([]wire.PropertyType, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	return ld.Types, nil
}

// Cities implements Source.
func (s *DirSource) Cities(_ context.Context, l listing.Lang) ([]wire.City, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	return ld.Cities, nil
}

// PropertyList implements Source.
func (s *DirSource) PropertyList(ctx context.Context, l listing.Lang, since time.Time) ([]wire.PropertyListItem, error) {
	ld, err := s.load(l, true)
	if err != nil {
		return nil, err
	}
	return ld.PropertyList(since), ctx.Err()
}

// Properties implements Source.
func (s *DirSource) Properties(_ context.Context, l listing.Lang, ids []int) ([]wire.PropertyDetail, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]wire.PropertyDetail, 0, len(ids))
	for _, id := range ids {
		if i, ok := s.byID[id]; ok {
			out = append(out, ld.Properties[i])
		}
	}
	return out, nil
}

// Pictures implements Source.
func (s *DirSource) Pictures(_ context.Context, l listing.Lang, id int) ([]wire.PictureItem, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	return ld.Pictures[id], nil
}

// Projects implements Source.
func (s *DirSource) Projects(_ context.Context, l listing.Lang) ([]wire.ProjectListItem, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	return ld.ProjectList(), nil
}

// Project implements Source.
func (s *DirSource) Project(_ context.Context, l listing.Lang, id int) (wire.Project, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return wire.Project{}, err
	}
	p, ok := ld.Project(id)
	if !ok {
		return wire.Project{}, &PlatformError{Method: wire.MethodProject, Code: 404, Message: "project not found"}
	}
	return p, nil
}

// DeletedPropertyIDs implements Source.
func (s *DirSource) DeletedPropertyIDs(_ context.Context, l listing.Lang, since time.Time) ([]int, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	return ld.DeletedSince(since), nil
}

// Appointments implements Source.
func (s *DirSource) Appointments(_ context.Context, l listing.Lang) ([]wire.Appointment, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return nil, err
	}
	if s.SlotsClock == nil {
		return ld.Appointments, nil
	}
	zone := s.SlotsZone
	if zone == nil {
		zone = time.UTC
	}
	return slotsAhead(ld.Appointments, s.SlotsClock(), zone), nil
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
