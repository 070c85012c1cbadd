package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/listing"
)

// LangUpdate is what one sync run writes for one language. It is applied in
// a single transaction, together with the language's sync mark, so a crash
// leaves either the old or the new state, never a mix.
type LangUpdate struct {
	Lang listing.Lang
	// Upsert adds or replaces properties; a previously withdrawn one comes
	// back. Their PreviousPrice is ignored: the store works it out from the
	// stored listing (listing.NextPreviousPrice).
	Upsert []listing.Property
	// Withdraw marks properties as gone from the platform. They stay stored
	// (the detail page answers 410, owners keep their history) with their
	// last known data.
	Withdraw []int
	// Types and Projects replace the language's whole set when non-nil.
	// Projects missing from the new set are marked withdrawn, not deleted.
	// The towns are not given: they are those of the listings held (Cities).
	Types    []listing.PropertyType
	Projects []listing.Project
	// SyncedAt, when non-zero, becomes the language's incremental mark: the
	// next incremental run asks for changes since then.
	SyncedAt time.Time
	// Quarantined, when SyncedAt is set, replaces the ids the run skipped as
	// invalid. Kept with the mark so the next incremental run asks for them
	// again, even when the platform does not stamp them as changed.
	Quarantined []int
	// Now stamps withdrawals.
	Now time.Time
}

// Changes are the ids an update actually changed, so the index touches only those.
type Changes struct {
	Added   []int
	Changed []int
	Removed []int
}

// ApplyLanguage writes an update in one transaction and reports what changed.
func (s *Store) ApplyLanguage(u LangUpdate) (Changes, error) {
	var ch Changes
	defer s.cache.invalidate()
	err := s.db.Update(func(tx *bolt.Tx) error {
		ch = Changes{}
		props, err := langBucket(tx, bucketProperties, u.Lang)
		if err != nil {
			return err
		}
		counts, err := loadCounts(tx, u.Lang)
		if err != nil {
			return err
		}
		towns, err := loadTowns(tx, u.Lang)
		if err != nil {
			return err
		}
		for _, p := range u.Upsert {
			p.Lang = u.Lang
			p.Withdrawn, p.WithdrawnAt = false, nil
			key := idKey(p.ID)
			old := props.Get(key)
			// The platform keeps no price history: the stored listing is the
			// only record of the price before this sync.
			p.PreviousPrice = 0
			if old != nil {
				var was listing.Property
				if err := json.Unmarshal(old, &was); err != nil {
					return fmt.Errorf("store: decode property %d: %w", p.ID, err)
				}
				p.PreviousPrice = listing.NextPreviousPrice(was, p)
			}
			data, err := json.Marshal(p)
			if err != nil {
				return fmt.Errorf("store: encode property %d: %w", p.ID, err)
			}
			if bytes.Equal(old, data) {
				continue
			}
			was := stateOf(old)
			switch {
			case old == nil, was.Withdrawn:
				ch.Added = append(ch.Added, p.ID)
			default:
				ch.Changed = append(ch.Changed, p.ID)
			}
			counts.remove(was, old != nil)
			counts.add(propertyState{Goal: p.Goal})
			towns.remove(was, old != nil)
			towns.add(p.Address)
			if err := props.Put(key, data); err != nil {
				return fmt.Errorf("store: put property %d: %w", p.ID, err)
			}
		}
		for _, id := range u.Withdraw {
			key := idKey(id)
			old := props.Get(key)
			was := stateOf(old)
			if old == nil || was.Withdrawn {
				continue
			}
			var p listing.Property
			if err := json.Unmarshal(old, &p); err != nil {
				return fmt.Errorf("store: decode property %d: %w", id, err)
			}
			at := u.Now
			p.Withdrawn, p.WithdrawnAt = true, &at
			if err := put(props, key, p); err != nil {
				return err
			}
			counts.remove(was, true)
			counts.add(propertyState{Goal: p.Goal, Withdrawn: true})
			towns.remove(was, true)
			ch.Removed = append(ch.Removed, id)
		}
		if err := put(tx.Bucket(bucketMeta), langKey(keyCounts, u.Lang), counts); err != nil {
			return err
		}
		if u.Types != nil {
			if err := replace(tx, bucketTypes, u.Lang, len(u.Types), func(i int) ([]byte, any) {
				t := u.Types[i]
				t.Lang = u.Lang
				return idKey(t.ID), t
			}); err != nil {
				return err
			}
		}
		if err := towns.save(tx, u.Lang); err != nil {
			return err
		}
		if u.Projects != nil {
			if err := applyProjects(tx, u.Lang, u.Projects); err != nil {
				return err
			}
		}
		// Marked in the same transaction as the data: if the process dies
		// before the index has it, the next start knows to rebuild.
		if err := tx.Bucket(bucketMeta).Put(langKey(keyIndexPending, u.Lang), []byte{1}); err != nil {
			return fmt.Errorf("store: mark index pending: %w", err)
		}
		if !u.SyncedAt.IsZero() {
			mark := []byte(u.SyncedAt.UTC().Format(time.RFC3339Nano))
			if err := tx.Bucket(bucketMeta).Put(lastGoodKey(u.Lang), mark); err != nil {
				return fmt.Errorf("store: put sync mark: %w", err)
			}
			if err := put(tx.Bucket(bucketMeta), langKey(keyQuarantined, u.Lang), u.Quarantined); err != nil {
				return err
			}
		}
		return nil
	})
	return ch, err
}

// propertyState is the part of a stored property the counts and the towns
// depend on.
type propertyState struct {
	Goal      listing.Goal    `json:"goal"`
	Withdrawn bool            `json:"withdrawn"`
	Address   listing.Address `json:"address"`
}

func stateOf(data []byte) propertyState {
	var st propertyState
	if data != nil {
		_ = json.Unmarshal(data, &st)
	}
	return st
}

func (c *Counts) add(st propertyState) { c.bump(st, 1) }

func (c *Counts) remove(st propertyState, existed bool) {
	if existed {
		c.bump(st, -1)
	}
}

func (c *Counts) bump(st propertyState, n int) {
	switch {
	case st.Withdrawn:
		c.Withdrawn += n
	case st.Goal == listing.Rent:
		c.Rent += n
	default:
		c.Sale += n
	}
}

// loadCounts reads the language's counts, computing them once by a scan for
// a database written before counts were kept.
func loadCounts(tx *bolt.Tx, l listing.Lang) (Counts, error) {
	var c Counts
	if v := tx.Bucket(bucketMeta).Get(langKey(keyCounts, l)); v != nil {
		if err := json.Unmarshal(v, &c); err != nil {
			return c, fmt.Errorf("store: decode counts of %s: %w", l, err)
		}
		return c, nil
	}
	props, err := langBucket(tx, bucketProperties, l)
	if err != nil {
		return c, err
	}
	err = props.ForEach(func(_, v []byte) error {
		c.add(stateOf(v))
		return nil
	})
	return c, err
}

// CityKey is the key of a town: postcode and name, since one postcode covers
// several villages.
func CityKey(c listing.City) []byte { return []byte(c.Zip + "|" + c.Name) }

// towns are the towns of a language's active listings with how many each
// has, kept beside the listings so every update writes the exact set
// without reading every listing again. The platform's own town list
// (GetCityListOfObjects) has items no public source shows; the listings'
// City and Zip are the platform's words all the same.
type towns map[string]listing.City

func townOf(a listing.Address) (string, listing.City, bool) {
	c := listing.City{Name: strings.TrimSpace(a.City), Zip: strings.TrimSpace(a.Zip), CountryID: a.CountryID, CountryName: a.CountryName}
	if c.Name == "" && c.Zip == "" {
		return "", c, false
	}
	return string(CityKey(c)), c, true
}

func (t towns) add(a listing.Address) {
	k, c, ok := townOf(a)
	if !ok {
		return
	}
	c.PropertyCount = t[k].PropertyCount + 1
	t[k] = c
}

// remove takes away the town of a listing that was active.
func (t towns) remove(was propertyState, existed bool) {
	if !existed || was.Withdrawn {
		return
	}
	k, _, ok := townOf(was.Address)
	if !ok {
		return
	}
	c, held := t[k]
	switch {
	case !held:
	case c.PropertyCount <= 1:
		delete(t, k)
	default:
		c.PropertyCount--
		t[k] = c
	}
}

// save writes the town counts and replaces the language's towns with them.
func (t towns) save(tx *bolt.Tx, l listing.Lang) error {
	if err := put(tx.Bucket(bucketMeta), langKey(keyTowns, l), t); err != nil {
		return err
	}
	keys := slices.Sorted(maps.Keys(t))
	return replace(tx, bucketCities, l, len(keys), func(i int) ([]byte, any) {
		c := t[keys[i]]
		c.Lang = l
		return CityKey(c), c
	})
}

// loadTowns reads the language's town counts, computing them once by a
// scan for a database written before they were kept.
func loadTowns(tx *bolt.Tx, l listing.Lang) (towns, error) {
	t := towns{}
	if v := tx.Bucket(bucketMeta).Get(langKey(keyTowns, l)); v != nil {
		if err := json.Unmarshal(v, &t); err != nil {
			return nil, fmt.Errorf("store: decode towns of %s: %w", l, err)
		}
		return t, nil
	}
	props, err := langBucket(tx, bucketProperties, l)
	if err != nil {
		return nil, err
	}
	err = props.ForEach(func(_, v []byte) error {
		if st := stateOf(v); !st.Withdrawn {
			t.add(st.Address)
		}
		return nil
	})
	return t, err
}

func replace(tx *bolt.Tx, top []byte, l listing.Lang, n int, item func(int) ([]byte, any)) error {
	parent := tx.Bucket(top)
	if err := parent.DeleteBucket([]byte(l)); err != nil {
		return fmt.Errorf("store: clear %s/%s: %w", top, l, err)
	}
	b, err := parent.CreateBucket([]byte(l))
	if err != nil {
		return fmt.Errorf("store: create %s/%s: %w", top, l, err)
	}
	for i := range n {
		k, v := item(i)
		if err := put(b, k, v); err != nil {
			return err
		}
	}
	return nil
}

func applyProjects(tx *bolt.Tx, l listing.Lang, projects []listing.Project) error {
	b, err := langBucket(tx, bucketProjects, l)
	if err != nil {
		return err
	}
	keep := map[int]bool{}
	for _, p := range projects {
		p.Lang, p.Withdrawn = l, false
		keep[p.ID] = true
		if err := put(b, idKey(p.ID), p); err != nil {
			return err
		}
	}
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var p listing.Project
		if err := json.Unmarshal(v, &p); err != nil {
			return fmt.Errorf("store: decode project %x: %w", k, err)
		}
		if keep[p.ID] || p.Withdrawn {
			continue
		}
		p.Withdrawn = true
		if err := put(b, k, p); err != nil {
			return err
		}
	}
	return nil
}

func lastGoodKey(l listing.Lang) []byte { return langKey(keyLastGoodSync, l) }

func langKey(prefix []byte, l listing.Lang) []byte {
	return append(append([]byte{}, prefix...), "/"+string(l)...)
}

// IndexPending reports whether an update of the language was committed but
// not confirmed in the search index (see MarkIndexed).
func (s *Store) IndexPending(l listing.Lang) (bool, error) {
	var pending bool
	err := s.db.View(func(tx *bolt.Tx) error {
		pending = tx.Bucket(bucketMeta).Get(langKey(keyIndexPending, l)) != nil
		return nil
	})
	return pending, err
}

// MarkIndexed records that the index holds every committed update of the language.
func (s *Store) MarkIndexed(l listing.Lang) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMeta).Delete(langKey(keyIndexPending, l))
	})
}

// LastGoodSync is the start of the last run that succeeded for a language:
// the ChangeSince of the next incremental run. Zero when none did.
func (s *Store) LastGoodSync(l listing.Lang) (time.Time, error) {
	var t time.Time
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketMeta).Get(lastGoodKey(l))
		if v == nil {
			return nil
		}
		var err error
		t, err = time.Parse(time.RFC3339Nano, string(v))
		if err != nil {
			return fmt.Errorf("store: sync mark of %s: %w", l, err)
		}
		return nil
	})
	return t, err
}

// Quarantined returns the ids the last good run of a language skipped as
// invalid (see LangUpdate.Quarantined).
func (s *Store) Quarantined(l listing.Lang) ([]int, error) {
	var ids []int
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketMeta).Get(langKey(keyQuarantined, l))
		if v == nil {
			return nil
		}
		if err := json.Unmarshal(v, &ids); err != nil {
			return fmt.Errorf("store: quarantined ids of %s: %w", l, err)
		}
		return nil
	})
	return ids, err
}

// ReplaceVisitSlots replaces every visit slot.
func (s *Store) ReplaceVisitSlots(slots []listing.VisitSlot) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketVisitSlots); err != nil {
			return fmt.Errorf("store: clear visit slots: %w", err)
		}
		b, err := tx.CreateBucket(bucketVisitSlots)
		if err != nil {
			return fmt.Errorf("store: create visit slots: %w", err)
		}
		for _, slot := range slots {
			if err := put(b, idKey(slot.ID), slot); err != nil {
				return err
			}
		}
		return nil
	})
}
