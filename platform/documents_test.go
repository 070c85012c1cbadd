package platform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

// documentsDataset is testDataset(n) with GetDocumentList items: two
// published documents per property, and for property 1 an unpublished one
// and one whose address no page may link to.
func documentsDataset(n int) *platform.Dataset {
	ds := testDataset(n)
	nl := ds.Langs[listing.NL]
	nl.PropertyDocuments = map[int][]json.RawMessage{}
	for id := 1; id <= n; id++ {
		nl.PropertyDocuments[id] = raws(
			fmt.Sprintf(`{"ID":%d,"ObjectID":%d,"Name":"Plan","Url":"https://docs.example/%d/plan.pdf","Publish":true}`, id*10+1, id, id),
			fmt.Sprintf(`{"ID":"%d","ObjectID":"%d","Title":"EPC","URL":"/demo/documents/%d/epc.pdf","Publish":1,"TypeName":"EPC","Extension":"pdf","FileSize":"1,2 MB"}`, id*10+2, id, id),
		)
	}
	nl.PropertyDocuments[1] = append(nl.PropertyDocuments[1], raws(
		`{"ID":13,"ObjectID":1,"Name":"Mandaat","Url":"https://docs.example/1/mandaat.pdf","Publish":false}`,
		`{"ID":14,"ObjectID":1,"Name":"Script","Url":"javascript:alert(1)","Publish":true}`,
	)...)
	return ds
}

func TestDocuments(t *testing.T) {
	ctx := context.Background()

	t.Run("published documents of each property, asked with Publish true", func(t *testing.T) {
		h := newHarness(t, documentsDataset(3), nil) // pages of 2 rows
		got, err := h.c.Documents(ctx, listing.NL, []int{1, 2, 3, 2})
		if err != nil {
			t.Fatal(err)
		}
		want := map[int][]platform.Document{}
		for id := 1; id <= 3; id++ {
			want[id] = []platform.Document{
				{ID: platform.Int(id*10 + 1), Name: "Plan", Url: platform.Text(fmt.Sprintf("https://docs.example/%d/plan.pdf", id))},
				{ID: platform.Int(id*10 + 2), Name: "EPC", Url: platform.Text(fmt.Sprintf("/demo/documents/%d/epc.pdf", id)), Kind: "EPC"},
			}
		}
		for id, docs := range want {
			if !slices.Equal(got.ByProperty[id], docs) {
				t.Errorf("documents of %d: %+v, want %+v", id, got.ByProperty[id], docs)
			}
		}
		// The fake answers Publish true with the published items only, so
		// the javascript: address is what is left out.
		if len(got.Bad) != 1 || got.Bad[0].ID != 14 || !strings.Contains(got.Bad[0].Reason, "not an http(s) address") {
			t.Errorf("bad %+v", got.Bad)
		}
		p := last(t, h.fake, platform.MethodDocumentList)
		if p.String("ObjectIDs") != "1,2,3" || p.String("Publish") != "true" || p.Int("LanguageId") != 1 {
			t.Errorf("last request %v, want ObjectIDs 1,2,3 and Publish true", p)
		}
		if n := h.fake.Calls(platform.MethodDocumentList); n != 4 { // 7 rows, 2 a page
			t.Errorf("%d calls, want 4 pages", n)
		}
	})

	t.Run("ids in chunks of 50", func(t *testing.T) {
		h := newHarness(t, documentsDataset(60), func(c *platform.Config) { c.PageSize = 200 })
		ids := make([]int, 60)
		for i := range ids {
			ids[i] = i + 1
		}
		got, err := h.c.Documents(ctx, listing.NL, ids)
		if err != nil || len(got.ByProperty) != 60 || len(got.ByProperty[60]) != 2 {
			t.Fatalf("%d properties, %v", len(got.ByProperty), err)
		}
		if n := h.fake.Calls(platform.MethodDocumentList); n != 2 {
			t.Errorf("%d calls, want 2 chunks", n)
		}
		if p := last(t, h.fake, platform.MethodDocumentList); len(strings.Split(p.String("ObjectIDs"), ",")) != 10 {
			t.Errorf("last chunk %q", p.String("ObjectIDs"))
		}
	})

	t.Run("no ids, no call", func(t *testing.T) {
		h := newHarness(t, documentsDataset(1), nil)
		got, err := h.c.Documents(ctx, listing.NL, nil)
		if err != nil || len(got.ByProperty) != 0 || h.fake.Calls(platform.MethodDocumentList) != 0 {
			t.Fatalf("%+v %v", got, err)
		}
	})

	t.Run("a failed page fails the answer", func(t *testing.T) {
		h := newHarness(t, documentsDataset(3), nil)
		h.fake.Fail(fakeplatform.DropPage().For(platform.MethodDocumentList).AtPage(3))
		if got, err := h.c.Documents(ctx, listing.NL, []int{1, 2, 3}); err == nil {
			t.Fatalf("%+v, want an error", got)
		}
		h.fake.Clear()
		h.fake.Fail(fakeplatform.SuccessFalse().For(platform.MethodDocumentList))
		if _, err := h.c.Documents(ctx, listing.NL, []int{1}); !platform.Refused(err) {
			t.Fatalf("err %v, want a refusal", err)
		}
	})

	t.Run("unpublished items are dropped even when the platform sends them", func(t *testing.T) {
		c := scriptValue(t, func(method string, p fakeplatform.Params) string {
			return `[{"ID":1,"ObjectID":5,"Name":"A","Url":"https://x/a.pdf","Publish":false},` +
				`{"ID":2,"ObjectID":5,"Name":"B","Url":"https://x/b.pdf","Published":"0"},` +
				`{"ID":3,"ObjectID":5,"Url":"https://x/Verkoop%20plan.pdf?v=2"},` +
				`{"ID":4,"PropertyID":6,"Name":"D","Link":"http://x/d.pdf","PublishInternet":true},` +
				`{"ID":5,"ObjectID":7,"Name":"E","Url":"https://x/e.pdf"},` +
				`{"ID":6,"ObjectID":5,"Name":"F","Url":"//x/f.pdf"},` +
				`{"ID":7,"ObjectID":5,"Name":"G","Url":"data:application/pdf;base64,AA=="},` +
				`{"ID":8,"ObjectID":5,"Name":{"nl":"H"},"Url":"https://x/h.pdf"}]`
		})
		got, err := c.Documents(ctx, listing.NL, []int{5, 6})
		if err != nil {
			t.Fatal(err)
		}
		if want := []platform.Document{{ID: 3, Name: "Verkoop plan.pdf", Url: "https://x/Verkoop%20plan.pdf?v=2"}}; !slices.Equal(got.ByProperty[5], want) {
			t.Errorf("property 5: %+v, want %+v", got.ByProperty[5], want)
		}
		if want := []platform.Document{{ID: 4, Name: "D", Url: "http://x/d.pdf"}}; !slices.Equal(got.ByProperty[6], want) {
			t.Errorf("property 6: %+v", got.ByProperty[6])
		}
		if got.Unpublished != 2 {
			t.Errorf("%d unpublished, want 2", got.Unpublished)
		}
		var bad []int
		for _, b := range got.Bad {
			bad = append(bad, b.ID)
		}
		slices.Sort(bad)
		if !slices.Equal(bad, []int{5, 6, 7, 8}) {
			t.Errorf("bad %+v", got.Bad)
		}
	})

	t.Run("an item naming no property belongs to the only one asked", func(t *testing.T) {
		c := scriptValue(t, func(string, fakeplatform.Params) string {
			return `{"From":1,"Items":[{"ID":1,"Name":"A","Url":"https://x/a.pdf"}],"RowsCount":1,"To":2}`
		})
		got, err := c.Documents(ctx, listing.NL, []int{9})
		if err != nil || len(got.ByProperty[9]) != 1 {
			t.Fatalf("%+v %v", got, err)
		}
	})
}

func TestLinkURL(t *testing.T) {
	for in, ok := range map[string]bool{
		"https://a.example/x.pdf": true, "http://a.example/x.pdf": true, " /demo/documents/1/plan.pdf ": true,
		"HTTPS://a.example/x.pdf": true,
		"":                        false, "javascript:alert(1)": false, "data:text/html,x": false, "//a.example/x.pdf": false,
		"plan.pdf": false, "ftp://a.example/x.pdf": false, "file:///etc/passwd": false, "https:///x.pdf": false,
		"/a b.pdf": false, `/\evil.example`: false, "mailto:a@b.c": false,
		"vbscript:msgbox(1)": false, "JavaScript:alert(1)": false, "java\tscript:alert(1)": false,
		"data:image/png;base64,iVBORw0KGgo=": false, "https://": false, "http://%zz/x.jpg": false,
	} {
		if _, got := platform.LinkURL(in); got != ok {
			t.Errorf("LinkURL(%q) = %v, want %v", in, got, ok)
		}
	}
}

// TestCheckDocuments: the check asks GetDocumentList of the properties it
// read, reports it as not needed, and records what it answered by ObjectID.
func TestCheckDocuments(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t, documentsDataset(3), nil)
	reports, ds := h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL, listing.FR}})
	byLang := map[listing.Lang]platform.Report{}
	for _, r := range reports {
		if r.Method == platform.MethodDocumentList {
			byLang[r.Lang] = r
		}
	}
	nl := byLang[listing.NL]
	if !nl.OK || nl.Needed || nl.Rows != 7 || len(nl.Missing) != 0 || len(nl.Ignored) != 0 || !slices.Contains(nl.Mapped, "Url") || !slices.Contains(nl.Mapped, "FileSize") {
		t.Errorf("nl report %+v", nl)
	}
	if p := last(t, h.fake, platform.MethodDocumentList); p.String("Publish") != "true" {
		t.Errorf("asked %v", p)
	}
	if got := ds.Langs[listing.NL].PropertyDocuments; len(got[1]) != 3 || len(got[2]) != 2 || len(got[3]) != 2 {
		t.Errorf("recorded %v, want 3, 2 and 2 items", got)
	}

	h.fake.ResetCalls()
	_, _ = h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}, Limit: 2})
	if n := h.fake.Calls(platform.MethodDocumentList); n != 1 {
		t.Errorf("%d GetDocumentList calls with a limit, want 1", n)
	}
	if p := last(t, h.fake, platform.MethodDocumentList); p.String("ObjectIDs") != "1,2" || p.Int("Limit2") != 2 {
		t.Errorf("asked %v", p)
	}
	if fr := byLang[listing.FR]; !fr.OK || fr.Rows != 0 {
		t.Errorf("fr report %+v", fr)
	}

	h.fake.Fail(fakeplatform.Status(404).For(platform.MethodDocumentList))
	reports, _ = h.c.Check(ctx, platform.CheckOptions{Langs: []listing.Lang{listing.NL}})
	for _, r := range reports {
		if r.Method != platform.MethodDocumentList {
			continue
		}
		if r.OK || r.Failed() || !strings.Contains(strings.Join(r.Describe(), "\n"), "not needed: the sync keeps") {
			t.Errorf("failed report %+v: %q", r, r.Describe())
		}
	}
}
