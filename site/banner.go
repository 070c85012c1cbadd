package site

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// banner.json is the home banner's one table of photo widths and slot
// sizes: the server's preload (BannerSrcSet) and the UI's srcset
// (ui/src/shell/bannerImages.ts) both read it, so the browser fetches the
// rendition the page then shows. A phone's banner gets at least two photo
// pixels per CSS pixel (the spec's mobile scale 0.5): on a screen of one
// device pixel per CSS pixel the slot is twice the viewport's width, on
// denser ones the viewport's width already asks for that many (1360 px at
// 1.75 or 3 dppx, where 200vw would fetch the 1600 one for nothing).
//
//go:embed banner.json
var bannerJSON []byte

// BannerImages are the widths the photo server renders for the banner and
// the banner's sizes attribute.
type BannerImages struct {
	Renditions []int  `json:"renditions"`
	Sizes      string `json:"sizes"`
}

// banner is banner.json, read once: it is part of the binary, so a broken
// table fails at start and in every test of the package.
var banner = func() BannerImages {
	var b BannerImages
	if err := json.Unmarshal(bannerJSON, &b); err != nil {
		panic("site: banner.json: " + err.Error())
	}
	return b
}()

// Banner is the banner's table; home pages ask for it on every render of
// their head, so it is decoded once, and each caller gets its own widths.
func Banner() BannerImages {
	return BannerImages{Renditions: slices.Clone(banner.Renditions), Sizes: banner.Sizes}
}

var widthInURL = regexp.MustCompile(`/(\d+)\.jpg$`)

// SrcSet lists a photo's renditions up to its own width, for an address
// ending in /{width}.jpg (the photo server's); "" for any other address.
func (b BannerImages) SrcSet(src string, width int) string {
	if !widthInURL.MatchString(src) || len(b.Renditions) == 0 {
		return ""
	}
	var set []string
	for _, w := range b.Renditions {
		if w <= max(width, b.Renditions[0]) {
			set = append(set, widthInURL.ReplaceAllString(src, "/"+strconv.Itoa(w)+".jpg")+" "+strconv.Itoa(w)+"w")
		}
	}
	return strings.Join(set, ", ")
}
