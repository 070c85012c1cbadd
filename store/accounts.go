package store

import (
	"bytes"
	"crypto/rand"
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
	Name         string    `json:"name,omitempty"`       // how mails greet the person
	CreatedAt    time.Time `json:"createdAt"`
	// PlatformPersonID is an owner's person id on the platform, whose login
	// (CheckPersonLogin) they use; their PasswordHash is then empty.
	PlatformPersonID int `json:"platformPersonId,omitempty"`
	// Demand is a searcher's search demand and its alert settings.
	Demand *Demand `json:"demand,omitempty"`
}

// Demand is what a searcher wants to hear about: the criteria (the alerts
// package's JSON, opaque here) and how alerts go out.
type Demand struct {
	Criteria     json.RawMessage `json:"criteria"`
	Frequency    string          `json:"frequency"` // "immediate" or "daily"
	Paused       bool            `json:"paused,omitempty"`
	Unsubscribed bool            `json:"unsubscribed,omitempty"`
	LeadID       uint64          `json:"leadId,omitempty"` // the demand-register lead it came from
	UpdatedAt    time.Time       `json:"updatedAt"`
}

// Active reports whether alerts go out for the demand.
func (d *Demand) Active() bool { return d != nil && !d.Paused && !d.Unsubscribed }

// ResetToken is a password reset link's state: its key in the store is
// the hash of the token mailed, so the database alone resets nothing.
type ResetToken struct {
	AccountID uint64    `json:"accountId"`
	Expires   time.Time `json:"expires"`
}

// DemandConfirmation is a demand register waiting for the owner of its
// address to confirm it by the link mailed there: its key in the store is
// the hash of the token mailed. The lead keeps the criteria and the
// password's hash; nothing opens or changes an account before the link is
// used.
type DemandConfirmation struct {
	Email   string    `json:"email"`
	LeadID  uint64    `json:"leadId"`
	Expires time.Time `json:"expires"`
}

// ErrSuperseded means a newer demand register of the same address waits
// for its confirmation already.
var ErrSuperseded = errors.New("store: a newer registration waits")

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
		return deleteWhere(tx.Bucket(bucketSessions), func(v []byte) bool {
			var sess Session
			mine := json.Unmarshal(v, &sess) == nil && sess.AccountID == accountID
			if mine {
				n++
			}
			return mine
		})
	})
	return n, err
}

// UpdateAccount changes an account in one transaction; its id and email
// stay.
func (s *Store) UpdateAccount(id uint64, fn func(*Account) error) (Account, error) {
	var a Account
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketAccounts)
		v := b.Get(u64(id))
		if v == nil {
			return fmt.Errorf("%w: account %d", ErrNotFound, id)
		}
		if err := json.Unmarshal(v, &a); err != nil {
			return fmt.Errorf("store: decode account %d: %w", id, err)
		}
		email := a.Email
		if err := fn(&a); err != nil {
			return err
		}
		a.ID, a.Email = id, email
		return put(b, u64(id), a)
	})
	return a, err
}

// DeleteAccount removes an account with its sessions, reset tokens and
// alert records (erasure on request).
func (s *Store) DeleteAccount(id uint64) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketAccounts)
		v := b.Get(u64(id))
		if v == nil {
			return fmt.Errorf("%w: account %d", ErrNotFound, id)
		}
		var a Account
		if err := json.Unmarshal(v, &a); err != nil {
			return fmt.Errorf("store: decode account %d: %w", id, err)
		}
		if err := tx.Bucket(bucketAccountEmails).Delete([]byte(a.Email)); err != nil {
			return err
		}
		if err := b.Delete(u64(id)); err != nil {
			return err
		}
		for _, name := range [][]byte{bucketSessions, bucketResetTokens} {
			if err := deleteWhere(tx.Bucket(name), func(v []byte) bool {
				var ref struct {
					AccountID uint64 `json:"accountId"`
				}
				return json.Unmarshal(v, &ref) == nil && ref.AccountID == id
			}); err != nil {
				return err
			}
		}
		if err := deleteWhere(tx.Bucket(bucketDemandConfirm), func(v []byte) bool { return confirmationOf(v, a.Email) }); err != nil {
			return err
		}
		for _, name := range [][]byte{bucketAlerted, bucketDigests} {
			if err := deletePrefix(tx.Bucket(name), u64(id)); err != nil {
				return err
			}
		}
		return nil
	})
}

func deleteWhere(b *bolt.Bucket, match func(v []byte) bool) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; {
		if !match(v) {
			k, v = c.Next()
			continue
		}
		k = append([]byte(nil), k...)
		if err := c.Delete(); err != nil {
			return fmt.Errorf("store: delete %x: %w", k, err)
		}
		k, v = c.Seek(k)
	}
	return nil
}

func deletePrefix(b *bolt.Bucket, prefix []byte) error {
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
		if err := c.Delete(); err != nil {
			return fmt.Errorf("store: delete %x: %w", k, err)
		}
	}
	return nil
}

// PutResetToken stores a password reset token under its hash.
func (s *Store) PutResetToken(key []byte, t ResetToken) error {
	return s.db.Update(func(tx *bolt.Tx) error { return put(tx.Bucket(bucketResetTokens), key, t) })
}

// TakeResetToken returns and deletes a reset token, so it works once;
// ErrNotFound when unknown or already used.
func (s *Store) TakeResetToken(key []byte) (ResetToken, error) {
	var t ResetToken
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketResetTokens)
		v := b.Get(key)
		if v == nil {
			return fmt.Errorf("%w: reset token", ErrNotFound)
		}
		if err := json.Unmarshal(v, &t); err != nil {
			return fmt.Errorf("store: decode reset token: %w", err)
		}
		return b.Delete(key)
	})
	return t, err
}

// DeleteResetTokensOf ends every password reset link of an account (a new
// password was set), returning how many there were.
func (s *Store) DeleteResetTokensOf(accountID uint64) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		n = 0
		return deleteWhere(tx.Bucket(bucketResetTokens), func(v []byte) bool {
			var t ResetToken
			mine := json.Unmarshal(v, &t) == nil && t.AccountID == accountID
			if mine {
				n++
			}
			return mine
		})
	})
	return n, err
}

// PutDemandConfirmation stores a demand register's confirmation under its
// token's hash, ending the older ones of the same address: the newest
// registration of an address is the one its link confirms. ErrSuperseded
// when a newer lead of the address waits already (a late retry of an older
// mail), and nothing is stored.
func (s *Store) PutDemandConfirmation(key []byte, c DemandConfirmation) error {
	c.Email = strings.ToLower(strings.TrimSpace(c.Email))
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketDemandConfirm)
		newer := false
		if err := deleteWhere(b, func(v []byte) bool {
			var o DemandConfirmation
			if json.Unmarshal(v, &o) != nil || o.Email != c.Email {
				return false
			}
			if o.LeadID > c.LeadID {
				newer = true
				return false
			}
			return true
		}); err != nil {
			return err
		}
		if newer {
			return fmt.Errorf("%w: %s", ErrSuperseded, c.Email)
		}
		return put(b, key, c)
	})
}

// TakeDemandConfirmation returns and deletes a demand confirmation, so its
// link works once; ErrNotFound when unknown, used or replaced by a newer one.
func (s *Store) TakeDemandConfirmation(key []byte) (DemandConfirmation, error) {
	var c DemandConfirmation
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketDemandConfirm)
		v := b.Get(key)
		if v == nil {
			return fmt.Errorf("%w: demand confirmation", ErrNotFound)
		}
		if err := json.Unmarshal(v, &c); err != nil {
			return fmt.Errorf("store: decode demand confirmation: %w", err)
		}
		return b.Delete(key)
	})
	return c, err
}

func confirmationOf(v []byte, email string) bool {
	var c DemandConfirmation
	return json.Unmarshal(v, &c) == nil && c.Email == email
}

// PurgeExpired deletes sessions, reset tokens and demand confirmations
// that can no longer be used, returning how many went.
func (s *Store) PurgeExpired(sessionDead func(Session) bool, now time.Time) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		n = 0
		if err := deleteWhere(tx.Bucket(bucketSessions), func(v []byte) bool {
			var sess Session
			dead := json.Unmarshal(v, &sess) != nil || sessionDead(sess)
			if dead {
				n++
			}
			return dead
		}); err != nil {
			return err
		}
		if err := deleteWhere(tx.Bucket(bucketResetTokens), func(v []byte) bool {
			var t ResetToken
			dead := json.Unmarshal(v, &t) != nil || !now.Before(t.Expires)
			if dead {
				n++
			}
			return dead
		}); err != nil {
			return err
		}
		return deleteWhere(tx.Bucket(bucketDemandConfirm), func(v []byte) bool {
			var c DemandConfirmation
			dead := json.Unmarshal(v, &c) != nil || !now.Before(c.Expires)
			if dead {
				n++
			}
			return dead
		})
	})
	return n, err
}

// Secret returns the named random key, made on first use and kept, so
// what it signed (unsubscribe links in mails) stays valid across restarts.
func (s *Store) Secret(name string) ([]byte, error) {
	var key []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		key = bytes.Clone(tx.Bucket(bucketSecrets).Get([]byte(name)))
		return nil
	})
	if err != nil || key != nil {
		return key, err
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketSecrets)
		if v := b.Get([]byte(name)); v != nil {
			key = bytes.Clone(v) // made meanwhile
			return nil
		}
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return fmt.Errorf("store: make secret %s: %w", name, err)
		}
		return b.Put([]byte(name), key)
	})
	return key, err
}

// QueueMessage puts a prepared mail in the outbox for an account.
func (s *Store) QueueMessage(accountID uint64, kind string, msg json.RawMessage, now time.Time) error {
	return s.db.Update(func(tx *bolt.Tx) error { return queueMessage(tx, accountID, kind, msg, now) })
}

func queueMessage(tx *bolt.Tx, accountID uint64, kind string, msg json.RawMessage, now time.Time) error {
	out := tx.Bucket(bucketOutbox)
	id, err := out.NextSequence()
	if err != nil {
		return fmt.Errorf("store: outbox sequence: %w", err)
	}
	return put(out, u64(id), OutboxEntry{ID: id, Kind: kind, Message: msg, AccountID: accountID, NextAt: now, CreatedAt: now})
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
