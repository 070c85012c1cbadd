// Package images is the site's photo pipeline: every listing, project and
// banner photo is fetched once, after the sync that brings it, and made in
// the widths the pages ask for (site/photosizes/photos.json, "optimized")
// as AVIF, WebP and a JPEG fallback. The renditions live on disk under the
// hash of the photo's bytes and are served immutable from our own origin
// (/img/…), so a phone downloads a photo of its own width in the best
// format it takes instead of the platform's one size.
//
// The work runs behind the site (Pipeline.Run), never in the sync's
// transaction or in a visitor's request: until a photo is processed the
// pages show the platform's address (Library.Optimize leaves it alone).
package images

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/estate-agency/estate/listing"
)

// PathPrefix is where the renditions are served.
const PathPrefix = "/img/"

// version is part of every content hash: a change to the widths, the
// formats or their settings makes new addresses, so no browser keeps an
// immutable copy of the old renditions, and the old files are collected.
const version = "1"

// Formats are the file extensions made of every photo, best first; the
// last, JPEG, is the fallback every browser shows. AVIF takes twice the
// time of the others together: it is made in a second pass, once every
// photo has the first formats.
var (
	Formats      = []string{"avif", "webp", "jpg"}
	firstFormats = []string{"webp", "jpg"}
	laterFormats = []string{"avif"}
)

// contentTypes are the formats' media types.
var contentTypes = map[string]string{"avif": "image/avif", "webp": "image/webp", "jpg": "image/jpeg"}

// entry is a processed photo: the source address it came from and what was
// made of it. Entries are kept as JSON, one file per source address.
type entry struct {
	URL     string   `json:"url"`
	Hash    string   `json:"hash"`
	Width   int      `json:"width"`
	Height  int      `json:"height"`
	Widths  []int    `json:"widths"`
	Formats []string `json:"formats"`
}

// done reports whether every format is made.
func (e entry) done() bool { return len(e.Formats) == len(Formats) }

func (e entry) optimized() *listing.Optimized {
	return &listing.Optimized{
		Base:  PathPrefix + e.Hash[:2] + "/" + e.Hash + "/",
		Width: e.Width, Height: e.Height,
		Widths: slices.Clone(e.Widths), Formats: slices.Clone(e.Formats),
	}
}

// contentHash names a photo's renditions: the pipeline's version and the
// photo's bytes, 128 bits of SHA-256 in hex.
func contentHash(b []byte) string {
	h := sha256.New()
	h.Write([]byte("estate-images-v" + version + "\x00"))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// urlKey names an entry's file: a source address may be any length and
// hold any character.
func urlKey(url string) string {
	sum := sha256.Sum256([]byte(url))
	return hex.EncodeToString(sum[:16])
}
