package store

import (
	"bytes"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/pageviews"
)

// pageViewKey is a count's key: property, day, source, so one property's
// days are one range and a day's sources follow each other.
func pageViewKey(propertyID int, day, source string) []byte {
	k := make([]byte, 4, 4+len(day)+1+len(source))
	binary.BigEndian.PutUint32(k, uint32(propertyID))
	k = append(k, day...)
	k = append(k, '|')
	return append(k, source...)
}

// AddViews counts the views whose visitor has not viewed that property
// that day yet, in one transaction (implements pageviews.Store).
func (s *Store) AddViews(views []pageviews.View) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		seen, counts := tx.Bucket(bucketPageViewsSeen), tx.Bucket(bucketPageViews)
		for _, v := range views {
			sk := make([]byte, 0, len(v.Day)+16+4)
			sk = append(sk, v.Day...)
			sk = append(sk, v.Visitor[:]...)
			sk = binary.BigEndian.AppendUint32(sk, uint32(v.PropertyID))
			if seen.Get(sk) != nil {
				continue
			}
			if err := seen.Put(sk, nil); err != nil {
				return fmt.Errorf("store: page view seen: %w", err)
			}
			ck := pageViewKey(v.PropertyID, v.Day, v.Source)
			var n uint64
			if old := counts.Get(ck); len(old) == 8 {
				n = binary.BigEndian.Uint64(old)
			}
			if err := counts.Put(ck, u64(n+1)); err != nil {
				return fmt.Errorf("store: page view count: %w", err)
			}
		}
		return nil
	})
}

// DaySalt returns the salt of day, drawing it the first time; the salts
// and seen visitors of other days are deleted then, so a visitor's hash
// cannot be recomputed or linked across days (implements pageviews.Store).
func (s *Store) DaySalt(day string) ([]byte, error) {
	var salt []byte
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketPageViewSalts)
		if v := b.Get([]byte(day)); v != nil {
			salt = bytes.Clone(v)
			return nil
		}
		fresh, err := pageviews.NewSalt()
		if err != nil {
			return fmt.Errorf("store: page view salt: %w", err)
		}
		for _, name := range [][]byte{bucketPageViewSalts, bucketPageViewsSeen} {
			if err := tx.DeleteBucket(name); err != nil {
				return fmt.Errorf("store: forget old visitors: %w", err)
			}
			if _, err := tx.CreateBucket(name); err != nil {
				return fmt.Errorf("store: forget old visitors: %w", err)
			}
		}
		salt = fresh
		return tx.Bucket(bucketPageViewSalts).Put([]byte(day), fresh)
	})
	return salt, err
}

// PageViews returns a property's counted views per day, oldest first.
func (s *Store) PageViews(propertyID int) ([]pageviews.Day, error) {
	var out []pageviews.Day
	err := s.db.View(func(tx *bolt.Tx) error {
		prefix := binary.BigEndian.AppendUint32(nil, uint32(propertyID))
		c := tx.Bucket(bucketPageViews).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			day, source, ok := bytes.Cut(k[4:], []byte("|"))
			if !ok || len(v) != 8 {
				continue
			}
			n := int(binary.BigEndian.Uint64(v))
			if len(out) == 0 || out[len(out)-1].Day != string(day) {
				out = append(out, pageviews.Day{Day: string(day), Sources: map[string]int{}})
			}
			out[len(out)-1].Sources[string(source)] += n
		}
		return nil
	})
	return out, err
}

// AddPageViewCounts adds counts of views by day and source to a property
// without visitors (the demo's history of a demo owner's properties).
func (s *Store) AddPageViewCounts(propertyID int, days []pageviews.Day) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		counts := tx.Bucket(bucketPageViews)
		for _, d := range days {
			for src, add := range d.Sources {
				ck := pageViewKey(propertyID, d.Day, src)
				var n uint64
				if old := counts.Get(ck); len(old) == 8 {
					n = binary.BigEndian.Uint64(old)
				}
				if err := counts.Put(ck, u64(n+uint64(add))); err != nil {
					return fmt.Errorf("store: page view count: %w", err)
				}
			}
		}
		return nil
	})
}
