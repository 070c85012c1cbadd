package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/listing"
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

// platformStatsKey is a property's entry in a language: the id big-endian,
// then the language's code. An entry written before the cache was per
// language has the bare id as its key (lang "").
func platformStatsKey(propertyID int, lang listing.Lang) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(propertyID)), lang...)
}

// PlatformStats returns the cached statistics of a property in a language
// (the platform's texts are in it); ErrNotFound when none were fetched yet.
func (s *Store) PlatformStats(propertyID int, lang listing.Lang) (PlatformStats, error) {
	var out PlatformStats
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketPlatformStats).Get(platformStatsKey(propertyID, lang))
		if v == nil {
			return ErrNotFound
		}
		if err := json.Unmarshal(v, &out); err != nil {
			return fmt.Errorf("store: decode platform stats of %d (%s): %w", propertyID, lang, err)
		}
		return nil
	})
	return out, err
}

// PlatformStatsLangs returns every cached entry of a property by language,
// an entry of before languages under ""; empty when none were fetched.
func (s *Store) PlatformStatsLangs(propertyID int) (map[listing.Lang]PlatformStats, error) {
	out := map[listing.Lang]PlatformStats{}
	prefix := platformStatsKey(propertyID, "")
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketPlatformStats).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			lang := listing.Lang(k[len(prefix):])
			var ps PlatformStats
			if err := json.Unmarshal(v, &ps); err != nil {
				return fmt.Errorf("store: decode platform stats of %d (%s): %w", propertyID, lang, err)
			}
			out[lang] = ps
		}
		return nil
	})
	return out, err
}

// PutPlatformStats replaces the cached statistics of a property in a
// language; the property's entry of before languages, if any, goes.
func (s *Store) PutPlatformStats(propertyID int, lang listing.Lang, stats PlatformStats) error {
	if lang == "" {
		return fmt.Errorf("store: platform stats of %d: no language", propertyID)
	}
	b, err := json.Marshal(stats)
	if err != nil {
		return fmt.Errorf("store: encode platform stats of %d: %w", propertyID, err)
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucketPlatformStats)
		if err := bk.Put(platformStatsKey(propertyID, lang), b); err != nil {
			return fmt.Errorf("store: platform stats of %d: %w", propertyID, err)
		}
		if err := bk.Delete(platformStatsKey(propertyID, "")); err != nil {
			return fmt.Errorf("store: platform stats of %d: %w", propertyID, err)
		}
		return nil
	})
}
