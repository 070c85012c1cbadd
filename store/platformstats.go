package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// PlatformStats are the listing platform's statistics of one property as
// last fetched for its owner (package ownerstats): counts, days, kinds and
// media names only, never who.
type PlatformStats struct {
	FetchedAt     time.Time        `json:"fetchedAt"`
	Visits        PlatformVisits   `json:"visits"`
	Media         []PlatformMedia  `json:"media,omitempty"`
	Online        []PlatformOnline `json:"online,omitempty"`
	Calendar      []PlatformEvent  `json:"calendar,omitempty"`
	Communication []PlatformEvent  `json:"communication,omitempty"`
}

// PlatformVisits are the platform's visit counts of a property.
type PlatformVisits struct {
	Today int `json:"today"`
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
}

// PlatformMedia are a property's views on one medium on one day
// (yyyy-mm-dd on the agency's clock).
type PlatformMedia struct {
	Day     string `json:"day"`
	MediaID int    `json:"mediaId,omitempty"`
	Medium  string `json:"medium"`
	Views   int    `json:"views"`
}

// PlatformOnline is a period the property was online on a medium; To is
// zero while it still is.
type PlatformOnline struct {
	Medium string    `json:"medium"`
	From   time.Time `json:"from"`
	To     time.Time `json:"to,omitzero"`
}

// PlatformEvent is one entry of a property's calendar or communication
// history on the platform.
type PlatformEvent struct {
	Date   time.Time `json:"date"`
	Kind   string    `json:"kind"`
	Status string    `json:"status,omitempty"`
}

func platformStatsKey(propertyID int) []byte {
	return binary.BigEndian.AppendUint32(nil, uint32(propertyID))
}

// PlatformStats returns the cached statistics of a property; ErrNotFound
// when none were fetched yet.
func (s *Store) PlatformStats(propertyID int) (PlatformStats, error) {
	var out PlatformStats
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketPlatformStats).Get(platformStatsKey(propertyID))
		if v == nil {
			return ErrNotFound
		}
		if err := json.Unmarshal(v, &out); err != nil {
			return fmt.Errorf("store: decode platform stats of %d: %w", propertyID, err)
		}
		return nil
	})
	return out, err
}

// PutPlatformStats replaces the cached statistics of a property.
func (s *Store) PutPlatformStats(propertyID int, stats PlatformStats) error {
	b, err := json.Marshal(stats)
	if err != nil {
		return fmt.Errorf("store: encode platform stats of %d: %w", propertyID, err)
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketPlatformStats).Put(platformStatsKey(propertyID), b); err != nil {
			return fmt.Errorf("store: platform stats of %d: %w", propertyID, err)
		}
		return nil
	})
}
