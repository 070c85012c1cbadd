// Package photos draws the demo agency's photos on demand, so the repository
// carries no image blobs: every picture is a deterministic, stylised Ardennes
// scene derived from the property key and the picture number, and the same
// picture is drawn at every rendition width. Handler serves them (and small
// demo PDF documents) under /demo/.
package photos

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"image/jpeg"
	"io"
	"math"
	"math/rand/v2"

	"github.com/estate-agency/estate/site/photosizes"
)

// renderVersion names the drawing code's output: bump it whenever a change
// alters pixels, so caches and ETags of older renditions are not reused.
const renderVersion = "v1"

// Widths are the renditions the site asks for (site/photosizes/photos.json):
// the spec's breakpoint widths (100, 400, 600, 1360), the card thumbnail
// (280) and the original (1600).
func Widths() []int { return photosizes.Get().Renditions }

// OriginalWidth is the width of the largest rendition, the picture's Url.
var OriginalWidth = photosizes.Get().Original

// Height is the height of a rendition: 3:2 landscape, rounded to the nearest
// pixel (1600 → 1067, 280 → 187).
func Height(width int) int { return (width*2 + 1) / 3 }

// MaxN is the highest picture number a key can have.
const MaxN = 20

// Scene is what a picture shows. It follows from the picture number alone, so
// the demo data can choose numbers whose scene fits the property and name the
// picture accordingly.
type Scene int

const (
	Facade      Scene = iota + 1 // a house seen from the street
	Living                       // a living room with a view
	Garden                       // the garden with the house behind
	Kitchen                      // a fitted kitchen
	Bedroom                      // a bedroom
	Valley                       // a view over a river valley
	Bathroom                     // a tiled bathroom
	Woods                        // the woods nearby
	Plot                         // a building plot in a meadow
	Garage                       // a garage building
	Shop                         // a shop front on a street
	Block                        // an apartment building
	Chalet                       // a wooden chalet among spruces
	FarmFacade                   // a farmhouse with its barn
	VillaFacade                  // a large two-storey house
	sceneCount  = iota
)

// SceneOf returns the scene of picture number n (numbers past the last scene
// start over).
func SceneOf(n int) Scene {
	if n < 1 {
		return Facade
	}
	return Scene((n-1)%sceneCount + 1)
}

// Render draws picture n of the property (or project) key at the given width
// as a JPEG. The output depends only on its arguments.
func Render(w io.Writer, key string, n, width int) error {
	if width < 16 || width > 4096 {
		return fmt.Errorf("photos: width %d out of range", width)
	}
	if n < 1 || n > MaxN {
		return fmt.Errorf("photos: picture number %d out of range", n)
	}
	c := newCanvas(width, Height(width))
	draw(c, key, n)
	if err := jpeg.Encode(w, c.img, &jpeg.Options{Quality: 80}); err != nil {
		return fmt.Errorf("photos: encode %s/%d/%d: %w", key, n, width, err)
	}
	return nil
}

func hash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// look is what stays the same across all pictures of one property.
type look struct {
	wall, roof, trim, shutter, door color.RGBA
	stone, shutters, farm, dormers  bool
	hipped                          bool
	storeys, windows, doorAt        int
	houseX, houseW, chimney         float64
	inWall, inFloor, accent, wood   color.RGBA
	parquet, stove                  bool
}

// light is the weather and time of day of one picture.
type light struct {
	skyTop, skyLow, sun color.RGBA
	sunX, sunY          float64
	bright              float64
	clouds              int
}

func lookOf(key string) look {
	r := rand.New(rand.NewPCG(hash("look", key), 0x9e3779b97f4a7c15))
	walls := []color.RGBA{
		rgb(214, 205, 186), rgb(236, 230, 214), rgb(170, 158, 142), rgb(128, 120, 112),
		rgb(226, 212, 170), rgb(160, 96, 72), rgb(196, 180, 150), rgb(240, 238, 232),
	}
	roofs := []color.RGBA{rgb(58, 62, 72), rgb(48, 52, 60), rgb(70, 74, 84), rgb(140, 66, 46), rgb(88, 60, 50)}
	trims := []color.RGBA{rgb(245, 245, 240), rgb(60, 62, 66), rgb(120, 84, 56), rgb(230, 226, 214)}
	shutters := []color.RGBA{rgb(70, 100, 72), rgb(120, 40, 40), rgb(60, 80, 110), rgb(140, 120, 90)}
	doors := []color.RGBA{rgb(120, 40, 40), rgb(40, 70, 60), rgb(90, 60, 40), rgb(50, 60, 90), rgb(60, 60, 64)}
	inWalls := []color.RGBA{rgb(236, 230, 218), rgb(220, 226, 222), rgb(232, 220, 200), rgb(210, 218, 228), rgb(238, 236, 232)}
	accents := []color.RGBA{rgb(120, 140, 160), rgb(160, 90, 70), rgb(90, 110, 80), rgb(180, 160, 120), rgb(90, 90, 110)}
	l := look{
		wall:     walls[r.IntN(len(walls))],
		roof:     roofs[r.IntN(len(roofs))],
		trim:     trims[r.IntN(len(trims))],
		shutter:  shutters[r.IntN(len(shutters))],
		door:     doors[r.IntN(len(doors))],
		stone:    r.IntN(3) == 0,
		shutters: r.IntN(3) == 0,
		dormers:  r.IntN(3) == 0,
		hipped:   r.IntN(4) == 0,
		storeys:  1 + r.IntN(2),
		windows:  2 + r.IntN(3),
		houseX:   0.38 + r.Float64()*0.24,
		houseW:   0.34 + r.Float64()*0.14,
		chimney:  0.2 + r.Float64()*0.6,
		inWall:   inWalls[r.IntN(len(inWalls))],
		inFloor:  []color.RGBA{rgb(168, 124, 84), rgb(196, 160, 118), rgb(120, 86, 60), rgb(200, 196, 188)}[r.IntN(4)],
		accent:   accents[r.IntN(len(accents))],
		wood:     []color.RGBA{rgb(150, 104, 66), rgb(120, 82, 52), rgb(176, 132, 88)}[r.IntN(3)],
		parquet:  r.IntN(3) != 0,
		stove:    r.IntN(2) == 0,
	}
	l.doorAt = r.IntN(l.windows + 1)
	if l.stone {
		l.wall = []color.RGBA{rgb(150, 138, 122), rgb(128, 122, 116), rgb(170, 150, 120)}[r.IntN(3)]
	}
	return l
}

func lightOf(key string, n int) light {
	r := rand.New(rand.NewPCG(hash("light", key, fmt.Sprint(n)), 0x632be59bd9b4e019))
	lt := light{sunX: 0.1 + r.Float64()*0.8, sunY: 0.08 + r.Float64()*0.2, clouds: r.IntN(5)}
	switch r.IntN(6) {
	case 0: // golden hour
		lt.skyTop, lt.skyLow, lt.sun, lt.bright = rgb(94, 120, 170), rgb(246, 196, 140), rgb(255, 226, 170), 0.95
		lt.sunY += 0.15
	case 1: // overcast
		lt.skyTop, lt.skyLow, lt.sun, lt.bright = rgb(150, 160, 172), rgb(210, 214, 218), rgb(226, 228, 230), 0.88
		lt.clouds += 4
	case 2: // hazy morning
		lt.skyTop, lt.skyLow, lt.sun, lt.bright = rgb(140, 176, 214), rgb(232, 228, 214), rgb(255, 248, 220), 1.0
	default: // fair day
		lt.skyTop, lt.skyLow, lt.sun, lt.bright = rgb(70, 130, 200), rgb(186, 214, 236), rgb(255, 250, 226), 1.05
	}
	return lt
}

func draw(c *canvas, key string, n int) {
	lk := lookOf(key)
	lt := lightOf(key, n)
	r := rand.New(rand.NewPCG(hash("scene", key, fmt.Sprint(n)), 0xbf58476d1ce4e5b9))
	switch SceneOf(n) {
	case Facade:
		lk.farm = false
		facade(c, r, lk, lt)
	case FarmFacade:
		lk.farm = true
		facade(c, r, lk, lt)
	case VillaFacade:
		lk.farm, lk.storeys, lk.windows = false, 2, max(lk.windows, 3)
		lk.houseW = max(lk.houseW, 0.44)
		facade(c, r, lk, lt)
	case Living, Kitchen, Bedroom, Bathroom:
		interior(c, r, lk, lt, SceneOf(n))
	case Garden:
		lk.farm = false
		garden(c, r, lk, lt)
	case Valley:
		valley(c, r, lt)
	case Woods:
		woods(c, r, lt)
	case Plot:
		plot(c, r, lt)
	case Garage:
		garage(c, r, lk, lt)
	case Shop:
		shop(c, r, lk, lt)
	case Block:
		block(c, r, lk, lt)
	case Chalet:
		chalet(c, r, lk, lt)
	}
}

// backdrop paints sky and wooded hills down to the horizon and returns the
// ground colour to continue with.
func backdrop(c *canvas, r *rand.Rand, lt light, horizon float64) {
	c.vgrad(0, 0, 1, horizon+0.05, lt.skyTop, lt.skyLow)
	c.disc(lt.sunX, lt.sunY, 0.035, mix(lt.sun, lt.skyLow, 0.1))
	c.disc(lt.sunX, lt.sunY, 0.026, lt.sun)
	for range lt.clouds {
		cx, cy := r.Float64(), 0.05+r.Float64()*horizon*0.5
		cw := 0.05 + r.Float64()*0.08
		cl := mix(rgb(250, 250, 250), lt.skyLow, 0.25)
		c.ellipse(cx, cy, cw, cw*0.35, shade(cl, 0.96))
		c.ellipse(cx-cw*0.5, cy+cw*0.1, cw*0.6, cw*0.28, cl)
		c.ellipse(cx+cw*0.55, cy+cw*0.12, cw*0.55, cw*0.25, cl)
	}
	haze := lt.skyLow
	layers := []struct {
		y, amp      float64
		top, bottom color.RGBA
		trees       int
	}{
		{horizon - 0.16, 0.05, mix(rgb(96, 124, 120), haze, 0.55), mix(rgb(80, 110, 96), haze, 0.4), 0},
		{horizon - 0.08, 0.05, mix(rgb(60, 96, 66), haze, 0.3), rgb(52, 84, 56), 70},
		{horizon, 0.04, rgb(46, 80, 44), rgb(38, 64, 38), 90},
	}
	for _, ly := range layers {
		f1, f2 := 2+r.Float64()*4, 7+r.Float64()*6
		p1, p2 := r.Float64()*6.3, r.Float64()*6.3
		ridgeY := func(x float64) float64 {
			return ly.y - ly.amp*(math.Sin(x*f1+p1)+0.35*math.Sin(x*f2+p2))
		}
		c.ridge(ridgeY, shade(ly.top, lt.bright), shade(ly.bottom, lt.bright))
		for range ly.trees {
			x := r.Float64()
			y := ridgeY(x) + 0.004 + r.Float64()*0.06
			h := 0.025 + r.Float64()*0.03
			c.conifer(x, y+h*0.4, h, shade(mix(ly.top, rgb(20, 48, 28), 0.45+r.Float64()*0.3), lt.bright))
		}
	}
}

// lawn paints the foreground ground from y down.
func lawn(c *canvas, r *rand.Rand, lt light, y float64, col color.RGBA) {
	p := r.Float64() * 6
	c.ridge(func(x float64) float64 { return y + 0.012*math.Sin(x*3+p) },
		shade(col, lt.bright), shade(mix(col, rgb(40, 70, 30), 0.45), lt.bright))
}

func facade(c *canvas, r *rand.Rand, lk look, lt light) {
	backdrop(c, r, lt, 0.52)
	lawn(c, r, lt, 0.66, rgb(104, 150, 70))
	base := 0.86
	w, cx := lk.houseW*1.3, lk.houseX
	if lk.farm {
		// leave room on the right for the barn
		w, cx = lk.houseW, lk.houseX-lk.houseW*0.3
	}
	house(c, r, lk, lt, cx, base, w, 1.2)
	// gravel path from the door to the viewer
	dx := doorX(lk, cx, w)
	c.poly(shade(rgb(190, 180, 160), lt.bright), pt{dx - 0.025, base}, pt{dx + 0.025, base}, pt{dx + 0.1, 1}, pt{dx - 0.1, 1})
	if lk.farm {
		w *= 1.6
		cx += lk.houseW * 0.45
	}
	sideTrees(c, r, lt, cx, w, base)
}

func sideTrees(c *canvas, r *rand.Rand, lt light, hx, hw, base float64) {
	for _, side := range []float64{-1, 1} {
		x := hx + side*(hw/2+0.08+r.Float64()*0.08)
		if x < 0.02 || x > 0.98 {
			continue
		}
		if r.IntN(2) == 0 {
			c.leafy(x, base+0.02, 0.32+r.Float64()*0.12, shade(rgb(70, 120, 50), lt.bright))
		} else {
			c.conifer(x, base+0.02, 0.36+r.Float64()*0.12, shade(rgb(34, 72, 40), lt.bright))
		}
	}
	for i := range 5 {
		x := 0.05 + float64(i)*0.22 + r.Float64()*0.08
		c.ellipse(x, 0.93+r.Float64()*0.04, 0.035, 0.03, shade(rgb(60, 110, 50), lt.bright*0.95))
	}
}

func doorX(lk look, cx, w float64) float64 {
	slots := lk.windows + 1
	return cx - w/2 + w*(float64(lk.doorAt)+0.5)/float64(slots)
}

// house draws the property's house with its ground line at base, centred at
// cx, w wide (scale scales the height with it).
func house(c *canvas, r *rand.Rand, lk look, lt light, cx, base, w, scale float64) {
	storeyH := 0.15 * scale
	wallTop := base - storeyH*float64(lk.storeys)
	x0, x1 := cx-w/2, cx+w/2
	wall := shade(lk.wall, lt.bright)
	if lk.farm {
		// the barn adjoining the farmhouse, lower and darker
		bw := w * 0.55
		bx0, bx1 := x1, x1+bw
		bTop := base - storeyH*1.5
		c.rect(bx0, bTop, bx1, base, shade(mix(lk.wall, rgb(120, 110, 100), 0.4), lt.bright*0.92))
		c.poly(shade(lk.roof, lt.bright*0.95), pt{bx0 - 0.005, bTop}, pt{bx1 + 0.01, bTop}, pt{bx1 - bw*0.22, bTop - 0.09*scale}, pt{bx0 + bw*0.08, bTop - 0.09*scale})
		dw := bw * 0.4
		c.rect(bx0+bw*0.3, base-storeyH*1.1, bx0+bw*0.3+dw, base, shade(lk.wood, lt.bright*0.8))
		for i := 1; i < 4; i++ {
			xx := bx0 + bw*0.3 + dw*float64(i)/4
			c.rect(xx-0.001, base-storeyH*1.1, xx+0.001, base, shade(lk.wood, lt.bright*0.6))
		}
	}
	c.rect(x0, wallTop, x1, base, wall)
	if lk.stone {
		stones(c, r, x0, wallTop, x1, base, lk.wall, lt)
	}
	// roof
	roofH := 0.13 * scale
	over := 0.02
	roof := shade(lk.roof, lt.bright)
	if lk.hipped {
		c.poly(roof, pt{x0 - over, wallTop}, pt{x1 + over, wallTop}, pt{x1 - w*0.22, wallTop - roofH}, pt{x0 + w*0.22, wallTop - roofH})
	} else {
		c.poly(roof, pt{x0 - over, wallTop}, pt{x1 + over, wallTop}, pt{cx, wallTop - roofH*1.25})
	}
	// chimney
	chx := x0 + w*lk.chimney
	c.rect(chx-0.012, wallTop-roofH*1.15, chx+0.012, wallTop-roofH*0.4, shade(rgb(150, 90, 70), lt.bright*0.9))
	c.rect(chx-0.015, wallTop-roofH*1.2, chx+0.015, wallTop-roofH*1.12, shade(rgb(90, 80, 76), lt.bright))
	if lk.dormers && !lk.hipped {
		for _, f := range []float64{0.3, 0.7} {
			dx := x0 + w*f
			dy := wallTop - roofH*0.35
			c.rect(dx-0.025, dy-0.04*scale, dx+0.025, dy+0.02, shade(lk.trim, lt.bright))
			c.poly(roof, pt{dx - 0.035, dy - 0.04*scale}, pt{dx + 0.035, dy - 0.04*scale}, pt{dx, dy - 0.075*scale})
			window(c, dx-0.015, dy-0.03*scale, dx+0.015, dy+0.01, lk, lt, false)
		}
	}
	// windows and the door
	slots := lk.windows + 1
	sw := w / float64(slots)
	for s := range lk.storeys {
		yTop := base - storeyH*float64(s+1)
		for i := range slots {
			wx := x0 + sw*(float64(i)+0.5)
			if s == 0 && i == lk.doorAt {
				c.rect(wx-sw*0.2, yTop+storeyH*0.25, wx+sw*0.2, base, shade(lk.trim, lt.bright))
				c.rect(wx-sw*0.16, yTop+storeyH*0.28, wx+sw*0.16, base, shade(lk.door, lt.bright))
				c.disc(wx+sw*0.1, yTop+storeyH*0.68, 0.003, rgb(210, 190, 120))
				continue
			}
			ww := math.Min(sw*0.28, 0.03*scale)
			window(c, wx-ww, yTop+storeyH*0.22, wx+ww, yTop+storeyH*0.78, lk, lt, lk.shutters)
		}
	}
	// a ledge of bushes along the wall
	for i := range 6 {
		bx := x0 + w*(float64(i)+0.5)/6
		if math.Abs(bx-doorX(lk, cx, w)) < sw*0.3 {
			continue
		}
		c.ellipse(bx, base-0.005, 0.022*scale, 0.022*scale, shade(rgb(58, 104, 48), lt.bright*(0.9+0.2*r.Float64())))
	}
}

func window(c *canvas, x0, y0, x1, y1 float64, lk look, lt light, withShutters bool) {
	if withShutters {
		sw := (x1 - x0) * 0.55
		c.rect(x0-sw, y0, x0, y1, shade(lk.shutter, lt.bright))
		c.rect(x1, y0, x1+sw, y1, shade(lk.shutter, lt.bright))
	}
	t := (x1 - x0) * 0.12
	c.rect(x0-t, y0-t*1.5, x1+t, y1+t*1.5, shade(lk.trim, lt.bright))
	c.vgrad(x0, y0, x1, y1, mix(lt.skyLow, rgb(40, 50, 70), 0.55), mix(lt.skyTop, rgb(20, 26, 36), 0.6))
	mx := (x0 + x1) / 2
	c.rect(mx-t*0.4, y0, mx+t*0.4, y1, shade(lk.trim, lt.bright))
	my := y0 + (y1-y0)*0.4
	c.rect(x0, my-t*0.3, x1, my+t*0.3, shade(lk.trim, lt.bright))
	// a sky reflection on the upper left pane
	c.poly(mix(lt.skyLow, rgb(255, 255, 255), 0.3), pt{x0, y0}, pt{x0 + (mx-x0)*0.6, y0}, pt{x0, y0 + (my-y0)*0.7})
}

// stones draws masonry so stone houses read as Ardennes schist.
func stones(c *canvas, r *rand.Rand, x0, y0, x1, y1 float64, base color.RGBA, lt light) {
	rows := 14
	rh := (y1 - y0) / float64(rows)
	for i := range rows {
		y := y0 + float64(i)*rh
		x := x0 - r.Float64()*0.02
		for x < x1 {
			sw := 0.012 + r.Float64()*0.022
			col := shade(base, lt.bright*(0.82+0.3*r.Float64()))
			c.rect(math.Max(x, x0), y+rh*0.08, math.Min(x+sw, x1), y+rh*0.92, col)
			x += sw + 0.002
		}
	}
}

func garden(c *canvas, r *rand.Rand, lk look, lt light) {
	backdrop(c, r, lt, 0.46)
	lawn(c, r, lt, 0.56, rgb(96, 146, 62))
	hx := 0.25 + r.Float64()*0.5
	house(c, r, lk, lt, hx, 0.66, lk.houseW*0.6, 0.6)
	// lawn stripes from mowing
	for i := range 6 {
		y := 0.7 + float64(i)*0.05
		c.rect(0, y, 1, y+0.022, shade(rgb(110, 160, 72), lt.bright))
	}
	// terrace with a table and a parasol
	tx := 0.1 + r.Float64()*0.25
	c.poly(shade(lk.wood, lt.bright), pt{tx - 0.1, 0.8}, pt{tx + 0.22, 0.8}, pt{tx + 0.3, 1}, pt{tx - 0.16, 1})
	for i := 1; i < 6; i++ {
		y := 0.8 + 0.2*float64(i)/6
		c.rect(tx-0.16, y-0.002, tx+0.3, y+0.002, shade(lk.wood, lt.bright*0.8))
	}
	c.rect(tx+0.02, 0.78, tx+0.12, 0.8, shade(rgb(240, 240, 236), lt.bright))
	c.rect(tx+0.065, 0.8, tx+0.075, 0.88, shade(rgb(200, 200, 196), lt.bright))
	c.rect(tx+0.068, 0.62, tx+0.072, 0.78, rgb(120, 120, 120))
	c.poly(shade(lk.accent, lt.bright*1.2), pt{tx - 0.05, 0.66}, pt{tx + 0.19, 0.66}, pt{tx + 0.07, 0.6})
	// flower beds
	fx := 0.6 + r.Float64()*0.25
	for range 18 {
		col := []color.RGBA{rgb(220, 80, 90), rgb(240, 200, 70), rgb(180, 110, 200), rgb(250, 250, 245)}[r.IntN(4)]
		c.disc(fx+r.Float64()*0.2-0.1, 0.84+r.Float64()*0.08, 0.006+r.Float64()*0.006, shade(col, lt.bright))
	}
	c.leafy(0.82+r.Float64()*0.12, 0.72, 0.45, shade(rgb(76, 126, 54), lt.bright))
}

func valley(c *canvas, r *rand.Rand, lt light) {
	backdrop(c, r, lt, 0.5)
	lawn(c, r, lt, 0.58, rgb(112, 150, 76))
	// meadows as lighter patches, hedges between them
	for range 6 {
		x, y := r.Float64(), 0.62+r.Float64()*0.12
		c.ellipse(x, y, 0.12+r.Float64()*0.1, 0.025, shade(rgb(132, 170, 90), lt.bright))
	}
	// the river winds across the valley floor
	p := r.Float64() * 6
	water := mix(lt.skyLow, rgb(60, 96, 120), 0.45)
	for i := range 200 {
		x := float64(i) / 200
		y := 0.68 + 0.05*math.Sin(x*5+p) + 0.02*math.Sin(x*13+p)
		w := 0.012 + x*0.02
		c.rect(x-0.004, y-w/2, x+0.006, y+w/2, water)
		if i%9 == 0 {
			c.rect(x, y-w*0.15, x+0.01, y, mix(water, rgb(255, 255, 255), 0.35))
		}
	}
	// a village of slate roofs on the bank
	vx := 0.2 + r.Float64()*0.6
	for range 9 {
		x := vx + r.Float64()*0.2 - 0.1
		y := 0.6 + r.Float64()*0.05
		w := 0.018 + r.Float64()*0.012
		c.rect(x-w/2, y-w*0.7, x+w/2, y, shade(rgb(220, 210, 190), lt.bright))
		c.poly(shade(rgb(60, 64, 74), lt.bright), pt{x - w*0.6, y - w*0.7}, pt{x + w*0.6, y - w*0.7}, pt{x, y - w*1.3})
	}
	c.rect(vx-0.003, 0.55, vx+0.003, 0.6, shade(rgb(90, 90, 96), lt.bright)) // church spire
	c.poly(shade(rgb(60, 64, 74), lt.bright), pt{vx - 0.008, 0.56}, pt{vx + 0.008, 0.56}, pt{vx, 0.5})
	// foreground slope with spruces framing the view
	c.ridge(func(x float64) float64 { return 0.86 + 0.1*x + 0.02*math.Sin(x*9+p) },
		shade(rgb(80, 110, 50), lt.bright), shade(rgb(50, 74, 36), lt.bright))
	for range 3 {
		x := r.Float64() * 0.25
		c.conifer(x, 1.02, 0.5+r.Float64()*0.2, shade(rgb(30, 64, 36), lt.bright))
	}
}

func woods(c *canvas, r *rand.Rand, lt light) {
	backdrop(c, r, lt, 0.5)
	lawn(c, r, lt, 0.6, rgb(90, 110, 56))
	p := r.Float64() * 0.3
	c.poly(shade(rgb(170, 150, 116), lt.bright), pt{0.47 + p - 0.15, 0.6}, pt{0.5 + p - 0.15, 0.6}, pt{0.72, 1}, pt{0.42, 1})
	for i := range 26 {
		x := r.Float64()
		base := 0.6 + float64(i)/26*0.42
		h := 0.25 + (base-0.6)*1.4 + r.Float64()*0.1
		if x > 0.38 && x < 0.68 && base > 0.75 {
			x += 0.3
		}
		col := mix(rgb(28, 66, 36), rgb(50, 90, 46), r.Float64())
		if r.IntN(4) == 0 {
			c.leafy(x, base, h, shade(mix(col, rgb(140, 150, 50), 0.4), lt.bright))
		} else {
			c.conifer(x, base, h, shade(col, lt.bright))
		}
	}
	for range 40 {
		c.disc(r.Float64(), 0.8+r.Float64()*0.2, 0.004, shade(rgb(150, 120, 60), lt.bright))
	}
}

func plot(c *canvas, r *rand.Rand, lt light) {
	backdrop(c, r, lt, 0.54)
	lawn(c, r, lt, 0.64, rgb(124, 160, 70))
	for range 80 {
		x, y := r.Float64(), 0.68+r.Float64()*0.32
		c.ellipse(x, y, 0.01+r.Float64()*0.012, 0.004, shade(rgb(150, 176, 86), lt.bright))
	}
	// the boundary posts with a wire
	for i := range 12 {
		x := 0.03 + float64(i)*0.085
		y := 0.7 + float64(i)*0.008
		c.rect(x-0.003, y-0.05, x+0.003, y, shade(rgb(110, 82, 56), lt.bright))
	}
	c.poly(rgb(90, 90, 90), pt{0.03, 0.662}, pt{0.97, 0.75}, pt{0.97, 0.752}, pt{0.03, 0.664})
	// the agency's 'for sale' board
	sx := 0.62 + r.Float64()*0.2
	c.rect(sx-0.004, 0.64, sx+0.004, 0.86, rgb(90, 70, 50))
	c.rect(sx-0.07, 0.6, sx+0.07, 0.7, rgb(250, 248, 240))
	c.rect(sx-0.065, 0.605, sx+0.065, 0.635, rgb(170, 40, 50))
	for i := range 3 {
		y := 0.65 + float64(i)*0.015
		c.rect(sx-0.055, y, sx+0.055-float64(i)*0.02, y+0.006, rgb(80, 80, 90))
	}
	c.conifer(0.1+r.Float64()*0.1, 0.72, 0.3, shade(rgb(34, 72, 40), lt.bright))
}

func garage(c *canvas, r *rand.Rand, lk look, lt light) {
	backdrop(c, r, lt, 0.45)
	lawn(c, r, lt, 0.6, rgb(100, 140, 66))
	doors := 1 + r.IntN(3)
	w := 0.22 + 0.16*float64(doors)
	x0 := 0.5 - w/2
	c.rect(x0, 0.42, x0+w, 0.78, shade(lk.wall, lt.bright))
	c.rect(x0-0.01, 0.4, x0+w+0.01, 0.44, shade(lk.roof, lt.bright))
	dw := w / float64(doors)
	for i := range doors {
		dx := x0 + dw*float64(i)
		c.rect(dx+dw*0.1, 0.5, dx+dw*0.9, 0.78, shade(lk.trim, lt.bright*0.9))
		c.rect(dx+dw*0.12, 0.51, dx+dw*0.88, 0.78, shade(lk.door, lt.bright*1.1))
		for k := range 8 {
			y := 0.52 + float64(k)*0.033
			c.rect(dx+dw*0.12, y, dx+dw*0.88, y+0.004, shade(lk.door, lt.bright*0.8))
		}
	}
	c.poly(shade(rgb(90, 92, 96), lt.bright), pt{x0, 0.78}, pt{x0 + w, 0.78}, pt{x0 + w + 0.2, 1}, pt{x0 - 0.2, 1})
	sideTrees(c, r, lt, 0.5, w, 0.8)
}

func shop(c *canvas, r *rand.Rand, lk look, lt light) {
	c.vgrad(0, 0, 1, 0.3, lt.skyTop, lt.skyLow)
	// neighbours left and right
	c.rect(0, 0.12, 0.12, 0.86, shade(rgb(200, 190, 176), lt.bright))
	c.rect(0.88, 0.08, 1, 0.86, shade(rgb(170, 160, 150), lt.bright))
	c.rect(0.12, 0.05, 0.88, 0.86, shade(lk.wall, lt.bright))
	c.poly(shade(lk.roof, lt.bright), pt{0.1, 0.06}, pt{0.9, 0.06}, pt{0.84, -0.04}, pt{0.16, -0.04})
	for i := range 4 {
		x := 0.2 + float64(i)*0.18
		window(c, x, 0.14, x+0.08, 0.36, lk, lt, false)
	}
	// sign band and the shop window
	c.rect(0.14, 0.44, 0.86, 0.5, shade(lk.accent, lt.bright*0.8))
	for i := range 9 {
		x := 0.3 + float64(i)*0.045
		c.rect(x, 0.46, x+0.03, 0.48, rgb(245, 240, 226))
	}
	c.rect(0.16, 0.56, 0.86, 0.84, shade(lk.trim, lt.bright))
	c.vgrad(0.18, 0.58, 0.62, 0.84, mix(lt.skyLow, rgb(60, 70, 80), 0.5), rgb(40, 46, 54))
	c.poly(mix(lt.skyLow, rgb(255, 255, 255), 0.25), pt{0.24, 0.58}, pt{0.34, 0.58}, pt{0.22, 0.84}, pt{0.18, 0.84}, pt{0.18, 0.7})
	c.rect(0.66, 0.6, 0.82, 0.84, shade(lk.door, lt.bright))
	c.rect(0.68, 0.62, 0.8, 0.76, mix(lt.skyLow, rgb(40, 46, 54), 0.6))
	// striped awning
	for i := range 10 {
		x := 0.15 + float64(i)*0.071
		col := rgb(250, 248, 240)
		if i%2 == 0 {
			col = shade(lk.accent, 1.1)
		}
		c.poly(shade(col, lt.bright), pt{x, 0.51}, pt{x + 0.071, 0.51}, pt{x + 0.078, 0.56}, pt{x + 0.007, 0.56})
	}
	c.rect(0, 0.86, 1, 1, shade(rgb(150, 146, 140), lt.bright))
	for i := range 8 {
		x := float64(i) * 0.14
		c.rect(x, 0.86, x+0.004, 1, shade(rgb(120, 116, 110), lt.bright))
	}
	c.ellipse(0.05+r.Float64()*0.05, 0.85, 0.03, 0.035, shade(rgb(60, 110, 50), lt.bright))
}

func block(c *canvas, r *rand.Rand, lk look, lt light) {
	backdrop(c, r, lt, 0.5)
	lawn(c, r, lt, 0.78, rgb(100, 146, 66))
	floors := 3 + r.IntN(2)
	cols := 4 + r.IntN(3)
	top := 0.82 - 0.16*float64(floors)
	x0, x1 := 0.2, 0.8
	c.rect(x0, top, x1, 0.84, shade(lk.wall, lt.bright))
	c.rect(x0-0.01, top-0.02, x1+0.01, top, shade(lk.roof, lt.bright))
	cw := (x1 - x0) / float64(cols)
	for f := range floors {
		y := top + 0.16*float64(f)
		for k := range cols {
			x := x0 + cw*float64(k)
			window(c, x+cw*0.22, y+0.03, x+cw*0.78, y+0.12, lk, lt, false)
			if f > 0 && k%2 == 1 {
				c.rect(x+cw*0.1, y+0.11, x+cw*0.9, y+0.125, shade(lk.trim, lt.bright*0.85))
				for b := range 6 {
					bx := x + cw*0.1 + cw*0.8*float64(b)/5
					c.rect(bx-0.0015, y+0.09, bx+0.0015, y+0.12, shade(rgb(60, 60, 64), lt.bright))
				}
				c.rect(x+cw*0.1, y+0.088, x+cw*0.9, y+0.094, shade(rgb(60, 60, 64), lt.bright))
			}
		}
	}
	dx := x0 + cw*float64(cols/2)
	c.rect(dx+cw*0.2, 0.72, dx+cw*0.8, 0.84, shade(lk.door, lt.bright))
	sideTrees(c, r, lt, 0.5, 0.6, 0.86)
}

func chalet(c *canvas, r *rand.Rand, lk look, lt light) {
	backdrop(c, r, lt, 0.5)
	lawn(c, r, lt, 0.66, rgb(96, 130, 60))
	for range 6 {
		c.conifer(r.Float64(), 0.66+r.Float64()*0.04, 0.35+r.Float64()*0.15, shade(rgb(30, 66, 38), lt.bright))
	}
	cx := 0.4 + r.Float64()*0.2
	w := 0.34
	x0, x1 := cx-w/2, cx+w/2
	wood := shade(lk.wood, lt.bright)
	c.rect(x0, 0.56, x1, 0.84, wood)
	for i := range 14 {
		y := 0.56 + float64(i)*0.02
		c.rect(x0, y, x1, y+0.003, shade(lk.wood, lt.bright*0.75))
	}
	c.poly(shade(rgb(52, 56, 60), lt.bright), pt{x0 - 0.05, 0.6}, pt{x1 + 0.05, 0.6}, pt{cx, 0.3})
	c.poly(wood, pt{x0 + 0.03, 0.585}, pt{x1 - 0.03, 0.585}, pt{cx, 0.37})
	window(c, cx-0.04, 0.44, cx+0.04, 0.56, lk, lt, false)
	window(c, x0+0.04, 0.64, x0+0.1, 0.74, lk, lt, false)
	c.rect(x1-0.1, 0.64, x1-0.04, 0.84, shade(lk.door, lt.bright))
	// deck with railing
	c.rect(x0-0.06, 0.84, x1+0.06, 0.87, shade(lk.wood, lt.bright*0.85))
	for i := range 16 {
		x := x0 - 0.06 + (w+0.12)*float64(i)/15
		c.rect(x-0.002, 0.78, x+0.002, 0.84, shade(lk.wood, lt.bright*0.7))
	}
	c.rect(x0-0.06, 0.775, x1+0.06, 0.785, shade(lk.wood, lt.bright*0.7))
	for _, x := range []float64{0.05 + r.Float64()*0.1, 0.85 + r.Float64()*0.1} {
		c.conifer(x, 1.0, 0.7+r.Float64()*0.2, shade(rgb(26, 60, 34), lt.bright))
	}
}

// interior draws a room seen from its doorway: side wall, back wall with a
// window on the landscape, a floor in perspective and the furniture of the
// room kind.
func interior(c *canvas, r *rand.Rand, lk look, lt light, kind Scene) {
	wall := lk.inWall
	c.rect(0, 0, 1, 1, wall)
	// floor in perspective
	floor := lk.inFloor
	if kind == Bathroom || kind == Kitchen {
		floor = rgb(196, 192, 186)
	}
	c.poly(floor, pt{0.12, 0.7}, pt{0.9, 0.7}, pt{1, 0.86}, pt{1, 1}, pt{0, 1}, pt{0, 0.86})
	if lk.parquet || kind == Bathroom || kind == Kitchen {
		for i := range 15 {
			t := float64(i) / 14
			xb := -0.3 + 1.6*t
			xt := 0.12 + 0.78*t
			c.poly(shade(floor, 0.88), pt{xt - 0.001, 0.7}, pt{xt + 0.001, 0.7}, pt{xb + 0.003, 1}, pt{xb - 0.003, 1})
		}
	}
	// side walls and ceiling cover the ends of the floor boards
	c.poly(shade(wall, 0.86), pt{0, 0}, pt{0.12, 0.07}, pt{0.12, 0.7}, pt{0, 0.86})
	c.poly(shade(wall, 0.9), pt{1, 0}, pt{0.9, 0.07}, pt{0.9, 0.7}, pt{1, 0.86})
	c.poly(shade(wall, 1.06), pt{0, 0}, pt{1, 0}, pt{0.9, 0.07}, pt{0.12, 0.07})
	c.rect(0.12, 0.685, 0.9, 0.7, shade(wall, 0.8)) // skirting
	if kind == Bathroom || kind == Kitchen {
		tiles(c, 0.12, 0.3, 0.9, 0.685, 14, 6, rgb(226, 230, 232))
	}
	// the window looks out on the property's surroundings
	wx := 0.2 + r.Float64()*0.35
	wy0, wy1 := 0.14, 0.5
	if kind == Kitchen {
		// over the sink, clear of the hood and the wall cupboards
		wx, wy1 = 0.16+r.Float64()*0.06, 0.38
	}
	view := c.sub(wx, wy0, wx+0.24, wy1)
	backdrop(view, r, lt, 0.6)
	lawn(view, r, lt, 0.75, rgb(100, 146, 66))
	c.frame(wx-0.008, wy0-0.01, wx+0.248, wy1+0.01, 0.01, rgb(244, 244, 240))
	c.rect(wx+0.116, wy0, wx+0.124, wy1, rgb(244, 244, 240))
	if kind == Bedroom || kind == Living {
		c.rect(wx-0.05, 0.1, wx-0.005, 0.62, shade(lk.accent, 1.15))
		c.rect(wx+0.245, 0.1, wx+0.29, 0.62, shade(lk.accent, 1.15))
		c.rect(wx-0.06, 0.09, wx+0.3, 0.105, rgb(90, 80, 70))
	}
	switch kind {
	case Living:
		living(c, r, lk)
	case Kitchen:
		kitchen(c, r, lk)
	case Bedroom:
		bedroom(c, r, lk)
	case Bathroom:
		bathroom(c, r, lk)
	}
}

func tiles(c *canvas, x0, y0, x1, y1 float64, cols, rows int, col color.RGBA) {
	c.rect(x0, y0, x1, y1, col)
	for i := 0; i <= cols; i++ {
		x := x0 + (x1-x0)*float64(i)/float64(cols)
		c.rect(x-0.0008, y0, x+0.0008, y1, shade(col, 0.85))
	}
	for j := 0; j <= rows; j++ {
		y := y0 + (y1-y0)*float64(j)/float64(rows)
		c.rect(x0, y-0.0012, x1, y+0.0012, shade(col, 0.85))
	}
}

func living(c *canvas, r *rand.Rand, lk look) {
	c.ellipse(0.5, 0.86, 0.3, 0.08, shade(lk.accent, 0.7)) // rug
	// sofa
	sx := 0.3 + r.Float64()*0.15
	c.rect(sx, 0.56, sx+0.34, 0.66, shade(lk.accent, 0.9))
	c.rect(sx-0.02, 0.64, sx+0.36, 0.78, lk.accent)
	c.rect(sx-0.03, 0.6, sx+0.02, 0.78, shade(lk.accent, 0.85))
	c.rect(sx+0.32, 0.6, sx+0.37, 0.78, shade(lk.accent, 0.85))
	c.rect(sx+0.05, 0.6, sx+0.11, 0.66, rgb(230, 220, 190)) // cushion
	c.rect(sx, 0.78, sx+0.01, 0.8, rgb(50, 40, 30))
	c.rect(sx+0.33, 0.78, sx+0.34, 0.8, rgb(50, 40, 30))
	// coffee table
	c.rect(0.4, 0.84, 0.62, 0.86, shade(lk.wood, 0.9))
	c.rect(0.41, 0.86, 0.42, 0.92, shade(lk.wood, 0.6))
	c.rect(0.6, 0.86, 0.61, 0.92, shade(lk.wood, 0.6))
	// a picture on the wall and a floor lamp
	c.rect(0.62, 0.2, 0.8, 0.36, rgb(60, 50, 40))
	c.vgrad(0.63, 0.21, 0.79, 0.35, rgb(120, 160, 200), rgb(80, 120, 70))
	c.rect(0.85, 0.3, 0.856, 0.82, rgb(40, 40, 40))
	c.poly(rgb(240, 226, 190), pt{0.83, 0.3}, pt{0.876, 0.3}, pt{0.866, 0.24}, pt{0.84, 0.24})
	if lk.stove {
		// the wood stove every Ardennes living room has
		c.rect(0.14, 0.52, 0.24, 0.76, rgb(40, 40, 42))
		c.rect(0.16, 0.56, 0.22, 0.66, rgb(230, 120, 40))
		c.rect(0.16, 0.56, 0.22, 0.58, rgb(250, 200, 90))
		c.rect(0.18, 0.07, 0.2, 0.52, rgb(50, 50, 52))
	}
}

func kitchen(c *canvas, r *rand.Rand, lk look) {
	front := lk.accent
	if r.IntN(2) == 0 {
		front = rgb(240, 240, 236)
	}
	c.rect(0.12, 0.5, 0.9, 0.685, shade(front, 0.95))
	for i := range 8 {
		x := 0.12 + float64(i)*0.0975
		c.rect(x, 0.5, x+0.003, 0.685, shade(front, 0.75))
		c.rect(x+0.04, 0.53, x+0.06, 0.536, rgb(140, 140, 140))
	}
	c.rect(0.11, 0.48, 0.91, 0.5, rgb(70, 70, 72)) // worktop
	c.rect(0.6, 0.1, 0.9, 0.28, front)
	for i := range 3 {
		x := 0.6 + float64(i)*0.1
		c.rect(x, 0.1, x+0.003, 0.28, shade(front, 0.75))
	}
	c.rect(0.48, 0.36, 0.56, 0.48, rgb(150, 150, 154)) // hood and hob
	c.poly(rgb(170, 170, 174), pt{0.46, 0.36}, pt{0.58, 0.36}, pt{0.54, 0.3}, pt{0.5, 0.3})
	c.rect(0.5, 0.07, 0.54, 0.3, rgb(170, 170, 174))
	// island with stools
	c.rect(0.22, 0.74, 0.72, 0.76, shade(lk.wood, 1.05))
	c.rect(0.24, 0.76, 0.7, 0.94, shade(front, 0.85))
	for _, x := range []float64{0.3, 0.46, 0.62} {
		c.ellipse(x, 0.8, 0.03, 0.012, rgb(40, 40, 40))
		c.rect(x-0.003, 0.8, x+0.003, 0.97, rgb(40, 40, 40))
	}
}

func bedroom(c *canvas, r *rand.Rand, lk look) {
	bx := 0.32 + r.Float64()*0.1
	c.rect(bx, 0.46, bx+0.4, 0.62, shade(lk.wood, 0.95)) // headboard
	c.rect(bx-0.02, 0.62, bx+0.42, 0.9, rgb(246, 244, 240))
	c.rect(bx-0.02, 0.7, bx+0.42, 0.9, lk.accent)
	c.rect(bx-0.02, 0.7, bx+0.42, 0.72, shade(lk.accent, 1.2))
	c.ellipse(bx+0.1, 0.635, 0.07, 0.03, rgb(252, 252, 250))
	c.ellipse(bx+0.3, 0.635, 0.07, 0.03, rgb(252, 252, 250))
	for _, x := range []float64{bx - 0.1, bx + 0.44} {
		c.rect(x, 0.6, x+0.08, 0.76, shade(lk.wood, 0.8))
		c.rect(x+0.035, 0.52, x+0.045, 0.6, rgb(60, 60, 60))
		c.poly(rgb(246, 234, 200), pt{x + 0.015, 0.52}, pt{x + 0.065, 0.52}, pt{x + 0.055, 0.47}, pt{x + 0.025, 0.47})
	}
}

func bathroom(c *canvas, r *rand.Rand, lk look) {
	c.rect(0.13, 0.56, 0.55, 0.72, rgb(250, 250, 250)) // bath
	c.rect(0.13, 0.56, 0.55, 0.58, rgb(230, 230, 232))
	c.rect(0.2, 0.5, 0.205, 0.56, rgb(180, 180, 186))
	sx := 0.64 + r.Float64()*0.08
	c.rect(sx, 0.5, sx+0.18, 0.54, rgb(250, 250, 250)) // washbasin on a cabinet
	c.rect(sx+0.01, 0.54, sx+0.17, 0.68, shade(lk.wood, 0.9))
	c.rect(sx+0.02, 0.2, sx+0.16, 0.44, rgb(200, 214, 222)) // mirror
	c.poly(rgb(236, 242, 246), pt{sx + 0.03, 0.21}, pt{sx + 0.07, 0.21}, pt{sx + 0.03, 0.3})
	c.rect(sx+0.085, 0.46, sx+0.095, 0.5, rgb(180, 180, 186))
	c.rect(0.9-0.03, 0.4, 0.9-0.005, 0.62, shade(lk.accent, 1.2)) // towel
}
