package admin

import (
	"errors"
	"fmt"
	"time"

	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

// Status is what `estate status --json` prints.
type Status struct {
	Listings   map[listing.Lang]store.Counts `json:"listings"`
	Projects   map[listing.Lang]int          `json:"projects"`
	Index      map[listing.Lang]uint64       `json:"index"`
	VisitSlots int                           `json:"visitSlots"`
	LastSync   *Run                          `json:"lastSync"`
	Leads      LeadsStatus                   `json:"leads"`
	Server     bool                          `json:"server"` // answered by a running server
	// Compliance is the number of published listings that miss at least
	// one mandatory legal mention (`estate compliance` lists them).
	Compliance int `json:"compliance"`
	// Render is the server rendering since the server started; absent when
	// no server runs or it renders no page.
	Render *RenderStatus `json:"render,omitempty"`
	// Images is the photo pipeline of the running server; absent when no
	// server runs or images.enabled is off.
	Images *ImagesStatus `json:"images,omitempty"`
}

// ImagesStatus is what the image pipeline holds: the photos on our origin,
// those made in every format, and the photos that failed since the start
// (shown from the platform's address, tried again later).
type ImagesStatus struct {
	Photos     int `json:"photos"`
	AllFormats int `json:"allFormats"`
	Failed     int `json:"failed"`
}

// RenderStatus is how the running server's pages were made: the renderer's
// renders and fallbacks by reason, and the page cache's answers.
type RenderStatus struct {
	render.Stats
	Pages httpd.PageCacheStats `json:"pages"`
}

// Run is a sync run as shown in status.
type Run struct {
	StartedAt  time.Time       `json:"startedAt"`
	FinishedAt time.Time       `json:"finishedAt"`
	Full       bool            `json:"full"`
	OK         bool            `json:"ok"`
	Added      int             `json:"added"`
	Changed    int             `json:"changed"`
	Removed    int             `json:"removed"`
	Error      string          `json:"error"`
	Languages  []store.LangRun `json:"languages,omitempty"`
	// Quarantined are the visit slots the run left out; the records of a
	// language are in its LangRun.
	Quarantined []store.Quarantined `json:"quarantined,omitempty"`
}

// RunFrom converts a stored run.
func RunFrom(r store.SyncRun) Run {
	return Run{StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, Full: r.Full, OK: r.OK, Added: r.Added,
		Changed: r.Changed, Removed: r.Removed, Error: r.Error, Languages: r.Languages, Quarantined: r.Quarantined}
}

// Counter reports index sizes.
type Counter interface {
	Count(lang listing.Lang) (uint64, error)
}

// Collect gathers the status from the store and index.
func Collect(st *store.Store, ix Counter, langs []listing.Lang) (Status, error) {
	s := Status{Listings: map[listing.Lang]store.Counts{}, Projects: map[listing.Lang]int{}, Index: map[listing.Lang]uint64{}}
	for _, l := range langs {
		c, err := st.CountProperties(l)
		if err != nil {
			return s, fmt.Errorf("status %s: %w", l, err)
		}
		s.Listings[l] = c
		ps, err := st.Projects(l)
		if err != nil {
			return s, fmt.Errorf("status %s: %w", l, err)
		}
		for _, p := range ps {
			if !p.Withdrawn {
				s.Projects[l]++
			}
		}
		n, err := ix.Count(l)
		if err != nil {
			return s, fmt.Errorf("status %s: %w", l, err)
		}
		s.Index[l] = n
	}
	slots, err := st.CountVisitSlots()
	if err != nil {
		return s, err
	}
	s.VisitSlots = slots
	rep, err := platformsync.Compliance(st, langs)
	if err != nil {
		return s, err
	}
	s.Compliance = rep.Missing()
	if s.Leads, err = CollectLeads(st); err != nil {
		return s, err
	}
	last, err := st.LastRun()
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return s, err
	default:
		r := RunFrom(last)
		s.LastSync = &r
	}
	return s, nil
}
