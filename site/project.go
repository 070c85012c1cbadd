package site

import (
	"net/http"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// ProjectView (ProjectDetail in ui/src/lib/api/types.ts) is what a visitor
// sees of a new-build project: like PropertyView, the street and exact
// point only when the address is published.
type ProjectView struct {
	ID           int                `json:"id"`
	Number       string             `json:"number"`
	Name         string             `json:"name"`
	Description  string             `json:"description"` // plain text cut for cards and meta
	Paragraphs   []string           `json:"paragraphs"`
	Address      DetailAddress      `json:"address"`
	Geo          *DetailGeo         `json:"geo"`
	PriceMin     float64            `json:"priceMin"` // 0 when unknown
	PriceMax     float64            `json:"priceMax"`
	PriceMinText string             `json:"priceMinText"` // formatted amount, "" when unknown
	PriceMaxText string             `json:"priceMaxText"`
	PriceList    string             `json:"priceList"` // address of the price list document, ""
	Delivery     string             `json:"delivery"`  // free text: "Q3 2027"
	Types        []string           `json:"types"`
	SoldOut      bool               `json:"soldOut"` // no unit left, or the platform says so
	Units        []UnitView         `json:"units"`
	Photos       []DetailPhoto      `json:"photos"`
	Videos       []DetailVideo      `json:"videos"`
	Documents    []listing.Document `json:"documents"`
	Agent        *DetailAgent       `json:"agent"`
	ChangedAt    string             `json:"changedAt"` // d/m/yyyy
}

// UnitView is one row of a project's units table.
type UnitView struct {
	ID        int            `json:"id"`
	Name      string         `json:"name"`
	Floor     string         `json:"floor"`
	Price     float64        `json:"price"`     // 0 when not given
	PriceText string         `json:"priceText"` // formatted amount, ""
	Bedrooms  int            `json:"bedrooms"`
	Surface   float64        `json:"surface"` // m²
	Status    listing.Status `json:"status"`
	URL       string         `json:"url"` // the unit's detail page when it is listed, ""
}

// ProjectCard is a project in the project list.
type ProjectCard struct {
	ID           int            `json:"id"`
	URL          string         `json:"url"`
	Name         string         `json:"name"`
	City         string         `json:"city"`
	Zip          string         `json:"zip"`
	Description  string         `json:"description"`
	PriceMinText string         `json:"priceMinText"`
	PriceMaxText string         `json:"priceMaxText"`
	Delivery     string         `json:"delivery"`
	Types        []string       `json:"types"`
	SoldOut      bool           `json:"soldOut"`
	Thumbnail    *listing.Image `json:"thumbnail"`
}

// NewProjectView builds the visitor-safe view of a project; unitPaths are
// the detail paths of the units listed as properties, by unit id.
func NewProjectView(p listing.Project, lang listing.Lang, unitPaths map[int]string) ProjectView {
	a := p.Address
	v := ProjectView{
		ID: p.ID, Number: p.Number, Name: p.Name,
		Description: listing.CleanDescription(cmpOr(p.Summary, p.Body), listing.CardDescriptionLimit),
		Paragraphs:  paragraphs(cmpOr(p.Body, p.Summary)),
		Address: DetailAddress{
			Zip: a.Zip, City: a.City, CountryID: a.CountryID, CountryName: a.CountryName,
			Published: a.Published, Formatted: listing.FormatAddress(a),
		},
		PriceMin: p.PriceMin, PriceMax: p.PriceMax,
		PriceMinText: euro(p.PriceMin, lang), PriceMaxText: euro(p.PriceMax, lang),
		PriceList: p.PriceList, Delivery: p.Delivery, Types: nonNil(p.Types),
		SoldOut: p.SoldOut, Units: []UnitView{}, Photos: photos(p.Media), Videos: videos(p.Media),
		Documents: nonNil(p.Media.Documents), Agent: agent(p.Agent), ChangedAt: formatDate(&p.Changed),
	}
	if a.Published {
		v.Address.Street, v.Address.HouseNumber, v.Address.Box = a.Street, a.HouseNumber, a.Box
	}
	if g := listing.DisplayGeo(p.Geo, a.Published); g != nil {
		v.Geo = &DetailGeo{Lat: g.Lat, Lng: g.Lng, Approximate: !a.Published}
	}
	left := 0
	for _, u := range p.Units {
		v.Units = append(v.Units, UnitView{
			ID: u.ID, Name: u.Name, Floor: u.Floor, Price: u.Price, PriceText: euro(u.Price, lang),
			Bedrooms: u.Bedrooms, Surface: u.Surface, Status: u.Status, URL: unitPaths[u.ID],
		})
		if u.Status == listing.Available || u.Status == listing.Option {
			left++
		}
	}
	if len(p.Units) > 0 && left == 0 {
		v.SoldOut = true
	}
	return v
}

// NewProjectCard is a project's card in the list.
func NewProjectCard(p listing.Project, lang listing.Lang, url string) ProjectCard {
	v := NewProjectView(p, lang, nil)
	return ProjectCard{
		ID: p.ID, URL: url, Name: p.Name, City: p.Address.City, Zip: p.Address.Zip, Description: v.Description,
		PriceMinText: v.PriceMinText, PriceMaxText: v.PriceMaxText, Delivery: p.Delivery, Types: v.Types,
		SoldOut: v.SoldOut, Thumbnail: p.Media.Thumbnail(),
	}
}

func euro(amount float64, lang listing.Lang) string {
	if amount <= 0 {
		return ""
	}
	return listing.FormatEuro(amount, lang)
}

// Project builds a project's page in lang; others are the same project in
// the other languages, for the alternates.
func (p *Pages) Project(lang listing.Lang, proj listing.Project, others []listing.Project, unitPaths map[int]string) PageData {
	d := p.base(lang, ViewProject, http.StatusOK)
	d.Path, _ = p.routes.ProjectPath(proj, lang)
	v := NewProjectView(proj, lang, unitPaths)
	d.Project = &v
	d.Title = strings.TrimSpace(proj.Name)
	if v.Description != "" {
		d.Description = v.Description
	}
	if len(v.Photos) > 0 {
		d.Image = v.Photos[0].URL
	}
	for _, l := range p.routes.Languages() {
		for _, o := range append([]listing.Project{proj}, others...) {
			if o.Lang == l && !o.Withdrawn {
				if path, ok := p.routes.ProjectPath(o, l); ok {
					d.Alternates = append(d.Alternates, Alternate{Lang: l, Path: path})
				}
				break
			}
		}
	}
	d.Breadcrumb = append(p.routes.Breadcrumb(Match{Internal: ProjectsInternal}, lang), Crumb{Name: d.Title, Path: d.Path})
	d.DocumentTitle = p.documentTitle(d.Title, lang, false)
	return d
}

// ProjectNotFound is the page of an unknown or withdrawn project (HTTP
// 404): view "project" without a project, so the UI says no construction
// was found, under the project list's crumb.
func (p *Pages) ProjectNotFound(lang listing.Lang, title, requested string) PageData {
	d := p.NotFound(lang, title, requested)
	d.View = ViewProject
	d.Breadcrumb = p.routes.Breadcrumb(Match{Internal: ProjectsInternal}, lang)
	return d
}
