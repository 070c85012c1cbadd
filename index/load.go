package index

import (
	"fmt"

	"github.com/estate-agency/estate/listing"
)

// Load builds the columns of a language from the documents of the store without touching Bleve.
// Bleve stores no field values, so an index opened from disk has text but no columns until Load
// (or Rebuild) runs: Find answers ErrNotLoaded meanwhile. A stale index is refused (ErrStale): it
// must be rebuilt. Apply calls for the language wait until Load returns, as for Rebuild.
func (ix *Index) Load(lang listing.Lang, docs Docs) error {
	sh, err := ix.shard(lang)
	if err != nil {
		return err
	}
	if docs.Properties == nil {
		return fmt.Errorf("index %s: load: Docs.Properties is nil", lang)
	}
	if err := checkLang(lang, nil, docs.Projects, docs.Cities); err != nil {
		return err
	}
	sh.write.Lock()
	defer sh.write.Unlock()
	sh.mu.RLock()
	closed, stale := sh.idx == nil, sh.stale
	sh.mu.RUnlock()
	switch {
	case closed:
		return ErrClosed
	case stale:
		return fmt.Errorf("index %s: load: %w", lang, ErrStale)
	}
	cols := newColumns(sh.fold, docs.Total)
	err = docs.Properties(func(p listing.Property) error {
		if p.Withdrawn {
			return nil
		}
		if p.Lang != "" && p.Lang != lang {
			return fmt.Errorf("property %d is in language %q", p.ID, p.Lang)
		}
		cols.putProperty(p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("index %s: load: %w", lang, err)
	}
	for _, pr := range docs.Projects {
		if !pr.Withdrawn {
			cols.putProject(pr)
		}
	}
	for _, c := range docs.Cities {
		cols.putCity(c)
	}
	sh.cols.Store(cols.finish())
	ix.warmSegments(sh)
	return nil
}

// Loaded reports whether Find can answer for the language.
func (ix *Index) Loaded(lang listing.Lang) bool {
	sh, ok := ix.shards[lang]
	return ok && sh.cols.Load() != nil
}

// CityCounts returns, per town ("zip|name", as the ids of town hits), the number of indexed
// properties for sale and for rent there. Properties match a town on the postcode and the name
// folded (case and accents ignored). Towns of properties missing from the town list appear under
// the properties' spelling. Nil when the language's columns are not loaded.
func (ix *Index) CityCounts(lang listing.Lang) map[string][2]int {
	sh, ok := ix.shards[lang]
	if !ok {
		return nil
	}
	cols := sh.cols.Load()
	if cols == nil {
		return nil
	}
	out := make(map[string][2]int, len(cols.cityCounts))
	for k, v := range cols.cityCounts {
		out[k] = v
	}
	return out
}

// SliceDocs serves documents held in memory as Docs, for Rebuild and Load in tests and tools.
func SliceDocs(props []listing.Property, projects []listing.Project, cities []listing.City) Docs {
	return Docs{
		Total: len(props),
		Properties: func(yield func(listing.Property) error) error {
			for _, p := range props {
				if err := yield(p); err != nil {
					return err
				}
			}
			return nil
		},
		Projects: projects,
		Cities:   cities,
	}
}
