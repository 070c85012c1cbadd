package main

import (
	"testing"

	"github.com/estate-agency/estate/listing"
)

// TestPhotoSourcesAreEveryPhotoShown: the pipeline is handed the banner's
// and the pages' photos and every picture of every listing and project, each ranked by
// its place in its listing, so the cards' photos are made first.
func TestPhotoSourcesAreEveryPhotoShown(t *testing.T) {
	cliEnv(t, "platform")
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}
	cfg, st := openStore(t)
	defer st.Close()
	srcs, err := photoSources(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rank := map[string]int{}
	for _, s := range srcs {
		rank[s.URL] = s.Rank
	}
	for _, img := range cfg.Site.Shell.Banner.Images {
		if r, ok := rank[img.Src]; !ok || r != 0 {
			t.Errorf("banner photo %s: rank %d, listed %v", img.Src, r, ok)
		}
	}
	pageImages := 0
	for _, pg := range cfg.Site.Shell.Pages {
		for _, img := range pg.Image.Images {
			if _, ok := rank[img.Src]; !ok {
				t.Errorf("page %s image %s not listed", pg.Path, img.Src)
			}
			pageImages++
		}
	}
	if pageImages == 0 {
		t.Error("the demo's pages have images")
	}
	want := func(what string, m listing.Media) {
		for i, p := range m.Pictures {
			if r, ok := rank[p.URL]; !ok || r != i {
				t.Errorf("%s picture %d (%s): rank %d, listed %v", what, i, p.URL, r, ok)
			}
		}
	}
	for _, l := range cfg.Languages.Enabled {
		if err := st.EachProperty(l, func(p listing.Property) error { want("property", p.Media); return nil }); err != nil {
			t.Fatal(err)
		}
		projects, _ := st.Projects(l)
		if len(projects) == 0 {
			t.Fatal("the demo has projects")
		}
		for _, p := range projects {
			want("project", p.Media)
		}
	}
	if len(rank) < 300 {
		t.Errorf("%d photos, the demo shows more", len(rank))
	}
}
