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
type Preload struct{ Href, SrcSet, Sizes, Type string }

// bannerPreload preloads the banner's first photo with the srcset and
// sizes the UI's banner uses (site/photosizes/photos.json), so the browser fetches the
// same rendition the page then shows.
func bannerPreload(b config.ImageSetting) *Preload {
	if (b.Kind != "image" && b.Kind != "gallery") || len(b.Images) == 0 {
		return nil
	}
	img := b.Images[0]
	if o := img.Optimized; usable(o) {
		table := photosizes.Get().Banner
		return optimizedPreload(o, from(o.Widths, table.Renditions[0]), table.Sizes, nearest(o.Widths, bannerSrcWidth))
	}
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
	if o := p.Optimized; usable(o) {
		return optimizedPreload(o, from(o.Widths, detail.MinWidth), detail.Sizes, nearest(o.Widths, detail.FallbackWidth))
	}
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
	if o := thumb.Optimized; usable(o) {
		return optimizedPreload(o, o.Widths, photosizes.Get().Card.Sizes, smallestFrom(o.Widths, cardSrcMin))
	}
	pre := &Preload{Href: thumb.URL}
	if set := photosizes.CardSrcSet(thumb.URL); set != "" {
		pre.SrcSet, pre.Sizes = set, photosizes.Get().Card.Sizes
	}
	return pre
}

// The preloads of own-origin pictures follow the rules of the UI's
// <picture> (ui/src/lib/photo/pictures.ts, pinned by tests on both sides):
// the best format's srcset over the slot's widths, with its type, so a
// browser that cannot show it skips the preload as it skips the <source>.

// cardSrcMin is the narrowest width a card's src takes, bannerSrcWidth
// the banner's.
const (
	cardSrcMin     = 400
	bannerSrcWidth = 1360
)

func usable(o *listing.Optimized) bool { return o != nil && len(o.Widths) > 0 && len(o.Formats) > 0 }

func optimizedPreload(o *listing.Optimized, widths []int, sizes string, src int) *Preload {
	best := o.Formats[0]
	set := make([]string, len(widths))
	for i, w := range widths {
		set[i] = o.Rendition(w, best) + " " + strconv.Itoa(w) + "w"
	}
	return &Preload{Href: o.Rendition(src, best), SrcSet: strings.Join(set, ", "), Sizes: sizes, Type: formatType(best)}
}

// formatType is a format's media type.
func formatType(format string) string {
	if format == "jpg" {
		return "image/jpeg"
	}
	return "image/" + format
}

// smallestFrom is the smallest width of at least lo, else the largest.
func smallestFrom(widths []int, lo int) int {
	for _, w := range widths {
		if w >= lo {
			return w
		}
	}
	return widths[len(widths)-1]
}

// nearest is the width nearest target; of two as near, the smaller.
func nearest(widths []int, target int) int {
	best := widths[0]
	for _, w := range widths {
		if abs(w-target) < abs(best-target) {
			best = w
		}
	}
	return best
}

// from are the widths of at least lo; a narrower photo offers its largest alone.
func from(widths []int, lo int) []int {
	var out []int
	for _, w := range widths {
		if w >= lo {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		return widths[len(widths)-1:]
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
