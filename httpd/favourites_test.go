package httpd_test

import (
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

type stateItem struct {
	ID        int    `json:"id"`
	Status    string `json:"status"`
	Title     string `json:"title"`
	URL       string `json:"url"`
	Price     *int   `json:"price"`
	PriceText string `json:"priceText"`
	Thumbnail *struct {
		URL string `json:"url"`
	} `json:"thumbnail"`
}

func getStates(t *testing.T, base, query string) (int, []stateItem, string) {
	t.Helper()
	resp, body := get(t, base+"/api/properties/state?"+query)
	var answer struct {
		Properties []stateItem `json:"properties"`
	}
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(body), &answer); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
	}
	return resp.StatusCode, answer.Properties, body
}

// The favourites page asks the whole stack for its listings' state: the
// demo's listings from the store, one of them withdrawn by a sync.
func TestPropertiesState(t *testing.T) {
	e := newPropertyEnv(t)
	nl := e.props[listing.NL]
	sold := find(t, nl, "a sold or rented listing", func(p listing.Property) bool {
		return p.Status == listing.Sold || p.Status == listing.Rented
	})
	priced := find(t, nl, "an available listing with a published price", func(p listing.Property) bool {
		return p.Status == listing.Available && p.Price.Published && p.Price.Amount > 0
	})
	const unknown = 987654321

	for _, lang := range []listing.Lang{listing.NL, listing.FR} {
		t.Run(string(lang), func(t *testing.T) {
			ids := []int{priced.ID, e.withdrawn.ID, unknown, sold.ID, priced.ID}
			q := url.Values{"lang": {string(lang)}, "ids": {joinIDs(ids)}}
			status, got, body := getStates(t, e.url, q.Encode())
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, body)
			}
			// The order asked, each id once, the unknown one left out.
			if len(got) != 3 || got[0].ID != priced.ID || got[1].ID != e.withdrawn.ID || got[2].ID != sold.ID {
				t.Fatalf("got %+v", got)
			}
			p := got[0]
			if p.Status != "available" || p.Price == nil || *p.Price != int(math.Round(priced.Price.Amount)) || p.PriceText == "" {
				t.Errorf("available listing %+v", p)
			}
			if !strings.HasPrefix(p.URL, "/"+string(lang)+"/") {
				t.Errorf("url %q is not a %s path", p.URL, lang)
			}
			w := got[1]
			if w.Status != "withdrawn" || w.Title == "" || w.Price != nil || w.PriceText != "" {
				t.Errorf("withdrawn listing %+v", w)
			}
			if s := got[2]; s.Status != string(sold.Status) {
				t.Errorf("sold listing %+v, want %s", s, sold.Status)
			}
		})
	}

	// The same listing's path is its detail page's.
	_, got, _ := getStates(t, e.url, "lang=nl&ids="+strconv.Itoa(priced.ID))
	if want := site.CanonicalDetail(priced, listing.NL); len(got) != 1 || got[0].URL != want {
		t.Errorf("url %+v, want %s", got, want)
	}

	many := make([]int, 101)
	for i := range many {
		many[i] = i + 1
	}
	for _, tc := range []struct{ name, query string }{
		{"no ids", "lang=nl"},
		{"empty ids", "lang=nl&ids="},
		{"a word", "lang=nl&ids=1,two"},
		{"zero", "lang=nl&ids=0"},
		{"negative", "lang=nl&ids=-4"},
		{"empty item", "lang=nl&ids=1,,2"},
		{"too many", "lang=nl&ids=" + joinIDs(many)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, _, body := getStates(t, e.url, tc.query)
			if status != http.StatusBadRequest || !strings.Contains(body, `"status":400`) {
				t.Errorf("status %d: %s", status, body)
			}
		})
	}
}

func joinIDs(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, ",")
}
