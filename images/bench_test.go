package images

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo/photos"
)

// BenchmarkProcess makes one demo photo (1600 × 1067) in every width and
// format, and reports each format's time and bytes over all widths.
//
//	go test ./images -run '^$' -bench Process -benchtime 3x
func BenchmarkProcess(b *testing.B) {
	var src bytes.Buffer
	if err := photos.Render(&src, "4001", 1, photos.OriginalWidth); err != nil {
		b.Fatal(err)
	}
	img, err := decode(src.Bytes(), Limits{MaxPixels: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	widths := widthsFor(img.Bounds().Dx())
	spent := map[string]time.Duration{}
	size := map[string]int{}
	var buf bytes.Buffer
	for b.Loop() {
		t := time.Now()
		rs := resize(img, widths)
		spent["resize"] += time.Since(t)
		for _, r := range rs {
			for _, f := range Formats {
				buf.Reset()
				t := time.Now()
				if err := encode(&buf, r.img, f); err != nil {
					b.Fatal(err)
				}
				spent[f] += time.Since(t)
				size[f+fmt.Sprint(r.width)] = buf.Len()
			}
		}
	}
	for k, d := range spent {
		b.ReportMetric(float64(d.Milliseconds())/float64(b.N), k+"-ms/photo")
	}
	for _, f := range Formats {
		total := 0
		for _, w := range widths {
			total += size[f+fmt.Sprint(w)]
		}
		b.ReportMetric(float64(total)/1024, f+"-KB/photo")
	}
}
