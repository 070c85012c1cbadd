package listing

import "testing"

func TestFormatAddress(t *testing.T) {
	full := Address{
		Street: "Rue Haute", HouseNumber: "12", Box: "3", Zip: "6800", City: "Libramont",
		CountryID: CountryBelgium, CountryName: "Belgique", Published: true,
	}
	with := func(change func(*Address)) Address {
		a := full
		change(&a)
		return a
	}
	tests := []struct {
		name string
		in   Address
		want string
	}{
		{"full belgian", full, "Rue Haute 12/3, 6800 Libramont"},
		{"no box", with(func(a *Address) { a.Box = "" }), "Rue Haute 12, 6800 Libramont"},
		{"box with slash", with(func(a *Address) { a.Box = "/3" }), "Rue Haute 12/3, 6800 Libramont"},
		{"box without number is dropped", with(func(a *Address) { a.HouseNumber = "" }), "Rue Haute, 6800 Libramont"},
		{"no street", with(func(a *Address) { a.Street = "" }), "12/3, 6800 Libramont"},
		{"unpublished", with(func(a *Address) { a.Published = false }), "6800 Libramont"},
		{"luxembourg gets country", with(func(a *Address) {
			a.CountryID, a.CountryName, a.Zip, a.City = CountryLuxembourg, "Luxembourg", "L-9999", "Wemperhardt"
		}), "Rue Haute 12/3, L-9999 Wemperhardt, Luxembourg"},
		{"unpublished abroad", with(func(a *Address) {
			a.CountryID, a.CountryName, a.Published = 20, "France", false
		}), "6800 Libramont, France"},
		{"abroad without country name", with(func(a *Address) { a.CountryID, a.CountryName = 20, "" }), "Rue Haute 12/3, 6800 Libramont"},
		{"no zip", with(func(a *Address) { a.Zip = "" }), "Rue Haute 12/3, Libramont"},
		{"only country", Address{CountryID: CountryLuxembourg, CountryName: "Luxembourg"}, "Luxembourg"},
		{"empty", Address{}, ""},
		{"spaces trimmed", Address{Street: " Rue Haute ", HouseNumber: " 12 ", Zip: " 6800", City: "Libramont ", Published: true, CountryID: CountryBelgium}, "Rue Haute 12, 6800 Libramont"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatAddress(tt.in); got != tt.want {
				t.Errorf("FormatAddress(%+v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestDisplayGeo(t *testing.T) {
	tests := []struct {
		name      string
		in        *Geo
		published bool
		want      *Geo
	}{
		{"nil", nil, false, nil},
		{"published is exact", &Geo{Lat: 49.921234, Lng: 5.379876}, true, &Geo{Lat: 49.921234, Lng: 5.379876}},
		{"unpublished is rounded", &Geo{Lat: 49.921234, Lng: 5.379876}, false, &Geo{Lat: 49.92, Lng: 5.38}},
		{"unpublished negative", &Geo{Lat: -33.8688, Lng: -151.2093}, false, &Geo{Lat: -33.87, Lng: -151.21}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before Geo
			if tt.in != nil {
				before = *tt.in
			}
			got := DisplayGeo(tt.in, tt.published)
			if (got == nil) != (tt.want == nil) || got != nil && *got != *tt.want {
				t.Fatalf("DisplayGeo(%v, %v) = %v, want %v", tt.in, tt.published, got, tt.want)
			}
			if tt.in == nil {
				return
			}
			if got == tt.in {
				t.Error("returned the input pointer")
			}
			if *tt.in != before {
				t.Errorf("input changed to %v", *tt.in)
			}
		})
	}
}
