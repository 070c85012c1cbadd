// Package photosizes is the site's one table of photo widths and slot
// sizes (photos.json): the server's preloads, the banner's srcset and the
// demo photo server read it here, the UI imports the same file, so the
// browser fetches the rendition the page then shows. It imports nothing of
// the project, so any package can use it.
package photosizes

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

//go:embed photos.json
var photosJSON []byte

// Set is the srcset widths and the sizes attribute of one kind of image.
type Set struct {
	Renditions []int  `json:"renditions"`
	Sizes      string `json:"sizes"`
}

// Slot is a row of the spec's width table: a slot up to UpTo CSS pixels
// shows the Width rendition.
type Slot struct {
	UpTo  int `json:"upTo"`
	Width int `json:"width"`
}

// Detail is the main photo of a detail page.
type Detail struct {
	// Sizes is the slot of the main photo.
	Sizes string `json:"sizes"`
	// MinWidth is the narrowest rendition of the main photo's srcset.
	MinWidth int `json:"minWidth"`
	// FallbackWidth is the rendition a browser without srcset gets (the
	// preload's href): the one nearest this width.
	FallbackWidth int `json:"fallbackWidth"`
	// ThumbnailWidth is the narrowest rendition a gallery thumbnail takes.
	ThumbnailWidth int `json:"thumbnailWidth"`
}

// Optimized are the widths the image pipeline makes.
type Optimized struct {
	// Widths are made when the photo is at least as wide; the photo's own
	// width (at most MaxWidth) is always made too.
	Widths   []int `json:"widths"`
	MaxWidth int   `json:"maxWidth"`
}

// Table is photos.json.
type Table struct {
	// Renditions are the widths the photo server renders.
	Renditions []int `json:"renditions"`
	// Original is the largest rendition, a picture's own address.
	Original  int       `json:"original"`
	Slots     []Slot    `json:"slots"`
	Card      Set       `json:"card"`
	Banner    Set       `json:"banner"`
	Detail    Detail    `json:"detail"`
	Optimized Optimized `json:"optimized"`
}

// table is photos.json, read once: it is part of the binary, so a broken
// table fails at start and in every test that imports the package.
var table = func() Table {
	var t Table
	if err := json.Unmarshal(photosJSON, &t); err != nil {
		panic("photosizes: photos.json: " + err.Error())
	}
	return t
}()

// Get returns the table; each caller gets its own slices.
func Get() Table {
	t := table
	t.Renditions = slices.Clone(t.Renditions)
	t.Slots = slices.Clone(t.Slots)
	t.Card.Renditions = slices.Clone(t.Card.Renditions)
	t.Banner.Renditions = slices.Clone(t.Banner.Renditions)
	t.Optimized.Widths = slices.Clone(t.Optimized.Widths)
	return t
}

// For is the rendition shown in a slot of cssWidth pixels (the spec's width table).
func For(cssWidth int) int {
	for _, s := range table.Slots {
		if cssWidth <= s.UpTo {
			return s.Width
		}
	}
	return table.Original
}

var renditionRE = regexp.MustCompile(`^(.*/)\d+\.jpg(\?.*)?$`)

// CardSrcSet is a list card's srcset for a photo address ending in
// /{width}.jpg (a query string kept): every card rendition with its width;
// "" for any other address. The UI's cardSrcSet (ui/src/features/search/images.ts)
// writes the same.
func CardSrcSet(url string) string {
	m := renditionRE.FindStringSubmatch(url)
	if m == nil {
		return ""
	}
	set := make([]string, 0, len(table.Card.Renditions))
	for _, w := range table.Card.Renditions {
		set = append(set, m[1]+strconv.Itoa(w)+".jpg"+m[2]+" "+strconv.Itoa(w)+"w")
	}
	return strings.Join(set, ", ")
}
