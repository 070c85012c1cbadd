package listing

// Platform StatusID values.
const (
	platformStatusAvailable = 1
	platformStatusOption    = 2
	platformStatusSold      = 3
	platformStatusRented    = 4
)

// Platform Marquee codes (the banner on a listing).
const (
	marqueeNone         = 0
	marqueeNew          = 1
	marqueeSoldOrRented = 2
	marqueeOption       = 3
	marqueePriceReduced = 10
)

// MarqueePriceReduced is the banner of a listing whose price went down.
const MarqueePriceReduced = marqueePriceReduced

// AvailabilityFrom derives the availability from the platform's status and marquee.
//
// The StatusID is the agency's explicit answer and wins when given (1–4);
// the marquee is a display banner and only decides when there is no status.
// Sold and rented are the same fact seen through the goal: a property for
// rent marked sold has been rented, and vice versa. New and price-reduced
// banners leave a property available, as does anything unknown.
func AvailabilityFrom(statusID, marquee int, goal Goal) Status {
	switch statusID {
	case platformStatusAvailable:
		return Available
	case platformStatusOption:
		return Option
	case platformStatusSold, platformStatusRented:
		return gone(goal)
	}
	switch marquee {
	case marqueeSoldOrRented:
		return gone(goal)
	case marqueeOption:
		return Option
	case marqueeNone, marqueeNew, marqueePriceReduced:
	}
	return Available
}

// gone is the final status of a property no longer on the market.
func gone(goal Goal) Status {
	if goal == Rent {
		return Rented
	}
	return Sold
}
