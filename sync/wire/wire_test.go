package wire

import (
	"encoding/json"
	"testing"
	"time"
)

func TestNumberAcceptsThePlatformsForms(t *testing.T) {
	tests := []struct {
		in      string
		want    Number
		wantErr bool
	}{
		{`250000`, 250000, false},
		{`"250000"`, 250000, false},
		{`"49,8123"`, 49.8123, false},
		{`" 12.5 "`, 12.5, false},
		{`""`, 0, false},
		{`null`, 0, false},
		{`"abc"`, 0, true},
		{`true`, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var n Number
			err := json.Unmarshal([]byte(tt.in), &n)
			if (err != nil) != tt.wantErr || n != tt.want {
				t.Errorf("Unmarshal(%s) = %v, %v; want %v, error %v", tt.in, n, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestDateAcceptsThePlatformsForms(t *testing.T) {
	want := time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		in      string
		want    time.Time
		wantErr bool
	}{
		{`"/Date(1773480600000)/"`, want, false},
		{`"/Date(1773480600000+0100)/"`, want, false},
		{`"2026-03-14T09:30:00Z"`, want, false},
		{`"2026-03-14T10:30:00+01:00"`, want, false},
		{`"2026-03-14T09:30:00"`, want, false},
		{`"2026-03-14"`, time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC), false},
		{`""`, time.Time{}, false},
		{`null`, time.Time{}, false},
		{`"14/03/2026"`, time.Time{}, true},
		{`"/Date(abc)/"`, time.Time{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var d Date
			err := json.Unmarshal([]byte(tt.in), &d)
			if (err != nil) != tt.wantErr || !d.Equal(tt.want) {
				t.Errorf("Unmarshal(%s) = %v, %v; want %v, error %v", tt.in, d.Time, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestDateRoundTrip(t *testing.T) {
	in := Date{time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out Date
	if err := json.Unmarshal(b, &out); err != nil || !out.Equal(in.Time) {
		t.Errorf("round trip %s → %v, %v", b, out, err)
	}
}
