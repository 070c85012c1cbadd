package httpd

import (
	"net/http"

	"github.com/estate-agency/estate/listing"
)

// Photos are the listings' photos as the site's image pipeline made them
// (package images): the records' media with their own-origin renditions,
// and the renditions themselves under /img/.
type Photos interface {
	Optimize(listing.Media) listing.Media
	// Optimized are the renditions of one address (the banner's), nil
	// until made.
	Optimized(url string) *listing.Optimized
	Handler() http.Handler
}

// photoListings hands the pages every record with the renditions made so
// far, so each page offers a processed photo from our origin and the
// platform's address for the rest.
type photoListings struct {
	Listings
	photos Photos
}

func (s photoListings) Property(l listing.Lang, id int) (listing.Property, error) {
	p, err := s.Listings.Property(l, id)
	p.Media = s.photos.Optimize(p.Media)
	return p, err
}

func (s photoListings) PropertiesByID(l listing.Lang, ids []int) ([]listing.Property, error) {
	ps, err := s.Listings.PropertiesByID(l, ids)
	return optimizeProperties(s.photos, ps), err
}

func (s photoListings) Project(l listing.Lang, id int) (listing.Project, error) {
	p, err := s.Listings.Project(l, id)
	p.Media = s.photos.Optimize(p.Media)
	return p, err
}

func (s photoListings) Projects(l listing.Lang) ([]listing.Project, error) {
	ps, err := s.Listings.Projects(l)
	return optimizeProjects(s.photos, ps), err
}

func (s photoListings) EachActiveProperty(l listing.Lang, fn func(listing.Property) error) error {
	return s.Listings.EachActiveProperty(l, func(p listing.Property) error {
		p.Media = s.photos.Optimize(p.Media)
		return fn(p)
	})
}

// photoCatalog is photoListings for the search API's hits.
type photoCatalog struct {
	Catalog
	photos Photos
}

func (s photoCatalog) PropertiesByID(l listing.Lang, ids []int) ([]listing.Property, error) {
	ps, err := s.Catalog.PropertiesByID(l, ids)
	return optimizeProperties(s.photos, ps), err
}

func (s photoCatalog) Projects(l listing.Lang) ([]listing.Project, error) {
	ps, err := s.Catalog.Projects(l)
	return optimizeProjects(s.photos, ps), err
}

// optimizeProperties sets the renditions in a fresh slice: the store's
// records may be shared by its cache.
func optimizeProperties(photos Photos, ps []listing.Property) []listing.Property {
	out := make([]listing.Property, len(ps))
	for i, p := range ps {
		p.Media = photos.Optimize(p.Media)
		out[i] = p
	}
	return out
}

func optimizeProjects(photos Photos, ps []listing.Project) []listing.Project {
	out := make([]listing.Project, len(ps))
	for i, p := range ps {
		p.Media = photos.Optimize(p.Media)
		out[i] = p
	}
	return out
}
