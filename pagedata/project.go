package pagedata

import (
	"net/http"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// project answers a project detail path: the page, a 301 to the canonical
// path, or 404 for an unknown or withdrawn project.
func (a *Assembler) project(m site.Match, escapedPath string) (site.PageData, string, int) {
	proj, err := a.store.Project(m.Lang, m.ProjectID)
	if err != nil || proj.Withdrawn {
		a.logRead("page: read project", err, "id", m.ProjectID)
		return a.pages.ProjectNotFound(m.Lang, a.notFoundTitle(m.Lang), unescape(escapedPath)), "", http.StatusNotFound
	}
	if canonical, wrong := a.routes.ProjectRedirect(m, proj); wrong {
		return site.PageData{}, canonical, http.StatusMovedPermanently
	}
	var others []listing.Project
	for _, l := range a.routes.Languages() {
		if l == m.Lang {
			continue
		}
		if o, err := a.store.Project(l, proj.ID); err == nil {
			others = append(others, o)
		}
	}
	// Units listed as properties link to their detail page.
	ids := make([]int, 0, len(proj.Units))
	for _, u := range proj.Units {
		if u.ID > 0 {
			ids = append(ids, u.ID)
		}
	}
	units := map[int]string{}
	if props, err := a.store.PropertiesByID(m.Lang, ids); err == nil {
		for _, p := range props {
			if !p.Withdrawn {
				units[p.ID] = site.CanonicalDetail(p, m.Lang)
			}
		}
	} else {
		a.log.Error("page: read project units", "id", proj.ID, "err", err)
	}
	return a.pages.Project(m.Lang, proj, others, units), "", http.StatusOK
}

// addProjects lists the current projects on the project list page.
func (a *Assembler) addProjects(d *site.PageData) {
	if d.View != site.ViewProjects {
		return
	}
	projects, err := a.store.Projects(d.Lang)
	if err != nil {
		a.log.Error("page: read projects", "err", err)
		return
	}
	for _, p := range projects {
		if p.Withdrawn {
			continue
		}
		if path, ok := a.routes.ProjectPath(p, d.Lang); ok {
			d.Projects = append(d.Projects, site.NewProjectCard(p, d.Lang, path))
		}
	}
	if len(d.Projects) > 0 {
		d.FirstPhoto = d.Projects[0].Thumbnail
	}
}
