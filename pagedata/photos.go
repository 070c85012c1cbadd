package pagedata

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// Preload is an image the head fetches early: its address, and the
// srcset and sizes the page gives it, so the browser fetches the rendition
// the page then shows.
type Preload struct{ Href, SrcSet, Sizes string }

// bannerPreload preloads the banner's first photo with the srcset and
// sizes the UI's banner uses (site/banner.json), so the browser fetches the
// same rendition the page then shows.
func bannerPreload(b config.ImageSetting) *Preload {
	if (b.Kind != "image" && b.Kind != "gallery") || len(b.Images) == 0 {
		return nil
	}
	img := b.Images[0]
	p := &Preload{Href: img.Src}
	banner := site.Banner()
	if set := banner.SrcSet(img.Src, img.Width); set != "" {
		p.SrcSet, p.Sizes = set, banner.Sizes
	}
	return p
}

// detailPhotoSizes is the slot of a detail page's first photo
// (PropertyDetail.photos in ui/src/api/types.ts): the full width up to the
// 1050 px of the spec's width table, so a desktop takes the 1360 rendition.
const detailPhotoSizes = "(max-width: 1050px) 100vw, 1050px"

// detailPhotoWidth is the rendition a browser without srcset gets.
const detailPhotoWidth = 1360

// photoPreload preloads a property's first photo the way the detail page
// shows it: its renditions from 400 px as a srcset, the one nearest 1360 px
// as href, never the 1600 original alone.
func photoPreload(p site.DetailPhoto) *Preload {
	pre := &Preload{Href: p.URL}
	best := p.Width
	var set []string
	for _, v := range p.Variants {
		if v.Width >= 400 && v.URL != "" {
			set = append(set, v.URL+" "+strconv.Itoa(v.Width)+"w")
		}
		if v.URL != "" && abs(v.Width-detailPhotoWidth) < abs(best-detailPhotoWidth) {
			pre.Href, best = v.URL, v.Width
		}
	}
	if len(set) > 1 {
		pre.SrcSet, pre.Sizes = strings.Join(set, ", "), detailPhotoSizes
	}
	return pre
}

// renditionWidths are the widths the photo server renders; a rendition's
// address ends in /{width}.jpg (ui/src/search/images.ts).
var renditionWidths = []int{100, 400, 600, 1360, 1600}

var renditionRE = regexp.MustCompile(`^(.*/)\d+\.jpg(\?.*)?$`)

// cardSizes are the list cards' slots (ui/src/search/images.ts cardSizes).
const cardSizes = "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px"

// cardPreload is the first list card's photo with the srcset and sizes the
// card gives it, so the browser fetches it while the scripts load.
func cardPreload(thumb listing.Image) *Preload {
	pre := &Preload{Href: thumb.URL}
	m := renditionRE.FindStringSubmatch(thumb.URL)
	if m == nil {
		return pre
	}
	set := make([]string, 0, len(renditionWidths))
	for _, w := range renditionWidths {
		set = append(set, m[1]+strconv.Itoa(w)+".jpg"+m[2]+" "+strconv.Itoa(w)+"w")
	}
	pre.SrcSet, pre.Sizes = strings.Join(set, ", "), cardSizes
	return pre
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
