package store

import (
	"fmt"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/estate-agency/estate/listing"
)

type cacheKey struct {
	lang listing.Lang
	id   int
}

// propertyCache keeps recently read properties decoded. A write empties it
// and bumps its generation; a reader adds what it read only if no write
// happened since it started reading, so a value read before a commit never
// outlives it.
type propertyCache struct {
	mu  sync.Mutex
	gen uint64
	lru *lru.Cache[cacheKey, listing.Property]
}

func newPropertyCache(size int) (*propertyCache, error) {
	c, err := lru.New[cacheKey, listing.Property](size)
	if err != nil {
		return nil, fmt.Errorf("store: cache: %w", err)
	}
	return &propertyCache{lru: c}, nil
}

func (c *propertyCache) get(l listing.Lang, id int) (listing.Property, bool) {
	return c.lru.Get(cacheKey{l, id})
}

func (c *propertyCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *propertyCache) add(l listing.Lang, gen uint64, ps []listing.Property) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	for _, p := range ps {
		c.lru.Add(cacheKey{l, p.ID}, p)
	}
}

func (c *propertyCache) invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.lru.Purge()
}
