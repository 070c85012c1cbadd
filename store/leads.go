package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

var (
	// ErrSlotFull means a visit slot has no place left ('The appointments are full').
	ErrSlotFull = errors.New("store: visit slot is full")
	// ErrSlotBooked means the person already holds a place in the visit slot.
	ErrSlotBooked = errors.New("store: the person already booked this visit slot")
	// ErrAlreadyRequested means the same person asked for the same thing within its window.
	ErrAlreadyRequested = errors.New("store: already requested")
)

// Lead is one accepted form submission, kept with the state of each of its
// deliveries.
type Lead struct {
	ID       uint64    `json:"id"`
	Form     string    `json:"form"`
	Lang     string    `json:"lang"`
	Received time.Time `json:"received"`
	// Email is the sender's address in lower case, for erasure and repeats.
	Email      string         `json:"email,omitempty"`
	PropertyID int            `json:"propertyId,omitempty"`
	ProjectID  int            `json:"projectId,omitempty"`
	SlotID     int            `json:"slotId,omitempty"`
	Fields     map[string]any `json:"fields"`
	// Status is a testimonial's moderation (TestimonialPending, then
	// TestimonialPublished); other leads have none.
	Status     string     `json:"status,omitempty"`
	Deliveries []Delivery `json:"deliveries"`
}

// Delivery is where one outbox entry of a lead stands.
type Delivery struct {
	Kind      string    `json:"kind"`
	Status    string    `json:"status"` // DeliveryPending, DeliverySent, DeliveryUnconfirmed or DeliveryDead
	Attempts  int       `json:"attempts"`
	LastError string    `json:"lastError,omitempty"`
	SentAt    time.Time `json:"sentAt,omitzero"`
}

// The states of a delivery.
const (
	DeliveryPending = "pending"
	DeliverySent    = "sent"
	DeliveryDead    = "dead"
	// DeliveryUnconfirmed: sent to the platform, whose answer never came.
	// It may have been applied, so it is not sent again; the agency checks.
	DeliveryUnconfirmed = "unconfirmed"
)

// OutboxEntry is one delivery still to make (or given up on, in the dead letters).
type OutboxEntry struct {
	ID     uint64 `json:"id"`
	LeadID uint64 `json:"leadId"`
	Kind   string `json:"kind"`
	// Message is a mail prepared when queued (account mails: password
	// reset, alerts), for entries without a lead.
	Message   json.RawMessage `json:"message,omitempty"`
	AccountID uint64          `json:"accountId,omitempty"`
	Attempts  int             `json:"attempts"`
	NextAt    time.Time       `json:"nextAt"`
	LastError string          `json:"lastError,omitempty"`
	CreatedAt time.Time       `json:"createdAt"`
}

// NewLead is what AddLead writes in one transaction.
type NewLead struct {
	Lead Lead
	// Kinds are the outbox entries to create, one per delivery.
	Kinds []string
	// Once, when set, refuses a second lead with the same key within Window
	// (one documents request per person and property per 30 days).
	Once   string
	Window time.Duration
	// Slot, when set, books one place of a visit slot that had Booked of
	// Capacity places taken on the platform.
	Slot *SlotBooking
}

// SlotBooking is a visit slot to book a place in.
type SlotBooking struct {
	ID, Capacity, Booked int
	// Person names who books (the e-mail address, lower-cased): one person
	// holds one place of a slot, so a double submit or a second tab cannot
	// take two. Only its hash is kept.
	Person string
}

// AddLead stores a lead and its outbox entries in one transaction, so the
// lead exists with every delivery it owes or not at all. The commit is on
// disk (bbolt syncs it) when AddLead returns; concurrent calls share commits.
func (s *Store) AddLead(n NewLead, now time.Time) (uint64, error) {
	var id uint64
	err := s.db.Batch(func(tx *bolt.Tx) error {
		if n.Once != "" {
			b := tx.Bucket(bucketOnce)
			if v := b.Get([]byte(n.Once)); len(v) == 8 {
				if at := time.Unix(0, int64(binary.BigEndian.Uint64(v))); now.Sub(at) < n.Window {
					return ErrAlreadyRequested
				}
			}
			if err := b.Put([]byte(n.Once), u64(uint64(now.UnixNano()))); err != nil {
				return fmt.Errorf("store: remember request: %w", err)
			}
		}
		if n.Slot != nil {
			b := tx.Bucket(bucketBookings)
			key := idKey(n.Slot.ID)
			var ours uint64
			if v := b.Get(key); len(v) == 8 {
				ours = binary.BigEndian.Uint64(v)
			}
			var booker []byte
			if n.Slot.Person != "" {
				sum := sha256.Sum256([]byte(n.Slot.Person))
				booker = append(append([]byte{}, key...), sum[:]...)
				if tx.Bucket(bucketBookers).Get(booker) != nil {
					return ErrSlotBooked
				}
			}
			if n.Slot.Capacity > 0 && n.Slot.Booked+int(ours) >= n.Slot.Capacity {
				return ErrSlotFull
			}
			if err := b.Put(key, u64(ours+1)); err != nil {
				return fmt.Errorf("store: book slot: %w", err)
			}
			if booker != nil {
				if err := tx.Bucket(bucketBookers).Put(booker, []byte{1}); err != nil {
					return fmt.Errorf("store: remember who booked: %w", err)
				}
			}
		}
		leads := tx.Bucket(bucketLeads)
		seq, err := leads.NextSequence()
		if err != nil {
			return fmt.Errorf("store: lead sequence: %w", err)
		}
		l := n.Lead
		l.ID, l.Deliveries = seq, nil
		out := tx.Bucket(bucketOutbox)
		for _, kind := range n.Kinds {
			eid, err := out.NextSequence()
			if err != nil {
				return fmt.Errorf("store: outbox sequence: %w", err)
			}
			if err := put(out, u64(eid), OutboxEntry{ID: eid, LeadID: seq, Kind: kind, NextAt: now, CreatedAt: now}); err != nil {
				return err
			}
			l.Deliveries = append(l.Deliveries, Delivery{Kind: kind, Status: DeliveryPending})
		}
		if err := put(leads, u64(seq), l); err != nil {
			return err
		}
		id = seq
		return nil
	})
	return id, err
}

// SlotBookings returns how many places the site booked in a visit slot.
func (s *Store) SlotBookings(slotID int) (int, error) {
	var n int
	err := s.db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketBookings).Get(idKey(slotID)); len(v) == 8 {
			n = int(binary.BigEndian.Uint64(v))
		}
		return nil
	})
	return n, err
}

// Lead returns the lead with that id.
func (s *Store) Lead(id uint64) (Lead, error) {
	var l Lead
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketLeads).Get(u64(id))
		if v == nil {
			return fmt.Errorf("%w: lead %d", ErrNotFound, id)
		}
		return json.Unmarshal(v, &l)
	})
	return l, err
}

// EachLead calls fn for every lead, oldest first, until fn fails.
func (s *Store) EachLead(fn func(Lead) error) error {
	return s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLeads).ForEach(func(k, v []byte) error {
			var l Lead
			if err := json.Unmarshal(v, &l); err != nil {
				return fmt.Errorf("store: decode lead %x: %w", k, err)
			}
			return fn(l)
		})
	})
}

// UpdateLead rewrites a lead through fn (a testimonial's approval).
func (s *Store) UpdateLead(id uint64, fn func(*Lead) error) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketLeads)
		v := b.Get(u64(id))
		if v == nil {
			return fmt.Errorf("%w: lead %d", ErrNotFound, id)
		}
		var l Lead
		if err := json.Unmarshal(v, &l); err != nil {
			return fmt.Errorf("store: decode lead %d: %w", id, err)
		}
		if err := fn(&l); err != nil {
			return err
		}
		return put(b, u64(id), l)
	})
}

// DueOutbox returns up to limit entries whose time has come, oldest first.
func (s *Store) DueOutbox(now time.Time, limit int) ([]OutboxEntry, error) {
	var out []OutboxEntry
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketOutbox).Cursor()
		for k, v := c.First(); k != nil && len(out) < limit; k, v = c.Next() {
			var e OutboxEntry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("store: decode outbox %x: %w", k, err)
			}
			if !e.NextAt.After(now) {
				out = append(out, e)
			}
		}
		return nil
	})
	return out, err
}

// NextOutboxAt returns when the earliest pending entry is due; ok is false
// when the outbox is empty.
func (s *Store) NextOutboxAt() (at time.Time, ok bool, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(_, v []byte) error {
			var e OutboxEntry
			if err := json.Unmarshal(v, &e); err != nil {
				return err
			}
			if !ok || e.NextAt.Before(at) {
				at, ok = e.NextAt, true
			}
			return nil
		})
	})
	return at, ok, err
}

// OutboxSize counts the entries still to deliver and the dead letters.
func (s *Store) OutboxSize() (pending, dead int, err error) {
	err = s.db.View(func(tx *bolt.Tx) error {
		pending = tx.Bucket(bucketOutbox).Stats().KeyN
		dead = tx.Bucket(bucketDead).Stats().KeyN
		return nil
	})
	return pending, dead, err
}

// DeadLetters returns the entries the relay gave up on.
func (s *Store) DeadLetters() ([]OutboxEntry, error) {
	var out []OutboxEntry
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketDead).ForEach(func(k, v []byte) error {
			var e OutboxEntry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("store: decode dead letter %x: %w", k, err)
			}
			out = append(out, e)
			return nil
		})
	})
	return out, err
}

// Delivered removes a delivered entry from the outbox and marks it sent on its lead.
func (s *Store) Delivered(e OutboxEntry, at time.Time) error {
	return s.settle(e, func(d *Delivery) {
		d.Status, d.Attempts, d.SentAt, d.LastError = DeliverySent, e.Attempts+1, at, ""
	}, nil)
}

// Unconfirmed removes an entry whose push reached the platform without an
// answer, marking it unconfirmed with the cause: never retried by itself.
func (s *Store) Unconfirmed(e OutboxEntry, at time.Time, cause string) error {
	return s.settle(e, func(d *Delivery) {
		d.Status, d.Attempts, d.SentAt, d.LastError = DeliveryUnconfirmed, e.Attempts+1, at, cause
	}, nil)
}

// Failed records a failed attempt: the entry waits until next, or moves to
// the dead letters when dead is true.
func (s *Store) Failed(e OutboxEntry, cause string, next time.Time, dead bool) error {
	e.Attempts++
	e.LastError, e.NextAt = cause, next
	return s.settle(e, func(d *Delivery) {
		d.Attempts, d.LastError = e.Attempts, cause
		if dead {
			d.Status = DeliveryDead
		}
	}, func(tx *bolt.Tx) error {
		if dead {
			return put(tx.Bucket(bucketDead), u64(e.ID), e)
		}
		return put(tx.Bucket(bucketOutbox), u64(e.ID), e)
	})
}

// settle updates an entry's delivery on its lead and, unless keep rewrites
// it, removes the entry from the outbox. A lead erased meanwhile leaves
// nothing to update.
func (s *Store) settle(e OutboxEntry, mark func(*Delivery), keep func(*bolt.Tx) error) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketOutbox).Delete(u64(e.ID)); err != nil {
			return fmt.Errorf("store: outbox delete: %w", err)
		}
		if keep != nil {
			if err := keep(tx); err != nil {
				return err
			}
		}
		leads := tx.Bucket(bucketLeads)
		v := leads.Get(u64(e.LeadID))
		if v == nil {
			return nil
		}
		var l Lead
		if err := json.Unmarshal(v, &l); err != nil {
			return fmt.Errorf("store: decode lead %d: %w", e.LeadID, err)
		}
		for i := range l.Deliveries {
			if l.Deliveries[i].Kind == e.Kind {
				mark(&l.Deliveries[i])
			}
		}
		return put(leads, u64(l.ID), l)
	})
}

// EraseEmail removes every lead sent by or naming the address (as sender
// or as a friend's address), their outbox entries and dead letters, and the
// repeat guards keyed on it. It returns how many leads went.
func (s *Store) EraseEmail(email string) (int, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		n = 0
		gone := map[uint64]bool{}
		leads := tx.Bucket(bucketLeads)
		c := leads.Cursor()
		for k, v := c.First(); k != nil; {
			var l Lead
			if err := json.Unmarshal(v, &l); err != nil {
				return fmt.Errorf("store: decode lead %x: %w", k, err)
			}
			if !namesEmail(l, email) {
				k, v = c.Next()
				continue
			}
			gone[l.ID] = true
			k = append([]byte(nil), k...) // Delete may reuse the key's memory
			if err := c.Delete(); err != nil {
				return fmt.Errorf("store: erase lead %d: %w", l.ID, err)
			}
			n++
			k, v = c.Seek(k)
		}
		for _, name := range [][]byte{bucketOutbox, bucketDead} {
			if err := deleteEntriesOf(tx.Bucket(name), gone); err != nil {
				return err
			}
		}
		if err := deleteWhere(tx.Bucket(bucketDemandConfirm), func(v []byte) bool { return confirmationOf(v, email) }); err != nil {
			return err
		}
		once := tx.Bucket(bucketOnce).Cursor()
		for k, _ := once.First(); k != nil; {
			if strings.HasPrefix(string(k), email+"|") {
				k = append([]byte(nil), k...)
				if err := once.Delete(); err != nil {
					return fmt.Errorf("store: erase request guard: %w", err)
				}
				k, _ = once.Seek(k)
				continue
			}
			k, _ = once.Next()
		}
		return nil
	})
	return n, err
}

func namesEmail(l Lead, email string) bool {
	if l.Email == email {
		return true
	}
	for _, v := range l.Fields {
		if s, ok := v.(string); ok && strings.EqualFold(strings.TrimSpace(s), email) {
			return true
		}
	}
	return false
}

// PurgeBefore removes leads received before t with their outbox entries
// (the retention period), returning how many went.
func (s *Store) PurgeBefore(t time.Time) (int, error) {
	n := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		n = 0
		gone := map[uint64]bool{}
		c := tx.Bucket(bucketLeads).Cursor()
		for k, v := c.First(); k != nil; {
			var l Lead
			if err := json.Unmarshal(v, &l); err != nil {
				return fmt.Errorf("store: decode lead %x: %w", k, err)
			}
			if !l.Received.Before(t) {
				k, v = c.Next()
				continue
			}
			gone[l.ID] = true
			k = append([]byte(nil), k...) // Delete may reuse the key's memory
			if err := c.Delete(); err != nil {
				return fmt.Errorf("store: purge lead %d: %w", l.ID, err)
			}
			n++
			k, v = c.Seek(k)
		}
		for _, name := range [][]byte{bucketOutbox, bucketDead} {
			if err := deleteEntriesOf(tx.Bucket(name), gone); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

func deleteEntriesOf(b *bolt.Bucket, leads map[uint64]bool) error {
	if len(leads) == 0 {
		return nil
	}
	c := b.Cursor()
	for k, v := c.First(); k != nil; {
		var e OutboxEntry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("store: decode outbox %x: %w", k, err)
		}
		if !leads[e.LeadID] {
			k, v = c.Next()
			continue
		}
		k = append([]byte(nil), k...)
		if err := c.Delete(); err != nil {
			return fmt.Errorf("store: delete outbox %d: %w", e.ID, err)
		}
		k, v = c.Seek(k)
	}
	return nil
}

// SpendCaptcha records a solved captcha until it would have expired
// anyway; fresh is false when it was spent before (a replay). Expired
// records are swept on the way.
func (s *Store) SpendCaptcha(id string, until, now time.Time) (fresh bool, err error) {
	err = s.db.Batch(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketCaptcha)
		if b.Get([]byte(id)) != nil {
			fresh = false
			return nil
		}
		fresh = true
		if b.Stats().KeyN > 1000 {
			c := b.Cursor()
			for k, v := c.First(); k != nil; {
				if len(v) == 8 && time.Unix(0, int64(binary.BigEndian.Uint64(v))).Before(now) {
					k = append([]byte(nil), k...)
					if err := c.Delete(); err != nil {
						return err
					}
					k, v = c.Seek(k)
					continue
				}
				k, v = c.Next()
			}
		}
		return b.Put([]byte(id), u64(uint64(until.UnixNano())))
	})
	return fresh, err
}

// LeadsAbout returns the leads about a property, oldest first.
func (s *Store) LeadsAbout(propertyID int) ([]Lead, error) {
	var out []Lead
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLeads).ForEach(func(k, v []byte) error {
			// Most leads are about something else: peek before decoding.
			if !bytes.Contains(v, []byte(`"propertyId":`+strconv.Itoa(propertyID))) {
				return nil
			}
			var l Lead
			if err := json.Unmarshal(v, &l); err != nil {
				return fmt.Errorf("store: decode lead %x: %w", k, err)
			}
			if l.PropertyID == propertyID {
				out = append(out, l)
			}
			return nil
		})
	})
	return out, err
}
