package listing

// RenovationObligation reports whether whoever buys the property must
// renovate it, which the detail page then tells the visitor.
//
// The obligation is Flemish (the renovatieverplichting of the Energy
// Decree): a home bought from 1 January 2023 with label E or F must reach D
// or better within 5 years of the deed. Wallonia, Brussels and Luxembourg have
// no such rule, so the grade alone says nothing there; and renting a home
// obliges the tenant to nothing. region is RegionOf the property's address
// and label an EPCLabel grade of that region (the Flemish scale has no
// "e_plus" or "f_sub").
func RenovationObligation(region Region, label string, goal Goal) bool {
	if region != Flanders || goal != Sale {
		return false
	}
	switch label {
	case "e", "f":
		return true
	}
	return false
}
