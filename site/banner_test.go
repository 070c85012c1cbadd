package site

import "testing"

func TestBannerSrcSet(t *testing.T) {
	b := Banner()
	tests := []struct {
		name, src string
		width     int
		want      string
	}{
		{"every rendition of a large photo", "/p/b/1600.jpg", 1600, "/p/b/400.jpg 400w, /p/b/600.jpg 600w, /p/b/1360.jpg 1360w, /p/b/1600.jpg 1600w"},
		{"none above the photo's width", "/p/b/600.jpg", 600, "/p/b/400.jpg 400w, /p/b/600.jpg 600w"},
		{"the smallest for a smaller photo", "/p/b/200.jpg", 200, "/p/b/400.jpg 400w"},
		{"nothing for another address", "/images/banner.webp", 1600, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := b.SrcSet(tt.src, tt.width); got != tt.want {
				t.Errorf("SrcSet = %q, want %q", got, tt.want)
			}
		})
	}
}

// A phone's banner is sharp at twice its CSS width whatever its pixel ratio:
// the browser's pick for the mobile slot covers 2× a 390 px screen at 1×.
func TestBannerIsTwiceAPhonesWidth(t *testing.T) {
	b := Banner()
	if b.Sizes != "(max-width: 766.98px) and (max-resolution: 1.5dppx) 200vw, 100vw" {
		t.Fatalf("sizes %q: the mobile slot is no longer 200vw at 1 dppx; check the pick below", b.Sizes)
	}
	need := 2 * 390
	pick := 0
	for _, w := range b.Renditions {
		if w >= need {
			pick = w
			break
		}
	}
	if pick == 0 {
		t.Fatalf("no rendition covers %d px: %v", need, b.Renditions)
	}
}
