package pagedata

import (
	"github.com/estate-agency/estate/internal/texts"
	"github.com/estate-agency/estate/listing"
)

// Texts are the UI's texts (ui.Texts): the server writes a few of them
// itself, in the head and for visitors whose browser runs no script, and
// they must read as the UI's.
type Texts interface {
	Text(lang, id string, args texts.Args) string
}

// notFoundTitle is the not-found page's heading.
func (a *Assembler) notFoundTitle(lang listing.Lang) string {
	return a.texts.Text(string(lang), "pages:notFound.heading", nil)
}

// propertyNotFoundTitle is the spec's 'Property Not Found'.
func (a *Assembler) propertyNotFoundTitle(lang listing.Lang) string {
	return a.texts.Text(string(lang), "pages:notFound.propertyHeading", nil)
}
