package fakeplatform

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// TestDamageSpoilsOneRecord checks each damage in the raw JSON of the list
// and of the details: the named record is spoiled, the others are not.
func TestDamageSpoilsOneRecord(t *testing.T) {
	type raw = map[string]json.RawMessage
	tests := []struct {
		name   string
		damage Damage
		row    func(t *testing.T, row raw)
		detail func(t *testing.T, d raw)
	}{
		{"negative ID", BadID(3, -1), func(t *testing.T, row raw) {
			if string(row["ID"]) != "-1" {
				t.Errorf("row ID %s, want -1", row["ID"])
			}
		}, func(t *testing.T, d raw) {
			if string(d["ID"]) != "3" {
				t.Errorf("detail ID %s, want 3: the platform answers the ID it was asked", d["ID"])
			}
		}},
		{"zero ID", BadID(3, 0), func(t *testing.T, row raw) {
			if string(row["ID"]) != "0" {
				t.Errorf("row ID %s, want 0", row["ID"])
			}
		}, nil},
		{"no ID field", NoID(3), func(t *testing.T, row raw) {
			if _, ok := row["ID"]; ok || string(row["Zip"]) != `"9000"` {
				t.Errorf("row %v, want the row without its ID", row)
			}
		}, nil},
		{"off the globe", OffGlobe(3), func(t *testing.T, row raw) {
			if string(row["GoogleX"]) != "123.4" || string(row["GoogleY"]) != "200" {
				t.Errorf("row at %s,%s", row["GoogleX"], row["GoogleY"])
			}
		}, func(t *testing.T, d raw) {
			if string(d["GoogleX"]) != "123.4" || string(d["GoogleY"]) != "200" {
				t.Errorf("detail at %s,%s", d["GoogleX"], d["GoogleY"])
			}
		}},
		{"huge description", HugeDescription(3, 1<<20), nil, func(t *testing.T, d raw) {
			var s string
			if err := json.Unmarshal(d["DescriptionB"], &s); err != nil || len(s) != 1<<20 || !strings.Contains(s, "pasted twice") {
				t.Errorf("description of %d bytes, want %d, %v", len(s), 1<<20, err)
			}
		}},
		{"hostile", Hostile(3, 1000, 30), nil, func(t *testing.T, d raw) {
			var street, photo string
			var docs, pics []map[string]any
			_ = json.Unmarshal(d["Street"], &street)
			_ = json.Unmarshal(d["ManagerPhoto"], &photo)
			_ = json.Unmarshal(d["Documents"], &docs)
			_ = json.Unmarshal(d["XLargePictureItems"], &pics)
			if len(street) != 1000 || !strings.HasPrefix(photo, "javascript:") || len(docs) != 30 || len(pics) != 30 ||
				docs[0]["Url"] != "javascript:alert(document.domain)" || !strings.HasPrefix(pics[3]["Url"].(string), "data:") {
				t.Errorf("street of %d, photo %q, %d documents, %d photos: %v", len(street), photo, len(docs), len(pics), docs[:1])
			}
		}},
		{"no detail", NoDetail(3), nil, nil},
		{"wrong type", WrongType(3, "Price"), func(t *testing.T, row raw) {
			if string(row["Price"]) != `{"unexpected":true}` {
				t.Errorf("row Price %s, want an object", row["Price"])
			}
		}, func(t *testing.T, d raw) {
			if string(d["Price"]) != `{"unexpected":true}` || string(d["DescriptionB"]) != `"Huis 3"` {
				t.Errorf("detail Price %s DescriptionB %s", d["Price"], d["DescriptionB"])
			}
		}},
		{"wrong type of a field named in another case", WrongType(3, "zip"), func(t *testing.T, row raw) {
			if _, ok := row["Zip"]; ok || string(row["zip"]) != `{"unexpected":true}` {
				t.Errorf("row %v, want Zip replaced by an object", row)
			}
		}, nil},
		{"wrong type of a field the record lacks", WrongType(3, "Agent"), func(t *testing.T, row raw) {
			if string(row["Agent"]) != `{"unexpected":true}` {
				t.Errorf("row Agent %s", row["Agent"])
			}
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Damage(tt.damage)

			rows := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
			if len(rows.Items) != 5 || rows.RowsCount != 5 {
				t.Fatalf("%d rows, RowsCount %d", len(rows.Items), rows.RowsCount)
			}
			decoded := make([]raw, len(rows.Items))
			for i, it := range rows.Items {
				if err := json.Unmarshal(it, &decoded[i]); err != nil {
					t.Fatal(err)
				}
			}
			damaged := decoded[2] // the rows are in ID order: 1 … 5
			for i, row := range decoded {
				if i != 2 && (string(row["ID"]) != string(rune('1'+i)) || row["GoogleX"] != nil || string(row["Price"]) != string(rune('1'+i))+"00000") {
					t.Errorf("row %d spoiled too: %v", i, row)
				}
			}
			if tt.row != nil {
				tt.row(t, damaged)
			} else if string(damaged["ID"]) != "3" {
				t.Errorf("row ID %s, want 3", damaged["ID"])
			}

			details := valueOf[[]raw](t, platform.MethodPropertiesByIDs, mustCall(t, srv.URL, platform.MethodPropertiesByIDs, req(listing.NL).with("IDs", "2,3")))
			if tt.damage.Kind == DamageNoDetail {
				if len(details) != 1 || string(details[0]["ID"]) != "2" {
					t.Errorf("details %v, want only 2", details)
				}
			} else if len(details) != 2 || string(details[0]["DescriptionB"]) != `"Huis 2"` || details[0]["GoogleX"] != nil {
				t.Fatalf("details %v", details)
			}
			if tt.detail != nil {
				tt.detail(t, details[1])
			}

			fake.Clear()
			rows = valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
			var after raw
			if err := json.Unmarshal(rows.Items[2], &after); err != nil {
				t.Fatal(err)
			}
			if string(after["ID"]) != "3" || after["GoogleX"] != nil || string(after["Price"]) != "300000" {
				t.Errorf("after Clear the row is %v", after)
			}
		})
	}
}

func TestDamageDetails(t *testing.T) {
	t.Run("several damages, several properties", func(t *testing.T) {
		fake, srv := newTestServer(t)
		fake.Damage(OffGlobe(1), WrongType(1, "City"), NoDetail(4))
		fake.Damage(BadID(5, -5))
		l := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
		if got := listIDs(l.Items); got[0] != 1 || got[4] != -5 {
			t.Errorf("IDs %v", got)
		}
		var first map[string]json.RawMessage
		_ = json.Unmarshal(l.Items[0], &first)
		if string(first["GoogleX"]) != "123.4" || string(first["City"]) != `{"unexpected":true}` {
			t.Errorf("row 1 %v", first)
		}
		details := valueOf[[]json.RawMessage](t, platform.MethodPropertiesByIDs, mustCall(t, srv.URL, platform.MethodPropertiesByIDs, req(listing.NL).with("IDs", "1,4,5")))
		if got := listIDs(details); len(got) != 2 || got[0] != 1 || got[1] != 5 {
			t.Errorf("details %v, want 1 and 5 (4 has none, 5 keeps its ID)", got)
		}
	})
	t.Run("damage of a property not listed changes nothing", func(t *testing.T) {
		fake, srv := newTestServer(t)
		before := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
		fake.Damage(NoID(42), WrongType(42, "Price"))
		after := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
		if len(before.Items) != 5 || len(after.Items) != 5 {
			t.Fatalf("%d and %d rows", len(before.Items), len(after.Items))
		}
		for i := range before.Items {
			if string(before.Items[i]) != string(after.Items[i]) {
				t.Errorf("row %d changed: %s → %s", i, before.Items[i], after.Items[i])
			}
		}
	})
	t.Run("damage follows ChangeSince", func(t *testing.T) {
		fake, srv := newTestServer(t)
		fake.Damage(NoID(4))
		l := valueOf[list](t, platform.MethodPropertyList,
			mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL).with("ChangeSince", "2024-04-01 00:00:00")))
		if got := listIDs(l.Items); len(got) != 2 || got[0] != 0 || got[1] != 5 {
			t.Errorf("IDs %v, want the damaged 4 (no ID) and 5", got)
		}
	})
	t.Run("damage in other languages", func(t *testing.T) {
		fake, srv := newTestServer(t)
		fake.Damage(WrongType(1, "Price"))
		l := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.FR)))
		if len(l.Items) != 1 || !strings.Contains(string(l.Items[0]), `"Price":{"unexpected":true}`) {
			t.Errorf("French rows %s", l.Items)
		}
	})
	t.Run("decoded by the client's records", func(t *testing.T) {
		fake, srv := newTestServer(t)
		fake.Damage(WrongType(2, "LastChangedDate"))
		l := valueOf[list](t, platform.MethodPropertyList, mustCall(t, srv.URL, platform.MethodPropertyList, req(listing.NL)))
		rows := platform.DecodeRows[platform.Property](l.Items)
		if len(rows.Items) != 4 || len(rows.Bad) != 1 || rows.Bad[0].ID != 2 || !strings.Contains(rows.Bad[0].Reason, "LastChangedDate") {
			t.Errorf("Items %d Bad %+v", len(rows.Items), rows.Bad)
		}
	})
}

func TestDamageStrings(t *testing.T) {
	for _, tt := range []struct {
		d    Damage
		want string
	}{
		{BadID(3, -1), "bad-id on property 3"},
		{NoID(3), "no-id on property 3"},
		{OffGlobe(4), "off-globe on property 4"},
		{HugeDescription(5, 10), "huge-description on property 5"},
		{NoDetail(6), "no-detail on property 6"},
		{WrongType(7, "Price"), "wrong-type on property 7"},
		{Damage{Kind: 42, Property: 1}, "damage(42) on property 1"},
	} {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
	if d := WrongType(7, "Price"); d.Kind != DamageWrongType || d.Field != "Price" || d.Property != 7 {
		t.Errorf("WrongType = %+v", d)
	}
	if d := HugeDescription(5, 10); d.Size != 10 || d.Kind != DamageHugeDescription {
		t.Errorf("HugeDescription = %+v", d)
	}
}
