package platformsync_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	platformsync "github.com/estate-agency/estate/sync"
)

// complianceLines are the sync's compliance log lines so far.
func (e *env) complianceLines() []string {
	var out []string
	for _, l := range strings.Split(e.logs.String(), "\n") {
		if strings.Contains(l, `msg="compliance check`) {
			out = append(out, l)
		}
	}
	return out
}

func TestTheSyncLogsTheComplianceCheckOncePerRun(t *testing.T) {
	e := newEnv(t, loadDemo(t))
	if _, err := e.run(true); err != nil {
		t.Fatalf("sync: %v\n%s", err, e.logs)
	}
	rep, err := platformsync.Compliance(e.store, langs)
	if err != nil {
		t.Fatal(err)
	}
	// The demo agency has deliberately incomplete listings, and keeps them.
	if rep.Listings != 76 || rep.Missing() == 0 {
		t.Fatalf("report of the demo: %d listings checked, %d missing", rep.Listings, rep.Missing())
	}
	want := fmt.Sprintf("level=INFO msg=\"compliance check\" run=sync full=true listings=76 missing=%d", rep.Missing())
	if got := e.complianceLines(); len(got) != 1 || !strings.Contains(got[0], want) {
		t.Fatalf("compliance log lines %q, want one with %q", got, want)
	}
	for _, l := range langs {
		if c, err := e.store.CountProperties(l); err != nil || c.Sale != 61 || c.Rent != 15 || c.Withdrawn != 0 {
			t.Errorf("%s after the check: %+v, %v; nothing is unpublished", l, c, err)
		}
	}

	t.Run("an incremental run logs it again, once", func(t *testing.T) {
		e.logs.Reset()
		if _, err := e.run(false); err != nil {
			t.Fatal(err)
		}
		if got := e.complianceLines(); len(got) != 1 || !strings.Contains(got[0], fmt.Sprintf("listings=76 missing=%d", rep.Missing())) {
			t.Errorf("compliance log lines %q", got)
		}
	})
	t.Run("a run that commits nothing does not", func(t *testing.T) {
		e.logs.Reset()
		e.platform.Fail(fakeplatform.Truncate().For(platform.MethodPropertyList))
		defer e.platform.Clear()
		if _, err := e.run(true); err == nil {
			t.Fatal("a truncated property list was accepted")
		}
		if got := e.complianceLines(); len(got) != 0 {
			t.Errorf("compliance logged after a refused run: %q", got)
		}
	})
}
