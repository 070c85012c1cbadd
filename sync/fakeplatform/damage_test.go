package fakeplatform

import (
	"encoding/json"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/sync/wire"
)

// TestDamageSpoilsOneRecord checks each damage in the raw JSON of the list
// and of the details: the named record is spoiled, the others are not.
func TestDamageSpoilsOneRecord(t *testing.T) {
	type raw = map[string]json.RawMessage
	tests := []struct {
		name   string
		damage Damage
		row    func(t *testing.T, row raw)
		detail func(t *testing.T, d wire.PropertyDetail)
	}{
		{"negative ID", BadID(3, -1), func(t *testing.T, row raw) {
			if string(row["ID"]) != "-1" {
				t.Errorf("row ID %s, want -1", row["ID"])
			}
		}, func(t *testing.T, d wire.PropertyDetail) {
			if d.ID != 3 {
				t.Errorf("detail ID %d, want 3: the platform answers the ID it was asked", d.ID)
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
		}, func(t *testing.T, d wire.PropertyDetail) {
			if d.GoogleX != 123.4 || d.GoogleY != 200 {
				t.Errorf("detail at %v,%v", d.GoogleX, d.GoogleY)
			}
		}},
		{"huge description", HugeDescription(3, 10<<20), nil, func(t *testing.T, d wire.PropertyDetail) {
			if len(d.Description) != 10<<20 {
				t.Errorf("description of %d bytes, want %d", len(d.Description), 10<<20)
			}
		}},
		{"no detail", NoDetail(3), nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newTestServer(t)
			fake.Damage(tt.damage)

			rows := value[wire.List[raw]](t, wire.MethodPropertyList, mustCall(t, srv.URL, wire.MethodPropertyList, request(listing.NL)))
			if len(rows.Items) != 5 || rows.RowsCount != 5 {
				t.Fatalf("%d rows, RowsCount %d", len(rows.Items), rows.RowsCount)
			}
			damaged := rows.Items[2] // the rows are in ID order: 1 … 5
			for i, row := range rows.Items {
				if i != 2 && (string(row["ID"]) != string(rune('1'+i)) || string(row["GoogleX"]) != "") {
					t.Errorf("row %d spoiled too: ID %s GoogleX %s", i, row["ID"], row["GoogleX"])
				}
			}
			if tt.row != nil {
				tt.row(t, damaged)
			} else if string(damaged["ID"]) != "3" {
				t.Errorf("row ID %s, want 3", damaged["ID"])
			}

			req := request(listing.NL)
			req.IDs = "2,3"
			details := value[wire.List[wire.PropertyDetail]](t, wire.MethodPropertiesByIDs, mustCall(t, srv.URL, wire.MethodPropertiesByIDs, req))
			if tt.damage.Kind == DamageNoDetail {
				if len(details.Items) != 1 || details.Items[0].ID != 2 {
					t.Errorf("details %+v, want only 2", details.Items)
				}
				one := request(listing.NL)
				one.ID = 3
				if res := result(t, wire.MethodProperty, mustCall(t, srv.URL, wire.MethodProperty, one)); res.Success || res.Code != 404 {
					t.Errorf("GetProperty 3 = %+v, want 404", res)
				}
			} else if len(details.Items) != 2 || details.Items[0].Description != "Huis 2" {
				t.Fatalf("details %+v", details.Items)
			}
			if tt.detail != nil {
				tt.detail(t, details.Items[1])
			}

			fake.Clear()
			rows = value[wire.List[raw]](t, wire.MethodPropertyList, mustCall(t, srv.URL, wire.MethodPropertyList, request(listing.NL)))
			if string(rows.Items[2]["ID"]) != "3" || string(rows.Items[2]["GoogleX"]) != "" {
				t.Errorf("after Clear the row is %v", rows.Items[2])
			}
		})
	}
}
