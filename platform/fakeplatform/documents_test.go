package fakeplatform

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func documentsServer(t *testing.T) string {
	t.Helper()
	ds := testDataset()
	ds.Langs[listing.NL].PropertyDocuments = map[int][]json.RawMessage{
		1: raws(`{"ID":11,"ObjectID":1,"Name":"Plan","Url":"https://d/11.pdf","Publish":true}`,
			`{"ID":12,"ObjectID":1,"Name":"Mandaat","Url":"https://d/12.pdf","Publish":false}`,
			`{"ID":13,"Name":"EPC","Url":"https://d/13.pdf"}`), // no ObjectID: the fake names it
		3: raws(`{"ID":31,"ObjectID":3,"Name":"Plan","Url":"https://d/31.pdf","Publish":"1"}`),
		4: raws(`{"ID":41,"ObjectID":4,"Name":"Intern","Url":"https://d/41.pdf","Publish":0}`),
	}
	srv := httptest.NewServer(New(ds, testCustomer, testPassword))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestDocumentList(t *testing.T) {
	base := documentsServer(t)
	m := platform.MethodDocumentList
	ask := func(r request) list {
		t.Helper()
		return valueOf[list](t, m, mustCall(t, base, m, r))
	}

	t.Run("by ObjectIDs, in the order asked, published only", func(t *testing.T) {
		got := ask(req(listing.NL).with("ObjectIDs", "3,1,2", "Publish", true))
		if ids := listIDs(got.Items); !slices.Equal(ids, []int{31, 11, 13}) || got.RowsCount != 3 {
			t.Fatalf("ids %v, RowsCount %d", ids, got.RowsCount)
		}
		var d platform.ListedDocument
		if err := json.Unmarshal(got.Items[2], &d); err != nil || d.Property() != 1 {
			t.Errorf("item without ObjectID answered as %s", got.Items[2])
		}
	})
	t.Run("without Publish, every document", func(t *testing.T) {
		got := ask(req(listing.NL).with("ObjectIDs", "1,4"))
		if ids := listIDs(got.Items); !slices.Equal(ids, []int{11, 12, 13, 41}) {
			t.Fatalf("ids %v", ids)
		}
		got = ask(req(listing.NL).with("ObjectIDs", "1,4", "Publish", false))
		if len(got.Items) != 4 {
			t.Fatalf("Publish false: %d items", len(got.Items))
		}
	})
	t.Run("without ObjectIDs, every property's", func(t *testing.T) {
		got := ask(req(listing.NL).with("Publish", true))
		if ids := listIDs(got.Items); !slices.Equal(ids, []int{11, 13, 31}) {
			t.Fatalf("ids %v", ids)
		}
	})
	t.Run("paged", func(t *testing.T) {
		got := ask(req(listing.NL).with("ObjectIDs", "1,3", "Publish", true, "Limit1", 3, "Limit2", 4))
		if ids := listIDs(got.Items); !slices.Equal(ids, []int{31}) || got.RowsCount != 3 || got.From != 3 || got.To != 4 {
			t.Fatalf("page %+v", got)
		}
	})
	t.Run("another language has none", func(t *testing.T) {
		if got := ask(req(listing.FR).with("ObjectIDs", "1", "Publish", true)); len(got.Items) != 0 || got.RowsCount != 0 {
			t.Fatalf("fr %+v", got)
		}
	})
	t.Run("bad parameters", func(t *testing.T) {
		failed(t, m, mustCall(t, base, m, req(listing.NL).with("ObjectIDs", "1,x")), 600, "ObjectIDs")
		failed(t, m, mustCall(t, base, m, req(listing.NL).with("ObjectIDs", "1", "Publish", "maybe")), 600, "Publish")
	})
}
