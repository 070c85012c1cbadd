package site

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/site/photosizes"
)

// The home banner's photo widths and slot sizes come from the site's one
// table of them (site/photosizes/photos.json): the server's preload
// (BannerSrcSet) and the UI's srcset (ui/src/shell/bannerImages.ts) both
// read it, so the browser fetches the rendition the page then shows. A
// phone's banner gets at least two photo pixels per CSS pixel (the spec's
// mobile scale 0.5): on a screen of one device pixel per CSS pixel the slot
// is twice the viewport's width, on denser ones the viewport's width already
// asks for that many (1360 px at 1.75 or 3 dppx, where 200vw would fetch the
// 1600 one for nothing).

// BannerImages are the widths the photo server renders for the banner and
// the banner's sizes attribute.
type BannerImages struct {
	Renditions []int
	Sizes      string
}

// Banner is the banner's table; each caller gets its own widths.
func Banner() BannerImages {
	b := photosizes.Get().Banner
	return BannerImages{Renditions: b.Renditions, Sizes: b.Sizes}
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
