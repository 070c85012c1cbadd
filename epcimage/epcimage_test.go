package epcimage

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/estate-agency/estate/listing"
)

func TestLabelsMatchListing(t *testing.T) {
	tests := []struct {
		region string
		want   []string
	}{
		{"flanders", []string{"a_plus", "a", "b", "c", "d", "e", "f"}},
		{"brussels", []string{
			"a_plus", "a", "a_sub", "b_plus", "b", "b_sub", "c_plus", "c", "c_sub",
			"d_plus", "d", "d_sub", "e_plus", "e", "e_sub", "f_plus", "f", "f_sub", "g",
		}},
		{"wallonia", []string{"a_plusplus", "a_plus", "a", "b", "c", "d", "e", "f", "g"}},
		{"luxembourg", nil},
		{"other", nil},
	}
	for _, tt := range tests {
		t.Run(tt.region, func(t *testing.T) {
			got := Labels(tt.region)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Labels(%q) = %v, want %v", tt.region, got, tt.want)
			}
			if tt.want == nil {
				return
			}
			// Every grade listing can link to has an image here, and no other.
			for c := 'a'; c <= 'z'; c++ {
				for _, suffix := range []string{"", "_plus", "_plusplus", "_sub"} {
					label := string(c) + suffix
					path := listing.EPCImagePath(listing.Region(tt.region), label)
					have := slices.Contains(got, label)
					if want := PathPrefix + tt.region + "/" + label + ".png"; have && path != want {
						t.Errorf("listing.EPCImagePath(%s, %s) = %q, want %q", tt.region, label, path, want)
					}
					if !have && path != "" {
						t.Errorf("listing links %q but there is no image for it", path)
					}
				}
			}
		})
	}
	if got := Regions(); !slices.Equal(got, []string{"flanders", "brussels", "wallonia"}) {
		t.Errorf("Regions() = %v", got)
	}
}

func TestText(t *testing.T) {
	tests := []struct{ label, want string }{
		{"a_plusplus", "A++"},
		{"a_plus", "A+"},
		{"c", "C"},
		{"b_sub", "B\u2212"},
		{"g", "G"},
	}
	for _, tt := range tests {
		if got := Text(tt.label); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.label, got, tt.want)
		}
	}
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if got := img.Bounds().Size(); got != (image.Point{Width, Height}) {
		t.Fatalf("size %v, want %dx%d", got, Width, Height)
	}
	return img
}

// badgeHue samples the fill inside the border, left of the text.
func badgeHue(img image.Image) float64 {
	r, g, b, _ := img.At(border+6, Height/2).RGBA()
	return hue(color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff})
}

// hue in degrees: 0 red, 60 yellow, 120 green; reds just below 360 count
// as slightly negative so the scale reads as one descending run.
func hue(c color.RGBA) float64 {
	r, g, b := float64(c.R), float64(c.G), float64(c.B)
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if hi == lo {
		return 0
	}
	var h float64
	switch hi {
	case r:
		h = math.Mod((g-b)/(hi-lo), 6)
	case g:
		h = (b-r)/(hi-lo) + 2
	default:
		h = (r-g)/(hi-lo) + 4
	}
	h = math.Mod(h*60+360, 360)
	if h > 300 {
		h -= 360
	}
	return h
}

func TestRenderEveryLabel(t *testing.T) {
	for _, region := range Regions() {
		t.Run(region, func(t *testing.T) {
			seen := map[string]string{}
			prevHue := math.Inf(1)
			labels := Labels(region)
			for i, label := range labels {
				b, err := Render(region, label)
				if err != nil {
					t.Fatalf("Render(%s, %s): %v", region, label, err)
				}
				img := decode(t, b)
				if other, dup := seen[string(b)]; dup {
					t.Errorf("%s and %s have the same image", label, other)
				}
				seen[string(b)] = label
				// Outside the arrow (right corners) stays transparent so the
				// badge sits on any background.
				if _, _, _, a := img.At(Width-1, 0).RGBA(); a != 0 {
					t.Errorf("%s: corner not transparent", label)
				}
				h := badgeHue(img)
				if h > prevHue+0.5 {
					t.Errorf("%s: hue %.1f after %.1f, want green towards red", label, h, prevHue)
				}
				prevHue = h
				switch i {
				case 0:
					if h < 100 || h > 160 {
						t.Errorf("best grade %s: hue %.1f, want green", label, h)
					}
				case len(labels) - 1:
					if h > 10 {
						t.Errorf("worst grade %s: hue %.1f, want red", label, h)
					}
				}
			}
		})
	}
}

// The grade is large bold text (29 CSS px), for which WCAG AA asks 3:1.
func TestTextContrast(t *testing.T) {
	for i := 0; i <= 40; i++ {
		fill := Fill(float64(i) / 40)
		if c := contrast(fill, textColour(fill)); c < 3 {
			t.Errorf("fill %v: text contrast %.2f, want at least 3", fill, c)
		}
	}
}

func TestRenderUnknown(t *testing.T) {
	tests := []struct{ region, label string }{
		{"flanders", "g"},
		{"flanders", "a_sub"},
		{"wallonia", "b_plus"},
		{"luxembourg", "a"},
		{"", ""},
		{"flanders", "../a"},
	}
	for _, tt := range tests {
		if _, err := Render(tt.region, tt.label); err == nil {
			t.Errorf("Render(%q, %q) succeeded", tt.region, tt.label)
		}
	}
}

func TestHandlerServesEveryLabel(t *testing.T) {
	h := Handler()
	for _, region := range Regions() {
		for _, label := range Labels(region) {
			path := PathPrefix + region + "/" + label + ".png"
			t.Run(path, func(t *testing.T) {
				want, err := Render(region, label)
				if err != nil {
					t.Fatal(err)
				}
				for _, method := range []string{http.MethodGet, http.MethodHead} {
					w := httptest.NewRecorder()
					h.ServeHTTP(w, httptest.NewRequest(method, path, nil))
					if w.Code != http.StatusOK {
						t.Fatalf("%s = %d", method, w.Code)
					}
					hd := w.Header()
					if hd.Get("Content-Type") != "image/png" || hd.Get("Cache-Control") != "public, max-age=86400" || hd.Get("ETag") == "" {
						t.Errorf("%s headers: %v", method, hd)
					}
					if method == http.MethodHead {
						if w.Body.Len() != 0 {
							t.Errorf("HEAD has a body")
						}
						continue
					}
					if !bytes.Equal(w.Body.Bytes(), want) {
						t.Errorf("body differs from Render")
					}
					decode(t, w.Body.Bytes())

					req := httptest.NewRequest(http.MethodGet, path, nil)
					req.Header.Set("If-None-Match", hd.Get("ETag"))
					w = httptest.NewRecorder()
					h.ServeHTTP(w, req)
					if w.Code != http.StatusNotModified {
						t.Errorf("If-None-Match = %d, want 304", w.Code)
					}
				}
			})
		}
	}
}

func TestHandlerRefuses(t *testing.T) {
	tests := []struct {
		name, method, target string
		want                 int
	}{
		{"unknown region", "GET", "/images/epc/luxembourg/a.png", 404},
		{"label of another region", "GET", "/images/epc/flanders/g.png", 404},
		{"Brussels sub-grade in Wallonia", "GET", "/images/epc/wallonia/a_sub.png", 404},
		{"no extension", "GET", "/images/epc/flanders/a", 404},
		{"other extension", "GET", "/images/epc/flanders/a.svg", 404},
		{"upper case", "GET", "/images/epc/Flanders/A.png", 404},
		{"no label", "GET", "/images/epc/flanders/.png", 404},
		{"traversal", "GET", "/images/epc/flanders/../brussels/g.png", 404},
		{"traversal to root", "GET", "/images/epc/../../etc/passwd", 404},
		{"encoded traversal", "GET", "/images/epc/flanders%2F..%2Fbrussels%2Fg.png", 404},
		{"encoded dots", "GET", "/images/epc/%2e%2e/flanders/a.png", 404},
		{"extra segment", "GET", "/images/epc/flanders/a.png/x.png", 404},
		{"outside the prefix", "GET", "/images/flanders/a.png", 404},
		{"state change", "POST", "/images/epc/flanders/a.png", 405},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			Handler().ServeHTTP(w, httptest.NewRequest(tt.method, tt.target, nil))
			if w.Code != tt.want {
				t.Errorf("%s %s = %d, want %d", tt.method, tt.target, w.Code, tt.want)
			}
			if w.Header().Get("Content-Type") == "image/png" {
				t.Errorf("refusal served as an image")
			}
		})
	}
}
