package platformsync_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	platformsync "github.com/estate-agency/estate/sync"
)

// documentsOf are the addresses of a stored listing's documents.
func documentsOf(t *testing.T, e *env, lang listing.Lang, id int) []string {
	t.Helper()
	p, err := e.store.Property(lang, id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range p.Media.Documents {
		out = append(out, d.URL)
	}
	return out
}

// demoWithDocuments is a property of the demo whose detail embeds its EPC
// certificate and whose GetDocumentList adds more, and one with an
// unpublished draft among its listed documents.
func demoWithDocuments(t *testing.T, ds *platform.Dataset) (listed, draft int) {
	t.Helper()
	ld := ds.Lang(listing.NL)
	for _, id := range ld.PropertyIDs() {
		docs := platform.ReadDocuments(ld.PropertyDocuments[id], []int{id})
		p, _ := ld.Property(id)
		if listed == 0 && len(p.Documents) == 1 && len(docs.ByProperty[id]) >= 3 && p.Status.Value == platform.StatusActive {
			listed = id
		}
		if draft == 0 && docs.Unpublished > 0 && p.Status.Value == platform.StatusActive {
			draft = id
		}
	}
	if listed == 0 || draft == 0 {
		t.Fatalf("the demo has no property with listed documents (%d) or an unpublished one (%d)", listed, draft)
	}
	return listed, draft
}

func TestDocumentListReachesListings(t *testing.T) {
	ds := loadDemo(t)
	id, draftID := demoWithDocuments(t, ds)
	e := syncedEnv(t, ds)

	ld := ds.Lang(listing.NL)
	p, _ := ld.Property(id)
	want := []string{p.Documents[0].Url.String()} // the embedded EPC first, once
	for _, d := range platform.ReadDocuments(ld.PropertyDocuments[id], []int{id}).ByProperty[id] {
		if d.Url != p.Documents[0].Url {
			want = append(want, d.Url.String())
		}
	}
	got := documentsOf(t, e, listing.NL, id)
	if !slices.Equal(got, want) {
		t.Fatalf("documents of %d = %v, want %v", id, got, want)
	}
	for _, u := range documentsOf(t, e, listing.NL, draftID) {
		if strings.Contains(u, "ontwerp-verkoopovereenkomst") {
			t.Errorf("the unpublished draft of %d reached the listing: %s", draftID, u)
		}
	}
	if p, ok := e.platform.LastParams(platform.MethodDocumentList); !ok || p.String("Publish") != "true" || p.String("ObjectIDs") == "" {
		t.Errorf("GetDocumentList asked with %v", p)
	}

	// On the platform: the listing's price changes and it gets a brochure.
	brochure := "https://docs.ardennes-immo.example/" + filepath.Base(t.Name()) + "/brochure.pdf"
	changeOnPlatform := func(minutes time.Duration) {
		for _, l := range langs {
			ld := ds.Lang(l)
			ld.EditProperty(id, func(p *platform.Property) {
				p.Price += 1000
				p.LastChangedDate = platform.WallClock(e.now.Add(minutes * time.Minute).In(brussels))
			})
			if !slices.ContainsFunc(ld.PropertyDocuments[id], func(raw json.RawMessage) bool { return strings.Contains(string(raw), brochure) }) {
				ld.PropertyDocuments[id] = append(ld.PropertyDocuments[id],
					platform.Raw(map[string]any{"ID": id*10 + 8, "ObjectID": id, "Name": "Brochure", "Url": brochure, "Publish": true}))
			}
		}
		e.platform.SetDataset(ds)
	}
	price := func() float64 {
		p, err := e.store.Property(listing.NL, id)
		if err != nil {
			t.Fatal(err)
		}
		return p.Price.Amount
	}
	stored, oldPrice := got, price()

	t.Run("a failing GetDocumentList refuses the language and keeps the stored documents", func(t *testing.T) {
		changeOnPlatform(10)
		e.platform.Fail(fakeplatform.Status(500).For(platform.MethodDocumentList))
		defer e.platform.Clear()
		run, err := e.run(false)
		if err == nil || run.OK {
			t.Fatalf("run succeeded: %+v", run)
		}
		last, _ := e.store.LastRun()
		if last.OK || !strings.Contains(last.Error, "documents") || !strings.Contains(last.Error, platform.MethodDocumentList) {
			t.Errorf("run log error %q, want the documents named", last.Error)
		}
		if got := documentsOf(t, e, listing.NL, id); !slices.Equal(got, stored) {
			t.Errorf("documents = %v, want the stored %v", got, stored)
		}
		if price() != oldPrice {
			t.Errorf("price %v applied from a refused run", price())
		}
	})

	t.Run("a platform that refuses GetDocumentList keeps the stored documents and applies the rest", func(t *testing.T) {
		changeOnPlatform(20)
		e.platform.Fail(fakeplatform.SuccessFalse().For(platform.MethodDocumentList))
		defer e.platform.Clear()
		run, err := e.run(false)
		if err != nil || !run.OK || run.Changed == 0 {
			t.Fatalf("run = %+v, %v", run, err)
		}
		if got := documentsOf(t, e, listing.NL, id); !slices.Equal(got, stored) {
			t.Errorf("documents = %v, want the stored %v", got, stored)
		}
		if price() == oldPrice {
			t.Error("the price change was not applied")
		}
		if !strings.Contains(e.logs.String(), "refuses GetDocumentList") {
			t.Error("the refusal was not logged")
		}
	})

	t.Run("once it answers, the new document shows", func(t *testing.T) {
		changeOnPlatform(40)
		run, err := e.run(false)
		if err != nil || !run.OK {
			t.Fatalf("run = %+v, %v", run, err)
		}
		if got := documentsOf(t, e, listing.NL, id); !slices.Equal(got, append(slices.Clone(stored), brochure)) {
			t.Errorf("documents = %v, want %v and the brochure", got, stored)
		}
		if got := documentsOf(t, e, listing.FR, id); !slices.Contains(got, brochure) {
			t.Errorf("fr documents = %v, want the brochure", got)
		}
	})
}

// TestDirSourceDocuments: the dir source answers GetDocumentList from
// GetDocumentList/{lang}.json, published documents only.
func TestDirSourceDocuments(t *testing.T) {
	dir := filepath.Join("..", "testdata", "platform")
	src, err := platformsync.NewDirSource(dir, brussels)
	if err != nil {
		t.Fatal(err)
	}
	ds := loadDemo(t)
	id, draftID := demoWithDocuments(t, ds)
	got, err := src.Documents(context.Background(), listing.FR, []int{id, draftID, 999999})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.ByProperty[id]) < 3 || len(got.ByProperty[draftID]) == 0 || got.Unpublished == 0 || len(got.Bad) != 0 {
		t.Errorf("documents %+v", got)
	}
	for _, d := range got.ByProperty[draftID] {
		if strings.Contains(d.Url.String(), "projet-de-compromis") {
			t.Errorf("unpublished draft answered: %+v", d)
		}
	}
	if _, ok := got.ByProperty[999999]; ok {
		t.Error("documents for an unknown property")
	}
}
