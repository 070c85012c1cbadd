package index

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/blevesearch/bleve/v2"

	"github.com/estate-agency/estate/listing"
)

const (
	// defaultBatchSize: each batch becomes one scorch segment, and its analysed documents are held
	// until the segment is built. 200 rather than 500 took the server's peak RSS during a reindex
	// of 10,000 listings from 247 to 195 MB for about 10 % more time (docs/benchmarks.md).
	defaultBatchSize = 200

	// defaultUnsafeRebuild: Bleve's scorch batches are 'safe' by default, i.e. Batch returns only
	// once the segment is on disk (fsync). That is what Apply wants: when it returns, the change
	// survives a crash. A rebuild writes into a temporary index that is thrown away if anything
	// fails, so it could use unsafe_batch (persist in the background while the next batch is
	// analysed; finish still waits for everything to be on disk before the swap). BenchmarkRebuild
	// showed no gain on this 2-core machine (10,000 docs: safe 2,118-2,282 docs/s, unsafe
	// 2,036-2,367 docs/s; the time goes to analysis, segment building and merging, not fsync), and
	// unsafe batches in flight at Close hit a race inside bleve (see drain). So it stays off; the
	// knob remains for slower disks, where per-batch fsyncs may weigh more.
	defaultUnsafeRebuild = false

	tmpSuffix = ".tmp-"
	oldSuffix = ".old-"
)

// Docs is what a rebuild indexes: Properties is called once and yields every *active*
// (non-withdrawn) property.
type Docs struct {
	Properties func(yield func(listing.Property) error) error
	Projects   []listing.Project
	Cities     []listing.City
	Total      int // number of properties, for progress
}

// Rebuild builds a fresh index for lang into a temporary directory with batched writes, then swaps
// it in (searches keep working on the old one meanwhile, and a failed or cancelled rebuild leaves
// the old one in place). progress may be nil; it is called after each batch.
//
// Apply calls for the language wait until Rebuild returns, then apply to the new index, so a change
// stored while the rebuild was reading the store is not lost.
func (ix *Index) Rebuild(ctx context.Context, lang listing.Lang, docs Docs, progress func(done, total int)) (err error) {
	sh, err := ix.shard(lang)
	if err != nil {
		return err
	}
	if docs.Properties == nil {
		return fmt.Errorf("index %s: rebuild: Docs.Properties is nil", lang)
	}
	if err := checkLang(lang, nil, docs.Projects, docs.Cities); err != nil {
		return err
	}
	sh.write.Lock()
	defer sh.write.Unlock()
	sh.mu.RLock()
	closed := sh.idx == nil
	sh.mu.RUnlock()
	if closed {
		return ErrClosed
	}

	start := time.Now()
	log := ix.log.With("lang", lang)
	tmp := sh.path + tmpSuffix + rand.Text()
	config := map[string]any{}
	if ix.unsafeRebuild {
		config["unsafe_batch"] = true
	}
	idx, err := createIndex(tmp, sh.mapping, "", config)
	if err != nil {
		return fmt.Errorf("index %s: rebuild: %w", lang, err)
	}
	open := true
	defer func() {
		if err == nil {
			return
		}
		if open {
			drain(idx, log)
			_ = idx.Close()
		}
		if rerr := os.RemoveAll(tmp); rerr != nil {
			log.Warn("removing failed rebuild", "dir", tmp, "err", rerr)
		}
	}()

	cols := newColumns(sh.fold, docs.Total)
	n, err := ix.fill(ctx, lang, idx, cols, docs, progress)
	if err != nil {
		return fmt.Errorf("index %s: rebuild: %w", lang, err)
	}
	if err := finish(ctx, idx, sh.version); err != nil {
		return fmt.Errorf("index %s: rebuild: %w", lang, err)
	}
	open = false
	if err := idx.Close(); err != nil {
		return fmt.Errorf("index %s: rebuild: close new index: %w", lang, err)
	}
	cols.finish()
	built := time.Since(start)
	if err := ix.swap(sh, tmp, cols); err != nil {
		return fmt.Errorf("index %s: rebuild: %w", lang, err)
	}
	ix.warmSegments(sh)
	log.Info("index rebuilt", "properties", n, "projects", len(docs.Projects), "cities", len(docs.Cities),
		"build", built.Round(time.Millisecond), "total", time.Since(start).Round(time.Millisecond))
	return nil
}

// fill indexes every document in batches, puts it into cols too, and returns the number of
// properties indexed.
func (ix *Index) fill(ctx context.Context, lang listing.Lang, idx bleve.Index, cols *columns, docs Docs, progress func(done, total int)) (int, error) {
	if progress == nil {
		progress = func(int, int) {}
	}
	batchSize := max(ix.batchSize, 1)
	b := idx.NewBatch()
	done := 0
	flush := func() error {
		// Cancellation is checked between batches: a batch in flight is cheap to finish, and the
		// whole temporary index is discarded anyway.
		if err := ctx.Err(); err != nil {
			return err
		}
		if b.Size() == 0 {
			return nil
		}
		if err := idx.Batch(b); err != nil {
			return fmt.Errorf("batch at %d documents: %w", done, err)
		}
		b.Reset()
		progress(done, max(docs.Total, done))
		return nil
	}
	err := docs.Properties(func(p listing.Property) error {
		if p.Withdrawn {
			return nil
		}
		if p.Lang != "" && p.Lang != lang {
			return fmt.Errorf("property %d is in language %q", p.ID, p.Lang)
		}
		if err := b.Index(propertyDocID(p.ID), propertyDoc(p)); err != nil {
			return fmt.Errorf("property %d: %w", p.ID, err)
		}
		cols.putProperty(p)
		done++
		if b.Size() >= batchSize {
			return flush()
		}
		return nil
	})
	if err != nil {
		return done, err
	}
	for _, pr := range docs.Projects {
		if pr.Withdrawn {
			continue
		}
		if err := b.Index(projectDocID(pr.ID), projectDoc(pr)); err != nil {
			return done, fmt.Errorf("project %d: %w", pr.ID, err)
		}
		cols.putProject(pr)
	}
	for _, c := range docs.Cities {
		if err := b.Index(cityDocID(c), cityDoc(c)); err != nil {
			return done, fmt.Errorf("city %s: %w", cityID(c), err)
		}
		cols.putCity(c)
	}
	if err := flush(); err != nil {
		return done, err
	}
	progress(done, max(docs.Total, done))
	return done, nil
}

// finish writes the mapping version in a last batch and waits until that batch is persisted. The
// version goes last so that an index without it is recognisably unfinished; and since scorch
// persists snapshots in order, the last batch on disk means every batch is (which unsafe_batch
// does not otherwise guarantee before Close).
func finish(ctx context.Context, idx bleve.Index, version string) error {
	persisted := make(chan error, 1)
	b := idx.NewBatch()
	b.SetInternal(mappingVersionKey, []byte(version))
	b.SetPersistedCallback(func(err error) {
		select {
		case persisted <- err:
		default:
		}
	})
	if err := idx.Batch(b); err != nil {
		return fmt.Errorf("write mapping version: %w", err)
	}
	select {
	case err := <-persisted:
		if err != nil {
			return fmt.Errorf("persist: %w", err)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// drainTimeout bounds the wait in drain; a persister stuck that long has bigger problems.
const drainTimeout = 30 * time.Second

// drain waits until the segments of an abandoned build are persisted before it is closed. Closing a
// scorch index while an unsafe batch is still being persisted races inside bleve v2.5.7 (persister
// iterating a map the introducer deletes from: persister.go:798 vs introducer.go:297, seen with
// -race), which can crash the process with a concurrent map access. Safe batches are never in
// flight at Close, as every Batch returns only after its persist.
func drain(idx bleve.Index, log interface{ Warn(string, ...any) }) {
	done := make(chan error, 1)
	b := idx.NewBatch()
	b.DeleteInternal([]byte("drain"))
	b.SetPersistedCallback(func(err error) {
		select {
		case done <- err:
		default:
		}
	})
	if err := idx.Batch(b); err != nil {
		log.Warn("draining abandoned rebuild", "err", err)
		return
	}
	select {
	case <-done:
	case <-time.After(drainTimeout):
		log.Warn("draining abandoned rebuild: timed out")
	}
}

// swap replaces the live index of a shard by the closed index at tmp, and its columns by cols (a
// new lineage of ordinals, built from the same documents). Under the shard's write lock
// searches wait for the few milliseconds of close, two renames and open. On any failure the old
// index is put back and reopened. A crash between the two renames is repaired by recoverLeftovers
// at the next Open.
func (ix *Index) swap(sh *shard, tmp string, cols *columns) error {
	log := ix.log.With("lang", sh.lang)
	aside := sh.path + oldSuffix + rand.Text()
	err := func() error {
		sh.mu.Lock()
		defer sh.mu.Unlock()
		if sh.idx == nil {
			return ErrClosed
		}
		if err := sh.idx.Close(); err != nil {
			// The old index is read-only from here on; a close error cannot lose anything we keep.
			log.Warn("closing replaced index", "err", err)
		}
		sh.idx = nil
		reopenOld := func(cause error) error {
			idx, err := openExisting(sh.path)
			if err != nil {
				return errors.Join(cause, fmt.Errorf("reopen previous index: %w", err))
			}
			sh.idx = idx
			return cause
		}
		if err := os.Rename(sh.path, aside); err != nil {
			return reopenOld(fmt.Errorf("move previous index aside: %w", err))
		}
		if err := os.Rename(tmp, sh.path); err != nil {
			rerr := os.Rename(aside, sh.path)
			return reopenOld(errors.Join(fmt.Errorf("move new index in place: %w", err), rerr))
		}
		syncDir(filepath.Dir(sh.path), log)
		idx, err := openExisting(sh.path)
		if err != nil {
			rerr := errors.Join(os.RemoveAll(sh.path), os.Rename(aside, sh.path))
			return reopenOld(errors.Join(fmt.Errorf("open new index: %w", err), rerr))
		}
		sh.idx = idx
		sh.stale = false
		sh.cols.Store(cols)
		return nil
	}()
	if err != nil {
		return err
	}
	// Outside the lock: searches already run on the new index.
	if err := os.RemoveAll(aside); err != nil {
		log.Warn("removing replaced index", "dir", aside, "err", err)
	}
	return nil
}

// syncDir makes the renames durable, so a power cut after Rebuild returns cannot bring back the
// previous index (or no index) at the next Open.
func syncDir(dir string, log interface{ Warn(string, ...any) }) {
	f, err := os.Open(dir)
	if err != nil {
		log.Warn("sync index dir", "err", err)
		return
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		log.Warn("sync index dir", "err", err)
	}
}
