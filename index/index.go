// Package index keeps the search index of the site: one Bleve index per language holding the
// properties, projects and towns of that language, an explicit mapping whose version forces a
// rebuild when it changes, incremental updates from the syncer and atomic full rebuilds.
//
// Why one index per language rather than one index with a language field: every text field is
// analysed with the language's stop words and stemmer, and Bleve picks an analyzer per field, not
// per document. Separate indexes also rebuild, and go stale, independently.
//
// Why three kinds in one index rather than an index per kind: a language is then one directory to
// swap, version and open, and the kinds are few (projects and towns are tens to hundreds of docs).
// A "kind" keyword (also the mapping's TypeField) keeps searches of one kind apart.
package index

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bolterrors "go.etcd.io/bbolt/errors"

	"github.com/estate-agency/estate/listing"
)

var (
	// ErrClosed is returned by every method called after Close.
	ErrClosed = errors.New("index: closed")
	// ErrUnknownLanguage is returned for a language the Index was not opened with (or has no analyzer).
	ErrUnknownLanguage = errors.New("index: unknown language")
	// ErrLocked is returned by Open when another process holds the index (bbolt file lock).
	ErrLocked = errors.New("index: locked by another process")
)

// openTimeout bounds the wait for the index's bbolt lock. Without it a second process (a CLI run
// while the server is up) would hang forever; with it we can tell 'locked' from 'corrupt' and never
// delete an index another process is using.
const openTimeout = "2s"

// Index is the set of per-language search indexes. It is safe for concurrent use.
type Index struct {
	dir    string
	langs  []listing.Lang
	log    *slog.Logger
	shards map[listing.Lang]*shard // fixed after Open, read without locking
	lock   *os.File                // see lockDir; released by Close

	// batchSize and unsafeRebuild tune Rebuild; tests and benchmarks change them.
	batchSize     int
	unsafeRebuild bool
}

// shard is one language's index.
type shard struct {
	lang    listing.Lang
	path    string
	mapping *mapping.IndexMappingImpl // equal to the stored one (checked by version at open)
	version string

	// write serialises Apply and Rebuild of the language. Rebuild holds it for its whole run so that
	// an Apply arriving meanwhile waits and lands in the new index, instead of updating the old
	// index that is about to be thrown away (its change may already be missed by the rebuild's
	// read of the store).
	write sync.Mutex

	// mu guards idx and stale. Searches and batches hold it for reading; only the swap at the end
	// of Rebuild and Close take it for writing, so searches are never blocked by a running rebuild.
	mu    sync.RWMutex
	idx   bleve.Index // nil once closed
	stale bool

	// cols is the column store Find reads (nil until loaded). It is replaced whole: by Apply
	// after its Bleve batch, by Load, and by Rebuild together with idx under mu.
	cols atomic.Pointer[columns]
	// fold lower-cases and removes accents like the index's keyword analyzer.
	fold func(string) string
	// scores recycles the score arrays of text searches (see getScores).
	scores sync.Pool
}

// Open opens or creates one Bleve index per language at dir/{lang}.bleve. An index whose stored
// mapping version differs from the current one (or which is missing or unreadable) is deleted and
// created empty, and reported by Stale. One Index at a time may hold dir, across processes (Bleve
// and bbolt allow one writer): a second Open fails with ErrLocked and touches nothing.
func Open(dir string, langs []listing.Lang, log *slog.Logger) (*Index, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("index: create %s: %w", dir, err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	ix := &Index{
		dir:       dir,
		lock:      lock,
		log:       log,
		shards:    make(map[listing.Lang]*shard, len(langs)),
		batchSize: defaultBatchSize,
		// Measured by BenchmarkRebuild: see rebuild.go.
		unsafeRebuild: defaultUnsafeRebuild,
	}
	for _, lang := range langs {
		if _, dup := ix.shards[lang]; dup {
			continue
		}
		sh, err := ix.openShard(lang)
		if err != nil {
			_ = ix.Close()
			return nil, err
		}
		ix.langs = append(ix.langs, lang)
		ix.shards[lang] = sh
	}
	return ix, nil
}

func (ix *Index) openShard(lang listing.Lang) (*shard, error) {
	im, err := buildMapping(lang)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	version, err := storedVersion(im)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", lang, err)
	}
	sh := &shard{lang: lang, path: filepath.Join(ix.dir, string(lang)+".bleve"), mapping: im, version: version,
		fold: folder(im)}
	log := ix.log.With("lang", lang, "path", sh.path)

	restored, err := recoverLeftovers(sh.path, log)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", lang, err)
	}

	idx, err := openExisting(sh.path)
	switch {
	case errors.Is(err, bleve.ErrorIndexPathDoesNotExist):
		log.Info("creating empty index")
		sh.stale = true
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("index %s: %w", lang, ErrLocked)
	case err != nil:
		// A derived index is cheaper to rebuild than to repair: the store is the source of truth.
		log.Warn("index unreadable, recreating it empty", "err", err)
		sh.stale = true
	default:
		got, gerr := idx.GetInternal(mappingVersionKey)
		if gerr == nil && string(got) == version {
			sh.idx = idx
			sh.stale = restored
			return sh, nil
		}
		log.Info("index mapping changed, recreating it empty", "stored", string(got), "current", version, "err", gerr)
		if cerr := idx.Close(); cerr != nil {
			log.Warn("closing outdated index", "err", cerr)
		}
		sh.stale = true
	}
	if err := os.RemoveAll(sh.path); err != nil {
		return nil, fmt.Errorf("index %s: remove %s: %w", lang, sh.path, err)
	}
	sh.idx, err = createIndex(sh.path, im, version, nil)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", lang, err)
	}
	// An empty index has known, empty columns: Apply keeps them in step from here.
	sh.cols.Store(newColumns(sh.fold, 0).finish())
	return sh, nil
}

// folder returns the folding of the keyword analyzer (lower case, accents removed, whole value).
func folder(im *mapping.IndexMappingImpl) func(string) string {
	an := im.AnalyzerNamed(analyzerFoldedKeyword)
	return func(s string) string {
		if an == nil {
			return strings.ToLower(s)
		}
		toks := an.Analyze([]byte(s))
		if len(toks) == 0 {
			return ""
		}
		return string(toks[0].Term)
	}
}

// openExisting opens an index in the normal (safe batch) mode. unsafe_batch is forced off because
// Bleve persists the creation config in index_meta.json, and a rebuilt index was created with it on.
func openExisting(path string) (bleve.Index, error) {
	return bleve.OpenUsing(path, map[string]any{"unsafe_batch": false, "bolt_timeout": openTimeout})
}

// createIndex creates an empty scorch index carrying the mapping version. The version is written
// by the caller for rebuilds (last, so a half-built index never looks current), here at once.
func createIndex(path string, im *mapping.IndexMappingImpl, version string, config map[string]any) (bleve.Index, error) {
	idx, err := bleve.NewUsing(path, im, scorch.Name, scorch.Name, config)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if version != "" {
		if err := idx.SetInternal(mappingVersionKey, []byte(version)); err != nil {
			_ = idx.Close()
			return nil, fmt.Errorf("write mapping version to %s: %w", path, err)
		}
	}
	return idx, nil
}

// recoverLeftovers cleans up after a crash during Rebuild. A ".tmp-" directory is a build that never
// finished: removed. An ".old-" directory is a previous index moved aside for a swap: if the swap
// did not complete (no index at path) it is put back, and the shard is reported stale because the
// interrupted rebuild meant to replace it; otherwise it is removed.
func recoverLeftovers(path string, log *slog.Logger) (restored bool, err error) {
	tmps, err := filepath.Glob(path + tmpSuffix + "*")
	if err != nil {
		return false, fmt.Errorf("list leftovers: %w", err)
	}
	for _, t := range tmps {
		log.Info("removing unfinished rebuild", "dir", t)
		if err := os.RemoveAll(t); err != nil {
			return false, fmt.Errorf("remove %s: %w", t, err)
		}
	}
	olds, err := filepath.Glob(path + oldSuffix + "*")
	if err != nil {
		return false, fmt.Errorf("list leftovers: %w", err)
	}
	if len(olds) == 0 {
		return false, nil
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		// Newest first: only one swap runs at a time, so there should be a single one anyway.
		sort.Slice(olds, func(i, j int) bool { return modTime(olds[i]) > modTime(olds[j]) })
		log.Warn("restoring index from an interrupted swap", "from", olds[0])
		if err := os.Rename(olds[0], path); err != nil {
			return false, fmt.Errorf("restore %s: %w", olds[0], err)
		}
		olds = olds[1:]
		restored = true
	}
	for _, o := range olds {
		if err := os.RemoveAll(o); err != nil {
			return restored, fmt.Errorf("remove %s: %w", o, err)
		}
	}
	return restored, nil
}

func modTime(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.ModTime().UnixNano()
}

// Close closes every language's index. A Rebuild still running finds the index closed at its swap
// and discards its work.
func (ix *Index) Close() error {
	var errs []error
	for _, lang := range ix.langs {
		sh := ix.shards[lang]
		sh.mu.Lock()
		if sh.idx != nil {
			if err := sh.idx.Close(); err != nil {
				errs = append(errs, fmt.Errorf("index %s: close: %w", lang, err))
			}
			sh.idx = nil
		}
		sh.cols.Store(nil)
		sh.mu.Unlock()
	}
	if ix.lock != nil {
		// Closing the descriptor releases the flock.
		if err := ix.lock.Close(); err != nil {
			errs = append(errs, fmt.Errorf("index: release lock: %w", err))
		}
		ix.lock = nil
	}
	return errors.Join(errs...)
}

func lockPath(dir string) string { return filepath.Join(dir, "index.lock") }

// Languages returns the languages the Index was opened with, in the order given to Open.
func (ix *Index) Languages() []listing.Lang { return slices.Clone(ix.langs) }

// Stale reports whether the language's index had to be (re)created at Open, or was restored from an
// interrupted rebuild, and no Rebuild has succeeded since: the caller must Rebuild it from the store.
func (ix *Index) Stale(lang listing.Lang) bool {
	sh, ok := ix.shards[lang]
	if !ok {
		return false
	}
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	return sh.stale
}

func (ix *Index) shard(lang listing.Lang) (*shard, error) {
	sh, ok := ix.shards[lang]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownLanguage, lang)
	}
	return sh, nil
}

// Apply updates incrementally in one batch: upserts properties (a Withdrawn one is deleted
// instead), deletes removed ids, and, when non-nil, replaces all project / city documents of the
// language. One batch means one segment and one fsync for the whole sync run, and searches see the
// run's changes all at once. It waits while a Rebuild of the language runs (see shard.write).
func (ix *Index) Apply(lang listing.Lang, upsert []listing.Property, remove []int, projects []listing.Project, cities []listing.City) error {
	sh, err := ix.shard(lang)
	if err != nil {
		return err
	}
	if err := checkLang(lang, upsert, projects, cities); err != nil {
		return err
	}
	sh.write.Lock()
	defer sh.write.Unlock()
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	if sh.idx == nil {
		return ErrClosed
	}

	// The next column set is derived before the batch and swapped in after it, so a failed batch
	// leaves the columns as they were, in step with Bleve.
	var next *columns
	if cols := sh.cols.Load(); cols != nil {
		next = cols.clone()
		applyColumns(next, upsert, remove, projects, cities)
		next.finish()
	}

	b := sh.idx.NewBatch()
	// Deletions go first: within a batch the last operation on an id wins, so a project or town
	// that is still there is deleted and then indexed again, i.e. replaced.
	if projects != nil {
		ids, err := docIDsOfKind(sh.idx, kindProject)
		if err != nil {
			return fmt.Errorf("index %s: list projects: %w", lang, err)
		}
		for _, id := range ids {
			b.Delete(id)
		}
	}
	if cities != nil {
		ids, err := docIDsOfKind(sh.idx, kindCity)
		if err != nil {
			return fmt.Errorf("index %s: list cities: %w", lang, err)
		}
		for _, id := range ids {
			b.Delete(id)
		}
	}
	for _, id := range remove {
		b.Delete(propertyDocID(id))
	}
	for _, p := range upsert {
		if p.Withdrawn {
			b.Delete(propertyDocID(p.ID))
			continue
		}
		if err := b.Index(propertyDocID(p.ID), propertyDoc(p)); err != nil {
			return fmt.Errorf("index %s: property %d: %w", lang, p.ID, err)
		}
	}
	for _, pr := range projects {
		if pr.Withdrawn {
			continue
		}
		if err := b.Index(projectDocID(pr.ID), projectDoc(pr)); err != nil {
			return fmt.Errorf("index %s: project %d: %w", lang, pr.ID, err)
		}
	}
	for _, c := range cities {
		if err := b.Index(cityDocID(c), cityDoc(c)); err != nil {
			return fmt.Errorf("index %s: city %s: %w", lang, cityID(c), err)
		}
	}
	if b.Size() == 0 {
		return nil
	}
	if err := sh.idx.Batch(b); err != nil {
		return fmt.Errorf("index %s: apply %d operations: %w", lang, b.Size(), err)
	}
	if next != nil {
		sh.cols.Store(next)
		ix.warmSegmentsLocked(sh)
	}
	return nil
}

// applyColumns makes the same changes as Apply's batch on a column set.
func applyColumns(c *columns, upsert []listing.Property, remove []int, projects []listing.Project, cities []listing.City) {
	if projects != nil {
		c.removeKind(KindProject)
	}
	if cities != nil {
		c.removeKind(KindCity)
	}
	for _, id := range remove {
		c.remove(propertyDocID(id))
	}
	for _, p := range upsert {
		if p.Withdrawn {
			c.remove(propertyDocID(p.ID))
			continue
		}
		c.putProperty(p)
	}
	for _, pr := range projects {
		if !pr.Withdrawn {
			c.putProject(pr)
		}
	}
	for _, ct := range cities {
		c.putCity(ct)
	}
}

// checkLang refuses records of another language: they would be analysed with the wrong stemmer and
// show up in the wrong site. An empty Lang is accepted (the caller may not fill it).
func checkLang(lang listing.Lang, props []listing.Property, projects []listing.Project, cities []listing.City) error {
	for _, p := range props {
		if p.Lang != "" && p.Lang != lang {
			return fmt.Errorf("index %s: property %d is in language %q", lang, p.ID, p.Lang)
		}
	}
	for _, p := range projects {
		if p.Lang != "" && p.Lang != lang {
			return fmt.Errorf("index %s: project %d is in language %q", lang, p.ID, p.Lang)
		}
	}
	for _, c := range cities {
		if c.Lang != "" && c.Lang != lang {
			return fmt.Errorf("index %s: city %s is in language %q", lang, cityID(c), c.Lang)
		}
	}
	return nil
}

// docIDsOfKind lists the internal ids of all documents of a kind (used for the small kinds only).
func docIDsOfKind(idx bleve.Index, kind string) ([]string, error) {
	n, err := idx.DocCount()
	if err != nil {
		return nil, err
	}
	q := bleve.NewTermQuery(kind)
	q.SetField(fKind)
	req := bleve.NewSearchRequestOptions(q, int(n), 0, false)
	req.Score = bleve.ScoreNone
	res, err := idx.Search(req)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

// Count returns the number of property documents of a language.
func (ix *Index) Count(lang listing.Lang) (uint64, error) {
	sh, err := ix.shard(lang)
	if err != nil {
		return 0, err
	}
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	if sh.idx == nil {
		return 0, ErrClosed
	}
	n, err := countKind(context.Background(), sh.idx, kindProperty)
	if err != nil {
		return 0, fmt.Errorf("index %s: count: %w", lang, err)
	}
	return n, nil
}

func countKind(ctx context.Context, idx bleve.Index, kind string) (uint64, error) {
	q := bleve.NewTermQuery(kind)
	q.SetField(fKind)
	req := bleve.NewSearchRequestOptions(q, 0, 0, false)
	req.Score = bleve.ScoreNone
	res, err := idx.SearchInContext(ctx, req)
	if err != nil {
		return 0, err
	}
	return res.Total, nil
}
