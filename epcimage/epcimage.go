// Package epcimage draws the EPC label images of the three Belgian scales:
// an arrow in the scale's colour holding the grade ("A+", "B−", "A++"), as
// the regional certificates show it. The images are drawn by the server, so
// they need no UI build and no third-party artwork.
package epcimage

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/estate-agency/estate/listing"
)

// Width and Height are the image size in pixels: a 120×48 CSS pixel badge at
// 2× density, sharp on high-density screens.
const (
	Width  = 240
	Height = 96
)

// scales are the grades of each region, best first, as listing names them
// (listing.EPCLabel and listing.EPCImagePath produce these ids).
var scales = []struct {
	region string
	labels []string
}{
	{string(listing.Flanders), []string{"a_plus", "a", "b", "c", "d", "e", "f"}},
	{string(listing.Brussels), []string{
		"a_plus", "a", "a_sub", "b_plus", "b", "b_sub", "c_plus", "c", "c_sub",
		"d_plus", "d", "d_sub", "e_plus", "e", "e_sub", "f_plus", "f", "f_sub", "g",
	}},
	{string(listing.Wallonia), []string{"a_plusplus", "a_plus", "a", "b", "c", "d", "e", "f", "g"}},
}

// Regions lists the regions with an EPC image set.
func Regions() []string {
	out := make([]string, len(scales))
	for i, s := range scales {
		out[i] = s.region
	}
	return out
}

// Labels lists the grades of a region, best first; nil for a region without
// a scale.
func Labels(region string) []string {
	for _, s := range scales {
		if s.region == region {
			return append([]string(nil), s.labels...)
		}
	}
	return nil
}

// position is the place of label on the region's scale: 0 for the best
// grade, 1 for the worst; ok is false when the region lacks the label.
func position(region, label string) (t float64, ok bool) {
	labels := Labels(region)
	for i, l := range labels {
		if l == label {
			return float64(i) / float64(len(labels)-1), true
		}
	}
	return 0, false
}

// Text is the grade as certificates print it: "A+", "A++", "B−" (a true
// minus sign, as wide as the plus and easier to read than a hyphen).
func Text(label string) string {
	letter, suffix, _ := strings.Cut(label, "_")
	letter = strings.ToUpper(letter)
	switch suffix {
	case "plus":
		return letter + "+"
	case "plusplus":
		return letter + "++"
	case "sub":
		return letter + "\u2212"
	}
	return letter
}

// ramp is the colour scale of the EU energy labels that the Belgian
// certificates follow, from dark green (best) to red (worst). Scales with
// more or fewer grades than stops are spread evenly over it.
var ramp = []color.RGBA{
	{0x00, 0x80, 0x3f, 0xff}, // dark green
	{0x50, 0xb8, 0x48, 0xff}, // green
	{0xbf, 0xd7, 0x30, 0xff}, // yellow-green
	{0xff, 0xe1, 0x00, 0xff}, // yellow
	{0xfd, 0xb9, 0x13, 0xff}, // amber
	{0xf3, 0x70, 0x21, 0xff}, // orange
	{0xe3, 0x1b, 0x23, 0xff}, // red
}

// Fill is the badge colour at position t (0 best … 1 worst) on a scale.
func Fill(t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	x := t * float64(len(ramp)-1)
	i := int(x)
	if i >= len(ramp)-1 {
		return ramp[len(ramp)-1]
	}
	f := x - float64(i)
	a, b := ramp[i], ramp[i+1]
	mix := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + f*(float64(q)-float64(p)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

var (
	white = color.RGBA{0xff, 0xff, 0xff, 0xff}
	ink   = color.RGBA{0x1a, 0x1a, 0x1a, 0xff}
)

// textColour is white or near-black, whichever contrasts more with the
// fill: white on the greens and red, dark on yellow.
func textColour(fill color.RGBA) color.RGBA {
	if contrast(fill, white) >= contrast(fill, ink) {
		return white
	}
	return ink
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// darken scales a colour towards black, for the badge's edge: it keeps the
// shape visible on white even for the light yellow grades.
func darken(c color.RGBA, f float64) color.RGBA {
	d := func(v uint8) uint8 { return uint8(math.Round(float64(v) * (1 - f))) }
	return color.RGBA{d(c.R), d(c.G), d(c.B), 0xff}
}

// Arrow geometry in pixels: the body runs from the left edge to bodyEnd, the
// point ends at the right edge, mid-height.
const (
	bodyEnd = Width - Height/2
	radius  = 14 // left corners
	border  = 4
)

// Render draws the PNG image of label on region's scale.
func Render(region, label string) ([]byte, error) {
	t, ok := position(region, label)
	if !ok {
		return nil, fmt.Errorf("epcimage: no label %q in region %q", label, region)
	}
	fill := Fill(t)
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	paintArrow(img, 0, darken(fill, 0.3))
	paintArrow(img, border, fill)
	if err := drawText(img, Text(label), textColour(fill)); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	// Best compression would save 7% of ~2.3 KB per image at seven times the
	// time, which the first visitor to ask for a label would wait out.
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("epcimage: encode %s/%s: %w", region, label, err)
	}
	return buf.Bytes(), nil
}

// paintArrow fills the arrow shape inset by d pixels with c, anti-aliased,
// over what img already holds. The slanted edges are moved inwards along
// their normal so the border keeps one width all round.
func paintArrow(img *image.RGBA, d float64, c color.RGBA) {
	top, bottom, left := d, Height-d, d
	mid := float64(Height) / 2
	// Outer top slant: (bodyEnd, 0) → (Width, mid); shift it by d along its
	// inward normal and intersect with y = top and y = mid.
	dx, dy := float64(Width-bodyEnd), mid
	l := math.Hypot(dx, dy)
	px, py := float64(bodyEnd)-d*dy/l, d*dx/l
	slantX := func(y float64) float64 { return px + (y-py)*dx/dy }
	bx, tip := slantX(top), slantX(mid)
	r := radius - d/2

	z := vector.NewRasterizer(Width, Height)
	f := func(v float64) float32 { return float32(v) }
	z.MoveTo(f(left+r), f(top))
	z.LineTo(f(bx), f(top))
	z.LineTo(f(tip), f(mid))
	z.LineTo(f(bx), f(bottom))
	z.LineTo(f(left+r), f(bottom))
	z.QuadTo(f(left), f(bottom), f(left), f(bottom-r))
	z.LineTo(f(left), f(top+r))
	z.QuadTo(f(left), f(top), f(left+r), f(top))
	z.ClosePath()
	z.DrawOp = draw.Over
	z.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
}

// gradeFont is the font of the grade text, parsed once.
var gradeFont = mustParse(gobold.TTF)

func mustParse(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic("epcimage: Go Bold font: " + err.Error())
	}
	return f
}

// Text box: the grade is centred on the body plus the start of the point,
// where the arrow is tall enough to hold it.
const (
	textLeft     = border + 10
	textRight    = bodyEnd + 10
	textCapPx    = 58 // cap height to aim for
	textMaxWidth = textRight - textLeft
)

// drawText writes s centred in the text box, shrinking the size when a long
// grade ("A++") would not fit.
func drawText(img *image.RGBA, s string, c color.RGBA) error {
	size := 80.0
	for {
		face, err := opentype.NewFace(gradeFont, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return fmt.Errorf("epcimage: font face: %w", err)
		}
		dr := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
		b, _ := dr.BoundString(s)
		w := (b.Max.X - b.Min.X).Ceil()
		h := (b.Max.Y - b.Min.Y).Ceil()
		if (w > textMaxWidth || h > textCapPx) && size > 20 {
			face.Close()
			size -= 2
			continue
		}
		// Centre the ink box, not the advance box: the glyphs' side bearings
		// and descender space would pull the text off-centre.
		x := fixed.I(textLeft+textRight)/2 - (b.Min.X+b.Max.X)/2
		y := fixed.I(Height)/2 - (b.Min.Y+b.Max.Y)/2
		dr.Dot = fixed.Point26_6{X: x, Y: y}
		dr.DrawString(s)
		return face.Close()
	}
}
