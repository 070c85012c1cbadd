package platform_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func raws(items ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(items))
	for i, s := range items {
		out[i] = json.RawMessage(s)
	}
	return out
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t testing.TB, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

func TestDecodeRows(t *testing.T) {
	t.Run("each record on its own", func(t *testing.T) {
		rows := platform.DecodeRows[platform.Property](raws(
			`{"ID":1,"Zip":6830,"CountryID":"10","Price":"250000","GoogleX":"50,85"}`,
			`{"ID":"2","Price":{"x":1}}`,
			`5`,
			`{"ID":3,"HasGarden":"yes","Status":0}`,
			`{"Price":[1]}`,
		))
		if got := ids(rows.Items, func(p platform.Property) int { return int(p.ID) }); !slices.Equal(got, []int{1, 3}) {
			t.Fatalf("Items %v, want [1 3]", got)
		}
		p := rows.Items[0]
		if p.Zip != "6830" || p.CountryID != platform.CountryBelgium || p.Price != 250000 || p.GoogleX != 50.85 {
			t.Errorf("row 1 = %+v", p)
		}
		if q := rows.Items[1]; !bool(q.HasGarden) || !q.Status.Set || q.Status.Value != platform.StatusProspective {
			t.Errorf("row 3 = %+v", q)
		}
		if len(rows.Raw) != 2 || string(rows.Raw[1]) != `{"ID":3,"HasGarden":"yes","Status":0}` {
			t.Errorf("Raw %s, want each good record's JSON beside it", rows.Raw)
		}
		want := []struct{ row, id int }{{2, 2}, {3, 0}, {5, 0}}
		if len(rows.Bad) != len(want) {
			t.Fatalf("Bad = %+v", rows.Bad)
		}
		for i, w := range want {
			if b := rows.Bad[i]; b.Row != w.row || b.ID != w.id || b.Reason == "" {
				t.Errorf("Bad[%d] = %+v, want row %d ID %d with a reason", i, b, w.row, w.id)
			}
		}
		if r := rows.Bad[1].Reason; !strings.Contains(r, "the record") || !strings.Contains(r, "an object") {
			t.Errorf("reason for a number where a record was due: %q", r)
		}
	})

	t.Run("no items", func(t *testing.T) {
		for _, items := range [][]json.RawMessage{nil, {}} {
			rows := platform.DecodeRows[platform.TypeOfProperty](items)
			if rows.Items == nil || len(rows.Items) != 0 || rows.Raw == nil || len(rows.Bad) != 0 {
				t.Errorf("DecodeRows(%v) = %+v, want empty non-nil lists", items, rows)
			}
		}
	})

	t.Run("a syntax error is a bad record", func(t *testing.T) {
		rows := platform.DecodeRows[platform.Property](raws(`{"ID":1,`))
		if len(rows.Bad) != 1 || !strings.Contains(rows.Bad[0].Reason, "undecodable record") {
			t.Errorf("Bad = %+v", rows.Bad)
		}
	})

	t.Run("nested records", func(t *testing.T) {
		rows := platform.DecodeRows[platform.Project](raws(
			`{"ID":7,"Name":"Zon","PublishInternet":"1","XLargePictureItems":[{"ID":1,"Url":"https://img/1.jpg"}],`+
				`"Units":[{"ID":"71","Name":"A1","Price":"1.250,50","Status":2}]}`,
			`{"ID":8,"Units":[{"ID":81,"Price":{"x":1}}]}`,
		))
		if len(rows.Items) != 1 || len(rows.Bad) != 1 || rows.Bad[0].ID != 8 || !strings.Contains(rows.Bad[0].Reason, "Price") {
			t.Fatalf("Items %+v Bad %+v", rows.Items, rows.Bad)
		}
		p := rows.Items[0]
		if !p.PublishInternet.Set || !p.PublishInternet.Value || len(p.XLargePictureItems) != 1 || !p.Embedded() {
			t.Errorf("project %+v", p)
		}
		if len(p.Units) != 1 || p.Units[0].ID != 71 || p.Units[0].Price != 1250.5 || p.Units[0].Status != platform.Is(platform.StatusSold) {
			t.Errorf("units %+v", p.Units)
		}
	})
}

func ids[T any](items []T, id func(T) int) []int {
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, id(it))
	}
	return out
}

func TestRecordID(t *testing.T) {
	for _, tt := range []struct {
		raw  string
		want int
	}{
		{`{"ID":5}`, 5},
		{`{"ID":"5"}`, 5},
		{`{"ID":" 5 "}`, 5},
		{`{"id":5}`, 5},
		{`{"ID":-1}`, -1},
		{`{"ID":5.0}`, 5},
		{`{"Name":"x"}`, 0},
		{`{"ID":null}`, 0},
		{`{"ID":""}`, 0},
		{`{"ID":"x"}`, 0},
		{`{"ID":5.5}`, 0},
		{`{"ID":{"x":1}}`, 0},
		{`{}`, 0},
		{`[{"ID":5}]`, 0},
		{`5`, 0},
		{`"5"`, 0},
		{`null`, 0},
		// Read up to its ID only: what follows is not checked (the
		// answer it came in was).
		{`{"ID":5`, 5},
		{`{"Name":"x"`, 0},
		{``, 0},
	} {
		t.Run(tt.raw, func(t *testing.T) {
			if got := platform.RecordID(json.RawMessage(tt.raw)); got != tt.want {
				t.Errorf("RecordID(%s) = %d, want %d", tt.raw, got, tt.want)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name       string
		base, over string
		want       string
	}{
		{"detail overrides the row", `{"ID":1,"Price":100,"City":"Gent"}`, `{"ID":1,"Price":200,"DescriptionB":"<p>long</p>"}`,
			`{"ID":1,"Price":200,"City":"Gent","DescriptionB":"<p>long</p>"}`},
		{"names compared without case", `{"ID":1,"price":100}`, `{"id":1,"Price":200}`, `{"id":1,"Price":200}`},
		{"null does not hide", `{"ID":1,"City":"Gent"}`, `{"City":null}`, `{"ID":1,"City":"Gent"}`},
		{`"" does not hide`, `{"ID":1,"City":"Gent"}`, `{"city":""}`, `{"ID":1,"City":"Gent"}`},
		{"[] does not hide", `{"ID":1,"XLargePictureItems":[{"ID":1}]}`, `{"XLargePictureItems":[]}`, `{"ID":1,"XLargePictureItems":[{"ID":1}]}`},
		{"empty values are not added", `{"ID":1}`, `{"A":null,"B":"","C":[]}`, `{"ID":1}`},
		{"zero and false do hide", `{"Price":100,"HasLift":true}`, `{"Price":0,"HasLift":false}`, `{"Price":0,"HasLift":false}`},
		{"an empty object is a value", `{"Agent":{"Name":"A"}}`, `{"Agent":{}}`, `{"Agent":{}}`},
		{"numbers kept as sent", `{"Zip":6830,"GoogleX":50.850000001}`, `{"CountryID":"10"}`, `{"Zip":6830,"GoogleX":50.850000001,"CountryID":"10"}`},
		{"nothing over", `{"ID":1}`, `{}`, `{"ID":1}`},
		{"over null", `{"ID":1}`, `null`, `{"ID":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := platform.Merge(json.RawMessage(tt.base), json.RawMessage(tt.over))
			if err != nil {
				t.Fatal(err)
			}
			if !sameJSON(t, got, []byte(tt.want)) {
				t.Errorf("Merge = %s, want %s", got, tt.want)
			}
			if bytes.Contains(got, []byte(`\u003c`)) {
				t.Logf("HTML escaped in %s", got)
			}
		})
	}

	t.Run("the merged record decodes with the detail's values", func(t *testing.T) {
		got, err := platform.Merge(json.RawMessage(`{"ID":1,"Price":"100","City":"Gent","DescriptionA":"kort"}`),
			json.RawMessage(`{"id":"1","price":200,"DescriptionA":"","DescriptionB":"lang"}`))
		if err != nil {
			t.Fatal(err)
		}
		var p platform.Property
		if err := json.Unmarshal(got, &p); err != nil {
			t.Fatal(err)
		}
		if p.ID != 1 || p.Price != 200 || p.City != "Gent" || p.DescriptionA != "kort" || p.DescriptionB != "lang" {
			t.Errorf("merged %+v", p)
		}
	})

	for _, tt := range []struct{ name, base, over string }{
		{"base not an object", `[1]`, `{}`},
		{"over not an object", `{}`, `[1]`},
		{"base invalid", `{`, `{}`},
		{"over invalid", `{}`, `{"a":`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := platform.Merge(json.RawMessage(tt.base), json.RawMessage(tt.over)); err == nil {
				t.Errorf("Merge = %s, want an error", got)
			}
		})
	}

	t.Run("base null", func(t *testing.T) {
		got, err := platform.Merge(json.RawMessage(`null`), json.RawMessage(`{"ID":1}`))
		if err == nil && !sameJSON(t, got, []byte(`{"ID":1}`)) {
			t.Errorf("Merge(null, detail) = %s, want the detail or an error", got)
		}
	})
}

func TestFieldsOf(t *testing.T) {
	tests := []struct {
		name     string
		fields   func(raw json.RawMessage, expected []string) platform.Fields
		raw      string
		expected []string
		want     platform.Fields
	}{
		{"property", platform.FieldsOf[platform.Property],
			`{"ID":1,"zip":"9000","Foo":1,"SmallPictureItems":[],"Agent":{}}`, []string{"ID", "Zip", "City", "EnergyPerformance"},
			platform.Fields{Mapped: []string{"ID", "SmallPictureItems", "zip"}, Ignored: []string{"Agent", "Foo"}, Missing: []string{"City", "EnergyPerformance"}}},
		{"expected names without case", platform.FieldsOf[platform.Property],
			`{"ID":1,"City":"Gent"}`, []string{"id", "CITY"},
			platform.Fields{Mapped: []string{"City", "ID"}}},
		{"embedded structs flattened", platform.FieldsOf[platform.Project],
			`{"ID":7,"Name":"Zon","XLargePictureItems":[],"ProjectNumber":"P7","PublishInternet":true,"Extra":1}`, nil,
			platform.Fields{Mapped: []string{"ID", "Name", "ProjectNumber", "PublishInternet", "XLargePictureItems"}, Ignored: []string{"Extra"}}},
		{"listed picture", platform.FieldsOf[platform.ListedPicture],
			`{"ID":1,"Url":"u","XLargeUrl":"x","Order":2}`, []string{"Url", "Description"},
			platform.Fields{Mapped: []string{"ID", "Url", "XLargeUrl"}, Ignored: []string{"Order"}, Missing: []string{"Description"}}},
		{"not an object", platform.FieldsOf[platform.Property],
			`[1]`, []string{"ID", "Zip"},
			platform.Fields{Missing: []string{"ID", "Zip"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.fields(json.RawMessage(tt.raw), tt.expected)
			if !slices.Equal(got.Mapped, tt.want.Mapped) || !slices.Equal(got.Ignored, tt.want.Ignored) || !slices.Equal(got.Missing, tt.want.Missing) {
				t.Errorf("FieldsOf = %+v\nwant       %+v", got, tt.want)
			}
		})
	}

	t.Run("Missing is a copy", func(t *testing.T) {
		expected := []string{"ID"}
		f := platform.FieldsOf[platform.Property](json.RawMessage(`nope`), expected)
		f.Missing[0] = "changed"
		if expected[0] != "ID" {
			t.Error("FieldsOf handed back the caller's slice")
		}
	})
}

func TestDecodeList(t *testing.T) {
	tests := []struct {
		name        string
		value       string
		wantItems   int
		wantRows    int
		wantCounted bool
		wantErr     string
	}{
		{"paged list", `{"From":1,"Items":[{"ID":1},{"ID":2}],"RowsCount":84,"To":50}`, 2, 84, true, ""},
		{"RowsCount as a string", `{"Items":[{"ID":1}],"RowsCount":"1"}`, 1, 1, true, ""},
		{"items without RowsCount", `{"Items":[{"ID":1}]}`, 1, 0, false, ""},
		{"RowsCount without items", `{"RowsCount":0}`, 0, 0, true, ""},
		{"plain array", `[{"ID":1},2,"3"]`, 3, 0, false, ""},
		{"empty array", ` [] `, 0, 0, false, ""},
		{"negative RowsCount", `{"Items":[],"RowsCount":-2}`, 0, 0, false, "RowsCount -2"},
		{"neither", `{"Foo":[1]}`, 0, 0, false, "neither a list nor {Items, RowsCount}"},
		{"a string", `"x"`, 0, 0, false, "decode list"},
		{"items not a list", `{"Items":{"ID":1},"RowsCount":1}`, 0, 0, false, "decode list"},
		{"broken array", `[1,`, 0, 0, false, "decode list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, rows, counted, err := platform.DecodeList("GetX", json.RawMessage(tt.value))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "GetX") {
					t.Fatalf("err = %v, want one naming GetX and saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(items) != tt.wantItems || rows != tt.wantRows || counted != tt.wantCounted {
				t.Errorf("got %d items, rows %d, counted %v, %v; want %d, %d, %v", len(items), rows, counted, err, tt.wantItems, tt.wantRows, tt.wantCounted)
			}
		})
	}
}

// TestDecodeListViaClient: a list's Value is read in both shapes through
// the client, paged and unpaged.
func TestDecodeListViaClient(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name  string
		value string
	}{
		{"paged shape", `{"From":1,"Items":[{"ID":1,"Name":"Huis"},{"ID":2,"Name":"Appartement"}],"RowsCount":2,"To":2}`},
		{"plain array", `[{"ID":1,"Name":"Huis"},{"ID":2,"Name":"Appartement"}]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := scriptValue(t, func(string, fakeplatform.Params) string { return tt.value })
			types, err := c.Types(ctx, listing.NL)
			if err != nil || !slices.Equal(ids(types.Items, func(r platform.TypeOfProperty) int { return int(r.ID) }), []int{1, 2}) {
				t.Fatalf("Types = %+v, %v", types, err)
			}
			slots, err := c.Appointments(ctx, listing.NL, 0)
			if err != nil || len(slots.Items) != 2 {
				t.Fatalf("Appointments = %+v, %v", slots, err)
			}
			props, err := c.Properties(ctx, listing.NL, []int{1, 2})
			if err != nil || len(props.Items) != 2 {
				t.Fatalf("Properties = %+v, %v", props, err)
			}
		})
	}
}

func TestDecodeLaysTheDetailOverTheRow(t *testing.T) {
	row := json.RawMessage(`{"ID":1,"Ident":"Woning","DescriptionA":"Kort.","Price":"100000"}`)
	detail := json.RawMessage(`{"ID":"1","DescriptionB":"Lang.","Price":120000}`)
	p, err := platform.Decode[platform.Property](row, detail)
	if err != nil || p.Ident != "Woning" || p.DescriptionA != "Kort." || p.DescriptionB != "Lang." || p.Price != 120000 {
		t.Errorf("merged = %+v, %v", p, err)
	}
	if p, err := platform.Decode[platform.Property](nil, detail); err != nil || p.ID != 1 || p.Ident != "" {
		t.Errorf("detail alone = %+v, %v", p, err)
	}
	if _, err := platform.Decode[platform.Property](row, json.RawMessage(`{"ID":1,"Zip":{"code":6830}}`)); err == nil || !strings.Contains(err.Error(), "Zip") {
		t.Errorf("a zip of a type it cannot be: %v", err)
	}
}
