package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// AlertSnapshot returns the listings as alerts last saw them, by id; ok is
// false before the first snapshot (nothing to compare with yet).
func (s *Store) AlertSnapshot() (snap map[int]json.RawMessage, ok bool, err error) {
	snap = map[int]json.RawMessage{}
	err = s.db.View(func(tx *bolt.Tx) error {
		ok = tx.Bucket(bucketMeta).Get(keyAlertSnapshot) != nil
		return tx.Bucket(bucketAlertListings).ForEach(func(k, v []byte) error {
			snap[int(binary.BigEndian.Uint64(k))] = append(json.RawMessage(nil), v...)
			return nil
		})
	})
	return snap, ok, err
}

// SaveAlertSnapshot replaces the snapshot with snap.
func (s *Store) SaveAlertSnapshot(snap map[int]json.RawMessage) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketAlertListings); err != nil {
			return fmt.Errorf("store: clear alert snapshot: %w", err)
		}
		b, err := tx.CreateBucket(bucketAlertListings)
		if err != nil {
			return fmt.Errorf("store: alert snapshot: %w", err)
		}
		for id, v := range snap {
			if err := b.Put(idKey(id), v); err != nil {
				return fmt.Errorf("store: alert snapshot %d: %w", id, err)
			}
		}
		return tx.Bucket(bucketMeta).Put(keyAlertSnapshot, []byte{1})
	})
}

func alertKey(accountID uint64, change string) []byte {
	return append(u64(accountID), change...)
}

// Unalerted returns the change keys not yet alerted to the account, in order.
func (s *Store) Unalerted(accountID uint64, keys []string) ([]string, error) {
	var out []string
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketAlerted)
		for _, k := range keys {
			if b.Get(alertKey(accountID, k)) == nil {
				out = append(out, k)
			}
		}
		return nil
	})
	return out, err
}

// AlertQueued records, in one transaction, that the account was alerted to
// keys and what goes out for them: mails to the outbox (kind "alert") and,
// for a daily digest, items to send later.
func (s *Store) AlertQueued(accountID uint64, keys []string, mails []json.RawMessage, digest map[string]json.RawMessage, now time.Time) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		alerted := tx.Bucket(bucketAlerted)
		at := u64(uint64(now.UnixNano()))
		for _, k := range keys {
			if err := alerted.Put(alertKey(accountID, k), at); err != nil {
				return fmt.Errorf("store: mark alerted: %w", err)
			}
		}
		for _, m := range mails {
			if err := queueMessage(tx, accountID, "alert", m, now); err != nil {
				return err
			}
		}
		d := tx.Bucket(bucketDigests)
		for k, item := range digest {
			if err := d.Put(alertKey(accountID, k), item); err != nil {
				return fmt.Errorf("store: digest item: %w", err)
			}
		}
		return nil
	})
}

// Digests returns the pending digest items by account, each in key order.
func (s *Store) Digests() (map[uint64][]json.RawMessage, error) {
	out := map[uint64][]json.RawMessage{}
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketDigests).ForEach(func(k, v []byte) error {
			if len(k) < 8 {
				return nil
			}
			id := binary.BigEndian.Uint64(k[:8])
			out[id] = append(out[id], append(json.RawMessage(nil), v...))
			return nil
		})
	})
	return out, err
}

// DigestSent replaces an account's pending digest items by the mails made
// of them, in one transaction.
func (s *Store) DigestSent(accountID uint64, mails []json.RawMessage, now time.Time) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := deletePrefix(tx.Bucket(bucketDigests), u64(accountID)); err != nil {
			return err
		}
		for _, m := range mails {
			if err := queueMessage(tx, accountID, "alert", m, now); err != nil {
				return err
			}
		}
		return nil
	})
}
