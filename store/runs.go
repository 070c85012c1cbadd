package store

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/listing"
)

// SyncRun is the record of one sync run, kept for `estate status` and admins.
type SyncRun struct {
	ID         uint64    `json:"id"`
	StartedAt  time.Time `json:"startedAt"`
	FinishedAt time.Time `json:"finishedAt"`
	Full       bool      `json:"full"`
	OK         bool      `json:"ok"`
	Added      int       `json:"added"`
	Changed    int       `json:"changed"`
	Removed    int       `json:"removed"`
	Error      string    `json:"error"`
	Languages  []LangRun `json:"languages,omitempty"`
	// Quarantined are records of no language (visit slots) the run skipped.
	Quarantined []Quarantined `json:"quarantined,omitempty"`
}

// LangRun is the part of a run about one language.
type LangRun struct {
	Lang    listing.Lang `json:"lang"`
	OK      bool         `json:"ok"`
	Full    bool         `json:"full"`
	Added   int          `json:"added"`
	Changed int          `json:"changed"`
	Removed int          `json:"removed"`
	Error   string       `json:"error,omitempty"`
	// Quarantined are the records the run skipped because they failed
	// validation; their last good version, if any, stays served. On a
	// refused run they are the invalid records that made it implausible.
	Quarantined []Quarantined `json:"quarantined,omitempty"`
	// Truncated are the fields cut to the sync's bounds or dropped by it.
	Truncated []Truncated `json:"truncated,omitempty"`
}

// Record kinds of Quarantined and Truncated.
const (
	KindProperty  = "property"
	KindProject   = "project"
	KindVisitSlot = "visit slot"
	KindType      = "property type"
)

// Quarantined is a record a run did not apply.
type Quarantined struct {
	Kind string `json:"kind"`
	// ID is the platform's id, 0 when the record has none usable; Row then
	// names it: its 1-based position in the platform's list.
	ID     int    `json:"id,omitempty"`
	Row    int    `json:"row,omitempty"`
	Reason string `json:"reason"`
}

func (q Quarantined) String() string {
	if q.ID > 0 {
		return fmt.Sprintf("%s %d: %s", q.Kind, q.ID, q.Reason)
	}
	return fmt.Sprintf("%s at row %d: %s", q.Kind, q.Row, q.Reason)
}

// Truncated is a field of a record the sync bounded: a text cut from From
// to To characters, a list cut from From to To items (Unit "items"), or,
// when Dropped says why, values left out whole (an address the site may not
// link to). Count is how many values of a list's items the entry stands for
// when more than one (From is then the longest of them).
type Truncated struct {
	Kind    string `json:"kind"`
	ID      int    `json:"id"`
	Field   string `json:"field"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	Unit    string `json:"unit,omitempty"`
	Count   int    `json:"count,omitempty"`
	Dropped string `json:"dropped,omitempty"`
}

// UnitItems is the Unit of a cut list.
const UnitItems = "items"

func (t Truncated) String() string {
	if t.Dropped != "" {
		if t.Count > 1 {
			return fmt.Sprintf("%s %d: %s: %d dropped (%s)", t.Kind, t.ID, t.Field, t.Count, t.Dropped)
		}
		return fmt.Sprintf("%s %d: %s dropped (%s)", t.Kind, t.ID, t.Field, t.Dropped)
	}
	unit := cmp.Or(t.Unit, "characters")
	s := fmt.Sprintf("%s %d: %s cut from %d to %d %s", t.Kind, t.ID, t.Field, t.From, t.To, unit)
	if t.Count > 1 {
		s += fmt.Sprintf(" (%d values, the longest shown)", t.Count)
	}
	return s
}

// keepRuns bounds the run log: at one run every 15 minutes it is about ten days.
const keepRuns = 1000

// RecordRun appends a run to the log, giving it an id.
func (s *Store) RecordRun(r *SyncRun) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSyncRuns)
		seq, err := b.NextSequence()
		if err != nil {
			return fmt.Errorf("store: run sequence: %w", err)
		}
		r.ID = seq
		if err := put(b, u64(seq), r); err != nil {
			return err
		}
		if seq > keepRuns {
			c := b.Cursor()
			for k, _ := c.First(); k != nil && binary.BigEndian.Uint64(k) <= seq-keepRuns; k, _ = c.First() {
				if err := c.Delete(); err != nil {
					return fmt.Errorf("store: prune runs: %w", err)
				}
			}
		}
		return nil
	})
}

// Runs returns up to limit runs, newest first.
func (s *Store) Runs(limit int) ([]SyncRun, error) {
	var out []SyncRun
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketSyncRuns).Cursor()
		for k, v := c.Last(); k != nil && len(out) < limit; k, v = c.Prev() {
			var r SyncRun
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("store: decode run %x: %w", k, err)
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

// LastRun returns the newest run, ErrNotFound when none ran yet.
func (s *Store) LastRun() (SyncRun, error) {
	runs, err := s.Runs(1)
	if err != nil {
		return SyncRun{}, err
	}
	if len(runs) == 0 {
		return SyncRun{}, fmt.Errorf("last sync run: %w", ErrNotFound)
	}
	return runs[0], nil
}
