package pagedata

import "github.com/estate-agency/estate/listing"

// notFoundTitle is the not-found page's heading for the head and for
// visitors whose browser runs no script; the UI shows its own translation.
func notFoundTitle(lang listing.Lang) string {
	switch lang {
	case listing.NL:
		return "Oeps, deze pagina bestaat niet meer"
	case listing.FR:
		return "Oups, cette page n'existe plus"
	case listing.DE:
		return "Hoppla, diese Seite gibt es nicht mehr"
	}
	return "Oops, this page no longer exists"
}

// propertyNotFoundTitle is the spec's 'Property Not Found'.
func propertyNotFoundTitle(lang listing.Lang) string {
	switch lang {
	case listing.NL:
		return "Pand niet gevonden"
	case listing.FR:
		return "Bien introuvable"
	case listing.DE:
		return "Immobilie nicht gefunden"
	}
	return "Property not found"
}
