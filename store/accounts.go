package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ErrExists means an account with that email exists already.
var ErrExists = errors.New("store: already exists")

// Account is a person who logs in: a property owner or a searcher with a
// search demand.
type Account struct {
	ID           uint64    `json:"id"`
	Kind         string    `json:"kind"` // "owner" or "searcher"
	Email        string    `json:"email"`
	PasswordHash string    `json:"passwordHash"` // argon2id, PHC string
	Lang         string    `json:"lang"`
	Properties   []int     `json:"properties,omitempty"` // an owner's listings
	CreatedAt    time.Time `json:"createdAt"`
}

// Session is a login: its key in the store is the hash of the token the
// browser holds, so the database alone opens no session.
type Session struct {
	AccountID uint64    `json:"accountId"`
	CreatedAt time.Time `json:"createdAt"`
	LastSeen  time.Time `json:"lastSeen"`
}

// AddAccount stores a new account, giving it an id; ErrExists when the
// email is taken (emails are compared in lower case).
func (s *Store) AddAccount(a *Account) error {
	a.Email = strings.ToLower(strings.TrimSpace(a.Email))
	return s.db.Update(func(tx *bolt.Tx) error {
		emails := tx.Bucket(bucketAccountEmails)
		if emails.Get([]byte(a.Email)) != nil {
			return fmt.Errorf("%w: account %s", ErrExists, a.Email)
		}
		b := tx.Bucket(bucketAccounts)
		id, err := b.NextSequence()
		if err != nil {
			return fmt.Errorf("store: account sequence: %w", err)
		}
		a.ID = id
		if err := emails.Put([]byte(a.Email), u64(id)); err != nil {
			return fmt.Errorf("store: account email: %w", err)
		}
		return put(b, u64(id), a)
	})
}

// AccountByEmail finds an account; ErrNotFound when none has that email.
func (s *Store) AccountByEmail(email string) (Account, error) {
	var a Account
	err := s.db.View(func(tx *bolt.Tx) error {
		id := tx.Bucket(bucketAccountEmails).Get([]byte(strings.ToLower(strings.TrimSpace(email))))
		if id == nil {
			return fmt.Errorf("%w: account %s", ErrNotFound, email)
		}
		return json.Unmarshal(tx.Bucket(bucketAccounts).Get(id), &a)
	})
	return a, err
}

// Account returns the account with that id.
func (s *Store) Account(id uint64) (Account, error) {
	var a Account
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketAccounts).Get(u64(id))
		if v == nil {
			return fmt.Errorf("%w: account %d", ErrNotFound, id)
		}
		return json.Unmarshal(v, &a)
	})
	return a, err
}

// PutSession stores a session under its token's hash.
func (s *Store) PutSession(key []byte, sess Session) error {
	return s.db.Update(func(tx *bolt.Tx) error { return put(tx.Bucket(bucketSessions), key, sess) })
}

// Session returns the session stored under key.
func (s *Store) Session(key []byte) (Session, error) {
	var sess Session
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketSessions).Get(key)
		if v == nil {
			return fmt.Errorf("%w: session", ErrNotFound)
		}
		return json.Unmarshal(v, &sess)
	})
	return sess, err
}

// DeleteSession ends one session.
func (s *Store) DeleteSession(key []byte) error {
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketSessions).Delete(key) })
}

// DeleteSessionsOf ends every session of an account (logout everywhere, a
// new password), returning how many there were.
func (s *Store) DeleteSessionsOf(accountID uint64) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		n = 0
		c := tx.Bucket(bucketSessions).Cursor()
		for k, v := c.First(); k != nil; {
			var sess Session
			if err := json.Unmarshal(v, &sess); err != nil {
				return fmt.Errorf("store: decode session: %w", err)
			}
			if sess.AccountID != accountID {
				k, v = c.Next()
				continue
			}
			k = append([]byte(nil), k...)
			if err := c.Delete(); err != nil {
				return fmt.Errorf("store: end session: %w", err)
			}
			n++
			k, v = c.Seek(k)
		}
		return nil
	})
	return n, err
}

// Accounts returns every account, oldest first.
func (s *Store) Accounts() ([]Account, error) {
	var out []Account
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketAccounts).ForEach(func(k, v []byte) error {
			var a Account
			if err := json.Unmarshal(v, &a); err != nil {
				return fmt.Errorf("store: decode account %x: %w", k, err)
			}
			out = append(out, a)
			return nil
		})
	})
	return out, err
}
