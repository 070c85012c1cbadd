package platform_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/platform"
)

func brussels(t testing.TB) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// unmarshalCase is one JSON value and what it should decode to.
type unmarshalCase[T any] struct {
	in      string
	want    T
	wantErr bool
}

func runUnmarshal[T any](t *testing.T, tests []unmarshalCase[T], equal func(a, b T) bool) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got T
			err := json.Unmarshal([]byte(tt.in), &got)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Unmarshal(%s) = %v, want an error", tt.in, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Unmarshal(%s): %v", tt.in, err)
			}
			if !equal(got, tt.want) {
				t.Errorf("Unmarshal(%s) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func eq[T comparable](a, b T) bool { return a == b }

func TestInt(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.Int]{
		{in: `5`, want: 5},
		{in: `"5"`, want: 5},
		{in: `" 5 "`, want: 5},
		{in: `-3`, want: -3},
		{in: `"-3"`, want: -3},
		{in: `5.0`, want: 5},
		{in: `1e3`, want: 1000},
		{in: `""`, want: 0},
		{in: `"  "`, want: 0},
		{in: `null`, want: 0},
		{in: `5.5`, wantErr: true},
		{in: `"5,5"`, wantErr: true},
		{in: `"x"`, wantErr: true},
		{in: `true`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
		{in: `[1]`, wantErr: true},
		{in: `18014398509481984`, wantErr: true}, // 2^54: not an id a float can hold
	}, eq)
}

func TestNumber(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.Number]{
		{in: `250000`, want: 250000},
		{in: `"250000"`, want: 250000},
		{in: `12.5`, want: 12.5},
		{in: `" 12.5 "`, want: 12.5},
		{in: `"49,8123"`, want: 49.8123},
		{in: `"1.250,50"`, want: 1250.50},
		{in: `"1.250.000,00"`, want: 1250000},
		{in: `-4.25`, want: -4.25},
		{in: `""`, want: 0},
		{in: `null`, want: 0},
		{in: `"abc"`, wantErr: true},
		{in: `true`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
		{in: `[1]`, wantErr: true},
	}, eq)
}

func TestText(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.Text]{
		{in: `"Gent"`, want: "Gent"},
		{in: `6830`, want: "6830"},
		{in: `"6830"`, want: "6830"},
		{in: `49.5`, want: "49.5"},
		{in: `-1`, want: "-1"},
		{in: `"<b>vrij</b> &amp;"`, want: "<b>vrij</b> &amp;"},
		{in: `""`, want: ""},
		{in: `null`, want: ""},
		{in: `" Gent "`, want: " Gent "}, // kept as sent; String trims
		{in: `"Li\u00e8ge \"centre\"\n"`, want: "Liège \"centre\"\n"},
		{in: `"Liège"`, want: "Liège"},
		{in: "\"caf\xe9\"", want: "caf\ufffd"}, // invalid UTF-8, replaced as encoding/json does
		{in: `"`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
		{in: `["a"]`, wantErr: true},
		{in: `true`, wantErr: true},
	}, eq)

	if got := platform.Text("  Gent \n").String(); got != "Gent" {
		t.Errorf("String() = %q, want trimmed", got)
	}
}

func TestBool(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.Bool]{
		{in: `true`, want: true},
		{in: `false`, want: false},
		{in: `1`, want: true},
		{in: `0`, want: false},
		{in: `-1`, want: true}, // VB's True
		{in: `"1"`, want: true},
		{in: `"0"`, want: false},
		{in: `"true"`, want: true},
		{in: `"True"`, want: true},
		{in: `" TRUE "`, want: true},
		{in: `"false"`, want: false},
		{in: `"yes"`, want: true},
		{in: `"no"`, want: false},
		{in: `""`, want: false},
		{in: `null`, want: false},
		{in: `2`, wantErr: true},
		{in: `"maybe"`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
		{in: `[true]`, wantErr: true},
	}, eq)
}

func TestFlagAndEnum(t *testing.T) {
	type rec struct {
		F platform.Flag `json:"F,omitzero"`
		E platform.Enum `json:"E,omitzero"`
	}
	tests := []struct {
		in      string
		want    rec
		wantErr bool
	}{
		{in: `{}`, want: rec{}},
		{in: `{"F":null,"E":null}`, want: rec{}},
		{in: `{"E":""}`, want: rec{}},
		{in: `{"F":true,"E":1}`, want: rec{F: platform.Has(true), E: platform.Is(1)}},
		{in: `{"F":false,"E":0}`, want: rec{F: platform.Has(false), E: platform.Is(0)}},
		{in: `{"F":"0","E":"0"}`, want: rec{F: platform.Has(false), E: platform.Is(0)}},
		{in: `{"F":"yes","E":"6"}`, want: rec{F: platform.Has(true), E: platform.Is(6)}},
		{in: `{"F":{"x":1}}`, wantErr: true},
		{in: `{"E":{"x":1}}`, wantErr: true},
		{in: `{"E":"active"}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got rec
			err := json.Unmarshal([]byte(tt.in), &got)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("got %+v, want an error", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}

	t.Run("set versus absent", func(t *testing.T) {
		var absent, zero rec
		if err := json.Unmarshal([]byte(`{}`), &absent); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(`{"F":false,"E":0}`), &zero); err != nil {
			t.Fatal(err)
		}
		if absent.F.Set || absent.E.Set || !zero.F.Set || !zero.E.Set {
			t.Errorf("absent %+v and sent-as-zero %+v are not told apart", absent, zero)
		}
		if !absent.F.IsZero() || !absent.E.IsZero() || zero.F.IsZero() || zero.E.IsZero() {
			t.Errorf("IsZero: absent %v %v, set %v %v", absent.F.IsZero(), absent.E.IsZero(), zero.F.IsZero(), zero.E.IsZero())
		}
	})

	t.Run("marshal", func(t *testing.T) {
		for _, tt := range []struct {
			in   rec
			want string
		}{
			{rec{}, `{}`},
			{rec{F: platform.Has(false), E: platform.Is(0)}, `{"F":false,"E":0}`},
			{rec{F: platform.Has(true), E: platform.Is(5)}, `{"F":true,"E":5}`},
		} {
			b, err := json.Marshal(tt.in)
			if err != nil || string(b) != tt.want {
				t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.in, b, err, tt.want)
			}
			var back rec
			if err := json.Unmarshal(b, &back); err != nil || back != tt.in {
				t.Errorf("round trip of %+v: %+v, %v", tt.in, back, err)
			}
		}
		// Without omitzero an unset value is written as null, which reads
		// back unset.
		b, _ := json.Marshal(struct{ F platform.Flag }{})
		if string(b) != `{"F":null}` {
			t.Errorf("unset flag = %s", b)
		}
		b, _ = json.Marshal(struct{ E platform.Enum }{})
		if string(b) != `{"E":null}` {
			t.Errorf("unset enum = %s", b)
		}
	})
}

func TestIDs(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.IDs]{
		{in: `"1,3"`, want: platform.IDs{1, 3}},
		{in: `" 1, 3 ,"`, want: platform.IDs{1, 3}},
		{in: `[1,"3"]`, want: platform.IDs{1, 3}},
		{in: `5`, want: platform.IDs{5}},
		{in: `"5"`, want: platform.IDs{5}},
		{in: `null`, want: nil},
		{in: `""`, want: nil},
		{in: `[]`, want: nil},
		{in: `"1,x"`, wantErr: true},
		{in: `[1,"x"]`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
		{in: `true`, wantErr: true},
	}, slices.Equal)

	t.Run("marshal writes the comma-joined form", func(t *testing.T) {
		b, err := json.Marshal(platform.IDs{1, 3})
		if err != nil || string(b) != `"1,3"` {
			t.Fatalf("Marshal = %s, %v", b, err)
		}
		var back platform.IDs
		if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back, platform.IDs{1, 3}) {
			t.Errorf("round trip: %v, %v", back, err)
		}
	})
}

func TestTexts(t *testing.T) {
	runUnmarshal(t, []unmarshalCase[platform.Texts]{
		{in: `["https://a","https://b"]`, want: platform.Texts{"https://a", "https://b"}},
		{in: `"https://a"`, want: platform.Texts{"https://a"}},
		{in: `[" a ","",null,5]`, want: platform.Texts{"a", "5"}},
		{in: `""`, want: nil},
		{in: `null`, want: nil},
		{in: `[]`, want: nil},
		{in: `{"x":1}`, wantErr: true},
		{in: `[{"x":1}]`, wantErr: true},
	}, slices.Equal)
}

func TestDate(t *testing.T) {
	bru := brussels(t)
	instant := time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)

	type want struct {
		zero bool
		// wall is the wall clock of a "Y-m-d H:i:s" date; instant the
		// moment of a zoned one. One of them is set unless zero.
		wall    time.Time // in UTC, by its fields
		instant time.Time
	}
	tests := []struct {
		in      string
		want    want
		wantErr bool
	}{
		{in: `"2026-03-14 10:30:00"`, want: want{wall: time.Date(2026, 3, 14, 10, 30, 0, 0, time.UTC)}},
		{in: `"2026-03-14T10:30:00"`, want: want{wall: time.Date(2026, 3, 14, 10, 30, 0, 0, time.UTC)}},
		{in: `"2026-03-14T10:30:00.25"`, want: want{wall: time.Date(2026, 3, 14, 10, 30, 0, 250_000_000, time.UTC)}},
		{in: `"2026-03-14"`, want: want{wall: time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC)}},
		{in: `" 2026-03-14 10:30:00 "`, want: want{wall: time.Date(2026, 3, 14, 10, 30, 0, 0, time.UTC)}},
		{in: `"/Date(1773480600000)/"`, want: want{instant: instant}},
		{in: `"/Date(1773480600000+0100)/"`, want: want{instant: instant}},
		{in: `"/Date(1773480600000-0500)/"`, want: want{instant: instant}},
		{in: `"2026-03-14T09:30:00Z"`, want: want{instant: instant}},
		{in: `"2026-03-14T10:30:00+01:00"`, want: want{instant: instant}},
		{in: `"0001-01-01T00:00:00"`, want: want{zero: true}},
		{in: `"0001-01-01T00:00:00Z"`, want: want{zero: true}},
		{in: `"1753-01-01 00:00:00"`, want: want{zero: true}},
		{in: `"0000-00-00 00:00:00"`, want: want{zero: true}},
		{in: `"0000-00-00"`, want: want{zero: true}},
		{in: `"/Date(-62135596800000)/"`, want: want{zero: true}},
		{in: `""`, want: want{zero: true}},
		{in: `null`, want: want{zero: true}},
		{in: `"14/03/2026"`, wantErr: true},
		{in: `"yesterday"`, wantErr: true},
		{in: `"/Date(abc)/"`, wantErr: true},
		{in: `"/Date()/"`, wantErr: true},
		{in: `"/Date(1773480600000"`, wantErr: true},
		{in: `1773480600000`, wantErr: true},
		{in: `{"x":1}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var d platform.Date
			err := json.Unmarshal([]byte(tt.in), &d)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("got %v, want an error", d.In(time.UTC))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.IsZero() != tt.want.zero {
				t.Fatalf("IsZero = %v, want %v", d.IsZero(), tt.want.zero)
			}
			switch {
			case tt.want.zero:
				if !d.In(bru).IsZero() || !d.In(nil).IsZero() {
					t.Errorf("a zero date reads as %v", d.In(bru))
				}
			case !tt.want.wall.IsZero():
				w := tt.want.wall
				local := time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), bru)
				if got := d.In(bru); !got.Equal(local) {
					t.Errorf("In(Brussels) = %v, want the wall clock %v", got, local)
				}
				if got := d.In(time.UTC); !got.Equal(w) {
					t.Errorf("In(UTC) = %v, want the same wall clock in UTC %v", got, w)
				}
				if got := d.In(nil); !got.Equal(w) {
					t.Errorf("In(nil) = %v, want UTC %v", got, w)
				}
			default:
				for _, loc := range []*time.Location{bru, time.UTC, nil} {
					if got := d.In(loc); !got.Equal(tt.want.instant) {
						t.Errorf("In(%v) = %v, want the instant %v", loc, got, tt.want.instant)
					}
				}
			}
		})
	}

	t.Run("a wall clock is read on the zone's clock, summer time included", func(t *testing.T) {
		d, err := platform.ParseDate("2024-07-01 10:00:00")
		if err != nil {
			t.Fatal(err)
		}
		if got, want := d.In(bru), time.Date(2024, 7, 1, 8, 0, 0, 0, time.UTC); !got.Equal(want) {
			t.Errorf("In(Brussels) = %v, want %v (UTC+2)", got, want)
		}
		if got := d.In(bru); got.Location() != bru || got.Hour() != 10 {
			t.Errorf("In(Brussels) = %v, want 10:00 on Brussels' clock", got)
		}
	})

	t.Run("an instant is shown on the zone's clock", func(t *testing.T) {
		d, err := platform.ParseDate("/Date(1773480600000+0100)/")
		if err != nil {
			t.Fatal(err)
		}
		if got := d.In(bru); got.Location() != bru || got.Hour() != 10 {
			t.Errorf("In(Brussels) = %v, want 10:30 on Brussels' clock", got)
		}
		if got := platform.WallClock(d.In(bru)).In(bru); !got.Equal(instant) {
			t.Errorf("WallClock(d.In(Brussels)) = %v, want the same instant %v", got, instant)
		}
	})

	t.Run("WallClock and Instant", func(t *testing.T) {
		local := time.Date(2024, 1, 3, 10, 0, 0, 0, bru)
		w := platform.WallClock(local)
		if got := w.In(bru); !got.Equal(local) {
			t.Errorf("WallClock(%v).In(Brussels) = %v", local, got)
		}
		if got, want := w.In(time.UTC), time.Date(2024, 1, 3, 10, 0, 0, 0, time.UTC); !got.Equal(want) {
			t.Errorf("WallClock(%v).In(UTC) = %v, want %v", local, got, want)
		}
		i := platform.Instant(local)
		if got := i.In(time.UTC); !got.Equal(local) {
			t.Errorf("Instant(%v).In(UTC) = %v", local, got)
		}
		if !platform.WallClock(time.Time{}).IsZero() || !platform.Instant(time.Time{}).IsZero() {
			t.Error("the zero time is not the zero Date")
		}
	})

	t.Run("marshal round trips", func(t *testing.T) {
		for _, tt := range []struct {
			name string
			d    platform.Date
			want string
		}{
			{"wall clock", platform.WallClock(time.Date(2026, 11, 21, 8, 5, 9, 0, bru)), `"2026-11-21 08:05:09"`},
			{"instant", platform.Instant(instant), `"/Date(1773480600000+0000)/"`},
			{"zero", platform.Date{}, `""`},
		} {
			t.Run(tt.name, func(t *testing.T) {
				b, err := json.Marshal(tt.d)
				if err != nil || string(b) != tt.want {
					t.Fatalf("Marshal = %s, %v; want %s", b, err, tt.want)
				}
				var back platform.Date
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
				if back != tt.d {
					t.Errorf("round trip: %v, want %v", back.In(time.UTC), tt.d.In(time.UTC))
				}
			})
		}
		b, err := json.Marshal(struct {
			D platform.Date `json:"D,omitzero"`
		}{})
		if err != nil || string(b) != `{}` {
			t.Errorf("omitzero left in %s, %v", b, err)
		}
	})

	t.Run("ParseDate", func(t *testing.T) {
		if d, err := platform.ParseDate(""); err != nil || !d.IsZero() {
			t.Errorf(`ParseDate("") = %v, %v`, d, err)
		}
		if _, err := platform.ParseDate("2026-13-40 25:00:00"); err == nil || !strings.Contains(err.Error(), "2026-13-40") {
			t.Errorf("err = %v, want one quoting the date", err)
		}
	})
}

func TestFormatDate(t *testing.T) {
	bru := brussels(t)
	for _, tt := range []struct {
		name string
		t    time.Time
		loc  *time.Location
		want string
	}{
		{"winter in Brussels", time.Date(2024, 1, 3, 9, 0, 0, 0, time.UTC), bru, "2024-01-03 10:00:00"},
		{"summer in Brussels", time.Date(2024, 7, 1, 8, 0, 0, 0, time.UTC), bru, "2024-07-01 10:00:00"},
		{"across midnight", time.Date(2024, 12, 31, 23, 30, 0, 0, time.UTC), bru, "2025-01-01 00:30:00"},
		{"UTC", time.Date(2024, 1, 3, 9, 0, 0, 0, time.UTC), time.UTC, "2024-01-03 09:00:00"},
		{"nil is UTC", time.Date(2024, 1, 3, 10, 0, 0, 0, bru), nil, "2024-01-03 09:00:00"},
		{"fraction dropped", time.Date(2024, 1, 3, 9, 0, 0, 999_000_000, time.UTC), time.UTC, "2024-01-03 09:00:00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := platform.FormatDate(tt.t, tt.loc); got != tt.want {
				t.Errorf("FormatDate = %q, want %q", got, tt.want)
			}
		})
	}
	// What FormatDate writes, ParseDate reads back as the same wall clock.
	at := time.Date(2024, 3, 31, 1, 30, 0, 0, time.UTC) // Brussels changes to summer time at 01:00 UTC
	d, err := platform.ParseDate(platform.FormatDate(at, bru))
	if err != nil || !d.In(bru).Equal(at) {
		t.Errorf("ParseDate(FormatDate(%v)) = %v, %v", at, d.In(bru), err)
	}
}

// TestValueErrorsNameTheField: a value one of these types cannot hold makes
// its record one bad record whose reason names the field.
func TestValueErrorsNameTheField(t *testing.T) {
	rows := platform.DecodeRows[platform.Property]([]json.RawMessage{
		json.RawMessage(`{"ID":5,"Price":{"x":1}}`),
		json.RawMessage(`{"ID":6}`),
	})
	if len(rows.Items) != 1 || rows.Items[0].ID != 6 || len(rows.Raw) != 1 || string(rows.Raw[0]) != `{"ID":6}` {
		t.Fatalf("Items %+v Raw %s, want only ID 6", rows.Items, rows.Raw)
	}
	if len(rows.Bad) != 1 {
		t.Fatalf("Bad = %+v, want one", rows.Bad)
	}
	if b := rows.Bad[0]; b.Row != 1 || b.ID != 5 || !strings.Contains(b.Reason, "Price") {
		t.Errorf("Bad[0] = %+v, want Row 1, ID 5 and a reason naming Price", b)
	}

	for _, tt := range []struct {
		raw   string
		field string
		words string
	}{
		{`{"ID":1,"CreatedDate":"garbage"}`, "CreatedDate", "a date"},
		{`{"ID":1,"PublishPrice":{"x":1}}`, "PublishPrice", "a yes or no"},
		{`{"ID":1,"Status":"active"}`, "Status", "a whole number"},
		{`{"ID":1,"WebIDs":"1,x"}`, "WebIDs", "a list of ids"},
		{`{"ID":1,"Documents":{"x":1}}`, "Documents", "a list"},
	} {
		t.Run(tt.field, func(t *testing.T) {
			rows := platform.DecodeRows[platform.Property]([]json.RawMessage{json.RawMessage(tt.raw)})
			if len(rows.Bad) != 1 || rows.Bad[0].ID != 1 {
				t.Fatalf("Bad = %+v", rows.Bad)
			}
			if r := rows.Bad[0].Reason; !strings.Contains(r, tt.field) || !strings.Contains(r, tt.words) {
				t.Errorf("reason %q, want one naming %s and saying %q", r, tt.field, tt.words)
			}
		})
	}

	t.Run("the reason says what the field should hold", func(t *testing.T) {
		for _, tt := range []struct {
			raw, words string
		}{
			{`{"ID":1,"Price":{"x":1}}`, "is not a number"},
			{`{"ID":1,"NumberOfBedRooms":{"x":1}}`, "is not a whole number"},
			{`{"ID":1,"WebIDs":{"x":1}}`, "is not a list of ids"},
		} {
			rows := platform.DecodeRows[platform.Property]([]json.RawMessage{json.RawMessage(tt.raw)})
			if len(rows.Bad) != 1 || !strings.Contains(rows.Bad[0].Reason, tt.words) {
				t.Errorf("%s: Bad %+v, want a reason saying %q", tt.raw, rows.Bad, tt.words)
			}
		}
	})
}
