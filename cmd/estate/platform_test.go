package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
)

// TestPlatformCheck runs what an agency runs first against the fake
// platform: a table of every method the site uses, exit 0 when they all
// answer, exit 1 naming the one that failed.
func TestPlatformCheck(t *testing.T) {
	_, fake, _ := platformEnv(t)
	code, out, errOut := estate(t, "platform", "check")
	if code != 0 {
		t.Fatalf("check: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"method  ", "GetWebIDList", "GetTypeOfPropertyList", "GetPropertiesByIDs", "GetPropertyPictureList", "GetProjectList",
		"GetProject ", "GetProjectPictureList", "GetAppointmentObject", "GetDeletedPropertyIDs",
		"GetPropertyList (nl): answered, 5 row(s)", "GetPropertyList (fr): answered, 5 row(s)",
		"  mapped  (", "AllotmentPermit, Availability", "XLargePictureItems",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the check does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+errOut, platformPassword) {
		t.Error("the check printed the password")
	}
	// Only the first page of 5: small limits.
	if p, _ := fake.LastParams(platform.MethodPropertyList); p.Int("Limit1") != 1 || p.Int("Limit2") != 5 {
		t.Errorf("GetPropertyList asked rows %d-%d", p.Int("Limit1"), p.Int("Limit2"))
	}

	// A field the site does not know is reported, and one it expects and
	// does not get.
	fake.Damage(fakeplatform.WrongType(4001, "Price"))
	code, out, _ = estate(t, "platform", "check", "--json")
	var reports []platform.Report
	if err := json.Unmarshal([]byte(out), &reports); code != 0 || err != nil {
		t.Fatalf("check --json: exit %d, %v\n%s", code, err, out)
	}
	var list platform.Report
	for _, r := range reports {
		if r.Method == platform.MethodPropertyList && r.Lang == listing.NL {
			list = r
		}
	}
	if len(list.Bad) != 1 || list.Bad[0].ID != 4001 || !strings.Contains(list.Bad[0].Reason, "Price") {
		t.Errorf("the bad record is not reported: %+v", list.Bad)
	}

	fake.Clear()
	fake.Fail(fakeplatform.SuccessFalse().For(platform.MethodPropertiesByIDs))
	code, out, errOut = estate(t, "platform", "check")
	if code != exitFailure || !strings.Contains(out, "GetPropertiesByIDs (nl): FAILED: platform GetPropertiesByIDs: Error (code 600)") ||
		!strings.Contains(errOut, "GetPropertiesByIDs (nl)") {
		t.Errorf("a failing method: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestPlatformCheckRecordReplays records every answer with --record and
// --limit 0, then syncs the recording with the dir source: the store holds
// what a sync from the platform itself holds.
func TestPlatformCheckRecordReplays(t *testing.T) {
	platformEnv(t)
	rec := filepath.Join(t.TempDir(), "recorded")
	if code, out, errOut := estate(t, "platform", "check", "--limit", "0", "--record", rec); code != 0 {
		t.Fatalf("check --record: exit %d\n%s\n%s", code, out, errOut)
	}
	// The slots of a recording are served as recorded: not moved as the
	// bundled demo's are.
	t.Setenv("ESTATE_DEMO", "false")
	if code, _, errOut := estate(t, "sync", "--full"); code != 0 {
		t.Fatalf("sync from the platform: %s", errOut)
	}
	fromPlatform := storeContents(t)

	t.Setenv("ESTATE_STORAGE_DIR", t.TempDir())
	t.Setenv("ESTATE_SOURCE_KIND", "dir")
	t.Setenv("ESTATE_SOURCE_DIR", rec)
	if code, _, errOut := estate(t, "sync", "--full"); code != 0 {
		t.Fatalf("sync from the recording: %s", errOut)
	}
	if got := storeContents(t); got != fromPlatform {
		t.Errorf("the replayed store differs from the synced one (%d and %d bytes)", len(got), len(fromPlatform))
	}
	if st := status(t); st.Listings[listing.NL].Sale != 61 || st.Listings[listing.FR].Rent != 15 || st.Projects[listing.NL] != 2 {
		t.Errorf("replayed: %+v %+v", st.Listings, st.Projects)
	}
}

// openStore opens the store of ESTATE_STORAGE_DIR with the shipped config,
// as a command would.
func openStore(t *testing.T) (config.Config, *store.Store) {
	t.Helper()
	cfg, _, err := (&cli{configFile: filepath.Join("..", "..", "config.yaml")}).load()
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(cfg.Storage.DBPath(), cfg.Languages.Enabled, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cfg, st
}

// storeContents is what the site serves from the store of
// ESTATE_STORAGE_DIR, as JSON: listings, projects, types, towns and visit
// slots of each language.
func storeContents(t *testing.T) string {
	t.Helper()
	cfg, st := openStore(t)
	defer st.Close()
	var out []any
	for _, l := range cfg.Languages.Enabled {
		var props []listing.Property
		if err := st.EachProperty(l, func(p listing.Property) error { props = append(props, p); return nil }); err != nil {
			t.Fatal(err)
		}
		projects, _ := st.Projects(l)
		types, _ := st.Types(l)
		cities, _ := st.Cities(l)
		out = append(out, props, projects, types, cities)
		for _, p := range props {
			slots, _ := st.VisitSlots(p.ID)
			out = append(out, slots)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
