package demo

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// allDocuments are the documents the site shows of p: those its detail
// embeds, then the published ones of GetDocumentList at another address.
func allDocuments(t *testing.T, ld *platform.LangData, p platform.Property) []platform.Document {
	t.Helper()
	list := platform.ReadDocuments(ld.PropertyDocuments[int(p.ID)], []int{int(p.ID)})
	if len(list.Bad) > 0 {
		t.Errorf("%d: bad GetDocumentList items %+v", p.ID, list.Bad)
	}
	out := slices.Clone(p.Documents)
	for _, d := range list.ByProperty[int(p.ID)] {
		if !slices.ContainsFunc(out, func(e platform.Document) bool { return e.Url == d.Url }) {
			out = append(out, d)
		}
	}
	return out
}

// TestAgencyDocumentList: the details embed the EPC certificate alone, and
// GetDocumentList lists it again with every other document, published, and
// a few unpublished drafts; the site's documents are those the details
// embedded before the list existed.
func TestAgencyDocumentList(t *testing.T) {
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ld := Agency().Lang(l)
		props := map[int]*prop{}
		for _, p := range agencyProps() {
			props[p.id] = p
		}
		listed, unpublished, twice := 0, 0, 0
		for _, raw := range ld.Properties {
			var p platform.Property
			if err := json.Unmarshal(raw, &p); err != nil {
				t.Fatal(err)
			}
			for _, d := range p.Documents {
				if d.Kind != "epc" {
					t.Errorf("%s %d: the detail embeds %+v", l, p.ID, d)
				}
			}
			list := platform.ReadDocuments(ld.PropertyDocuments[int(p.ID)], []int{int(p.ID)})
			listed += len(list.ByProperty[int(p.ID)])
			unpublished += list.Unpublished
			if len(p.Documents) > 0 && len(list.ByProperty[int(p.ID)]) > 0 && list.ByProperty[int(p.ID)][0].Url == p.Documents[0].Url {
				twice++
			}
			want := props[int(p.ID)].documents(l)
			if got := allDocuments(t, ld, p); !slices.Equal(got, want) {
				t.Errorf("%s %d: documents %+v, want %+v", l, p.ID, got, want)
			}
			for _, raw := range ld.PropertyDocuments[int(p.ID)] {
				if !strings.Contains(string(raw), `"ObjectID":`) {
					t.Errorf("%s %d: item without ObjectID: %s", l, p.ID, raw)
				}
			}
		}
		if listed < 100 || unpublished == 0 || twice == 0 {
			t.Errorf("%s: %d listed documents, %d unpublished, %d EPC certificates both embedded and listed", l, listed, unpublished, twice)
		}
	}
}
