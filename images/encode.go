package images

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	_ "image/png" // sources may be PNG
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // sources may be WebP

	"github.com/estate-agency/estate/site/photosizes"
)

// Encoder settings, chosen by measurement (docs/benchmarks.md, issue 33):
// AVIF at speed 10 (its fastest) and quality 50 is the smallest format;
// WebP's method 2 takes a quarter of the default method 4's time for 10 %
// more bytes, and WebP is made first, so every photo is light soon after a
// sync; JPEG at 80 is the usual web quality.
var (
	avifOptions = avif.Options{Quality: 50, QualityAlpha: 50, Speed: 10}
	webpOptions = webp.Options{Quality: 75, Method: 2}
	jpegOptions = jpeg.Options{Quality: 80}
)

// Limits bound what one source photo may cost.
type Limits struct {
	// MaxPixels bounds a source's width × height, checked before it is
	// decoded (a small file may declare a huge image).
	MaxPixels int
}

// widthsFor are the renditions of a photo w pixels wide: the table's
// widths below it and its own width, capped.
func widthsFor(w int) []int {
	t := photosizes.Get().Optimized
	top := min(w, t.MaxWidth)
	var out []int
	for _, x := range t.Widths {
		if x < top {
			out = append(out, x)
		}
	}
	return append(out, top)
}

// decode reads a source photo within the limits.
func decode(b []byte, lim Limits) (image.Image, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > lim.MaxPixels {
		return nil, fmt.Errorf("%d×%d pixels, more than the %d allowed (images.max_pixels)", cfg.Width, cfg.Height, lim.MaxPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNotImage, err)
	}
	return img, nil
}

// rendition is one width of a photo, opaque: a transparent PNG shows on
// white, as on the page, and JPEG has no alpha.
type rendition struct {
	width int
	img   *image.RGBA
}

// resize makes every width, largest first, each scaled from the one above
// it: a few percent of the work of scaling each from the source, and
// Catmull-Rom keeps the small ones sharp.
func resize(src image.Image, widths []int) []rendition {
	out := make([]rendition, 0, len(widths))
	from := src
	for _, w := range slices.Backward(widths) {
		h := scaledHeight(src.Bounds().Size(), w)
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		draw.CatmullRom.Scale(dst, dst.Bounds(), from, from.Bounds(), draw.Over, nil)
		out = append(out, rendition{w, dst})
		from = dst
	}
	slices.Reverse(out)
	return out
}

// scaledHeight is the height of a photo of size at width w, rounded.
func scaledHeight(size image.Point, w int) int {
	return max(1, (size.Y*w+size.X/2)/size.X)
}

// encode writes a rendition in a format.
func encode(w io.Writer, img image.Image, format string) error {
	switch format {
	case "avif":
		return avif.Encode(w, img, avifOptions)
	case "webp":
		return webp.Encode(w, img, webpOptions)
	case "jpg":
		return jpeg.Encode(w, img, &jpegOptions)
	}
	return fmt.Errorf("images: unknown format %q", format)
}

// writeRenditions encodes every rendition in every format into a new
// folder beside the final one and renames it into place, so the folder a
// hash names is always complete. Each file is synced first: a rendition is
// served as immutable, so a torn one would stay wrong in browsers' caches.
// The source is kept beside them (source.bin, never served) until the
// later formats are added (addRenditions).
func (l *Library) writeRenditions(hash string, source []byte, rs []rendition, formats []string) error {
	final := l.hashDir(hash)
	if err := os.MkdirAll(filepath.Dir(final), 0o750); err != nil {
		return fmt.Errorf("images: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), hash+".tmp*")
	if err != nil {
		return fmt.Errorf("images: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := writeFileSync(filepath.Join(tmp, sourceFile), source); err != nil {
		return err
	}
	if err := encodeAll(tmp, rs, formats); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil && !l.hasRenditions(hash) {
		return fmt.Errorf("images: %w", err)
	}
	return nil
}

// sourceFile is a photo's source, kept until every format is made.
const sourceFile = "source.bin"

// addRenditions adds formats to a photo's folder, each file whole, then
// drops the source.
func (l *Library) addRenditions(hash string, rs []rendition, formats []string) error {
	if err := encodeAll(l.hashDir(hash), rs, formats); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(l.hashDir(hash), sourceFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("images: %w", err)
	}
	return nil
}

// source is the kept source of a photo, nil when gone.
func (l *Library) source(hash string) []byte {
	b, err := os.ReadFile(filepath.Join(l.hashDir(hash), sourceFile))
	if err != nil {
		return nil
	}
	return b
}

func encodeAll(dir string, rs []rendition, formats []string) error {
	var buf bytes.Buffer
	for _, r := range rs {
		for _, f := range formats {
			buf.Reset()
			if err := encode(&buf, r.img, f); err != nil {
				return fmt.Errorf("images: encode %d px %s: %w", r.width, f, err)
			}
			if err := writeFileSync(filepath.Join(dir, fmt.Sprintf("%d.%s", r.width, f)), buf.Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
}
