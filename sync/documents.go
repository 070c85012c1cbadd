package platformsync

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// Documents implements Source: the dataset's GetDocumentList items of each
// id, read as the client reads the platform's (published, with a usable
// address).
func (s *DirSource) Documents(_ context.Context, l listing.Lang, ids []int) (platform.DocumentList, error) {
	ld, err := s.load(l, false)
	if err != nil {
		return platform.DocumentList{}, err
	}
	out := platform.DocumentList{ByProperty: map[int][]platform.Document{}}
	for _, id := range ids {
		if items := ld.PropertyDocuments[id]; len(items) > 0 {
			out.Merge(platform.ReadDocuments(items, []int{id}))
		}
	}
	return out, nil
}

// documentChunk is how many listings one Documents call asks about; the
// platform client splits further if it must.
const documentChunk = 50

// addDocuments asks GetDocumentList for the documents of the listings a run
// fetched and adds them after the ones their details embed, each address
// once. A platform that refuses the call (Success false, a 4xx: the
// account may lack the method) leaves each listing the documents it holds
// beside the embedded ones; any other failure refuses the language, as a
// failed picture list does, so the store keeps what it has. Items left out
// for bad data are logged, one line per run and language.
func (s *Syncer) addDocuments(ctx context.Context, lang listing.Lang, props []listing.Property, step func(n, more int)) error {
	if len(props) == 0 {
		return nil
	}
	ids := make([]int, len(props))
	for i, p := range props {
		ids[i] = p.ID
	}
	var (
		mu   sync.Mutex
		list = platform.DocumentList{ByProperty: map[int][]platform.Document{}}
	)
	chunks := (len(ids) + documentChunk - 1) / documentChunk
	step(0, chunks)
	err := s.parallel(ctx, chunks, func(ctx context.Context, i int) error {
		got, err := s.src.Documents(ctx, lang, ids[i*documentChunk:min((i+1)*documentChunk, len(ids))])
		if err != nil {
			return err
		}
		mu.Lock()
		list.Merge(got)
		mu.Unlock()
		step(1, 0)
		return nil
	})
	switch {
	case platform.Refused(err):
		s.log.Warn("the platform refuses GetDocumentList; listings keep the documents they hold", "lang", lang, "err", err)
		held, err := s.store.PropertiesByID(lang, ids)
		if err != nil {
			return err
		}
		byID := make(map[int][]listing.Document, len(held))
		for _, p := range held {
			byID[p.ID] = p.Media.Documents
		}
		for i := range props {
			props[i].Media.Documents = mergeDocuments(props[i].Media.Documents, byID[props[i].ID])
		}
		return nil
	case err != nil:
		return fmt.Errorf("documents: %w", err)
	}
	if len(list.Bad) > 0 {
		s.log.Warn("documents left out of listings", "lang", lang, "count", len(list.Bad), "documents", badDocuments(list.Bad))
	}
	for i := range props {
		props[i].Media.Documents = mergeDocuments(props[i].Media.Documents, mapDocuments(list.ByProperty[props[i].ID]))
	}
	return nil
}

// mergeDocuments is docs followed by those of more whose address is not
// there yet. Documents without an address are kept from docs only.
func mergeDocuments(docs, more []listing.Document) []listing.Document {
	if len(more) == 0 {
		return docs
	}
	seen := make(map[string]bool, len(docs)+len(more))
	out := make([]listing.Document, 0, len(docs)+len(more))
	for _, d := range docs {
		if d.URL != "" {
			seen[d.URL] = true
		}
		out = append(out, d)
	}
	for _, d := range more {
		if d.URL == "" || seen[d.URL] {
			continue
		}
		seen[d.URL] = true
		out = append(out, d)
	}
	return out
}

func badDocuments(bad []platform.BadRecord) string {
	parts := make([]string, len(bad))
	for i, b := range bad {
		if b.ID > 0 {
			parts[i] = fmt.Sprintf("document %d: %s", b.ID, b.Reason)
		} else {
			parts[i] = fmt.Sprintf("document at row %d: %s", b.Row, b.Reason)
		}
	}
	return strings.Join(parts, "; ")
}
