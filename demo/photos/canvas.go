package photos

import (
	"image"
	"image/color"
	"math"
)

// canvas draws in fractional coordinates (0..1 across and down its viewport)
// so every rendition width shows the same picture, as real resized photos do.
// A canvas may be a viewport of a larger image (the view through a window of
// an interior); drawing is clipped to it.
type canvas struct {
	img  *image.RGBA
	clip image.Rectangle
	x0   float64 // viewport origin and size in pixels
	y0   float64
	w    float64
	h    float64
}

func newCanvas(width, height int) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	return &canvas{img: img, clip: img.Rect, w: float64(width), h: float64(height)}
}

// sub returns a canvas over the given fractional rectangle of c.
func (c *canvas) sub(x0, y0, x1, y1 float64) *canvas {
	r := image.Rect(c.px(x0), c.py(y0), c.px(x1), c.py(y1)).Intersect(c.clip)
	return &canvas{img: c.img, clip: r,
		x0: c.x0 + x0*c.w, y0: c.y0 + y0*c.h, w: (x1 - x0) * c.w, h: (y1 - y0) * c.h}
}

func (c *canvas) px(x float64) int { return int(math.Round(c.x0 + x*c.w)) }
func (c *canvas) py(y float64) int { return int(math.Round(c.y0 + y*c.h)) }

// span fills pixels [x0, x1) of row y, clipped.
func (c *canvas) span(y, x0, x1 int, col color.RGBA) {
	if y < c.clip.Min.Y || y >= c.clip.Max.Y {
		return
	}
	x0 = max(x0, c.clip.Min.X)
	x1 = min(x1, c.clip.Max.X)
	if x0 >= x1 {
		return
	}
	row := c.img.Pix[c.img.PixOffset(x0, y):c.img.PixOffset(x1, y)]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = col.R, col.G, col.B, 255
	}
}

// rect fills a fractional rectangle.
func (c *canvas) rect(x0, y0, x1, y1 float64, col color.RGBA) {
	px0, px1 := c.px(x0), c.px(x1)
	for y := max(c.py(y0), c.clip.Min.Y); y < min(c.py(y1), c.clip.Max.Y); y++ {
		c.span(y, px0, px1, col)
	}
}

// frame draws a rectangle outline t (fraction of the viewport width) thick.
func (c *canvas) frame(x0, y0, x1, y1, t float64, col color.RGBA) {
	ty := t * c.w / c.h
	c.rect(x0, y0, x1, y0+ty, col)
	c.rect(x0, y1-ty, x1, y1, col)
	c.rect(x0, y0, x0+t, y1, col)
	c.rect(x1-t, y0, x1, y1, col)
}

// vgrad fills a fractional band with a vertical gradient.
func (c *canvas) vgrad(x0, y0, x1, y1 float64, top, bottom color.RGBA) {
	py0, py1 := c.py(y0), c.py(y1)
	px0, px1 := c.px(x0), c.px(x1)
	n := float64(max(py1-py0, 1))
	for y := max(py0, c.clip.Min.Y); y < min(py1, c.clip.Max.Y); y++ {
		c.span(y, px0, px1, mix(top, bottom, float64(y-py0)/n))
	}
}

type pt struct{ x, y float64 }

// poly fills a simple polygon given in fractional coordinates (even-odd rule).
func (c *canvas) poly(col color.RGBA, pts ...pt) {
	if len(pts) < 3 {
		return
	}
	minY, maxY := math.Inf(1), math.Inf(-1)
	ps := make([]pt, len(pts))
	for i, p := range pts {
		ps[i] = pt{c.x0 + p.x*c.w, c.y0 + p.y*c.h}
		minY, maxY = math.Min(minY, ps[i].y), math.Max(maxY, ps[i].y)
	}
	var xs [16]float64
	for y := max(int(math.Ceil(minY-0.5)), c.clip.Min.Y); y < min(int(math.Ceil(maxY-0.5)), c.clip.Max.Y); y++ {
		fy := float64(y) + 0.5
		n := 0
		for i := range ps {
			a, b := ps[i], ps[(i+1)%len(ps)]
			if (a.y <= fy) == (b.y <= fy) {
				continue
			}
			if n < len(xs) {
				xs[n] = a.x + (fy-a.y)*(b.x-a.x)/(b.y-a.y)
				n++
			}
		}
		sortSmall(xs[:n])
		for i := 0; i+1 < n; i += 2 {
			c.span(y, int(math.Round(xs[i])), int(math.Round(xs[i+1])), col)
		}
	}
}

func sortSmall(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// disc fills an ellipse centred at (cx, cy) with radius r as a fraction of
// the viewport width, so it stays round whatever the aspect ratio.
func (c *canvas) disc(cx, cy, r float64, col color.RGBA) {
	c.ellipse(cx, cy, r, r*c.w/c.h, col)
}

// ellipse fills an ellipse with radii rx, ry as fractions of width and height.
func (c *canvas) ellipse(cx, cy, rx, ry float64, col color.RGBA) {
	pcx, pcy := c.x0+cx*c.w, c.y0+cy*c.h
	prx, pry := rx*c.w, ry*c.h
	if prx <= 0 || pry <= 0 {
		return
	}
	for y := max(int(pcy-pry), c.clip.Min.Y); y <= min(int(pcy+pry), c.clip.Max.Y-1); y++ {
		dy := (float64(y) + 0.5 - pcy) / pry
		if dy*dy > 1 {
			continue
		}
		dx := prx * math.Sqrt(1-dy*dy)
		c.span(y, int(math.Round(pcx-dx)), int(math.Round(pcx+dx)), col)
	}
}

// ridge fills from the curve y = f(x) down to the bottom of the viewport,
// darkening towards the bottom, which reads as a hillside. The gradient runs
// over rows from the highest point of the ridge so each pixel is a lookup.
func (c *canvas) ridge(f func(x float64) float64, top, bottom color.RGBA) {
	x0, x1 := max(int(c.x0), c.clip.Min.X), min(int(c.x0+c.w), c.clip.Max.X)
	y1 := min(int(c.y0+c.h), c.clip.Max.Y)
	if x0 >= x1 {
		return
	}
	ys := make([]int, x1-x0)
	high := y1
	for x := x0; x < x1; x++ {
		py := max(int(c.y0+f((float64(x)+0.5-c.x0)/c.w)*c.h), c.clip.Min.Y)
		ys[x-x0] = py
		high = min(high, py)
	}
	if high >= y1 {
		return
	}
	rows := make([]color.RGBA, y1-high)
	for i := range rows {
		rows[i] = mix(top, bottom, float64(i)/float64(len(rows)))
	}
	for y := high; y < y1; y++ {
		col := rows[y-high]
		row := c.img.Pix[c.img.PixOffset(x0, y):c.img.PixOffset(x1, y)]
		for i, top := range ys {
			if top <= y {
				p := row[i*4 : i*4+4 : i*4+4]
				p[0], p[1], p[2], p[3] = col.R, col.G, col.B, 255
			}
		}
	}
}

// conifer draws a spruce: a stack of triangles on a short trunk. x, base are
// fractions; hgt is a fraction of the viewport height.
func (c *canvas) conifer(x, base, hgt float64, col color.RGBA) {
	wid := hgt * 0.38 * c.h / c.w
	c.rect(x-wid*0.08, base-hgt*0.12, x+wid*0.08, base, rgb(74, 52, 36))
	for i := range 3 {
		t := float64(i)
		top := base - hgt + t*hgt*0.22
		bot := base - hgt*0.1 - (2-t)*hgt*0.18
		w := wid * (0.55 + 0.25*t)
		c.poly(shade(col, 1+0.08*t), pt{x, top}, pt{x + w/2, bot}, pt{x - w/2, bot})
	}
}

// leafy draws a deciduous tree: a trunk and a few overlapping discs.
func (c *canvas) leafy(x, base, hgt float64, col color.RGBA) {
	r := hgt * 0.3 * c.h / c.w
	c.rect(x-r*0.12, base-hgt*0.45, x+r*0.12, base, rgb(92, 66, 44))
	cy := base - hgt + r*c.w/c.h
	c.disc(x-r*0.5, cy+r*0.5*c.w/c.h, r*0.75, shade(col, 0.85))
	c.disc(x+r*0.5, cy+r*0.45*c.w/c.h, r*0.8, shade(col, 0.92))
	c.disc(x, cy, r, col)
	c.disc(x-r*0.25, cy-r*0.3*c.w/c.h, r*0.45, shade(col, 1.12))
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// mix blends a towards b by t in [0, 1].
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// shade multiplies a colour's brightness by f, clamped.
func shade(a color.RGBA, f float64) color.RGBA {
	s := func(x uint8) uint8 { return uint8(math.Max(0, math.Min(255, float64(x)*f+0.5))) }
	return color.RGBA{s(a.R), s(a.G), s(a.B), 255}
}
