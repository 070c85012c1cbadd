// Package store is the site's durable replica of the platform: listings,
// projects, types, towns, visit slots and the sync run log, in one bbolt file
// owned by one process (estate serve, or a CLI command when no server runs).
package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/estate-agency/estate/listing"
)

// Sentinel errors callers test with errors.Is.
var (
	ErrNotFound = errors.New("store: not found")
	// ErrNotATestimonial refuses to approve a lead of another form.
	ErrNotATestimonial = errors.New("store: not a testimonial")
	// ErrLocked means another process (normally `estate serve`) holds the database.
	ErrLocked = errors.New("store: database is locked by another process")
	// ErrSchema means the file was written by a newer version of estate.
	ErrSchema = errors.New("store: unsupported schema version")
)

// Store wraps the bbolt database.
type Store struct {
	db    *bolt.DB
	langs []listing.Lang
	// cache holds decoded properties for the search API's hits: decoding
	// JSON was half of a search request's CPU. Every write empties it.
	cache *propertyCache
}

// Options tune Open.
type Options struct {
	// LockTimeout is how long Open waits for another process to release the
	// file before failing with ErrLocked. Zero means 1 second.
	LockTimeout time.Duration
	ReadOnly    bool
	// CacheSize is how many decoded properties PropertiesByID keeps; zero
	// means 1024. Each takes about 4.4 KB of heap and the collector lets the
	// heap grow to twice what is live: 4096 of them, once full, were 25 MB
	// of resident memory more (docs/benchmarks.md §20).
	CacheSize int
}

// Open opens (creating if needed) the database at path and makes sure every
// bucket exists for the given languages.
func Open(path string, langs []listing.Lang, opts Options) (*Store, error) {
	if opts.LockTimeout == 0 {
		opts.LockTimeout = time.Second
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.LockTimeout, ReadOnly: opts.ReadOnly})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%w: %s", ErrLocked, path)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	if opts.CacheSize <= 0 {
		opts.CacheSize = 1024
	}
	cache, err := newPropertyCache(opts.CacheSize)
	if err != nil {
		db.Close()
		return nil, err
	}
	// Batched writes (leads, captcha spends) wait this long for company
	// before committing: bbolt's 10 ms default was most of a lone
	// visitor's wait for 201, and 2 ms still lets a burst share one fsync.
	db.MaxBatchDelay = 2 * time.Millisecond
	s := &Store{db: db, langs: langs, cache: cache}
	if opts.ReadOnly {
		return s, nil
	}
	if err := db.Update(func(tx *bolt.Tx) error { return initSchema(tx, langs) }); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func initSchema(tx *bolt.Tx, langs []listing.Lang) error {
	for _, name := range topBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("store: create bucket %s: %w", name, err)
		}
	}
	for _, name := range perLanguage {
		for _, l := range langs {
			if _, err := tx.Bucket(name).CreateBucketIfNotExists([]byte(l)); err != nil {
				return fmt.Errorf("store: create bucket %s/%s: %w", name, l, err)
			}
		}
	}
	meta := tx.Bucket(bucketMeta)
	if v := meta.Get(keySchemaVersion); v != nil {
		if got := binary.BigEndian.Uint64(v); got > schemaVersion {
			return fmt.Errorf("%w: file has %d, this binary knows %d", ErrSchema, got, schemaVersion)
		}
	}
	return meta.Put(keySchemaVersion, u64(schemaVersion))
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Path is the file of the database.
func (s *Store) Path() string { return s.db.Path() }

func u64(n uint64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, n)
	return b
}

func idKey(id int) []byte { return u64(uint64(id)) }

func langBucket(tx *bolt.Tx, top []byte, l listing.Lang) (*bolt.Bucket, error) {
	b := tx.Bucket(top).Bucket([]byte(l))
	if b == nil {
		return nil, fmt.Errorf("store: language %q is not enabled: %w", l, ErrNotFound)
	}
	return b, nil
}

func put(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("store: encode %s: %w", key, err)
	}
	return b.Put(key, data)
}

// Property returns one property of a language, withdrawn or not.
func (s *Store) Property(l listing.Lang, id int) (listing.Property, error) {
	var p listing.Property
	err := s.db.View(func(tx *bolt.Tx) error {
		b, err := langBucket(tx, bucketProperties, l)
		if err != nil {
			return err
		}
		v := b.Get(idKey(id))
		if v == nil {
			return fmt.Errorf("property %s/%d: %w", l, id, ErrNotFound)
		}
		return json.Unmarshal(v, &p)
	})
	return p, err
}

// PropertiesByID returns the properties of a language with the given ids, in
// that order, skipping unknown ids. The values may be shared with other
// callers through the cache: read them, do not modify them.
func (s *Store) PropertiesByID(l listing.Lang, ids []int) ([]listing.Property, error) {
	out := make([]listing.Property, len(ids))
	found := make([]bool, len(ids))
	var missing []int
	for i, id := range ids {
		if p, ok := s.cache.get(l, id); ok {
			out[i], found[i] = p, true
		} else {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		gen := s.cache.generation()
		var read []listing.Property
		err := s.db.View(func(tx *bolt.Tx) error {
			b, err := langBucket(tx, bucketProperties, l)
			if err != nil {
				return err
			}
			for _, i := range missing {
				v := b.Get(idKey(ids[i]))
				if v == nil {
					continue
				}
				var p listing.Property
				if err := json.Unmarshal(v, &p); err != nil {
					return fmt.Errorf("store: decode property %d: %w", ids[i], err)
				}
				out[i], found[i] = p, true
				read = append(read, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		s.cache.add(l, gen, read)
	}
	kept := out[:0]
	for i, p := range out {
		if found[i] {
			kept = append(kept, p)
		}
	}
	return kept, nil
}

// EachProperty calls fn for every property of a language in id order. The
// records are read in chunks of short transactions so a long walk (a reindex
// of 50,000 listings) never holds a read transaction that would block the
// file from growing.
func (s *Store) EachProperty(l listing.Lang, fn func(listing.Property) error) error {
	const chunk = 1000
	var after []byte
	for {
		var batch []listing.Property
		err := s.db.View(func(tx *bolt.Tx) error {
			b, err := langBucket(tx, bucketProperties, l)
			if err != nil {
				return err
			}
			c := b.Cursor()
			k, v := c.First()
			if after != nil {
				k, v = c.Seek(after)
				if k != nil && string(k) == string(after) {
					k, v = c.Next()
				}
			}
			for ; k != nil && len(batch) < chunk; k, v = c.Next() {
				var p listing.Property
				if err := json.Unmarshal(v, &p); err != nil {
					return fmt.Errorf("store: decode property %x: %w", k, err)
				}
				batch = append(batch, p)
				after = append(after[:0], k...)
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, p := range batch {
			if err := fn(p); err != nil {
				return err
			}
		}
		if len(batch) < chunk {
			return nil
		}
	}
}

// EachActiveProperty is EachProperty without the withdrawn listings: what
// a visitor can find, walked without the cache (the sitemap, demand
// matching).
func (s *Store) EachActiveProperty(l listing.Lang, fn func(listing.Property) error) error {
	return s.EachProperty(l, func(p listing.Property) error {
		if p.Withdrawn {
			return nil
		}
		return fn(p)
	})
}

// ActivePropertyIDs returns the ids of the properties of a language that are
// not withdrawn, in id order. It reads only what it needs of each record, so
// a full sync can find what disappeared without decoding every listing.
func (s *Store) ActivePropertyIDs(l listing.Lang) ([]int, error) {
	var ids []int
	err := s.db.View(func(tx *bolt.Tx) error {
		b, err := langBucket(tx, bucketProperties, l)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			if !stateOf(v).Withdrawn {
				ids = append(ids, int(binary.BigEndian.Uint64(k)))
			}
			return nil
		})
	})
	return ids, err
}

// Counts are the numbers of properties of a language by goal.
type Counts struct {
	Sale      int `json:"sale"`
	Rent      int `json:"rent"`
	Withdrawn int `json:"withdrawn"`
}

// Active is the number of properties a visitor can find.
func (c Counts) Active() int { return c.Sale + c.Rent }

// CountProperties counts the properties of a language; withdrawn ones are
// counted apart. The counts are kept up to date by ApplyLanguage, so this
// reads one key instead of decoding every listing.
func (s *Store) CountProperties(l listing.Lang) (Counts, error) {
	var c Counts
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		c, err = loadCounts(tx, l)
		return err
	})
	return c, err
}

// Projects returns the projects of a language in id order.
func (s *Store) Projects(l listing.Lang) ([]listing.Project, error) {
	return list[listing.Project](s, bucketProjects, l)
}

// Project returns one project.
func (s *Store) Project(l listing.Lang, id int) (listing.Project, error) {
	var p listing.Project
	err := s.db.View(func(tx *bolt.Tx) error {
		b, err := langBucket(tx, bucketProjects, l)
		if err != nil {
			return err
		}
		v := b.Get(idKey(id))
		if v == nil {
			return fmt.Errorf("project %s/%d: %w", l, id, ErrNotFound)
		}
		return json.Unmarshal(v, &p)
	})
	return p, err
}

// Types returns the property types of a language in id order.
func (s *Store) Types(l listing.Lang) ([]listing.PropertyType, error) {
	return list[listing.PropertyType](s, bucketTypes, l)
}

// Cities returns the towns of a language ordered by postcode then name.
func (s *Store) Cities(l listing.Lang) ([]listing.City, error) {
	return list[listing.City](s, bucketCities, l)
}

func list[T any](s *Store, top []byte, l listing.Lang) ([]T, error) {
	var out []T
	err := s.db.View(func(tx *bolt.Tx) error {
		b, err := langBucket(tx, top, l)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			var x T
			if err := json.Unmarshal(v, &x); err != nil {
				return fmt.Errorf("store: decode %s/%s/%x: %w", top, l, k, err)
			}
			out = append(out, x)
			return nil
		})
	})
	return out, err
}

// VisitSlots returns the visit slots of a property ordered by start.
func (s *Store) VisitSlots(propertyID int) ([]listing.VisitSlot, error) {
	var out []listing.VisitSlot
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketVisitSlots).ForEach(func(k, v []byte) error {
			var slot listing.VisitSlot
			if err := json.Unmarshal(v, &slot); err != nil {
				return fmt.Errorf("store: decode visit slot %x: %w", k, err)
			}
			if slot.PropertyID == propertyID {
				out = append(out, slot)
			}
			return nil
		})
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out, err
}

// CountVisitSlots returns the number of stored visit slots.
func (s *Store) CountVisitSlots() (int, error) {
	var n int
	err := s.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(bucketVisitSlots).Stats().KeyN
		return nil
	})
	return n, err
}
