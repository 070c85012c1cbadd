package main

import (
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
)

// TestStatusListsQuarantinedRecords syncs from a platform with one bad
// record and one huge text: the sync succeeds, and `estate sync`, `estate
// status` and `estate status --json` name the record and the cut.
func TestStatusListsQuarantinedRecords(t *testing.T) {
	_, fake, _ := platformEnv(t)
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync: %s", errOut)
	}

	fake.Damage(fakeplatform.OffGlobe(4003), fakeplatform.HugeDescription(4005, 1<<20))
	code, out, errOut := estate(t, "sync", "--full")
	if code != 0 {
		t.Fatalf("sync with one bad record: exit %d, %s", code, errOut)
	}
	const bad = "property 4003: position 123.4,200 is off the globe"
	const cut = "property 4005: description cut from 1048576 to "
	if !strings.Contains(out, bad) || !strings.Contains(out, cut) {
		t.Errorf("sync output does not name the record and the cut:\n%s", out)
	}

	st := status(t)
	if st.LastSync == nil || !st.LastSync.OK || len(st.LastSync.Languages) != 2 {
		t.Fatalf("lastSync = %+v", st.LastSync)
	}
	for _, lr := range st.LastSync.Languages {
		want := store.Quarantined{Kind: store.KindProperty, ID: 4003, Reason: "position 123.4,200 is off the globe"}
		if len(lr.Quarantined) != 1 || lr.Quarantined[0] != want {
			t.Errorf("%s quarantined %+v, want %+v", lr.Lang, lr.Quarantined, want)
		}
		if len(lr.Truncated) != 1 || lr.Truncated[0].ID != 4005 || lr.Truncated[0].Field != "description" || lr.Truncated[0].From != 1<<20 {
			t.Errorf("%s truncated %+v", lr.Lang, lr.Truncated)
		}
	}
	if st.Listings[listing.NL].Sale != 61 || st.Index[listing.FR] != 76 {
		t.Errorf("the bad record left the site: %+v %+v", st.Listings, st.Index)
	}

	code, out, _ = estate(t, "status")
	if code != 0 || !strings.Contains(out, "nl: 1 quarantined") || !strings.Contains(out, bad) || !strings.Contains(out, cut) {
		t.Errorf("status text does not list the quarantined record:\n%s", out)
	}

	// Repaired on the platform, the record leaves quarantine.
	fake.Clear()
	if code, _, errOut := estate(t, "sync"); code != 0 {
		t.Fatalf("sync after the repair: %s", errOut)
	}
	for _, lr := range status(t).LastSync.Languages {
		if len(lr.Quarantined) != 0 {
			t.Errorf("%s still quarantined %+v", lr.Lang, lr.Quarantined)
		}
	}
}
