package listing

import (
	"math"
	"slices"
	"strings"
	"unicode"
)

// epcBand is one grade of a regional scale: values up to and including max
// get grade.
type epcBand struct {
	max   float64
	grade string
}

// epcScales are the regional EPC scales in kWh/m²·year, best grade first.
// Each band's max is inclusive, so a value between two published ranges
// (Brussels publishes whole numbers: 23 is "a", 24 is "a_sub") belongs to the
// worse grade: 23.5 is "a_sub". Reading the published ranges as upper bounds
// leaves no gaps and never flatters a property.
var epcScales = map[Region][]epcBand{
	Flanders: {
		{0, "a_plus"},
		{100, "a"},
		{200, "b"},
		{300, "c"},
		{400, "d"},
		{500, "e"},
		{math.Inf(1), "f"},
	},
	Brussels: {
		{0, "a_plus"},
		{23, "a"},
		{45, "a_sub"},
		{62, "b_plus"},
		{79, "b"},
		{95, "b_sub"},
		{113, "c_plus"},
		{132, "c"},
		{150, "c_sub"},
		{170, "d_plus"},
		{190, "d"},
		{210, "d_sub"},
		{232, "e_plus"},
		{253, "e"},
		{275, "e_sub"},
		{298, "f_plus"},
		{322, "f"},
		{345, "f_sub"},
		{math.Inf(1), "g"},
	},
	Wallonia: {
		{0, "a_plusplus"},
		{45, "a_plus"},
		{85, "a"},
		{170, "b"},
		{255, "c"},
		{340, "d"},
		{425, "e"},
		{510, "f"},
		{math.Inf(1), "g"},
	},
}

// luxembourgGrades are the classes of the Luxembourg energy passport. The
// platform gives no usable value scale for Luxembourg, only the class text.
var luxembourgGrades = []string{
	"a_plusplus", "a_plus", "a", "b", "c", "d", "e", "f", "g", "h", "i",
}

// maxPlausibleEPC bounds the values read against a scale. Anything above is a
// typing error (an extra digit, a yearly total in the per-m² field) and the
// label text is trusted instead.
const maxPlausibleEPC = 10000

// EPCLabel derives the EPC grade ("a_plus", "b", "f_sub", ...) from the value
// and the label text for a region; "" when the region has no scale.
//
// For Belgian regions a non-zero value up to maxPlausibleEPC is read against
// the region's scale and wins over the label text; a negative value (a home
// producing more than it uses) is the scale's "<=0" grade. Any other value
// falls back to the label text, normalised to the region's grades:
//   - 0 is what the platform sends when the field was left empty, so with an
//     empty label text it means "no EPC known" and gives "";
//   - NaN and absurdly high values are typing errors, not trusted.
//
// Luxembourg always uses the label text; other countries get "".
func EPCLabel(region Region, value float64, labelText string) string {
	if region == Luxembourg {
		// A passport prints two classes; the grade is the efficiency class.
		if energy, _ := PassportClasses(labelText); energy != "" {
			labelText = energy
		}
		return gradeFromText(region, labelText)
	}
	scale, ok := epcScales[region]
	if !ok {
		return ""
	}
	if value == 0 || value > maxPlausibleEPC || math.IsNaN(value) {
		return gradeFromText(region, labelText)
	}
	for _, b := range scale {
		if value <= b.max {
			return b.grade
		}
	}
	return ""
}

// EPCImagePath is /images/epc/{region}/{label}.png, "" when label is empty.
// It is also "" for a label that is not a grade of the region: the path goes
// into HTML and only the region's own grades have an image. Only the three
// Belgian scales have images (package epcimage draws them); a Luxembourg
// passport class is shown as text, so its path is "" rather than a broken
// image.
func EPCImagePath(region Region, label string) string {
	if _, drawn := epcScales[region]; !drawn || label == "" || !isGradeOf(region, label) {
		return ""
	}
	return "/images/epc/" + string(region) + "/" + label + ".png"
}

// EPCGrades lists the grade ids of a region, best first; nil when the
// region has no EPC.
func EPCGrades(region Region) []string {
	if region == Luxembourg {
		return slices.Clone(luxembourgGrades)
	}
	scale := epcScales[region]
	if scale == nil {
		return nil
	}
	grades := make([]string, len(scale))
	for i, b := range scale {
		grades[i] = b.grade
	}
	return grades
}

// PassportClasses reads the Luxembourg energy passport's two classes from
// the platform's one label text: energy efficiency first, then thermal
// insulation, as the passport prints them ("B/C", "B-C", "B C", "B / C").
// A single class gives the energy class only; a text naming none (a
// pending "en cours") gives none.
func PassportClasses(label string) (energy, insulation string) {
	parts := strings.FieldsFunc(strings.ToUpper(label), func(r rune) bool {
		return r == '/' || r == ' ' || r == '-' || r == '–' || r == ','
	})
	var classes []string
	for _, p := range parts {
		if c := strings.TrimRight(p, "+"); len(c) == 1 && c[0] >= 'A' && c[0] <= 'I' {
			classes = append(classes, p)
		}
	}
	switch len(classes) {
	case 0:
		return "", ""
	case 1:
		return classes[0], ""
	}
	return classes[0], classes[1]
}

func isGradeOf(region Region, grade string) bool {
	return slices.Contains(EPCGrades(region), grade)
}

// gradeFromText finds the one grade written in a free label text ("A+",
// "Classe C", "PEB B-", "a_plus") and keeps it only when the region has that
// grade. Texts naming no grade, or more than one, give "".
func gradeFromText(region Region, text string) string {
	found := ""
	for _, word := range strings.Fields(strings.ToLower(text)) {
		g := gradeID(strings.TrimFunc(word, isLabelNoise))
		if g == "" || g == found {
			continue
		}
		if found != "" {
			return ""
		}
		found = g
	}
	if found == "" || !isGradeOf(region, found) {
		return ""
	}
	return found
}

// isLabelNoise is punctuation around a grade ("(A+)", "C:") that is not part
// of it; '+', '-' and '_' are.
func isLabelNoise(r rune) bool {
	switch r {
	case '+', '-', '_', '\u2212', '\u2013':
		return false
	}
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// gradeID turns one lower-case word ("a+", "b-", "a++", "c", "a_plus") into
// a grade id, or "" when the word is no grade.
func gradeID(word string) string {
	if word == "" || word[0] < 'a' || word[0] > 'z' {
		return ""
	}
	letter, suffix := word[:1], word[1:]
	switch suffix {
	case "":
		return letter
	case "+", "_plus":
		return letter + "_plus"
	case "++", "_plusplus":
		return letter + "_plusplus"
	case "-", "\u2212", "\u2013", "_sub":
		return letter + "_sub"
	}
	return ""
}
