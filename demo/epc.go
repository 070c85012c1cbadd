package demo

import "github.com/estate-agency/estate/listing"

// epcLabelText is the label a certificate of that value shows in the region,
// following the spec's scales (upper bounds inclusive), so EPCLabelText and
// EnergyPerformance never contradict each other in the demo data.
func epcLabelText(region listing.Region, value float64) string {
	type step struct {
		upTo  float64
		label string
	}
	var scale []step
	last := ""
	switch region {
	case listing.Wallonia:
		scale = []step{{0, "A++"}, {45, "A+"}, {85, "A"}, {170, "B"}, {255, "C"}, {340, "D"}, {425, "E"}, {510, "F"}}
		last = "G"
	case listing.Flanders:
		scale = []step{{0, "A+"}, {100, "A"}, {200, "B"}, {300, "C"}, {400, "D"}, {500, "E"}}
		last = "F"
	case listing.Brussels:
		scale = []step{{0, "A+"}, {23, "A"}, {45, "A-"}, {62, "B+"}, {79, "B"}, {95, "B-"}, {113, "C+"}, {132, "C"},
			{150, "C-"}, {170, "D+"}, {190, "D"}, {210, "D-"}, {232, "E+"}, {253, "E"}, {275, "E-"}, {298, "F+"},
			{322, "F"}, {345, "F-"}}
		last = "G"
	case listing.Luxembourg:
		// Luxembourg certificates carry letters A–I; the site reads the text.
		scale = []step{{45, "A"}, {95, "B"}, {125, "C"}, {145, "D"}, {210, "E"}, {295, "F"}, {395, "G"}, {530, "H"}}
		last = "I"
	default:
		return ""
	}
	for _, s := range scale {
		if value <= s.upTo {
			return s.label
		}
	}
	return last
}
