package pagedata

import (
	"strconv"
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/site/photosizes"
)

// Preload is an image the head fetches early: its address, and the
// srcset and sizes the page gives it, so the browser fetches the rendition
// the page then shows.
type Preload struct{ Href, SrcSet, Sizes string }

// bannerPreload preloads the banner's first photo with the srcset and
// sizes the UI's banner uses (site/photosizes/photos.json), so the browser fetches the
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

// photoPreload preloads a property's first photo the way the detail page
// shows it (ui/src/features/gallery/photos.ts, from the same table): its renditions
// from the slot's smallest sharp width as a srcset, the one nearest the
// fallback width as href, never the 1600 original alone.
func photoPreload(p site.DetailPhoto) *Preload {
	detail := photosizes.Get().Detail
	pre := &Preload{Href: p.URL}
	best := p.Width
	var set []string
	for _, v := range p.Variants {
		if v.Width >= detail.MinWidth && v.URL != "" {
			set = append(set, v.URL+" "+strconv.Itoa(v.Width)+"w")
		}
		if v.URL != "" && abs(v.Width-detail.FallbackWidth) < abs(best-detail.FallbackWidth) {
			pre.Href, best = v.URL, v.Width
		}
	}
	if len(set) > 1 {
		pre.SrcSet, pre.Sizes = strings.Join(set, ", "), detail.Sizes
	}
	return pre
}

// cardPreload is the first list card's photo with the srcset and sizes the
// card gives it (ui/src/features/search/images.ts, from the same table), so the
// browser fetches it while the scripts load.
func cardPreload(thumb listing.Image) *Preload {
	pre := &Preload{Href: thumb.URL}
	if set := photosizes.CardSrcSet(thumb.URL); set != "" {
		pre.SrcSet, pre.Sizes = set, photosizes.Get().Card.Sizes
	}
	return pre
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
