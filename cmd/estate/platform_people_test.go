package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

// TestPlatformPeopleThroughTheServer runs `estate serve` against the HTTP
// fake of the platform: an owner logs in with their platform login and sees
// the platform's statistics by medium; a contact form and a booked visit
// each reach ContactOnMe once.
func TestPlatformPeopleThroughTheServer(t *testing.T) {
	ds, fake, _ := platformEnv(t)
	brussels, _ := time.LoadLocation("Europe/Brussels")
	start := time.Now().In(brussels).AddDate(0, 0, 3).Truncate(time.Hour)
	slot := fmt.Sprintf(`{"ID":901,"ObjectID":4030,"StartDate":%q,"EndDate":%q,"Capacity":2,"Booked":0,"Status":"confirmed"}`,
		start.Format(platform.DateLayout), start.Add(45*time.Minute).Format(platform.DateLayout))
	for _, l := range []listing.Lang{listing.NL, listing.FR} {
		ds.Lang(l).Appointments = append(ds.Lang(l).Appointments, json.RawMessage(slot))
	}
	fake.SetDataset(ds)
	fake.AddOwner(fakeplatform.Owner{Email: "marc.dubois@example.be", Password: "platform-secret", PersonID: 5501, Properties: []int{4003, 4030}})
	formsAndMailEnv(t)
	base, _ := startServe(t)

	t.Run("an owner with their platform login", func(t *testing.T) {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		var state struct{ CSRF string }
		getJSON(t, c, base+"/api/account", &state)
		body := `{"email":"Marc.Dubois@example.be","password":"platform-secret","lang":"fr"}`
		req, _ := http.NewRequest(http.MethodPost, base+"/api/account/login", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", state.CSRF)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("login: %s", resp.Status)
		}
		var list struct{ Properties []struct{ ID int } }
		getJSON(t, c, base+"/api/owner/properties?lang=fr", &list)
		if len(list.Properties) != 2 {
			t.Fatalf("properties %+v, want the platform's 4003 and 4030", list)
		}
		type platformStats struct {
			Visits struct{ Total int }
			Media  []struct {
				Medium string
				Days   []struct {
					Date  string
					Views int
				}
			}
			Calendar      []struct{ Kind, Status string }
			Communication []struct{ Kind string }
		}
		var detail struct{ Platform *platformStats }
		getJSON(t, c, base+"/api/owner/properties/4003?lang=fr", &detail)
		p := detail.Platform
		if p == nil || len(p.Media) < 2 || len(p.Media[0].Days) != 30 || p.Visits.Total == 0 {
			t.Fatalf("platform statistics %+v", p)
		}
		// The login fetched every language: the platform's texts are those
		// of the page's language.
		for _, tt := range []struct {
			lang, kind, contact string
		}{{"fr", "Visite", "Demande via le site web"}, {"nl", "Bezichtiging", "Aanvraag via de website"}} {
			var d struct{ Platform *platformStats }
			getJSON(t, c, base+"/api/owner/properties/4003?lang="+tt.lang, &d)
			if d.Platform == nil || len(d.Platform.Calendar) == 0 || len(d.Platform.Communication) == 0 {
				t.Fatalf("%s: platform statistics %+v", tt.lang, d.Platform)
			}
			if k := d.Platform.Calendar[0].Kind; k != tt.kind {
				t.Errorf("%s calendar kind %q, want %q", tt.lang, k, tt.kind)
			}
			if k := d.Platform.Communication[0].Kind; k != tt.contact {
				t.Errorf("%s communication kind %q, want %q", tt.lang, k, tt.contact)
			}
		}
	})

	post := func(form, fields string) {
		t.Helper()
		resp, err := http.Post(base+"/api/forms/"+form, "application/json", strings.NewReader(`{"lang":"fr","fields":`+fields+`}`))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		_, _ = b.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("%s: %s %s", form, resp.Status, b.String())
		}
	}
	waitWrites := func(n int) []fakeplatform.Write {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			w := fake.Writes(platform.MethodContactOnMe)
			if len(w) >= n || time.Now().After(deadline) {
				time.Sleep(200 * time.Millisecond) // and nothing more comes
				return fake.Writes(platform.MethodContactOnMe)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	t.Run("a contact form reaches ContactOnMe once", func(t *testing.T) {
		post("contact-me", `{"property":4003,"request":"info","firstName":"Anne","lastName":"Lambert","email":"anne@example.be",`+
			`"phone":"061 46 12 34","remark":"Le jardin est-il clos ?","privacy":true}`)
		w := waitWrites(1)
		if len(w) != 1 {
			t.Fatalf("%d contacts", len(w))
		}
		p := w[0].Params
		if p.Int("ObjectID") != 4003 || p.String("Email") != "anne@example.be" || p.String("Name") != "Lambert" ||
			!strings.Contains(p.String("Content"), "Le jardin est-il clos ?") {
			t.Errorf("contact %v", p)
		}
	})
	t.Run("a booked visit reaches the platform once", func(t *testing.T) {
		post("contact-appointment", `{"property":4030,"slot":901,"title":"mr","firstName":"Luc","lastName":"Renard",`+
			`"email":"luc@example.be","phone":"0470 11 22 33","remark":"Avec mon épouse","privacy":true}`)
		w := waitWrites(2)
		if len(w) != 2 {
			t.Fatalf("%d contacts", len(w))
		}
		p := w[1].Params
		if p.Int("ObjectID") != 4030 || p.Int("AppointmentID") != 901 || !strings.Contains(p.String("AgendaComment"), "Renard") {
			t.Errorf("booking %v", p)
		}
	})
	t.Run("a search demand reaches DemandRegister with its criteria", func(t *testing.T) {
		post("demand-register", `{"title":"ms","firstName":"Anne","lastName":"Dubois","email":"anne.dubois@example.be",`+
			`"phone":"0470123456","password":"anne-password","passwordConfirm":"anne-password","goal":"rent",`+
			`"types":["2"],"zones":["5550","Bouillon"],"minPrice":500,"maxPrice":900,"minRooms":2,"privacy":true}`)
		deadline := time.Now().Add(20 * time.Second)
		for len(fake.Demands()) == 0 && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		ds := fake.Demands()
		if len(ds) != 1 {
			t.Fatalf("%d demands", len(ds))
		}
		p := ds[0].Params
		for k, want := range map[string]string{"Email": "anne.dubois@example.be", "Goal": "1", "TypeOfPropertyIDs": "2",
			"PriceMin": "500", "PriceMax": "900", "MinRooms": "2", "LanguageIdFromParameter": "2"} {
			if got := p.String(k); got != want {
				t.Errorf("%s = %q, want %q", k, got, want)
			}
		}
		if zips := p.String("Zips"); !strings.HasPrefix(zips, "5550,6830") {
			t.Errorf("Zips %q: the postcodes, Bouillon's among them", zips)
		}
		if pw := p.String("Password"); pw == "" || strings.Contains(pw, "anne-password") {
			t.Errorf("Password %q: a platform-side one, never the visitor's", pw)
		}
	})
	t.Run("estate leads says every delivery was made", func(t *testing.T) {
		code, out, errOut := estate(t, "leads", "list")
		if code != 0 || strings.Count(out, "platform:sent") != 3 {
			t.Errorf("exit %d, %s %s", code, out, errOut)
		}
	})
	t.Run("a refused lead is dead at the first answer, and estate status and estate leads say why", func(t *testing.T) {
		fake.RefuseContacts("Error: this e-mail address is blocked")
		defer fake.RefuseContacts("")
		before := fake.Calls(platform.MethodContactOnMe)
		post("contact-me", `{"property":4003,"request":"info","firstName":"Zoé","lastName":"Marchal","email":"zoe@example.be",`+
			`"remark":"Encore disponible ?","privacy":true}`)
		deadline := time.Now().Add(20 * time.Second)
		for status(t).Leads.Dead == 0 && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		if n := fake.Calls(platform.MethodContactOnMe) - before; n != 1 {
			t.Errorf("%d calls: a refusal is not retried", n)
		}
		_, out, _ := estate(t, "status")
		if !strings.Contains(out, "dead: lead") || !strings.Contains(out, "refused by the platform") || !strings.Contains(out, "this e-mail address is blocked") {
			t.Errorf("estate status:\n%s", out)
		}
		_, out, _ = estate(t, "leads", "list")
		if !strings.Contains(out, "platform:dead (refused by the platform") || !strings.Contains(out, "blocked") {
			t.Errorf("estate leads list:\n%s", out)
		}
	})
}

func getJSON(t *testing.T, c *http.Client, url string, v any) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}
