package photosizes

import (
	"slices"
	"testing"
)

// The rendered widths, srcsets and sizes strings, pinned: a change here
// changes every page's preloads and the UI's images (which pin the same).
func TestPinned(t *testing.T) {
	p := Get()
	tests := []struct{ name, got, want string }{
		{"card sizes", p.Card.Sizes, "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px"},
		{"banner sizes", p.Banner.Sizes, "(max-width: 766.98px) and (max-resolution: 1.5dppx) 200vw, 100vw"},
		{"detail sizes", p.Detail.Sizes, "(max-width: 1050px) 100vw, 1050px"},
		{"card srcset", CardSrcSet("/demo/photos/4030/1/280.jpg"), "/demo/photos/4030/1/100.jpg 100w, /demo/photos/4030/1/400.jpg 400w, " +
			"/demo/photos/4030/1/600.jpg 600w, /demo/photos/4030/1/800.jpg 800w, /demo/photos/4030/1/1024.jpg 1024w, /demo/photos/4030/1/1360.jpg 1360w, /demo/photos/4030/1/1600.jpg 1600w"},
		{"card srcset keeps host and query", CardSrcSet("https://img.example.be/p/9/400.jpg?v=2"), "https://img.example.be/p/9/100.jpg?v=2 100w, " +
			"https://img.example.be/p/9/400.jpg?v=2 400w, https://img.example.be/p/9/600.jpg?v=2 600w, https://img.example.be/p/9/800.jpg?v=2 800w, https://img.example.be/p/9/1024.jpg?v=2 1024w, " +
			"https://img.example.be/p/9/1360.jpg?v=2 1360w, https://img.example.be/p/9/1600.jpg?v=2 1600w"},
		{"no card srcset for another address", CardSrcSet("/images/none.png"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("%q, want %q", tt.got, tt.want)
			}
		})
	}
	ints := []struct {
		name      string
		got, want []int
	}{
		{"renditions", p.Renditions, []int{100, 280, 400, 600, 800, 1024, 1360, 1600}},
		{"card", p.Card.Renditions, []int{100, 400, 600, 800, 1024, 1360, 1600}},
		{"banner", p.Banner.Renditions, []int{400, 600, 1360, 1600}},
		{"detail min, fallback, thumbnail; original", []int{p.Detail.MinWidth, p.Detail.FallbackWidth, p.Detail.ThumbnailWidth, p.Original}, []int{400, 1360, 280, 1600}},
	}
	for _, tt := range ints {
		t.Run(tt.name, func(t *testing.T) {
			if !slices.Equal(tt.got, tt.want) {
				t.Errorf("%v, want %v", tt.got, tt.want)
			}
		})
	}
}

// The spec's width table (ui/src/features/search/images.test.ts pins the same).
func TestFor(t *testing.T) {
	for _, tt := range []struct{ css, want int }{
		{1, 100}, {100, 100}, {101, 400}, {500, 400}, {501, 600}, {750, 600}, {751, 1360}, {1050, 1360}, {1051, 1600}, {4000, 1600},
	} {
		if got := For(tt.css); got != tt.want {
			t.Errorf("For(%d) = %d, want %d", tt.css, got, tt.want)
		}
	}
}

// Every width a page asks for is one the photo server renders.
func TestEveryWidthIsRendered(t *testing.T) {
	p := Get()
	asked := append(append([]int{p.Original, p.Detail.MinWidth, p.Detail.FallbackWidth, p.Detail.ThumbnailWidth}, p.Card.Renditions...), p.Banner.Renditions...)
	for _, s := range p.Slots {
		asked = append(asked, s.Width)
	}
	for _, w := range asked {
		if !slices.Contains(p.Renditions, w) {
			t.Errorf("width %d is asked for but not rendered (%v)", w, p.Renditions)
		}
	}
	if p.Original != slices.Max(p.Renditions) {
		t.Errorf("original %d is not the largest rendition", p.Original)
	}
}

// Get hands out copies: a caller cannot change the table.
func TestGetCopies(t *testing.T) {
	Get().Card.Renditions[0] = 1
	if Get().Card.Renditions[0] != 100 {
		t.Fatal("Get shares its slices")
	}
}
