package main

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/ui"
)

// hostile is the property the fake platform spoils in TestHostileRecordStaysSmall.
const hostile = 4005

// TestHostileRecordStaysSmall syncs from the fake platform one record with
// every text field of 256 KB (about 20 MB of text in all, under the
// client's 64 MiB answer limit), lists of ten thousand photos, documents,
// points of interest and videos, and javascript:, data: and vbscript:
// addresses: the sync reports what it cut and dropped, and the detail page,
// a list page and a search answer stay small, render on the server and
// carry no address but http(s) ones in og:image and JSON-LD.
func TestHostileRecordStaysSmall(t *testing.T) {
	const maxPage = 1 << 20
	_, fake, _ := platformEnv(t)
	fake.Damage(fakeplatform.Hostile(hostile, 256<<10, 10_000))
	code, out, errOut := estate(t, "sync")
	if code != 0 {
		t.Fatalf("sync: exit %d, %s", code, errOut)
	}
	for _, want := range []string{
		"property 4005: title cut from 262144 to ", "property 4005: address.street cut from 262144 to ",
		"property 4005: legal.planning cut from 262144 to ", "property 4005: comfort.kitchen cut from",
		"property 4005: agent.photo dropped (not an http(s) address", "property 4005: media.pictures[].url: ",
		"property 4005: media.pictures cut from ", "property 4005: media.documents cut from ",
		"property 4005: media.documents[].url: ", "property 4005: pointsOfInterest cut from 10000 to 50 items",
		"property 4005: pointsOfInterest[].name cut from 299 to ", "property 4005: webIds cut from 10000 to 50 items",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("sync output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("sync output:\n%.5000s", out)
	}
	// Nothing of the demo agency's real records is cut.
	for _, lr := range status(t).LastSync.Languages {
		for _, c := range lr.Truncated {
			if c.ID != hostile || c.Kind != store.KindProperty {
				t.Errorf("%s: a real record was cut: %s", lr.Lang, c)
			}
		}
	}

	_, built := ui.ServerBundle()
	rendering := built && !raceDetector
	if rendering {
		t.Setenv("ESTATE_RENDER_ENGINE", "quickjs")
		t.Setenv("ESTATE_RENDER_TIMEOUT", "20s")
	} else {
		t.Log("no server bundle (make build) or race detector: pages come client-rendered")
	}
	base, _ := startServe(t)

	// A search answer with the record, its texts highlighted.
	search := `{"requests":[{"indexName":"properties_nl","params":"query=pasted&hitsPerPage=24"},
		{"indexName":"properties_nl","params":"hitsPerPage=100"}]}`
	resp, err := http.Post(base+"/1/indexes/*/queries", "application/json", strings.NewReader(search))
	if err != nil {
		t.Fatal(err)
	}
	answer := readAll(t, resp)
	var got struct {
		Results []struct {
			Hits []struct {
				ID  int    `json:"id"`
				URL string `json:"url"`
			} `json:"hits"`
		} `json:"results"`
	}
	if err := json.Unmarshal(answer, &got); err != nil || len(got.Results) != 2 {
		t.Fatalf("search: %v %.300s", err, answer)
	}
	if len(answer) > maxPage {
		t.Errorf("search answer of %d bytes, want at most %d", len(answer), maxPage)
	}
	t.Logf("search answer: %d bytes", len(answer))
	detail := ""
	for _, h := range got.Results[0].Hits {
		if h.ID == hostile {
			detail = h.URL
		}
	}
	if detail == "" {
		t.Fatalf("the hostile record is not found by its text: %.500s", answer)
	}

	pages := map[string]string{"detail": detail, "list": "/nl/te-koop/?query=pasted"}
	for name, path := range pages {
		t.Run(name, func(t *testing.T) {
			resp, err := http.Get(base + path)
			if err != nil {
				t.Fatal(err)
			}
			page := readAll(t, resp)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %.300s", path, resp.StatusCode, page)
			}
			if len(page) > maxPage {
				t.Errorf("%s is %d bytes, want at most %d", path, len(page), maxPage)
			}
			t.Logf("%s: %d bytes", path, len(page))
			if !strings.Contains(string(page), "pasted twice") {
				t.Errorf("%s does not show the hostile record", path)
			}
			if rendering && !strings.Contains(string(page), `<div id="root"><`) {
				t.Errorf("%s came without its server render", path)
			}
			lower := strings.ToLower(string(page))
			for _, bad := range []string{"javascript:alert", "data:text/html", "vbscript:", "evil.example"} {
				if strings.Contains(lower, bad) {
					t.Errorf("%s carries %q", path, bad)
				}
			}
			for _, m := range ogImage.FindAllStringSubmatch(string(page), -1) {
				if !strings.HasPrefix(m[1], "http://") && !strings.HasPrefix(m[1], "https://") {
					t.Errorf("og:image %q", m[1])
				}
			}
			for _, m := range jsonLD.FindAllStringSubmatch(string(page), -1) {
				var ld any
				if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
					t.Errorf("JSON-LD: %v", err)
				}
				checkLDURLs(t, ld)
			}
		})
	}
	if rendering {
		if r := status(t).Render; r == nil || len(nonZero(r.Failures)) > 0 {
			t.Errorf("renders failed: %+v", r)
		}
	}
}

var (
	ogImage = regexp.MustCompile(`<meta property="og:image" content="([^"]*)"`)
	jsonLD  = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)
)

// checkLDURLs fails on any JSON-LD value naming an image, a logo or a url
// that is not an http(s) address.
func checkLDURLs(t *testing.T, v any) {
	t.Helper()
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && (k == "url" || k == "image" || k == "logo" || k == "contentUrl") &&
				!strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
				t.Errorf("JSON-LD %s %q", k, s)
			}
			if k == "image" {
				if l, ok := x.([]any); ok {
					for _, s := range l {
						if s, ok := s.(string); ok && !strings.HasPrefix(s, "http") {
							t.Errorf("JSON-LD image %q", s)
						}
					}
				}
			}
			checkLDURLs(t, x)
		}
	case []any:
		for _, x := range v {
			checkLDURLs(t, x)
		}
	}
}

func nonZero(m map[string]uint64) map[string]uint64 {
	out := map[string]uint64{}
	for k, n := range m {
		if n > 0 {
			out[k] = n
		}
	}
	return out
}

func readAll(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
