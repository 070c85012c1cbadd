package listing

import (
	"math"
	"testing"
)

func TestEPCLabel(t *testing.T) {
	tests := []struct {
		name   string
		region Region
		value  float64
		text   string
		want   string
	}{
		// Flanders: (0,100] a, then steps of 100, > 500 f.
		{"flanders just above zero", Flanders, 0.1, "", "a"},
		{"flanders 100 is a", Flanders, 100, "", "a"},
		{"flanders 100.5 is b", Flanders, 100.5, "", "b"},
		{"flanders 101 is b", Flanders, 101, "", "b"},
		{"flanders 200 is b", Flanders, 200, "", "b"},
		{"flanders 250 is c", Flanders, 250, "", "c"},
		{"flanders 350 is d", Flanders, 350, "", "d"},
		{"flanders 500 is e", Flanders, 500, "", "e"},
		{"flanders 501 is f", Flanders, 501, "", "f"},
		{"flanders value wins over text", Flanders, 150, "A", "b"},

		// Brussels: whole-number ranges read as upper bounds.
		{"brussels 0.5 is a", Brussels, 0.5, "", "a"},
		{"brussels 1 is a", Brussels, 1, "", "a"},
		{"brussels 23 is a", Brussels, 23, "", "a"},
		{"brussels 23.5 rounds into a_sub", Brussels, 23.5, "", "a_sub"},
		{"brussels 24 is a_sub", Brussels, 24, "", "a_sub"},
		{"brussels 45 is a_sub", Brussels, 45, "", "a_sub"},
		{"brussels 46 is b_plus", Brussels, 46, "", "b_plus"},
		{"brussels 79 is b", Brussels, 79, "", "b"},
		{"brussels 95 is b_sub", Brussels, 95, "", "b_sub"},
		{"brussels 96 is c_plus", Brussels, 96, "", "c_plus"},
		{"brussels 132 is c", Brussels, 132, "", "c"},
		{"brussels 150 is c_sub", Brussels, 150, "", "c_sub"},
		{"brussels 151 is d_plus", Brussels, 151, "", "d_plus"},
		{"brussels 190 is d", Brussels, 190, "", "d"},
		{"brussels 210 is d_sub", Brussels, 210, "", "d_sub"},
		{"brussels 232 is e_plus", Brussels, 232, "", "e_plus"},
		{"brussels 253 is e", Brussels, 253, "", "e"},
		{"brussels 275 is e_sub", Brussels, 275, "", "e_sub"},
		{"brussels 298 is f_plus", Brussels, 298, "", "f_plus"},
		{"brussels 322 is f", Brussels, 322, "", "f"},
		{"brussels 323 is f_sub", Brussels, 323, "", "f_sub"},
		{"brussels 345 is f_sub", Brussels, 345, "", "f_sub"},
		{"brussels 345.5 is g", Brussels, 345.5, "", "g"},
		{"brussels 346 is g", Brussels, 346, "", "g"},

		// Wallonia: (0,45] a_plus, (45,85] a, ... > 510 g.
		{"wallonia 45 is a_plus", Wallonia, 45, "", "a_plus"},
		{"wallonia 46 is a", Wallonia, 46, "", "a"},
		{"wallonia 85 is a", Wallonia, 85, "", "a"},
		{"wallonia 86 is b", Wallonia, 86, "", "b"},
		{"wallonia 170 is b", Wallonia, 170, "", "b"},
		{"wallonia 171 is c", Wallonia, 171, "", "c"},
		{"wallonia 340 is d", Wallonia, 340, "", "d"},
		{"wallonia 425 is e", Wallonia, 425, "", "e"},
		{"wallonia 510 is f", Wallonia, 510, "", "f"},
		{"wallonia 511 is g", Wallonia, 511, "", "g"},

		// Zero and untrusted values fall back to the label text.
		{"zero without text is unknown", Flanders, 0, "", ""},
		{"zero without text is unknown in wallonia", Wallonia, 0, "", ""},
		{"zero with text uses text", Flanders, 0, "A+", "a_plus"},
		{"zero with text b uses text", Wallonia, 0, "B", "b"},
		{"zero with wallonia a++", Wallonia, 0, "A++", "a_plusplus"},
		{"negative is the best Flemish grade", Flanders, -12, "", "a_plus"},
		{"negative is the best Walloon grade", Wallonia, -3, "B", "a_plusplus"},
		{"negative Brussels", Brussels, -1, "", "a_plus"},
		{"nan uses text", Brussels, math.NaN(), "C+", "c_plus"},
		{"infinity uses text", Brussels, math.Inf(1), "C", "c"},
		{"absurd value uses text", Wallonia, 123456, "D", "d"},
		{"plausible maximum still on scale", Wallonia, maxPlausibleEPC, "A", "g"},
		{"text grade not in region", Flanders, 0, "G", ""},
		{"brussels minus is sub", Brussels, 0, "B-", "b_sub"},
		{"flanders has no sub grades", Flanders, 0, "B-", ""},
		{"text with word", Wallonia, 0, "Classe C", "c"},
		{"text in brackets", Brussels, 0, "PEB (E+)", "e_plus"},
		{"text already an id", Brussels, 0, "f_sub", "f_sub"},
		{"text not a grade", Wallonia, 0, "n/a", ""},
		{"text naming two grades", Wallonia, 0, "A ou B", ""},
		{"text repeating one grade", Wallonia, 0, "B b", "b"},

		// Luxembourg reads the label text only.
		{"luxembourg a++", Luxembourg, 0, "A++", "a_plusplus"},
		{"luxembourg a+", Luxembourg, 0, "a+", "a_plus"},
		{"luxembourg upper a plus", Luxembourg, 0, "A+", "a_plus"},
		{"luxembourg b", Luxembourg, 0, "B", "b"},
		{"luxembourg classe c", Luxembourg, 0, "Classe C", "c"},
		{"luxembourg i", Luxembourg, 0, "I", "i"},
		{"luxembourg passport pair is its efficiency class", Luxembourg, 0, "D/E", "d"},
		{"luxembourg spaced passport pair", Luxembourg, 0, "Classe B / C", "b"},
		{"luxembourg j is no class", Luxembourg, 0, "J", ""},
		{"luxembourg ignores value", Luxembourg, 50, "", ""},
		{"luxembourg no text", Luxembourg, 0, "", ""},
		{"luxembourg words only", Luxembourg, 0, "en cours", ""},

		{"other country has none", OtherLand, 150, "B", ""},
		{"unknown region has none", Region("mars"), 150, "B", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EPCLabel(tt.region, tt.value, tt.text); got != tt.want {
				t.Errorf("EPCLabel(%q, %v, %q) = %q, want %q", tt.region, tt.value, tt.text, got, tt.want)
			}
		})
	}
}

func TestEPCScalesAreOrdered(t *testing.T) {
	for region, scale := range epcScales {
		t.Run(string(region), func(t *testing.T) {
			for i := 1; i < len(scale); i++ {
				if scale[i].max <= scale[i-1].max {
					t.Errorf("band %d (%s) max %v not above %v", i, scale[i].grade, scale[i].max, scale[i-1].max)
				}
			}
			if last := scale[len(scale)-1].max; !math.IsInf(last, 1) {
				t.Errorf("last band max = %v, want +Inf", last)
			}
		})
	}
}

func TestEPCImagePath(t *testing.T) {
	tests := []struct {
		name   string
		region Region
		label  string
		want   string
	}{
		{"flanders", Flanders, "b", "/images/epc/flanders/b.png"},
		{"brussels sub", Brussels, "f_sub", "/images/epc/brussels/f_sub.png"},
		{"wallonia plusplus", Wallonia, "a_plusplus", "/images/epc/wallonia/a_plusplus.png"},
		// The spec draws the Belgian scales only; a Luxembourg class is text.
		{"luxembourg has no image", Luxembourg, "i", ""},
		{"luxembourg a", Luxembourg, "a", ""},
		{"empty label", Flanders, "", ""},
		{"other region", OtherLand, "b", ""},
		{"grade of another region", Flanders, "g", ""},
		{"path injection", Wallonia, "../../etc/passwd", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EPCImagePath(tt.region, tt.label); got != tt.want {
				t.Errorf("EPCImagePath(%q, %q) = %q, want %q", tt.region, tt.label, got, tt.want)
			}
		})
	}
}

func TestPassportClasses(t *testing.T) {
	cases := []struct{ in, e, i string }{
		{"B/C", "B", "C"}, {"B-C", "B", "C"}, {"B C", "B", "C"}, {"B / C", "B", "C"}, {"D", "D", ""},
		{"en cours", "", ""}, {"pending", "", ""}, {"", "", ""},
	}
	for _, c := range cases {
		if e, i := PassportClasses(c.in); e != c.e || i != c.i {
			t.Errorf("PassportClasses(%q) = %q, %q; want %q, %q", c.in, e, i, c.e, c.i)
		}
	}
}
