package httpd_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/estate-agency/estate/httpd"
)

// ui/testdata/render is the contract between the server and the UI, as
// data: the demo agency's /api/site (site.json) and an /api/page answer for
// every page kind in nl and fr (pages.json). The UI's server-render tests
// read the JSON; ui/src/lib/api/pagedata.gen.ts holds the same data typed as
// SiteData and PageData, so `tsc` fails when the
// server sends a field types.ts lacks, misses one it requires, or sends a
// value outside one of its unions. This test asks the whole stack again
// and fails when either file is stale; -update-fixtures writes both.
var updateFixtures = flag.Bool("update-fixtures", false, "write ui/testdata/render/{site,pages}.json and ui/src/lib/api/pagedata.gen.ts from the demo agency")

// fixtureYear stands for the year page data carries (the footer's
// copyright), so the files do not go stale on the first of January.
const fixtureYear = 2026

// fixtureExtras are the pages the route table's plain entries do not
// give: a thank-you page, a listing, a project, a missing page.
var fixtureExtras = map[string]map[string]string{
	"feedback-contact-me": {"nl": "/nl/bedankt/contact-me/", "fr": "/fr/merci/contact-me/"},
	"property": {
		"nl": "/nl/te-koop/chassepierre/stenen-woning-in-een-van-de-mooiste-dorpen-van-wallonie/4030/",
		"fr": "/fr/a-vendre/chassepierre/maison-en-pierre-dans-lun-des-plus-beaux-villages-de-wallonie/4030/",
	},
	"project":   {"nl": "/nl/nieuwbouw/residentie-semois/7001/", "fr": "/fr/neuf/residence-semois/7001/"},
	"not-found": {"nl": "/nl/bestaat-niet/", "fr": "/fr/n-existe-pas/"},
}

func TestUIFixturesAreCurrent(t *testing.T) {
	st, ix := syncDemo(t)
	h, err := httpd.New(loadShippedConfig(t), httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	site := fixtureJSON(t, srv.URL+"/api/site")
	var routes struct {
		Routes []struct {
			Internal string            `json:"internal"`
			Paths    map[string]string `json:"paths"`
			Redirect string            `json:"redirect"`
			External string            `json:"external"`
		} `json:"routes"`
	}
	if err := json.Unmarshal(site, &routes); err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{}
	for _, r := range routes.Routes {
		if strings.Contains(r.Internal, "{") || r.Redirect != "" || r.External != "" {
			continue
		}
		name := strings.ReplaceAll(strings.Trim(r.Internal, "/"), "/", "-")
		if name == "" {
			name = "home"
		}
		for _, lang := range demoLangs {
			paths[name+"-"+string(lang)] = r.Paths[string(lang)]
		}
	}
	for name, byLang := range fixtureExtras {
		for lang, p := range byLang {
			paths[name+"-"+lang] = p
		}
	}
	pages := map[string]json.RawMessage{}
	for name, p := range paths {
		pages[name] = fixtureJSON(t, srv.URL+"/api/page?path="+url.QueryEscape(p))
	}
	pagesJSON, err := json.Marshal(pages)
	if err != nil {
		t.Fatal(err)
	}

	files := map[string][]byte{
		filepath.Join("..", "ui", "testdata", "render", "site.json"):      indented(t, site),
		filepath.Join("..", "ui", "testdata", "render", "pages.json"):     indented(t, pagesJSON),
		filepath.Join("..", "ui", "src", "lib", "api", "pagedata.gen.ts"): pageDataTS(t, site, pages),
	}
	for path, want := range files {
		if *updateFixtures {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: the server's page data changed; look at the difference, then run go test ./httpd -run TestUIFixturesAreCurrent -update-fixtures", path)
		}
	}
}

// fixtureJSON is an answer of the test server, with the page data's year
// fixed.
func fixtureJSON(t *testing.T, u string) json.RawMessage {
	t.Helper()
	resp, body := get(t, u)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", u, resp.StatusCode)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(body), &fields); err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	if _, ok := fields["year"]; !ok {
		return json.RawMessage(body)
	}
	// Rewrite the one field in place, keeping the server's field order.
	year := fmt.Sprintf(`"year":%s`, fields["year"])
	if !strings.Contains(body, year) {
		t.Fatalf("GET %s: no %s in %s", u, year, body)
	}
	return json.RawMessage(strings.Replace(body, year, fmt.Sprintf(`"year":%d`, fixtureYear), 1))
}

func indented(t *testing.T, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", " "); err != nil {
		t.Fatal(err)
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// pageDataTS is the fixtures as a TypeScript module that tsc checks
// against types.ts.
func pageDataTS(t *testing.T, site json.RawMessage, pages map[string]json.RawMessage) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString(`// Code generated by go test ./httpd -run TestUIFixturesAreCurrent -update-fixtures. DO NOT EDIT.
//
// The demo agency's site data and every page kind's data, as the server
// answers them (ui/testdata/render). tsc checks each against the contract
// in types.ts; tests may use them as fixtures of real page data.
import type { PageData, SiteData } from "./types";

export const site: SiteData = `)
	b.Write(bytes.TrimSuffix(indented(t, site), []byte("\n")))
	b.WriteString(";\n\nexport const pages: Record<string, PageData> = {\n")
	names := make([]string, 0, len(pages))
	for name := range pages {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		var v bytes.Buffer
		if err := json.Indent(&v, pages[name], "  ", "  "); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "  %q: %s,\n", name, v.String())
	}
	b.WriteString("};\n")
	return b.Bytes()
}
