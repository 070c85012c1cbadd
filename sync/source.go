// Package platformsync (folder sync/) keeps the local store and search index a faithful replica of
// the agency's listing platform: a Source reads the platform (over HTTP with
// package platform's client, or from a folder of the same answers), the
// Syncer maps the records to the domain, refuses answers that would lose
// good data, and records every run.
package platformsync

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// Source is what the Syncer reads listings from: the platform's methods
// (package platform names each one's source), each record decoded on its
// own. Every method returns either the complete answer or an error:
// implementations check paging and counts so a truncated answer never looks
// like a short one. *platform.Client is one.
type Source interface {
	WebCategories(ctx context.Context, lang listing.Lang) (platform.Rows[platform.WebCategory], error)
	Types(ctx context.Context, lang listing.Lang) (platform.Rows[platform.TypeOfProperty], error)
	// PropertyList returns every listed property changed at or after since;
	// the zero time means all.
	PropertyList(ctx context.Context, lang listing.Lang, since time.Time) (platform.Rows[platform.Property], error)
	// Properties returns the details of the given ids, in any order; an id the
	// platform does not know is missing from the answer.
	Properties(ctx context.Context, lang listing.Lang, ids []int) (platform.Rows[platform.Property], error)
	PropertyPictures(ctx context.Context, lang listing.Lang, id int) (platform.Rows[platform.ListedPicture], error)
	// Documents are the published documents of the given properties (GetDocumentList).
	Documents(ctx context.Context, lang listing.Lang, ids []int) (platform.DocumentList, error)
	// DeletedPropertyIDs are the ids the platform deleted, at any time.
	DeletedPropertyIDs(ctx context.Context) ([]int, error)
	Projects(ctx context.Context, lang listing.Lang) (platform.Rows[platform.ProjectRow], error)
	Project(ctx context.Context, lang listing.Lang, id int) (platform.Rows[platform.Project], error)
	ProjectPictures(ctx context.Context, lang listing.Lang, id int) (platform.Rows[platform.ListedPicture], error)
	// Appointments are the visit slots of one property (objectID), or of
	// every property (0).
	Appointments(ctx context.Context, lang listing.Lang, objectID int) (platform.Rows[platform.Appointment], error)
}

var _ Source = (*platform.Client)(nil)

// DirSource reads the platform's answers from a folder (platform.Dataset's
// layout: the bundled demo agency, or what `estate platform check --record`
// wrote). It holds one language at a time and reloads it at each
// PropertyList, so an edited file shows up at the next sync, as a change on
// the platform would. Release drops it between runs.
type DirSource struct {
	Dir string
	// Zone is the agency's clock, on which the answers' dates are written.
	Zone *time.Location
	// SlotsClock, when set, keeps the visit slots of a bundled demo dataset
	// ahead of its time, moved by whole weeks in Zone (see slotsAhead).
	// Unset for data that must be served as it is.
	SlotsClock func() time.Time
	// StatsClock, when set, moves the owners' statistics of a bundled demo
	// dataset so their newest day is yesterday (see owner_stats.go).
	StatsClock func() time.Time

	mu      sync.Mutex
	lang    listing.Lang
	data    *platform.LangData
	details map[int]json.RawMessage
}

var _ Source = (*DirSource)(nil)

// NewDirSource checks that dir holds a dataset and returns a source over it.
// The data itself is read when a sync asks for it.
func NewDirSource(dir string, zone *time.Location) (*DirSource, error) {
	if !platform.HasDataset(dir) {
		return nil, fmt.Errorf("%s holds no platform dataset (no %s/*.json)", dir, platform.MethodPropertyList)
	}
	if zone == nil {
		zone = time.UTC
	}
	return &DirSource{Dir: dir, Zone: zone}, nil
}

// load returns the data of a language, reading it when another language (or
// nothing) is loaded or when reload is set.
func (s *DirSource) load(l listing.Lang, reload bool) (*platform.LangData, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.data != nil && s.lang == l && !reload {
		return s.data, nil
	}
	ld, err := platform.LoadLang(s.Dir, l)
	if errors.Is(err, platform.ErrNoLanguage) {
		ld, err = &platform.LangData{}, nil
	}
	if err != nil {
		return nil, err
	}
	s.lang, s.data = l, ld
	s.details = make(map[int]json.RawMessage, len(ld.Properties))
	for _, raw := range ld.PropertyDetails() {
		s.details[platform.RecordID(raw)] = raw
	}
	return ld, nil
}

// Release drops the loaded data; the Syncer calls it after a run.
func (s *DirSource) Release() {
	s.mu.Lock()
	s.lang, s.data, s.details = "", nil, nil
	s.mu.Unlock()
}

// WebCategories implements Source.
func (s *DirSource) WebCategories(_ context.Context, l listing.Lang) (platform.Rows[platform.WebCategory], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.WebCategory]{}, err
	}
	return platform.DecodeRows[platform.WebCategory](ld.WebCategories), nil
}

// Types implements Source.
func (s *DirSource) Types(_ context.Context, l listing.Lang) (platform.Rows[platform.TypeOfProperty], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.TypeOfProperty]{}, err
	}
	return platform.DecodeRows[platform.TypeOfProperty](ld.Types), nil
}

// PropertyList implements Source: the rows changed at or after since, by
// their LastChangedDate on the agency's clock, ordered by ID as the
// platform lists them.
func (s *DirSource) PropertyList(ctx context.Context, l listing.Lang, since time.Time) (platform.Rows[platform.Property], error) {
	ld, err := s.load(l, true)
	if err != nil {
		return platform.Rows[platform.Property]{}, err
	}
	rows := ld.Properties
	if !since.IsZero() {
		rows = slices.DeleteFunc(slices.Clone(rows), func(raw json.RawMessage) bool {
			var r struct{ LastChangedDate platform.Date }
			return json.Unmarshal(raw, &r) == nil && r.LastChangedDate.In(s.Zone).Before(since)
		})
	}
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(a, b json.RawMessage) int { return cmp.Compare(platform.RecordID(a), platform.RecordID(b)) })
	return platform.DecodeRows[platform.Property](rows), ctx.Err()
}

// Properties implements Source.
func (s *DirSource) Properties(_ context.Context, l listing.Lang, ids []int) (platform.Rows[platform.Property], error) {
	if _, err := s.load(l, false); err != nil {
		return platform.Rows[platform.Property]{}, err
	}
	s.mu.Lock()
	out := make([]json.RawMessage, 0, len(ids))
	for _, id := range ids {
		if raw, ok := s.details[id]; ok {
			out = append(out, raw)
		}
	}
	s.mu.Unlock()
	return platform.DecodeRows[platform.Property](out), nil
}

// PropertyPictures implements Source.
func (s *DirSource) PropertyPictures(_ context.Context, l listing.Lang, id int) (platform.Rows[platform.ListedPicture], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.ListedPicture]{}, err
	}
	return platform.DecodeRows[platform.ListedPicture](ld.PropertyPictures[id]), nil
}

// DeletedPropertyIDs implements Source.
func (s *DirSource) DeletedPropertyIDs(context.Context) ([]int, error) {
	items, err := platform.LoadDeleted(s.Dir, platform.MethodDeletedProperties)
	if err != nil {
		return nil, err
	}
	return platform.DeletedIDs(platform.MethodDeletedProperties, items)
}

// Projects implements Source.
func (s *DirSource) Projects(_ context.Context, l listing.Lang) (platform.Rows[platform.ProjectRow], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.ProjectRow]{}, err
	}
	return platform.DecodeRows[platform.ProjectRow](ld.Projects), nil
}

// Project implements Source.
func (s *DirSource) Project(_ context.Context, l listing.Lang, id int) (platform.Rows[platform.Project], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.Project]{}, err
	}
	for _, raw := range ld.ProjectValues() {
		if platform.RecordID(raw) == id {
			return platform.DecodeRows[platform.Project]([]json.RawMessage{raw}), nil
		}
	}
	return platform.Rows[platform.Project]{}, &platform.Error{Method: platform.MethodProject, Code: 600, Message: "project not found"}
}

// ProjectPictures implements Source.
func (s *DirSource) ProjectPictures(_ context.Context, l listing.Lang, id int) (platform.Rows[platform.ListedPicture], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.ListedPicture]{}, err
	}
	return platform.DecodeRows[platform.ListedPicture](ld.ProjectPictures[id]), nil
}

// Appointments implements Source.
func (s *DirSource) Appointments(_ context.Context, l listing.Lang, objectID int) (platform.Rows[platform.Appointment], error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.Rows[platform.Appointment]{}, err
	}
	rows := platform.DecodeRows[platform.Appointment](ld.Appointments)
	if objectID > 0 {
		rows.Items = slices.DeleteFunc(rows.Items, func(a platform.Appointment) bool { return a.Property() != objectID })
	}
	if s.SlotsClock != nil {
		rows.Items = slotsAhead(rows.Items, s.SlotsClock(), s.Zone)
	}
	return rows, nil
}
