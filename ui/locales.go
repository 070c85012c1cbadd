package ui

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/estate-agency/estate/internal/texts"
)

// locales are the UI's i18next texts, {lang}/{namespace}.json.
//
//go:embed src/locales
var locales embed.FS

// Texts are the UI's locale files as a catalog of package texts, for the few
// texts the server writes itself where the UI shows the same (a not-found
// page's title in the head): ids are i18next's, "pages:notFound.heading".
var Texts = sync.OnceValues(func() (*texts.Catalog, error) {
	sub, err := fs.Sub(locales, "src/locales")
	if err != nil {
		return nil, err
	}
	return texts.ParseI18next("ui/src/locales", sub)
})
